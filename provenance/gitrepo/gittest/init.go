package gittest

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"
)

// initFile is one file or folder `git init` writes under .git.
type initFile struct {
	path string // relative to .git, with slashes
	dir  bool
	exec bool // a hook
	data []byte
}

// initTemplate is what `git init -q -b main` writes, run once per test
// binary and written again into every new repository: the same files,
// without a git process per repository.
var initTemplate struct {
	once  sync.Once
	files []initFile
	err   error
}

// initRepo makes dir a new repository as `git init -q -b main` would.
func (r *Repo) initRepo() error {
	initTemplate.once.Do(func() { initTemplate.files, initTemplate.err = readInit() })
	if initTemplate.err != nil {
		return initTemplate.err
	}
	root := filepath.Join(r.Dir, ".git")
	if err := os.Mkdir(root, 0o700); err != nil {
		return err
	}
	for _, f := range initTemplate.files {
		p := filepath.Join(root, filepath.FromSlash(f.path))
		var err error
		switch {
		case f.dir:
			err = os.Mkdir(p, 0o700)
		case f.exec:
			err = os.WriteFile(p, f.data, 0o700)
		default:
			err = os.WriteFile(p, f.data, 0o600)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readInit runs `git init -q -b main` in a temporary folder and reads
// what it wrote.
func readInit() ([]initFile, error) {
	tmp, err := os.MkdirTemp("", "gittest-init-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("git", "init", "-q", "-b", "main")
	cmd.Dir, cmd.Env = tmp, (&Repo{Dir: tmp}).Env(time.Time{})
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("git init: %v\n%s", err, out)
	}
	return readGitDir(tmp)
}

// readGitDir reads the .git folder of dir, parents before children.
func readGitDir(dir string) ([]initFile, error) {
	root := filepath.Join(dir, ".git")
	var files []initFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		f := initFile{path: filepath.ToSlash(rel), dir: d.IsDir()}
		if !f.dir {
			if !d.Type().IsRegular() {
				return fmt.Errorf("git init wrote %s, not a regular file", rel)
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			f.exec = info.Mode()&0o100 != 0
			if f.data, err = os.ReadFile(p); err != nil {
				return err
			}
		}
		files = append(files, f)
		return nil
	})
	return files, err
}
