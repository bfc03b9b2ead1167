package archive

import (
	"context"
	"testing"
	"time"

	"hansard/fixtures/gen"
)

// The fixed costs of a query command (`hansard why` on hover): open the
// archive, read the remembered path maps, refresh with nothing changed,
// close. Measured on an archive of about 500 transcripts.
//
//	go test ./archive -run '^$' -bench 'QueryFixed' -benchtime 200x

// indexedArchive returns the folder of an archive holding a generated
// home of about 500 transcripts, and that home.
func indexedArchive(b *testing.B) (string, *benchHome) {
	b.Helper()
	home := generatedHome(b, "query-500", gen.Options{Sessions: 500, TargetBytes: 20 << 20, SubagentRatio: -1, Seed: 11})
	dir := b.TempDir()
	ctx := context.Background()
	// The home was just written: a clock an hour ahead lets the refresh
	// trust its folders at once (see racyMargin).
	later := func() time.Time { return time.Now().Add(time.Hour) }
	a, err := Open(ctx, Options{Dir: dir, Now: later})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := a.Refresh(ctx, realProviders(), homeEnv(home.dir), RefreshOptions{}); err != nil {
		b.Fatal(err)
	}
	if err := a.Close(); err != nil {
		b.Fatal(err)
	}
	return dir, home
}

// BenchmarkQueryFixed measures each fixed cost of a query command apart
// (open, refresh, close) and all together (command).
func BenchmarkQueryFixed(b *testing.B) {
	dir, home := indexedArchive(b)
	ctx := context.Background()
	open := func(b *testing.B) *Archive {
		a, err := Open(ctx, Options{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := a.ExtraPathMaps(ctx); err != nil {
			b.Fatal(err)
		}
		return a
	}
	refresh := func(b *testing.B, a *Archive) {
		if _, err := a.AttachedPathMaps(ctx); err != nil {
			b.Fatal(err)
		}
		res, err := a.Refresh(ctx, realProviders(), homeEnv(home.dir), RefreshOptions{NoWait: true})
		if err != nil {
			b.Fatal(err)
		}
		if res.Unchanged != home.stats.Files {
			b.Fatalf("refresh read files: %+v (%d files)", res, home.stats.Files)
		}
	}
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			a := open(b)
			b.StopTimer()
			a.Close()
			b.StartTimer()
		}
	})
	b.Run("refresh", func(b *testing.B) {
		a := open(b)
		defer a.Close()
		b.ReportMetric(float64(home.stats.Files), "files")
		for b.Loop() {
			refresh(b, a)
		}
	})
	b.Run("close", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			a := open(b)
			refresh(b, a)
			b.StartTimer()
			if err := a.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("command", func(b *testing.B) {
		for b.Loop() {
			a := open(b)
			refresh(b, a)
			if err := a.Close(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
