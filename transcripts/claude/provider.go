package claude

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hansard/transcripts"
)

// Provider reads Claude Code transcripts. The zero value is ready to use and
// safe for concurrent Parse calls on different sources.
type Provider struct{}

// New returns the Claude Code provider.
func New() *Provider { return &Provider{} }

// Name returns transcripts.ProviderClaude.
func (*Provider) Name() string { return transcripts.ProviderClaude }

// parserVersion names what the parser reads out of a transcript. It moves
// whenever a change would give files already read other records, so that
// archives read them again: 2 reads Bash here-document writes (perhaps
// after a cd) as edits; 3 reads a last line left without its newline and a
// first line after a byte-order mark, and takes a session id from inside
// the file name or from the file's last lines, not from copied history; 4
// pairs results written before their calls, takes patch lines' text from
// what the call wrote, records each call's own line and reads
// here-document appends as edits; 5 names the type and size of image and
// document blocks ([image/png, 48 KB]); 6 titles a session whose first
// prompt runs a slash command by the command's arguments, or by the first
// prompt after it.
// 7 gives each call the searchable text of its input and the whole output
// behind a persisted-output preview, and builds a subagent's session from
// its parent's agent_progress lines.
// 8 titles a session with no prompt a person typed by its first slash
// command as typed (/model), else by its first assistant text.
const parserVersion = "8"

// ParserVersion returns the parser's version.
func (*Provider) ParserVersion() string { return parserVersion }

// SideFiles returns the meta file beside a subagent transcript, which
// Parse reads for the subagent's description and the call that spawned it.
func (*Provider) SideFiles(src transcripts.Source) []string {
	if !isSubagent(src) {
		return nil
	}
	return []string{metaPath(src.Path)}
}

// Roots returns $CLAUDE_CONFIG_DIR/projects, or $HOME/.claude/projects.
func (*Provider) Roots(env transcripts.Env) []string {
	if dir := env("CLAUDE_CONFIG_DIR"); dir != "" {
		return []string{filepath.Join(dir, "projects")}
	}
	if home := env("HOME"); home != "" {
		return []string{filepath.Join(home, ".claude", "projects")}
	}
	return nil
}

// Discover finds, under each root's project folders, the main transcripts
// (<project>/<session>.jsonl), the flat subagent files of 2.0.x
// (<project>/agent-<id>.jsonl) and the nested ones of 2.1.x
// (<project>/<session>/subagents/…/agent-<id>.jsonl, workflows included).
// A link is followed only to a regular file inside the roots; other links
// and files that are not regular are passed to warn as
// *transcripts.SkippedError.
func (*Provider) Discover(ctx context.Context, roots []string, warn func(string, error), fn func(transcripts.Source) error) error {
	d := discovery{filter: transcripts.NewSourceFilter(roots), warn: warn, fn: fn}
	for _, root := range roots {
		projects, err := os.ReadDir(root)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				warn(root, err)
			}
			continue
		}
		for _, proj := range projects {
			if err := ctx.Err(); err != nil {
				return err
			}
			if proj.IsDir() {
				if err := d.project(ctx, filepath.Join(root, proj.Name())); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// discovery is one Discover call's walk.
type discovery struct {
	filter *transcripts.SourceFilter
	warn   func(string, error)
	fn     func(transcripts.Source) error
}

// source hands on a transcript file that the filter lets through.
func (d *discovery) source(path string, e fs.DirEntry, class string) error {
	if err := d.filter.Check(path, e); err != nil {
		d.warn(path, err)
		return nil
	}
	return d.fn(transcripts.Source{Provider: transcripts.ProviderClaude, Path: path, Class: class})
}

func (d *discovery) project(ctx context.Context, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		d.warn(dir, err)
		return nil
	}
	// Transcripts first, then the subagents nested in session folders, so
	// that a parent comes before its subagents.
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && strings.HasSuffix(name, ".jsonl") {
			class := transcripts.ClassMain
			if isAgentFile(name) {
				class = transcripts.ClassSubagent
			}
			if err := d.source(filepath.Join(dir, name), e, class); err != nil {
				return err
			}
		}
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name(), "subagents")
		if _, err := os.Stat(sub); err == nil {
			if err := d.subagents(ctx, sub); err != nil {
				return err
			}
		}
	}
	return nil
}

// discoverSubagents walks a 2.1.x subagents folder, workflows included.
func (d *discovery) subagents(ctx context.Context, dir string) error {
	return filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			d.warn(path, err)
			if e != nil && e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if !e.IsDir() && isAgentFile(e.Name()) {
			return d.source(path, e, transcripts.ClassSubagent)
		}
		return nil
	})
}

// isAgentFile reports whether a file name is a subagent transcript.
func isAgentFile(name string) bool {
	return strings.HasPrefix(name, "agent-") && strings.HasSuffix(name, ".jsonl")
}
