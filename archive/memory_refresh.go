package archive

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MemoryFile is one memory file an agent reads (found by recall from the
// agents' folders and the folders sessions worked in).
type MemoryFile struct {
	Path     string // absolute
	Provider string // claude, codex, gemini, cursor, copilot
	Kind     string // instructions, rules, auto_memory
	Scope    string // global, project, local
	Repo     string // the repository root of a project file ("": none)
}

// MemoryRefreshResult counts what RefreshMemories did.
type MemoryRefreshResult struct {
	Files     int // memory files given
	Unchanged int // not read: size and stamp as last seen
	Read      int // read (new, changed stamp, or another redaction)
	Versions  int // new versions stored
	Gone      int // archived files no longer there
	Busy      bool
	Paused    bool
}

// maxMemoryBytes bounds the memory file read; a larger one is skipped.
const maxMemoryBytes = 4 << 20

// RefreshMemories archives the current version of each file, keeping the
// earlier ones. A file whose size and stamp are those last seen is not
// opened; one whose bytes hash as last stored adds no version. Files are
// opened without following links (a link is skipped), and their text is
// redacted as the archive's is. Archived files no longer on disk are
// marked gone (their versions are kept); a file not read again whose
// text was stored under another redaction is redacted as stored. With
// indexing paused it does nothing; when another process writes the
// archive it returns Busy.
func (a *Archive) RefreshMemories(ctx context.Context, files []MemoryFile, warn func(string)) (MemoryRefreshResult, error) {
	res := MemoryRefreshResult{Files: len(files)}
	if warn == nil {
		warn = func(string) {}
	}
	if paused, err := a.Paused(ctx); err != nil || paused {
		res.Paused = paused
		return res, err
	}
	unlock, err := a.lock(ctx, false)
	if err != nil {
		if res.Busy = errors.Is(err, errBusy); res.Busy {
			err = nil // another process writes: answer from what is archived
		}
		return res, err
	}
	defer unlock()
	known, err := a.memoryStates(ctx)
	if err != nil {
		return res, err
	}
	setting := a.redactionSetting()
	seen := map[string]bool{} // files given, read or unchanged
	for _, f := range files {
		st, ok := known[f.Path]
		fi, err := os.Lstat(f.Path)
		if err != nil || !fi.Mode().IsRegular() {
			continue // gone since it was found, or a link: nothing to read
		}
		if ok && !st.gone && st.size == fi.Size() && st.stamp == fileStamp(fi) && st.redaction == setting && st.sameMeta(f) {
			seen[f.Path] = true
			res.Unchanged++
			continue
		}
		data, size, stamp, err := readMemory(f.Path)
		if err != nil {
			warn(fmt.Sprintf("memory file %s: %v", f.Path, err))
			continue
		}
		seen[f.Path] = true
		res.Read++
		added, err := a.storeMemory(ctx, f, st, ok, data, size, stamp, setting)
		if err != nil {
			return res, fmt.Errorf("store memory file %s: %w", f.Path, err)
		}
		if added {
			res.Versions++
		}
	}
	for path, st := range known {
		if seen[path] {
			continue
		}
		if st.version > 0 && st.redaction != setting && a.redact != nil {
			// Not read again (gone, unreadable, or no longer found): its
			// text is redacted as stored.
			if err := a.redactStoredMemory(ctx, st, setting); err != nil {
				return res, fmt.Errorf("redact memory file %s: %w", path, err)
			}
			res.Read++
		}
		if st.gone {
			continue
		}
		if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if _, err := a.db.ExecContext(ctx, `UPDATE memory_files SET gone = 1 WHERE id = ?`, st.id); err != nil {
			return res, err
		}
		res.Gone++
	}
	if res.Read > 0 || res.Gone > 0 {
		a.markDurable()
	}
	return res, nil
}

// memoryState is what the archive last saw of a memory file.
type memoryState struct {
	id                    int64
	provider, kind, scope string
	repo                  string
	size, stamp           int64
	sha, redaction        string
	version               int
	gone                  bool
}

func (s memoryState) sameMeta(f MemoryFile) bool {
	return s.provider == f.Provider && s.kind == f.Kind && s.scope == f.Scope && s.repo == f.Repo
}

func (a *Archive) memoryStates(ctx context.Context) (map[string]memoryState, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT f.id, f.path, f.provider, f.kind, f.scope, f.repo_root, f.size, f.stamp, f.sha256, f.gone,
		coalesce(v.version, 0), coalesce(v.redaction, '')
		FROM memory_files f LEFT JOIN memory_versions v ON v.file_id = f.id
			AND v.version = (SELECT max(version) FROM memory_versions WHERE file_id = f.id)`)
	if err != nil {
		return nil, fmt.Errorf("memory files: %w", err)
	}
	defer rows.Close()
	out := map[string]memoryState{}
	for rows.Next() {
		var s memoryState
		var path string
		if err := rows.Scan(&s.id, &path, &s.provider, &s.kind, &s.scope, &s.repo, &s.size, &s.stamp, &s.sha, &s.gone, &s.version, &s.redaction); err != nil {
			return nil, err
		}
		out[path] = s
	}
	return out, rows.Err()
}

// readMemory reads a regular file without following a link, with the
// size and stamp of what was read.
func readMemory(path string) ([]byte, int64, int64, error) {
	f, err := openNoFollow(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, 0, errNotRegular
	}
	if fi.Size() > maxMemoryBytes {
		return nil, 0, 0, fmt.Errorf("larger than %d bytes: skipped", maxMemoryBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxMemoryBytes+1))
	if err != nil {
		return nil, 0, 0, err
	}
	return data, fi.Size(), fileStamp(fi), nil
}

// storeMemory records what was read of f: a new version when its bytes
// changed, else the stamp (and, under another redaction, the stored text
// redacted again). It reports whether a version was added.
func (a *Archive) storeMemory(ctx context.Context, f MemoryFile, st memoryState, known bool, data []byte, size, stamp int64, setting string) (bool, error) {
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	text := string(data)
	if a.redact != nil {
		text = a.redact(text)
	}
	added := false
	err := a.memoryTx(ctx, func(tx *sql.Tx) error {
		id := st.id
		if !known {
			r, err := tx.ExecContext(ctx, `INSERT INTO memory_files (path, provider, kind, scope, repo_root) VALUES (?, ?, ?, ?, ?)`,
				f.Path, f.Provider, f.Kind, f.Scope, f.Repo)
			if err != nil {
				return err
			}
			if id, err = r.LastInsertId(); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE memory_files SET provider = ?, kind = ?, scope = ?, repo_root = ?, size = ?, stamp = ?, sha256 = ?, gone = 0 WHERE id = ?`,
			f.Provider, f.Kind, f.Scope, f.Repo, size, stamp, sha, id); err != nil {
			return err
		}
		title := memoryTitle(f.Path, text)
		switch {
		case st.version > 0 && st.sha == sha && st.redaction == setting:
			return nil // touched, same bytes
		case st.version > 0 && st.sha == sha:
			if _, err := tx.ExecContext(ctx, `UPDATE memory_versions SET content = ?, title = ?, redaction = ? WHERE file_id = ? AND version = ?`,
				text, title, setting, id, st.version); err != nil {
				return err
			}
			if err := a.redactEarlierMemories(ctx, tx, id, st.version, setting); err != nil {
				return err
			}
		default:
			if _, err := tx.ExecContext(ctx, `INSERT INTO memory_versions (file_id, version, sha256, redaction, title, content, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				id, st.version+1, sha, setting, title, text, a.now().UnixMilli()); err != nil {
				return err
			}
			added = true
			if st.redaction != "" && st.redaction != setting {
				if err := a.redactEarlierMemories(ctx, tx, id, st.version+1, setting); err != nil {
					return err
				}
			}
		}
		return replaceMemoryChunks(ctx, tx, id, text)
	})
	return added, err
}

// redactEarlierMemories redacts the versions of a file before current
// (and records the setting they are stored under) again under the
// archive's redaction (text redacted once stays so when
// redaction is turned off: it cannot be recovered).
func (a *Archive) redactEarlierMemories(ctx context.Context, tx *sql.Tx, id int64, current int, setting string) error {
	if a.redact == nil {
		return nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT version, content FROM memory_versions WHERE file_id = ? AND version < ?`, id, current)
	if err != nil {
		return err
	}
	type old struct {
		version int
		text    string
	}
	var olds []old
	for rows.Next() {
		var o old
		if err := rows.Scan(&o.version, &o.text); err != nil {
			rows.Close()
			return err
		}
		olds = append(olds, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, o := range olds {
		text := a.redact(o.text)
		if _, err := tx.ExecContext(ctx, `UPDATE memory_versions SET content = ?, title = ?, redaction = ? WHERE file_id = ? AND version = ?`,
			text, memoryTitle("", text), setting, id, o.version); err != nil {
			return err
		}
	}
	return nil
}

// redactStoredMemory redacts every stored version of a file that cannot
// be read again, and indexes its current text anew.
func (a *Archive) redactStoredMemory(ctx context.Context, st memoryState, setting string) error {
	return a.memoryTx(ctx, func(tx *sql.Tx) error {
		if err := a.redactEarlierMemories(ctx, tx, st.id, st.version+1, setting); err != nil {
			return err
		}
		var text string
		if err := tx.QueryRowContext(ctx, `SELECT content FROM memory_versions WHERE file_id = ? AND version = ?`, st.id, st.version).Scan(&text); err != nil {
			return err
		}
		return replaceMemoryChunks(ctx, tx, st.id, text)
	})
}

// replaceMemoryChunks indexes the sections of a file's current text.
func replaceMemoryChunks(ctx context.Context, tx *sql.Tx, id int64, text string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM memory_chunks WHERE file_id = ?`, id); err != nil {
		return err
	}
	chunks := memoryChunks(text)
	if len(chunks) == 0 {
		return nil
	}
	// One statement for the file's chunks: the insert compiles the
	// full-text index's trigger each time it is prepared.
	ins, err := tx.PrepareContext(ctx, `INSERT INTO memory_chunks (file_id, line_start, line_end, heading, text) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, c := range chunks {
		if _, err := ins.ExecContext(ctx, id, c.lineStart, c.lineEnd, c.heading, c.text); err != nil {
			return err
		}
	}
	return nil
}

// memoryTx runs fn in a transaction on a connection with secure_delete
// on, so that the pages of text replaced (a version redacted again, the
// chunks of an earlier version) keep none of its bytes.
func (a *Archive) memoryTx(ctx context.Context, fn func(*sql.Tx) error) error {
	conn, err := a.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA secure_delete = ON`); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA secure_delete = OFF`)
	return runTx(ctx, conn, fn)
}
