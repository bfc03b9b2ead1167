package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"hansard/redact"
)

// attacher places sessions and edited files in repositories: recorded
// paths go through the path maps, then the resolver finds the repository of
// the nearest folder that exists. Resolutions are cached for its lifetime.
type attacher struct {
	maps  []PathMap
	cache *resolveCache
	db    dbtx
	repos map[string]Repo
}

func (a *Archive) newAttacher(ctx context.Context, db dbtx) *attacher {
	return &attacher{maps: a.pathMaps(), cache: newResolveCache(a.resolver), db: db, repos: make(map[string]Repo)}
}

// locateDir returns the repository root containing dir (after maps), the
// top folder of its checkout (a worktree's own root) and dir relative to
// that; root is "" when dir is in no repository.
func (t *attacher) locateDir(ctx context.Context, dir string) (root, top, rel string, err error) {
	mapped := mapPath(t.maps, dir)
	repo, ok, err := t.cache.repoOf(ctx, mapped)
	if err != nil || !ok {
		return "", "", "", err
	}
	t.repos[repo.Root] = repo
	rel, _ = cutDir(mapped, repo.top())
	return repo.Root, repo.top(), rel, nil
}

// locateFile returns where an edited file lives: its repository root and
// path relative to the checkout, or ("", mapped absolute path) outside any
// repository. The session's checkout is tried first; a file outside it is
// resolved by its own folder.
func (t *attacher) locateFile(ctx context.Context, file, base, sessionRoot, sessionTop string) (root, rel string, err error) {
	if file == "" {
		return "", "", nil
	}
	if !filepath.IsAbs(file) && base != "" {
		file = filepath.Join(base, file)
	}
	mapped := mapPath(t.maps, filepath.Clean(file))
	if sessionTop != "" {
		if r, ok := cutDir(mapped, sessionTop); ok {
			return sessionRoot, r, nil
		}
	}
	repo, ok, err := t.cache.repoOf(ctx, filepath.Dir(mapped))
	if err != nil {
		return "", "", err
	}
	if ok {
		if r, in := cutDir(mapped, repo.top()); in {
			t.repos[repo.Root] = repo
			return repo.Root, r, nil
		}
	}
	return "", mapped, nil
}

// session re-attaches one session and its edits.
func (t *attacher) session(ctx context.Context, pk int64) error {
	var s sessionPlace
	err := t.db.QueryRowContext(ctx, `SELECT pk, cwd, repo_root, repo_cwd FROM sessions WHERE pk = ?`, pk).
		Scan(&s.pk, &s.cwd, &s.root, &s.rel)
	if err != nil {
		return fmt.Errorf("attach session: %w", err)
	}
	if err := t.placeSessions(ctx, []*sessionPlace{&s}); err != nil {
		return err
	}
	edits, err := loadEditPlaces(ctx, t.db, `WHERE session = ?`, pk)
	if err != nil {
		return err
	}
	return t.placeEdits(ctx, edits, map[int64]*sessionPlace{pk: &s})
}

type sessionPlace struct {
	pk             int64
	cwd, root, rel string
	top            string // the checkout's top folder, computed
}

type editPlace struct {
	id, session          int64
	file, moveTo, cwd    string
	root, path, movePath string
}

func (t *attacher) placeSessions(ctx context.Context, ss []*sessionPlace) error {
	for _, s := range ss {
		root, top, rel, err := t.locateDir(ctx, s.cwd)
		if err != nil {
			return err
		}
		s.top = top
		if root == s.root && rel == s.rel {
			continue
		}
		s.root, s.rel = root, rel
		if _, err := t.db.ExecContext(ctx, `UPDATE sessions SET repo_root = ?, repo_cwd = ? WHERE pk = ?`, root, rel, s.pk); err != nil {
			return fmt.Errorf("attach session: %w", err)
		}
	}
	return nil
}

