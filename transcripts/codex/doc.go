// Package codex is hansard's provider for Codex CLI rollout files
// ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl and
// $CODEX_HOME/archived_sessions/, CODEX_HOME defaulting to ~/.codex). Its
// main type is Provider; the apply_patch grammar lives in the applypatch
// subpackage.
//
// Checked against Codex CLI 0.77 (the ai-blame sample) and the record
// shapes of 0.1xx described in the project's format reference, plus the
// pre-envelope legacy format. What each record becomes:
//
//   - session_meta: the Session (id, cwd, git commit, branch and
//     repository, originator, cli_version). source.subagent.thread_spawn
//     makes a subagent session linked to parent_thread_id; forked_from_id
//     links the fork. A later session_meta of another thread is the
//     origin's history copied into a fork: the session is linked to it
//     (forked_from when it is the recorded origin, else resumed_from) and
//     the records written in the same burst after it (each within a second
//     of the previous one) are not indexed, since the origin's own file
//     holds them. Records the fork writes inside that burst, before any
//     pause (a subagent's task prompt), are skipped with them. So is a
//     first session_meta of another thread than the one the file name ends
//     in: the session is the named thread, resumed_from the other.
//   - turn_context: the working folder for relative paths and the model.
//   - Messages: what the human typed is indexed once, Human true, from
//     whichever of event_msg user_message and the response_item user
//     message comes first (the twin with the same text, or the same text
//     but for the few last words one copy adds, is skipped). User
//     items injected by the harness (<environment_context>,
//     <user_instructions>, AGENTS.md instructions, permissions, …) are user
//     messages with Human false and Kind "meta"; developer items are system
//     messages of Kind "meta". Assistant text is indexed once the same way
//     from agent_message and the assistant response item. Reasoning keeps
//     only its readable summary (Kind "reasoning"); encrypted content is
//     never kept. compacted is a "compact_summary" message (its replacement
//     history is not indexed again); context_compacted without it is an
//     "event" message.
//   - Tool calls: function_call, custom_tool_call and local_shell_call are
//     ToolCalls issued by the preceding assistant text message, or by an
//     assistant message without text when there is none, with the line of
//     the call's own item (Line); outputs are joined by call_id whatever
//     their order (an output before its call is kept until the call
//     comes). A function_call's arguments string is stored decoded. An
//     output given as content parts is their text, an input_image the
//     placeholder of its data: URL's type and size ("[image/png, 48 KB]");
//     a prompt's images are left out of its text, as its user_message
//     twin holds the text alone. InputText is, for a shell call, its
//     command and working folder; for apply_patch in any form, the patch's
//     paths and added lines; for a code-mode script, its commands and
//     patches' added text (the script as written when it holds no patch);
//     for write_stdin nothing; for any other call (MCP tools included),
//     every string of its arguments.
//   - Edits: apply_patch as a custom tool call, as a function call
//     ({"input"} or {"patch"}), run through a shell (["apply_patch", patch]
//     or apply_patch <<'EOF'), or inside a code-mode exec script
//     (tools.apply_patch with a JavaScript string literal): one Edit per
//     file section, paths resolved against the call's workdir, the turn's
//     cwd or the session's. The status comes from the output (including a
//     multi-file patch that failed after applying some files);
//     patch_apply_end adds the real unified-diff hunks, contents and moves,
//     and is the only record of a code-mode patch with a synthetic exec-…
//     call id. A "cat <<'EOF' > file" or "tee file <<EOF" heredoc run
//     through the shell is an Edit with Tool "shell_write" and Op "write"
//     whose NewText is the heredoc body; "cat >> file <<'EOF'" or "tee -a
//     file <<EOF" is one with Op "append".
//   - Commands: shell, container.exec, shell_command, exec_command and
//     local_shell_call, with the exit code from structured output, from
//     exec_command_end or from the output text; a command still running
//     ("Process running with session ID N") is completed by the write_stdin
//     polls of that session (their output is joined to its result). A
//     code-mode script's tools.exec_command({cmd: "…"}) calls are commands
//     keyed "<call id>#n"; an exec_command_end whose call id is unknown
//     gives such a command its exit code, or becomes a command of its own.
//   - update_plan: a TodoSnapshot of the full plan.
//   - Subagents: spawn_agent, wait_agent, close_agent are tool calls; the
//     child's thread id (collab_agent_spawn_end or the spawn output) gives a
//     subagent Link carrying the spawning call's id.
//   - Captures: an mcp_tool_call_end of capture_subagent_messages (on
//     whatever server name it is configured as) whose result is Ok and not
//     isError/is_error becomes a transcripts.Capture: the arguments' type,
//     sender and recipient, the digest and length of their text (never the
//     text), the receipt's capture_id and captured_at_local from
//     structuredContent/structured_content when present, and the message
//     of the call's function_call when the file has one. A refused call, an
//     Err result and other tools' calls carry nothing kept.
//   - task_complete and turn_aborted end a turn: a call still without output
//     (an interrupted turn) keeps its edits pending and leaves the state.
//   - ghost_snapshot, token_count, task_started and other events are
//     skipped (only checked to be valid JSON); unknown envelope types are
//     reported as ProblemUnknownType, lines that are not JSON objects as
//     ProblemMalformed, lines over transcripts.MaxLineBytes as
//     ProblemOversized.
//
// Parse keeps in Checkpoint.State the session so far, the last message,
// calls waiting for their output, outputs waiting for their call (at most
// 256 and 1 MiB of text, read once into what they say: exit code, running
// session, spawned thread, files listed, success or failure) and running
// processes, so that parsing a file in parts gives the same records as
// parsing it whole. Nothing is decided on text kept there, which the
// archive stores redacted (through RedactState, which keeps the ids):
// twins and the commands of code-mode scripts are found by digests of
// their texts. A last line left without its newline
// is parsed when it is one complete JSON object, with the checkpoint from
// before it, so that it is read again once the file grows; a UTF-8
// byte-order mark before the first line is ignored.
package codex
