package recall

import "sync/atomic"

// askedOnce tells a Host's first question of a kind from the later ones:
// keeping answers between questions costs the first one reads (the
// archive's change mark, on a connection of its own) that a process asking
// one question, the CLI, never gets back.
type askedOnce struct{ asked atomic.Bool }

// again reports whether a question of the kind was asked before.
func (o *askedOnce) again() bool { return o.asked.Swap(true) }
