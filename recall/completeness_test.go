package recall

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"hansard/internal/runs"
	"hansard/transcripts"
)

// Keyword completeness on real transcripts: for identifiers picked from
// the development set's homes and the samples, the share of the sessions
// whose transcript holds the word, in text a person or an agent saw or in
// a tool call's input, that a search for the word returns. Which sessions
// hold a word is read from the files here, independently of the parsers:
//
//   - Claude Code: the text, tool_use inputs (every string but old_string)
//     and tool_result contents of user and assistant lines, and of the
//     copies of a subagent's lines in agent_progress lines; not thinking,
//     not toolUseResult (structured copies: originalFile, the whole output
//     behind a preview), not titles; lines copied from another session
//     (another sessionId) belong to that one; "Warmup" sidechains none.
//   - Codex: message texts, reasoning summaries, user_message and
//     agent_message events, call outputs, and call inputs: a patch's paths
//     and added lines, other arguments' strings, a script as written.
//
// A session is returned when the search (subagents and the harness's
// boilerplate included, every page) returns it or one of its subagents (a
// subagent found counts for its main session, whose file holds its
// copies). The share with both left out, as `hansard history` searches by
// default, is held too: there a subagent's session counts as returned when
// its main session is (the hit on the conversation, naming the subagent
// whose work holds the word), and the words that only a harness's
// boilerplate holds are not counted: that text is searched only when
// asked (--include-boilerplate).
//
//	go test ./recall -run TestKeywordCompleteness -v
var sharedDir = filepath.Join("..", "..", "shared")

// completenessFloor is the share the test holds, with subagents and
// boilerplate included and by default.
const completenessFloor = 0.98

func TestKeywordCompleteness(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("indexes the development set")
	}
	corpora := []string{"auth-go", "external-agents", "samples"}
	if _, err := os.Stat(filepath.Join(sharedDir, "devset")); err != nil {
		t.Skipf("no development set at %s", sharedDir)
	}
	// The corpora are indexed together, in the meaning evaluation's
	// archive of real transcripts: each one's words are searched there, at
	// once, among the sessions of all; the figures are added up after.
	type tally struct {
		words, found, wanted, foundDefault, wantedDefault int
		missed                                            []string
	}
	tallies := make([]tally, len(corpora))
	t.Run("corpora", func(t *testing.T) {
		for i, name := range corpora {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				c := openEvalCorpus(t, "real")
				units, err := readUnits(c.homes[name])
				if err != nil {
					t.Fatal(err)
				}
				words := pickWords(units, 30)
				svc := &Service{Archive: c.arch, Location: time.UTC}
				tl := tally{words: len(words)}
				for _, w := range words {
					want := holders(units, w)
					got := searchedSessions(t, svc, w, true)
					byDefault := searchedSessions(t, svc, w, false)
					for _, u := range want {
						if got[u.id] {
							tl.found++
						} else {
							tl.missed = append(tl.missed, w+" in "+shortID(u.id))
						}
						if !u.seen[strings.ToLower(w)] {
							continue // only in boilerplate
						}
						tl.wantedDefault++
						if byDefault[u.id] || u.main != "" && byDefault[u.main] {
							tl.foundDefault++
						} else {
							tl.missed = append(tl.missed, w+" in "+shortID(u.id)+" (by default)")
						}
					}
					tl.wanted += len(want)
				}
				tallies[i] = tl
			})
		}
	})
	if t.Failed() {
		return
	}
	var lines []string
	found, wanted, foundDefault, wantedDefault := 0, 0, 0, 0
	for i, name := range corpora {
		tl := tallies[i]
		found, wanted, foundDefault, wantedDefault = found+tl.found, wanted+tl.wanted, foundDefault+tl.foundDefault, wantedDefault+tl.wantedDefault
		lines = append(lines, fmt.Sprintf("%-16s %2d words  %4d / %4d sessions  %.3f  (by default: %4d / %4d  %.3f)", name, tl.words, tl.found, tl.wanted, ratio(tl.found, tl.wanted), tl.foundDefault, tl.wantedDefault, ratio(tl.foundDefault, tl.wantedDefault)))
		sort.Strings(tl.missed)
		for _, m := range tl.missed {
			t.Logf("%s: not found: %s", name, m)
		}
	}
	lines = append(lines, fmt.Sprintf("%-16s %2s words  %4d / %4d sessions  %.3f  (by default: %4d / %4d  %.3f)", "all", "", found, wanted, ratio(found, wanted), foundDefault, wantedDefault, ratio(foundDefault, wantedDefault)))
	t.Logf("keyword completeness:\n%s", strings.Join(lines, "\n"))
	if r := ratio(found, wanted); r < completenessFloor {
		t.Errorf("keyword completeness %.3f, below %.2f", r, completenessFloor)
	}
	if r := ratio(foundDefault, wantedDefault); r < completenessFloor {
		t.Errorf("keyword completeness by default %.3f, below %.2f", r, completenessFloor)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func shortID(id string) string {
	if len(id) > 13 {
		return id[:8] + "…" + id[len(id)-4:]
	}
	return id
}

// sampleHome lays the samples out as a home folder.
func sampleHome(home string) error {
	root := filepath.Join(sharedDir, "samples")
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		var dst string
		switch parts[0] {
		case "claude":
			dst = filepath.Join(home, ".claude", "projects", "-samples-"+parts[1], parts[len(parts)-1])
		case "codex":
			dst = filepath.Join(home, ".codex", "sessions", "2025", "12", "29", parts[len(parts)-1])
		default:
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o600)
	})
}

