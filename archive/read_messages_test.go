package archive

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestMessagesAndToolCalls(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	msgs, err := a.Messages(ctx, "s1", 1, 2)
	if err != nil || len(msgs) != 1 || msgs[0].Index != 1 || msgs[0].Role != "assistant" ||
		fmt.Sprint(msgs[0].ToolCallIDs) != "[c1 c2 c3]" || msgs[0].Timestamp.IsZero() || msgs[0].Line != 3 {
		t.Fatalf("messages: %+v %v", msgs, err)
	}
	calls, err := a.ToolCalls(ctx, "s1", 1)
	if err != nil || len(calls) != 3 {
		t.Fatalf("tool calls: %+v %v", calls, err)
	}
	if c := calls[0]; c.ID != "c1" || !c.HasResult || c.Result != "The file main.go has been updated; zebra_output" || c.ResultLine != 6 || string(c.Input) == "" {
		t.Fatalf("call c1: %+v", c)
	}
	if _, err := a.Messages(ctx, "nope", 0, 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("messages of a missing session: %v", err)
	}
}

// TestMessageIndexesAround holds the one query of a centred window's
// indexes to the two reads it stands for.
func TestMessageIndexesAround(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	lines := []string{`{"t":"session","id":"s1","cwd":"/w"}`}
	for i, role := range []string{"user", "assistant", "assistant", "user", "assistant", "user", "assistant"} {
		lines = append(lines, fmt.Sprintf(`{"t":"msg","role":%q,"text":"message %d","uuid":"u%d"}`, role, i, i))
	}
	e.write("s1.jsonl", lines...)
	e.refresh(a, RefreshOptions{})
	ctx := context.Background()
	indexes := func(w WindowQuery) []int {
		msgs, err := a.ReadMessages(ctx, "s1", w)
		if err != nil {
			t.Fatal(err)
		}
		out := []int{}
		for _, m := range msgs {
			out = append(out, m.Index)
		}
		return out
	}
	all := indexes(WindowQuery{Limit: 100})
	if len(all) != 7 {
		t.Fatalf("the session has %d messages, want 7", len(all))
	}
	for _, roles := range [][]string{nil, {"user"}, {"assistant", "tool"}} {
		for from := 0; from <= len(all); from++ {
			for limit := 1; limit <= 3; limit++ {
				w := WindowQuery{From: from, Roles: roles, Limit: limit}
				before, after, err := a.MessageIndexesAround(ctx, "s1", w, limit+1)
				if err != nil {
					t.Fatal(err)
				}
				wantBefore := indexes(WindowQuery{From: from, Backward: true, Roles: roles, Limit: limit})
				wantAfter := indexes(WindowQuery{From: from, Roles: roles, Limit: limit + 1})
				if fmt.Sprint(before) != fmt.Sprint(wantBefore) || fmt.Sprint(after) != fmt.Sprint(wantAfter) {
					t.Errorf("roles %v from %d limit %d: %v and %v, want %v and %v", roles, from, limit, before, after, wantBefore, wantAfter)
				}
			}
		}
	}
}
