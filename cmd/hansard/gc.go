package main

import "runtime/debug"

// shortLivedHeap is the heap a short query may grow to before the garbage
// collector runs.
const shortLivedHeap = 128 << 20

// holdGC keeps the garbage collector off in a short-lived query (an editor
// asking why on hover) until its heap reaches shortLivedHeap: collecting
// costs a tenth of a cold answer's time, and the process exits before its
// garbage matters. Past the limit the collector runs as usual.
func holdGC() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(shortLivedHeap)
}
