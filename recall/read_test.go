package recall

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// readWorld is one conversation of 30 messages: user prompts, answers and
// tool calls, with a long multi-byte answer at index 9.
type readWorld struct {
	*world
	c       *convo
	longIdx int
	long    string
	resub   [2]int
}

func newReadWorld(t *testing.T) *readWorld {
	w := &readWorld{world: newWorld(t)}
	c := w.session(7, w.repoA, t0)
	c.user("start the parser")                                                                       // 0
	c.assistant("Starting.")                                                                         // 1
	c.bash("go test ./...", "FAIL\texit status 1", true)                                             // 2, 3
	c.edit(w.repoA+"/parser/parse.go", "old line", "new line")                                       // 4, 5
	c.tool("Read", map[string]any{"file_path": w.repoA + "/parser/lex.go"}, "package parser", false) // 6, 7
	c.user("now explain the lexer in detail")                                                        // 8
	w.long = strings.Repeat("лексер разбирает ✓ 日本 ", 200)                                           // 4,200 characters
	w.longIdx = c.assistant(w.long)                                                                  // 9
	w.resub[0] = c.user("add a test for unicode identifiers in the lexer")                           // 10
	c.assistant("Which identifiers?")                                                                // 11
	w.resub[1] = c.user("add a test for unicode identifiers in the lexer please")                    // 12
	for i := 13; i < 30; i++ {
		if i%2 == 1 {
			c.assistant("answer")
		} else {
			c.user("question")
		}
	}
	w.c = c
	w.index()
	return w
}

func (w *readWorld) read(t *testing.T, req ReadRequest) ReadResponse {
	t.Helper()
	if req.SessionID == "" {
		req.SessionID = w.c.id
	}
	resp, err := w.svc.Read(context.Background(), req)
	if err != nil {
		t.Fatalf("Read(%+v): %v", req, err)
	}
	return resp
}

func indexes(resp ReadResponse) []int {
	var out []int
	for _, m := range resp.Messages {
		out = append(out, m.Index)
	}
	return out
}

func seq(from, to int) []int {
	var out []int
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

func at(i int) *int { return &i }

func TestReadWindows(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	tests := []struct {
		name string
		req  ReadRequest
		want []int
		next bool
	}{
		{"from the start", ReadRequest{Limit: 5}, seq(0, 5), true},
		{"default limit", ReadRequest{}, seq(0, 20), true},
		{"around the middle", ReadRequest{Around: at(15), Limit: 6}, seq(12, 18), true},
		{"around the start", ReadRequest{Around: at(1), Limit: 6}, seq(0, 6), true},
		{"around the end", ReadRequest{Around: at(29), Limit: 6}, seq(24, 30), false},
		{"around past the end", ReadRequest{Around: at(99), Limit: 3}, seq(27, 30), false},
		{"whole session", ReadRequest{Limit: 200}, seq(0, 30), false},
		{"roles user", ReadRequest{Roles: []string{"user"}, Limit: 4}, []int{0, 8, 10, 12}, true},
		{"roles user around", ReadRequest{Roles: []string{"user"}, Around: at(10), Limit: 2}, []int{8, 10}, true},
		{"roles tool", ReadRequest{Roles: []string{"tool"}}, []int{3, 5, 7}, false},
	}
	for _, tt := range tests {
		tt.req.MaxChars = 1000000
		resp := w.read(t, tt.req)
		if got := indexes(resp); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: indexes %v, want %v", tt.name, got, tt.want)
		}
		if (resp.Next != "") != tt.next {
			t.Errorf("%s: next %q, want next=%v", tt.name, resp.Next, tt.next)
		}
		if resp.MessageCount != 30 || resp.Notice != EvidenceNotice || resp.SessionID != w.c.id {
			t.Errorf("%s: header %+v", tt.name, resp)
		}
	}
}

func TestReadCursorContinuesFilteredRead(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	req := ReadRequest{Roles: []string{"user"}, Limit: 3}
	var got []int
	for page := 0; page < 10; page++ {
		resp := w.read(t, req)
		got = append(got, indexes(resp)...)
		if resp.Next == "" {
			break
		}
		req.Cursor = resp.Next
	}
	want := []int{0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("paged user messages %v, want %v", got, want)
	}
	first := w.read(t, ReadRequest{Roles: []string{"user"}, Limit: 3})
	_, err := w.svc.Read(context.Background(), ReadRequest{SessionID: w.c.id, Roles: []string{"assistant"}, Limit: 3, Cursor: first.Next})
	if ErrorCode(err) != CodeInvalidArgument {
		t.Errorf("cursor with other roles: %v", err)
	}
}

