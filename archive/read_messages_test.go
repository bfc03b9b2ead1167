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
