package archive

import (
	"testing"

	"hansard/fixtures/gen"
)

// TestGeneratedMirrorsAndPreviews indexes a generated home whose Claude
// Code 2.1 subagents are partly known only from their parents' copies and
// whose long outputs are shown as previews, the shapes of the benchmark's
// archive: every subagent is a session, those without a file built from
// the copies, and every preview's call keeps its whole output.
func TestGeneratedMirrorsAndPreviews(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	st, err := gen.Write(home, gen.Options{Sessions: 8, TargetBytes: 4 << 20, Providers: []string{gen.Claude}, SubagentRatio: 0.4,
		LongOutputs: true, Seed: 2, MissingSubagentFiles: 0.5, PersistedOutputs: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.MirroredSubagents == 0 || st.MirroredSubagents == st.Subagents {
		t.Fatalf("%d of %d subagents without a file, want some", st.MirroredSubagents, st.Subagents)
	}
	a := indexHome(t, home)
	if n := count(t, a.db, `SELECT count(*) FROM sessions WHERE class = 'subagent'`); n != st.Subagents {
		t.Errorf("%d subagent sessions, the generator wrote %d", n, st.Subagents)
	}
	if n := count(t, a.db, `SELECT count(*) FROM session_names WHERE mirror`); n != st.MirroredSubagents {
		t.Errorf("%d mirror sessions, want %d", n, st.MirroredSubagents)
	}
	previews := count(t, a.db, `SELECT count(*) FROM tool_calls c JOIN messages m ON m.session = c.session AND m.idx = c.result_msg
		WHERE m.text LIKE '<persisted-output>%'`)
	full := count(t, a.db, `SELECT count(*) FROM tool_calls WHERE length(full_result) > 30000`)
	if previews == 0 || full != previews {
		t.Errorf("%d previews, %d calls with their whole output", previews, full)
	}
	if n := count(t, a.db, `SELECT count(*) FROM full_results_fts`); n != full {
		t.Errorf("%d whole outputs indexed, want %d", n, full)
	}
}
