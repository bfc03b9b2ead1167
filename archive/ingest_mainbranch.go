package archive

import (
	"context"
	"fmt"
)

// markBranches recomputes on_main_branch for a session's messages. The
// main branch is the chain of parents from the leaf (the last message with
// a uuid, in transcript order). A chain that reaches a root which is not the
// session's first message (a compaction restarts the tree) continues from
// the last message with a uuid before that root. Messages without a uuid
// are on the main branch.
func markBranches(ctx context.Context, db dbtx, pk int64) error {
	rows, err := db.QueryContext(ctx,
		`SELECT idx, uuid, parent_uuid, on_main_branch FROM messages WHERE session = ? ORDER BY idx`, pk)
	if err != nil {
		return fmt.Errorf("branches: %w", err)
	}
	type node struct {
		idx          int
		uuid, parent string
		main         bool
	}
	var nodes []node
	for rows.Next() {
		var n node
		if err := rows.Scan(&n.idx, &n.uuid, &n.parent, &n.main); err != nil {
			rows.Close()
			return fmt.Errorf("branches: %w", err)
		}
		nodes = append(nodes, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("branches: %w", err)
	}
	main := mainBranch(len(nodes), func(i int) (string, string) { return nodes[i].uuid, nodes[i].parent })
	for i, n := range nodes {
		if main[i] == n.main {
			continue
		}
		if _, err := db.ExecContext(ctx, `UPDATE messages SET on_main_branch = ? WHERE session = ? AND idx = ?`,
			main[i], pk, n.idx); err != nil {
			return fmt.Errorf("branches: %w", err)
		}
	}
	return nil
}

// mainBranch returns, for n messages in transcript order given by at(i) as
// (uuid, parent uuid), whether each is on the main branch.
func mainBranch(n int, at func(int) (uuid, parent string)) []bool {
	main := make([]bool, n)
	pos := make(map[string]int, n)
	leaf := -1
	for i := range n {
		u, _ := at(i)
		if u == "" {
			main[i] = true
			continue
		}
		pos[u] = i
		leaf = i
	}
	for i := leaf; i >= 0; {
		if main[i] {
			break // already walked from here (or no uuid)
		}
		main[i] = true
		_, parent := at(i)
		if p, ok := pos[parent]; ok && p < i {
			i = p
			continue
		}
		// A root (or a parent not in this session): continue from the last
		// message with a uuid before it.
		next := -1
		for k := i - 1; k >= 0; k-- {
			if u, _ := at(k); u != "" {
				next = k
				break
			}
		}
		i = next
	}
	return main
}
