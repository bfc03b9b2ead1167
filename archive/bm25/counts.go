package bm25

import (
	"strconv"
	"strings"
	"sync"
)

// rankCounts keeps, per FTS5 table, the count of rows holding each phrase
// of the match expressions hansard_bm25 ranked, for the table's current
// state: the first query of a new state starts afresh. A phrase is kept by
// its column filter and text (phraseKeys), so that every expression holding
// it shares its count; the phrases of an expression of another form are
// kept by the expression and their place in it.
var rankCounts = phraseCounts{tables: make(map[string]*tableCounts)}

// maxRankPhrases bounds the phrases kept per table (~60 bytes each).
const maxRankPhrases = 1 << 14

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
	counts map[string]int64 // by phrase (see phraseCounts.get); under phraseCounts.mu

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
	table, match, _ := strings.Cut(key, "\x00")
	names, ok := phraseKeys(match)
	if !ok || len(names) != n {
		names = make([]string, n)
		for i := range names {
			names[i] = "e\x00" + match + "\x00" + strconv.Itoa(i)
		}
	}
	v := make([]int64, n)
	missing := make([]bool, n)
	c.mu.Lock()
	t := c.tables[table]
	if t == nil || t.gen != gen {
		t = &tableCounts{gen: gen, counts: make(map[string]int64), sizes: make(map[int64]int32)}
		c.tables[table] = t
	}
	some := false
	for i, name := range names {
		v[i], ok = t.counts[name]
		missing[i] = !ok
		some = some || !ok
	}
	c.mu.Unlock()
	if !some {
		return t, v, 0
	}
	for i := range v {
		if !missing[i] {
			continue
		}
		nHit, rc := count(i)
		if rc != 0 {
			return nil, nil, rc
		}
		v[i] = nHit
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(t.counts)+n > maxRankPhrases {
		clear(t.counts)
	}
	for i, name := range names {
		if missing[i] {
			t.counts[name] = v[i]
		}
	}
	return t, v, 0
}
