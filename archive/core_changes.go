package archive

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// changeWatch holds one connection of the pool aside, which never writes,
// to read SQLite's data_version through: its value moves whenever another
// connection (of this process or another) commits a change, so a read of
// it that did not move says that nothing was written since the last.
type changeWatch struct {
	mu     sync.Mutex
	conn   *sql.Conn
	closed bool
}

// ChangeMark returns a value that stays the same while nothing is written
// to the archive, by any process, and differs after a write: what a
// long-running server keys the answers it keeps on. Comparing two marks of
// the same Archive is meaningful; marks of different Archives are not.
func (a *Archive) ChangeMark(ctx context.Context) (int64, error) {
	w := &a.changes
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return 0, errors.New("change mark: the archive is closed")
	}
	if w.conn == nil {
		c, err := a.db.Conn(ctx)
		if err != nil {
			return 0, translate(err, "change mark")
		}
		w.conn = c
	}
	var v int64
	if err := w.conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
		return 0, translate(err, "change mark")
	}
	return v, nil
}

// close gives the connection back before the pool closes.
func (w *changeWatch) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conn != nil {
		w.conn.Close()
	}
	w.conn, w.closed = nil, true
}
