package transcripts

import "testing"

func TestIsTestCommand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cmd  string
		want bool
	}{
		{"go test ./...", true},
		{"cd /repo && go test -run TestX ./pkg", true},
		{"CGO_ENABLED=0 go test ./...", true},
		{"pytest -q tests/", true},
		{"python -m pytest", true},
		{"uv run pytest -x", true},
		{"npm test", true},
		{"npm run test:unit", true},
		{"pnpm test", true},
		{"npx vitest run", true},
		{"jest --watch=false", true},
		{"cargo test --all", true},
		{"make test", true},
		{"make -C sub test", true},
		{"mise run test", true},
		{"go build ./... && go vet ./...", false},
		{"ls -la", false},
		{"grep -r pytest .", false},
		{"echo go test", false},
		{"git commit -m 'add test'", false},
		{"go testdata", false},
		{"cat test.go | head", false},
	}
	for _, c := range cases {
		if got := IsTestCommand(c.cmd); got != c.want {
			t.Errorf("IsTestCommand(%q) = %v, want %v", c.cmd, got, c.want)
		}
	}
}

func TestTestStatus(t *testing.T) {
	t.Parallel()
	zero, one := 0, 1
	if got := TestStatus(true, &zero); got != "pass" {
		t.Errorf("pass: got %q", got)
	}
	if got := TestStatus(true, &one); got != "fail" {
		t.Errorf("fail: got %q", got)
	}
	if got := TestStatus(true, nil); got != "" {
		t.Errorf("unknown: got %q", got)
	}
	if got := TestStatus(false, &one); got != "" {
		t.Errorf("not a test: got %q", got)
	}
}

func TestClassify(t *testing.T) {
	t.Parallel()
	zero, one := 0, 1
	for _, c := range []struct {
		cmd    Command
		isTest bool
		status string
	}{
		{Command{Command: "cd x && go test ./...", ExitCode: &zero}, true, "pass"},
		{Command{Command: "npm test", ExitCode: &one}, true, "fail"},
		{Command{Command: "pytest"}, true, ""},
		{Command{Command: "ls", ExitCode: &one}, false, ""},
	} {
		cmd := c.cmd
		cmd.IsTest, cmd.TestStatus = !c.isTest, "stale"
		cmd.Classify()
		if cmd.IsTest != c.isTest || cmd.TestStatus != c.status {
			t.Errorf("%q: %v %q, want %v %q", cmd.Command, cmd.IsTest, cmd.TestStatus, c.isTest, c.status)
		}
	}
}
