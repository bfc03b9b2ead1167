package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestCompactAfterRebuild: a rebuild leaves the old rows' pages free in
// the file and their deletes in the full-text indexes' segments; Compact
// gives the pages back, so that the file is no larger than after the
// first index, and merges each index into one segment.
func TestCompactAfterRebuild(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	for s := range 4 {
		lines := sessionLines(fmt.Sprintf("s%d", s), "/w")
		for i := range 400 {
			lines = append(lines, fmt.Sprintf(`{"t":"msg","role":"user","text":"parse_config step %d of session %d, with some words to index"}`, i, s))
			if i%20 == 0 { // tool inputs and whole outputs have indexes of their own
				lines = append(lines,
					fmt.Sprintf(`{"t":"call","id":"k%d","name":"Bash","input":{},"search":"grep -rn parse_config step %d"}`, i, i),
					fmt.Sprintf(`{"t":"result","id":"k%d","text":"a preview","full":"the whole output of step %d, parse_config found"}`, i, i))
			}
		}
		e.write(fmt.Sprintf("s%d.jsonl", s), lines...)
	}
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	size := func() int64 {
		if _, err := a.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(filepath.Join(e.dir, "hansard.db"))
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	first := size()
	rows := dump(t, a)
	e.refresh(a, RefreshOptions{Rebuild: true})
	rebuilt := size()
	before := segments(t, a)
	if err := a.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	compacted := size()
	after := segments(t, a)
	for _, table := range compactedIndexes {
		if after[table] > 1 {
			t.Errorf("%s: %d segments after Compact (%d before), want one at most", table, after[table], before[table])
		}
	}
	for _, table := range []string{"inputs_fts", "full_results_fts"} {
		if before[table] < 2 {
			t.Errorf("%s: %d segments after the rebuild: the test means Compact to merge several", table, before[table])
		}
	}
	if compacted > first || compacted >= rebuilt {
		t.Errorf("sizes: first index %d, rebuilt %d, compacted %d: want compacted ≤ first and < rebuilt", first, rebuilt, compacted)
	}
	if dump(t, a) != rows {
		t.Error("Compact changed the archive's rows")
	}
}

// segments counts the segments of each full-text index (each has one row
// or more in the index's _idx table).
func segments(t *testing.T, a *Archive) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range compactedIndexes {
		var n int
		if err := a.db.QueryRowContext(context.Background(), `SELECT count(DISTINCT segid) FROM `+table+`_idx`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}
