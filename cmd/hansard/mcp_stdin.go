//go:build unix

package main

import (
	"io"
	"os"
	"sync"
	"syscall"
)

// polledStdin is standard input as a file Go's poller waits on, made once
// (kept for the process: a second *os.File of descriptor 0 closes it when
// collected).
var polledStdin = sync.OnceValue(func() *os.File { return os.NewFile(0, os.Stdin.Name()) })

// serverInput returns what the MCP server reads: standard input switched
// to non-blocking mode when it is a pipe (as an MCP client starts the
// server), so that a read waiting for the next request parks in the
// runtime's poller instead of holding a thread in a blocking read, which
// the scheduler then has to take its processor from at every call (about
// a sixth of the server's CPU time per call). restore sets the pipe back
// to blocking mode, for whoever else holds it once the server ends. Any
// other input is returned as it is.
func serverInput(in io.Reader) (r io.Reader, restore func()) {
	if in != os.Stdin {
		return in, func() {}
	}
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return in, func() {}
	}
	if err := syscall.SetNonblock(0, true); err != nil {
		return in, func() {}
	}
	return polledStdin(), func() { syscall.SetNonblock(0, false) }
}
