package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// refreshStamp is the file in the archive folder whose modification time
// is the last refresh. A refresh that finds nothing new writes nothing to
// the database when it takes the shortcut (see quickUnchanged): a write
// would put a transaction in the WAL on the path of every query command.
const refreshStamp = "last-refresh"

// stampRefresh records that a refresh finished now.
func (a *Archive) stampRefresh() error {
	path := filepath.Join(a.dir, refreshStamp)
	if err := touchNoFollow(path, a.now()); err != nil {
		return fmt.Errorf("record refresh time: %w", err)
	}
	return nil
}

// lastRefresh returns when the archive was last refreshed (zero if never):
// the refresh stamp, or the time archives written before it kept in meta,
// whichever is later.
func (a *Archive) lastRefresh(ctx context.Context) (time.Time, error) {
	var last time.Time
	if fi, err := os.Lstat(filepath.Join(a.dir, refreshStamp)); err == nil {
		last = fi.ModTime().UTC()
	}
	v, err := a.getMeta(ctx, metaLastRefresh)
	if err != nil {
		return time.Time{}, err
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil && t.After(last) {
		last = t
	}
	return last, nil
}
