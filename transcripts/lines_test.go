package transcripts

import (
	"context"
	"strings"
	"testing"
)

func TestReadLinesTornTail(t *testing.T) {
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
