package recall

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"hansard/archive"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// Token budgets of code_history and work_context.
const (
	DefaultTokenBudget = 4000
	MinTokenBudget     = 200
	MaxTokenBudget     = 100000
)

// CodeHistoryRequest asks for the history of a file, a line of it, or one
// of its symbols.
type CodeHistoryRequest struct {
	// Path is PATH or PATH:LINE, relative to the caller's folder (or to
	// the root of Repo when it is set), or absolute.
	Path string `json:"path"`
	// Symbol narrows the history to one function, class or method of the
	// file, as a user writes it (Server.Handle, parse_args).
	Symbol string `json:"symbol,omitempty"`
	// TokenBudget caps the size of the whole result (DefaultTokenBudget
	// when 0).
	TokenBudget int `json:"token_budget,omitempty"`
	// Repo selects another repository (its root or name).
	Repo string `json:"repo,omitempty"`
	// Until hides evidence after this time (a day or an RFC 3339 time);
	// refused with a line or a symbol, which read current code.
	Until string `json:"until,omitempty"`
	// NoMemories leaves the memory citations out (a server without the
	// memory tools).
	NoMemories bool `json:"-"`
}

// CodeHistoryResponse is the history of a file: the conversations that
// edited it, newest first, with what they did to it.
type CodeHistoryResponse struct {
	Notice string `json:"notice"`
	Repo   string `json:"repo"`
	// Path is the file, relative to Repo; Paths are the earlier paths it
	// had (renames and copies git follows), newest first.
	Path  string   `json:"path"`
	Paths []string `json:"paths,omitempty"`
	Line  int      `json:"line,omitempty"`
	// Symbol is the symbol the history was narrowed to.
	Symbol *SymbolRange `json:"symbol,omitempty"`
	// Attribution is the answer of `why` for Line.
	Attribution *provenance.Attribution `json:"attribution,omitempty"`
	// Sessions are the conversations that edited the file, the one whose
	// edit was latest first.
	Sessions []HistorySession `json:"sessions"`
	// Importers are the files of the repository that import the file.
	Importers []HistoryImporter `json:"importers,omitempty"`
	// Memories are the lines of archived memories that govern the file
	// (they name it, its folder, its extension or its language), ranked
	// below the direct evidence: kept only when all of it fits.
	Memories []MemoryCitation `json:"memories,omitempty"`
	// Notes say what could not be read (symbols without cgo, skipped
	// files, edits or commits past the limits).
	Notes []string `json:"notes,omitempty"`
	Until string   `json:"until,omitempty"`
	// Tokens is the size of the result as counted against TokenBudget;
	// Truncated counts the entries left out to stay within it.
	TokenBudget int `json:"token_budget"`
	Tokens      int `json:"tokens"`
	Truncated   int `json:"truncated"`
}

// SymbolRange is a symbol of the current file and its lines.
type SymbolRange struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
}

// HistorySession is one conversation in a file's history.
type HistorySession struct {
	SessionID      string `json:"session_id"`
	Provider       string `json:"provider"`
	Title          string `json:"title"`
	StartedAtLocal string `json:"started_at_local"`
	// Live is set for a transcript still being written.
	Live bool `json:"live,omitempty"`
	// Edits are its edits of the file, in order.
	Edits []HistoryEdit `json:"edits"`
	// Commits are the commits that carried those edits, oldest first.
	Commits []HistoryCommit `json:"commits,omitempty"`
	// Reverts are the undoings of its edits: by a git revert, by a later
	// commit that removed their lines, or by a later session's edit.
	Reverts []HistoryRevert `json:"reverts,omitempty"`
	// Tests are the test runs of the session that failed, with the run
	// that passed afterwards when there is one.
	Tests []HistoryTest `json:"tests,omitempty"`

	latest time.Time // its latest edit of the file
}

