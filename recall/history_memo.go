package recall

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"sync"
	"time"

	"hansard/archive"
	"hansard/provenance/gitrepo"
)

// historyMemoFiles bounds the files whose history a Host keeps.
const historyMemoFiles = 32

// historyMemo keeps, for a long-running Host (the MCP server), the
// evidence code_history gathered for a whole file (its commits and their
// decoded contents, its edits, why's answers for its lines, the moved
// lines' origins), under what that evidence was read from: the archive as
// it is (its change mark), the repository's HEAD and index, and the
// working file's content. The next question about the file in the same
// state answers from it and only reads again what depends on the clock
// (live sessions) or on files outside (importers, memories).
//
// A Host's first history keeps nothing: a `hansard log` process asks one
// question, and reading the state costs it a connection of its own to the
// archive (see archive.ChangeMark).
type historyMemo struct {
	askedOnce // a history was asked for before
	mu        sync.Mutex
	m         map[historyFile]historyMemoEntry
}

type historyFile struct{ root, rel string }

type historyMemoEntry struct {
	key historyState
	fh  *fileHistory
}

// historyState is what a file's evidence was read from; ok is false when
// some of it could not be read (nothing is kept then).
type historyState struct {
	arch    *archive.Archive
	mark    int64
	head    gitrepo.Head
	index   indexStamp
	content [sha256.Size]byte
	until   time.Time
}

// indexStamp tells one index file from another.
type indexStamp struct {
	size int64
	mod  time.Time
}

// historyStateOf reads the state fh's evidence comes from; ok is false
// when a part of it cannot be read.
func historyStateOf(ctx context.Context, a *archive.Archive, repo *gitrepo.Repo, abs string, until time.Time) (historyState, bool) {
	mark, err := a.ChangeMark(ctx)
	if err != nil {
		return historyState{}, false
	}
	head, err := repo.Head()
	if err != nil {
		return historyState{}, false
	}
	var ix indexStamp
	if fi, err := os.Stat(filepath.Join(repo.GitDir, "index")); err == nil {
		ix = indexStamp{fi.Size(), fi.ModTime()}
	} else if !os.IsNotExist(err) {
		return historyState{}, false
	}
	content, err := os.ReadFile(abs)
	if err != nil {
		return historyState{}, false
	}
	return historyState{arch: a, mark: mark, head: head, index: ix, content: sha256.Sum256(content), until: until}, true
}

// get returns the evidence kept for the file in state st.
func (m *historyMemo) get(root, rel string, st historyState) (*fileHistory, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.m[historyFile{root, rel}]
	if !ok || e.key != st {
		return nil, false
	}
	return e.fh, true
}

// put keeps fh, gathered in state st, in place of what the file had; a
// file past the bound pushes out another.
func (m *historyMemo) put(root, rel string, st historyState, fh *fileHistory) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil {
		m.m = map[historyFile]historyMemoEntry{}
	}
	f := historyFile{root, rel}
	if _, ok := m.m[f]; !ok && len(m.m) >= historyMemoFiles {
		for k := range m.m {
			delete(m.m, k)
			break
		}
	}
	m.m[f] = historyMemoEntry{key: st, fh: fh}
}
