package providertest

import (
	"fmt"
	"strings"
	"testing"

	"hansard/transcripts"
)

// checkRedactedState resumes the file, at many line boundaries, from a
// checkpoint whose state the provider redacted (transcripts.StateRedactor)
// with a redaction that changes every text to upper case. The records
// must be those of one full parse, once redacted the same way: the
// provider decides nothing on the text its state keeps, and keeps the ids
// it decides on. Tool inputs are left as they are: a provider reads paths
// and options out of them, which redaction keeps.
func checkRedactedState(t *testing.T, sr transcripts.StateRedactor, p transcripts.Provider, sc *source) {
	t.Helper()
	want := redactAll(sc.full)
	_, cuts := splitPoints(sc.data, maxCuts/2)
	for _, cut := range cuts {
		got, cp := firstPart(t, p, sc, cut)
		state, err := sr.RedactState(cp.State, upper)
		if err != nil {
			t.Fatalf("%s: RedactState: %v", sc.rel, err)
		}
		cp.State = state
		parsePart(t, p, sc, cp, int64(len(sc.data)), got)
		diff(t, fmt.Sprintf("%s resumed at byte %d from a redacted state", sc.rel, cut), want, redactAll(got))
	}
}

// upper is a redaction that changes every prose and diff text of a record
// (transcripts.Record.Texts: what the archive redacts but tool inputs and
// repository URLs) to upper case.
var upper = transcripts.Redaction{Text: strings.ToUpper, Record: upperRecord}

func upperRecord(r transcripts.Record) transcripts.Record {
	r = r.Clone()
	r.Texts(func(f transcripts.Field, s *string) {
		if f.Kind == transcripts.TextProse || f.Kind == transcripts.TextDiff {
			*s = strings.ToUpper(*s)
		}
	})
	return r
}

// redactAll returns the records of c redacted with upper.
func redactAll(c *Collector) *Collector {
	out := &Collector{}
	c.each(func(r transcripts.Record) { out.Add(upperRecord(r)) })
	return out
}
