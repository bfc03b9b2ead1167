package archive

import (
	"context"
	"fmt"
)

// markBranches recomputes on_main_branch for a session's messages from
// their uuids and parent uuids and from the session's tool calls (see
// mainBranch).
func markBranches(ctx context.Context, db dbtx, pk int64) error {
	nodes, stored, err := branchNodes(ctx, db, pk)
	if err != nil {
		return fmt.Errorf("branches: %w", err)
	}
	main := mainBranch(nodes)
	for i, n := range nodes {
		if main[i] == stored[i] {
			continue
		}
		if _, err := db.ExecContext(ctx, `UPDATE messages SET on_main_branch = ? WHERE session = ? AND idx = ?`,
			main[i], pk, n.idx); err != nil {
			return fmt.Errorf("branches: %w", err)
		}
	}
	return nil
}

// branchNodes reads a session's messages in transcript order as branch
// nodes, with their stored on_main_branch.
func branchNodes(ctx context.Context, db dbtx, pk int64) ([]branchNode, []bool, error) {
	rows, err := db.QueryContext(ctx,
		`SELECT idx, uuid, parent_uuid, line, on_main_branch FROM messages WHERE session = ? ORDER BY idx`, pk)
	if err != nil {
		return nil, nil, err
	}
	var nodes []branchNode
	var stored []bool
	at := map[int]int{} // message index → position in nodes
	for rows.Next() {
		n := branchNode{owner: -1}
		var main bool
		if err := rows.Scan(&n.idx, &n.uuid, &n.parent, &n.line, &main); err != nil {
			rows.Close()
			return nil, nil, err
		}
		n.lastLine = n.line
		at[n.idx] = len(nodes)
		nodes = append(nodes, n)
		stored = append(stored, main)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	calls, err := db.QueryContext(ctx,
		`SELECT message_idx, result_msg, line FROM tool_calls WHERE session = ?`, pk)
	if err != nil {
		return nil, nil, err
	}
	defer calls.Close()
	for calls.Next() {
		var msg, line int
		var result *int
		if err := calls.Scan(&msg, &result, &line); err != nil {
			return nil, nil, err
		}
		caller, ok := at[msg]
		if !ok {
			continue
		}
		if line > nodes[caller].lastLine {
			nodes[caller].lastLine = line
		}
		if result == nil {
			continue
		}
		if r, ok := at[*result]; ok && caller < r && (nodes[r].owner < 0 || caller < nodes[r].owner) {
			nodes[r].owner = caller
		}
	}
	return nodes, stored, calls.Err()
}

// branchNode is a message as the main branch is worked out from it.
type branchNode struct {
	idx          int
	uuid, parent string
	// line is the transcript line where the message starts and lastLine
	// the last line known to be part of it (an assistant message joins the
	// lines of one API response; the lines of its tool calls are known).
	line, lastLine int
	// owner is the position of the message whose tool calls this message
	// carries the results of, -1 when none.
	owner int
}

// mainBranch returns, for messages in transcript order, whether each is on
// the main branch. The main branch is the chain of parents from the leaf
// (the last message with a uuid). A parent uuid that names no message (a
// line that is no message of its own: a progress, attachment or
// turn_duration line, or a line of an assistant message other than its
// last, whose uuid the message keeps) is the message's tool call owner when
// it carries results, else the last message with a uuid before the first
// message naming that parent (two prompts naming it are a branch); a root
// that is not the session's first message (a compaction restarts the tree)
// continues from the last message with a uuid before it. Messages
// without a uuid are on the main branch. Two kinds of messages never start
// a branch of their own:
//   - tool results are on the main branch when the message whose calls
//     they answer is: parallel calls give sibling results, and results
//     come between the lines of the assistant message that made the calls;
//   - a message that came between the first and the last line of an
//     assistant message (a prompt typed while it streamed, a line of
//     another response) is on the main branch when that message is.
func mainBranch(nodes []branchNode) []bool {
	n := len(nodes)
	main := make([]bool, n)
	pos := make(map[string]int, n)
	leaf := -1
	for i, nd := range nodes {
		if nd.uuid == "" {
			main[i] = true
			continue
		}
		pos[nd.uuid] = i
		leaf = i
	}
	// firstChild is, for each parent uuid that names no message, the first
	// message that names it.
	firstChild := map[string]int{}
	for i, nd := range nodes {
		if _, named := pos[nd.parent]; !named && nd.parent != "" {
			if _, ok := firstChild[nd.parent]; !ok {
				firstChild[nd.parent] = i
			}
		}
	}
	for i := leaf; i >= 0; {
		if main[i] {
			break // already walked from here (or no uuid)
		}
		main[i] = true
		parent := nodes[i].parent
		if p, ok := pos[parent]; ok && p < i {
			i = p
			continue
		}
		_, named := pos[parent]
		if o := nodes[i].owner; o >= 0 && !named {
			i = o
			continue
		}
		// A root, or a parent that is no message: continue from the last
		// message with a uuid before the first message naming that parent
		// (a prompt sent again from the same point leaves the first one).
		from := i
		if f, ok := firstChild[parent]; ok && f < i {
			from = f
		}
		next := -1
		for k := from - 1; k >= 0; k-- {
			if nodes[k].uuid != "" {
				next = k
				break
			}
		}
		i = next
	}
	// Messages inside an assistant message's lines, then tool results,
	// follow the message they belong to; owners and spans come before the
	// messages that follow them.
	for i, nd := range nodes {
		if nd.lastLine <= nd.line {
			continue
		}
		for k := i + 1; k < n && nodes[k].line > nd.line && nodes[k].line < nd.lastLine; k++ {
			main[k] = main[i]
		}
	}
	for i, nd := range nodes {
		if nd.owner >= 0 {
			main[i] = main[nd.owner]
		}
	}
	return main
}
