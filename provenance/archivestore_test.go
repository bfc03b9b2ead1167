package provenance_test

import (
	"context"
	"path/filepath"
	"testing"

	"hansard/archive"
	"hansard/provenance"
	"hansard/provenance/storetest"
)

func openArchive(t testing.TB, opts archive.Options) *archive.Archive {
	t.Helper()
	if opts.Dir == "" {
		opts.Dir = filepath.Join(t.TempDir(), "archive")
	}
	a, err := archive.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func TestArchiveStoreConformance(t *testing.T) {
	storetest.Run(t, func(t testing.TB) storetest.Store {
		s := provenance.NewArchiveStore(openArchive(t, archive.Options{}), nil)
		return storetest.Store{Store: s, Cache: s, Add: func(t testing.TB, es ...provenance.LedgerEntry) {
			if err := s.Add(context.Background(), es...); err != nil {
				t.Fatal(err)
			}
		}}
	})
}
