package demo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hansard/provenance/gitrepo"
)

// Demo is a laid-out demo folder:
//
//	<Dir>/repo/     the repository (example.com/fetch)
//	<Dir>/home/     the home folder: .claude/projects/…, .codex/sessions/…
//	<Dir>/home/.local/share/hansard/   the archive, once indexed
//	<Dir>/env.sh    the variables that point hansard at the demo
type Demo struct {
	Dir     string   // the demo folder (symbolic links resolved)
	Repo    string   // the repository's root
	Home    string   // the home folder the transcripts are in
	Archive string   // the archive folder (HANSARD_HOME)
	EnvFile string   // a shell file exporting Env
	Commits []string // the commits made, oldest first
	// Env holds the variables hansard reads to find transcripts, its
	// archive and its configuration, all inside Dir.
	Env map[string]string
}

// ErrNotEmpty: the folder given for the demo already holds something.
var ErrNotEmpty = errors.New("folder is not empty")

// Layout builds the demo in dir, which must be empty or not exist yet
// (created 0700). Folders are made 0700 and files 0600. It writes nothing
// outside dir.
func Layout(ctx context.Context, dir string) (*Demo, error) {
	if err := prepare(dir); err != nil {
		return nil, err
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("demo folder: %w", err)
	}
	if strings.ContainsAny(root, "\"'\\") || strings.ContainsFunc(root, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return nil, fmt.Errorf("demo folder %s: the path may not hold quotes, backslashes or control characters", root)
	}
	d := &Demo{Dir: root, Repo: filepath.Join(root, "repo"), Home: filepath.Join(root, "home")}
	d.Archive = filepath.Join(d.Home, ".local", "share", "hansard")
	d.EnvFile = filepath.Join(root, "env.sh")
	d.Env = map[string]string{
		"HOME":              d.Home,
		"HANSARD_HOME":      d.Archive,
		"CLAUDE_CONFIG_DIR": filepath.Join(d.Home, ".claude"),
		"CODEX_HOME":        filepath.Join(d.Home, ".codex"),
		"XDG_CONFIG_HOME":   filepath.Join(d.Home, ".config"),
		"XDG_DATA_HOME":     filepath.Join(d.Home, ".local", "share"),
		"XDG_CACHE_HOME":    filepath.Join(d.Home, ".cache"),
		"XDG_STATE_HOME":    filepath.Join(d.Home, ".local", "state"),
	}
	if err := d.buildRepo(ctx); err != nil {
		return nil, err
	}
	if err := d.writeTranscripts(); err != nil {
		return nil, err
	}
	if err := d.writeEnvFile(); err != nil {
		return nil, err
	}
	return d, nil
}

// prepare creates dir, or checks that it is an empty folder.
func prepare(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("demo folder: %w", err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("demo folder: %w", err)
	case len(entries) > 0:
		return fmt.Errorf("demo folder %s: %w", dir, ErrNotEmpty)
	}
	return nil
}

// Getenv looks a variable up in Env; every other variable is unset except
// those that only shape output (PATH, TERM, NO_COLOR, COLUMNS), taken from
// outer.
func (d *Demo) Getenv(outer func(string) string) func(string) string {
	return func(key string) string {
		if v, ok := d.Env[key]; ok {
			return v
		}
		switch key {
		case "PATH", "TERM", "NO_COLOR", "COLUMNS":
			return outer(key)
		}
		return ""
	}
}

// buildRepo makes the repository, one commit per version of the story.
func (d *Demo) buildRepo(ctx context.Context) error {
	if err := os.Mkdir(d.Repo, 0o700); err != nil {
		return fmt.Errorf("demo repository: %w", err)
	}
	if err := gitrepo.Init(d.Repo, "main"); err != nil {
		return fmt.Errorf("demo repository: %w", err)
	}
	for _, c := range commits {
		if err := ctx.Err(); err != nil {
			return err
		}
		files, err := versionFiles(c.version)
		if err != nil {
			return err
		}
		for name, content := range files {
			if err := writeFile(filepath.Join(d.Repo, filepath.FromSlash(name)), content); err != nil {
				return err
			}
		}
		who := gitrepo.Signature{Name: personName, Email: personEmail, When: c.when}
		h, err := gitrepo.CommitAll(d.Repo, c.message, who, who)
		if err != nil {
			return fmt.Errorf("demo repository: %w", err)
		}
		d.Commits = append(d.Commits, h)
	}
	return nil
}

// writeTranscripts writes the transcripts under the home folder, with the
// repository's path (and the commit the Codex session started from) put in,
// and dated as of their last line.
func (d *Demo) writeTranscripts() error {
	repl := strings.NewReplacer("{{REPO}}", d.Repo, "{{HEAD}}", d.Commits[codexStartCommit])
	for _, t := range transcriptFiles {
		b, err := story.ReadFile(t.embedded)
		if err != nil {
			return fmt.Errorf("demo transcript: %w", err)
		}
		rel := strings.ReplaceAll(t.dir, "{{PROJECT}}", claudeProject(d.Repo))
		p := filepath.Join(d.Home, filepath.FromSlash(rel), filepath.Base(t.embedded))
		if err := writeFile(p, repl.Replace(string(b))); err != nil {
			return err
		}
		if err := os.Chtimes(p, t.modTime, t.modTime); err != nil {
			return fmt.Errorf("demo transcript: %w", err)
		}
	}
	return nil
}

// claudeProject is Claude Code's name for a project folder: every character
// outside ASCII letters and digits becomes '-'.
func claudeProject(dir string) string {
	b := []byte(dir)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}

// envFileVars are the variables env.sh exports: enough for hansard to read
// only the demo, without changing HOME in the user's shell.
var envFileVars = []string{"HANSARD_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_CONFIG_HOME"}

// ShellCommand starts a shell of its own in the demo's repository with
// env.sh sourced, from any shell; the user's own shell, and the claude and
// codex started from it, keep their settings.
func (d *Demo) ShellCommand() string {
	return fmt.Sprintf(`sh -c 'cd %s && . %s && exec "${SHELL:-sh}"'`, d.Repo, d.EnvFile)
}

func (d *Demo) writeEnvFile() error {
	var b strings.Builder
	b.WriteString("# Points hansard, and also claude and codex, at the demo folder. Source it only in a\n")
	b.WriteString("# shell of its own, not in yours: " + d.ShellCommand() + "\n")
	vars := append([]string(nil), envFileVars...)
	sort.Strings(vars)
	for _, k := range vars {
		fmt.Fprintf(&b, "export %s='%s'\n", k, d.Env[k])
	}
	return writeFile(d.EnvFile, b.String())
}

func writeFile(p, content string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}
