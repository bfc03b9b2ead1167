package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"hansard/recall"
)

func bodyOf(t *testing.T, res *mcp.CallToolResult) recall.ErrorBody {
	t.Helper()
	if !res.IsError {
		t.Fatalf("result is not an error: %+v", res)
	}
	e, ok := res.StructuredContent.(toolError)
	if !ok {
		t.Fatalf("structured content %T", res.StructuredContent)
	}
	return e.Error
}

func TestErrorResult(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err       error
		code      string
		retryable bool
	}{
		{&recall.Error{Code: recall.CodeIndexUnavailable, Message: "x", Retryable: true}, recall.CodeIndexUnavailable, true},
		{&recall.Error{Code: recall.CodeInvalidArgument, Field: "limit", Message: "x"}, recall.CodeInvalidArgument, false},
		{context.DeadlineExceeded, recall.CodeToolTimeout, false},
		{context.Canceled, recall.CodeCancelled, false},
		{errors.New("boom"), recall.CodeInternal, false},
	} {
		b := bodyOf(t, errorResult(tc.err))
		if b.Code != tc.code || b.Retryable != tc.retryable || b.Message == "" {
			t.Errorf("%v: %+v, want code %s retryable %v", tc.err, b, tc.code, tc.retryable)
		}
	}
}

// TestLimit: a call past the limit answers tool_timeout at the limit even
// when its work does not stop, and a cancelled call's work sees its
// context cancelled.
func TestLimit(t *testing.T) {
	t.Parallel()
	s := &Server{opts: Options{Timeout: 50 * time.Millisecond}, ready: make(chan struct{}), memories: make(chan struct{}), answered: make(chan struct{})}
	close(s.ready)
	stuck := make(chan struct{})
	defer close(stuck)
	res, err := s.limit(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-stuck // work that ignores its context
		return nil, nil
	})(context.Background(), mcp.CallToolRequest{})
	if err != nil || bodyOf(t, res).Code != recall.CodeToolTimeout {
		t.Errorf("stuck call: %+v, %v", res, err)
	}

	s.opts.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	saw := make(chan error, 1)
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	_, err = s.limit(func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		saw <- ctx.Err()
		return nil, ctx.Err()
	})(ctx, mcp.CallToolRequest{})
	if !errors.Is(err, context.Canceled) || !errors.Is(<-saw, context.Canceled) {
		t.Errorf("cancelled call: %v", err)
	}
}

func TestDecodeArgs(t *testing.T) {
	t.Parallel()
	var req recall.SearchRequest
	for args, field := range map[string]string{`{"limit":"x"}`: "limit", `{"nope":1}`: "nope", `{"roles":"user"}`: "roles"} {
		var m map[string]any
		if err := jsonUnmarshal(args, &m); err != nil {
			t.Fatal(err)
		}
		err := decodeArgs(m, &req)
		var e *recall.Error
		if !errors.As(err, &e) || e.Code != recall.CodeInvalidArgument || e.Field != field {
			t.Errorf("%s: %v, want invalid_argument naming %s", args, err, field)
		}
	}
	if err := decodeArgs(nil, &req); err != nil {
		t.Errorf("no arguments: %v", err)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestResponseID: the ids of responses laid out as the protocol library
// writes them are read from their first bytes; anything else is left to
// the full parse.
func TestResponseID(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line, id string
		ok       bool
	}{
		{`{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`, `7`, true},
		{`{"jsonrpc":"2.0","id":"a-1","error":{"code":-32601}}`, `"a-1"`, true},
		{`{"jsonrpc":"2.0","id":"a,b","result":{}}`, "", false},
		{`{"jsonrpc":"2.0","id":"a\"b","result":{}}`, "", false},
		{`{"jsonrpc":"2.0","id":3,"method":"roots/list"}`, "", false},
		{`{"jsonrpc":"2.0","method":"notifications/progress"}`, "", false},
		{`{"id":7,"jsonrpc":"2.0","result":{}}`, "", false},
	} {
		id, ok := responseID([]byte(tc.line))
		if ok != tc.ok || string(id) != tc.id {
			t.Errorf("%s: %q %v, want %q %v", tc.line, id, ok, tc.id, tc.ok)
		}
	}
}

// TestDrainScan checks that the drain finds every line of what it reads
// and writes, whole lines read in place and lines split across calls.
func TestDrainScan(t *testing.T) {
	d := newDrain(context.Background(), nil, nil)
	var buf []byte
	var got []string
	fn := func(line []byte) { got = append(got, string(line)) }
	for _, chunk := range []string{"a\nb", "c\n", "\n", "d\ne\nf", "", "g", "h\ni\n"} {
		data := []byte(chunk)
		d.scan(&buf, data, fn)
		for i := range data {
			data[i] = '#' // the caller reuses its buffer
		}
	}
	if want := []string{"a", "bc", "", "d", "e", "fgh", "i"}; !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
	if len(buf) != 0 {
		t.Errorf("left %q", buf)
	}
}
