package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/cputime"
	"hansard/fixtures/tempdir"
)

// Sizes of the code_history benchmark's world.
const (
	logBenchSessions = 200  // sessions that edit the file, one commit each
	logBenchFiles    = 2000 // other Go files of the repository
	logBenchFile     = "store/store.go"
)

// BenchmarkCodeHistory measures code_history of a file that 200 Claude
// Code sessions edited (each committed, every tenth with a failing test
// run it then fixed) in a repository of 2,000 more Go files (a tenth of
// them importing the file's package): warm through the MCP protocol,
// against the built binary over stdio (the call, and the server's CPU
// time per call), and as `hansard log FILE --json` processes (wall and
// CPU time, refresh included). The world is built once under
// LOG_BENCH_DIR (default $TMPDIR/hansard-log-bench) and kept:
//
//	go test ./cmd/hansard -run '^$' -bench CodeHistory -benchtime 1x
func BenchmarkCodeHistory(b *testing.B) {
	bin, env, repo := logBenchWorld(b)
	file := filepath.Join(repo, logBenchFile)
	for range b.N {
		c, pid := benchClientPID(b, bin, env)
		args := map[string]any{"path": file}
		res := callTool(b, c, "code_history", args)
		raw, _ := json.Marshal(res.StructuredContent)
		var resp struct {
			Sessions []json.RawMessage `json:"sessions"`
		}
		if err := json.Unmarshal(raw, &resp); err != nil || len(resp.Sessions) == 0 {
			b.Fatalf("code_history: %v, %d sessions", err, len(resp.Sessions))
		}
		var wall, cpu []float64
		for range 20 {
			cpu0 := cputime.Process(pid)
			t0 := time.Now()
			callTool(b, c, "code_history", args)
			wall = append(wall, ms(time.Since(t0)))
			if cpu0 >= 0 {
				cpu = append(cpu, ms(cputime.Process(pid)-cpu0))
			}
		}
		c.Close()
		pwall, pcpu := logProcess(b, bin, env, repo)
		b.ReportMetric(cputime.Percentile(wall, 50), "mcp-p50-ms")
		b.ReportMetric(cputime.Percentile(wall, 95), "mcp-p95-ms")
		b.ReportMetric(cputime.Percentile(cpu, 50), "mcp-server-cpu-p50-ms")
		b.ReportMetric(cputime.Percentile(pwall, 50), "process-p50-ms")
		b.ReportMetric(cputime.Percentile(pcpu, 50), "process-cpu-p50-ms")
		b.Logf("%d sessions listed (first page); MCP p50 %.1f ms p95 %.1f ms (server CPU p50 %.1f ms); `hansard log` process p50 %.1f ms (CPU %.1f ms)",
			len(resp.Sessions), cputime.Percentile(wall, 50), cputime.Percentile(wall, 95), cputime.Percentile(cpu, 50),
			cputime.Percentile(pwall, 50), cputime.Percentile(pcpu, 50))
	}
}

// logProcess times 11 `hansard log FILE --json` processes run in the
// repository, after one to warm the caches.
func logProcess(b *testing.B, bin string, env []string, repo string) (wall, cpu []float64) {
	b.Helper()
	for i := range 12 {
		cmd := exec.Command(bin, "log", logBenchFile, "--json")
		cmd.Dir, cmd.Env = repo, env
		t0 := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("log: %v\n%s", err, out)
		}
		if i == 0 {
			continue
		}
		wall = append(wall, ms(time.Since(t0)))
		cpu = append(cpu, ms(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()))
	}
	return wall, cpu
}

// logBenchWorld builds the binary and, once, the repository, the home of
// transcripts and the archive indexed from them.
func logBenchWorld(b *testing.B) (bin string, env []string, repo string) {
	b.Helper()
	root := os.Getenv("LOG_BENCH_DIR")
	if root == "" {
		root = tempdir.Kept("hansard-log-bench")
	}
	bin = buildHansard(b)
	home, repo := filepath.Join(root, "home"), filepath.Join(root, "src", "bench")
	env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "HANSARD_HOME=" + filepath.Join(root, "archive"),
		"GIT_CONFIG_GLOBAL=" + os.DevNull, "GIT_CONFIG_NOSYSTEM=1"}
	ready := filepath.Join(root, "ready")
	if _, err := os.Stat(ready); err == nil {
		return bin, env, repo
	}
	os.RemoveAll(root)
	writeLogBench(b, home, repo)
	indexBenchHome(b, bin, env, ready)
	return bin, env, repo
}

