package archive

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
	counts map[string][]int64 // by match expression, by phrase
}

// get returns the counts of rows holding each of the n phrases of the
// expression key ("table\x00match") in the table's state gen, counting
// those it does not hold with count.
func (c *phraseCounts) get(gen rankGen, key string, n int, count func(i int) (int64, int32)) ([]int64, int32) {
	table, _, _ := strings.Cut(key, "\x00")
	c.mu.Lock()
	t := c.tables[table]
	if t != nil && t.gen == gen {
		if v, ok := t.counts[key]; ok && len(v) == n {
			c.mu.Unlock()
			return v, 0
		}
	}
	c.mu.Unlock()
	v := make([]int64, n)
	for i := range v {
		nHit, rc := count(i)
		if rc != 0 {
			return nil, rc
		}
		v[i] = nHit
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t = c.tables[table]
	if t == nil || t.gen != gen {
		t = &tableCounts{gen: gen, counts: make(map[string][]int64)}
		c.tables[table] = t
	}
	if len(t.counts) >= maxRankExprs {
		clear(t.counts)
	}
	t.counts[key] = v
	return v, 0
}
