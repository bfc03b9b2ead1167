package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"hansard/fixtures/truth"
)

// testWhyStdin talks to one `why --stdin` process as an editor does: a
// question, its answer, the next question. Each answer is the one-shot
// `why`'s, a bad question gets an error answer and the process goes on.
func testWhyStdin(t *testing.T, bin string, res *truth.Result, env []string) {
	file, line := provenLine(t, res)
	loc := file + ":" + itoa(line)
	cmd := exec.Command(bin, "why", "--stdin", "--json")
	cmd.Dir = res.Repo
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(pipe)
	ask := func(q string) map[string]any {
		t.Helper()
		if _, err := in.Write([]byte(q + "\n")); err != nil {
			t.Fatal(err)
		}
		answer, err := out.ReadString('\n')
		if err != nil {
			t.Fatalf("no answer to %q: %v (%s)", q, err, stderr.String())
		}
		var v any
		if err := json.Unmarshal([]byte(answer), &v); err != nil {
			t.Fatalf("answer to %q is not one line of JSON: %q", q, answer)
		}
		if m, ok := v.(map[string]any); ok {
			return m
		}
		return map[string]any{"array": v}
	}
	one, _, _ := runHansard(t, bin, res.Repo, env, "why", loc, "--json")
	var want map[string]any
	if err := json.Unmarshal([]byte(one), &want); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if got := ask(loc); got["status"] != "proven" || got["line"] != want["line"] || got["text"] != want["text"] {
			t.Errorf("answer %v, want %v", got, want)
		}
	}
	if got := ask(file + ":99999"); got["exit"] != float64(2) || !strings.Contains(got["error"].(string), "past the end") {
		t.Errorf("a line past the end: %v", got)
	}
	if got := ask("no/such.go:1"); got["exit"] != float64(2) {
		t.Errorf("a missing file: %v", got)
	}
	if got := ask(file + ":1-2"); len(got["array"].([]any)) != 2 {
		t.Errorf("a range: %v", got)
	}
	if got := ask(loc + "-" + itoa(line)); got["line"] != float64(line) || got["array"] != nil {
		t.Errorf("a range of one line is the line's one object: %v", got)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("exit at the end of input: %v (%s)", err, stderr.String())
	}

	// --porcelain: the version line, then each answer ends with an empty
	// line; an error is a line.
	input := loc + "\n\n" + file + ":x\n" + file + ":1-2\n"
	c := exec.Command(bin, "why", "--stdin", "--porcelain")
	c.Dir, c.Env, c.Stdin = res.Repo, append([]string{"PATH=" + os.Getenv("PATH")}, env...), strings.NewReader(input)
	got, err := c.Output()
	if err != nil {
		t.Fatal(err)
	}
	header, rest, _ := strings.Cut(string(got), "\n")
	blocks := strings.Split(strings.TrimSuffix(rest, "\n\n"), "\n\n")
	if header != "# hansard why porcelain 2" || len(blocks) != 3 || !strings.HasPrefix(blocks[0], file+"\t"+itoa(line)+"\tproven\t") ||
		!strings.HasPrefix(blocks[1], "error\t") || strings.Count(blocks[2], "\n") != 1 {
		t.Errorf("porcelain answers: %q", got)
	}
	if _, errOut, code := runHansard(t, bin, res.Repo, env, "why", "--stdin", loc); code != 2 || !strings.Contains(errOut, "give no PATH") {
		t.Errorf("--stdin with a PATH: exit %d %s", code, errOut)
	}
}
