//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestMCPPolledStdin: the server reads a pipe on its standard input in
// non-blocking mode while it runs, answers through it, and sets the pipe
// back to blocking mode when its input ends.
func TestMCPPolledStdin(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(w.bin, "mcp", "serve")
	cmd.Dir = w.repo
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "a")}
	cmd.Stdin = r
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	fd := r.Fd() // once: Fd sets the descriptor to blocking mode each time
	nonblocking := func() bool {
		flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		if errno != 0 {
			t.Fatal(errno)
		}
		return flags&syscall.O_NONBLOCK != 0
	}
	if _, err := wr.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_past_sessions","arguments":{"query":"coupon"}}}` + "\n"); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	lines.Buffer(nil, 1<<20)
	for i := range 2 {
		if !lines.Scan() {
			t.Fatalf("answer %d: %v", i+1, lines.Err())
		}
	}
	if !strings.Contains(lines.Text(), "abcd2222") {
		t.Errorf("search answer %s", lines.Text())
	}
	if !nonblocking() {
		t.Error("the server reads its input pipe in blocking mode")
	}
	wr.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("mcp serve: %v", err)
	}
	if nonblocking() {
		t.Error("the input pipe is left in non-blocking mode")
	}
}