func TestReadTruncation(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	total := utf8.RuneCountInString(w.long)
	resp := w.read(t, ReadRequest{Around: at(w.longIdx), Limit: 3})
	var long Message
	for _, m := range resp.Messages {
		if m.Index == w.longIdx {
			long = m
		} else if m.Truncated || m.ContentChars != nil || m.ContentOffset != nil {
			t.Errorf("complete message %d carries truncation fields", m.Index)
		}
	}
	if !long.Truncated || *long.ContentChars != total || *long.ContentOffset != 0 || utf8.RuneCountInString(long.Text) != DefaultMaxMessageChars {
		t.Fatalf("long message: truncated %v chars %v offset %v len %d", long.Truncated, long.ContentChars, long.ContentOffset, utf8.RuneCountInString(long.Text))
	}
	if !utf8.ValidString(long.Text) || !strings.HasPrefix(w.long, long.Text) {
		t.Errorf("cut text is not the start of the message at a character boundary")
	}

	// One message read whole in pieces: limit 1 with content_offset, then its cursor.
	var rebuilt strings.Builder
	req := ReadRequest{Around: at(w.longIdx), Limit: 1, MaxChars: 1000}
	for i := 0; i < 10; i++ {
		r := w.read(t, req)
		if len(r.Messages) != 1 || r.Messages[0].Index != w.longIdx {
			t.Fatalf("piece %d: %v", i, indexes(r))
		}
		m := r.Messages[0]
		if *m.ContentOffset != rebuilt.Len() && *m.ContentOffset != utf8.RuneCountInString(rebuilt.String()) {
			t.Fatalf("piece %d starts at %d", i, *m.ContentOffset)
		}
		rebuilt.WriteString(m.Text)
		if *m.ContentOffset+utf8.RuneCountInString(m.Text) == *m.ContentChars {
			break // the message is whole; Next would go on to the following one
		}
		req = ReadRequest{Cursor: r.Next, Limit: 1, MaxChars: 1000}
	}
	if rebuilt.String() != w.long {
		t.Errorf("pieces rebuilt %d characters, want %d", utf8.RuneCountInString(rebuilt.String()), total)
	}

	// content_offset given directly, in characters.
	r := w.read(t, ReadRequest{Around: at(w.longIdx), Limit: 1, ContentOffset: 4000, MaxChars: 1000})
	m := r.Messages[0]
	if *m.ContentOffset != 4000 || m.Text != string([]rune(w.long)[4000:]) {
		t.Errorf("offset 4000: offset %d, %d characters, next %q", *m.ContentOffset, utf8.RuneCountInString(m.Text), r.Next)
	}

	// A single-message read may use the whole max_chars budget.
	r = w.read(t, ReadRequest{Around: at(w.longIdx), Limit: 1})
	if r.Messages[0].Truncated || r.Messages[0].Text != w.long {
		t.Errorf("single-message read was cut to %d characters", utf8.RuneCountInString(r.Messages[0].Text))
	}

	// max_message_chars sets the cap.
	r = w.read(t, ReadRequest{Around: at(w.longIdx), Limit: 2, MaxMessageChars: 10})
	for _, m := range r.Messages {
		if m.Index == w.longIdx && utf8.RuneCountInString(m.Text) != 10 {
			t.Errorf("max_message_chars 10 gave %d characters", utf8.RuneCountInString(m.Text))
		}
	}

	// The response budget stops the window; the next read starts at the message that did not fit.
	r = w.read(t, ReadRequest{Limit: 20, MaxMessageChars: 1500, MaxChars: 1600})
	last := r.Messages[len(r.Messages)-1].Index
	if last >= w.longIdx || r.Next == "" {
		t.Fatalf("budget: read %v, next %q", indexes(r), r.Next)
	}
	r = w.read(t, ReadRequest{Cursor: r.Next, Limit: 20, MaxChars: 1600})
	if r.Messages[0].Index != w.longIdx {
		t.Errorf("after the budget the read continues at %d, want %d", r.Messages[0].Index, w.longIdx)
	}
}

