package transcripts

import (
	"fmt"
	"testing"
)

func TestShellRewrites(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		script string
		want   string
	}{
		{`sed -i 's/a/b/g' main.go`, `[{sed -i main.go false }]`},
		{`sed -i '' -e 's|a|b|' x/a.go x/b.go`, `[{sed -i x/a.go false } {sed -i x/b.go false }]`},
		{`sed -n 's/a/b/p' main.go`, `[]`},
		{`sed -i.bak -E "s/x;y/z/" a.go && go test ./...`, `[{sed -i a.go false }]`},
		{`cd agents/x && perl -pi -e 's/foo/bar/' hooks.go`, `[{perl -i agents/x/hooks.go false }]`},
		{`perl -i -pe 's/a/b/' a.go b.go`, `[{perl -i a.go false } {perl -i b.go false }]`},
		{`perl -ne 'print' a.go`, `[]`},
		{`gofmt -w internal/kiro/hooks.go`, `[{gofmt -w internal/kiro/hooks.go false }]`},
		{`gofmt -l -w .`, `[{gofmt -w . true *.go}]`},
		{`gofmt -l .`, `[]`},
		{`go fix ./...`, `[{go fix . true *.go}]`},
		{`go fmt ./internal/...`, `[{go fmt internal true *.go}]`},
		{`git mv old.go new.go`, `[{git mv new.go false } {git mv new.go/old.go false }]`},
		{`mv a.go b.go pkg/`, `[{mv pkg/a.go false } {mv pkg/b.go false }]`},
		{`find . -name '*.go' -exec sed -i 's/a/b/' {} +`, `[{find -exec sed -i . true *.go}]`},
		{`find internal -name "*.go" | xargs sed -i 's/a/b/'`, `[{find | xargs sed -i internal true *.go}]`},
		{`find . -name '*.go' | wc -l`, `[]`},
		{"python3 -c \"import re;p='cmd/main.go';s=open(p).read();open(p,'w').write(s.replace('a','b'))\"", `[{python3 -c cmd/main.go false }]`},
		{"python3 - <<'EOF'\nfrom pathlib import Path\np = Path('a/b.py')\np.write_text(p.read_text().replace('x', 'y'))\nEOF\n", `[{python3 script a/b.py false }]`},
		{`python3 -c "print(open('a.go').read())"`, `[]`},
		{`cd $HOME && sed -i 's/a/b/' x.go`, `[]`},
		{`echo 's/a/b/' # sed -i x.go`, `[]`},
	} {
		got := fmt.Sprint(ShellRewrites(tc.script))
		if got != tc.want && !(tc.want == "[]" && got == "[]") {
			t.Errorf("ShellRewrites(%q) = %s, want %s", tc.script, got, tc.want)
		}
	}
}

func TestShellRewriteMatches(t *testing.T) {
	t.Parallel()
	tree := ShellRewrite{Path: "internal", Tree: true, Name: "*.go"}
	for file, want := range map[string]bool{"internal/a.go": true, "internal/x/b.go": true, "internal/a.md": false, "cmd/a.go": false, "internalx/a.go": false} {
		if got := tree.Matches(file); got != want {
			t.Errorf("%+v.Matches(%s) = %v", tree, file, got)
		}
	}
	if !(ShellRewrite{Path: ".", Tree: true}).Matches("a/b.go") || !(ShellRewrite{Path: "./a.go"}).Matches("a.go") {
		t.Error("the script's folder or a ./ path does not match")
	}
}

func TestGitCommit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		script, msg string
		ok          bool
	}{
		{`git add -A && git commit -m "Add retries"`, "Add retries", true},
		{`git commit -am 'Fix it' -m 'Body.'`, "Fix it\n\nBody.", true},
		{"git commit -m \"$(cat <<'EOF'\nAdd hooks\n\nCo-Authored-By: Claude\nEOF\n)\"", "Add hooks\n\nCo-Authored-By: Claude", true},
		{`git -C repo commit --message=Tidy`, "Tidy", true},
		{`git commit`, "", true},
		{`git log --oneline`, "", false},
		{`echo "git commit -m x"`, "", false},
	} {
		msg, ok := GitCommit(tc.script)
		if msg != tc.msg || ok != tc.ok {
			t.Errorf("GitCommit(%q) = %q, %v; want %q, %v", tc.script, msg, ok, tc.msg, tc.ok)
		}
	}
}
