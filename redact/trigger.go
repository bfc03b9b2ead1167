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
	tab := m.small
	var st uint8
	for i := 0; i < len(s); i++ {
		st = tab[st][s[i]]
		if hasOut[st] {
			for _, id := range m.outs[st] {
				fn(id, i+1-m.lens[id])
			}
		}
	}
}