// writeLogBench writes the repository and one transcript per session:
// each session adds a function to the file with an Edit (every tenth runs
// the package's tests first, failing, and again after the edit), and the
// edit is committed two minutes later.
func writeLogBench(b *testing.B, home, repo string) {
	b.Helper()
	git := func(date string, args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com", "GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com",
			"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(path, text string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			b.Fatal(err)
		}
	}
	write(filepath.Join(repo, "go.mod"), "module bench.example\n\ngo 1.22\n")
	store := filepath.Join(repo, logBenchFile)
	content := "package store\n\n// Store keeps the records.\ntype Store struct{ n int }\n\n// end of store\n"
	write(store, content)
	for i := range logBenchFiles {
		var imp, use string
		if i%10 == 0 {
			imp, use = "\nimport \"bench.example/store\"\n", "\nvar _ store.Store\n"
		}
		write(filepath.Join(repo, "pkg", fmt.Sprintf("p%03d", i/20), fmt.Sprintf("f%02d.go", i%20)),
			fmt.Sprintf("package p%03d\n%s\n// F%d computes a value.\nfunc F%d(x int) int {\n\treturn x * %d\n}\n%s", i/20, imp, i, i, i, use))
	}
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	git(base.Format(time.RFC3339), "init", "-q", "-b", "main")
	git(base.Format(time.RFC3339), "add", "-A")
	git(base.Format(time.RFC3339), "commit", "-q", "-m", "The store and its users")
	proj := filepath.Join(home, ".claude", "projects", strings.ReplaceAll(repo, "/", "-"))
	for k := range logBenchSessions {
		at := base.Add(time.Duration(k+1) * time.Hour)
		id := fmt.Sprintf("bench%03d-1111-4111-8111-111111111111", k)
		fn := fmt.Sprintf("func F%d(s *Store) int {\n\treturn s.n * %d // record %d\n}\n\n", k, k+3, k)
		old := "// end of store\n"
		var t transcript
		t.session, t.cwd, t.at = id, repo, at
		t.user(fmt.Sprintf("add F%d to the store, computing the record's weight", k))
		if k%10 == 0 {
			t.bash("go test ./store", "--- FAIL: TestF (0.00s)\nFAIL", true)
		}
		t.call("Edit", map[string]any{"file_path": store, "old_string": old, "new_string": fn + old},
			"The file "+store+" has been updated successfully.", false)
		if k%10 == 0 {
			t.bash("go test ./store", "ok  \tbench.example/store\t0.01s", false)
		}
		content = strings.Replace(content, old, fn+old, 1)
		write(store, content)
		write(filepath.Join(proj, id+".jsonl"), t.b.String())
		date := at.Add(2 * time.Minute).Format(time.RFC3339)
		git(date, "commit", "-q", "-am", fmt.Sprintf("Add F%d", k))
	}
}

// transcript writes a Claude Code session's lines, a minute apart.
type transcript struct {
	session, cwd string
	at           time.Time
	n            int
	b            strings.Builder
}

func (t *transcript) line(v map[string]any) {
	t.n++
	v["sessionId"], v["cwd"], v["version"], v["gitBranch"] = t.session, t.cwd, "2.1.120", "main"
	v["uuid"], v["timestamp"] = fmt.Sprintf("%s-%d", t.session[:8], t.n), t.at.Add(time.Duration(t.n)*time.Second).Format(time.RFC3339)
	if t.n > 1 {
		v["parentUuid"] = fmt.Sprintf("%s-%d", t.session[:8], t.n-1)
	}
	j, _ := json.Marshal(v)
	t.b.Write(append(j, '\n'))
}

func (t *transcript) user(text string) {
	t.line(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

func (t *transcript) call(name string, input map[string]any, result string, isError bool) {
	id := fmt.Sprintf("toolu_%s_%d", t.session[:8], t.n)
	t.line(map[string]any{"type": "assistant", "message": map[string]any{"id": "msg_" + id, "role": "assistant", "model": "claude-opus-4-7",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}})
	t.line(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{
		map[string]any{"type": "tool_result", "tool_use_id": id, "content": result, "is_error": isError}}}})
}

func (t *transcript) bash(command, output string, failed bool) {
	if failed {
		output = "Exit code 1\n" + output
	}
	t.call("Bash", map[string]any{"command": command}, output, failed)
}
