//go:build cgo

package symbols

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestSkippedFilesAreCountedNotFailed(t *testing.T) {
	p := NewParser(Options{MaxBytes: 64 << 10})
	ctx := context.Background()
	broken := "package a\n\nfunc ok() {}\n" + strings.Repeat("}}} func ((( := := ]]\n", 20)
	for _, tc := range []struct {
		name, src string
		want      SkipReason
	}{
		{"notes.txt", "func A() {}", SkipUnsupported},
		{"Makefile", "all:\n", SkipUnsupported},
		{"big.go", "package a\n" + strings.Repeat("// filler line of a generated file\n", 2000), SkipTooLarge},
		{"broken.go", broken, SkipParseErrors},
	} {
		f, err := p.Parse(ctx, tc.name, []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if f.Skipped != tc.want || len(f.Symbols) != 0 {
			t.Errorf("%s: skipped %q with %d symbols, want %q and none", tc.name, f.Skipped, len(f.Symbols), tc.want)
		}
	}
	st := p.Stats()
	want := map[SkipReason]int{SkipUnsupported: 2, SkipTooLarge: 1, SkipParseErrors: 1}
	if fmt.Sprint(st.Skipped) != fmt.Sprint(want) || st.Parsed != 0 {
		t.Errorf("stats %+v, want skipped %v and nothing parsed", st, want)
	}
}

func TestAFewParseErrorsKeepTheSymbols(t *testing.T) {
	src := "package a\n\nfunc A() {}\n\nfunc B() { x := 1 @@ 2 }\n\nfunc C() {}\n"
	f := parseText(t, "a.go", src)
	if f.ErrorShare <= 0 || f.ErrorShare > DefaultMaxErrorShare {
		t.Errorf("error share %.3f, want a little", f.ErrorShare)
	}
	checkLines(t, "symbols", describe(f), []string{
		"function A 3-3 @3",
		"function B 5-5 @5",
		"function C 7-7 @7",
	})
}

func TestTimeoutSkipsAndIsNotCached(t *testing.T) {
	var b strings.Builder
	b.WriteString("package big\n")
	for i := 0; b.Len() < 300<<10; i++ {
		fmt.Fprintf(&b, "func F%d(a, b int) int { if a > b { return a - b }; return b * %d }\n", i, i)
	}
	src := []byte(b.String())
	cache := NewLRU(8)
	slow := NewParser(Options{Timeout: time.Microsecond, Cache: cache})
	f, err := slow.Parse(context.Background(), "big.go", src)
	if err != nil || f.Skipped != SkipTimeout {
		t.Fatalf("parse with a 1µs limit: skipped %q, %v; want %q", f.Skipped, err, SkipTimeout)
	}
	if cache.Len() != 0 {
		t.Error("a timed-out parse was cached")
	}
	// The grammar's pooled parser was reset: a parse with time to spare
	// reads the whole file.
	f, err = NewParser(Options{Cache: cache}).Parse(context.Background(), "big.go", src)
	if err != nil || f.Skipped != "" || len(f.Symbols) < 1000 {
		t.Fatalf("parse after a timeout: skipped %q, %d symbols, %v", f.Skipped, len(f.Symbols), err)
	}
}

func TestCancelledContextIsAnError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewParser(Options{}).Parse(ctx, "a.go", []byte("package a\n"))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

func TestParsesUnderCancellableContexts(t *testing.T) {
	// A context cancelled right after a parse must not spoil the next one
	// (the grammar's parsers are pooled).
	p := NewParser(Options{Cache: NewLRU(1)})
	for i := range 50 {
		ctx, cancel := context.WithCancel(context.Background())
		f, err := p.Parse(ctx, "a.go", []byte(fmt.Sprintf("package a\n\nfunc F%d() {}\n", i)))
		cancel()
		if err != nil || f.Skipped != "" || len(f.Symbols) != 1 {
			t.Fatalf("parse %d: %v, skipped %q, %d symbols", i, err, f.Skipped, len(f.Symbols))
		}
	}
}

// lateCancel is a context cancelled once it is watched: Done is closed,
// and Err reports the cancellation once Done was called. To a parse, it is
// a cancellation that comes after its checks of ctx, while it runs.
type lateCancel struct {
	context.Context
	done    chan struct{}
	watched atomic.Bool
}

func (c *lateCancel) Done() <-chan struct{} {
	c.watched.Store(true)
	return c.done
}

func (c *lateCancel) Err() error {
	if c.watched.Load() {
		return context.Canceled
	}
	return nil
}

func TestCancellingStopsAParse(t *testing.T) {
	src := genGo(DefaultMaxBytes - 4096)
	ctx := &lateCancel{Context: context.Background(), done: make(chan struct{})}
	close(ctx.done)
	// The time limit is the clock's: on a loaded machine a whole parse of
	// this file can take longer than the default, which is not what this
	// test is about.
	p := NewParser(Options{Cache: NewLRU(4), Timeout: 10 * time.Minute})
	f, err := p.Parse(ctx, "big.go", src)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a parse cancelled while it runs: %v, %d symbols; want context.Canceled", err, len(f.Symbols))
	}
	// The grammar's state, its cancellation flag cleared, parses the next
	// file in full.
	f, err = p.Parse(context.Background(), "big.go", src)
	if err != nil || f.Skipped != "" || len(f.Symbols) < 10000 {
		t.Fatalf("parse after a cancelled one: %v, skipped %q, %d symbols", err, f.Skipped, len(f.Symbols))
	}
}
