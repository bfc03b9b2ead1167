package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"hansard/archive"
	"hansard/fixtures/planted"
	"hansard/recall"
)

// TestPlantedSecretsAppearNowhere lays out the planted-secrets corpus
// (every kind of secret in every place Claude Code and Codex transcripts,
// a subagent, Codex session metadata, a git remote, commit messages and
// working files carry text) and checks, after an index, after an
// incremental refresh and after redaction is turned off and on again,
// that no secret is in the database file, its WAL, the full-text
// vocabulary or any output (why readable, --json and --porcelain,
// history, show, status, memory search and show), and that every
// near-miss is kept. Memory files carry plantings too, and are rewritten
// (a new version) by the incremental round. The retained
// raw copies under retained/ are left out on purpose: they keep the
// transcripts as the agents wrote them (see the README's Privacy section).
func TestPlantedSecretsAppearNowhere(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes a corpus of some 1,250 planted secrets")
	}
	t.Parallel()
	home := realTempDir(t)
	c, err := planted.Write(home, filepath.Join(home, "src", "app"))
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"NO_COLOR": "1"}
	mustRun(t, home, env, "", "index")
	checkPlanted(t, "after an index", home, env, c)

	if err := c.Append(); err != nil {
		t.Fatal(err)
	}
	checkPlanted(t, "after an incremental refresh", home, env, c)

	// With redaction off the archive holds the secrets: the corpus reaches
	// every place the archive stores text from.
	setRedact(t, home, false)
	mustRun(t, home, env, "", "index")
	stored, _ := scanPlanted(map[string]string{"db": archiveFiles(t, home)}, c)
	found := map[string]bool{}
	for _, k := range stored["db"] {
		found[k[strings.Index(k, " in ")+4:]] = true
	}
	for _, place := range planted.Places() {
		switch place {
		case planted.ClaudeThinking, planted.CodexSessionMeta, planted.GitRemote, planted.GitCommitMessage, planted.GitFile:
			continue // never stored: thinking, userinfo; git text only once why ran
		}
		if !found[place] {
			t.Errorf("with redaction off no secret of %s is stored: the corpus misses that place", place)
		}
	}
	setRedact(t, home, true)
	mustRun(t, home, env, "", "index")
	checkPlanted(t, "after redaction was turned off and on", home, env, c)
	checkRetainedPrivate(t, filepath.Join(home, ".local", "share", "hansard", "retained"))
}

// checkRetainedPrivate checks that the retained copies, which keep the
// transcripts as the agents wrote them, are readable by their owner only.
func checkRetainedPrivate(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		want := os.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", path, info.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// setRedact writes the config file with redaction on or off.
func setRedact(t *testing.T, home string, on bool) {
	t.Helper()
	dir := filepath.Join(home, ".config", "hansard")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(fmt.Sprintf("redact = %v\n", on)), 0o600); err != nil {
		t.Fatal(err)
	}
}

// mustRun runs a command line in-process with stdin, failing the test on a
// non-zero exit, and returns its output (standard output and error).
func mustRun(t *testing.T, home string, env map[string]string, stdin string, args ...string) string {
	t.Helper()
	out, err := runOK(home, env, stdin, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// runOK runs a command line in-process with stdin and returns its output
// (standard output and error), or an error naming a non-zero exit.
func runOK(home string, env map[string]string, stdin string, args ...string) (string, error) {
	out, errOut, code := runStdin(home, env, stdin, args...)
	if code != 0 {
		return "", fmt.Errorf("%v: exit %d\n%s", args, code, errOut)
	}
	return out + errOut, nil
}

// mustRunAll runs command lines that only read the archive (--no-refresh)
// in-process, a few at once, on one host that answers without reading
// transcripts (runOnHost), and returns their outputs (standard output and
// error) in order, failing the test if one exits non-zero or the host
// warns.
func mustRunAll(t *testing.T, home string, env map[string]string, lines [][]string) []string {
	t.Helper()
	var mu sync.Mutex
	var warnings []string
	host := recall.NewHost(recall.HostOptions{Getenv: homeEnv(home, env), NoRefresh: true, Providers: providers(),
		Warn: func(msg string) { mu.Lock(); warnings = append(warnings, msg); mu.Unlock() }})
	outs := make([]string, len(lines))
	errs := make([]error, len(lines))
	var wg sync.WaitGroup
	slots := make(chan struct{}, 4)
	for i, args := range lines {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			out, errOut, code := runOnHost(host, home, env, args...)
			if code != 0 {
				errs[i] = fmt.Errorf("%v: exit %d\n%s", args, code, errOut)
			}
			outs[i] = out + errOut
		})
	}
	wg.Wait()
	if err := host.Close(); err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Fatalf("reading the archive warned: %s", strings.Join(warnings, "; "))
	}
	return outs
}

