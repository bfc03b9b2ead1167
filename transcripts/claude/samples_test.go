package claude

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"hansard/fixtures/gen"
	"hansard/fixtures/shared"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// sample is the path of a real Claude Code transcript (never edited) or
// folder of them under the shared samples/claude; the test is skipped where
// it is missing, and fails under CI.
func sample(t testing.TB, elem ...string) string {
	t.Helper()
	return shared.Dir(t, append([]string{"samples", "claude"}, elem...)...)
}

// parseFile parses one file in full into a collector.
func parseFile(t *testing.T, path string, class string) *providertest.Collector {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(abs)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := &providertest.Collector{}
	if _, err := New().Parse(t.Context(), transcripts.Source{Provider: transcripts.ProviderClaude, Path: abs, Class: class}, f, transcripts.Checkpoint{}, c.Sink()); err != nil {
		t.Fatal(err)
	}
	return c
}

// The expected numbers are counted from the files with jq, independently of
// the parser (F is the file):
//
//	messages: user lines with content, distinct assistant message.id, system lines but turn_duration and stop_hook_summary
//	  jq -s '([.[]|select(.type=="user" and (.message.content|length)>0)]|length) + ([.[]|select(.type=="assistant")|.message.id]|unique|length) + ([.[]|select(.type=="system" and (.subtype|IN("turn_duration","stop_hook_summary")|not))]|length)' F
//	edit calls, edits (a MultiEdit counts its sub-edits), calls per tool:
//	  jq -s -c '[.[].message.content[]?|objects|select(.type=="tool_use" and (.name|IN("Edit","Write","MultiEdit","NotebookEdit")))] | [length, (map(.input.edits//[1]|length)|add), (map(.name)|group_by(.)|map("\(.[0])=\(length)")|join(","))]' F
//	failed edits (error results of those calls):
//	  jq -s '[.[].message.content[]?|objects|select(.type=="tool_use" and (.name|IN("Edit","Write","MultiEdit","NotebookEdit")))|.id] as $e | [.[].message.content[]?|objects|select(.type=="tool_result" and .is_error==true and (.tool_use_id|IN($e[])))]|length' F
//	tool calls, TodoWrite calls, Bash calls:
//	  jq -s -c '[.[].message.content[]?|objects|select(.type=="tool_use")|.name]|[length, (map(select(.=="TodoWrite"))|length), (map(select(.=="Bash"))|length)]' F
//	Write calls that created their file:
//	  jq -s '[.[]|.toolUseResult|objects|select(.type=="create")]|length' F
func TestSamples(t *testing.T) {
	t.Parallel()
	cases := []struct {
		file                               string
		session                            string
		messages, editCalls, edits, failed int
		creates, calls, todos, commands    int
	}{
		{"ai-blame/2c965cfd-41e4-4e31-8339-2986ebced03c.jsonl", "2c965cfd-41e4-4e31-8339-2986ebced03c", 38, 15, 15, 0, 6, 25, 0, 0},
		{"episodic-memory/large-conversation.jsonl", "0fae0449-64d3-4788-8622-d3a47d82c14b", 350, 43, 43, 7, 0, 152, 5, 77},
		{"episodic-memory/long-conversation.jsonl", "9a9eadc8-c1f1-493e-a0f1-884aa996b05b", 190, 31, 31, 0, 17, 98, 11, 28},
		{"git-ai/example-claude-code.jsonl", "cb947e5b-246e-4253-a953-631f7e464c6b", 28, 3, 7, 0, 0, 13, 2, 0},
	}
	for _, w := range cases {
		t.Run(filepath.Dir(w.file), func(t *testing.T) {
			c := parseFile(t, sample(t, w.file), transcripts.ClassMain)
			if len(c.SessionsByID) != 1 {
				t.Fatalf("%d sessions, want 1: %+v", len(c.SessionsByID), c.Sessions())
			}
			if _, ok := c.SessionsByID[w.session]; !ok {
				t.Fatalf("session %s missing: %+v", w.session, c.Sessions())
			}
			calls := map[string]bool{}
			failed, creates := map[string]bool{}, 0
			for _, e := range c.Edits() {
				calls[e.ToolCallID] = true
				if e.Status == transcripts.EditFailed {
					failed[e.ToolCallID] = true
				}
				if e.Status == transcripts.EditPending {
					t.Errorf("edit %s still pending", e.ToolCallID)
				}
				if e.Op == transcripts.OpCreate {
					creates++
				}
			}
			got := []int{len(c.Messages(w.session)), len(calls), len(c.EditsByKey), len(failed), creates, len(c.ToolCallsByKey), len(c.TodosByKey), len(c.CommandsByKey), len(c.Problems)}
			want := []int{w.messages, w.editCalls, w.edits, w.failed, w.creates, w.calls, w.todos, w.commands, 0}
			if !slices.Equal(got, want) {
				t.Errorf("messages, edit calls, edits, failed, creates, calls, todos, commands, problems:\n got %v\nwant %v", got, want)
			}
		})
	}
}

// TestSampleWarmupAgents checks the flat 2.0.75 subagent files, both
// "Warmup" sidechains, yield nothing:
//
//	jq -s -c '[.[]|select(.type=="user")|.message.content]|first' agent-*.jsonl  # "Warmup" for each
func TestSampleWarmupAgents(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"agent-ad47cca.jsonl", "agent-ae9a854.jsonl"} {
		c := parseFile(t, sample(t, "ai-blame", name), transcripts.ClassSubagent)
		if c.Records != 0 {
			t.Errorf("%s: %d records from a Warmup sidechain: %+v", name, c.Records, c.Sessions())
		}
	}
}

// TestConformanceSamples runs the conformance suite over the real samples,
// each sample folder laid out as one project.
func TestConformanceSamples(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	dir := sample(t)
	paths, _ := filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	if len(paths) == 0 {
		t.Fatalf("no sample transcripts in %s", dir)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[".claude/projects/-samples-"+filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p)] = string(b)
	}
	providertest.Run(t, providertest.Suite{
		Provider: New(),
		Files:    files,
		Sessions: []providertest.WantSession{
			{ID: "2c965cfd-41e4-4e31-8339-2986ebced03c", Class: transcripts.ClassMain, Messages: 38},
			{ID: "0fae0449-64d3-4788-8622-d3a47d82c14b", Class: transcripts.ClassMain, Messages: 350},
			{ID: "9a9eadc8-c1f1-493e-a0f1-884aa996b05b", Class: transcripts.ClassMain, Messages: 190},
			{ID: "cb947e5b-246e-4253-a953-631f7e464c6b", Class: transcripts.ClassMain, Messages: 28},
		},
		UnknownLine:  `{"type":"hologram"}`,
		ResultsFirst: resultsFirst,
	})
}

// TestConformanceGenerated runs the conformance suite over generated
// transcripts: split assistant messages, subagents in both layouts, long
// tool results and planted secrets. 60 KB in all gives every kind of
// line, block and tool call that 120 KB gives (fewer of each), at half
// the parsing.
func TestConformanceGenerated(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 3, TargetBytes: 60 << 10, Providers: []string{gen.Claude},
		SubagentRatio: 0.2, Seed: 31, Secrets: 6}); err != nil {
		t.Fatal(err)
	}
	providertest.Run(t, providertest.Suite{Provider: New(), Files: providertest.HomeFiles(t, home), UnknownLine: `{"type":"hologram"}`,
		ResultsFirst: resultsFirst})
}
