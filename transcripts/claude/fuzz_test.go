package claude

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"hansard/fixtures/shared"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// FuzzParse feeds arbitrary bytes to Parse. It must never panic or fail on
// content, must consume exactly the complete lines, and parsing the data in
// two parts from the returned checkpoint must give the records of one full
// parse. An odd cut reads the data as a subagent file.
func FuzzParse(f *testing.F) {
	seedFuzz(f)
	f.Fuzz(func(t *testing.T, data []byte, cut uint16) {
		src := transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/p/-w/88888888-8888-4888-8888-888888888888.jsonl", Class: transcripts.ClassMain}
		if cut%2 == 1 { // read the data as a flat subagent file
			src = transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/p/-w/agent-abc1234.jsonl", Class: transcripts.ClassSubagent}
		}
		full := &providertest.Collector{}
		cp, err := New().Parse(context.Background(), src, bytes.NewReader(data), transcripts.Checkpoint{}, full.Sink())
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		if want := int64(bytes.LastIndexByte(data, '\n') + 1); cp.Offset != want {
			t.Fatalf("offset %d, want %d", cp.Offset, want)
		}
		at := int(cut) % (len(data) + 1)
		split := &providertest.Collector{}
		cp1, err := New().Parse(context.Background(), src, bytes.NewReader(data[:at]), transcripts.Checkpoint{}, split.Sink())
		if err != nil {
			t.Fatalf("Parse first part: %v", err)
		}
		if _, err := New().Parse(context.Background(), src, bytes.NewReader(data[cp1.Offset:]), cp1, split.Sink()); err != nil {
			t.Fatalf("Parse second part: %v", err)
		}
		full.Records, split.Records = 0, 0
		if !reflect.DeepEqual(full, split) {
			t.Fatalf("split at %d (resumed at %d) differs from a full parse:\nfull  %+v\nsplit %+v", at, cp1.Offset, full, split)
		}
	})
}

// FuzzDecodeLine checks that the fast decoder takes only lines that
// encoding/json takes too, and reads them the same way.
func FuzzDecodeLine(f *testing.F) {
	seedFuzz(f)
	f.Fuzz(func(t *testing.T, data []byte, _ uint16) {
		var fast, std rawLine
		if !fastDecode(data, &fast) {
			return
		}
		if err := json.Unmarshal(data, &std); err != nil {
			t.Fatalf("fast decoder took a line encoding/json rejects (%v): %q", err, data)
		}
		if !reflect.DeepEqual(fast, std) {
			t.Fatalf("decoders differ on %q:\nfast %+v\nstd  %+v", data, fast, std)
		}
	})
}

// seedFuzz adds the fixture files and the short lines of the samples.
func seedFuzz(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(fixturesDir, "*", "*.jsonl"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, uint16(len(b)/2))
		}
	}
	var samples []string
	if dir, ok := shared.Path(f, "samples", "claude"); ok {
		samples, _ = filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	}
	for _, p := range samples {
		fh, err := os.Open(p)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 4<<20)
		for n := 0; sc.Scan() && n < 40; n++ {
			if line := sc.Bytes(); len(line) < 4096 {
				f.Add(append(bytes.Clone(line), '\n'), uint16(len(line)/3))
			}
		}
		fh.Close()
	}
}
