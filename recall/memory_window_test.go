package recall

import (
	"fmt"
	"strings"
	"testing"
)

func intp(n int) *int { return &n }

// TestMemoryWindow cuts a memory's text into windows that start at a
// complete line: centred on a line, from an offset (which wins over a
// line), truncated with the offset that continues them.
func TestMemoryWindow(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "line %03d\n", i) // 9 characters each
	}
	text := b.String()
	tests := []struct {
		name                 string
		line, offset         *int
		max                  int
		start, end, from, nx int // lines, offset, next offset (-1: none)
	}{
		{name: "start", max: 90, start: 1, end: 10, from: 0, nx: 90},
		{name: "whole", max: 4000, start: 1, end: 100, from: 0, nx: -1},
		{name: "centred", line: intp(50), max: 90, start: 45, end: 54, from: 396, nx: 486},
		{name: "centred near the start", line: intp(2), max: 90, start: 1, end: 10, from: 0, nx: 90},
		{name: "centred near the end", line: intp(100), max: 90, start: 91, end: 100, from: 810, nx: -1},
		{name: "offset wins", line: intp(50), offset: intp(90), max: 90, start: 11, end: 20, from: 90, nx: 180},
		{name: "offset mid-line", offset: intp(95), max: 20, start: 11, end: 12, from: 95, nx: 108},
		{name: "a partial line is not taken", line: intp(1), max: 13, start: 1, end: 1, from: 0, nx: 9},
	}
	for _, tc := range tests {
		w, err := memoryWindow(text, tc.line, tc.offset, tc.max)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if w.lineStart != tc.start || w.lineEnd != tc.end || w.offset != tc.from || w.next != tc.nx || w.total != len(text) {
			t.Errorf("%s: lines %d-%d from %d next %d, want %d-%d from %d next %d", tc.name, w.lineStart, w.lineEnd, w.offset, w.next, tc.start, tc.end, tc.from, tc.nx)
		}
		if w.text != text[w.offset:w.offset+len(w.text)] || len(w.text) > tc.max {
			t.Errorf("%s: text %q", tc.name, w.text)
		}
	}
	long := strings.Repeat("x", 50) + "\nshort\n"
	w, _ := memoryWindow(long, intp(1), nil, 20)
	if w.text != strings.Repeat("x", 20) || w.next != 20 || w.lineStart != 1 || w.lineEnd != 1 {
		t.Errorf("a line longer than the window: %+v", w)
	}
	if _, err := memoryWindow(text, intp(101), nil, 90); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("line past the end: %v", err)
	}
	if _, err := memoryWindow(text, nil, intp(len(text)+1), 90); ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("offset past the end: %v", err)
	}
}
