package importpolicy

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestImportPolicy checks every package of the module, its tests included,
// against the policy, as it builds for Linux, macOS and Windows (files for
// one system may import what others' do not).
func TestImportPolicy(t *testing.T) {
	pol, problems := newPolicy(groups, rows)
	for _, p := range problems {
		t.Errorf("policy table: %s", p)
	}
	systems := []string{"linux", "darwin", "windows"}
	listedFor := map[string][]listed{}
	var all []listed
	for _, goos := range systems {
		pkgs := goList[listed](t, goos, "-json=ImportPath,Imports,TestImports,XTestImports,CgoFiles,Error", module+"/...")
		listedFor[goos] = pkgs
		all = append(all, pkgs...)
	}
	// Whether a path is in the standard library does not depend on the
	// system built for: one go list answers for the imports of all three.
	std := standard(t, all)
	if !std["fmt"] || std[module+"/transcripts"] {
		t.Fatalf("go list's Standard field: fmt %v, %s/transcripts %v", std["fmt"], module, std[module+"/transcripts"])
	}
	for _, goos := range systems {
		t.Run(goos, func(t *testing.T) {
			pkgs := listedFor[goos]
			if len(pkgs) < 20 || !slices.ContainsFunc(pkgs, func(p listed) bool { return p.ImportPath == module+"/transcripts" }) {
				t.Fatalf("go list found %d packages of the module, without transcripts", len(pkgs))
			}
			for _, v := range pol.check(pkgs, std) {
				t.Error(v)
			}
		})
	}
}

// standard reports, for every path that pkgs or their tests import, whether
// go list says it is in the standard library.
func standard(t *testing.T, pkgs []listed) map[string]bool {
	seen := map[string]bool{}
	var paths []string
	for _, p := range pkgs {
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if imp != "C" && !seen[imp] {
				seen[imp] = true
				paths = append(paths, imp)
			}
		}
	}
	type info struct {
		ImportPath string
		Standard   bool
	}
	std := map[string]bool{}
	for _, p := range goList[info](t, runtime.GOOS, append([]string{"-json=ImportPath,Standard"}, paths...)...) {
		std[p.ImportPath] = p.Standard
	}
	return std
}

// goList runs go list -e with args for the system goos (cgo enabled, so
// cgo files are listed) and decodes its stream of JSON objects.
func goList[T any](t *testing.T, goos string, args ...string) []T {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-e"}, args...)...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1", "GOOS="+goos)
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("go list: %v\n%s", err, exit.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var list []T
	for {
		var v T
		if err := dec.Decode(&v); err == io.EOF {
			return list
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		list = append(list, v)
	}
}
