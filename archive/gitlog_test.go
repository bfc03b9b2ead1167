package archive

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

func logRow(commit string, t int64, status, path, old string) GitLogRow {
	return GitLogRow{Commit: commit, AuthorTime: t - 1, CommitTime: t, Status: status, Path: path, OldPath: old}
}

// ords returns the rows' Ord and Commit, to compare with what was written.
func commitsOf(rows []GitLogRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Commit+":"+r.Path)
	}
	return out
}

func TestGitLogReplaceAppendRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newTestEnv(t).open(Options{})
	const root = "/src/proj"

	st, err := a.GitLogState(ctx, root)
	if err != nil || st.Tip != "" || st.MaxOrd != -1 || st.Generation != 0 {
		t.Fatalf("state of a repository never logged = %+v, %v", st, err)
	}
	// Newest first, as git walks.
	first := []GitLogRow{
		logRow("c3", 30, "R", "b.go", "a.go"),
		logRow("c3", 30, "M", "dir/x.go", ""),
		logRow("c2", 20, "", "", ""),
		logRow("c1", 10, "A", "a.go", ""),
		logRow("c1", 10, "A", "dir/x.go", ""),
	}
	if err := a.writeGitLog(ctx, root, st.Generation, GitLogReplace, first, "c3", nil); err != nil {
		t.Fatal(err)
	}
	st, err = a.GitLogState(ctx, root)
	if err != nil || st.Tip != "c3" || st.MaxOrd != 2 || st.MaxTime != 30 || st.Generation != 1 {
		t.Fatalf("state after replace = %+v, %v", st, err)
	}
	rows, err := a.GitLogRows(ctx, root, []string{"a.go"}, st.MaxOrd+1)
	if err != nil {
		t.Fatal(err)
	}
	want := []GitLogRow{first[0], first[3]}
	want[0].Ord, want[1].Ord = 2, 0 // a commit's place in the walk
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows of a.go = %+v, want %+v", rows, want)
	}
	// A rename found by its path and by its old path comes once.
	if rows, err := a.GitLogRows(ctx, root, []string{"a.go", "b.go"}, 100); err != nil || !reflect.DeepEqual(commitsOf(rows), []string{"c3:b.go", "c1:a.go"}) {
		t.Errorf("rows of a.go and b.go = %v, %v", commitsOf(rows), err)
	}
	// A folder takes in the paths under it, not its namesakes.
	if rows, err := a.GitLogRows(ctx, root, []string{"dir", "zz"}, 100); err != nil || !reflect.DeepEqual(commitsOf(rows), []string{"c3:dir/x.go", "c1:dir/x.go"}) {
		t.Errorf("rows under dir = %v, %v", commitsOf(rows), err)
	}
	if rows, err := a.GitLogRows(ctx, root, []string{"di"}, 100); err != nil || len(rows) != 0 {
		t.Errorf("rows of di = %v, %v", commitsOf(rows), err)
	}
	if rows, err := a.GitLogRows(ctx, root, []string{"b.go"}, 2); err != nil || len(rows) != 0 {
		t.Errorf("rows of b.go below 2 = %v, %v", commitsOf(rows), err)
	}
	if rows, err := a.GitLogRows(ctx, "/other", []string{"a.go"}, 100); err != nil || len(rows) != 0 {
		t.Errorf("rows of another repository = %v, %v", commitsOf(rows), err)
	}

	more := []GitLogRow{logRow("c5", 50, "M", "b.go", ""), logRow("c4", 40, "D", "dir/x.go", "")}
	if err := a.AppendGitLog(ctx, root, st.Generation, more, "c5"); err != nil {
		t.Fatal(err)
	}
	st, err = a.GitLogState(ctx, root)
	if err != nil || st.Tip != "c5" || st.MaxOrd != 4 || st.MaxTime != 50 || st.Generation != 2 {
		t.Fatalf("state after append = %+v, %v", st, err)
	}
	rows, err = a.GitLogRows(ctx, root, []string{"b.go", "dir/x.go"}, st.MaxOrd+1)
	if err != nil {
		t.Fatal(err)
	}
	if got := commitsOf(rows); !reflect.DeepEqual(got, []string{"c5:b.go", "c4:dir/x.go", "c3:b.go", "c3:dir/x.go", "c1:dir/x.go"}) {
		t.Errorf("rows after append = %v", got)
	}
	if rows[0].Ord != 4 || rows[1].Ord != 3 || rows[2].Ord != 2 || rows[3].Ord != 2 {
		t.Errorf("appended ords = %d, %d", rows[0].Ord, rows[1].Ord)
	}

	// A write based on an old generation is refused and changes nothing.
	if err := a.AppendGitLog(ctx, root, 1, more, "c9"); !errors.Is(err, ErrGitLogMoved) {
		t.Errorf("stale append: error = %v", err)
	}
	if err := a.writeGitLog(ctx, root, 1, GitLogReplace, first, "c9", nil); !errors.Is(err, ErrGitLogMoved) {
		t.Errorf("stale replace: error = %v", err)
	}
	if err := a.writeGitLog(ctx, root, st.Generation, GitLogReplace, first, "", nil); err == nil {
		t.Error("a log without tip was written")
	}
	if st2, _ := a.GitLogState(ctx, root); st2 != st {
		t.Errorf("state after refused writes = %+v, want %+v", st2, st)
	}

	// Replacing leaves the other commits out of the repository's log.
	if err := a.writeGitLog(ctx, root, st.Generation, GitLogReplace, first[3:], "c1", nil); err != nil {
		t.Fatal(err)
	}
	if rows, err := a.GitLogRows(ctx, root, []string{"b.go", "a.go"}, 100); err != nil || !reflect.DeepEqual(commitsOf(rows), []string{"c1:a.go"}) {
		t.Errorf("rows after replace = %v, %v", commitsOf(rows), err)
	}
	if rows, err := a.GitLogRows(ctx, root, nil, 100); err != nil || rows != nil {
		t.Errorf("rows of no path = %v, %v", rows, err)
	}
	if err := a.AppendGitLog(ctx, root, st.Generation+1, []GitLogRow{logRow("c6", 60, "", "", "")}, "c6"); err != nil {
		t.Fatal(err)
	}
	for _, paths := range [][]string{{""}, {"", "a.go"}} {
		if rows, err := a.GitLogRows(ctx, root, paths, 100); err != nil || len(rows) != len(paths)-1 {
			t.Errorf("rows of %q = %v, %v", paths, commitsOf(rows), err)
		}
	}
}

