package redact

import "slices"

// matcher finds every occurrence of a set of literal keywords in one pass,
// ignoring ASCII case. It is an Aho-Corasick automaton compiled to a dense
// transition table, so the scan costs one table lookup per byte however
// many keywords there are.
type matcher struct {
	// small is the table when there are at most 256 states: indexes by
	// uint8 and byte need no bounds checks, which doubles the scan speed.
	small  *[256][256]uint8
	delta  []uint16 // state<<8 | byte -> next state; nil when small is set
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

// newMatcher compiles keywords, which must be lowercase ASCII.
func newMatcher(keywords []string) *matcher {
	type edge struct {
		c  byte
		nx int
	}
	type node struct {
		next []edge // children, in the order their keywords came
		fail int
		out  []int
	}
	child := func(n *node, c byte) (int, bool) {
		for _, e := range n.next {
			if e.c == c {
				return e.nx, true
			}
		}
		return 0, false
	}
	nodes := []node{{}}
	for id, kw := range keywords {
		st := 0
		for i := 0; i < len(kw); i++ {
			c := kw[i]
			nx, ok := child(&nodes[st], c)
			if !ok {
				nodes = append(nodes, node{})
				nx = len(nodes) - 1
				nodes[st].next = append(nodes[st].next, edge{c, nx})
			}
			st = nx
		}
		nodes[st].out = append(nodes[st].out, id)
	}
	m := &matcher{
		outs:   make([][]int, len(nodes)),
		hasOut: make([]bool, len(nodes)),
		lens:   make([]int, len(keywords)),
	}
	for id, kw := range keywords {
		m.lens[id] = len(kw)
	}
	// The transitions go straight into the table the scan will use.
	var get func(st int, b byte) int
	var set func(st int, b byte, nx int)
	var copyRow func(dst, src int)
	if len(nodes) <= 256 {
		m.small = new([256][256]uint8)
		get = func(st int, b byte) int { return int(m.small[st][b]) }
		set = func(st int, b byte, nx int) { m.small[st][b] = uint8(nx) }
		copyRow = func(dst, src int) { m.small[dst] = m.small[src] }
	} else {
		m.delta = make([]uint16, len(nodes)<<8)
		get = func(st int, b byte) int { return int(m.delta[st<<8|int(b)]) }
		set = func(st int, b byte, nx int) { m.delta[st<<8|int(b)] = uint16(nx) }
		copyRow = func(dst, src int) { copy(m.delta[dst<<8:dst<<8+256], m.delta[src<<8:src<<8+256]) }
	}
	// Breadth-first: a state's fail link and row are final before its
	// children's. A state's row is its fail state's row with its own
	// children (either case of a letter) written over it; the root's is
	// all zeros but for its children.
	queue := []int{0}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		fail := nodes[st].fail
		out := append([]int(nil), nodes[st].out...)
		if st != 0 {
			out = append(out, m.outs[fail]...)
			copyRow(st, fail)
		}
		m.outs[st] = out
		m.hasOut[st] = len(out) > 0
		next := slices.Clone(nodes[st].next)
		slices.SortFunc(next, func(a, b edge) int { return int(a.c) - int(b.c) })
		for _, e := range next {
			if st != 0 {
				nodes[e.nx].fail = get(fail, e.c)
			}
			set(st, e.c, e.nx)
			set(st, upper(e.c), e.nx)
			queue = append(queue, e.nx)
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
