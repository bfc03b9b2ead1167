package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"hansard/transcripts"
)

// benchBytes is the size of the synthetic transcript the benchmarks parse.
const benchBytes = 64 << 20

var benchData = sync.OnceValue(func() []byte { return synthTranscript(benchBytes) })

// synthTranscript builds a transcript of about size bytes from realistic
// line shapes of Claude Code 2.x: a prompt, an API response split over
// thinking, text and tool_use lines, Read results with long file contents
// (recorded twice, as in real files), Edit results carrying the original
// file and a structured patch, Bash results with long output, and
// bookkeeping lines.
func synthTranscript(size int) []byte {
	var code strings.Builder
	for i := 0; code.Len() < 24<<10; i++ {
		fmt.Fprintf(&code, "func handler%d(w http.ResponseWriter, r *http.Request) {\n\tif err := check(r, \"key-%d\"); err != nil {\n\t\thttp.Error(w, err.Error(), 400)\n\t\treturn\n\t}\n}\n\n", i, i)
	}
	file := code.String()
	var out strings.Builder
	for i := 0; out.Len() < 8<<10; i++ {
		fmt.Fprintf(&out, "=== RUN   TestHandler%d\n--- PASS: TestHandler%d (0.00s)\n", i, i)
	}
	stdout := out.String()
	q := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	env := func(uuid, parent, typ string, n int) string {
		return fmt.Sprintf(`{"parentUuid":%q,"isSidechain":false,"userType":"external","cwd":"/work/webapp","sessionId":"99999999-9999-4999-8999-999999999999","version":"2.1.30","gitBranch":"main","slug":"calm-green-owl","type":%q,"uuid":%q,"timestamp":"2026-03-01T10:%02d:%02d.%03dZ"`,
			parent, typ, uuid, n/60%60, n%60, n%1000)
	}
	var buf bytes.Buffer
	prev := ""
	for n := 0; buf.Len() < size; n++ {
		id := func(k int) string { return fmt.Sprintf("%08x-0000-4000-8000-%012x", n, k) }
		msg := fmt.Sprintf("msg_%08x", n)
		lines := []string{
			env(id(0), prev, "user", n) + `,"message":{"role":"user","content":"please make the handlers check the key before use"}}`,
			env(id(1), id(0), "assistant", n) + `,"requestId":"req_` + msg + `","message":{"model":"claude-sonnet-4-5","id":"` + msg + `","type":"message","role":"assistant","content":[{"type":"thinking","thinking":"I should read the file first and then edit the check.","signature":"` + strings.Repeat("c2ln", 64) + `"}],"stop_reason":null,"usage":{"input_tokens":1200,"output_tokens":80}}}`,
			env(id(2), id(1), "assistant", n) + `,"requestId":"req_` + msg + `","message":{"model":"claude-sonnet-4-5","id":"` + msg + `","type":"message","role":"assistant","content":[{"type":"text","text":"Reading the handlers."}],"stop_reason":null,"usage":{"input_tokens":1200,"output_tokens":80}}}`,
			env(id(3), id(2), "assistant", n) + `,"requestId":"req_` + msg + `","message":{"model":"claude-sonnet-4-5","id":"` + msg + `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_r` + msg + `","name":"Read","input":{"file_path":"/work/webapp/handlers.go"}}],"stop_reason":"tool_use","usage":{"input_tokens":1200,"output_tokens":80}}}`,
			env(id(4), id(3), "user", n) + `,"message":{"role":"user","content":[{"tool_use_id":"toolu_r` + msg + `","type":"tool_result","content":` + q(file) + `}]},"toolUseResult":{"type":"text","file":{"filePath":"/work/webapp/handlers.go","content":` + q(file) + `,"numLines":900,"startLine":1,"totalLines":900}},"sourceToolAssistantUUID":"` + id(3) + `"}`,
			env(id(5), id(4), "assistant", n) + `,"requestId":"req_e` + msg + `","message":{"model":"claude-sonnet-4-5","id":"e` + msg + `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_e` + msg + `","name":"Edit","input":{"file_path":"/work/webapp/handlers.go","old_string":"\tif err := check(r, \"key-1\"); err != nil {","new_string":"\tif err := checkKey(r, \"key-1\"); err != nil {","replace_all":false}}],"stop_reason":"tool_use","usage":{"input_tokens":1300,"output_tokens":90}}}`,
			env(id(6), id(5), "user", n) + `,"message":{"role":"user","content":[{"tool_use_id":"toolu_e` + msg + `","type":"tool_result","content":"The file /work/webapp/handlers.go has been updated successfully."}]},"toolUseResult":{"filePath":"/work/webapp/handlers.go","oldString":"\tif err := check(r, \"key-1\"); err != nil {","newString":"\tif err := checkKey(r, \"key-1\"); err != nil {","originalFile":` + q(file) + `,"structuredPatch":[{"oldStart":9,"oldLines":7,"newStart":9,"newLines":7,"lines":[" func handler1(w http.ResponseWriter, r *http.Request) {","-\tif err := check(r, \"key-1\"); err != nil {","+\tif err := checkKey(r, \"key-1\"); err != nil {"," \t\thttp.Error(w, err.Error(), 400)"," \t\treturn"," \t}"," }"]}],"userModified":false,"replaceAll":false}}`,
			env(id(7), id(6), "assistant", n) + `,"requestId":"req_b` + msg + `","message":{"model":"claude-sonnet-4-5","id":"b` + msg + `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_b` + msg + `","name":"Bash","input":{"command":"go test ./...","description":"Run the tests"}}],"stop_reason":"tool_use","usage":{"input_tokens":1400,"output_tokens":40}}}`,
			env(id(8), id(7), "user", n) + `,"message":{"role":"user","content":[{"tool_use_id":"toolu_b` + msg + `","type":"tool_result","content":` + q(stdout) + `}]},"toolUseResult":{"stdout":` + q(stdout) + `,"stderr":"","interrupted":false,"isImage":false}}`,
			`{"type":"file-history-snapshot","messageId":"` + id(0) + `","snapshot":{"messageId":"` + id(0) + `","trackedFileBackups":{"/work/webapp/handlers.go":{"backupFileName":"abc@v2","version":2,"backupTime":"2026-03-01T10:00:00.000Z"}},"timestamp":"2026-03-01T10:00:00.000Z"},"isSnapshotUpdate":false}`,
			env(id(9), id(8), "system", n) + `,"subtype":"turn_duration","durationMs":4200,"messageCount":9}`,
		}
		for _, l := range lines {
			buf.WriteString(l)
			buf.WriteByte('\n')
		}
		prev = id(8)
	}
	return buf.Bytes()
}

