package archive

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// TestFindSession: FindSession answers as GetSession does, without the
// links.
func TestFindSession(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	for _, id := range []string{"abc-1", "abc-2", "abd-1"} {
		e.write(id+".jsonl", sessionLines(id, "/w")...)
	}
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	for _, id := range []string{"abd", "abc-2", "abc", "zzz", ""} {
		got, err := a.FindSession(ctx, id)
		want, werr := a.GetSession(ctx, id)
		want.Links = nil
		if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) ||
			errors.Is(err, ErrAmbiguous) != errors.Is(werr, ErrAmbiguous) || errors.Is(err, ErrNotFound) != errors.Is(werr, ErrNotFound) {
			t.Errorf("FindSession(%q) = %+v, %v; GetSession: %+v, %v", id, got, err, want, werr)
		}
	}
	if si, err := a.FindSession(ctx, "abd"); err != nil || si.ID != "abd-1" || si.Messages != 2 {
		t.Errorf("unique prefix: %+v %v", si, err)
	}
}