// HistoryEdit is one archived edit of the file.
type HistoryEdit struct {
	MessageIndex int    `json:"message_index"`
	Tool         string `json:"tool"`
	Path         string `json:"path"` // the path it edited (an earlier one before a rename)
	TimeLocal    string `json:"time_local"`
	LinesAdded   int    `json:"lines_added"`
	LinesRemoved int    `json:"lines_removed"`
	// Commit is the commit that carried its lines; Uncommitted is set when
	// none did and its lines are in the working tree.
	Commit      string `json:"commit,omitempty"`
	Uncommitted bool   `json:"uncommitted,omitempty"`
	// Attributed is set for an entry that is not an edit of the file but
	// what why answers for some of its lines (proven, possible,
	// conflicting, uncommitted): a shell command, a commit the session
	// made itself, text written into another file; or moved, for the edit
	// of another file that first wrote lines a later edit moved or copied
	// into this one. Lines counts them.
	Attributed string `json:"attributed,omitempty"`
	Lines      int    `json:"lines,omitempty"`
}

// HistoryCommit is a commit that carried a session's edits.
type HistoryCommit struct {
	Commit    string `json:"commit"`
	Summary   string `json:"summary"`
	TimeLocal string `json:"time_local"`
}

// Revert kinds.
const (
	RevertGit     = "git_revert" // a git revert of the commit that carried the edit
	RevertRemoved = "removed"    // a later commit removed the lines the edit introduced
	RevertUndone  = "undone"     // a later session's edit removed them
)

// HistoryRevert says that an edit was undone, and by what.
type HistoryRevert struct {
	Kind string `json:"kind"`
	// MessageIndex is the undone edit's.
	MessageIndex int `json:"message_index"`
	// Commit undid it (git_revert, removed); RevertedCommit is the commit
	// a git revert reverted.
	Commit         string `json:"commit,omitempty"`
	RevertedCommit string `json:"reverted_commit,omitempty"`
	// SessionID and UndoMessageIndex name the edit that undid it (undone).
	SessionID        string `json:"session_id,omitempty"`
	UndoMessageIndex *int   `json:"undo_message_index,omitempty"`
}

// Test outcomes.
const (
	TestFixed   = "fixed"   // failed, then the file was edited, then the same test passed
	TestFlaky   = "flaky"   // failed, then passed with no edit between
	TestFailing = "failing" // failed and did not pass again in the session
)

// HistoryTest is a failing test run of a session and what followed.
type HistoryTest struct {
	Command            string `json:"command"`
	Outcome            string `json:"outcome"`
	FailedMessageIndex int    `json:"failed_message_index"`
	PassedMessageIndex *int   `json:"passed_message_index,omitempty"`
	// FixMessageIndexes are the edits between the two runs (fixed).
	FixMessageIndexes []int `json:"fix_message_indexes,omitempty"`
}

// HistoryImporter is a file that imports the file.
type HistoryImporter struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Import string `json:"import"`
}

// liveWindow: a session whose transcript was written this recently is live.
const liveWindow = 10 * time.Minute

func (r CodeHistoryRequest) budget() (int, error) {
	return checkBudget(r.TokenBudget)
}

func checkBudget(n int) (int, error) {
	switch {
	case n == 0:
		return DefaultTokenBudget, nil
	case n < MinTokenBudget || n > MaxTokenBudget:
		return 0, invalidArgf("token_budget", "token_budget must be from %d to %d", MinTokenBudget, MaxTokenBudget)
	}
	return n, nil
}