// searchedSessions returns the sessions a search for word returns, every
// page, subagents (when included) counted for their main session too.
func searchedSessions(t *testing.T, svc *Service, word string, subagents bool) map[string]bool {
	t.Helper()
	return searchedSessionsBeyond(t, svc, word, subagents, -1)
}

// searchedSessionsBeyond is searchedSessions, except that it stops reading
// pages once more than limit sessions are found (a negative limit reads
// them all): a caller asking whether a word is common needs no more. Its
// pages then hold limit+1 sessions (at most 100): a full one already
// holds more than limit, and one that is not is the last.
func searchedSessionsBeyond(t *testing.T, svc *Service, word string, subagents bool, limit int) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	// The harness's boilerplate (project instructions, tool lists) is text
	// the agent saw too; a search reads it only when asked.
	req := SearchRequest{Query: word, IncludeSubagents: subagents, IncludeBoilerplate: subagents, Limit: 100}
	if limit >= 0 {
		req.Limit = min(req.Limit, limit+1)
	}
	for {
		resp, err := svc.Search(context.Background(), req)
		if err != nil {
			t.Fatalf("search %s: %v", word, err)
		}
		for _, h := range resp.Hits {
			got[h.SessionID] = true
			if root, _, ok := strings.Cut(h.SessionID, "/"); ok {
				got[root] = true
			}
		}
		if resp.Next == "" || (limit >= 0 && len(got) > limit) {
			return got
		}
		req.Cursor = resp.Next
	}
}

// unit is one session's transcript: its id and the tokens (lower case) of
// what was seen and of tool inputs, with the identifiers as written; seen
// holds those outside the harness's boilerplate. main is the session a
// subagent's worked for.
type unit struct {
	id     string
	main   string
	tokens map[string]bool
	seen   map[string]bool
	idents map[string]bool
}

// Boilerplate, as a harness injects it: <system-reminder> blocks (an
// unclosed one runs to the end), and whole texts that begin with a
// preamble's tag (Codex's permissions, environment and instructions;
// Claude Code's caveat before local command output).
var (
	reminderRe = regexp.MustCompile(`(?s)<system-reminder>.*?(</system-reminder>|$)`)
	preambleRe = regexp.MustCompile(`^\s*(<(permissions[ _]instructions|environment_context|user_instructions|INSTRUCTIONS|developer_instructions|apps_instructions|collaboration_mode|world_state|skills_instructions|local-command-caveat)>|# AGENTS\.md instructions|Caveat: The messages below were generated)`)
)

var uuidRe = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// readUnits reads every transcript of home.
func readUnits(home string) ([]*unit, error) {
	var out []*unit
	err := filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		var u *unit
		switch {
		case strings.Contains(p, "/.claude/projects/"):
			u, err = readClaude(p)
		case strings.Contains(p, "/.codex/"):
			u, err = readCodex(p)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if u != nil && len(u.tokens) > 0 {
			out = append(out, u)
		}
		return nil
	})
	return out, err
}

