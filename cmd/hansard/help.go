package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// examples are the Examples: sections of the commands' help, by command
// path without the leading "hansard ".
var examples = map[string]string{
	"": `  hansard why client.go:52          # which conversation wrote line 52, and why
  hansard history retry backoff     # search this repository's past conversations
  hansard show 7b3f2c1e --around 13 # read a conversation around a message
  hansard demo                      # see it work on a small example`,
	"why": `  hansard why client.go:52
  hansard why client.go:40-60
  hansard why client.go#L79-L90     # as a code host links it
  hansard why client.go:52:7        # as compilers and rg --vimgrep print it
  hansard why client.go:Fetch       # the lines of a function, method or type
  hansard why client.go --json
  hansard why --rev HEAD~3 client.go:52
  echo client.go:52 | hansard why --stdin --porcelain`,
	"history": `  hansard history retry backoff
  hansard history "exponential backoff" --since "3 days ago"
  hansard history --file client.go --since 2w
  hansard history --commit 529ed3c --json
  hansard history --all-repos --provider codex --until yesterday
  hansard history migration --roles user -n 3`,
	"log": `  hansard log client.go
  hansard log client.go:52          # the edit that wrote line 52, and its conversation
  hansard log client.go --symbol Fetch
  hansard log client.go --until 2026-03-01 --budget 1000
  hansard log client.go --json`,
	"context": `  hansard context                   # the latest conversation of this repository
  hansard context 7b3f2c1e
  hansard context 7b3f2c1e --budget 1000 --json`,
	"show": `  hansard show 7b3f2c1e
  hansard show 7b3f2c1e --around 13 --limit 5
  hansard show 7b3f2c1e --roles user
  hansard show 7b3f2c1e --around 13 --limit 1 --max-message-chars 100000
  hansard show 7b3f2c1e --json`,
	"memory": `  hansard memory search deploy
  hansard memory show m12 --line 40`,
	"memory search": `  hansard memory search deploy
  hansard memory search "error handling" --repo . --provider claude
  hansard memory search tests --source AGENTS.md --json`,
	"memory show": `  hansard memory show m12
  hansard memory show m12 --line 40
  hansard memory show m12 --offset 4000
  hansard memory show m12@1          # its first version`,
	"index": `  hansard index
  hansard index --rebuild
  hansard index --map /home/dana/src/webapp=/Users/dana/src/webapp
  hansard index --maps
  hansard index --unmap /home/dana/src/webapp`,
	"index pause":  `  hansard index pause`,
	"index resume": `  hansard index resume`,
	"status": `  hansard status
  hansard status --json`,
	"mcp": `  hansard mcp serve
  hansard integrate claude          # have Claude Code start it`,
	"mcp serve": `  hansard mcp serve
  hansard mcp serve --no-memories
  hansard mcp serve --status`,
	"demo": `  hansard demo
  hansard demo --dir /tmp/hansard-demo`,
	"integrate": `  hansard integrate claude --dry-run
  hansard integrate codex
  hansard integrate claude --remove`,
	"help": `  hansard help why
  hansard help memory search`,
	"completion bash":       `  source <(hansard completion bash)`,
	"completion zsh":        `  hansard completion zsh > "${fpath[1]}/_hansard"`,
	"completion fish":       `  hansard completion fish > ~/.config/fish/completions/hansard.fish`,
	"completion powershell": `  hansard completion powershell | Out-String | Invoke-Expression`,
	"completion": `  source <(hansard completion bash)
  hansard completion zsh > "${fpath[1]}/_hansard"
  hansard completion fish > ~/.config/fish/completions/hansard.fish`,
}

// refreshing lists the commands that read new transcripts before
// answering: only they take --no-refresh.
var refreshing = []string{"why", "blame", "log", "context", "stats", "history", "show", "memory search", "memory show", "mcp serve"}

// inertFlags are flags that cannot change an answer yet (no web chats or
// Team conversations are archived): hidden from help, kept so that
// scripts written against the MCP tools' fields keep working.
var inertFlags = map[string][]string{
	"history": {"include-web-chats", "include-team-sessions", "team"},
}

// finishHelp gives every command under root its examples, --no-refresh
// where it means something, and hides the flags that do nothing yet.
func finishHelp(root *cobra.Command, noRefresh *bool) {
	walk(root, func(c *cobra.Command) {
		path := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), root.Name()), " ")
		if ex, ok := examples[path]; ok && c.Example == "" {
			c.Example = ex
		}
		for _, name := range inertFlags[path] {
			c.Flags().MarkHidden(name)
		}
		for _, r := range refreshing {
			if path == r {
				c.Flags().BoolVar(noRefresh, "no-refresh", false,
					"answer from what is archived, without first reading new transcripts")
			}
		}
	})
}

// walk calls f on c and every command under it.
func walk(c *cobra.Command, f func(*cobra.Command)) {
	f(c)
	for _, sub := range c.Commands() {
		walk(sub, f)
	}
}
