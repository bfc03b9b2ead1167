package recall

import (
	"os"
	"path/filepath"

	"hansard/archive"
	"hansard/provenance/gitrepo"
	"hansard/symbols"
)

// Sizes of the symbol cache.
const (
	// symbolCacheEntries bounds the parses kept in the archive's folder.
	symbolCacheEntries = 50000
	// symbolCacheName is the file they are kept in.
	symbolCacheName = "symbols.cache"
	// importSpare is how many bytes of files that name no target an
	// importer search parses besides its candidates, for the cache: the
	// first searches of a repository fill it, later ones read no file
	// whose blob it knows.
	importSpare = 4 << 20
)

// symbolParser returns the Host's parser, its parses cached by blob id in
// the archive's folder (symbols.cache), shared by the processes and
// servers of the same archive; in memory only when the folder is not
// known.
func (h *Host) symbolParser() (*symbols.Parser, *symbols.FileCache) {
	h.symOnce.Do(func() {
		if dir, err := archive.DefaultDir(h.opts.Getenv); err == nil {
			h.symCache = symbols.NewFileCache(filepath.Join(dir, symbolCacheName), symbolCacheEntries)
			h.symParser = symbols.NewParser(symbols.Options{Cache: h.symCache})
			return
		}
		h.symParser = symbols.NewParser(symbols.Options{})
	})
	return h.symParser, h.symCache
}

// saveSymbols writes the parses added since the last save; a failure is a
// note of the answer.
func (h *Host) saveSymbols() []string {
	_, c := h.symbolParser()
	if c == nil {
		return nil
	}
	if err := c.Save(); err != nil {
		return []string{err.Error()}
	}
	return nil
}

// indexedTree reads a repository's files from its working tree, and
// knows the blob id of those the index says are unchanged.
type indexedTree struct {
	root  string
	blobs *gitrepo.IndexBlobs
}

func (w indexedTree) ReadFile(path string) ([]byte, error) {
	return os.ReadFile(filepath.Join(w.root, filepath.FromSlash(path)))
}

func (w indexedTree) BlobID(path string) (string, bool) { return w.blobs.BlobID(path) }
