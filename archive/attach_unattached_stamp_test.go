package archive

import (
	"context"
	"testing"
)

// TestAutoAttachTried: the stamp of the unattached sessions moves when one
// is added, so a recorded fruitless attempt stands only until then.
func TestAutoAttachTried(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/elsewhere/one")...)
	e.refresh(a, RefreshOptions{})
	unattached, here, stamp, err := a.AttachmentCounts(ctx, "/repo")
	if err != nil || unattached != 1 || here != 0 {
		t.Fatalf("counts %d, %d: %v", unattached, here, err)
	}
	if tried, err := a.AutoAttachTried(ctx, "/repo"); err != nil || tried != "" {
		t.Fatalf("tried before any attempt: %q, %v", tried, err)
	}
	if err := a.SetAutoAttachTried(ctx, "/repo", stamp); err != nil {
		t.Fatal(err)
	}
	if tried, _ := a.AutoAttachTried(ctx, "/repo"); tried != stamp {
		t.Fatalf("tried = %q, want %q", tried, stamp)
	}
	if other, _ := a.AutoAttachTried(ctx, "/other"); other != "" {
		t.Errorf("another repository's attempt: %q", other)
	}
	e.write("s2.jsonl", sessionLines("s2", "/elsewhere/two")...)
	e.refresh(a, RefreshOptions{})
	if _, _, again, _ := a.AttachmentCounts(ctx, "/repo"); again == stamp {
		t.Errorf("stamp %q did not move when an unattached session was added", again)
	}
}