// checkPlanted runs every output format and scans them, the database and
// the index for the planted secrets.
func checkPlanted(t *testing.T, stage, home string, env map[string]string, c *planted.Corpus) {
	t.Helper()
	var files strings.Builder
	for _, f := range c.Files {
		files.WriteString(filepath.Join(c.Repo, f) + "\n")
	}
	outputs := map[string]string{
		"history":             mustRun(t, home, env, "", "history", "--all-repos", "settings"),
		"history --json":      mustRun(t, home, env, "", "history", "--all-repos", "--json", "--limit", "100", "settings"),
		"history tool --json": mustRun(t, home, env, "", "history", "--all-repos", "--json", "--roles", "tool", "--limit", "100", "deployed"),
		"history --subagents": mustRun(t, home, env, "", "history", "--all-repos", "--json", "--subagents", "--limit", "100", "settings"),
		"why":                 mustRun(t, home, env, files.String(), "why", "--stdin"),
		"why --json":          mustRun(t, home, env, files.String(), "why", "--stdin", "--json"),
		"why --porcelain":     mustRun(t, home, env, files.String(), "why", "--stdin", "--porcelain"),
		"why --diff":          mustRun(t, home, env, files.String(), "why", "--stdin", "--diff"),
		"why --diff --json":   mustRun(t, home, env, files.String(), "why", "--stdin", "--diff", "--json"),
		"blame":               mustRun(t, home, env, files.String(), "blame", "--stdin"),
		"status":              mustRun(t, home, env, "", "status"),
		"status --json":       mustRun(t, home, env, "", "status", "--json"),
	}
	var shows, showsJSON, diffs strings.Builder
	// The commands above have read what was new.
	var lines [][]string
	for _, id := range c.SessionIDs {
		lines = append(lines,
			[]string{"show", id, "--no-refresh", "--limit", "200"},
			[]string{"show", id, "--no-refresh", "--json", "--limit", "200"},
			[]string{"show", id, "--no-refresh", "--diff", "--limit", "200"},
			[]string{"show", id, "--no-refresh", "--diff", "--json", "--limit", "200"})
	}
	outs := mustRunAll(t, home, env, lines)
	for i := 0; i < len(outs); i += 4 {
		shows.WriteString(outs[i])
		showsJSON.WriteString(outs[i+1])
		diffs.WriteString(outs[i+2] + outs[i+3])
	}
	outputs["show"], outputs["show --json"], outputs["show --diff"] = shows.String(), showsJSON.String(), diffs.String()
	if !strings.Contains(outputs["why --diff --json"], `"diff":`) {
		t.Errorf("%s: why --diff shows no diff", stage)
	}
	outputs["memory search"], outputs["memory show"] = memoryOutputs(t, stage, home, env)
	if !strings.Contains(outputs["why --json"], `"status": "proven"`) && !strings.Contains(outputs["why --json"], `"status":"proven"`) {
		t.Errorf("%s: why attributed no line to a planted session", stage)
	}

	archiveDir := filepath.Join(home, ".local", "share", "hansard")
	for _, name := range []string{archive.DBName, archive.DBName + "-wal"} {
		data := readIfThere(t, filepath.Join(archiveDir, name))
		outputs[name] = data
		outputs[name+" (lower case)"] = strings.ToLower(data)
	}
	a, err := archive.Open(context.Background(), archive.Options{Dir: archiveDir})
	if err != nil {
		t.Fatal(err)
	}
	terms, err := a.IndexTerms(context.Background())
	a.Close()
	if err != nil {
		t.Fatal(err)
	}
	outputs["full-text vocabulary"] = strings.Join(terms, "\n")

	// A control: the scan finds a secret where there is one.
	outputs["control"] = c.Plantings[0].Secrets[0]
	leaks, n := scanPlanted(outputs, c)
	if len(leaks["control"]) == 0 {
		t.Fatal("the scan does not find a secret")
	}
	delete(leaks, "control")
	if n < 30*len(planted.Places()) {
		t.Fatalf("%s: only %d secrets planted", stage, n)
	}
	wheres := make([]string, 0, len(leaks))
	for w := range leaks {
		wheres = append(wheres, w)
	}
	sort.Strings(wheres)
	for _, w := range wheres {
		t.Errorf("%s: %d secrets in %s: %s", stage, len(leaks[w]), w, strings.Join(leaks[w], "; "))
	}

	// Every near-miss is kept, exactly.
	var kept strings.Builder
	for _, id := range planted.NearMissSessions {
		kept.WriteString(jsonStrings(t, mustRun(t, home, env, "", "show", id, "--json", "--limit", "200")))
	}
	for _, s := range planted.NearMisses() {
		if !strings.Contains(kept.String(), s) {
			t.Errorf("%s: near-miss not kept: %q", stage, s)
		}
	}
}

