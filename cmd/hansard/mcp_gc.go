package main

import "runtime/debug"

// serverGCPercent is the garbage collector's target of the MCP server:
// its live heap is a few megabytes, which at Go's default (100) is
// collected every few megabytes allocated, several times per call, a
// tenth of the CPU time of its answers. Four times the live heap between
// collections keeps it to tens of megabytes.
const serverGCPercent = 400

// tuneServerGC sets the server's garbage collector target, unless the user
// set one with GOGC.
func tuneServerGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(serverGCPercent)
	}
}
