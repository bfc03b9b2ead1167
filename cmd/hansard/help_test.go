package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
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
	var paths [][]string
	walk(root, func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
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
	for _, path := range helpCommands(t) {
		name := strings.Join(append([]string{"hansard"}, path...), "_")
		var out, errb bytes.Buffer
		code := run(context.Background(), append(path, "--help"), streams{In: strings.NewReader(""), Out: &out, Err: &errb}, func(string) string { return "" })
		if code != 0 {
			t.Errorf("%s --help: exit %d: %s", name, code, errb.String())
			continue
		}
		got := out.String()
		if !strings.Contains(got, "\nExamples:\n") {
			t.Errorf("%s --help has no Examples: section", name)
		}
		golden := filepath.Join("testdata", "help", name+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s: %v (go test -run TestHelpGolden -update writes it)", name, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s --help changed (go test -run TestHelpGolden -update rewrites it):\n%s", name, got)
		}
	}
}

// TestNoRefreshOnlyWhereItMeansSomething: the commands that read new
// transcripts take --no-refresh, the others refuse it.
func TestNoRefreshOnlyWhereItMeansSomething(t *testing.T) {
	for _, path := range helpCommands(t) {
		var out, errb bytes.Buffer
		run(context.Background(), append(path, "--help"), streams{In: strings.NewReader(""), Out: &out, Err: &errb}, func(string) string { return "" })
		has := strings.Contains(out.String(), "--no-refresh")
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
	var out bytes.Buffer
	run(context.Background(), []string{"history", "--help"}, streams{In: strings.NewReader(""), Out: &out, Err: &out}, func(string) string { return "" })
	for _, f := range []string{"--include-web-chats", "--include-team-sessions", "--team", "--mode"} {
		if strings.Contains(out.String(), f+" ") {
			t.Errorf("history --help shows %s, which changes nothing yet", f)
		}
	}
}
