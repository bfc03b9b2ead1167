package recall

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"hansard/archive"
)

// MemoryCitation is a line of an archived memory (CLAUDE.md, AGENTS.md, a
// rules file) whose text governs a file: it names the file, its folder,
// its extension or its language. Open it with get_memory (memory_id and
// line).
type MemoryCitation struct {
	MemoryID string `json:"memory_id"`
	Line     int    `json:"line"`
	Source   string `json:"source"` // the memory file's path
	Scope    string `json:"scope"`
	// File is the file of the request it governs; Names says what of it
	// the line names: "path", "folder", "extension" or "language", with
	// Name the text named (lib/calc.go, lib, .go, Go).
	File  string `json:"file"`
	Names string `json:"names"`
	Name  string `json:"name"`
	Text  string `json:"text"`
}

// What a memory line names of a file, strongest first.
const (
	NamesPath      = "path"
	NamesFolder    = "folder"
	NamesExtension = "extension"
	NamesLanguage  = "language"
)

// Limits of the citations: how many are kept, the sections searched, and
// the characters of a cited line.
const (
	memoryCitations     = 6
	memoryCiteSections  = 60
	memoryCiteTextRunes = 200
	memoryCiteFiles     = 30 // the files of a task whose memories are looked for
)

// languages names the language of a file extension.
var languages = map[string][]string{
	".go": {"Go", "Golang"}, ".py": {"Python"}, ".ts": {"TypeScript"}, ".tsx": {"TypeScript", "React"},
	".js": {"JavaScript"}, ".jsx": {"JavaScript", "React"}, ".mjs": {"JavaScript"}, ".rs": {"Rust"},
	".rb": {"Ruby"}, ".java": {"Java"}, ".kt": {"Kotlin"}, ".swift": {"Swift"}, ".c": {}, ".h": {},
	".cc": {"C++"}, ".cpp": {"C++"}, ".hpp": {"C++"}, ".cs": {"C#"}, ".php": {"PHP"}, ".scala": {"Scala"},
	".sh": {"Bash", "shell scripts"}, ".bash": {"Bash"}, ".sql": {"SQL"}, ".md": {"Markdown"},
	".yml": {"YAML"}, ".yaml": {"YAML"}, ".toml": {"TOML"}, ".json": {"JSON"}, ".proto": {"Protobuf"},
	".ex": {"Elixir"}, ".exs": {"Elixir"}, ".lua": {"Lua"}, ".dart": {"Dart"}, ".vue": {"Vue"},
}

// citeTarget is one thing of a file a memory line may name.
type citeTarget struct {
	file, names, name string
	strength          int
	re                *regexp.Regexp
}

// citeTargets are what a memory line may name of the files: each path,
// its base name, its folders, its extension and its language.
func citeTargets(files []string) []citeTarget {
	var out []citeTarget
	seen := map[string]bool{}
	add := func(file, names, name string, strength int, pattern string) {
		if seen[names+" "+name] {
			return
		}
		seen[names+" "+name] = true
		out = append(out, citeTarget{file: file, names: names, name: name, strength: strength, re: regexp.MustCompile(pattern)})
	}
	const left, right = `(?:^|[^\w./-])`, `(?:$|[^\w/-]|\.(?:\s|$))`
	for _, f := range files {
		q := regexp.QuoteMeta
		add(f, NamesPath, f, 4, left+q(f)+right)
		if base := path.Base(f); base != f && strings.Contains(base, ".") {
			add(f, NamesPath, base, 4, left+q(base)+right)
		}
		for dir := path.Dir(f); dir != "." && dir != "/"; dir = path.Dir(dir) {
			// a folder as a path (lib/, ./lib, `lib`) or as "the lib folder"
			pat := `(?:` + left + `(?:\./)?` + q(dir) + `/|` + "`" + `(?:\./)?` + q(dir) + `/?` + "`" + `|(?i:\b` + q(dir) + `\s+(?:folder|directory|package|module))`
			if strings.Contains(dir, "/") { // a path of folders is one without its last slash too
				pat += `|` + left + `(?:\./)?` + q(dir) + right
			}
			add(f, NamesFolder, dir, 3, pat+`)`)
			if base := path.Base(dir); base != dir { // "the store package"
				add(f, NamesFolder, base, 3, "(?:`"+q(base)+"/?`"+`|(?i:\b`+q(base)+`\s+(?:folder|directory|package|module)))`)
			}
		}
		ext := path.Ext(f)
		if ext == "" {
			continue
		}
		add(f, NamesExtension, ext, 2, `(?:^|[^\w.])\*?`+q(ext)+`\b`)
		for _, lang := range languages[ext] {
			pat := `(?i:\b` + q(lang) + `\b)`
			if len(lang) <= 2 { // "Go" as a name, not the verb
				pat = `(?:^|[^\w])` + q(lang) + `(?:$|[^\w+#])`
				if lang == "Go" {
					pat = `(?:(?:^|[^\w])Go(?:\s+(?:code|files?|tests?|style|packages?|modules?|conventions|errors?|rules)\b|\s*$|[:,)]))|(?:^#+\s*Go\b)`
				}
			}
			add(f, NamesLanguage, lang, 1, pat)
		}
	}
	return out
}

