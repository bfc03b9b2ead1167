package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"hansard/transcripts"
)

// Links known by a message of the origin (transcripts.Link with
// ParentMessageUUID) are kept in link_uuids and resolved to the session
// that owns the message: when the link is written, and at the end of every
// refresh for those still open, so that the link appears whichever of the
// two files is read first. A message of the session itself (or of its
// subagents) resolves to the session and gives no link.

// uuidLink stores a link known by a message uuid and resolves it when the
// owner of the message is already stored.
func (w *writer) uuidLink(l *transcripts.Link) error {
	var evidence, parent string
	err := w.conn.QueryRowContext(w.ctx, `SELECT evidence, parent_id FROM link_uuids
WHERE session_id = ? AND parent_uuid = ? AND relation = ?`, l.SessionID, l.ParentMessageUUID, l.Relation).Scan(&evidence, &parent)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("link %s -> message %s: %w", l.SessionID, l.ParentMessageUUID, err)
	}
	evidence = mergeEvidence(evidence, l.Evidence)
	_, err = w.conn.ExecContext(w.ctx, `INSERT OR REPLACE INTO link_uuids (session_id, parent_uuid, relation, evidence, parent_id)
VALUES (?, ?, ?, ?, ?)`, l.SessionID, l.ParentMessageUUID, l.Relation, evidence, parent)
	if err != nil {
		return fmt.Errorf("link %s -> message %s: %w", l.SessionID, l.ParentMessageUUID, err)
	}
	if parent == "" {
		if parent, err = w.messageOwner(l.SessionID, l.ParentMessageUUID); err != nil || parent == "" {
			return err
		}
	}
	return w.settleLink(l.SessionID, l.ParentMessageUUID, l.Relation, evidence, parent)
}

// settleLink records the owner of a link's message and, when it is another
// session, links the session to it.
func (w *writer) settleLink(session, uuid, relation, evidence, owner string) error {
	_, err := w.conn.ExecContext(w.ctx, `UPDATE link_uuids SET parent_id = ?
WHERE session_id = ? AND parent_uuid = ? AND relation = ?`, owner, session, uuid, relation)
	if err != nil {
		return fmt.Errorf("link %s -> message %s: %w", session, uuid, err)
	}
	if owner == session {
		return nil
	}
	return w.link(&transcripts.Link{SessionID: session, ParentID: owner, Relation: relation, Evidence: evidence})
}

// sqlMessageOwners lists the sessions holding a message, those stored
// under their own id first.
const sqlMessageOwners = `SELECT s.id FROM messages m JOIN sessions s ON s.pk = m.session
WHERE m.uuid = ? AND m.uuid != '' GROUP BY s.pk
ORDER BY EXISTS (SELECT 1 FROM session_names n WHERE n.stored_id = s.id AND n.session_id <> n.stored_id), s.pk
LIMIT 16`

// messageOwner returns the session holding a message with this uuid:
// session itself when it or one of its subagents holds one, else the
// first other session stored, one under its own id (not a copy's, see
// storedRecord) first, else "".
func (w *writer) messageOwner(session, uuid string) (string, error) {
	rows, err := w.conn.QueryContext(w.ctx, sqlMessageOwners, uuid)
	if err != nil {
		return "", fmt.Errorf("owner of message %s: %w", uuid, err)
	}
	defer rows.Close()
	owner := ""
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return "", fmt.Errorf("owner of message %s: %w", uuid, err)
		}
		if id == session || strings.HasPrefix(id, session+"/") {
			return session, nil
		}
		if owner == "" {
			owner = id
		}
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("owner of message %s: %w", uuid, err)
	}
	return owner, nil
}

// openLink is a row of link_uuids whose owner was not known.
type openLink struct{ session, uuid, relation, evidence string }

// resolveOpenLinks resolves the links whose message has been stored since
// they were written, in their own transaction. Continuations are settled
// before resumptions, so that a session's own parent is the strongest
// evidence found in the run.
func (w *writer) resolveOpenLinks() error {
	rows, err := w.conn.QueryContext(w.ctx, `SELECT l.session_id, l.parent_uuid, l.relation, l.evidence FROM link_uuids l
WHERE l.parent_id = '' AND EXISTS (SELECT 1 FROM messages m WHERE m.uuid = l.parent_uuid AND m.uuid != '')
ORDER BY l.relation != 'continued_from', l.session_id, l.parent_uuid`)
	if err != nil {
		return fmt.Errorf("open links: %w", err)
	}
	var open []openLink
	for rows.Next() {
		var o openLink
		if err := rows.Scan(&o.session, &o.uuid, &o.relation, &o.evidence); err != nil {
			rows.Close()
			return fmt.Errorf("open links: %w", err)
		}
		open = append(open, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("open links: %w", err)
	}
	if len(open) == 0 {
		return nil
	}
	if err := w.begin(); err != nil {
		return err
	}
	for _, o := range open {
		owner, err := w.messageOwner(o.session, o.uuid)
		if err != nil {
			return err
		}
		if owner == "" {
			continue
		}
		if err := w.settleLink(o.session, o.uuid, o.relation, o.evidence, owner); err != nil {
			return err
		}
	}
	return w.commit()
}

// linkOrder ranks the links of a session: a subagent's parent first, then
// the origin of a fork, of a continuation, of a resumption.
const linkOrder = `CASE relation WHEN 'subagent' THEN 0 WHEN 'forked_from' THEN 1 WHEN 'continued_from' THEN 2 ELSE 3 END, parent_id`

// sessionLinks returns the stored links of a session to others: the one
// its row names as parent first, then in linkOrder.
func (a *Archive) sessionLinks(ctx context.Context, id string) ([]transcripts.Link, error) {
	rows, err := a.query(ctx, `SELECT l.parent_id, l.relation, l.parent_tool_call_id, l.evidence
FROM session_links l LEFT JOIN sessions s ON s.id = l.session_id
WHERE l.session_id = ?
ORDER BY (l.parent_id = s.parent_id AND l.relation = s.relation) DESC,
	CASE l.relation WHEN 'subagent' THEN 0 WHEN 'forked_from' THEN 1 WHEN 'continued_from' THEN 2 ELSE 3 END, l.parent_id`, id)
	if err != nil {
		return nil, translate(err, "links of session "+id)
	}
	defer rows.Close()
	var out []transcripts.Link
	for rows.Next() {
		l := transcripts.Link{SessionID: id}
		if err := rows.Scan(&l.ParentID, &l.Relation, &l.ParentToolCallID, &l.Evidence); err != nil {
			return nil, translate(err, "links of session "+id)
		}
		out = append(out, l)
	}
	return out, translate(rows.Err(), "links of session "+id)
}

// sqlAdoptLink gives a session without a parent the first of its stored
// links: a subagent's parent first, then the origin of a fork, of a
// continuation, of a resumption.
const sqlAdoptLink = `UPDATE sessions SET parent_id = l.parent_id, relation = l.relation,
	parent_tool_call_id = l.parent_tool_call_id, link_evidence = l.evidence
FROM (SELECT parent_id, relation, parent_tool_call_id, evidence FROM session_links WHERE session_id = ?1
	ORDER BY ` + linkOrder + ` LIMIT 1) AS l
WHERE sessions.id = ?1 AND sessions.parent_id = ''`

// adoptLink fills the parent of a session that has none from its links:
// a link known only from the other side, or resolved from a message uuid.
func (w *writer) adoptLink(session string) error {
	if _, err := w.st.adoptLink.ExecContext(w.ctx, session); err != nil {
		return fmt.Errorf("parent of %s: %w", session, err)
	}
	return nil
}