func (u *unit) add(text string) {
	toks := textTokens(text)
	for _, tok := range toks {
		u.tokens[strings.ToLower(tok)] = true
		if isIdentifier(tok) {
			u.idents[tok] = true
		}
	}
	if preambleRe.MatchString(text) {
		return
	}
	// Most texts hold no reminder: their tokens are those just found.
	if strings.Contains(text, "<system-reminder>") {
		toks = textTokens(reminderRe.ReplaceAllString(text, "\n"))
	}
	for _, tok := range toks {
		u.seen[strings.ToLower(tok)] = true
	}
}

// addTexts adds the text of each block of a list ([{"text": …}, …]).
func (u *unit) addTexts(blocks any) {
	list, _ := blocks.([]any)
	for _, x := range list {
		b, _ := x.(map[string]any)
		t, _ := b["text"].(string)
		u.add(t)
	}
}

func newUnit(id string) *unit {
	return &unit{id: id, tokens: map[string]bool{}, seen: map[string]bool{}, idents: map[string]bool{}}
}

// eachLine calls fn with every JSON object line of path.
func eachLine(path string, fn func(map[string]any)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		var v map[string]any
		if json.Unmarshal(line, &v) == nil {
			fn(v)
		}
		if err != nil {
			return nil
		}
	}
}

func readClaude(path string) (*unit, error) {
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	var lines []map[string]any
	if err := eachLine(path, func(v map[string]any) { lines = append(lines, v) }); err != nil {
		return nil, err
	}
	own := uuidRe.FindString(base)
	if own == "" {
		for _, l := range lines {
			if s, _ := l["sessionId"].(string); s != "" {
				own = s
			}
		}
	}
	if strings.HasPrefix(base, "agent-") {
		root := own
		if parts := strings.Split(filepath.ToSlash(path), "/"); len(parts) > 3 && parts[len(parts)-2] == "subagents" {
			root = parts[len(parts)-3]
		}
		for _, l := range lines {
			if s, _ := l["sessionId"].(string); s != "" && root == "" {
				root = s
			}
		}
		if isWarmupFile(lines) {
			return nil, nil
		}
		own = root + "/" + base
		u := newUnit(own)
		u.main = root
		for _, l := range lines {
			claudeSeen(u, l)
		}
		return u, nil
	}
	u := newUnit(own)
	for _, l := range lines {
		if s, _ := l["sessionId"].(string); s != "" && s != own {
			continue // copied history of another session
		}
		if l["type"] == "progress" {
			if d, _ := l["data"].(map[string]any); d != nil && d["type"] == "agent_progress" {
				if m, _ := d["message"].(map[string]any); m != nil {
					claudeSeen(u, m)
				}
			}
			continue
		}
		claudeSeen(u, l)
	}
	return u, nil
}

func isWarmupFile(lines []map[string]any) bool {
	for _, l := range lines {
		if l["type"] != "user" {
			continue
		}
		m, _ := l["message"].(map[string]any)
		switch c := m["content"].(type) {
		case string:
			return strings.TrimSpace(c) == "Warmup"
		case []any:
			if len(c) == 1 {
				b, _ := c[0].(map[string]any)
				t, _ := b["text"].(string)
				return strings.TrimSpace(t) == "Warmup"
			}
		}
		return false
	}
	return false
}

// claudeSeen adds what a user or assistant line shows: text, tool inputs
// but the replaced text, tool results; not thinking, not toolUseResult.
func claudeSeen(u *unit, l map[string]any) {
	if l["type"] != "user" && l["type"] != "assistant" {
		return
	}
	m, _ := l["message"].(map[string]any)
	switch c := m["content"].(type) {
	case string:
		u.add(c)
	case []any:
		for _, b := range c {
			blk, _ := b.(map[string]any)
			switch blk["type"] {
			case "text":
				t, _ := blk["text"].(string)
				u.add(t)
			case "tool_use":
				in, _ := json.Marshal(blk["input"])
				u.add(transcripts.JSONStrings(in, func(k string) bool { return k == "old_string" }))
			case "tool_result":
				if rc, ok := blk["content"].(string); ok {
					u.add(rc)
				} else {
					u.addTexts(blk["content"])
				}
			}
		}
	}
}

