package archive

import (
	"database/sql"
	"errors"
	"fmt"
)

// Mirror sessions: a subagent session a provider built from the copies of
// its messages in its parent's transcript (transcripts.Session.Mirror),
// for when the subagent's own file is missing. Its name is stored with
// mirror set. It holds the session only until another source writes the
// same session id: that source's rows replace the mirror's (which are
// deleted, and the mirror's name with them), and from then on the
// parent's source drops the records of the mirror, whatever order the
// files are read in. A mirror of a session another source already holds
// is dropped from the start.

// markMirror records that job j writes session id as a mirror.
func (w *writer) markMirror(j *job, id string) { addToJobSet(w.mirrors, j, id) }

// skip records that job j drops the records of session id.
func (w *writer) skip(j *job, id string) { addToJobSet(w.skipped, j, id) }

func addToJobSet(sets map[*job]map[string]bool, j *job, id string) {
	if sets[j] == nil {
		sets[j] = make(map[string]bool)
	}
	sets[j][id] = true
}

// forget drops what the writer keeps of job j's session names.
func (w *writer) forget(j *job) {
	delete(w.names, j)
	delete(w.mirrors, j)
	delete(w.skipped, j)
}

// nameMirror names session id for job j, which holds no name for it yet,
// when a mirror is involved: a mirror nobody holds takes the id; a source
// that is not a mirror replaces the mirror that holds it. It reports
// whether it named the session.
func (w *writer) nameMirror(j *job, id string) (bool, error) {
	var holder int64
	var holderMirror bool
	err := w.conn.QueryRowContext(w.ctx, `SELECT source_id, mirror FROM session_names WHERE stored_id = ?`, id).
		Scan(&holder, &holderMirror)
	mirror := w.mirrors[j][id]
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if !mirror {
			return false, nil
		}
	case err != nil:
		return false, err
	case mirror || !holderMirror:
		return false, nil
	default:
		if err := w.replaceMirror(holder, id); err != nil {
			return false, err
		}
	}
	_, err = w.conn.ExecContext(w.ctx, `INSERT INTO session_names (source_id, session_id, stored_id, mirror) VALUES (?, ?, ?, ?)`,
		j.row.id, id, id, mirror)
	return err == nil, err
}

// replaceMirror deletes the mirror session id that source holder wrote,
// with its name, so that another source writes the session.
func (w *writer) replaceMirror(holder int64, id string) error {
	// The delete triggers remove indexed text: the index must hold it.
	if err := w.writeHeld(); err != nil {
		return err
	}
	if err := w.flushFTS(); err != nil {
		return err
	}
	var pk int64
	err := w.conn.QueryRowContext(w.ctx, `SELECT pk FROM sessions WHERE id = ?`, id).Scan(&pk)
	switch {
	case err == nil:
		if err := w.deleteSessionRows(pk); err != nil {
			return fmt.Errorf("replace mirror %s: %w", id, err)
		}
		if _, err := w.conn.ExecContext(w.ctx, `DELETE FROM sessions WHERE pk = ?`, pk); err != nil {
			return fmt.Errorf("replace mirror %s: %w", id, err)
		}
		for _, set := range w.touched {
			delete(set, pk)
		}
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("replace mirror %s: %w", id, err)
	}
	if _, err := w.conn.ExecContext(w.ctx, `DELETE FROM session_names WHERE source_id = ? AND stored_id = ?`, holder, id); err != nil {
		return fmt.Errorf("replace mirror %s: %w", id, err)
	}
	delete(w.pks, id)
	for jj, names := range w.names {
		if jj.row.id == holder && names[id] == id {
			delete(names, id)
			w.skip(jj, id)
		}
	}
	return nil
}