func TestGitLogClaim(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	a := newTestEnv(t).open(Options{Now: func() time.Time { return now }})
	const root = "/src/proj"

	if ok, err := a.ClaimGitLog(ctx, root, 0, time.Minute); err != nil || !ok {
		t.Fatalf("first claim = %v, %v", ok, err)
	}
	if ok, err := a.ClaimGitLog(ctx, root, 0, time.Minute); err != nil || ok {
		t.Errorf("second claim while the first holds = %v, %v", ok, err)
	}
	if st, _ := a.GitLogState(ctx, root); !st.ClaimedUntil.Equal(now.Add(time.Minute)) {
		t.Errorf("claimed until %v", st.ClaimedUntil)
	}
	now = now.Add(2 * time.Minute)
	if ok, err := a.ClaimGitLog(ctx, root, 0, time.Minute); err != nil || !ok {
		t.Errorf("claim after the first ran out = %v, %v", ok, err)
	}
	if err := a.ReleaseGitLog(ctx, root, 0); err != nil {
		t.Fatal(err)
	}
	if ok, err := a.ClaimGitLog(ctx, root, 0, time.Minute); err != nil || !ok {
		t.Errorf("claim after release = %v, %v", ok, err)
	}
	// Writing ends the claim; a claim for the old generation then fails.
	if err := a.writeGitLog(ctx, root, 0, GitLogReplace, []GitLogRow{logRow("c1", 10, "A", "a.go", "")}, "c1", nil); err != nil {
		t.Fatal(err)
	}
	st, _ := a.GitLogState(ctx, root)
	if !st.ClaimedUntil.IsZero() || st.Generation != 1 {
		t.Errorf("state after write = %+v", st)
	}
	if ok, err := a.ClaimGitLog(ctx, root, 0, time.Minute); err != nil || ok {
		t.Errorf("claim of a stale generation = %v, %v", ok, err)
	}
	if ok, err := a.ClaimGitLog(ctx, root, 1, time.Minute); err != nil || !ok {
		t.Errorf("claim of the current generation = %v, %v", ok, err)
	}
}

