package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"
)

// commands lists every top-level command. A command lives in its own file
// as a constructor taking the shared *App; add it here. It is a function
// because demo runs the other commands through run.
func commands() []func(*App) *cobra.Command {
	return []func(*App) *cobra.Command{
		newIndexCmd,
		newStatusCmd,
		newHistoryCmd,
		newShowCmd,
		newMemoryCmd,
		newWhyCmd,
		newBlameCmd,
		newLogCmd,
		newContextCmd,
		newStatsCmd,
		newMCPCmd,
		newDemoCmd,
		newIntegrateCmd,
	}
}

// streams are the command's standard streams.
type streams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// run executes one command line and returns the process exit code.
func run(ctx context.Context, args []string, s streams, getenv func(string) string) int {
	return runApp(ctx, &App{Streams: s, Getenv: getenv}, args)
}

// runApp executes one command line with app, closes app's host and
// returns the exit code.
func runApp(ctx context.Context, app *App, args []string) int {
	cmd, err := execute(ctx, app, args)
	app.Close()
	return exitOf(app, cmd, err, args)
}

// exitOf prints the error of the command run (when any) and returns its
// exit code.
func exitOf(app *App, cmd *cobra.Command, err error, args []string) int {
	return exitCode(nameTypedFlags(cmd, err), cmd, app.Streams.Err, jsonOutput(cmd, args))
}

// execute runs one command line with app, leaving its host open, and
// returns the command run and its error.
func execute(ctx context.Context, app *App, args []string) (*cobra.Command, error) {
	s := app.Streams
	root := &cobra.Command{
		Use:           "hansard",
		Short:         "Which AI conversation wrote this code, and why",
		Long:          "hansard archives coding-agent transcripts (Claude Code, Codex) in one local SQLite file and\nanswers which conversation wrote a line of code, and why.",
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.SetArgs(args)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	for _, c := range commands() {
		root.AddCommand(c(app))
	}
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	finishHelp(root, &app.NoRefresh)
	addCompletions(root, app)
	addColorFlag(root, app)
	friendlyArgs(root)
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) { app.jsonMode = jsonOutput(cmd, nil) }
	return root.ExecuteContextC(ctx)
}
