package archive

import (
	"context"
	"fmt"
)

// GitLogTimeBack returns the commit time (Unix seconds) of the commit n
// commits back from the newest of root's stored log (n = 0 is the newest),
// counting the commits that changed files, as the log walks them; false
// when the stored log holds fewer commits. Together with GitLogState's tip
// it tells how far back n commits reach without asking git.
func (a *Archive) GitLogTimeBack(ctx context.Context, root string, n int) (int64, bool, error) {
	if n < 0 {
		return 0, false, fmt.Errorf("git log of %s: %d commits back", root, n)
	}
	rows, err := a.db.QueryContext(ctx, `SELECT commit_id, commit_time FROM git_log INDEXED BY git_log_ord WHERE repo_root = ? ORDER BY ord DESC`, root)
	if err != nil {
		return 0, false, translate(err, "git log of "+root)
	}
	defer rows.Close()
	seen, last := 0, ""
	for rows.Next() {
		var (
			id string
			ct int64
		)
		if err := rows.Scan(&id, &ct); err != nil {
			return 0, false, translate(err, "git log of "+root)
		}
		if id == last {
			continue
		}
		if last = id; seen == n {
			return ct, true, nil
		}
		seen++
	}
	return 0, false, translate(rows.Err(), "git log of "+root)
}
