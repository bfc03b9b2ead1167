package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/embed/local"
	"hansard/fixtures/gen"
)

// index learns the meaning model once the archive holds enough messages,
// keeps it in the archive's folder (0600), and does not learn it again
// until the archive has grown.
func TestIndexLearnsMeaningModel(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 8, TargetBytes: 2 << 20, Seed: 5, Topics: true, SubagentRatio: -1}); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runIn(t, home, nil, "index")
	path := filepath.Join(home, ".local", "share", "hansard", local.FileName)
	if code != 0 || !strings.Contains(out, "meaning model: learned ") || !strings.Contains(out, path) {
		t.Fatalf("index: exit %d, want the model learned into %s:\n%s%s", code, path, out, errOut)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("model file: %v %v", fi, err)
	}
	if _, err := local.Load(path); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runIn(t, home, nil, "index")
	if code != 0 || strings.Contains(out, "meaning model") {
		t.Errorf("second index: exit %d, want the model kept:\n%s%s", code, out, errOut)
	}
}

// With few messages there is no model, and no complaint.
func TestIndexWithoutMeaningModel(t *testing.T) {
	t.Parallel()
	home := fixtureHome(t)
	out, errOut, code := runIn(t, home, nil, "index")
	if code != 0 || strings.Contains(out+errOut, "meaning model") {
		t.Fatalf("index: exit %d:\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(home, ".local", "share", "hansard", local.FileName)); !os.IsNotExist(err) {
		t.Errorf("a model from too little text: %v", err)
	}
}
