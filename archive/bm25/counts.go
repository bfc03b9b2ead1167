package bm25

import (
	"strings"
	"sync"
)

// rankCounts keeps, per FTS5 table, the count of rows holding each phrase
// of the match expressions hansard_bm25 ranked, for the table's current
// state: the first query of a new state starts afresh.
var rankCounts = phraseCounts{tables: make(map[string]*tableCounts)}

// maxRankExprs bounds the expressions kept per table (~100 bytes each).
const maxRankExprs = 4096

// rankGen is a state of an FTS5 table: its structure record (see
// rankGeneration) and its counts of rows and tokens.
type rankGen struct {
	structure    string
	rows, tokens int64
}

type phraseCounts struct {
	mu     sync.Mutex
	tables map[string]*tableCounts
}

type tableCounts struct {
	gen    rankGen
	counts map[string][]int64 // by match expression, by phrase; under phraseCounts.mu

	sizeMu sync.RWMutex
	sizes  map[int64]int32 // rows' lengths in tokens, by rowid
}

// maxRankSizes bounds the row lengths kept per table (~30 bytes each, so
// at most ~8 MB; the rows a search walks are few, the newest matches of its
// words: 100 searches of the MCP benchmark keep ~5,000).
const maxRankSizes = 1 << 18

// size returns the length of row id in tokens, if kept; t may be nil.
func (t *tableCounts) size(id int64) (int32, bool) {
	if t == nil {
		return 0, false
	}
	t.sizeMu.RLock()
	n, ok := t.sizes[id]
	t.sizeMu.RUnlock()
	return n, ok
}

// setSize keeps the length of row id; t may be nil.
func (t *tableCounts) setSize(id int64, n int32) {
	if t == nil {
		return
	}
	t.sizeMu.Lock()
	if len(t.sizes) < maxRankSizes {
		t.sizes[id] = n
	}
	t.sizeMu.Unlock()
}

// get returns the table's state gen and the counts of rows holding each of
// the n phrases of the expression key ("table\x00match") in it, counting
// those it does not hold with count.
func (c *phraseCounts) get(gen rankGen, key string, n int, count func(i int) (int64, int32)) (*tableCounts, []int64, int32) {
	table, _, _ := strings.Cut(key, "\x00")
	c.mu.Lock()
	t := c.tables[table]
	if t == nil || t.gen != gen {
		t = &tableCounts{gen: gen, counts: make(map[string][]int64), sizes: make(map[int64]int32)}
		c.tables[table] = t
	}
	v, ok := t.counts[key]
	c.mu.Unlock()
	if ok && len(v) == n {
		return t, v, 0
	}
	v = make([]int64, n)
	for i := range v {
		nHit, rc := count(i)
		if rc != 0 {
			return nil, nil, rc
		}
		v[i] = nHit
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(t.counts) >= maxRankExprs {
		clear(t.counts)
	}
	t.counts[key] = v
	return t, v, 0
}
