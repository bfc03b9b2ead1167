package storetest_test

import (
	"testing"

	"hansard/provenance"
	"hansard/provenance/storetest"
)

func TestMemStore(t *testing.T) {
	storetest.Run(t, func(testing.TB) storetest.Store {
		m := provenance.NewMemStore()
		return storetest.Store{Ledger: m, Cache: m, Add: func(_ testing.TB, es ...provenance.LedgerEntry) { m.Add(es...) }}
	})
}
