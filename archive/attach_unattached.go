package archive

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// UnattachedFolder is a folder sessions were recorded in that no
// repository on this machine contains (after path maps): with the
// sessions recorded there or in its subfolders.
type UnattachedFolder struct {
	Folder   string `json:"folder"`
	Sessions int    `json:"sessions"`
	// Edited are up to maxEditedSample of the files edited under Folder
	// that no repository holds (by any session: the edits of sessions
	// recorded there, in the main), relative to it, spread over the
	// folder's files in path order: whether they are in a checkout tells
	// whether the folder may be that checkout. An edit whose file a path
	// map moved is not under the recorded folder, and is not among them.
	Edited []string `json:"-"`
}

// maxEditedSample bounds UnattachedFolder.Edited.
const maxEditedSample = 50

// unattachedFolders lists the recorded folders of unattached sessions; a
// folder inside another listed folder is counted with it, since one map
// of the outer folder attaches both.
func (a *Archive) unattachedFolders(ctx context.Context, st *Status) error {
	rows, err := a.db.QueryContext(ctx, `SELECT cwd, count(*) FROM sessions
		WHERE repo_root = '' AND cwd <> '' GROUP BY cwd`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var all []UnattachedFolder
	for rows.Next() {
		var f UnattachedFolder
		if err := rows.Scan(&f.Folder, &f.Sessions); err != nil {
			return err
		}
		f.Folder = filepath.Clean(f.Folder)
		all = append(all, f)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	st.Unattached.Folders = collapseFolders(all)
	return a.editedUnder(ctx, st.Unattached.Folders)
}

// editedUnder sets each folder's Edited from the files edited under it
// that no repository holds (the index edits_repo_path gives them in
// order, without reading the edits).
func (a *Archive) editedUnder(ctx context.Context, folders []UnattachedFolder) error {
	if len(folders) == 0 {
		return nil
	}
	rows, err := a.db.QueryContext(ctx, `SELECT DISTINCT path FROM edits WHERE repo_root = '' AND path <> '' ORDER BY path`)
	if err != nil {
		return err
	}
	defer rows.Close()
	all := make([][]string, len(folders))
	for rows.Next() {
		var path string
		if err := rows.Scan(&path); err != nil {
			return err
		}
		path = filepath.Clean(path)
		for i := range folders {
			if rel, in := cutDir(path, folders[i].Folder); in && rel != "" {
				if n := len(all[i]); n == 0 || all[i][n-1] != rel {
					all[i] = append(all[i], rel)
				}
				break // the folders are disjoint
			}
		}
	}
	for i := range folders {
		folders[i].Edited = spread(all[i], maxEditedSample)
	}
	return rows.Err()
}

// spread returns at most n of items, evenly spaced, in their order.
func spread(items []string, n int) []string {
	if len(items) <= n {
		return items
	}
	out := make([]string, n)
	for i := range out {
		out[i] = items[i*len(items)/n]
	}
	return out
}

// collapseFolders merges each folder into the nearest listed folder that
// contains it, and orders the result by sessions, most first.
func collapseFolders(all []UnattachedFolder) []UnattachedFolder {
	sort.Slice(all, func(i, j int) bool { return all[i].Folder < all[j].Folder })
	out := []UnattachedFolder{}
	for _, f := range all {
		merged := false
		for i := range out {
			if _, in := cutDir(f.Folder, out[i].Folder); in {
				out[i].Sessions += f.Sessions
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Sessions > out[j].Sessions })
	return out
}

// AttachmentCounts returns how many sessions are attached to no
// repository and how many to root, and a stamp naming the unattached ones
// (their count and the newest of them), so that a caller can tell whether
// they changed since (see AutoAttachTried). One query over the index
// sessions_repo, not a scan of every session: a query asks it each time.
func (a *Archive) AttachmentCounts(ctx context.Context, root string) (unattached, here int, stamp string, err error) {
	var newest int64
	err = a.queryRow(ctx, `SELECT (SELECT count(*) FROM sessions WHERE repo_root = ''),
		(SELECT count(*) FROM sessions WHERE repo_root = ?),
		(SELECT coalesce(max(pk), 0) FROM sessions WHERE repo_root = '')`, root).Scan(&unattached, &here, &newest)
	if err != nil {
		return 0, 0, "", translate(err, "attachment counts")
	}
	return unattached, here, fmt.Sprintf("%d:%d", unattached, newest), nil
}

// RecordedGit is the git state an agent recorded for a session attached
// to no repository: the folder it ran in, the repository's remote URL and
// the HEAD commit at its start.
type RecordedGit struct {
	SessionID string
	Provider  string
	CWD       string
	RepoURL   string
	Commit    string
	// Files are (up to 50 of) the files its edits recorded, as recorded.
	Files []string
	// CommitOutputs are what its successful git commit commands printed.
	CommitOutputs []string
}

// UnattachedGit lists the sessions attached to no repository whose agent
// recorded a remote URL or a HEAD commit, or that ran git commit, oldest
// first.
func (a *Archive) UnattachedGit(ctx context.Context) ([]RecordedGit, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, provider, cwd, git_repo_url, git_commit FROM sessions s
		WHERE repo_root = '' AND cwd <> '' AND (git_repo_url <> '' OR git_commit <> '' OR EXISTS (
			SELECT 1 FROM commands c WHERE c.session = s.pk AND instr(c.command, 'commit') > 0))
		ORDER BY started_at, id`)
	if err != nil {
		return nil, translate(err, "unattached sessions")
	}
	defer rows.Close()
	var out []RecordedGit
	for rows.Next() {
		var g RecordedGit
		if err := rows.Scan(&g.SessionID, &g.Provider, &g.CWD, &g.RepoURL, &g.Commit); err != nil {
			return nil, translate(err, "unattached sessions")
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, translate(err, "unattached sessions")
	}
	rows.Close()
	for i := range out {
		if out[i].Files, err = a.sessionFiles(ctx, out[i].SessionID); err != nil {
			return nil, err
		}
		if out[i].CommitOutputs, err = a.commitOutputs(ctx, out[i].SessionID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// commitOutputs returns what the session's successful commands that
// mention commit printed (up to 50).
func (a *Archive) commitOutputs(ctx context.Context, id string) ([]string, error) {
	return a.queryStrings(ctx, "commit outputs", `SELECT `+strings.ReplaceAll(resultText, "c.", "t.")+`
		FROM commands c JOIN sessions s ON s.pk = c.session
		JOIN tool_calls t ON t.session = c.session AND t.call_id = c.call_id
		WHERE s.id = ? AND instr(c.command, 'commit') > 0 AND coalesce(c.exit_code, 0) = 0 AND NOT t.is_error
		ORDER BY c.ts LIMIT 50`, id)
}

// sessionFiles returns up to 50 files the session's edits recorded.
func (a *Archive) sessionFiles(ctx context.Context, id string) ([]string, error) {
	return a.queryStrings(ctx, "session files", `SELECT DISTINCT e.file FROM edits e JOIN sessions s ON s.pk = e.session
		WHERE s.id = ? AND e.file <> '' ORDER BY e.file LIMIT 50`, id)
}

// queryStrings returns the one column q selects; what names it in errors.
func (a *Archive) queryStrings(ctx context.Context, what, q string, args ...any) ([]string, error) {
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, translate(err, what)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, translate(err, what)
		}
		out = append(out, v)
	}
	return out, translate(rows.Err(), what)
}

// metaAutoAttachPrefix keys, per repository root, the stamp of the
// sessions attached to no repository (see AttachmentCounts) when attaching
// them to it automatically last found nothing.
const metaAutoAttachPrefix = "auto_attach_tried:"

// AutoAttachTried returns the stamp of AttachmentCounts recorded when attaching
// sessions to root automatically last found nothing ("" when never).
func (a *Archive) AutoAttachTried(ctx context.Context, root string) (string, error) {
	return a.getMeta(ctx, metaAutoAttachPrefix+root)
}

// SetAutoAttachTried records that attaching the sessions of stamp to root
// automatically found nothing.
func (a *Archive) SetAutoAttachTried(ctx context.Context, root, stamp string) error {
	return a.setMeta(ctx, metaAutoAttachPrefix+root, stamp)
}