func TestGitFollowStep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newTestEnv(t).open(Options{})
	if rows, found, err := a.GitFollowStep(ctx, "c2", "b.go"); err != nil || found || rows != nil {
		t.Fatalf("unknown step = %v, %v, %v", rows, found, err)
	}
	step := []GitLogRow{{Status: "C", Path: "b.go", OldPath: "a.go"}}
	if err := a.StoreGitFollowStep(ctx, "c2", "b.go", step); err != nil {
		t.Fatal(err)
	}
	rows, found, err := a.GitFollowStep(ctx, "c2", "b.go")
	step[0].Commit = "c2"
	if err != nil || !found || !reflect.DeepEqual(rows, step) {
		t.Errorf("stored step = %+v, %v, %v", rows, found, err)
	}
	// Nothing shown is kept too; storing again replaces.
	if err := a.StoreGitFollowStep(ctx, "c2", "b.go", nil); err != nil {
		t.Fatal(err)
	}
	if rows, found, err := a.GitFollowStep(ctx, "c2", "b.go"); err != nil || !found || len(rows) != 0 {
		t.Errorf("empty step = %v, %v, %v", rows, found, err)
	}
	if err := a.StoreGitFollowStep(ctx, "", "b.go", step); err == nil {
		t.Error("a step without commit was stored")
	}
	if err := a.StoreGitFollowStep(ctx, "c2", "", step); err == nil {
		t.Error("a step without path was stored")
	}
}

func TestGitLogRowsUsesIndexes(t *testing.T) {
	t.Parallel()
	a := newTestEnv(t).open(Options{})
	q, args := gitLogRowsQuery([]string{"a.go", "b.go"})
	rows, err := a.db.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	t.Logf("plan: %q", plan)
	for _, d := range plan {
		if strings.HasPrefix(d, "SCAN") {
			t.Errorf("rows of a path are read by scanning the log: %q", plan)
		}
	}
}

func TestGitLogReorderAndShare(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newTestEnv(t).open(Options{})
	const root, other = "/src/proj", "/src/clone"
	first := []GitLogRow{
		logRow("c3", 30, "M", "b.go", ""),
		logRow("c2", 20, "A", "b.go", ""),
		logRow("c1", 10, "A", "a.go", ""),
	}
	if err := a.writeGitLog(ctx, root, 0, GitLogReplace, first, "c3", nil); err != nil {
		t.Fatal(err)
	}
	// A checkout of another branch: c7 on top of c1, c2 and c3 left out.
	walk := []string{"c7", "c1"}
	newRows := []GitLogRow{logRow("c7", 70, "M", "a.go", "")}
	if err := a.writeGitLog(ctx, root, 1, GitLogReorder, newRows, "c7", walk); err != nil {
		t.Fatal(err)
	}
	st, err := a.GitLogState(ctx, root)
	if err != nil || st.Tip != "c7" || st.MaxOrd != 1 || st.MaxTime != 70 || st.Generation != 2 {
		t.Fatalf("state after reorder = %+v, %v", st, err)
	}
	if rows, err := a.GitLogRows(ctx, root, []string{"a.go", "b.go"}, 100); err != nil || !reflect.DeepEqual(commitsOf(rows), []string{"c7:a.go", "c1:a.go"}) {
		t.Errorf("rows after reorder = %v, %v", commitsOf(rows), err)
	}
	// Back to c3: every commit is stored, no rows needed.
	if err := a.writeGitLog(ctx, root, 2, GitLogReorder, nil, "c3", []string{"c3", "c2", "c1"}); err != nil {
		t.Fatal(err)
	}
	if st, _ := a.GitLogState(ctx, root); st.MaxTime != 30 || st.MaxOrd != 2 {
		t.Errorf("state back at c3 = %+v", st)
	}
	if rows, err := a.GitLogRows(ctx, root, []string{"a.go", "b.go"}, 100); err != nil || !reflect.DeepEqual(commitsOf(rows), []string{"c3:b.go", "c2:b.go", "c1:a.go"}) {
		t.Errorf("rows back at c3 = %v, %v", commitsOf(rows), err)
	}
	// The tips of every stored log, the longest first.
	if err := a.writeGitLog(ctx, other, 0, GitLogReplace, first[2:], "c1", nil); err != nil {
		t.Fatal(err)
	}
	if tips, err := a.GitLogTips(ctx, 10); err != nil || !reflect.DeepEqual(tips, []string{"c3", "c1"}) {
		t.Errorf("tips = %v, %v", tips, err)
	}
	if tips, err := a.GitLogTips(ctx, 1); err != nil || !reflect.DeepEqual(tips, []string{"c3"}) {
		t.Errorf("one tip = %v, %v", tips, err)
	}
	// A commit neither stored nor given: nothing is written.
	if err := a.writeGitLog(ctx, root, 3, GitLogReorder, nil, "c9", []string{"c9", "c1"}); !errors.Is(err, ErrGitLogUnknownCommit) {
		t.Errorf("reorder with an unknown commit: %v", err)
	}
	if st, _ := a.GitLogState(ctx, root); st.Tip != "c3" || st.Generation != 3 {
		t.Errorf("state after a refused reorder = %+v", st)
	}
	// Another working tree shares the stored commits; rows given again for
	// a stored commit change nothing.
	again := []GitLogRow{logRow("c7", 70, "D", "zz.go", ""), logRow("c1", 10, "A", "a.go", "")}
	if err := a.writeGitLog(ctx, other, 1, GitLogReplace, again, "c7", nil); err != nil {
		t.Fatal(err)
	}
	if rows, err := a.GitLogRows(ctx, other, []string{"a.go", "zz.go"}, 100); err != nil || !reflect.DeepEqual(commitsOf(rows), []string{"c7:a.go", "c1:a.go"}) {
		t.Errorf("rows of the other tree = %v, %v", commitsOf(rows), err)
	}
	// A commit listed twice is refused.
	twice := []GitLogRow{logRow("c8", 80, "M", "a.go", ""), logRow("c7", 70, "M", "a.go", ""), logRow("c8", 80, "M", "b.go", "")}
	if err := a.writeGitLog(ctx, other, 2, GitLogReplace, twice, "c8", nil); err == nil {
		t.Error("a log listing a commit twice was written")
	}
	// A damaged walk is an error, not a short history.
	if _, err := a.db.Exec(`UPDATE git_walks SET walk = x'ff' WHERE repo_root = ?`, other); err != nil {
		t.Fatal(err)
	}
	if _, err := a.GitLogRows(ctx, other, []string{"a.go"}, 100); err == nil {
		t.Error("rows read from a damaged walk")
	}
}

