package recall

import (
	"context"
	"encoding/json"

	"hansard/provenance/gitrepo"
)

// addedCacheKind keeps, per file, the keys of the substantive lines each
// commit of its history added (what a commit added never changes), so that
// a history asked again reads git only for new commits.
const addedCacheKind = "history_added"

// addedKeys returns the keys of the substantive lines commit c added to
// the file (at its path there).
func (f *fileHistory) addedKeys(ctx context.Context, c gitrepo.PathChange) (map[string]bool, error) {
	if f.added == nil {
		f.added = map[string][]string{}
		if data, ok, err := f.arch.LoadCached(ctx, addedCacheKind, f.root, f.rel, ""); err == nil && ok {
			json.Unmarshal(data, &f.added) // a cache that does not decode is read again from git
		}
	}
	id := c.Commit + " " + c.Path
	keys, ok := f.added[id]
	if !ok {
		files, err := f.repo.AddedLines(ctx, c.Commit)
		if err != nil {
			return nil, err
		}
		keys = []string{}
		for _, fa := range files {
			if fa.Path != c.Path {
				continue
			}
			texts := make([]string, len(fa.Lines))
			for j, l := range fa.Lines {
				texts[j] = l.Text
			}
			for k := range keySet(texts) {
				keys = append(keys, k)
			}
		}
		f.added[id] = keys
		f.addedNew = true
	}
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[k] = true
	}
	return set, nil
}

// storeAdded keeps what addedKeys read from git; a failed write only
// costs time next time.
func (f *fileHistory) storeAdded(ctx context.Context) {
	if !f.addedNew {
		return
	}
	if data, err := json.Marshal(f.added); err == nil {
		f.arch.StoreCached(ctx, addedCacheKind, f.root, f.rel, "", data)
	}
}
