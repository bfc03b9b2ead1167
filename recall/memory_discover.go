package recall

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hansard/archive"
)

// Memory kinds and scopes.
const (
	MemoryInstructions = "instructions" // CLAUDE.md, AGENTS.md, GEMINI.md, copilot-instructions.md
	MemoryRules        = "rules"        // .claude/rules, .cursor/rules, .cursorrules
	MemoryAuto         = "auto_memory"  // what an agent wrote down itself

	ScopeGlobal  = "global"  // the user's, for every project
	ScopeProject = "project" // a repository's, shared with it
	ScopeLocal   = "local"   // a repository's, kept by one user
)

// memoryFinder finds the memory files the agents read: the global ones in
// the agents' folders, and the project ones of the folders sessions worked
// in, from the repository root down to the folder. Links are not
// followed, and skills (SKILL.md, skills folders) are not memories.
type memoryFinder struct {
	getenv func(string) string
	found  map[string]archive.MemoryFile
}

func findMemories(getenv func(string) string, folders []archive.SessionFolder) []archive.MemoryFile {
	m := &memoryFinder{getenv: getenv, found: map[string]archive.MemoryFile{}}
	m.global()
	for _, f := range folders {
		root, dir := f.RepoRoot, f.Cwd
		if root != "" {
			dir = filepath.Join(root, f.RepoCwd)
		} else if dir != "" {
			root = gitRootOf(dir)
		}
		if root == "" || !filepath.IsAbs(root) {
			continue
		}
		m.project(root, dir)
	}
	m.autoMemories(folders)
	out := make([]archive.MemoryFile, 0, len(m.found))
	for _, f := range m.found {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func (m *memoryFinder) home(env, under string) string {
	if env != "" {
		if d := m.getenv(env); d != "" {
			return d
		}
	}
	if h := m.getenv("HOME"); h != "" {
		return filepath.Join(h, under)
	}
	return ""
}

// add records path when it is a regular file (not a link).
func (m *memoryFinder) add(path, provider, kind, scope, repo string) bool {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || isSkill(path) {
		return false
	}
	if _, ok := m.found[path]; !ok {
		m.found[path] = archive.MemoryFile{Path: path, Provider: provider, Kind: kind, Scope: scope, Repo: repo}
	}
	return true
}

// addTree records the files under dir whose names end with ext, not
// following links and not entering skills folders.
func (m *memoryFinder) addTree(dir, ext, provider, kind, scope, repo string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Type()&os.ModeSymlink != 0:
		case e.IsDir():
			if !strings.EqualFold(e.Name(), "skills") {
				m.addTree(p, ext, provider, kind, scope, repo)
			}
		case strings.HasSuffix(e.Name(), ext):
			m.add(p, provider, kind, scope, repo)
		}
	}
}

// isSkill reports a skill's file (addTree does not enter skills folders).
func isSkill(path string) bool { return filepath.Base(path) == "SKILL.md" }

func (m *memoryFinder) global() {
	if claude := m.home("CLAUDE_CONFIG_DIR", ".claude"); claude != "" {
		m.add(filepath.Join(claude, "CLAUDE.md"), "claude", MemoryInstructions, ScopeGlobal, "")
		m.addTree(filepath.Join(claude, "rules"), ".md", "claude", MemoryRules, ScopeGlobal, "")
	}
	if codex := m.home("CODEX_HOME", ".codex"); codex != "" {
		if !m.add(filepath.Join(codex, "AGENTS.override.md"), "codex", MemoryInstructions, ScopeGlobal, "") {
			m.add(filepath.Join(codex, "AGENTS.md"), "codex", MemoryInstructions, ScopeGlobal, "")
		}
		m.addTree(filepath.Join(codex, "memories"), ".md", "codex", MemoryAuto, ScopeGlobal, "")
	}
	if gemini := m.home("", ".gemini"); gemini != "" {
		m.add(filepath.Join(gemini, "GEMINI.md"), "gemini", MemoryInstructions, ScopeGlobal, "")
	}
	if copilot := m.home("COPILOT_HOME", ".copilot"); copilot != "" {
		m.add(filepath.Join(copilot, "copilot-instructions.md"), "copilot", MemoryInstructions, ScopeGlobal, "")
	}
}

// project records the memory files of a repository at root read in dir:
// those of each folder from root down to dir, and the rules at root.
func (m *memoryFinder) project(root, dir string) {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		rel = "."
	}
	d := root
	parts := []string{}
	if rel != "." {
		parts = strings.Split(rel, string(filepath.Separator))
	}
	for i := 0; ; i++ {
		m.add(filepath.Join(d, "CLAUDE.md"), "claude", MemoryInstructions, ScopeProject, root)
		m.add(filepath.Join(d, ".claude", "CLAUDE.md"), "claude", MemoryInstructions, ScopeProject, root)
		m.add(filepath.Join(d, "CLAUDE.local.md"), "claude", MemoryInstructions, ScopeLocal, root)
		if !m.add(filepath.Join(d, "AGENTS.override.md"), "codex", MemoryInstructions, ScopeProject, root) {
			m.add(filepath.Join(d, "AGENTS.md"), "codex", MemoryInstructions, ScopeProject, root)
		}
		m.add(filepath.Join(d, "GEMINI.md"), "gemini", MemoryInstructions, ScopeProject, root)
		if i >= len(parts) {
			break
		}
		d = filepath.Join(d, parts[i])
		if fi, err := os.Lstat(d); err != nil || !fi.IsDir() {
			break // gone, or a link
		}
	}
	m.addTree(filepath.Join(root, ".claude", "rules"), ".md", "claude", MemoryRules, ScopeProject, root)
	m.addTree(filepath.Join(root, ".cursor", "rules"), ".mdc", "cursor", MemoryRules, ScopeProject, root)
	m.add(filepath.Join(root, ".cursorrules"), "cursor", MemoryRules, ScopeProject, root)
	m.add(filepath.Join(root, ".github", "copilot-instructions.md"), "copilot", MemoryInstructions, ScopeProject, root)
}

// autoMemories records Claude Code's auto-memory
// (<config>/projects/<project>/memory/*.md), keyed to the repository of
// the sessions whose folder names the project; unkeyed when none does.
func (m *memoryFinder) autoMemories(folders []archive.SessionFolder) {
	claude := m.home("CLAUDE_CONFIG_DIR", ".claude")
	if claude == "" {
		return
	}
	projects := filepath.Join(claude, "projects")
	entries, err := os.ReadDir(projects)
	if err != nil {
		return
	}
	repoOf := map[string]string{}
	for _, f := range folders {
		root := f.RepoRoot
		if root == "" && f.Cwd != "" {
			root = gitRootOf(f.Cwd)
		}
		for _, p := range []string{f.Cwd, f.RepoRoot, root} {
			if p != "" {
				repoOf[claudeProjectName(p)] = root
			}
		}
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		m.addTree(filepath.Join(projects, e.Name(), "memory"), ".md", "claude", MemoryAuto, ScopeLocal, repoOf[e.Name()])
	}
}

// claudeProjectName is the folder name Claude Code gives a project's
// folder under projects/: every character but letters and digits a dash.
func claudeProjectName(dir string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, dir)
}

// gitRootOf returns the nearest folder at or above dir holding .git, or
// dir itself when there is none (or "" when dir is not there).
func gitRootOf(dir string) string {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}
