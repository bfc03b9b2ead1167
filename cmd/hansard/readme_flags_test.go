package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// readmeNotHansard are --flags the README names that belong to other
// programs it shows (go, git, the agents).
var readmeNotHansard = map[string]bool{
	"follow":  true, // git log --follow
	"vimgrep": true, // rg --vimgrep
}

// TestReadmeFlagsExist: every --flag the README names is a flag of some
// hansard command (hidden and earlier names included).
func TestReadmeFlagsExist(t *testing.T) {
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
	for _, m := range regexp.MustCompile("(?:^|[\\s`(\\[|/])--([a-z][a-z0-9-]*)").FindAllStringSubmatch(string(text), -1) {
		name := m[1]
		if seen[name] || known[name] || readmeNotHansard[name] {
			continue
		}
		seen[name] = true
		missing = append(missing, "--"+name)
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the README names flags no command has: %s", strings.Join(missing, " "))
	}
}
