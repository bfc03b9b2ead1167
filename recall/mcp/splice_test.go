package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"hansard/recall"
)

// TestSplicedAnswer: an answer whose parts are spliced in is byte for
// byte the one the protocol library writes of the plain result, for texts
// it escapes (HTML, invalid UTF-8, line separators, quotes, a placeholder
// of another server), and no part is kept once written.
func TestSplicedAnswer(t *testing.T) {
	t.Parallel()
	other := newSplicer()
	tricky := "a <b> & \"c\"\n\t\\ \u2028\u2029 \xff\xfe é 😀 " + string(other.prefix[1:]) + `1" ` + other.hold([]byte("x"))
	resp := recall.ReadResponse{SessionID: "s1", Title: tricky, Notice: recall.EvidenceNotice, Messages: []recall.Message{
		{Index: 3, Role: "user", Text: tricky, ToolCalls: []recall.ToolCall{{Name: "Bash", Command: "echo '<x>'", Status: "ok"}}},
		{Index: 4, Role: "assistant", Text: strings.Repeat("long ", 2000)},
	}}
	text := readText(resp)
	plain, err := json.Marshal(mcp.NewJSONRPCResultResponse(mcp.NewRequestId(7), mcp.NewToolResultStructured(resp, text)))
	if err != nil {
		t.Fatal(err)
	}
	sp := newSplicer()
	res := result(withSplicer(context.Background(), sp), resp, text)
	stub, err := json.Marshal(mcp.NewJSONRPCResultResponse(mcp.NewRequestId(7), res))
	if err != nil {
		t.Fatal(err)
	}
	if len(stub) > 300 {
		t.Errorf("the library encoded %d bytes of the result, not placeholders", len(stub))
	}
	var out bytes.Buffer
	w := sp.writer(&out)
	if n, err := w.Write(append(stub, '\n')); err != nil || n != len(stub)+1 {
		t.Fatalf("write: %d, %v", n, err)
	}
	if got := out.String(); got != string(plain)+"\n" {
		t.Errorf("spliced answer\n%s\nwant\n%s", got, plain)
	}
	if len(sp.parts) != 0 {
		t.Errorf("%d parts kept after the write", len(sp.parts))
	}
	if res.StructuredContent.(recall.ReadResponse).Title != tricky {
		t.Errorf("structured content not kept on the result")
	}

	// A write without placeholders passes as it is; an unknown or released
	// placeholder is left as written.
	late, err := sp.spliced(resp, text)
	if err != nil {
		t.Fatal(err)
	}
	sp.release(late)
	if len(sp.parts) != 0 {
		t.Errorf("%d parts kept after release", len(sp.parts))
	}
	out.Reset()
	line := `{"id":1,"result":` + string(late.RawStructuredContent) + `}` + "\n"
	if _, err := w.Write([]byte(line)); err != nil || out.String() != line {
		t.Errorf("released placeholder written as %q, %v", out.String(), err)
	}

	// Without a splicer (the server used in process) the result is plain.
	if r := result(context.Background(), resp, text); r.RawStructuredContent != nil || r.Content[0].(mcp.TextContent).Text != text {
		t.Errorf("result without a splicer: %+v", r)
	}
}

// TestLateResultReleased: the parts of a result that comes after the
// call's time limit, and is not written, are dropped.
func TestLateResultReleased(t *testing.T) {
	t.Parallel()
	s := &Server{opts: Options{Timeout: 20 * time.Millisecond}, ready: make(chan struct{}), memories: make(chan struct{}), answered: make(chan struct{})}
	close(s.ready)
	sp := newSplicer()
	late := make(chan struct{})
	res, err := s.limit(func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-late
		return result(ctx, recall.ReadResponse{SessionID: "s1"}, "text"), nil
	})(withSplicer(context.Background(), sp), mcp.CallToolRequest{})
	if err != nil || bodyOf(t, res).Code != recall.CodeToolTimeout {
		t.Fatalf("late call: %+v, %v", res, err)
	}
	close(late)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		sp.mu.Lock()
		n, held := len(sp.parts), sp.n
		sp.mu.Unlock()
		if held > 0 && n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d parts kept", n, held)
		}
	}
}
