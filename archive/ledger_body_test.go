package archive

import (
	"context"
	"reflect"
	"testing"
)

func TestLedgerBodyRoundTrip(t *testing.T) {
	t.Parallel()
	for _, lines := range [][]LedgerLineRow{
		nil,
		{{Pos: 0, Text: "a := 2", KeyHash: 42}},
		{{Pos: 3, Text: "", KeyHash: 0, Trivial: true}, {Pos: 4, Text: "  spaced  out ", KeyHash: -9}, {Pos: 5, Text: "}", KeyHash: 7, Trivial: true}},
		{{Pos: 1, Text: "\tx := \"1 2 3\"\r", KeyHash: 1 << 62}},
	} {
		got, err := decodeBody(encodeBody(lines))
		if err != nil || !reflect.DeepEqual(got, lines) {
			t.Errorf("round trip of %+v = %+v, %v", lines, got, err)
		}
	}
	for _, bad := range []string{"x 0 1 a", "1 2 3 a", "1 0", "1 0 h a", "1 0 1 a\nnope"} {
		if _, err := decodeBody(bad); err == nil {
			t.Errorf("decodeBody(%q): no error", bad)
		}
	}
}

// TestMigrateLedgerBodies opens an archive whose ledger was written before
// entries kept their lines in one column: the migration fills it from the
// line rows, and candidates read the same lines.
func TestMigrateLedgerBodies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	archiveAt(t, dir, 8,
		`INSERT INTO ledger_entries (id, session_id, call_id, seq, repo_root, path, message_idx, ts, version)
			VALUES (1, 's', 'c', 0, '/r', 'a.go', 3, 1000, 1), (2, 's', 'd', 0, '/r', 'b.go', 4, 2000, 1)`,
		`INSERT INTO ledger_lines (entry, n, pos, text, key_hash, trivial) VALUES
			(1, 1, 5, '}', 7, 1), (1, 0, 4, 'x := f(a, b)', 42, 0), (2, 0, 0, 'y := 1', 43, 0)`,
	)

	a, err := Open(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	got, err := a.LedgerCandidates(context.Background(), "/r", []int64{42})
	if err != nil || len(got) != 1 {
		t.Fatalf("candidates after the migration: %+v, %v", got, err)
	}
	want := []LedgerLineRow{{Pos: 4, Text: "x := f(a, b)", KeyHash: 42}, {Pos: 5, Text: "}", KeyHash: 7, Trivial: true}}
	if !reflect.DeepEqual(got[0].Lines, want) || got[0].CallID != "c" || got[0].MessageIndex != 3 {
		t.Errorf("candidate after the migration = %+v, want lines %+v", got[0], want)
	}
}
