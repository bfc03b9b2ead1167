package archive

import (
	"context"
	"errors"
	"testing"

	"hansard/archive/bm25"
)

// TestEveryConnectionPlansOnce checks that each connection of the pool
// keeps a statement's plan whatever is bound to it: several held at once,
// so that the pool opens a new one for each.
func TestEveryConnectionPlansOnce(t *testing.T) {
	t.Parallel()
	a := openEmpty(t, Options{})
	ctx := context.Background()
	handles := map[uintptr]bool{}
	for i := range 4 {
		conn, err := a.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		err = conn.Raw(func(dc any) error {
			db, ok := bm25.ConnHandle(dc)
			if !ok {
				return errors.New("no handle in the driver's connection")
			}
			handles[db] = true
			on, err := bm25.StablePlans(db)
			if err == nil && !on {
				t.Errorf("connection %d plans a statement again for new values", i)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(handles) != 4 {
		t.Errorf("%d connections held at once, want 4", len(handles))
	}
}
