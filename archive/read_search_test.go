package archive

import (
	"context"
	"fmt"
	"testing"
)

func TestSearchTextAndFilters(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	e.write("one.jsonl", sessionLines("s1", "/w/one")...)
	e.write("two.jsonl", sessionLines("s2", "/w/two")...)
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()

	hits, err := a.SearchMessages(ctx, `"parse_config"`, SearchFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 4 { // the prompt and the answer of each session
		t.Fatalf("hits %+v", hits)
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Rank < hits[i-1].Rank {
			t.Errorf("hits not ordered by rank: %+v", hits)
		}
	}
	for _, tt := range []struct {
		name string
		f    SearchFilter
		want int
	}{
		{"roles user", SearchFilter{Roles: []string{"user"}}, 2},
		{"one session", SearchFilter{SessionIDs: []string{"s2"}}, 2},
		{"no sessions", SearchFilter{SessionIDs: []string{}}, 0},
		{"tool", SearchFilter{Tool: "bash"}, 4},
		{"tool absent", SearchFilter{Tool: "Write"}, 0},
		{"command", SearchFilter{Command: "GO TEST"}, 4},
		{"provider", SearchFilter{Provider: "other"}, 0},
	} {
		got, err := a.SearchMessages(ctx, `"parse_config"`, tt.f)
		if err != nil || len(got) != tt.want {
			t.Errorf("%s: %d hits, %v; want %d", tt.name, len(got), err, tt.want)
		}
	}

	res, err := a.SearchResults(ctx, `"zebra_output"`, SearchFilter{})
	if err != nil || len(res) != 2 || !res[0].InResult || res[0].Role != "tool" {
		t.Fatalf("tool results: %+v %v", res, err)
	}
	if none, _ := a.SearchResults(ctx, `"zebra_output"`, SearchFilter{Roles: []string{"user"}}); len(none) != 0 {
		t.Errorf("roles user matched tool results")
	}
	one, err := a.SearchResults(ctx, `"zebra_output"`, SearchFilter{Scan: 1})
	if err != nil || len(one) != 1 {
		t.Errorf("scan of one: %+v %v", one, err)
	}
	newest, _ := a.SearchMessages(ctx, `"parse_config"`, SearchFilter{Sessions: 1})
	if len(newest) != 2 || newest[0].SessionID != newest[1].SessionID {
		t.Errorf("one session keeps the newest session's matches: %+v", newest)
	}
	capped, _ := a.SearchMessages(ctx, `"parse_config"`, SearchFilter{PerSession: 1})
	if len(capped) != 2 || capped[0].SessionID == capped[1].SessionID {
		t.Errorf("one match per session: %+v", capped)
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Rank == 0 {
			t.Errorf("hit %d was not ranked", i)
		}
	}

	both := append(hits[:1:1], res[0])
	has, err := a.MatchingHits(ctx, `"fixing"`, both)
	if err != nil || fmt.Sprint(has) != fmt.Sprint([]bool{hits[0].Role == "assistant", false}) {
		t.Errorf("MatchingHits %v %v", has, err)
	}
	texts, err := a.HitTexts(ctx, both, 5)
	if err != nil || len([]rune(texts[0].Text)) != 5 || texts[0].Chars <= 5 || texts[1].Text != "The f" || texts[0].Line == 0 || texts[0].Timestamp.IsZero() {
		t.Errorf("HitTexts %+v %v", texts, err)
	}
}

func TestSessionsAndWindows(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	lines := sessionLines("s1", "/w/one")
	lines = append(lines, `{"t":"msg","role":"assistant","text":"ünïcödé 日本語 text","uuid":"s1-u9","ts":"2026-01-02T03:05:00Z"}`)
	e.write("one.jsonl", lines...)
	a := e.open(Options{})
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()

	list, err := a.ListSessions(ctx, SearchFilter{}, 10, 0)
	if err != nil || len(list) != 1 || list[0].ID != "s1" {
		t.Fatalf("ListSessions %+v %v", list, err)
	}
	infos, err := a.SessionInfos(ctx, []string{"s1", "nope"})
	if err != nil || len(infos) != 1 || infos["s1"].Messages == 0 {
		t.Errorf("SessionInfos %+v %v", infos, err)
	}
	built, paused, err := a.IndexState(ctx)
	if err != nil || built.IsZero() || paused {
		t.Errorf("IndexState %v %v %v", built, paused, err)
	}

	all, err := a.ReadMessages(ctx, "s1", WindowQuery{Limit: 100, MaxChars: 100})
	if err != nil || len(all) < 3 {
		t.Fatalf("ReadMessages %+v %v", all, err)
	}
	last := all[len(all)-1]
	cut, err := a.ReadMessages(ctx, "s1", WindowQuery{From: last.Index, Limit: 1, Offset: 2, MaxChars: 6})
	if err != nil || len(cut) != 1 || cut[0].Text != "ïcödé " || cut[0].Chars != 16 {
		t.Errorf("character offsets: %+v %v", cut, err)
	}
	back, err := a.ReadMessages(ctx, "s1", WindowQuery{From: last.Index, Backward: true, Limit: 2, MaxChars: 10})
	if err != nil || len(back) != 2 || back[0].Index != last.Index-1 || back[1].Index != last.Index-2 {
		t.Errorf("backward: %+v %v", back, err)
	}
	users, err := a.ReadMessages(ctx, "s1", WindowQuery{Roles: []string{"user"}, Limit: 10, MaxChars: 10})
	if err != nil || len(users) != 1 || users[0].Role != "user" {
		t.Errorf("roles: %+v %v", users, err)
	}

	var idx []int
	for _, m := range all {
		idx = append(idx, m.Index)
	}
	calls, err := a.CallSummaries(ctx, "s1", idx)
	if err != nil || len(calls) != 3 {
		t.Fatalf("CallSummaries %+v %v", calls, err)
	}
	for _, c := range calls {
		switch c.Name {
		case "Edit":
			if len(c.EditedPaths) != 1 || c.InputPath != "/w/one/main.go" || !c.HasResult {
				t.Errorf("edit call %+v", c)
			}
		case "Bash":
			if c.Command != "go test ./..." {
				t.Errorf("bash call %+v", c)
			}
		}
	}
	paths, err := a.EditedPaths(ctx, "", "main")
	if err != nil || len(paths) != 1 || paths[0].SessionID != "s1" {
		t.Errorf("EditedPaths %+v %v", paths, err)
	}
}