// citeWords are the words of the full-text query that finds the memory
// sections which may name the targets.
func citeWords(ts []citeTarget) []string {
	var out []string
	for _, t := range ts {
		for _, w := range memoryWords(t.name) {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// memoryCitations returns the lines of the current memories of repo (and
// the global ones) that name one of files, the strongest first (path,
// folder, extension, language; then project before local before global),
// one per memory line. The memory files are archived again first (unless
// NoRefresh); the transcripts are not read again (the caller has).
func (h *Host) memoryCitations(ctx context.Context, a *archive.Archive, repo string, files []string) ([]MemoryCitation, error) {
	ts := citeTargets(files[:min(len(files), memoryCiteFiles)])
	words := citeWords(ts)
	if len(ts) == 0 || len(words) == 0 {
		return nil, nil
	}
	if !h.opts.NoRefresh {
		if _, err := h.RefreshMemories(ctx); err != nil {
			return nil, err
		}
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = `"` + w + `"`
	}
	hits, err := a.SearchMemories(ctx, archive.MemoryQuery{Match: strings.Join(quoted, " OR "), Repo: repo, Limit: memoryCiteSections})
	if err != nil {
		return nil, internal("search memories", err)
	}
	type cite struct {
		MemoryCitation
		strength, scope int
	}
	var found []cite
	seen := map[string]bool{}
	for _, x := range hits {
		for i, line := range strings.Split(x.Text, "\n") {
			n := x.LineStart + i
			key := fmt.Sprintf("%d:%d", x.ID, n)
			if seen[key] {
				continue
			}
			for _, t := range ts { // strongest first
				if !t.re.MatchString(line) {
					continue
				}
				seen[key] = true
				found = append(found, cite{MemoryCitation: MemoryCitation{MemoryID: memoryID(x.ID), Line: n, Source: x.Path, Scope: x.Scope,
					File: t.file, Names: t.names, Name: t.name, Text: oneLineText(line, memoryCiteTextRunes)}, strength: t.strength, scope: scopeRank(x.Scope)})
				break
			}
		}
	}
	slices.SortStableFunc(found, func(a, b cite) int {
		if a.strength != b.strength {
			return b.strength - a.strength
		}
		if a.scope != b.scope {
			return a.scope - b.scope
		}
		if c := strings.Compare(a.Source, b.Source); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	out := make([]MemoryCitation, 0, min(len(found), memoryCitations))
	for _, c := range found[:min(len(found), memoryCitations)] {
		out = append(out, c.MemoryCitation)
	}
	return out, nil
}

func scopeRank(scope string) int {
	switch scope {
	case "project":
		return 0
	case "local":
		return 1
	}
	return 2
}

// citeMemories returns the memory lines that govern files that fit what
// the budget leaves after used tokens (none when the direct evidence was
// cut), how many were left out, and a note when the memories could not be
// read. Not with until: memories are read as they are now.
func (h *Host) citeMemories(ctx context.Context, a *archive.Archive, repo string, files []string, until time.Time,
	used, budget int, cut bool) (kept []MemoryCitation, left int, note string) {
	if !until.IsZero() || len(files) == 0 {
		return nil, 0, ""
	}
	cites, err := h.memoryCitations(ctx, a, repo, files)
	if err != nil {
		return nil, 0, "memories not read: " + err.Error()
	}
	kept, left = fitMemories(cites, used+memoriesKey, budget, cut)
	return kept, left, ""
}

// memoriesKey is the cost of the memories' key in an answer's JSON.
const memoriesKey = 6

// fitMemories adds the citations that fit what the budget leaves after
// the direct evidence: none when that evidence was itself cut short. It
// returns the citations kept and how many were left out.
func fitMemories(cites []MemoryCitation, used, budget int, cut bool) ([]MemoryCitation, int) {
	if cut {
		return nil, len(cites)
	}
	var kept []MemoryCitation
	for i, c := range cites {
		n := tokenCount(c) + 1
		if used+n > budget {
			return kept, len(cites) - i
		}
		used += n
		kept = append(kept, c)
	}
	return kept, 0
}

// memoryLines are the citations as lines of a text tree.
func memoryLines(cites []MemoryCitation) []string {
	var out []string
	for _, c := range cites {
		out = append(out, fmt.Sprintf("%s line %d (%s, %s) names the %s %s: %s", c.MemoryID, c.Line, c.Source, c.Scope, c.Names, c.Name, c.Text))
	}
	return out
}

// addMemories adds what citeMemories returned to a fitted history.
func (r *CodeHistoryResponse) addMemories(kept []MemoryCitation, left int, note string) {
	r.Memories, r.Truncated = kept, r.Truncated+left
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
	r.Tokens = tokenCount(r)
}

// addMemories adds what citeMemories returned to a fitted context.
func (r *WorkContextResponse) addMemories(kept []MemoryCitation, left int, note string) {
	r.Memories, r.Truncated = kept, r.Truncated+left
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
	r.Tokens = tokenCount(r)
}

// taskFiles are the files the task's conversations edited, in order.
func taskFiles(ss []TaskSession) []string {
	var out []string
	for _, s := range ss {
		for _, f := range s.Files {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}
