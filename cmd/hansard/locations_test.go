package main

import (
	"encoding/json"
	"strings"
	"testing"

	"hansard/provenance"
	"hansard/provenance/gitrepo/gittest"
	"hansard/recall"
)

const locationsSource = `package demo

func First() int {
	return 1
}

// Second is documented.
func Second() int {
	x := 2
	return x
}
`

// newLocationsRepo makes a repository of two commits: demo.go, then
// later.go.
func newLocationsRepo(t *testing.T) string {
	repo := gittest.New(t)
	repo.Write("demo.go", locationsSource)
	repo.Commit("first")
	repo.Write("later.go", "package demo\n")
	repo.Commit("second")
	return repo.Dir
}

// TestWhyLocationForms asks why about each form a location is written in
// and checks the lines answered.
func TestWhyLocationForms(t *testing.T) {
	home := t.TempDir()
	t.Chdir(newLocationsRepo(t))
	forms := []struct {
		loc        string
		start, end int
	}{
		{"demo.go:3", 3, 3},
		{"demo.go:3:5", 3, 3},
		{" demo.go:4 ", 4, 4},
		{"demo.go#L8", 8, 8},
		{"demo.go#L8-L10", 8, 10},
		{"demo.go#L8-10", 8, 10},
		{"demo.go:8-10", 8, 10},
	}
	syms, _ := recall.FileSymbols(t.Context(), "demo.go")
	haveSymbols := len(syms) > 0 // a cgo build
	if haveSymbols {
		forms = append(forms, struct {
			loc        string
			start, end int
		}{"demo.go:Second", 8, 11})
	}
	for _, f := range forms {
		out, errOut, code := runIn(t, home, nil, "why", "--json", f.loc)
		if code != 0 {
			t.Errorf("%q: exit %d: %s", f.loc, code, errOut)
			continue
		}
		var answers []provenance.Attribution
		if f.start == f.end {
			var one provenance.Attribution
			if err := json.Unmarshal([]byte(out), &one); err != nil {
				t.Fatalf("%q: %v\n%s", f.loc, err, out)
			}
			answers = append(answers, one)
		} else if err := json.Unmarshal([]byte(out), &answers); err != nil {
			t.Fatalf("%q: %v\n%s", f.loc, err, out)
		}
		if len(answers) != f.end-f.start+1 || answers[0].Line != f.start || answers[len(answers)-1].Line != f.end {
			t.Errorf("%q: answered %d lines from %d, want %d-%d", f.loc, len(answers), answers[0].Line, f.start, f.end)
		}
	}

	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"why", "--rev", "HEAD~1", "later.go:1"}, "later.go did not exist at revision HEAD~1"},
		{[]string{"why", "--rev", "HEAD~100", "demo.go:1"}, `--rev: "HEAD~100" is not a revision of this repository`},
		{[]string{"why", "--rev", "no-such-branch", "demo.go:1"}, `--rev: "no-such-branch" is not a revision`},
		{[]string{"why", "demo.go#L90-L80"}, "before it starts"},
		{[]string{"why", "--rev", "HEAD", "demo.go:Second"}, "with --rev, give line numbers"},
	} {
		_, errOut, code := runIn(t, home, nil, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.msg) || strings.Contains(errOut, "resolve") {
			t.Errorf("%v: exit %d, stderr %q; want %q", tt.args, code, errOut, tt.msg)
		}
	}
	if haveSymbols {
		_, errOut, code := runIn(t, home, nil, "why", "demo.go:Third")
		if code != exitUsage || !strings.Contains(errOut, `no function, method or type named "Third"`) {
			t.Errorf("an unknown symbol: exit %d, %q", code, errOut)
		}
	}
}
