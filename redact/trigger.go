package redact

// matcher finds every occurrence of a set of literal keywords in one pass,
// ignoring ASCII case. It is an Aho-Corasick automaton compiled to a dense
// transition table, so the scan costs one table lookup per byte however
// many keywords there are.
type matcher struct {
	// small is the table when there are at most 256 states: indexes by
	// uint8 and byte need no bounds checks, which doubles the scan speed.
	small  *[256][256]uint8
	delta  []uint16 // state<<8 | byte -> next state
	outs   [][]int  // keyword ids that end in a state (own and inherited)
	hasOut []bool
	lens   []int // keyword lengths by id
	// starts has a bit for every pair of bytes (each or-ed with 0x20, a
	// cheap case fold) that can begin a keyword. In the root state the
	// scan skips positions whose pair is not in it: no keyword starts
	// there. Every keyword is at least two bytes long.
	starts *[1 << 10]uint64
}

func pairIndex(a, b byte) int { return int(a|0x20)<<8 | int(b|0x20) }

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// newMatcher compiles keywords, which must be lowercase ASCII.
func newMatcher(keywords []string) *matcher {
	type node struct {
		next map[byte]int
		fail int
		out  []int
	}
	nodes := []node{{next: map[byte]int{}}}
	for id, kw := range keywords {
		st := 0
		for i := 0; i < len(kw); i++ {
			c := kw[i]
			nx, ok := nodes[st].next[c]
			if !ok {
				nodes = append(nodes, node{next: map[byte]int{}})
				nx = len(nodes) - 1
				nodes[st].next[c] = nx
			}
			st = nx
		}
		nodes[st].out = append(nodes[st].out, id)
	}
	m := &matcher{
		delta:  make([]uint16, len(nodes)<<8),
		outs:   make([][]int, len(nodes)),
		hasOut: make([]bool, len(nodes)),
		lens:   make([]int, len(keywords)),
	}
	for id, kw := range keywords {
		m.lens[id] = len(kw)
	}
	// Breadth-first: a state's fail link and row are final before its children.
	queue := []int{0}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		out := append([]int(nil), nodes[st].out...)
		if st != 0 {
			out = append(out, m.outs[nodes[st].fail]...)
		}
		m.outs[st] = out
		m.hasOut[st] = len(out) > 0
		for b := 0; b < 256; b++ {
			c := lower(byte(b))
			if nx, ok := nodes[st].next[c]; ok {
				if st == 0 {
					nodes[nx].fail = 0
				} else {
					nodes[nx].fail = int(m.delta[nodes[st].fail<<8|int(c)])
				}
				m.delta[st<<8|b] = uint16(nx)
				if byte(b) == c {
					queue = append(queue, nx)
				}
				continue
			}
			if st != 0 {
				m.delta[st<<8|b] = m.delta[nodes[st].fail<<8|b]
			}
		}
	}
	m.starts = new([1 << 10]uint64)
	for _, kw := range keywords {
		for _, a := range []byte{kw[0], upper(kw[0])} {
			for _, b := range []byte{kw[1], upper(kw[1])} {
				p := pairIndex(a, b)
				m.starts[p>>6] |= 1 << (p & 63)
			}
		}
	}
	if len(nodes) <= 256 {
		m.small = new([256][256]uint8)
		for st := range nodes {
			for b := range 256 {
				m.small[st][b] = uint8(m.delta[st<<8|b])
			}
		}
	}
	return m
}

// scan calls fn with the keyword id and start offset of every occurrence.
func (m *matcher) scan(s string, fn func(id, start int)) {
	if m.small != nil {
		m.scanSmall(s, fn)
		return
	}
	delta, hasOut := m.delta, m.hasOut
	st := 0
	for i := 0; i < len(s); i++ {
		st = int(delta[st<<8|int(s[i])])
		if hasOut[st] {
			for _, id := range m.outs[st] {
				fn(id, i+1-m.lens[id])
			}
		}
	}
}

func (m *matcher) scanSmall(s string, fn func(id, start int)) {
	var hasOut [256]bool
	copy(hasOut[:], m.hasOut)
	tab, starts := m.small, m.starts
	var st uint8
	for i := 0; i < len(s); i++ {
		if st == 0 {
			for i+1 < len(s) {
				p := pairIndex(s[i], s[i+1])
				if starts[p>>6]&(1<<(p&63)) != 0 {
					break
				}
				i++
			}
		}
		st = tab[st][s[i]]
		if hasOut[st] {
			for _, id := range m.outs[st] {
				fn(id, i+1-m.lens[id])
			}
		}
	}
}
