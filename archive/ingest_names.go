package archive

import (
	"database/sql"
	"errors"
	"fmt"

	"hansard/transcripts"
)

// Session names: a session id belongs to the first source that writes it.
// Another source naming the same id (a copy of the file, an export, a
// synced folder, a later generation of the same path) writes its records
// to a session of its own, "<id>~<n>" with the smallest free n from 2,
// linked continued_from the first. Message indexes of one session thus
// come from one file and never collide, and no file's rows replace
// another's. The names are stored (session_names) and never dropped, so a
// re-read, a rebuild or a refresh that reads the files in another order
// writes every record to the session it went to before.

// nameSep separates a session id from the number of its copy.
const nameSep = "~"

// storedRecord replaces every session id r names by the stored id of the
// session the job writes, and reports false for a record to drop: one of a
// mirror session that another source holds (see ingest_mirrors.go). The
// writer owns r (see copyRecord).
func (w *writer) storedRecord(j *job, r transcripts.Record) (bool, error) {
	var id *string
	switch {
	case r.Session != nil:
		id = &r.Session.ID
	case r.Message != nil:
		id = &r.Message.SessionID
	case r.ToolCall != nil:
		id = &r.ToolCall.SessionID
	case r.Edit != nil:
		id = &r.Edit.SessionID
	case r.Command != nil:
		id = &r.Command.SessionID
	case r.Todos != nil:
		id = &r.Todos.SessionID
	case r.Retraction != nil:
		id = &r.Retraction.SessionID
	case r.Link != nil && r.Link.ParentID == "":
		id = &r.Link.SessionID // linked by a message uuid: the file's own session
	}
	if id == nil || *id == "" {
		return true, nil
	}
	if r.Session != nil && r.Session.Mirror {
		w.markMirror(j, *id)
	}
	if w.skipped[j][*id] {
		return false, nil
	}
	stored, err := w.storedID(j, *id)
	if err != nil || stored == "" {
		return false, err
	}
	*id = stored
	if r.Session != nil {
		r.Session.ParentID = w.knownName(j, r.Session.ParentID, &err)
	}
	return true, err
}

// holdLink keeps a link between two sessions until the job ends: either
// side may be the file's own session, whose stored id is known once the
// file's records have named it (see storedLinks).
func (w *writer) holdLink(j *job, l *transcripts.Link) {
	w.links[j] = append(w.links[j], l)
}

// storedLinks writes the links the job held, each side under the stored
// id the job gave it, if any.
func (w *writer) storedLinks(j *job) error {
	links := w.links[j]
	delete(w.links, j)
	for _, l := range links {
		var err error
		s := *l
		s.SessionID = w.knownName(j, s.SessionID, &err)
		s.ParentID = w.knownName(j, s.ParentID, &err)
		if err == nil {
			err = w.link(&s)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// knownName returns the stored id of a session id the job's source has
// named, else id: a link may name a session of another file. A failed
// lookup is kept in *errp.
func (w *writer) knownName(j *job, id string, errp *error) string {
	if id == "" || *errp != nil {
		return id
	}
	if stored, ok := w.names[j][id]; ok {
		return stored
	}
	if w.skipped[j][id] {
		return id // a mirror another source holds: the session is that one
	}
	stored, err := w.lookupName(j, id)
	switch {
	case err == nil:
		w.remember(j, id, stored)
		return stored
	case !errors.Is(err, sql.ErrNoRows):
		*errp = fmt.Errorf("name session %s: %w", id, err)
	}
	return id
}

func (w *writer) lookupName(j *job, id string) (string, error) {
	var stored string
	err := w.conn.QueryRowContext(w.ctx, `SELECT stored_id FROM session_names WHERE source_id = ? AND session_id = ?`,
		j.row.id, id).Scan(&stored)
	return stored, err
}

func (w *writer) remember(j *job, id, stored string) {
	byID := w.names[j]
	if byID == nil {
		byID = make(map[string]string)
		w.names[j] = byID
	}
	byID[id] = stored
}

// storedID returns the stored id of the job's session id, naming it on
// first use; "" for a mirror session that another source holds.
func (w *writer) storedID(j *job, id string) (string, error) {
	if stored, ok := w.names[j][id]; ok {
		return stored, nil
	}
	stored, err := w.nameSession(j, id)
	if err != nil {
		return "", fmt.Errorf("name session %s: %w", id, err)
	}
	if stored == "" {
		w.skip(j, id)
		return "", nil
	}
	w.remember(j, id, stored)
	return stored, nil
}

// nameSession looks up or assigns the stored id of a session id of j's
// source.
func (w *writer) nameSession(j *job, id string) (string, error) {
	stored, err := w.lookupName(j, id)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return stored, err
	}
	if done, err := w.nameMirror(j, id); done || err != nil {
		return id, err
	}
	if w.mirrors[j][id] {
		return "", nil // another source holds the session a mirror copies
	}
	for n := 1; ; n++ {
		stored = id
		if n > 1 {
			stored = fmt.Sprintf("%s%s%d", id, nameSep, n)
		}
		_, err := w.conn.ExecContext(w.ctx, `INSERT INTO session_names (source_id, session_id, stored_id) VALUES (?, ?, ?)`,
			j.row.id, id, stored)
		if err == nil {
			break
		}
		if !isUniqueViolation(err) {
			return "", err
		}
	}
	if stored == id {
		return id, nil
	}
	var holder string
	err = w.conn.QueryRowContext(w.ctx, `SELECT s.path FROM session_names n JOIN sources s ON s.id = n.source_id
		WHERE n.stored_id = ?`, id).Scan(&holder)
	if err != nil {
		return "", err
	}
	return stored, w.link(&transcripts.Link{SessionID: stored, ParentID: id, Relation: transcripts.RelContinuedFrom,
		Evidence: "same session id as " + holder})
}
