package archive

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Generations: archived text is never replaced by a later state of its
// file. A file that shrank to what is not a prefix of what was read of it
// (see retainedPrefix), or whose head or tail at the checkpoint no longer
// matches what was read, starts a new generation. The source row of
// the earlier one is kept with its sessions, problems and retained copy
// (copied to the retained path of the kept row), as a source that is gone:
// its path becomes "<path>#<generation>" and retired is set, so discovery
// (of files named *.jsonl) never meets it again, and a rebuild re-parses
// it from its retained copy under its original path. A new row, with the next generation number,
// holds the file from then on; the sessions it names that the earlier
// generation holds go to sessions of their own (see storedRecord).

// generationPath is the stored path of an earlier generation of a file.
func generationPath(path string, generation int) string {
	return path + "#" + strconv.Itoa(generation)
}

// originalPath is the path of the file a source row was read from.
func (r sourceRow) originalPath() string {
	if !r.retired {
		return r.path
	}
	return strings.TrimSuffix(r.path, "#"+strconv.Itoa(r.generation))
}

// retire keeps the stored generation of j's source as a source of its own
// and gives j a new row for the file's next generation.
func (w *writer) retire(j *job) error {
	old := j.row
	kept := generationPath(old.path, old.generation)
	if old.retainedSize > 0 {
		from, to := w.a.RetainedPath(j.src.Provider, old.path), w.a.RetainedPath(j.src.Provider, kept)
		if err := copyRetained(from, to, old.retainedSize); err != nil {
			return fmt.Errorf("keep the earlier generation of %s: %w", j.src.Path, err)
		}
	}
	if _, err := w.conn.ExecContext(w.ctx, `UPDATE sources SET path = ?, retired = 1, deleted = 1 WHERE id = ?`,
		kept, old.id); err != nil {
		return fmt.Errorf("keep the earlier generation of %s: %w", j.src.Path, err)
	}
	if _, err := w.conn.ExecContext(w.ctx, `UPDATE sessions SET source_deleted = 1 WHERE source_id = ?`, old.id); err != nil {
		return fmt.Errorf("keep the earlier generation of %s: %w", j.src.Path, err)
	}
	err := w.conn.QueryRowContext(w.ctx, `INSERT INTO sources (provider, path, class, generation) VALUES (?, ?, ?, ?)
		RETURNING id`, j.src.Provider, old.path, j.src.Class, old.generation+1).Scan(&j.row.id)
	if err != nil {
		return fmt.Errorf("record the new generation of %s: %w", j.src.Path, err)
	}
	j.row.generation = old.generation + 1
	w.stats.countGeneration()
	return nil
}

// copyRetained copies the first size bytes of the retained copy from to
// the path to, replacing what is there. A copy rather than a link or a
// rename: the file at from is replaced once the new generation is read,
// and stays whole until then, whatever happens to this transaction.
func copyRetained(from, to string, size int64) error {
	src, err := openNoFollow(from, os.O_RDONLY, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil // nothing left to keep
	}
	if err != nil {
		return err
	}
	defer src.Close()
	if err := mkdirFor(to); err != nil {
		return err
	}
	return replaceFile(to, io.LimitReader(src, size))
}
