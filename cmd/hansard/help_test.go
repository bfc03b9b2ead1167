package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpCommands returns the path of every command a person can run, root
// first.
func helpCommands(t *testing.T) [][]string {
	t.Helper()
	app := &App{Getenv: func(string) string { return "" }}
	root := &cobra.Command{Use: "hansard"}
	for _, c := range commands() {
		root.AddCommand(c(app))
	}
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	var paths [][]string
	walk(root, func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		paths = append(paths, strings.Fields(c.CommandPath())[1:])
	})
	return paths
}

// TestHelpGolden compares every command's help with its golden text
// (testdata/help/*.txt; go test -run TestHelpGolden -update rewrites
// them), and checks that each has an Examples: section.
func TestHelpGolden(t *testing.T) {
	t.Parallel()
	for _, path := range helpCommands(t) {
		name := strings.Join(append([]string{"hansard"}, path...), "_")
		got, errOut, code := runIn(t, "", nil, append(path, "--help")...)
		if code != 0 {
			t.Errorf("%s --help: exit %d: %s", name, code, errOut)
			continue
		}
		if !strings.Contains(got, "\nExamples:\n") {
			t.Errorf("%s --help has no Examples: section", name)
		}
		golden(t, "help/"+name+".txt", got)
	}
}

// TestNoRefreshOnlyWhereItMeansSomething: the commands that read new
// transcripts take --no-refresh, the others refuse it.
func TestNoRefreshOnlyWhereItMeansSomething(t *testing.T) {
	t.Parallel()
	for _, path := range helpCommands(t) {
		out, _, _ := runIn(t, "", nil, append(path, "--help")...)
		has := strings.Contains(out, "--no-refresh")
		want := false
		for _, r := range refreshing {
			want = want || strings.Join(path, " ") == r
		}
		if has != want {
			t.Errorf("hansard %s --help: --no-refresh shown %v, want %v", strings.Join(path, " "), has, want)
		}
	}
}

// TestInertFlagsHidden: flags that change nothing yet are not in help.
func TestInertFlagsHidden(t *testing.T) {
	t.Parallel()
	out, _, _ := runIn(t, "", nil, "history", "--help")
	for _, f := range []string{"--include-web-chats", "--include-team-sessions", "--team"} {
		if strings.Contains(out, f+" ") {
			t.Errorf("history --help shows %s, which changes nothing yet", f)
		}
	}
	if !strings.Contains(out, "--mode ") {
		t.Error("history --help hides --mode")
	}
}

// readmeNotHansard are --flags the README names that belong to other
// programs it shows (go, git, the agents).
var readmeNotHansard = map[string]bool{
	"follow":     true, // git log --follow
	"vimgrep":    true, // rg --vimgrep
	"embeddings": true, // llama-server --embeddings
}

// TestReadmeFlagsExist: every --flag the README names is a flag of some
// hansard command (hidden and earlier names included).
func TestReadmeFlagsExist(t *testing.T) {
	t.Parallel()
	text, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	app := &App{Getenv: func(string) string { return "" }}
	root := &cobra.Command{Use: "hansard"}
	for _, c := range commands() {
		root.AddCommand(c(app))
	}
	root.InitDefaultCompletionCmd()
	finishHelp(root, &app.NoRefresh)
	addColorFlag(root, app)
	known := map[string]bool{"help": true, "version": true}
	walk(root, func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) { known[f.Name] = true })
		c.PersistentFlags().VisitAll(func(f *pflag.Flag) { known[f.Name] = true })
	})
	var missing []string
	seen := map[string]bool{}
	if got := readmeFlags("a `--x-y` b--c (--d --9 -e"); strings.Join(got, " ") != "x-y d" {
		t.Fatalf("readmeFlags = %q", got)
	}
	for _, name := range readmeFlags(string(text)) {
		if seen[name] || known[name] || readmeNotHansard[name] {
			continue
		}
		seen[name] = true
		missing = append(missing, "--"+name)
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("the README names flags no command has: %s", strings.Join(missing, " "))
	}
}

// readmeFlags returns the names of the --flags in text: "--" after a
// space, a backquote or an opening bracket, then lower-case letters,
// digits and dashes.
func readmeFlags(text string) []string {
	var names []string
	for i := strings.Index(text, "--"); i >= 0; i = nextFlag(text, i+2) {
		if i > 0 && !strings.ContainsRune(" \n\t`([|/", rune(text[i-1])) {
			continue
		}
		end := i + 2
		for end < len(text) && (text[end] == '-' || text[end] >= 'a' && text[end] <= 'z' || text[end] >= '0' && text[end] <= '9') {
			end++
		}
		if end > i+2 && text[i+2] >= 'a' && text[i+2] <= 'z' {
			names = append(names, text[i+2:end])
		}
	}
	return names
}

func nextFlag(text string, from int) int {
	j := strings.Index(text[from:], "--")
	if j < 0 {
		return -1
	}
	return from + j
}
