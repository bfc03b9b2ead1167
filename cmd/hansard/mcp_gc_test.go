package main

import (
	"runtime/debug"
	"testing"
)

// TestTuneServerGC: the server sets its collector's target unless GOGC
// names one.
func TestTuneServerGC(t *testing.T) {
	was := debug.SetGCPercent(100)
	defer debug.SetGCPercent(was)
	tuneServerGC(func(k string) string { return map[string]string{"GOGC": "50"}[k] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: target %d, want it left at 100", got)
	}
	tuneServerGC(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != serverGCPercent {
		t.Errorf("target %d, want %d", got, serverGCPercent)
	}
}
