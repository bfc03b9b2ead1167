package archive

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

func TestGetSessionByPrefix(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	for _, id := range []string{"abc-1", "abc-2", "abd-1"} {
		e.write(id+".jsonl", sessionLines(id, "/w")...)
	}
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	if si, err := a.GetSession(ctx, "abd"); err != nil || si.ID != "abd-1" || si.Messages != 2 || si.Title != "please fix parse_config in abd-1" {
		t.Fatalf("unique prefix: %+v %v", si, err)
	}
	if si, err := a.GetSession(ctx, "abc-2"); err != nil || si.ID != "abc-2" {
		t.Fatalf("exact id: %+v %v", si, err)
	}
	_, err := a.GetSession(ctx, "abc")
	var amb *AmbiguousError
	if !errors.Is(err, ErrAmbiguous) || !errors.As(err, &amb) || fmt.Sprint(amb.Candidates) != "[abc-1 abc-2]" {
		t.Fatalf("ambiguous prefix: %v", err)
	}
	for _, id := range []string{"zzz", "", "abc-10"} {
		if _, err := a.GetSession(ctx, id); !errors.Is(err, ErrNotFound) {
			t.Fatalf("GetSession(%q): %v", id, err)
		}
	}
	// FindSession answers as GetSession does, without the links.
	for _, id := range []string{"abd", "abc-2", "abc", "zzz", ""} {
		got, err := a.FindSession(ctx, id)
		want, werr := a.GetSession(ctx, id)
		want.Links = nil
		if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) ||
			errors.Is(err, ErrAmbiguous) != errors.Is(werr, ErrAmbiguous) || errors.Is(err, ErrNotFound) != errors.Is(werr, ErrNotFound) {
			t.Errorf("FindSession(%q) = %+v, %v; GetSession: %+v, %v", id, got, err, want, werr)
		}
	}
}
