package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"hansard/integrate"
)

type integrateOptions struct {
	noMemories, dryRun, remove bool
}

func newIntegrateCmd(app *App) *cobra.Command {
	var opts integrateOptions
	cmd := &cobra.Command{
		Use:   "integrate claude|codex|cursor|gemini",
		Short: "Add hansard's MCP server and instructions to an agent's own configuration",
		Long: `Write hansard's MCP server (this binary, "mcp serve") into the agent's user-level MCP
configuration, and short managed instructions (when to call which tool) into its user
instruction file. Only hansard's own entry and block change; each changed file is backed up
next to itself first. Running it again changes nothing; --remove takes both out again.`,
		ValidArgs: integrate.Names(),
		Args:      cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runIntegrate(app, args[0], opts)
		},
	}
	cmd.Flags().BoolVar(&opts.noMemories, "no-memories", false, "leave the memory tools out of the server and the instructions")
	cmd.Flags().BoolVar(&opts.dryRun, "dry-run", false, "print what would change, as diffs, and write nothing")
	cmd.Flags().BoolVar(&opts.remove, "remove", false, "take out what integrate wrote")
	return cmd
}

func runIntegrate(app *App, name string, opts integrateOptions) error {
	agent, err := integrate.Lookup(name)
	if err != nil {
		return usageError{err}
	}
	exe, err := integrate.Executable()
	if err != nil {
		return err
	}
	if !opts.remove && integrate.TemporaryBuild(exe) {
		app.warn(warnIntegrate, exe+" is a temporary build that goes away with its `go run`; build hansard into a lasting place and run integrate from there")
	}
	r, err := integrate.Run(integrate.Options{
		Agent:      agent,
		Command:    exe,
		NoMemories: opts.noMemories,
		Remove:     opts.remove,
		DryRun:     opts.dryRun,
		Env:        integrate.Env(app.Getenv),
	})
	if err != nil {
		printChanges(app.Streams.Out, r) // the files changed before the one that failed
		return err
	}
	for _, w := range r.Warnings {
		app.warn(warnIntegrate, w)
	}
	printIntegration(app.Streams.Out, r)
	return nil
}

var wouldDo = map[integrate.Action]string{integrate.Created: "create", integrate.Updated: "update", integrate.Deleted: "delete"}

// printIntegration says which files changed, with their backups (diffs
// for a dry run), and how the agent picks the change up.
func printIntegration(w io.Writer, r integrate.Report) {
	a := r.Agent
	if !r.Changed() {
		what := "hansard's server and instructions"
		if a.NoInstructions != "" {
			what = "hansard's server"
		}
		if r.Remove {
			fmt.Fprintf(w, "%s does not have %s; nothing changed.\n", a.Title, what)
		} else {
			fmt.Fprintf(w, "%s already has %s; nothing changed.\n", a.Title, what)
		}
		return
	}
	printChanges(w, r)
	if a.NoInstructions != "" && !r.Remove {
		fmt.Fprintln(w, a.NoInstructions)
	}
	if r.DryRun {
		fmt.Fprintln(w, "Dry run: nothing was written.")
		return
	}
	fmt.Fprintln(w, a.Reload)
}

// printChanges prints a line per changed file (with its diff for a dry run).
func printChanges(w io.Writer, r integrate.Report) {
	for _, f := range r.Files {
		switch {
		case f.Action == integrate.Unchanged:
		case r.DryRun:
			fmt.Fprintf(w, "would %s %s\n%s", wouldDo[f.Action], f.Path, f.Diff)
		case f.Backup != "":
			fmt.Fprintf(w, "%s %s (backup: %s)\n", f.Action, f.Path, f.Backup)
		default:
			fmt.Fprintf(w, "%s %s\n", f.Action, f.Path)
		}
	}
}