func readCodex(path string) (*unit, error) {
	var u *unit
	err := eachLine(path, func(l map[string]any) {
		p, _ := l["payload"].(map[string]any)
		if p == nil {
			return
		}
		if l["type"] == "session_meta" {
			if id, _ := p["id"].(string); id != "" && u == nil {
				u = newUnit(id)
				u.main = codexParent(p)
			}
			return
		}
		if u == nil {
			return
		}
		switch p["type"] {
		case "message":
			u.addTexts(p["content"])
		case "reasoning":
			u.addTexts(p["summary"])
		case "user_message", "agent_message":
			t, _ := p["message"].(string)
			u.add(t)
		case "function_call":
			args, _ := p["arguments"].(string)
			u.add(codexInput([]byte(args)))
		case "custom_tool_call":
			in, _ := p["input"].(string)
			u.add(codexInput([]byte(in)))
		case "function_call_output", "custom_tool_call_output":
			switch o := p["output"].(type) {
			case string:
				u.add(o)
			default:
				b, _ := json.Marshal(o)
				u.add(transcripts.JSONStrings(b, nil))
			}
		}
	})
	return u, err
}

// codexParent returns the thread that spawned a Codex subagent, from its
// session_meta payload ("" for a main session).
func codexParent(meta map[string]any) string {
	v := any(meta)
	for _, k := range []string{"source", "subagent", "thread_spawn", "parent_thread_id"} {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	s, _ := v.(string)
	return s
}

// codexInput is what a Codex call's input gives: a patch's paths and
// added lines, else the strings of JSON arguments, else the text.
func codexInput(in []byte) string {
	s := string(in)
	if strings.Contains(s, "*** Begin Patch") {
		var args map[string]any
		if json.Unmarshal(in, &args) == nil {
			s = transcripts.JSONStrings(in, nil)
		}
		var out []string
		for _, part := range strings.Split(s, "*** Begin Patch") {
			out = append(out, transcripts.PatchAddedText(part))
		}
		return strings.Join(out, "\n")
	}
	if len(s) > 0 && s[0] == '{' {
		return transcripts.JSONStrings(in, nil)
	}
	return s
}

// textTokens returns the words of text as written: the runs of letters,
// numbers and '_' (what the regular expression [\p{L}\p{N}_]+ matches,
// found by one loop over the runes, several times faster).
func textTokens(text string) []string {
	var out []string
	for start, end := range runs.Of(text, func(r rune) bool {
		return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
	}) {
		out = append(out, text[start:end])
	}
	return out
}

// isIdentifier reports whether a token reads as a code identifier: at
// least 8 characters, letters in it, and either a lower-case letter
// followed by an upper-case one (CamelCase) or an inner '_' between
// letters; not mostly digits (ids, hashes).
func isIdentifier(tok string) bool {
	if len(tok) < 8 || len(tok) > 40 {
		return false
	}
	digits, letters := 0, 0
	camel, snake := false, false
	rs := []rune(tok)
	for i, r := range rs {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
			if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rs[i-1]) {
				camel = true
			}
		case r == '_' && i > 0 && i < len(rs)-1 && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]):
			snake = true
		}
	}
	return (camel || snake) && digits*4 < len(rs) && letters > 0
}

// pickWords picks n identifiers held by at least two sessions, spread
// over how many sessions hold them (from the most held down), the same
// for any build of hansard: they come from the files only.
func pickWords(units []*unit, n int) []string {
	df := map[string]int{}
	forms := map[string]string{}
	for _, u := range units {
		seen := map[string]bool{}
		for id := range u.idents {
			k := strings.ToLower(id)
			if !seen[k] {
				seen[k] = true
				df[k]++
			}
			if f, ok := forms[k]; !ok || id < f {
				forms[k] = id
			}
		}
	}
	var cands []string
	for k, c := range df {
		if c >= 2 {
			cands = append(cands, k)
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if df[cands[i]] != df[cands[j]] {
			return df[cands[i]] > df[cands[j]]
		}
		return cands[i] < cands[j]
	})
	if len(cands) <= n {
		n = len(cands)
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, forms[cands[i*len(cands)/n]])
	}
	return out
}

// holders returns the sessions whose transcript holds word.
func holders(units []*unit, word string) []*unit {
	k := strings.ToLower(word)
	var out []*unit
	for _, u := range units {
		if u.tokens[k] {
			out = append(out, u)
		}
	}
	return out
}
