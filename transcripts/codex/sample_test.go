package codex

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/gen"
	"hansard/fixtures/shared"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// sampleElem names the real Codex sample in the shared folder beside the
// checkout.
var sampleElem = []string{"samples", "codex", "ai-blame", sampleFile}

const (
	sampleID   = "019b6b08-58f3-7580-9dca-fe3f30a10650"
	sampleFile = "rollout-2025-12-29T11-54-27-019b6b08-58f3-7580-9dca-fe3f30a10650.jsonl"
	sampleRepo = "/Users/cjm/repos/ai-blame-test"
)

func readSample(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(shared.Dir(t, sampleElem...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The expected numbers were counted independently of the parser, on FILE
// (the sample):
//
//	messages: injected context items, user_message prompts, agent_message texts,
//	reasoning items with a summary, and one issuing message per run of calls
//	that no assistant text precedes:
//	  python3 -c 'import json,sys
//	  n=0;prev=None
//	  for l in open(sys.argv[1]):
//	    p=json.loads(l)["payload"];t=p.get("type")
//	    if t=="message" and p["role"]=="user" and p["content"][0]["text"].lstrip().startswith(("<environment_context>","# AGENTS.md")):n+=1;prev="m"
//	    elif t=="user_message":n+=1;prev="m"
//	    elif t=="agent_message":n+=1;prev="a"
//	    elif t=="reasoning" and p["summary"]:n+=1;prev="m"
//	    elif t in("function_call","custom_tool_call"):
//	      n+=prev not in("a","c");prev="c"
//	  print(n)' FILE                                                    → 21
//	commands: jq -r 'select(.payload.type=="function_call").payload.name' FILE | sort | uniq -c
//	                                                                    → 6 shell_command
//	exit codes: jq -r 'select(.payload.type=="function_call_output").payload.output' FILE | grep '^Exit code'
//	                                                                    → 0 0 1 0 0 0
//	edits: jq -r 'select(.payload.type=="custom_tool_call").payload.name' FILE → 1 apply_patch,
//	  one "*** Update File:" with 3 "@@" chunks adding 3 lines; plus 1 shell_command
//	  running cat <<'EOF' > created-with-codex.md                        → 2 edits
//	plans: jq 'select(.payload.name=="update_plan")' FILE | wc -l         → 0
func TestSample(t *testing.T) {
	t.Parallel()
	data := readSample(t)
	providertest.Run(t, providertest.Suite{
		Provider:     Provider{},
		ResultsFirst: resultsFirst,
		Files:        map[string]string{".codex/sessions/2025/12/29/" + sampleFile: data},
		Sessions:     []providertest.WantSession{{ID: sampleID, Class: transcripts.ClassMain, Messages: 21}},
		Edits: []providertest.WantEdit{
			{SessionID: sampleID, ToolCallID: "call_6D6FGdwWUTaATtc34580cXd8", Seq: 0, File: sampleRepo + "/example.py",
				Op: transcripts.OpUpdate, Status: transcripts.EditOK},
			{SessionID: sampleID, ToolCallID: "call_6yO131hBADlQi8VxcXGMuLod", Seq: 0, File: sampleRepo + "/created-with-codex.md",
				Op: transcripts.OpWrite, NewText: "first line\nblue sky\npaperclip\n42\n", Status: transcripts.EditOK},
		},
		UnknownLine: `{"timestamp":"2025-12-29T16:54:28.000Z","type":"brand_new_kind","payload":{"x":1}}`,
		Check: func(t *testing.T, c *providertest.Collector) {
			if n := len(c.EditsByKey); n != 2 {
				t.Errorf("%d edits, want 2", n)
			}
			var exits []int
			for _, cmd := range c.Commands() {
				if cmd.ExitCode == nil {
					t.Errorf("command %q without exit code", cmd.Command)
					continue
				}
				exits = append(exits, *cmd.ExitCode)
			}
			if fmt.Sprint(exits) != "[0 0 1 0 0 0]" {
				t.Errorf("command exit codes %v, want [0 0 1 0 0 0]", exits)
			}
			if n := len(c.TodosByKey); n != 0 {
				t.Errorf("%d plan snapshots, want 0", n)
			}
			calls := c.ToolCalls()
			if len(calls) != 7 {
				t.Errorf("%d tool calls, want 7", len(calls))
			}
			for _, tc := range calls {
				if !tc.HasResult || tc.ResultLine == 0 {
					t.Errorf("call %s has no result", tc.ID)
				}
			}
			e := c.EditsByKey[providertest.EditKey{SessionID: sampleID, ToolCallID: "call_6D6FGdwWUTaATtc34580cXd8"}]
			var added []string
			for _, h := range e.Hunks {
				for _, l := range h.Lines {
					if strings.HasPrefix(l, "+") {
						added = append(added, l)
					}
				}
			}
			if len(e.Hunks) != 3 || len(added) != 3 || added[0] != "+    # Keep greeting format centralized for easy tweaks." {
				t.Errorf("apply_patch hunks %+v", e.Hunks)
			}
			s := c.SessionsByID[sampleID]
			if s.CWD != sampleRepo || s.Version != "0.77.0" || s.Originator != "codex_cli_rs" ||
				fmt.Sprint(s.Models) != "[gpt-5.2-codex]" || s.Title != "created a file created-with-codex.md with a few random lines" ||
				s.StartedAt.Format(time.RFC3339Nano) != "2025-12-29T16:54:27.827Z" || s.EndedAt.Format(time.RFC3339Nano) != "2025-12-29T16:56:03.093Z" {
				t.Errorf("session %+v", s)
			}
			var human int
			for _, m := range c.Messages(sampleID) {
				if m.Human {
					human++
				}
			}
			if human != 3 {
				t.Errorf("%d human messages, want 3", human)
			}
		},
	})
}

// TestConcurrentParse parses the sample from several goroutines at once
// (run with -race): a Provider keeps no state between calls.
func TestConcurrentParse(t *testing.T) {
	t.Parallel()
	data := readSample(t)
	src := transcripts.Source{Provider: transcripts.ProviderCodex, Path: filepath.Join("/h", sampleFile)}
	errs := make(chan error, 4)
	counts := make(chan int, 4)
	for range 4 {
		go func() {
			c := &providertest.Collector{}
			_, err := Provider{}.Parse(t.Context(), src, strings.NewReader(data), transcripts.Checkpoint{}, c.Sink())
			errs <- err
			counts <- c.Records
		}()
	}
	first := -1
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
		n := <-counts
		if first >= 0 && n != first {
			t.Fatalf("record counts differ: %d and %d", first, n)
		}
		first = n
	}
}

// TestConformanceGenerated runs the conformance suite over generated
// rollouts: exec_command and apply_patch calls with their end events,
// update_plan, subagent threads and planted secrets. 60 KB in all gives
// every kind of record and call that 120 KB gives (fewer of each), at
// half the parsing.
func TestConformanceGenerated(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 3, TargetBytes: 60 << 10, Providers: []string{gen.Codex},
		SubagentRatio: 0.2, Seed: 31, Secrets: 6}); err != nil {
		t.Fatal(err)
	}
	providertest.Run(t, providertest.Suite{Provider: Provider{}, ResultsFirst: resultsFirst, Files: providertest.HomeFiles(t, home),
		UnknownLine: `{"timestamp":"2026-01-05T09:00:00.005Z","type":"hologram","payload":{}}`})
}
