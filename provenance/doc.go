// Package provenance lays hansard's edit ledger over git blame to answer
// which archived conversation wrote a line of code.
//
// Main types: LedgerEntry and LedgerLine (the ledger) with Tracker (file
// contents through edits), Attributor (the engine: Attribute over a blamed
// file, Why over a repository for a Query), Attribution with CommitInfo
// and EditRef (the answer, whose JSON is the stable schema of `hansard why
// --json`; Runs groups consecutive lines with the same answer and a reason
// that holds for all of them), CommitFinder (the sessions whose edits
// wrote a commit's lines), ShellRun (a shell command that explains what no
// edit does), FindAutoMaps with AutoMap (path maps found from the git
// state agents recorded). Git is reached only through the gitrepo
// subpackage; the stored git log is the gitlog subpackage's.
//
// The Attributor's dependencies are its fields, each a small interface:
// Ledger (required: Candidates and Describe), Prefetcher (looks lines up
// while git blames), ShellLog (the shell commands of a repository's
// sessions), FileHistory (a file's history at HEAD without git log) and
// Cache (blames and answers). A nil field is not available: no shell
// command explains a line, histories come from git, nothing is kept.
// MemStore is a Ledger, ShellLog and Cache in memory; ArchiveAdapters
// gives each over the archive (ArchiveLedger, ArchiveShell, gitlog.Log,
// ArchiveCache), and its Attributor wires them with the archive's
// redaction.
//
// # Ledger
//
// Every successful edit (NewEntry; failed and pending edits are not
// evidence) becomes one LedgerEntry per file: repository root, repo-relative
// path (the destination of a move), session, provider, message index, tool
// call id, seq, tool, time, and the lines it introduced (Introduced):
//   - a patch with hunks introduced its '+' lines (a Claude Code patch
//     line carries the text the call wrote: see the claude provider);
//   - otherwise the new text is diffed by lines (go-diff line mode) against
//     the old text: an Edit's old_string, a Write's previous file content
//     when the transcript or the caller knows it; inserted lines are
//     introduced, the context repeated from old_string is not;
//   - an append (a here-document added to a file) introduced every line it
//     added;
//   - a creation, or a whole-file write of unknown prior content, introduced
//     all of its lines, unless the file's earlier content is known; a
//     delete or a pure move introduced none.
//
// Tracker follows file contents through the edits of a repository in time
// order (seeded, when the caller wants, from git at the time of an edit:
// SeedFromGit, with gitrepo's CommitBefore and Blob), so that such a write
// is diffed against what the earlier edits left or what git held: a Claude
// Code Write whose originalFile is null (a creation to the agent) is an
// update as often as not, so no whole-file write counts every line as
// introduced while the file's previous content can be known
// (NeedsPrevious).
//
// Each line keeps its text, its key (NormalizeKey: whitespace runs collapsed
// to one space, ends trimmed), its position in the edit's new text, and
// whether it is common (IsTrivial: blank, punctuation only, or fewer than
// four identifier characters outside keywords and literals such as return,
// nil, else, end). LedgerVersion changes with these rules.
//
// # Matching a line
//
// Blame (plain git blame --porcelain, which follows whole-file renames
// only) gives each line the commit that put it in this file and the path
// it had there. Move and copy detection is not used first: on real
// repositories it sends boilerplate an agent typed again, or code it
// extracted into a new file, to the first copy's commit, before the edit
// that wrote it here. The lines of a file that blame puts in the same
// commit form that commit's block, in file order. The file's lineage is the
// blamed path, every path blame reports, and every path of its followed
// history; a path the file had before a rename or copy counts only for
// edits up to that commit's committer time plus the clock slack (after a
// copy, what is written to the source is not in this file).
//
// A substantive line's candidates are the ledger entries of the same
// repository, to a path of the lineage, with an introduced line of the same
// key, whose time is not after the commit's committer time plus the clock
// slack (DefaultSlack; any time for uncommitted lines). Text written only to
// other files is not evidence on its own: when no edit explains a line in
// the plain blame's commit, an edit to another file introduced its text
// before that commit, and that commit changed another file too (git finds
// copies only in files the commit changed), the line's move or copy origin
// is asked of git (FileBlame.Origins: git blame -M200 -C40 of the runs of
// such lines, through the commits since that edit less the slack), and the
// line is decided again with the origin's commit and path (the path
// counting as lineage for that line). It keeps the answer only if the
// origin's edits explain it with an introduced line that no line answered
// from the plain blame holds.
//
// Each candidate is scored by context: starting from the entry's line that
// matches, the block's neighbouring lines (up to 12 on either side) are
// matched in order against the entry's introduced lines, skipping at most 3
// unmatched lines in a row on either side (on the entry's side also as many
// lines as other commits hold between two lines of the block); the score
// counts the substantive lines matched, the line itself included. The
// highest score wins; among equals, exact text beats whitespace-only
// matches, and edits before the commit beat edits within the slack after it.
// The winners are kept only when their match is supported: the lines matched
// around the line include one whose key a single session ever introduced, or
// no substantive line of the commit's block within 12 lines is left
// unexplained (recurring text such as `defer f.Close()` in a person's new
// block is thus not credited to whoever wrote it elsewhere). If the
// remaining candidates are from one session, its latest edit is the answer.
// If they span several sessions, those made after the file's previous commit
// (by author time) are kept when any are; if one session remains it is the
// answer, else the line is conflicting and every session's latest edit is
// listed.
//
// A common line is never matched on its text. It is attributed only by
// position: the nearest substantive line of the same commit's block, through
// consecutive lines, was attributed to a single edit, and the lines from
// there to the common line are, key for key, consecutive introduced lines of
// that edit (consecutive positions in its new text). Next to a conflicting
// line, it is conflicting when every candidate passes that test.
//
// Context looks ahead on the edit's side no further than its own positions
// allow: two matched lines of an edit are at most as far apart in its new
// text as the lines of the file between them (plus the skip), so a line
// does not borrow context from another part of the edit.
//
// An introduced line explains at most one line of the file (unless the
// edit replaced every occurrence). When several lines claim it (a person
// pasted a copy of what the edit wrote, the session wrote the text several
// times, or blank lines and braces recur side by side), the lines that
// claim the text of that session are assigned the session's introductions
// of it (every occurrence in every entry of the session that qualifies for
// the line; of text other sessions wrote too, only an occurrence whose
// context explains another line of the block, when the line's own match
// does) that no other line holds, never more lines than introductions:
// the lines of older commits first (a copy is never older than what it
// copies), and among one commit's lines those whose order agrees with more
// of the other lines their edit explains. When the introductions left are
// fewer than the lines of a commit that agree equally, none of those
// lines, nor any served after them, is credited.
//
// # Lines no edit explains: shell commands
//
// Last, when the Attributor has a ShellLog, each committed line still without
// an answer (not one git found copied from another file) is looked up among
// the archived shell commands of the repository's sessions (ShellRun,
// NewShellRun): the commands that rewrite files in place without their
// text being recorded (transcripts.ShellRewrites: sed -i, perl -i, gofmt
// -w, goimports -w, go fix, go fmt, mv, git mv, a python or node script
// that writes a file it names, find -exec or xargs running one of these)
// and those that make a git commit (transcripts.GitCommit), when they
// succeeded. A session that rewrote a path of the file's lineage after the
// file's previous commit (by author time) and not after the line's commit
// (plus the clock slack) makes the line possible, naming its latest such
// command (Tool "shell", the call and message of the command); several
// such sessions make it conflicting. Else a session that made the commit
// itself (git printed the commit's id, or the command's message is the
// commit's summary and it ran within the slack of the commit's author
// time) makes it possible, unless another session's edit explains a line
// of the same commit in the file or introduced this line's text to the
// lineage before the commit. The reason names the command. The archive
// parses what a command rewrites and commits once, when it stores it
// (shell_writes), and gives the commands that rewrite a folder, a file of
// the same name as a path of the lineage, or make a commit.
//
// # Lines no edit explains: trailers
//
// After that, when the Attributor has a TrailerLog, each committed line
// still without an answer is credited to the archived session a trailer of
// its commit names (TrailerSession: the trailer's value holds the
// session's id, a UUID alone, in a link or a file name, or another
// provider's id as a word of its own; `Session-Id: <uuid>`,
// `Claude-Session: …`, `Codex-Session: …`), as possible, when the session
// started before the commit (plus the clock slack), unless another
// session's edit explains a line of the same commit in the file or
// introduced this line's text to the lineage. It names the session's last
// message before the commit (Tool "trailer") and the reason quotes the
// trailer; several sessions make the line conflicting. The trailers are
// those the stored git log keeps with each commit (gitlog.Log.Trailers):
// no git runs for them. Edits stay the only ground for proven.
//
// # Statuses
//
//   - uncommitted: a working-tree line (blame's all-zero commit, or a file
//     git does not track yet) matched.
//   - proven: exact text, an edit to the file or a path it had through
//     renames, not after the commit.
//   - possible: matched, with the reasons given: whitespace-only match, a
//     line git found moved or copied from another file (not a rename of this
//     one), an edit to a file git found this one copied from, or an edit
//     within the clock slack after the commit; or no edit explains it and
//     a session's shell command rewrote the file or made the commit
//     (above).
//   - conflicting: several sessions tie (or rewrote the file with shell
//     commands); Candidates lists them, Edit is nil.
//   - none: no candidate, recurring text without support, a line losing
//     the session's introductions of its text to other lines, or a common
//     line without positional evidence. Of a line with no candidate, the
//     reason names what came closest, the most informative first: its move
//     or copy origin when git found one that no edit explains either (with
//     what is said of the origin), edits of other files before the commit
//     (the line was likely moved or copied from there), edits of this file
//     only after the commit, edits of other files only after it, else no
//     edit at all.
//
// # The archive
//
// ArchiveAdapters are the Attributor's dependencies over hansard's archive
// (all SQL stays in the archive package), one adapter per thing served:
// ArchiveLedger (archive_ledger.go, archive_prefetch.go) reads the ledger
// and describes edits, ArchiveShell (archive_shell.go) reads shell
// commands, gitlog.Log gives file histories from the stored git log, and
// ArchiveCache (archive_cache.go, archive_matches.go) keeps blames and
// answers. Each takes the archive's own redaction
// (archive.Archive.Redaction), the one source of it. UpdateLedger keeps the archive's ledger tables
// in step with its edits: the archive notes which files' edits changed, and
// only those files are replayed through a Tracker (seeded from git for a
// file no edit wrote before); when nothing changed it costs one query, and
// a new LedgerVersion rebuilds the ledger whole. Candidates is one query by
// key hash per file; Prefetch runs it (and Describe of what it finds) while
// git blames. Cached blames and answers are kept redacted (a file's lines
// as one text, so that each line of a private key is; commit summaries
// too), answers per ledger generation of the repository (which also moves
// when a shell command is archived). With
// Attributor.Redact set (ArchiveAdapters.Attributor sets it), answers carry the line's text redacted with the
// lines around it and the commit's summary redacted.
//
// # Answering a question
//
// Why reads the file (the working tree's, or a revision's blob) and names
// its blame by commit, and for the working tree by HEAD and the content's
// hash. With a Cache it looks the answers up under that name, the
// settings and the repository's ledger generation: the whole file's, or
// for some lines the answers of the lines asked so far (kept apart, and
// merged as more lines are asked). On a miss it starts git: the file's
// followed history (at HEAD, read from the archive's copy of the
// repository's git log, which History keeps up to HEAD: see below), and
// its blame: for lines whose text (for a common line, its neighbours' text)
// stands nowhere else in the file, the blame of their window, settled
// (gitrepo's BlameSettled stops once they are attributed, which costs about
// what blaming them alone costs); else the whole file's blame read
// incrementally (gitrepo's BlameIncremental, newest commits first), only as
// far back as the answer needs (see below). A whole file's blame read to
// its end is kept in the Cache, so that any later line of the same content
// is answered without git blame; the Prefetcher looks up the candidates of
// every line while git runs when the asked lines are slow to come (an old
// line). Meanwhile Prepare brings the Ledger up to date (for the command:
// new transcripts and the ledger); when that changes the generation, the
// answers are looked up again and git is stopped if they are found. The
// lookups of the asked lines start before git and Prepare end (Prefetch),
// and start again when Prepare changed the ledger. New answers
// are kept for the next question.
//
// A line asked alone is answered as when the whole file is asked (but
// for context beyond its window when only the window was blamed): after a
// first pass over the asked lines, every other line whose text their edits
// introduced (a common line only next to such a substantive line) is
// decided too before claims are resolved, so that a person's copy of what
// an edit wrote is told apart from the edit's own lines. A rival line can
// take an edit only when its commit is no older than the edit (less the
// clock slack). So the incremental blame is read until the asked lines'
// commits are complete (an entry of an older commit came), then until
// every commit since their edits (less the slack) is complete; for a
// recently written line that is a few commits. When a window's answer
// finds such a line elsewhere, the lines of the commits since the edit are
// blamed (`git blame --since`) when they are at most half the file's
// history, else the whole file. Both rely on commit times growing along
// history, as `git blame --since` does.
//
// With a FileHistory (gitlog.Log), a file's history at HEAD is derived
// from the archive's copy of the repository's `git log --no-renames --name-status`: the files each commit
// changed, stored once per commit, and the order git walks the commits
// from HEAD (extended with the new commits when HEAD moves forward; when
// it moves elsewhere, or in a new worktree or clone of a repository whose
// commits are stored, `git rev-list` gives the order and only commits
// never stored are read, so a checkout costs git's walk rather than the
// whole log), asking git once per commit where the file was added what
// `git log --follow` finds there (an addition, or the rename or copy of
// another file); it answers as PathHistory does, and falls back to it
// whenever the copy cannot answer.
//
// The chain of an answer lists the other candidates, oldest first: when the
// answer rests on context (score above one), only those whose own score is
// above one. Times are shown in the Attributor's Location with the UTC
// offset; answers are kept in the Cache with their times in UTC and shown
// in the Location of whoever asks.
//
// # Attaching sessions recorded elsewhere
//
// FindAutoMaps proposes a path map for the folder of each session attached
// to no repository whose recorded git state (Codex's session_meta.git: the
// origin's URL and HEAD commit; of either agent, the "[branch id]
// summary" lines its git commit commands printed) names exactly one local
// repository: its origin URL (NormalizeRemote: ssh, scp-like and https
// forms compare equal), else a HEAD commit only it holds, else a commit
// the session made (id prefix and summary) only it holds. A folder name
// alone is never evidence. The recorded folder may be a subfolder of the repository: the
// map goes from the recorded repository's top, the recorded folder less
// its longest tail that is a folder of the checkout here, unless another
// tail finds more of the session's edited files on this machine. One map
// attaches every session recorded under the folder, Claude Code's (which
// record no remote) included. Folders a map in use (or one the user
// removed) covers are left alone, as are folders whose sessions name
// different repositories.
//
// # The sessions behind a commit
//
// CommitFinder.SessionsForCommit resolves a sha prefix in a repository
// (ErrUnknownCommit when it names no commit, *AmbiguousCommitError when it
// names several), lists the lines the commit added per file (gitrepo's
// AddedLines: against the first parent, the root commit against nothing),
// keeps the files some of whose added substantive lines an archived edit
// introduced (one Candidates call), and answers each of those files at the
// commit with the Attributor, from its first to its last added line. The
// sessions of the lines git blames to the commit that are proven or
// possible are returned; lines the commit moved from an older commit,
// conflicting lines and lines of no session name none. It is what the
// commit filter of `hansard history` asks besides the commits sessions
// recorded making.
package provenance
