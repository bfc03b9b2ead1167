package archive

import (
	"context"
	"testing"

	"hansard/fixtures/fakeagents"
)

// TestSaidSkipsRetractedMessages reads an edit whose message the agent
// later took out of its history: the words said with it come from the
// assistant message before it that stayed, never from the retracted one,
// and are empty once no such message is left since the prompt.
func TestSaidSkipsRetractedMessages(t *testing.T) {
	t.Parallel()
	w := newFakeWorld(t, ".fake-upsert/u.jsonl", fakeagents.NewUpsert())
	w.rewrite(`{"type":"msg","id":"m1","role":"user","text":"add the retry"}
{"type":"msg","id":"m2","role":"assistant","text":"I will wrap the error in retry"}
{"type":"msg","id":"m3","role":"assistant","text":"editing client.go now"}
{"type":"edit","id":"c1","msg":"m3","file":"/r/client.go","old":"return err","new":"return retry(err)"}
{"type":"replace","messages":[{"type":"msg","id":"m1","role":"user","text":"add the retry"},{"type":"msg","id":"m2","role":"assistant","text":"I will wrap the error in retry"}]}
`)
	w.refresh(RefreshOptions{})
	if got := w.messages("u"); got != "0 add the retry; 1 I will wrap the error in retry; 2 editing client.go now [replaced]; " {
		t.Fatalf("messages: %s", got)
	}
	key := LedgerEdit{SessionID: "u", CallID: "c1"}
	ev, err := w.a.EditEvidences(context.Background(), []LedgerEdit{key})
	if err != nil {
		t.Fatal(err)
	}
	if got := ev[key].Said; got != "I will wrap the error in retry" {
		t.Errorf("said %q, want the words of the message that stayed", got)
	}

	w = newFakeWorld(t, ".fake-upsert/u.jsonl", fakeagents.NewUpsert())
	w.rewrite(`{"type":"msg","id":"m1","role":"user","text":"add the retry"}
{"type":"msg","id":"m3","role":"assistant","text":"editing client.go now"}
{"type":"edit","id":"c1","msg":"m3","file":"/r/client.go","old":"return err","new":"return retry(err)"}
{"type":"replace","messages":[{"type":"msg","id":"m1","role":"user","text":"add the retry"}]}
`)
	w.refresh(RefreshOptions{})
	ev, err = w.a.EditEvidences(context.Background(), []LedgerEdit{key})
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := ev[key]; !ok || e.Said != "" {
		t.Errorf("evidence %+v %v, want the edit with nothing said", e, ok)
	}
}
