// Package applypatch parses the patch formats that Codex records for file
// edits.
//
// Parse reads the apply_patch envelope ("*** Begin Patch" … "*** End Patch")
// into a Patch: one FileOp per "*** Add File:", "*** Update File:" (with an
// optional "*** Move to:") or "*** Delete File:" section. An update carries
// Chunks, each opened by "@@" with optional anchor text (several "@@" lines
// may stack) and made of ' ', '-' and '+' lines, optionally pinned to the end
// of the file by "*** End of File". The grammar carries no line numbers, so
// the transcripts.Hunk values derived from chunks have zero starts.
//
// Parsing is as lenient as Codex itself: markers padded with whitespace are
// accepted, a shell heredoc wrapper (apply_patch <<'EOF' … EOF) is stripped,
// and a missing "*** End Patch" is tolerated.
//
// ParseUnified reads a unified diff ("@@ -a,b +c,d @@" hunks) such as the
// unified_diff that Codex records in patch_apply_end events. The heredoc
// wrapper is split with transcripts.ParseHeredoc, which also finds files
// written with cat.
package applypatch
