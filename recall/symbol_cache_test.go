package recall

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"hansard/symbols"
)

// The parses an importer search made are kept in the archive's folder
// (0600), and another Host of the same archive (another process, a
// restarted server) answers the same importers from them without parsing
// a file again.
func testSymbolCache(t *testing.T, hw *historyWorld) {
	if !symbols.Available() {
		t.Skip("symbols need cgo")
	}
	first := hw.history(t, CodeHistoryRequest{Path: "lib/math.go"})
	a, err := hw.host.Archive(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(a.Dir(), symbolCacheName))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("symbol cache file: %v, %v", fi, err)
	}
	again := NewHost(hw.host.opts)
	defer again.Close()
	resp, err := again.CodeHistory(context.Background(), CodeHistoryRequest{Path: "lib/math.go"}, Scope{Dir: hw.repo.Dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Importers) != len(first.Importers) || len(resp.Importers) == 0 || resp.Importers[0] != first.Importers[0] {
		t.Errorf("importers %+v from the cache, %+v parsed", resp.Importers, first.Importers)
	}
	p, _ := again.symbolParser()
	if st := p.Stats(); st.Parsed != 0 || st.CacheHits == 0 {
		t.Errorf("another host parsed %d files (%d from the cache), want every one from the cache", st.Parsed, st.CacheHits)
	}
}
