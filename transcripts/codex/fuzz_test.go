package codex

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"hansard/fixtures/shared"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// FuzzParse checks that any input parses without failing and that parsing
// it in two parts, split at a line boundary, gives the records of one full
// parse. The fuzzer minimizes each new input it keeps for up to a minute by
// default, so give it a shorter budget:
//
//	go test -run XXX -fuzz FuzzParse -fuzztime 30s -fuzzminimizetime 2s ./transcripts/codex
func FuzzParse(f *testing.F) {
	// The sample is cut into runs of a few lines: the fuzzer minimizes
	// every new input it keeps, which takes long on inputs of tens of KB.
	if p, ok := shared.Path(f, sampleElem...); ok {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(b, []byte("\n"))
		for i := 0; i < len(lines); i += 6 {
			f.Add(bytes.Join(lines[i:min(i+6, len(lines))], nil), uint16(3))
		}
	}
	names, _ := filepath.Glob(filepath.Join(fixtureDir, "*.jsonl"))
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil {
			f.Add(b, uint16(5))
		}
	}
	f.Add([]byte(metaLine+"\n"+promptLine+"\n{\"type\":"), uint16(1))
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: badPath, Class: transcripts.ClassMain}
	f.Fuzz(func(t *testing.T, data []byte, cutLine uint16) {
		parse := func(c *providertest.Collector, cp transcripts.Checkpoint, end int) transcripts.Checkpoint {
			out, err := Provider{}.Parse(context.Background(), src, bytes.NewReader(data[cp.Offset:end]), cp, c.Sink())
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			return out
		}
		full := &providertest.Collector{}
		parse(full, transcripts.Checkpoint{}, len(data))

		cut, n := 0, 0
		for i, b := range data {
			if b == '\n' {
				n++
				if n == int(cutLine) {
					cut = i + 1
					break
				}
			}
		}
		parts := &providertest.Collector{}
		cp := parse(parts, transcripts.Checkpoint{}, cut)
		parse(parts, cp, len(data))
		for _, pair := range [][2]any{
			{full.SessionsByID, parts.SessionsByID}, {full.MessagesByKey, parts.MessagesByKey},
			{full.ToolCallsByKey, parts.ToolCallsByKey}, {full.EditsByKey, parts.EditsByKey},
			{full.CommandsByKey, parts.CommandsByKey}, {full.TodosByKey, parts.TodosByKey},
			{full.LinksByKey, parts.LinksByKey}, {full.Problems, parts.Problems},
		} {
			if !reflect.DeepEqual(pair[0], pair[1]) {
				t.Fatalf("split at line %d differs:\nfull  %+v\nparts %+v", cutLine, pair[0], pair[1])
			}
		}
	})
}
