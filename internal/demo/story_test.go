package demo

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
	"hansard/transcripts/providertest"
)

// parsed reads every transcript of the demo's home with the real providers.
func parsed(t *testing.T, d *Demo) (edits []transcripts.Edit, sessions []transcripts.Session, problems []transcripts.Problem) {
	t.Helper()
	ctx := context.Background()
	env := transcripts.Env(d.Getenv(func(string) string { return "" }))
	for _, p := range []transcripts.Provider{claude.New(), codex.Provider{}} {
		warn := func(path string, err error) { t.Errorf("%s: %v", path, err) }
		err := providertest.ParseEvery(ctx, p, env, warn, func(r transcripts.Record) error {
			switch {
			case r.Edit != nil:
				edits = append(edits, *r.Edit)
			case r.Session != nil:
				sessions = append(sessions, *r.Session)
			case r.Problem != nil:
				problems = append(problems, *r.Problem)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// A call is sent again when its result arrives: keep its last record.
	type key struct {
		call string
		seq  int
	}
	last := map[key]int{}
	for i, e := range edits {
		last[key{e.ToolCallID, e.Seq}] = i
	}
	var out []transcripts.Edit
	for i, e := range edits {
		if last[key{e.ToolCallID, e.Seq}] == i {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Timestamp.Before(out[j].Timestamp) })
	return out, sessions, problems
}

// applyHunks applies line hunks (1-based starts, prefixed lines) to text.
func applyHunks(t *testing.T, text string, hunks []transcripts.Hunk) string {
	t.Helper()
	old := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var out []string
	next := 0 // index in old of the next line not yet copied
	for _, h := range hunks {
		out = append(out, old[next:h.OldStart-1]...)
		next = h.OldStart - 1
		for _, l := range h.Lines {
			switch l[0] {
			case ' ', '-':
				if old[next] != l[1:] {
					t.Fatalf("hunk @%d: line %d is %q, the hunk says %q", h.OldStart, next+1, old[next], l[1:])
				}
				if l[0] == ' ' {
					out = append(out, l[1:])
				}
				next++
			case '+':
				out = append(out, l[1:])
			}
		}
	}
	return strings.Join(append(out, old[next:]...), "\n") + "\n"
}

// replay applies the successful edits of one session, in order, to files.
// It returns how many of its edits failed.
func replay(t *testing.T, d *Demo, files map[string]string, edits []transcripts.Edit, session string, before time.Time) int {
	t.Helper()
	failed := 0
	for _, e := range edits {
		if e.SessionID != session {
			continue
		}
		if !e.Succeeded() {
			failed++
			continue
		}
		if !e.Timestamp.Before(before) {
			t.Errorf("%s made after the commit that carries it", e.ToolCallID)
		}
		rel, err := filepath.Rel(d.Repo, e.File)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Fatalf("edit of %s outside the repository", e.File)
		}
		cur := files[rel]
		switch e.Tool {
		case "Write":
			files[rel] = e.NewText
		case "Edit":
			if strings.Count(cur, e.OldText) != 1 {
				t.Fatalf("%s: old_string is not once in %s", e.ToolCallID, rel)
			}
			files[rel] = strings.Replace(cur, e.OldText, e.NewText, 1)
			if len(e.Hunks) > 0 && applyHunks(t, cur, e.Hunks) != files[rel] {
				t.Errorf("%s: structuredPatch disagrees with old_string and new_string", e.ToolCallID)
			}
		case "apply_patch":
			files[rel] = applyHunks(t, cur, e.Hunks)
		default:
			t.Fatalf("%s: unexpected tool %s", e.ToolCallID, e.Tool)
		}
	}
	return failed
}

func overlay(t *testing.T, files map[string]string, version string) map[string]string {
	t.Helper()
	add, err := versionFiles(version)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range files {
		out[k] = v
	}
	for k, v := range add {
		out[k] = v
	}
	return out
}

func sameFiles(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %s is not the committed one:\n%s", what, name, got[name])
		}
	}
}

// TestStoryTranscriptsWroteTheRepository replays the transcripts' successful
// edits over the repository's first version: they give the files of the
// commits that carried them, and the person's commit in between changes one
// line.
func TestStoryTranscriptsWroteTheRepository(t *testing.T) {
	d := layout(t)
	edits, sessions, problems := parsed(t, d)
	if len(problems) != 0 {
		t.Errorf("problems: %+v", problems)
	}
	titles := map[string]string{}
	for _, s := range sessions {
		titles[s.ID] = s.Title
	}
	if titles[ClaudeSession] != ClaudeTitle || titles[CodexSession] != "Add GetJSON to the fetch client" {
		t.Errorf("titles = %v", titles)
	}

	v1 := overlay(t, nil, "v1")
	files := overlay(t, v1, "v1")
	if failed := replay(t, d, files, edits, ClaudeSession, commits[1].when); failed != 1 {
		t.Errorf("%d failed Claude Code edits, want 1", failed)
	}
	v2 := overlay(t, v1, "v2")
	sameFiles(t, "after the Claude Code session", files, v2)

	v3 := overlay(t, v2, "v3")
	a, b := strings.Split(v2["retry.go"], "\n"), strings.Split(v3["retry.go"], "\n")
	changed := 0
	for i := range a {
		if i < len(b) && a[i] != b[i] {
			changed++
		}
	}
	if len(a) != len(b) || changed != 1 {
		t.Errorf("the person's commit changes %d lines of retry.go, want 1", changed)
	}

	files = overlay(t, v3, "v3")
	if failed := replay(t, d, files, edits, CodexSession, commits[3].when); failed != 0 {
		t.Errorf("%d failed Codex edits", failed)
	}
	sameFiles(t, "after the Codex session", files, overlay(t, v3, "v4"))
}
