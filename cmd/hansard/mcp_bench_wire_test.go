package main

import (
	"os"
	"os/exec"
	"testing"

	"hansard/fixtures/mcpwire"
)

// wireCalls times, on the wire (raw JSON-RPC lines to the built server's
// standard input, its answer read to the last byte, see mcpwire), each
// query and a 20-message read around its first hit, after one warm-up
// round, as warmCalls does through the client.
func wireCalls(b *testing.B, bin string, env []string, queries []string) (search, read []float64) {
	cmd := exec.Command(bin, "mcp", "serve")
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		in.Close()
		cmd.Wait()
	}()
	c := mcpwire.New(in, out)
	if err := c.Initialize(); err != nil {
		b.Fatal(err)
	}
	for _, q := range queries {
		c.Bench(b, "search_past_sessions", map[string]any{"query": q})
	}
	return c.SearchThenRead(b, queries)
}
