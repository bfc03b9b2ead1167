package codex

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hansard/transcripts"
)

// Provider reads Codex CLI rollout files. The zero value is ready to use and
// safe for concurrent Parse calls.
type Provider struct{}

// Name returns transcripts.ProviderCodex.
func (Provider) Name() string { return transcripts.ProviderCodex }

// parserVersion names what the parser reads out of a transcript. It moves
// whenever a change would give files already read other records, so that
// archives read them again: 2 reads apply_patch and here-document writes
// after a cd in the shell as edits; 3 reads a last line left without its
// newline and a first line after a byte-order mark, and never takes the
// thread from a first session_meta of another thread than the file's name;
// 4 reads the subagent deliveries an agent captured (mcp_tool_call_end of
// capture_subagent_messages); 5 records each call's own line, pairs outputs
// written before their calls and reads here-document appends as edits; 6
// names the type and size of an output's input_image ([image/png, 48 KB]);
// 7 titles a session whose first prompt runs a slash command by its
// arguments or by the next prompt.
// 8 gives each call the searchable text of its input.
// 9 titles a session with no prompt but slash commands that give no title
// by its first command as typed (/model), and one with no prompt at all
// by its first assistant text.
const parserVersion = "9"

// ParserVersion returns the parser's version.
func (Provider) ParserVersion() string { return parserVersion }

// Roots returns $CODEX_HOME/sessions and $CODEX_HOME/archived_sessions, with
// $HOME/.codex when CODEX_HOME is not set.
func (Provider) Roots(env transcripts.Env) []string {
	home := env("CODEX_HOME")
	if home == "" {
		h := env("HOME")
		if h == "" {
			return nil
		}
		home = filepath.Join(h, ".codex")
	}
	return []string{filepath.Join(home, "sessions"), filepath.Join(home, "archived_sessions")}
}

// Discover calls fn for every rollout-*.jsonl under the roots (sessions/ is
// laid out as YYYY/MM/DD; archived_sessions/ is flat, but both are walked
// whole). Missing roots are skipped silently; unreadable folders are passed
// to warn and skipped, and so are links that do not lead to a regular file
// inside the roots and files that are not regular (as
// *transcripts.SkippedError).
func (Provider) Discover(ctx context.Context, roots []string, warn func(string, error), fn func(transcripts.Source) error) error {
	filter := transcripts.NewSourceFilter(roots)
	for _, root := range roots {
		if _, err := os.Stat(root); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			if err != nil {
				warn(p, err)
				if d != nil && d.IsDir() && p != root {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() || !isRollout(d.Name()) {
				return nil
			}
			if err := filter.Check(p, d); err != nil {
				warn(p, err)
				return nil
			}
			return fn(transcripts.Source{Provider: transcripts.ProviderCodex, Path: p, Class: transcripts.ClassMain})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func isRollout(name string) bool {
	return strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".jsonl")
}

// idFromPath returns the thread id at the end of a rollout file name
// (rollout-YYYY-MM-DDThh-mm-ss-<uuid>.jsonl), or the file's stem.
func idFromPath(path string) string {
	if id := idInName(path); id != "" {
		return id
	}
	return strings.TrimSuffix(filepath.Base(path), ".jsonl")
}

// idInName returns the thread id at the end of a rollout file name, or ""
// when the name does not end in one.
func idInName(path string) string {
	stem := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	if len(stem) >= 36 {
		tail := stem[len(stem)-36:]
		if tail[8] == '-' && tail[13] == '-' && tail[18] == '-' && tail[23] == '-' {
			return tail
		}
	}
	return ""
}
