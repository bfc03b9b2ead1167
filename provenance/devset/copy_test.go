package devset

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// copyFolder copies the regular files and folders under from to to (which
// must not exist), files 0600 and folders 0700 as the archive keeps them.
func copyFolder(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		switch dst := filepath.Join(to, rel); {
		case d.IsDir():
			return os.Mkdir(dst, 0o700)
		case d.Type().IsRegular():
			return copyFile(path, dst)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("copy %s: %v", from, err)
	}
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