// scanPlanted looks for every planted secret in texts and returns, per
// text, the plantings found ("KIND in PLACE"), and the number of secrets.
func scanPlanted(texts map[string]string, c *planted.Corpus) (map[string][]string, int) {
	// Each secret is looked for by a fragment of fragLen bytes from its
	// middle (a secret cut short is found too), all at once: one pass over
	// each text, looking every window up. A window whose first three bytes
	// begin no fragment (most of them, told by one bit) is not looked up.
	byFrag := map[string][]planted.Planting{}
	starts := make([]uint64, 1<<24/64)
	add := func(f string, p planted.Planting) {
		byFrag[f] = append(byFrag[f], p)
		k := prefix3(f, 0)
		starts[k/64] |= 1 << (k % 64)
	}
	n := 0
	for _, p := range c.Plantings {
		for _, s := range p.Secrets {
			n++
			f := fragment(s)
			add(f, p)
			if l := strings.ToLower(f); l != f {
				add(l, p)
			}
		}
	}
	leaks := map[string][]string{} // where -> kind/place
	for where, text := range texts {
		seen := map[string]bool{}
		for i := 0; i+fragLen <= len(text); i++ {
			if k := prefix3(text, i); starts[k/64]&(1<<(k%64)) == 0 {
				continue
			}
			for _, p := range byFrag[text[i:i+fragLen]] {
				if k := p.Kind + " in " + p.Place; !seen[k] {
					seen[k] = true
					leaks[where] = append(leaks[where], k)
				}
			}
		}
	}
	return leaks, n
}

// prefix3 returns the three bytes of s at i as one number.
func prefix3(s string, i int) uint32 {
	return uint32(s[i])<<16 | uint32(s[i+1])<<8 | uint32(s[i+2])
}

// archiveFiles returns the bytes of the database file and its WAL.
func archiveFiles(t *testing.T, home string) string {
	dir := filepath.Join(home, ".local", "share", "hansard")
	return readIfThere(t, filepath.Join(dir, archive.DBName)) + readIfThere(t, filepath.Join(dir, archive.DBName+"-wal"))
}

func readIfThere(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}

// fragLen is the length of the part of a secret looked for.
const fragLen = 12

// fragment is the part of a secret looked for: its middle, so that a
// secret cut short (a title, an excerpt) is found too.
func fragment(s string) string {
	if len(s) < fragLen {
		panic("planted secret shorter than a fragment: " + s)
	}
	return s[len(s)/2-fragLen/2 : len(s)/2+fragLen/2]
}

// jsonStrings returns every string of a JSON document, one per line.
func jsonStrings(t *testing.T, doc string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("not JSON: %v\n%.300s", err, doc)
	}
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			b.WriteString(x + "\n")
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return b.String()
}

// memoryOutputs runs memory search (readable and --json) on each planted
// memory file, and memory show (readable and --json) on each memory found.
func memoryOutputs(t *testing.T, stage, home string, env map[string]string) (search, show string) {
	t.Helper()
	var found, shown strings.Builder
	for _, src := range []string{"CLAUDE.md", "AGENTS.md", "deploy.mdc"} {
		found.WriteString(mustRun(t, home, env, "", "memory", "search", "--source", src, "settings")) // reads the memory files
		out := mustRun(t, home, env, "", "memory", "search", "--no-refresh", "--json", "--source", src, "settings")
		found.WriteString(out)
		var res struct {
			Hits []struct {
				MemoryID string `json:"memory_id"`
			} `json:"hits"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Hits) == 0 {
			t.Fatalf("%s: memory search --source %s: %v\n%s", stage, src, err, out)
		}
		id := res.Hits[0].MemoryID
		shown.WriteString(mustRun(t, home, env, "", "memory", "show", "--no-refresh", "--max-chars", "40000", id))
		shown.WriteString(mustRun(t, home, env, "", "memory", "show", "--no-refresh", "--json", "--max-chars", "40000", id))
		shown.WriteString(mustRun(t, home, env, "", "memory", "show", "--no-refresh", "--json", "--max-chars", "40000", id+"@1"))
	}
	return found.String(), shown.String()
}
