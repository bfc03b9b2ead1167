package claude

import (
	"context"
	"fmt"
	"io"
	"os"

	"hansard/transcripts"
)

// A main file's own session id comes from its name: a session UUID there,
// whole (<session>.jsonl) or inside it (a copy named
// 2026-01-05-<session>.jsonl). A file whose name holds none takes the
// sessionId of its last line that names one: a resumed session starts with
// history copied from the session it resumed, under that session's id, so
// the id of its first line is not its own.

// sessionIDIn returns the last session UUID in s, or "" when there is none.
// A UUID counts only when no hex digit touches it.
func sessionIDIn(s string) string {
	for i := len(s) - 36; i >= 0; i-- {
		if transcripts.IsUUID(s[i:i+36]) && (i == 0 || !isHex(s[i-1])) && (i+36 == len(s) || !isHex(s[i+36])) {
			return s[i : i+36]
		}
	}
	return ""
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// lastSessionID reads r to its end and returns the sessionId of its last
// line that names one, with a reader of the same bytes from the start: r
// itself, sought back, when it can seek, else a temporary copy (0600) that
// done removes. done must be called in every case.
func lastSessionID(ctx context.Context, r io.Reader) (id string, again io.Reader, done func(), err error) {
	done = func() {}
	scan := r
	seeker, canSeek := r.(io.Seeker)
	var start int64
	var tmp *os.File
	if canSeek {
		if start, err = seeker.Seek(0, io.SeekCurrent); err != nil {
			canSeek = false
		}
	}
	if !canSeek {
		if tmp, err = os.CreateTemp("", "hansard-claude-*.jsonl"); err != nil {
			return "", nil, done, err
		}
		done = func() {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		scan = io.TeeReader(r, tmp)
	}
	_, _, err = transcripts.ReadLines(ctx, scan, transcripts.Checkpoint{}, func(l transcripts.Line) error {
		if v, ok := decodeLoose[struct {
			SessionID string `json:"sessionId"`
		}](l.Bytes); ok && v.SessionID != "" {
			id = v.SessionID
		}
		return nil
	})
	if err == nil && !canSeek {
		_, err = io.Copy(io.Discard, scan) // the torn tail, so that the copy holds every byte
	}
	if err != nil {
		return "", nil, done, fmt.Errorf("read session id: %w", err)
	}
	if canSeek {
		_, err = seeker.Seek(start, io.SeekStart)
		return id, r, done, err
	}
	_, err = tmp.Seek(0, io.SeekStart)
	return id, tmp, done, err
}
