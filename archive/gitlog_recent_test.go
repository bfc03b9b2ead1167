package archive

import (
	"context"
	"testing"
)

func TestGitLogTimeBack(t *testing.T) {
	ctx := context.Background()
	a := newTestEnv(t).open(Options{})
	const root = "/src/proj"
	if _, ok, err := a.GitLogTimeBack(ctx, root, 0); err != nil || ok {
		t.Fatalf("no stored log: ok = %v, err = %v", ok, err)
	}
	rows := []GitLogRow{
		logRow("c3", 30, "M", "a.go", ""),
		logRow("c3", 30, "M", "b.go", ""),
		logRow("c2", 20, "", "", ""),
		logRow("c1", 10, "A", "a.go", ""),
	}
	if err := a.ReplaceGitLog(ctx, root, 0, rows, "c3"); err != nil {
		t.Fatal(err)
	}
	for n, want := range []int64{30, 20, 10} {
		if got, ok, err := a.GitLogTimeBack(ctx, root, n); err != nil || !ok || got != want {
			t.Errorf("GitLogTimeBack(%d) = %d, %v, %v; want %d", n, got, ok, err, want)
		}
	}
	if _, ok, err := a.GitLogTimeBack(ctx, root, 3); err != nil || ok {
		t.Errorf("past the first commit: ok = %v, err = %v", ok, err)
	}
	if _, _, err := a.GitLogTimeBack(ctx, root, -1); err == nil {
		t.Error("negative count: no error")
	}
	if _, ok, _ := a.GitLogTimeBack(ctx, "/src/other", 0); ok {
		t.Error("another repository's log was read")
	}
}