// CodeHistory answers a CodeHistoryRequest, reading new transcripts first.
// A relative path is taken from the root of req.Repo when it names one,
// else from scope.Dir. A line is answered as Why answers it, with the
// history of the sessions of its edit and chain; a symbol narrows the
// history to the edits that touched its lines.
func (h *Host) CodeHistory(ctx context.Context, req CodeHistoryRequest, scope Scope) (CodeHistoryResponse, error) {
	budget, err := req.budget()
	if err != nil {
		return CodeHistoryResponse{}, err
	}
	loc, err := ParseFileLocation(req.Path)
	if err != nil {
		return CodeHistoryResponse{}, invalidArg("path", err.Error())
	}
	if loc.Start != loc.End {
		return CodeHistoryResponse{}, invalidArg("path", "want PATH or PATH:LINE, not a range of lines")
	}
	if loc.Symbol != "" { // PATH:NAME is the symbol NAME of PATH
		if req.Symbol != "" && req.Symbol != loc.Symbol {
			return CodeHistoryResponse{}, invalidArgf("symbol", "path names the symbol %s and symbol %s", loc.Symbol, req.Symbol)
		}
		req.Symbol = loc.Symbol
	}
	if req.Until != "" && (loc.Start > 0 || req.Symbol != "") {
		return CodeHistoryResponse{}, invalidArg("until", "until cannot be combined with a line or a symbol: they read the current code")
	}
	var until time.Time
	if req.Until != "" {
		r, err := ParseTimeRange("", req.Until, h.loc(), h.now())
		if err != nil {
			return CodeHistoryResponse{}, err
		}
		until = r.Until
	}
	a, err := h.Fresh(ctx)
	if err != nil {
		return CodeHistoryResponse{}, err
	}
	abs, err := h.locate(ctx, a, loc.Path, req.Repo, scope.Dir)
	if err != nil {
		return CodeHistoryResponse{}, err
	}
	repo, err := openFileRepo(abs, loc.Path, "path", true)
	if err != nil {
		return CodeHistoryResponse{}, historyError(loc.Path, err)
	}
	rel, err := repo.Rel(abs)
	if err != nil {
		return CodeHistoryResponse{}, historyError(loc.Path, err)
	}
	if _, err := h.keptAttachHere(ctx, a, repo.Root); err != nil {
		return CodeHistoryResponse{}, err
	}
	resp := CodeHistoryResponse{Notice: EvidenceNotice, Repo: repo.Root, Path: rel, Line: loc.Start, TokenBudget: budget}
	// The importers are searched meanwhile, on the other cores.
	importers := make(chan historyImporters, 1)
	if resp.Line == 0 {
		ictx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			imps, notes := h.importersOf(ictx, repo, rel)
			importers <- historyImporters{imps, notes}
		}()
	}
	if !until.IsZero() {
		resp.Until = LocalTime(until, h.loc())
	}
	// The evidence of a whole file, unless it changed, is kept from the
	// last time (from the second question on): a line or a symbol reads
	// it again.
	var state historyState
	var fh *fileHistory
	kept, hit := false, false
	if h.histories.again() && loc.Start == 0 && req.Symbol == "" {
		if state, kept = historyStateOf(ctx, a, repo, abs, until); kept {
			fh, hit = h.histories.get(repo.Root, rel, state)
		}
	}
	// why's answers for the whole file are read meanwhile too: they do
	// not depend on the history, and a new process reads them from the
	// archive while it reads the commits and the edits. Bare: the history
	// shows none of the assistant's words they would carry.
	var whole chan whyAnswer
	if !hit && loc.Start == 0 && req.Symbol == "" && until.IsZero() {
		whole = make(chan whyAnswer, 1)
		go func() {
			why, err := h.Why(ctx, WhyRequest{Location: abs, Bare: true})
			whole <- whyAnswer{why, err}
		}()
	}
	if !hit {
		fh, err = h.fileHistory(ctx, a, repo, rel, abs, until)
		if err != nil {
			if whole != nil {
				<-whole
			}
			return CodeHistoryResponse{}, historyError(loc.Path, err)
		}
	}
	resp.Paths = fh.oldPaths()
	var keep func(sessionEdit) bool
	switch {
	case hit:
	case whole != nil:
		// The moved lines are looked up while why still reads; its
		// answers come first.
		fh.addMoved(ctx, nil, 0, nil)
		why := <-whole
		if why.err != nil {
			return CodeHistoryResponse{}, why.err
		}
		fh.answers = append(why.resp.Answers, fh.answers...)
	case loc.Start > 0:
		why, err := h.Why(ctx, WhyRequest{Location: abs + ":" + strconv.Itoa(loc.Start)})
		if err != nil {
			return CodeHistoryResponse{}, err
		}
		at := why.Answers[0]
		resp.Attribution = &at
		fh.answers = why.Answers
		keep = inAnswers(why.Answers)
	case req.Symbol != "":
		sym, answers, err := h.symbolAnswers(ctx, abs, req.Symbol)
		if err != nil {
			return CodeHistoryResponse{}, err
		}
		resp.Symbol = &SymbolRange{Name: sym.Qualified, Kind: string(sym.Kind), StartLine: sym.StartLine, EndLine: sym.EndLine}
		fh.answers = answers
		keep = touchesSymbol(answers, fh.symbolKeys(ctx, sym))
	}
	if !hit {
		if whole == nil {
			fh.addMoved(ctx, keep, resp.Line, resp.Symbol)
		}
		// Kept only when nothing changed while it was read (this
		// question's own writes to the archive included: the next one
		// keeps it then).
		if after, ok := historyStateOf(ctx, a, repo, abs, until); kept && ok && after == state {
			h.histories.put(repo.Root, rel, state, fh)
		}
	}
	resp.Sessions, err = fh.sessions(ctx, keep)
	if err != nil {
		return CodeHistoryResponse{}, historyError(loc.Path, err)
	}
	if resp.Line == 0 {
		imps := <-importers
		resp.Importers, resp.Notes = imps.importers, imps.notes
	}
	// fh may be kept: its notes are copied, not appended to.
	resp.Notes = slices.Concat(fh.notes, resp.Notes, h.saveSymbols())
	fitHistory(&resp)
	if !req.NoMemories {
		resp.addMemories(h.citeMemories(ctx, a, repo.Root, []string{rel}, until, resp.Tokens, budget, resp.Truncated > 0))
	}
	return resp, nil
}

