// Package integrate writes hansard's MCP server into coding agents' own
// user-level configuration, with the short managed instructions each agent
// reads, and takes both out again.
//
// The main types are Agent (one of Claude Code, Codex, Cursor and Gemini
// CLI: where its files are and how its entry looks), Options and Report
// (what Run was asked to do and what it did to each file).
//
// Per agent:
//
//	claude  $CLAUDE_CONFIG_DIR/.claude.json or ~/.claude.json, top-level "mcpServers";
//	        instructions in $CLAUDE_CONFIG_DIR/CLAUDE.md or ~/.claude/CLAUDE.md
//	codex   $CODEX_HOME/config.toml (~/.codex/config.toml), tables [mcp_servers.hansard]
//	        and [mcp_servers.hansard-status];
//	        instructions in $CODEX_HOME/AGENTS.override.md when it exists, else AGENTS.md
//	cursor  ~/.cursor/mcp.json, "mcpServers"; no user-level instruction file
//	gemini  ~/.gemini/settings.json, "mcpServers"; instructions in ~/.gemini/GEMINI.md
//
// The entry is named "hansard" and runs the absolute path of the hansard
// binary with "mcp serve", and --no-memories when asked. Codex gets a
// second entry, "hansard-status", running "mcp serve --status", which
// serves capture_subagent_messages alone (its instructions ask for it).
//
// Rules every edit keeps:
//   - Only hansard's own text changes. JSON files are edited as text: the
//     "hansard" member of "mcpServers" (and "mcpServers" itself when there
//     was none) is spliced in, so every other member keeps its bytes and
//     order. A JSON file with comments is refused, not rewritten without
//     them. config.toml is edited as lines: only hansard's tables, their
//     subtables and the comment line hansard writes above each change; a
//     hansard entry written another way (an inline table, dotted keys) is
//     refused. The result is decoded and compared with the original before
//     anything is written: it must differ in hansard's entry alone.
//   - The instructions are one block between "<!-- BEGIN hansard" and
//     "<!-- END hansard -->" lines, replaced in place and added at the end
//     of the file after a blank line.
//   - Running twice changes nothing the second time. Removal takes out the
//     entry, the block and the blank line written before each, giving back
//     the original bytes of a file that ended with a line break.
//   - Every file is read and its new content checked before any is
//     written. A changed file is first copied to FILE.hansard-backup-STAMP
//     (0600), then replaced atomically (a temporary file in its folder,
//     synced, renamed) with its own mode; a new file is 0600 in folders
//     created 0700. A symbolic link is followed and its target edited.
//
// Paths derive from the Env lookup alone, so tests point HOME at a
// temporary folder.
package integrate
