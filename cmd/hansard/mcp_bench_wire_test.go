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
	call := func(name string, args map[string]any) (float64, mcpwire.Answer) {
		took, a, err := c.Timed(name, args)
		if err != nil {
			b.Fatal(err)
		}
		return ms(took), a
	}
	for _, q := range queries {
		call("search_past_sessions", map[string]any{"query": q})
	}
	for _, q := range queries {
		took, a := call("search_past_sessions", map[string]any{"query": q})
		search = append(search, took)
		if len(a.Result.StructuredContent.Hits) == 0 {
			continue
		}
		h := a.Result.StructuredContent.Hits[0]
		took, _ = call("get_past_session", map[string]any{"session_id": h.SessionID, "around": h.MessageIndex, "limit": 20})
		read = append(read, took)
	}
	return search, read
}
