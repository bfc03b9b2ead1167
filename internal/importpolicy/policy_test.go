package importpolicy

// The import policy of the module: the groups, then one row per package.
//
// A row names what the package's code may import, as a space-separated list
// of groups (in capitals) and import paths; "x/..." is x and every package
// below it. Its tests may import the same, the group TEST, the package
// itself (external tests) and what the row's tests column adds. Paths of the
// module are written in full ("hansard/transcripts"); third-party modules by
// path prefix ("github.com/spf13/cobra/...").

// groups are the named sets of imports. STD is every package of the
// standard library (go list's Standard field) that no group names, so the
// standard packages below are reached only where a row names their group.
var groups = []group{
	{"SQL", "database/sql/... modernc.org/sqlite/... modernc.org/libc/...",
		"SQL lives only in archive"},
	{"GIT", "github.com/go-git/...",
		"git is reached only through provenance/gitrepo"},
	{"EXEC", "os/exec",
		"subprocesses (git) run only in provenance/gitrepo, its test helper and the fixtures that build repositories, and the user's pager only in cmd/hansard; tests may also build and run binaries"},
	{"CLI", "github.com/spf13/cobra/... github.com/spf13/pflag/...",
		"cobra only in cmd/hansard"},
	{"MCP", "github.com/mark3labs/mcp-go/...",
		"MCP types only in recall/mcp (cmd/hansard's tests drive the built binary with mcp-go's client)"},
	{"CGO", "C runtime/cgo github.com/smacker/go-tree-sitter/... github.com/tree-sitter/...",
		"cgo (tree-sitter) only in symbols: the rest builds with CGO_ENABLED=0"},
	{"UNSAFE", "unsafe",
		"unsafe only in redact (a read-only view for the scan), symbols (cgo) and archive/bm25 (SQLite's C interface)"},
	{"MAIN", "flag os/signal",
		"flags and signal handling belong to commands (signal.NotifyContext only in main)"},
	{"TEST", "testing/... hansard/fixtures/... hansard/provenance/accuracy hansard/provenance/gitrepo/gittest hansard/provenance/storetest hansard/transcripts/providertest",
		"test support (testing, fixtures, the accuracy harness, test helpers) is imported only by tests and other test support"},
}

