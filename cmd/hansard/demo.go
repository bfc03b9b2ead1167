package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"hansard/internal/demo"
)

type demoOptions struct {
	dir  string
	keep bool
}

func newDemoCmd(app *App) *cobra.Command {
	var opts demoOptions
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Show hansard at work on a small repository and two agent conversations",
		Long: `Lay out, in a new temporary folder, a small Go repository and a home folder holding the
Claude Code and Codex conversations that wrote parts of it; then index them and ask hansard why
and history about them, printing each command before its answer. The demo has its own archive
and configuration in that folder: yours, and your own transcripts, are neither read nor written.
The folder is removed at the end unless --keep or --dir is given.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDemo(cmd.Context(), app, opts)
		},
	}
	cmd.Flags().StringVar(&opts.dir, "dir", "", "lay the demo out in this folder (new or empty) and keep it")
	cmd.Flags().BoolVar(&opts.keep, "keep", false, "keep the temporary folder")
	return cmd
}

func runDemo(ctx context.Context, app *App, opts demoOptions) error {
	dir, keep := opts.dir, opts.keep || opts.dir != ""
	if dir == "" {
		tmp, err := os.MkdirTemp("", "hansard-demo-")
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		dir = tmp
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	d, err := demo.Layout(ctx, dir)
	if errors.Is(err, demo.ErrNotEmpty) {
		return usageError{fmt.Errorf("--dir: %w", err)}
	}
	if err != nil {
		return err
	}
	steps, err := d.Steps()
	if err != nil {
		return err
	}
	out := app.Streams.Out
	fmt.Fprint(out, d.Intro())
	getenv := d.Getenv(app.Getenv)
	step := func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
		return run(ctx, args, streams{In: app.Streams.In, Out: stdout, Err: stderr}, getenv)
	}
	if err := demo.Run(ctx, out, app.Streams.Err, steps, step); err != nil {
		return err
	}
	fmt.Fprint(out, d.Outro(keep))
	return nil
}
