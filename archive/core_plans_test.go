package archive

import (
	"context"
	"sync"
	"testing"

	"hansard/archive/bm25"
)

// planSetting reads the query planner stability guarantee of a connection.
func planSetting(t *testing.T, conn any) bool {
	t.Helper()
	db, ok := bm25.ConnHandle(conn)
	if !ok {
		t.Fatal("no handle in the driver's connection")
	}
	on, err := bm25.StablePlans(db)
	if err != nil {
		t.Fatal(err)
	}
	return on
}

// TestEveryConnectionPlansOnce checks that each connection of the pool,
// the writer's included, keeps a statement's plan whatever is bound to it.
func TestEveryConnectionPlansOnce(t *testing.T) {
	t.Parallel()
	a := openEmpty(t, Options{})
	ctx := context.Background()
	// Hold several connections at once, so that the pool opens new ones.
	var wg sync.WaitGroup
	settings := make([]bool, 4)
	hold := make(chan struct{})
	for i := range settings {
		wg.Go(func() {
			conn, err := a.db.Conn(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			if err := conn.Raw(func(dc any) error { settings[i] = planSetting(t, dc); return nil }); err != nil {
				t.Error(err)
			}
			<-hold
		})
	}
	close(hold)
	wg.Wait()
	for i, s := range settings {
		if !s {
			t.Errorf("connection %d plans a statement again for new values", i)
		}
	}
}