func TestReadMessageDetails(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	r := w.read(t, ReadRequest{Limit: 8})
	byIdx := map[int]Message{}
	for _, m := range r.Messages {
		byIdx[m.Index] = m
		if m.TimestampLocal == "" || !strings.HasPrefix(m.Source, "file://") || !strings.Contains(m.Source, "#L") {
			t.Errorf("message %d: time %q source %q", m.Index, m.TimestampLocal, m.Source)
		}
	}
	calls := map[int]ToolCall{}
	for i, m := range byIdx {
		if len(m.ToolCalls) == 1 {
			calls[i] = m.ToolCalls[0]
		}
	}
	want := map[int]ToolCall{
		2: {Name: "Bash", Command: "go test ./...", Status: "error"},
		4: {Name: "Edit", File: "parser/parse.go", Status: "ok"},
		6: {Name: "Read", File: "parser/lex.go", Status: "ok"},
	}
	for i, tc := range want {
		got := calls[i]
		got.ExitCode = nil
		if !reflect.DeepEqual(got, tc) {
			t.Errorf("call of message %d: %+v, want %+v", i, got, tc)
		}
	}
	if byIdx[0].Role != "user" || byIdx[1].Role != "assistant" || byIdx[3].Role != "tool" {
		t.Errorf("roles: %s %s %s", byIdx[0].Role, byIdx[1].Role, byIdx[3].Role)
	}
}

func TestReadGroupRevisions(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	r := w.read(t, ReadRequest{Around: at(11), Limit: 5, GroupRevisions: true})
	got := indexes(r)
	if reflect.DeepEqual(got, seq(9, 14)) {
		t.Fatalf("nothing folded: %v", got)
	}
	for _, m := range r.Messages {
		if m.Index == w.resub[0] {
			t.Errorf("the earlier copy %d is still shown", m.Index)
		}
		if m.Index == w.resub[1] && !reflect.DeepEqual(m.Revisions, []int{w.resub[0]}) {
			t.Errorf("latest copy lists revisions %v", m.Revisions)
		}
	}
}

func TestReadSessionIDs(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	w.session(8, w.repoA, t0).user("another conversation")
	w.index()
	if r := w.read(t, ReadRequest{SessionID: "00000007", Limit: 1}); r.SessionID != w.c.id {
		t.Errorf("prefix resolved to %s", r.SessionID)
	}
	_, err := w.svc.Read(context.Background(), ReadRequest{SessionID: "0000000"})
	var e *Error
	if ErrorCode(err) != CodeAmbiguous || !asError(err, &e) || len(e.Candidates) != 2 {
		t.Errorf("ambiguous prefix: %v", err)
	}
	if _, err := w.svc.Read(context.Background(), ReadRequest{SessionID: "ffff"}); ErrorCode(err) != CodeNotFound {
		t.Errorf("unknown id: %v", err)
	}
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	if ok {
		*target = e
	}
	return ok
}

func TestReadPrefixOfSessionWithSubagents(t *testing.T) {
	t.Parallel()
	w := newReadWorld(t)
	w.c.subagent("aa1").user("sub task")
	w.c.subagent("aa2").user("another sub task")
	w.index()
	if r := w.read(t, ReadRequest{SessionID: w.c.id[:4], Limit: 1}); r.SessionID != w.c.id {
		t.Errorf("prefix shared with subagents resolved to %q", r.SessionID)
	}
	sub := w.c.id + "/agent-aa1"
	if r := w.read(t, ReadRequest{SessionID: sub, Limit: 1}); r.SessionID != sub {
		t.Errorf("subagent id resolved to %q", r.SessionID)
	}
}

// TestReadCancelled: a read whose context is done fails as cancelled,
// though its queries run without watching the context.
func TestReadCancelled(t *testing.T) {
	w := newReadWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, req := range []ReadRequest{{SessionID: w.c.id}, {SessionID: w.c.id, Around: new(5)}} {
		if _, err := w.svc.Read(ctx, req); ErrorCode(err) != CodeCancelled {
			t.Errorf("read %+v with a done context: %v, want code %s", req, err, CodeCancelled)
		}
	}
}
