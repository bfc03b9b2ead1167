package main

import (
	"os"
	"time"

	"github.com/spf13/cobra"

	"hansard/recall"
	"hansard/recall/mcp"
)

func newMCPCmd(app *App) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve hansard's recall tools to coding agents (Model Context Protocol)",
	}
	cmd.AddCommand(newMCPServeCmd(app))
	return cmd
}

type mcpServeOptions struct {
	noMemories bool
	status     bool
	timeout    time.Duration
	delay      time.Duration
}

func newMCPServeCmd(app *App) *cobra.Command {
	var opts mcpServeOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the recall tools over standard input and output",
		Long: `Serve the recall tools to an MCP client over standard input and output:
search_past_sessions, get_past_session, search_memories and get_memory (--no-memories:
without the memory tools; --status: capture_subagent_messages alone).
New transcripts are read in the background while the server runs. Agents are set up to
start it with 'hansard integrate AGENT'.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			tuneServerGC(app.Getenv)
			cwd, _ := os.Getwd()
			host := recall.NewHost(recall.HostOptions{Getenv: app.Getenv, NoRefresh: true, Warn: app.sourceWarning,
				Providers: providers()})
			defer host.Close()
			refresh := time.Duration(0)
			if app.NoRefresh {
				refresh = -1
			}
			srv := mcp.New(host, mcp.Options{
				Version:      version(),
				NoMemories:   opts.noMemories,
				StatusOnly:   opts.status,
				Timeout:      opts.timeout,
				RefreshEvery: refresh,
				Dir:          cwd,
				AgentPID:     os.Getppid(),
				CallDelay:    opts.delay,
			})
			in, restore := serverInput(app.Streams.In)
			defer restore()
			return srv.Serve(cmd.Context(), in, app.Streams.Out)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.noMemories, "no-memories", false, "leave out the memory tools")
	f.BoolVar(&opts.status, "status", false, "serve capture_subagent_messages alone")
	f.DurationVar(&opts.timeout, "call-timeout", mcp.DefaultTimeout, "the longest a tool call may take")
	f.DurationVar(&opts.delay, "test-call-delay", 0, "wait this long at the start of every tool call (for tests)")
	f.MarkHidden("call-timeout")
	f.MarkHidden("test-call-delay")
	return cmd
}