var benchSource = transcripts.Source{Provider: transcripts.ProviderClaude, Path: "/bench/99999999-9999-4999-8999-999999999999.jsonl", Class: transcripts.ClassMain}

// BenchmarkParse measures the whole parser, records sent to a sink that
// only counts them.
func BenchmarkParse(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	records := 0
	for b.Loop() {
		_, err := New().Parse(context.Background(), benchSource, bytes.NewReader(data), transcripts.Checkpoint{},
			func(r transcripts.Record) error {
				if r.Problem != nil {
					return fmt.Errorf("problem %+v", *r.Problem)
				}
				records++
				return nil
			})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(records)/float64(b.N), "records/op")
}

// BenchmarkDecodeOnly is the ceiling for Parse: the same line reading and
// typed decode of every line (decodeLine), without building records.
func BenchmarkDecodeOnly(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		_, _, err := transcripts.ReadLines(context.Background(), bytes.NewReader(data), transcripts.Checkpoint{}, func(l transcripts.Line) error {
			var ln rawLine
			return decodeLine(l.Bytes, &ln)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeStd is the typed decode of every line with encoding/json
// alone, for comparison with the fast decoder that decodeLine tries first.
func BenchmarkDecodeStd(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		_, _, err := transcripts.ReadLines(context.Background(), bytes.NewReader(data), transcripts.Checkpoint{}, func(l transcripts.Line) error {
			var ln rawLine
			err := json.Unmarshal(l.Bytes, &ln)
			if _, ok := err.(*json.UnmarshalTypeError); ok {
				return nil // a string content: the rest of the line was read
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeRaw decodes each line with encoding/json into a map of raw
// values only: the rate of its plainest decode.
func BenchmarkDecodeRaw(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		_, _, err := transcripts.ReadLines(context.Background(), bytes.NewReader(data), transcripts.Checkpoint{}, func(l transcripts.Line) error {
			var m map[string]json.RawMessage
			return json.Unmarshal(l.Bytes, &m)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