func loadEditPlaces(ctx context.Context, db dbtx, where string, args ...any) ([]editPlace, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, session, file, move_to, cwd, repo_root, path, move_to_path FROM edits `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("attach edits: %w", err)
	}
	defer rows.Close()
	var out []editPlace
	for rows.Next() {
		var e editPlace
		if err := rows.Scan(&e.id, &e.session, &e.file, &e.moveTo, &e.cwd, &e.root, &e.path, &e.movePath); err != nil {
			return nil, fmt.Errorf("attach edits: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (t *attacher) placeEdits(ctx context.Context, edits []editPlace, sessions map[int64]*sessionPlace) error {
	var upd *sql.Stmt
	for _, e := range edits {
		var base, sroot, stop string
		if s := sessions[e.session]; s != nil {
			base, sroot, stop = s.cwd, s.root, s.top
		}
		if e.cwd != "" {
			base = e.cwd
		}
		root, path, err := t.locateFile(ctx, e.file, base, sroot, stop)
		if err != nil {
			return err
		}
		movePath := ""
		if e.moveTo != "" {
			mroot, mpath, err := t.locateFile(ctx, e.moveTo, base, sroot, stop)
			if err != nil {
				return err
			}
			if mroot == root {
				movePath = mpath
			} else {
				movePath = mapPath(t.maps, filepath.Join(mroot, mpath))
			}
		}
		if root == e.root && path == e.path && movePath == e.movePath {
			continue
		}
		if upd == nil {
			upd, err = t.db.PrepareContext(ctx, `UPDATE edits SET repo_root = ?, path = ?, move_to_path = ? WHERE id = ?`)
			if err != nil {
				return fmt.Errorf("attach edits: %w", err)
			}
			defer upd.Close()
		}
		if _, err := upd.ExecContext(ctx, root, path, movePath, e.id); err != nil {
			return fmt.Errorf("attach edits: %w", err)
		}
	}
	return nil
}

// finish records the repositories met, with their remotes and the
// repository URLs the agents recorded for their sessions, both without
// user names and passwords.
func (t *attacher) finish(ctx context.Context, db dbtx) error {
	roots := make([]string, 0, len(t.repos))
	for r := range t.repos {
		roots = append(roots, r)
	}
	slices.Sort(roots)
	for _, root := range roots {
		_, err := db.ExecContext(ctx, `INSERT INTO repos (root, remote_url) VALUES (?, ?)
			ON CONFLICT (root) DO UPDATE SET remote_url = excluded.remote_url`, root, redact.StripUserinfo(t.repos[root].RemoteURL))
		if err != nil {
			return fmt.Errorf("record repository: %w", err)
		}
	}
	_, err := db.ExecContext(ctx, `UPDATE repos SET recorded_urls = coalesce((
		SELECT json_group_array(DISTINCT git_repo_url) FROM sessions
		WHERE repo_root = repos.root AND git_repo_url <> ''), '[]')`)
	if err != nil {
		return fmt.Errorf("record repository urls: %w", err)
	}
	return nil
}

// Reattach re-applies path maps and repository resolution to every
// session and edit, without reading transcripts, in one transaction. The
// maps become the archive's maps for later refreshes and are stored.
func (a *Archive) Reattach(ctx context.Context, maps []PathMap) error {
	unlock, err := a.lockWrite(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	a.setPathMaps(maps)
	return a.inTx(ctx, func(tx *sql.Tx) error {
		t := a.newAttacher(ctx, tx)
		rows, err := tx.QueryContext(ctx, `SELECT pk, cwd, repo_root, repo_cwd FROM sessions`)
		if err != nil {
			return fmt.Errorf("reattach: %w", err)
		}
		byPK := make(map[int64]*sessionPlace)
		var ss []*sessionPlace
		for rows.Next() {
			s := &sessionPlace{}
			if err := rows.Scan(&s.pk, &s.cwd, &s.root, &s.rel); err != nil {
				rows.Close()
				return fmt.Errorf("reattach: %w", err)
			}
			byPK[s.pk] = s
			ss = append(ss, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("reattach: %w", err)
		}
		if err := t.placeSessions(ctx, ss); err != nil {
			return err
		}
		edits, err := loadEditPlaces(ctx, tx, "")
		if err != nil {
			return err
		}
		if err := t.placeEdits(ctx, edits, byPK); err != nil {
			return err
		}
		if err := t.finish(ctx, tx); err != nil {
			return err
		}
		b, err := json.Marshal(a.pathMaps())
		if err != nil {
			return err
		}
		if err := setMetaTx(ctx, tx, metaPathMaps, string(b)); err != nil {
			return err
		}
		return setMetaTx(ctx, tx, metaLastReattach, a.now().UTC().Format(time.RFC3339Nano))
	})
}

func (a *Archive) pathMaps() []PathMap {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.maps
}

func (a *Archive) setPathMaps(maps []PathMap) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.maps = normalizeMaps(maps)
}
