package demo

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Step is one command of the tour.
type Step struct {
	// Explain says what the step shows (wrapped when printed).
	Explain string
	// Args run the command (after "hansard"): paths are absolute and the
	// repository is named, so that they do not depend on the current folder.
	Args []string
	// Shown is the command line as a user types it inside the repository.
	Shown string
}

// Steps returns the tour: index the transcripts; ask why about a line
// Claude Code wrote, then about a line the person wrote; ask about a whole
// file; search the conversations.
func (d *Demo) Steps() ([]Step, error) {
	files, err := finalFiles()
	if err != nil {
		return nil, err
	}
	agentLine, err := lineOf(files["client.go"], "ErrPermanent)")
	if err != nil {
		return nil, err
	}
	humanLine, err := lineOf(files["retry.go"], "MaxAttempts: 5")
	if err != nil {
		return nil, err
	}
	why := func(explain, file string, line int) Step {
		loc, abs := file, filepath.Join(d.Repo, file)
		if line > 0 {
			loc, abs = fmt.Sprintf("%s:%d", file, line), fmt.Sprintf("%s:%d", abs, line)
		}
		return Step{Explain: explain, Args: []string{"why", abs}, Shown: "hansard why " + loc}
	}
	steps := []Step{
		{Explain: "Read the transcripts in the demo's home into its archive (queries also do this by themselves).",
			Args: []string{"index"}, Shown: "hansard index"},
		why("A line Claude Code wrote: the session, the prompt that asked for it, the commit that carried it.",
			"client.go", agentLine),
		why("A line the person changed by hand after that session: no archived conversation wrote it, "+
			"and hansard says so instead of guessing.", "retry.go", humanLine),
		why("A whole file, consecutive lines with the same answer grouped: the person's first version, "+
			"Claude Code's retries, Codex's GetJSON. Common lines recur (`if err != nil {` is both the person's "+
			"and Codex's, `return err` both Claude Code's and Codex's): hansard tells them apart by the lines around them.",
			"client.go", 0),
		{Explain: "Search past conversations of this repository for a word.",
			Args: []string{"history", "--repo", d.Repo, "backoff"}, Shown: "hansard history backoff"},
	}
	return steps, nil
}

// Runner executes one command line (without "hansard") writing to the
// given streams, and returns its exit code.
type Runner func(ctx context.Context, args []string, stdout, stderr io.Writer) int

// Run prints each step (its explanation, then the command as typed) and
// runs it. The first command that fails ends the tour with an error.
func Run(ctx context.Context, stdout, stderr io.Writer, steps []Step, run Runner) error {
	for i, s := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		for _, l := range wrap(s.Explain, explainWidth) {
			fmt.Fprintf(stdout, "# %s\n", l)
		}
		fmt.Fprintf(stdout, "$ %s\n", s.Shown)
		if code := run(ctx, s.Args, stdout, stderr); code != 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fmt.Errorf("demo step %q exited with status %d", s.Shown, code)
		}
	}
	return nil
}

// explainWidth is the width explanations are wrapped to, "# " excluded.
const explainWidth = 98

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word stays whole).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}

// Intro is what the demo prints before the tour.
func (d *Demo) Intro() string {
	return fmt.Sprintf(`hansard demo, in %s:
  repo/  a Go package (example.com/fetch) with %d commits by one person, much of it written by agents:
         a Claude Code session added retries (one of its edits failed and was retried),
         the person then changed a line by hand, and a Codex session added GetJSON.
  home/  those two conversations, where Claude Code and Codex keep them.
Every command below runs inside repo/, on an archive inside the demo folder.

`, d.Dir, len(d.Commits))
}

// Outro is what the demo prints after the tour: how to explore the folder,
// or how to keep it.
func (d *Demo) Outro(kept bool) string {
	if !kept {
		return "\nThe demo folder was removed. Run `hansard demo --keep` (or `--dir DIR`) to keep it and try other questions.\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nThe demo folder is kept. To explore it, start a shell of its own (exit it to come back):\n")
	fmt.Fprintf(&b, "  %s\n", d.ShellCommand())
	fmt.Fprintf(&b, "(env.sh sets CLAUDE_CONFIG_DIR and CODEX_HOME too: sourced in your own shell, it would point your agents at the demo folder)\n")
	for _, l := range [][2]string{
		{"hansard why retry.go", "the other file, line by line"},
		{"hansard why client.go:60-70 --json", "Codex's GetJSON, as JSON for scripts"},
		{"hansard show " + ClaudeSession[:8], "the Claude Code conversation, its failed edit included"},
		{"hansard history retries", "both conversations"},
	} {
		fmt.Fprintf(&b, "  %-36s # %s\n", l[0], l[1])
	}
	return b.String()
}
