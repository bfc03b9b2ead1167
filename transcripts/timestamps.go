package transcripts

import "time"

// ParseTime reads a transcript timestamp (RFC 3339, any fraction of a
// second) as UTC. An empty or malformed timestamp is the zero time: a
// record is never rejected for its time.
func ParseTime(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}
