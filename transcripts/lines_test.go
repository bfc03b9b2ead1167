package transcripts

import (
	"context"
	"strings"
	"testing"
)

func TestReadLinesTornTail(t *testing.T) {
	t.Parallel()
	data := "{\"a\":1}\n{\"b\":2}\n{\"c\":"
	var got []string
	off, n, err := ReadLines(context.Background(), strings.NewReader(data), Checkpoint{}, func(l Line) error {
		got = append(got, string(l.Bytes))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || n != 2 || off != int64(len("{\"a\":1}\n{\"b\":2}\n")) {
		t.Fatalf("got %q n=%d off=%d", got, n, off)
	}
	// Resume from the checkpoint once the line is complete.
	data += "3}\n"
	var rest []Line
	_, n, err = ReadLines(context.Background(), strings.NewReader(data[off:]), Checkpoint{Offset: off, Line: 2}, func(l Line) error {
		rest = append(rest, Line{Bytes: append([]byte(nil), l.Bytes...), Number: l.Number, Offset: l.Offset})
		return nil
	})
	if err != nil || n != 3 || len(rest) != 1 || string(rest[0].Bytes) != "{\"c\":3}" || rest[0].Number != 3 || rest[0].Offset != off {
		t.Fatalf("resume: %+v n=%d err=%v", rest, n, err)
	}
}

func TestReadLinesOversized(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", MaxLineBytes+10)
	data := "first\n" + big + "\nlast\n"
	var got []Line
	_, n, err := ReadLines(context.Background(), strings.NewReader(data), Checkpoint{}, func(l Line) error {
		got = append(got, Line{Bytes: append([]byte(nil), l.Bytes...), Number: l.Number, Oversized: l.Oversized})
		return nil
	})
	if err != nil || n != 3 || len(got) != 3 {
		t.Fatalf("n=%d err=%v lines=%d", n, err, len(got))
	}
	if !got[1].Oversized || len(got[1].Bytes) != 0 || string(got[2].Bytes) != "last" {
		t.Fatalf("oversized line not skipped: %+v", got[1].Oversized)
	}
}

// readAll collects the lines ReadLines passes on, copied.
func readAll(t *testing.T, data string, cp Checkpoint) ([]Line, int64, int) {
	t.Helper()
	var got []Line
	off, n, err := ReadLines(context.Background(), strings.NewReader(data[cp.Offset:]), cp, func(l Line) error {
		l.Bytes = append([]byte(nil), l.Bytes...)
		got = append(got, l)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, off, n
}

func TestReadLinesUnterminatedObject(t *testing.T) {
	t.Parallel()
	const head = "{\"a\":1}\n"
	for _, tc := range []struct {
		tail   string
		passed bool
	}{
		{`{"b":2}`, true},
		{` {"b":{"c":[1,2]}} ` + "\r", true},
		{`{"b":`, false},
		{`{"b":2`, false},
		{`{"b":2}{"c":3}`, false},
		{`[1,2]`, false},
		{`"text"`, false},
		{`null`, false},
		{`not json}`, false},
	} {
		got, off, n := readAll(t, head+tc.tail, Checkpoint{})
		if off != int64(len(head)) || n != 1 {
			t.Errorf("%q: checkpoint %d/%d, want it before the last line (%d/1)", tc.tail, off, n, len(head))
		}
		last := got[len(got)-1]
		switch {
		case tc.passed && (len(got) != 2 || !last.Unterminated || last.Number != 2 || last.Offset != int64(len(head)) ||
			string(last.Bytes) != strings.TrimSuffix(tc.tail, "\r")):
			t.Errorf("%q: lines %+v, want the last one passed on as unterminated", tc.tail, got)
		case !tc.passed && len(got) != 1:
			t.Errorf("%q: lines %+v, want the torn last line left", tc.tail, got)
		}
		if got[0].Unterminated {
			t.Errorf("%q: a line ending in a newline marked unterminated", tc.tail)
		}
	}
	// Read again from the checkpoint once the line has its newline.
	got, off, n := readAll(t, head+"{\"b\":2}\n", Checkpoint{Offset: int64(len(head)), Line: 1})
	if len(got) != 1 || got[0].Unterminated || got[0].Number != 2 || off != int64(len(head)+8) || n != 2 {
		t.Fatalf("resume: %+v %d %d", got, off, n)
	}
}

func TestReadLinesByteOrderMark(t *testing.T) {
	t.Parallel()
	data := "\xEF\xBB\xBF{\"a\":1}\n\xEF\xBB\xBF{\"b\":2}\n"
	got, off, n := readAll(t, data, Checkpoint{})
	if len(got) != 2 || string(got[0].Bytes) != `{"a":1}` || got[0].Offset != 0 || off != int64(len(data)) || n != 2 {
		t.Fatalf("lines %+v, checkpoint %d/%d", got, off, n)
	}
	if string(got[1].Bytes) != "\xEF\xBB\xBF{\"b\":2}" {
		t.Errorf("a mark inside the file was dropped: %+v", got[1].Bytes)
	}
	// A file read from a checkpoint keeps what is not at its start.
	first := int64(len("\xEF\xBB\xBF{\"a\":1}\n"))
	got, _, _ = readAll(t, data, Checkpoint{Offset: first, Line: 1})
	if len(got) != 1 || !strings.HasPrefix(string(got[0].Bytes), "\xEF\xBB\xBF") {
		t.Errorf("resumed: %+v", got)
	}
	// The mark alone, or before an unterminated object.
	if got, _, _ := readAll(t, "\xEF\xBB\xBF", Checkpoint{}); len(got) != 0 {
		t.Errorf("a lone mark gave lines %+v", got)
	}
	if got, _, _ := readAll(t, "\xEF\xBB\xBF{\"a\":1}", Checkpoint{}); len(got) != 1 || !got[0].Unterminated || string(got[0].Bytes) != `{"a":1}` {
		t.Errorf("unterminated first line after a mark: %+v", got)
	}
}
