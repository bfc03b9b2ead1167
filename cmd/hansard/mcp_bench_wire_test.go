package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// wireServer is the built server driven by JSON-RPC lines written to its
// standard input and read back from its standard output, with no client
// library between: a call's time is from its request written to the last
// byte of its answer read, the answer decoded only after the clock stops.
type wireServer struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
	id    int
}

func startWire(b *testing.B, bin string, env []string) *wireServer {
	b.Helper()
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
	w := &wireServer{cmd: cmd, in: in, lines: bufio.NewScanner(out)}
	w.lines.Buffer(nil, 1<<24)
	b.Cleanup(w.close)
	w.send(b, "initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "bench", "version": "1"}})
	note, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	if _, err := in.Write(append(note, '\n')); err != nil {
		b.Fatal(err)
	}
	return w
}

// send writes one request and returns its answer's line, a copy.
func (w *wireServer) send(b *testing.B, method string, params any) []byte {
	w.id++
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": w.id, "method": method, "params": params})
	if _, err := w.in.Write(append(msg, '\n')); err != nil {
		b.Fatal(err)
	}
	if !w.lines.Scan() {
		b.Fatalf("%s: no answer: %v", method, w.lines.Err())
	}
	return append([]byte(nil), w.lines.Bytes()...)
}

func (w *wireServer) close() {
	w.in.Close()
	w.cmd.Wait()
}

// wireAnswer is what the benchmark reads of a tool's answer.
type wireAnswer struct {
	ID     int `json:"id"`
	Result struct {
		IsError           bool `json:"isError"`
		StructuredContent struct {
			Hits []struct {
				SessionID    string `json:"session_id"`
				MessageIndex int    `json:"message_index"`
			} `json:"hits"`
		} `json:"structuredContent"`
	} `json:"result"`
}

// wireCalls times, on the wire, each query and a 20-message read around its
// first hit, after one warm-up round, as warmCalls does through the client.
func wireCalls(b *testing.B, bin string, env []string, queries []string) (search, read []float64) {
	w := startWire(b, bin, env)
	call := func(name string, args map[string]any) (float64, wireAnswer) {
		t0 := time.Now()
		line := w.send(b, "tools/call", map[string]any{"name": name, "arguments": args})
		took := ms(time.Since(t0))
		var a wireAnswer
		if err := json.Unmarshal(line, &a); err != nil || a.ID != w.id || a.Result.IsError {
			b.Fatalf("%s %v: %v %.200s", name, args, err, line)
		}
		return took, a
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