// TestGitLogWriterManyCommits: a log longer than a transaction's worth of
// commits is stored as it comes; a writer whose base moved stores its
// commits but no walk, and they serve the next writer.
func TestGitLogWriterManyCommits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := newTestEnv(t).open(Options{})
	const root = "/src/big"
	n := 2*commitsPerWrite + 500
	id := func(i int) string { return fmt.Sprintf("c%05d", i) }
	w := a.GitLogWriter(root, 0, GitLogReplace)
	for i := n; i >= 1; i-- { // newest first
		rows := []GitLogRow{logRow(id(i), int64(i), "M", "a.go", "")}
		if i%3 == 0 {
			rows = append(rows, logRow(id(i), int64(i), "A", fmt.Sprintf("f%d.go", i), ""))
		}
		if i%7 == 0 {
			rows = []GitLogRow{logRow(id(i), int64(i), "", "", "")} // a merge
		}
		if err := w.Add(ctx, rows); err != nil {
			t.Fatal(err)
		}
	}
	// The generation moved meanwhile: no walk is written.
	if ok, err := a.ClaimGitLog(ctx, root, 0, time.Minute); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if err := a.writeGitLog(ctx, root, 0, GitLogReplace, []GitLogRow{logRow(id(1), 1, "M", "a.go", "")}, id(1), nil); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish(ctx, id(n), nil); !errors.Is(err, ErrGitLogMoved) {
		t.Fatalf("finish on a moved log: %v", err)
	}
	// Every commit was stored: a walk of them all needs no rows.
	walk := make([]string, n)
	for i := range walk {
		walk[i] = id(n - i)
	}
	if err := a.writeGitLog(ctx, root, 1, GitLogReorder, nil, id(n), walk); err != nil {
		t.Fatal(err)
	}
	st, err := a.GitLogState(ctx, root)
	if err != nil || st.MaxOrd != int64(n-1) || st.MaxTime != int64(n) {
		t.Fatalf("state = %+v, %v", st, err)
	}
	rows, err := a.GitLogRows(ctx, root, []string{"a.go"}, st.MaxOrd+1)
	if err != nil {
		t.Fatal(err)
	}
	want := n - n/7
	if len(rows) != want || rows[0].Commit != id(n) || rows[0].Ord != int64(n-1) || rows[len(rows)-1].Commit != id(1) || rows[len(rows)-1].Ord != 0 {
		t.Errorf("rows of a.go: %d (want %d), first %+v, last %+v", len(rows), want, rows[0], rows[len(rows)-1])
	}
	if rows, err := a.GitLogRows(ctx, root, []string{"f3.go"}, st.MaxOrd+1); err != nil || len(rows) != 1 || rows[0].Status != "A" {
		t.Errorf("rows of f3.go = %+v, %v", rows, err)
	}
	// A commit's rows split over two calls are refused.
	w = a.GitLogWriter(root, 2, GitLogAppend)
	if err := w.Add(ctx, []GitLogRow{logRow("x1", 1, "M", "a.go", "")}); err != nil {
		t.Fatal(err)
	}
	if err := w.Add(ctx, []GitLogRow{logRow("x1", 1, "M", "b.go", "")}); err == nil {
		t.Error("a commit added twice was taken")
	}
}