// whyAnswer is what Why answers.
type whyAnswer struct {
	resp WhyResponse
	err  error
}

// historyImporters is what importersOf answers.
type historyImporters struct {
	importers []HistoryImporter
	notes     []string
}

// fileHistory gathers the evidence of the file rel of repo (at abs).
func (h *Host) fileHistory(ctx context.Context, a *archive.Archive, repo *gitrepo.Repo, rel, abs string, until time.Time) (*fileHistory, error) {
	fh := &fileHistory{host: h, arch: a, repo: repo, root: repo.Root, rel: rel, abs: abs, until: until}
	return fh, fh.collect(ctx)
}

// openFileRepo opens the repository of the file at abs (shown as named);
// with exist, a file that is missing or a folder is an invalid_argument
// error on field.
func openFileRepo(abs, shown, field string, exist bool) (*gitrepo.Repo, error) {
	repo, err := gitrepo.Open(filepath.Dir(abs))
	if err != nil {
		return nil, err
	}
	if exist {
		if fi, err := os.Stat(abs); err != nil {
			return nil, invalidArgf(field, "%s: no such file", shown)
		} else if fi.IsDir() {
			return nil, invalidArgf(field, "%s is a folder: want a file", shown)
		}
	}
	return repo, nil
}

// locate returns the absolute path of a file named relative to the root
// of the repository repoName (when set) or to dir.
func (h *Host) locate(ctx context.Context, a *archive.Archive, path, repoName, dir string) (string, error) {
	if filepath.IsAbs(path) {
		return filepath.Clean(path), nil
	}
	if repoName != "" {
		roots, err := a.RepoRoots(ctx)
		if err != nil {
			return "", internal("list repositories", err)
		}
		root, err := resolveRepo(repoName, roots)
		if err != nil {
			return "", err
		}
		return filepath.Join(root, path), nil
	}
	if dir == "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return "", internal("resolve "+path, err)
		}
		return abs, nil
	}
	return filepath.Join(dir, path), nil
}

// historyError is whyError with the field named path.
func historyError(path string, err error) error {
	err = whyError(path, "", err)
	var e *Error
	if errors.As(err, &e) && e.Field == "location" {
		c := *e
		c.Field = "path"
		return &c
	}
	return err
}

// inAnswers keeps the edits an answer names: its edit, its candidates and
// its chain.
func inAnswers(answers []provenance.Attribution) func(sessionEdit) bool {
	named := map[provenance.EditKey]bool{}
	for _, a := range answers {
		if a.Edit != nil {
			named[a.Edit.Key()] = true
		}
		for _, r := range slices.Concat(a.Candidates, a.Chain) {
			named[r.Key()] = true
		}
	}
	return func(e sessionEdit) bool { return named[e.key()] }
}
