// Package archive keeps hansard's archive: one SQLite file (WAL, embedded
// numbered migrations in migrations/) holding every transcript the
// providers find, the retained compressed copies of those transcripts,
// full-text indexes over what was said, the edit ledger that attribution
// replays, and a stored copy of each working tree's git log. All SQL of
// hansard lives in this package; callers see domain types and the errors
// ErrNotFound and ErrAmbiguous (with AmbiguousError), never the driver.
//
// # Surface, by concern
//
// Core: Open (Options, DefaultDir, DBName) returns an Archive; Dir, Path,
// Close; Paused and SetPaused; ErrNotFound, ErrAmbiguous, AmbiguousError.
//
// Ingest: Refresh (RefreshOptions, RefreshResult, Progress) reads every
// provider's transcripts into the archive; Versioned is what a provider
// implements to have its transcripts re-parsed when its parser changes;
// RetainedPath names a source's retained copy; Status (ProviderStatus,
// RootStatus, ProblemFile, FailedFile, RepoStatus, UnattachedInfo,
// KeptGeneration, RenamedSession, ShorterFile) reports what was archived
// and what went wrong; RecordCapture and Captures (Capture,
// ReportedByAgent) keep the subagent deliveries agents report.
//
// Reads for recall: sessions (GetSession, ListSessions, SessionInfos,
// SessionHeads, LastMessageBefore, RepoRoots; SessionInfo), messages
// (Messages, ToolCalls, ReadMessages with WindowQuery and WindowMessage,
// CallSummaries with CallSummary), search (SearchMessages, SearchResults,
// MatchingHits, HitTexts with SearchFilter, TextHit and HitText; the
// classes of text TextClass and ClassMatch; MatchCounts,
// IdentifiersContaining, HasIdentifiersBeginning; EditedPaths and
// EditedPath, CommitOutputs and CommitOutput), the recorded todo and plan
// items (Todos), a repository's test runs and git commands
// (RepoTestCommands), the index itself (IndexTerms, IndexState), a transcript
// file's session and message (LocateTranscript, TranscriptPlace) and what
// edits recorded (EditEvidences with EditEvidence, MessageEdits with
// MessageEdit).
//
// The ledger: LedgerState, LockLedger (ErrLedgerBusy), ResetLedger,
// DirtyLedgerPaths, ReplaceLedger (LedgerUpdate, LedgerRow,
// LedgerLineRow), LedgerGeneration, MoveSources, LedgerCandidates,
// DescribeEdits (LedgerEdit, LedgerPath, EditDescription), the
// attribution cache (LoadCached, StoreCached), and what the ledger is
// replayed from: ForEachEdit (EditFilter, RepoEdit), RepoShellCommands
// and CommandsMark (RepoCommand).
//
// The stored git log: GitLogState, ClaimGitLog, ReleaseGitLog, GitLogTips,
// GitLogRows (GitLogRow), GitCommitTrailers (GitTrailer), AppendGitLog
// and GitLogWriter (GitLogWrite: GitLogReplace, GitLogAppend,
// GitLogReorder), GitFollowStep and
// StoreGitFollowStep; ErrGitLogMoved, ErrGitLogUnknownCommit.
//
// Attachment and path maps: Reattach places sessions and edits in
// repositories through a Resolver (Repo, ErrNotRepo) and the path maps in
// use (PathMap; PathMaps, SetPathMaps, AttachedPathMaps, ExtraPathMaps,
// SetExtraPathMaps, RemovedPathMaps, SetRemovedPathMaps, MergePathMaps,
// SamePathMaps); UnattachedGit (RecordedGit), AttachmentCounts,
// AutoAttachTried and SetAutoAttachTried serve automatic attachment, and
// Status lists the folders of unattached sessions (UnattachedFolder).
//
// Memories: RefreshMemories archives the memory files it is given
// (MemoryFile, MemoryRefreshResult) with every version; Memory reads one
// at a version, SearchMemories (MemoryQuery, MemoryHit) searches the
// current ones, and SessionFolders (SessionFolder) names the folders the
// sessions worked in, where recall looks for project memory files.
//
// # Files
//
// One package, its files named by the concern that owns them (a test file
// follows its file, x.go and x_test.go; helpers_*_test.go hold the tests'
// shared helpers and fake provider):
//
//   - core_*.go: open (core_open), migrations (core_migrate), a new
//     archive's schema in one step (core_schema, from schema.sql, which
//     go generate makes from the migrations), the meta
//     table (core_meta), domain errors (core_errors), the write lock
//     (core_lock), the private archive folder (core_private), closing and
//     its WAL checkpoint (core_close), dbtx and inTx (core_dbtx), a
//     multi-row INSERT (core_multirow), the SQL functions that split text
//     for the full-text index (core_ftstext), the reads kept prepared
//     (core_kept).
//   - ingest_*.go: Refresh (ingest_refresh) and its plan (ingest_plan);
//     one source read: the input opened in its mode and finished
//     (ingest_input), the parse that batches its records (ingest_parse),
//     its retained copy (ingest_retained), head and tail checks
//     (ingest_input, ingest_tail), a file cut to a prefix (ingest_shrunk),
//     generations (ingest_generations), side files (ingest_sidefiles),
//     long lines (ingest_longlines); the writer (ingest_writer,
//     ingest_statements, ingest_record, ingest_heldrows, ingest_heldcalls,
//     ingest_toolresults, ingest_names, ingest_mirrors, ingest_links,
//     ingest_mainbranch, ingest_captures, ingest_fts, ingest_dropsource);
//     redaction of records
//     (ingest_redact, ingest_redact_json, ingest_redact_diff,
//     ingest_redact_state, ingest_redact_cache) and of the stored setting
//     (ingest_redact_setting); the refresh snapshot (ingest_snapshot*),
//     the last refresh's time (ingest_lastrefresh), parser versions
//     (ingest_parserversions), warnings given once (ingest_warnings),
//     progress (ingest_progress) and Status (ingest_status*).
//   - read_*.go: reads for recall, by what they answer: read_sessions,
//     read_messages, read_search, read_search_ranked, read_search_calls
//     (tool inputs and whole outputs), read_hits, read_todos, read_tests,
//     read_index, read_transcript, read_edit_evidence.
//   - ledger.go, ledger_*.go: the ledger tables and the attribution cache,
//     and the edits and commands the ledger is replayed from.
//   - gitlog.go, gitlog_*.go: the stored git log, its writes and walks.
//   - attach.go, attach_*.go, pathmap*.go: attaching sessions to
//     repositories, unattached sessions, path maps and their settings.
//
// # Schema
//
//   - sources: one row per transcript file: provider, path, size and mtime
//     at the last read (with deleted and reparse also in the covering index
//     sources_stat, all a refresh reads of an unchanged file), a SHA-256 of its first 4 KiB (head_len bytes)
//     and one of the last 4 KiB read (tail_len bytes before retained_raw), the
//     checkpoint (offset after the last line that ended in a newline, line
//     count, next message index, provider state with its text redacted,
//     by the provider when it is a transcripts.StateRedactor), the
//     retained copy's raw and compressed lengths, deleted (the original is
//     gone), reparse (a rebuild is pending), the last read error, and the
//     file's generation (1, then one more each time it shrank or was
//     rewritten). The row of an earlier generation is kept with retired
//     set, deleted, and the path "<path>#<generation>" (see Generations
//     below). kind is the source's transcripts.Kind; a snapshot source
//     also keeps the SHA-256 of the content last read (content_hash) and
//     the lengths of the generations its retained copy holds
//     (snapshot_lens; see Snapshot sources below).
//   - session_names: the stored id of every session id each source wrote.
//     A session id belongs to the first source that wrote it; another
//     source naming it writes its own session "<id>~<n>" (n from 2),
//     linked continued_from the first (see Generations below).
//   - problems: unusable lines per source (line, kind, detail), keyed by
//     (source, line, kind) so that re-reading after an interruption does
//     not count twice; counts by kind are derived from it.
//   - scan_errors: folders discovery could not read, last refresh only.
//   - skipped_files: files discovery passed over although named as
//     transcripts (a link leading outside the provider's folders, a file
//     that is not a regular one), with the reason; last discovery only.
//     A refresh warns about a path in these two tables, or a source's
//     last_error, only when its trouble is new or has changed.
//   - sessions: every transcripts.Session field, the source that wrote it,
//     the recorded cwd, repo_root and repo_cwd (after path maps) and
//     source_deleted. Lists (branches, models) are JSON arrays.
//   - session_links: (session, parent, relation) with the parent's tool
//     call and evidence, merged from both sides in an order-independent
//     way: a known call id is never lost, and the evidence of every side
//     is kept (sorted, joined with "; "). A session without a parent of
//     its own takes the first of its links (subagent, forked_from,
//     continued_from, resumed_from).
//   - link_uuids: links known only by a message of the origin
//     (transcripts.Link.ParentMessageUUID), with the session owning that
//     message once found (messages are indexed by uuid). They are resolved
//     when written and, for those still open, at the end of each refresh,
//     so the link appears whichever file is read first; a message of the
//     session itself gives no link.
//   - messages, tool_calls, edits, commands, todos: keyed as
//     transcripts.Record documents, referencing sessions(pk) with ON
//     DELETE CASCADE. Edits keep the recorded path and, after path maps,
//     repo_root plus the repo-relative path. on_main_branch is recomputed
//     after each write of a session, from the messages' uuids and the
//     session's tool calls (tool results and messages between the lines of
//     one assistant message never start a branch; see mainBranch).
//     messages.retracted, when set, says why the message left its
//     session's history (a transcripts.Retraction, or a snapshot
//     generation that no longer holds it): the row, its index and what
//     cites it stay, and a later copy of the message clears it.
//   - subagent_captures: the subagent deliveries (assignment, follow-up,
//     result) agents reported through capture_subagent_messages, keyed by
//     capture_id and unique on (session_id, type, sender, recipient,
//     digest): agent-reported evidence (reported_by 'agent'), never an
//     independent observation, holding the SHA-256 and length of the text
//     and never the text (the transcript keeps it). RecordCapture stores
//     what the MCP server receives (server_at) and refuses the same
//     delivery twice; the writer upserts the transcripts.Capture records
//     read back from the transcript by the same key, giving a stored
//     capture the transcript's call_id and message_idx and adding one the
//     server never recorded, noted so. Not tied to sessions: a capture may
//     precede its session's indexing and outlives a re-read. Captures reads
//     them.
//   - repos: repository roots met, their remote URL and the repository
//     URLs agents recorded for sessions attached to them, both without
//     user name and password (redact.StripUserinfo; sessions.git_repo_url
//     too).
//   - meta: paused, the path maps in use, those remembered from command
//     lines (ExtraPathMaps) and those removed there (RemovedPathMaps, which
//     automatic attachment does not add again), the parser version of each
//     provider that names one with the archive's own reading version (see
//     Versioned and readingVersion), the redaction the text was
//     stored with (see Redaction below).
//   - messages_fts, results_fts: FTS5 external-content indexes over
//     messages.text and the results no message carries (the view
//     result_texts: tool_calls.result where result_msg is NULL; a Claude
//     Code result is the text of a tool message, result_msg, and is found
//     there once; when it is the message's whole text, result_whole_msg
//     is set and the text is stored in the message only) (unicode61, '_'
//     a token character, no stemming). messages_fts keeps a message's text
//     in the column of who wrote it (user; said: assistant and system;
//     tool) and the boilerplate a harness injects (system reminders,
//     permission and sandbox preambles, environment context) in a column
//     of its own, boiler: the view message_fts_texts splits each text with
//     the SQL functions of core_ftstext.go, which the writer and the delete
//     trigger use alike. A search reads one class at a time (TextClass,
//     ClassMatch) and the boilerplate only when asked. vocab and vocab_fts
//     (trigrams) hold the identifiers of the indexed text
//     (IdentifiersContaining, HasIdentifiersBeginning); the writer adds
//     those of new text and never removes any. The writer adds new and changed text in
//     bursts just before each commit (FTS5 keeps a burst in memory and
//     writes one segment; a trigger per row made it write one per
//     statement); delete triggers remove text on delete, including
//     cascaded deletes.
//   - inputs_fts, full_results_fts: the same over tool_calls.input_text
//     (the searchable text of a call's input, as its provider chose it)
//     and tool_calls.full_result (the whole output behind a preview the
//     agent saw), non-empty rows only (the views input_texts and
//     full_result_texts). SearchInputs and SearchFullResults read them;
//     their hits carry TextHit.Field (FieldInput, FieldFullResult).
//   - session_names.mirror: a session its source wrote as a mirror
//     (transcripts.Session.Mirror: a subagent built from its parent's
//     copies). It holds its id only until another source writes the same
//     id: that source's rows replace the mirror's, which are deleted, and
//     the mirror's source drops the records of that session from then on;
//     a mirror of an id another source holds is dropped from the start
//     (ingest_mirrors.go).
//   - ledger_entries, ledger_lines: the edit ledger (LedgerRow): per
//     successful edit, keyed by (session, call id, seq), the repository,
//     repo-relative path and the lines it introduced, indexed by key hash
//     (common lines kept, not indexed) in ledger_lines and kept together in
//     the entry's body, so that LedgerCandidates reads one row per entry.
//     Triggers on edits note in
//     ledger_dirty every file whose edits change, so the ledger is replayed
//     incrementally (DirtyLedgerPaths, ReplaceLedger) and rebuilt whole
//     when meta ledger_version differs (ResetLedger); LedgerCandidates and
//     DescribeEdits answer attribution in one query each (DescribeEdits
//     also describes a shell command, as the edit of its call with seq 0).
//     shell_writes holds what each command rewrites and whether it makes
//     a git commit, parsed when the command is stored; RepoShellCommands
//     gives the commands of a repository's sessions that rewrite a file of
//     a given name or a folder, or make a commit, with their results, and
//     places the paths they name in the checkout; CommandsMark moves
//     whenever a command is added.
//   - ledger_repos, attribution_cache: a generation per repository that
//     moves whenever its ledger changes, and cached blames and answers
//     (LoadCached, StoreCached); answers of a repository go when its
//     generation moves.
//   - git_commits, git_changes, git_trailers, git_walks,
//     git_follow_steps: a copy of each working tree's `git log
//     --no-renames --name-status`: every commit once with the files it
//     changed (GitLogRow, read by path, shared by all repositories) and its
//     trailers (GitCommitTrailers), and per working tree its tip, the order
//     git walks the commits from there and a writer claim (GitLogState,
//     ClaimGitLog, AppendGitLog, GitLogWriter, GitLogTips,
//     GitLogRows); and what `git log --follow` found where a file was
//     created (GitFollowStep), so that a file's history needs no git log.
//   - memory_files, memory_versions, memory_chunks, memory_fts: each
//     memory file (path, provider, kind, scope, repository; the size,
//     stamp and SHA-256 last seen), every content it had (redacted, with
//     the redaction setting it was stored under), and the sections of the
//     current content with their lines, indexed (secure-delete).
//
// Times are Unix milliseconds UTC; text is stored redacted when
// Options.Redact is set (the retained copies keep the bytes as the agent
// wrote them, 0600, so that a parser upgrade can re-read them).
//
// # Redaction
//
// Every text field of a record is redacted before it is written. JSON kept
// as recorded (tool_calls.input, sources.state) is redacted as text and
// then each string holding an escape as the text it decodes to, JSON
// nested in strings included (ingest_redact_json.go); a private key keeps a
// placeholder per line there too, escaped line breaks included, so that an
// edit made from a redacted input (a call pending in the state) is stored
// as one made from the recorded input. An edit's hunks and patch
// are redacted side by side (context and removed lines as the old text,
// context and added lines as the new), each side as one text, so that a
// private key an edit adds is redacted on every line while the diff keeps
// its lines and prefixes (ingest_redact_diff.go). meta "redaction" records the
// setting the text was stored with ("off", or "on" and
// Options.RedactVersion); when a refresh finds another (ingest_redact_setting.go) it
// re-parses every source from its retained copy, drops the ledger and the
// attribution cache, rebuilds both full-text indexes, and runs VACUUM with
// secure_delete and a truncating WAL checkpoint before recording the new
// setting, so that no byte of the old text is left. IndexTerms lists the
// full-text vocabulary.
//
// # Refresh
//
// Refresh discovers every provider's files and compares each with its
// stored size and change stamp (mtime_ns holds the later of the file's
// modification and change times: the change time moves with every write
// and cannot be set back): an unchanged file is not opened. A changed file
// whose head and tail (the bytes just before where the last read stopped)
// still match is parsed from its checkpoint (a last line left without its
// newline was indexed, but the checkpoint stays before it, so it is read
// again and its rows replaced once the file grows; the stored size is the
// whole file's, so the growth is noticed); one that shrank to a prefix of
// what was read holds nothing new; one that shrank otherwise or whose head
// or tail changed is read whole as a new generation (below), also when
// the rewrite kept the size and set the modification time back.
// Files are parsed in parallel; one writer goroutine applies the records
// (replace by key) in batched transactions, and stores each source's new
// checkpoint in the same transaction as its last rows, so an interrupted
// run leaves a consistent archive that the next run continues. Batches
// are bounded in records and bytes, and one long line (past
// transcripts.LongLine) at a time is in flight across the parsers: from
// being read until the writer has applied its records and their full-text
// changes (see longLineGate). A source read again whole has its rows
// deleted a few thousand at a time (see deleteSessions). A file that
// is gone leaves its sessions in place, marked source_deleted.
//
// The time of the last refresh is the modification time of the file
// last-refresh in the archive folder: a refresh that finds nothing new by
// the snapshot below writes nothing to the database. A successful refresh
// also leaves refresh-snapshot there: the stamps (inode, mtime, ctime) of
// every folder under the providers' roots and the size and mtime of every
// source, with a token kept in meta too. The next refresh stats those and, when nothing
// moved, returns without listing a folder, reading the sources table or
// taking the write lock; when only known files changed it reads those
// without listing folders. A refresh drops the snapshot before it writes,
// and marking a rebuild clears the token.
//
// Closing checkpoints the WAL only when this process wrote transcripts or
// settings, or the WAL is large: a query command that only kept cached
// answers leaves them in the WAL (a power loss may lose them, never
// corrupt the archive) and exits without an fsync.
//
// Every byte read is appended, gzip compressed, to the source's retained
// copy under <Dir>/retained (see RetainedPath); Refresh with Rebuild
// re-parses every source from it. The files beside a source that its
// provider's Parse reads (transcripts.SideFiler: Claude Code's subagent
// meta.json) are retained there too, raw, as last seen, and handed back
// to Parse (transcripts.Source.Side) once the originals are gone.
//
// # Snapshot sources
//
// A source its agent rewrites whole (transcripts.KindSnapshot) is read
// whole whenever its content changes (the same content reads nothing), into
// the sessions it already wrote, from the checkpoint of the content read
// before; the messages of those sessions the new content does not emit are
// retracted. Every content read is appended to the retained copy, and a
// rebuild reads them again in order (ingest_rewritten.go).
//
// # Generations
//
// Archived text is never replaced by a later state of its file, and a
// message index once given never changes. A file cut to a prefix of what
// was read of it (truncated, or put back from an older copy: the whole
// prefix is compared with the retained copy) keeps everything stored but
// its size and mtime, and is read on once it grows back past where reading
// stopped with the same tail; Status lists such shorter files. A file that
// shrank otherwise or was rewritten (another, shorter file at the path of a
// deleted one, a file rewritten behind an unchanged head) starts a new
// generation: the row of the earlier one is kept with its sessions, problems and a
// copy of its retained copy, as a source that is gone, and a rebuild
// re-parses it from that copy under its original path (a rebuild that
// finds the original rewritten keeps the retained copy so, and rebuilds
// it in the same refresh). A new row holds the file from then on.
//
// The sessions the new generation names are those of the earlier one, and
// two files may name one session (copies, exports, synced folders). The
// archive does not merge them: each session's rows come from one file, so
// that no file's rows replace another's and the indexes of one session
// never depend on which file was read first. The first file to write a
// session id holds it; the others write theirs as "<id>~<n>" (the smallest
// free n from 2), linked continued_from it with the evidence "same session
// id as <path>". A copy is thus archived twice (the ledger reads its edits
// once, see EditFilter.SkipCopies); Status lists the renamed sessions and
// the earlier generations. Names are stored in session_names
// and never dropped, so a re-read or a rebuild writes every record where
// it went before, whatever order the files are read in.
//
// # The archive folder
//
// Open creates the folder 0700 and every file and folder in it 0600 and
// 0700. An existing folder keeps its mode; one that others can write to
// (a shared 1777 folder) or that belongs to another user is refused.
// Nothing in the folder is reached through a symbolic link: files are
// opened with O_NOFOLLOW, temporary files created anew with O_EXCL,
// folders checked one by one, and the database and the files SQLite keeps
// beside it checked not to be links before SQLite opens them, so that a
// link placed there cannot make hansard write, or change the mode of, a
// file elsewhere (see ensurePrivate, openNoFollow, createExclusive and
// mkdirIn).
package archive
