package main

import (
	"math"
	"runtime/debug"
)

// holdGC keeps the garbage collector off in a short-lived query (an editor
// asking why on hover) until its heap reaches heapLimit: collecting
// costs a tenth of a cold answer's time, and the process exits before its
// garbage matters. Past the limit the collector runs as usual.
func holdGC() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(heapLimit)
}

// heapLimit is the heap every command keeps under unless GOMEMLIMIT says
// otherwise: past it the garbage collector runs more often instead of
// letting the heap double. Indexing a transcript line of tens of megabytes
// makes a few short-lived copies of it; without the limit the heap would
// grow to twice what they take, and the process past 250 MB.
const heapLimit = 96 << 20

// limitHeap sets heapLimit as the soft memory limit, unless GOMEMLIMIT set
// one.
func limitHeap() {
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(heapLimit)
	}
}