// rows is the policy: one row per package of the module, in the order of
// the design's arrows (the model first, the CLI last).
var rows = []row{
	// The model and its providers.
	{"hansard/transcripts", "STD", "",
		"transcripts is the model: the standard library only"},
	{"hansard/transcripts/claude", "STD hansard/transcripts github.com/goccy/go-json/...", "",
		"a provider imports only the model, never another provider"},
	{"hansard/transcripts/codex", "STD hansard/transcripts hansard/transcripts/codex/applypatch", "",
		"a provider imports only the model and its own subpackages, never another provider"},
	{"hansard/transcripts/codex/applypatch", "STD hansard/transcripts", "",
		"the apply_patch grammar imports only the model"},
	{"hansard/transcripts/providertest", "STD TEST hansard/transcripts", "",
		"the provider conformance suite imports only the model"},

	// Leaves beside the model.
	{"hansard/redact", "STD UNSAFE", "",
		"redaction is a leaf: the standard library only"},
	{"hansard/pathmap", "STD", "",
		"the one type of a path map is a leaf: the standard library only"},
	{"hansard/config", "STD hansard/pathmap github.com/BurntSushi/toml/...", "",
		"the config file: the standard library, toml and the path map type"},
	{"hansard/symbols", "STD CGO UNSAFE", "",
		"symbols wraps tree-sitter"},
	{"hansard/embed", "STD", "",
		"embeddings (the interface, the endpoint client, the vector scan) are a leaf: the standard library only"},
	{"hansard/internal/runs", "STD", "",
		"the runs of a character class, behind every word splitter: the standard library only"},
	{"hansard/embed/local", "STD hansard/embed hansard/internal/runs", "",
		"the model learned from the archive's own text: the standard library, the interface it implements and the word runs"},
	{"hansard/tokenizer", "STD", "",
		"the token count is a leaf: the standard library only (its tests measure it against real BPE ranks)"},

	// The archive, git and provenance.
	{"hansard/archive/bm25", "STD SQL UNSAFE", "",
		"the ranking function, registered through SQLite's C interface: the driver and the standard library only"},
	{"hansard/archive", "STD SQL hansard/archive/bm25 hansard/pathmap hansard/redact hansard/transcripts github.com/klauspost/compress/... golang.org/x/sync/...",
		"EXEC flag hansard/transcripts/claude hansard/transcripts/codex",
		"the archive stores the model, redacted: it knows no provider, provenance or recall (its tests open one archive from several processes; a test flag regenerates schema.sql)"},
	{"hansard/provenance/gitrepo", "STD GIT EXEC hansard/redact", "",
		"the one home of git: of hansard it imports only the redaction leaf (remote URLs lose their credentials)"},
	{"hansard/provenance/gitrepo/gittest", "STD TEST EXEC", "",
		"the test helper builds real repositories with the git binary"},
	{"hansard/provenance/gitlog", "STD hansard/archive hansard/provenance/gitrepo golang.org/x/sync/...",
		"EXEC",
		"the stored git log joins the archive's tables and git's walk; it knows no ledger (its tests merge branches with the git binary)"},
	{"hansard/provenance", "STD hansard/archive hansard/provenance/gitlog hansard/provenance/gitrepo hansard/redact hansard/symbols hansard/transcripts github.com/sergi/go-diff/... golang.org/x/sync/...",
		"EXEC hansard/transcripts/claude",
		"provenance never imports recall, the CLI or MCP"},
	{"hansard/provenance/storetest", "STD TEST hansard/provenance hansard/provenance/gitrepo", "",
		"the store conformance suite imports only what stores implement"},
	{"hansard/provenance/devset", "", "STD hansard/archive hansard/provenance hansard/provenance/gitrepo hansard/recall hansard/transcripts",
		"only tests: the real-data accuracy tests answer why and code_history over the development set"},
	{"hansard/provenance/accuracy", "STD TEST hansard/archive hansard/provenance hansard/transcripts hansard/transcripts/claude hansard/transcripts/codex",
		"EXEC hansard/provenance/gitrepo hansard/transcripts/providertest",
		"the accuracy harness measures provenance on the ground truth"},

	// The service layer and its transports.
	{"hansard/internal/textdiff", "STD github.com/sergi/go-diff/...", "",
		"line diffs in the unified format, of texts alone"},
	{"hansard/recall", "STD hansard/archive hansard/config hansard/embed hansard/embed/local hansard/internal/runs hansard/internal/textdiff hansard/pathmap hansard/provenance hansard/provenance/gitrepo hansard/redact hansard/symbols hansard/tokenizer hansard/transcripts hansard/transcripts/codex",
		"golang.org/x/sys/unix hansard/transcripts/claude",
		"recall is the service layer: everything below it, no transport; the providers it reads come from cmd/hansard's registry"},
	{"hansard/recall/mcp", "STD MCP hansard/recall hansard/provenance hansard/archive hansard/transcripts", "",
		"the MCP adapter is a thin transport over recall"},
	{"hansard/integrate", "STD github.com/BurntSushi/toml/... hansard/internal/textdiff", "",
		"integrate edits agents' config files: the standard library, toml and the line diff it shows"},
	{"hansard/internal/demo", "STD hansard/provenance/gitrepo",
		"hansard/transcripts hansard/transcripts/claude hansard/transcripts/codex",
		"the demonstration lays out files and repositories only"},
	{"hansard/cmd/hansard", "STD CLI MAIN EXEC hansard/archive hansard/config hansard/integrate hansard/internal/demo hansard/provenance hansard/provenance/gitlog hansard/provenance/gitrepo hansard/recall hansard/recall/mcp hansard/transcripts hansard/transcripts/claude hansard/transcripts/codex github.com/mattn/go-isatty/... golang.org/x/term/...",
		"github.com/mark3labs/mcp-go/client/... github.com/mark3labs/mcp-go/mcp github.com/creack/pty/... hansard/embed/local",
		"the CLI: flags, output, its pager and exit codes over recall; never SQL, git or MCP types itself"},

	// Test support: imported only by tests (TEST).
	{"hansard/fixtures/cputime", "STD TEST", "",
		"test support"},
	{"hansard/fixtures/shared", "STD TEST", "",
		"test support: finds the shared folder beside the checkout"},
	{"hansard/fixtures/tempdir", "STD TEST", "",
		"test support: a test binary's shared temporary folder"},
	{"hansard/fixtures/testgc", "STD TEST", "",
		"test support: the collector's pace for test binaries"},
	{"hansard/fixtures/mcpwire", "STD TEST", "",
		"test support: an MCP server driven by raw JSON-RPC lines, for the benchmarks"},
	{"hansard/fixtures/planted", "STD EXEC", "hansard/redact",
		"the planted-secrets corpus writes transcripts and a repository with the git binary, without the parsers; its tests check it against the redactor"},
	{"hansard/fixtures/bpe", "STD TEST github.com/pkoukk/tiktoken-go/... github.com/pkoukk/tiktoken-go-loader/...", "",
		"test support: the real cl100k and o200k encodings, offline"},
	{"hansard/fixtures/embedserver", "STD TEST", "",
		"test support: an embeddings endpoint serving deterministic vectors"},
	{"hansard/fixtures/memories", "STD", "",
		"the memory-file layouts write files only"},
	{"hansard/fixtures/fakeagents", "STD hansard/transcripts", "",
		"fake providers, one of each source kind, for the conformance suite and the archive's tests"},
	{"hansard/fixtures/gen", "STD golang.org/x/sync/...", "",
		"the benchmark data generator writes transcripts as agents do, without the parsers"},
	{"hansard/fixtures/gen/cmd/gentranscripts", "STD MAIN hansard/fixtures/gen", "",
		"a command over the generator"},
	{"hansard/fixtures/githead", "STD", "TEST",
		"test support: reads HEAD's commit from a repository's files (its tests build repositories with the git test helper)"},
	{"hansard/fixtures/truth", "STD EXEC github.com/sergi/go-diff/... hansard/fixtures/githead", "MAIN",
		"the ground-truth generator builds repositories with the git binary, without the parsers"},
	{"hansard/fixtures/truth/cmd/truthgen", "STD MAIN hansard/fixtures/truth", "",
		"a command over the ground-truth generator"},
	{"hansard/fixtures/truth/providers", "", "STD hansard/transcripts hansard/transcripts/claude hansard/transcripts/codex",
		"only tests: the providers read the generated transcripts"},
	{"hansard/internal/importpolicy", "", "STD EXEC",
		"only tests: the policy reads go list"},
}
