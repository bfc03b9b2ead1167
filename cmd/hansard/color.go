package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
)

// colorModes are the values of --color.
var colorModes = []string{"auto", "always", "never"}

// painting lists the commands whose readable output is styled (by path
// without the leading "hansard "): only they take --color.
var painting = []string{"why", "history", "show", "blame", "log", "context", "status", "memory search", "memory show"}

// colorValue is the value of --color, checked when it is set.
type colorValue struct{ mode *string }

func (c colorValue) String() string { return *c.mode }
func (c colorValue) Type() string   { return "when" }
func (c colorValue) Set(s string) error {
	if !slices.Contains(colorModes, s) {
		return fmt.Errorf("%q: want auto, always or never", s)
	}
	*c.mode = s
	return nil
}

// addColorFlag gives the commands that paint their output --color.
func addColorFlag(root *cobra.Command, app *App) {
	app.Color = "auto"
	walk(root, func(c *cobra.Command) {
		if path := strings.TrimPrefix(c.CommandPath(), root.Name()+" "); c != root && slices.Contains(painting, path) {
			c.Flags().Var(colorValue{&app.Color}, "color", "colour the output: auto (on a terminal), always or never")
			c.RegisterFlagCompletionFunc("color", cobra.FixedCompletions(colorModes, cobra.ShellCompDirectiveNoFileComp))
		}
	})
}

// colorOn decides whether output is coloured, as other tools do: --color
// always or never first; then NO_COLOR (set: never); then CLICOLOR_FORCE
// or FORCE_COLOR (set and not 0: always); then TERM=dumb (never); else
// when standard output is a terminal.
func colorOn(app *App) bool {
	switch app.Color {
	case "always":
		return true
	case "never":
		return false
	}
	if app.Getenv("NO_COLOR") != "" {
		return false
	}
	for _, k := range []string{"CLICOLOR_FORCE", "FORCE_COLOR"} {
		if v := app.Getenv(k); v != "" && v != "0" {
			return true
		}
	}
	if app.Getenv("TERM") == "dumb" {
		return false
	}
	return stdoutTerminal(app)
}

// stdoutTerminal reports whether app's standard output is a terminal.
func stdoutTerminal(app *App) bool {
	f, ok := app.Streams.Out.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
