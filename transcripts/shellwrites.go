package transcripts

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// ShellRewrite is a file, or the files of a folder, that a shell command
// rewrites in place without its new text being recorded: sed -i, perl -i,
// gofmt -w, goimports -w, go fix, go fmt, mv, git mv, a python or node
// script that writes a file it names, and find … -exec or xargs running one
// of these.
type ShellRewrite struct {
	// Tool names the command: "sed -i", "gofmt -w", "git mv", …
	Tool string
	// Path is the file as the script names it, joined to the folder of a
	// cd before it (relative to the script's folder unless absolute); "."
	// is the script's folder.
	Path string
	// Tree says that Path is a folder: every file under it whose base
	// name matches Name (any when Name is "") is rewritten.
	Tree bool
	Name string
}

// Matches reports whether the rewrite covers file (a clean path in the
// same frame as Path: both relative to one folder, or both absolute).
func (r ShellRewrite) Matches(file string) bool {
	p := path.Clean(r.Path)
	if !r.Tree {
		return file == p
	}
	if p != "." && file != p && !strings.HasPrefix(file, p+"/") {
		return false
	}
	if p == "." && path.IsAbs(file) {
		return false
	}
	if r.Name == "" {
		return true
	}
	ok, _ := path.Match(r.Name, path.Base(file))
	return ok
}

// ShellRewrites returns the files a shell script rewrites in place (see
// ShellRewrite). Scripts it cannot follow (cd to a folder named by a
// variable) give what it found before them.
func ShellRewrites(script string) []ShellRewrite {
	var out []ShellRewrite
	dir := ""
	var found *findSpec // the last find of a pipeline, for xargs
	for _, c := range splitCommands(script) {
		w := skipPrefixes(c.words)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "cd":
			if len(w) != 2 || strings.ContainsAny(w[1], "$~`") || w[1] == "-" {
				return out
			}
			dir = joinDir(dir, w[1])
			continue
		case "find":
			f := parseFind(w)
			found = &f
			if f.exec != nil {
				out = appendTree(out, dir, f, "find -exec", rewriteTool(f.exec))
			}
			continue
		case "xargs":
			if found != nil {
				out = appendTree(out, dir, *found, "find | xargs", rewriteTool(xargsCommand(w)))
			}
			continue
		}
		for _, r := range rewritesOf(w, c.heredoc) {
			r.Path = joinDir(dir, r.Path)
			out = append(out, r)
		}
		if c.op != "|" {
			found = nil
		}
	}
	return out
}

// skipPrefixes drops what runs a command without being it: variable
// assignments, env, sudo, time, command.
func skipPrefixes(w []string) []string {
	for len(w) > 0 {
		switch {
		case w[0] == "env" || w[0] == "sudo" || w[0] == "time" || w[0] == "command" || w[0] == "exec":
			w = w[1:]
		case envAssign().MatchString(w[0] + " "):
			w = w[1:]
		default:
			return w
		}
	}
	return w
}

func joinDir(dir, p string) string {
	if dir == "" || path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(dir, p)
}

// rewritesOf returns the files one simple command rewrites.
func rewritesOf(w []string, heredoc []string) []ShellRewrite {
	name := path.Base(w[0])
	switch {
	case name == "sed" || name == "gsed":
		if files, ok := sedFiles(w[1:]); ok {
			return fileRewrites("sed -i", files)
		}
	case name == "perl":
		if files, ok := perlFiles(w[1:]); ok {
			return fileRewrites("perl -i", files)
		}
	case name == "gofmt" || name == "goimports" || name == "gofumpt":
		return gofmtRewrites(name, w[1:])
	case name == "go" && len(w) > 1 && (w[1] == "fix" || w[1] == "fmt"):
		return goToolRewrites("go "+w[1], w[2:])
	case name == "mv":
		return mvRewrites("mv", w[1:])
	case name == "git" && len(w) > 1 && w[1] == "mv":
		return mvRewrites("git mv", w[2:])
	case strings.HasPrefix(name, "python") || name == "node" || name == "ruby":
		return scriptRewrites(name, w[1:], heredoc)
	}
	return nil
}

func fileRewrites(tool string, files []string) []ShellRewrite {
	var out []ShellRewrite
	for _, f := range files {
		if f != "" && f != "-" && !strings.ContainsAny(f, "$`*?[<>|") {
			out = append(out, ShellRewrite{Tool: tool, Path: f})
		}
	}
	return out
}

// sedFiles returns the files of a sed command that edits in place.
func sedFiles(args []string) ([]string, bool) {
	inPlace, script := false, false
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--in-place" || strings.HasPrefix(a, "--in-place="):
			inPlace = true
		case a == "-e" || a == "--expression" || a == "-f" || a == "--file":
			script = true
			i++
		case strings.HasPrefix(a, "--expression=") || strings.HasPrefix(a, "--file="):
			script = true
		case strings.HasPrefix(a, "--"):
		case strings.HasPrefix(a, "-") && len(a) > 1:
			flags := a[1:]
			if j := strings.IndexByte(flags, 'i'); j >= 0 {
				inPlace = true
				// -i takes the rest of the word as a suffix; BSD sed's
				// -i '' takes an empty word.
				if j == len(flags)-1 && i+1 < len(args) && args[i+1] == "" {
					i++
				}
				flags = flags[:j]
			}
			if strings.HasSuffix(flags, "e") || strings.HasSuffix(flags, "f") {
				script = true
				i++
			}
		case !script:
			script = true
		default:
			files = append(files, a)
		}
	}
	return files, inPlace
}

// perlFiles returns the files of a perl command that edits in place.
func perlFiles(args []string) ([]string, bool) {
	inPlace, script := false, false
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "-") && len(a) > 1 && !script:
			flags := a[1:]
			if j := strings.IndexByte(flags, 'i'); j >= 0 {
				inPlace = true
				flags = flags[:j] // the rest is the backup suffix
			}
			if j := strings.IndexAny(flags, "eE"); j >= 0 {
				script = true
				if j == len(flags)-1 {
					i++
				}
			}
		case !script:
			script = true // the script's file
		default:
			files = append(files, a)
		}
	}
	return files, inPlace
}

// gofmtRewrites reads gofmt -w (goimports -w) arguments: files, or folders
// whose .go files it rewrites.
func gofmtRewrites(name string, args []string) []ShellRewrite {
	write := false
	var paths []string
	for _, a := range args {
		switch {
		case a == "-w" || strings.HasPrefix(a, "-") && strings.Contains(a[1:], "w") && !strings.HasPrefix(a, "--"):
			write = a == "-w" || len(a) <= 4 // -w, -s -w, -lw, -sw
		case strings.HasPrefix(a, "-"):
		default:
			paths = append(paths, a)
		}
	}
	if !write {
		return nil
	}
	var out []ShellRewrite
	for _, p := range paths {
		if strings.ContainsAny(p, "$`*?[") {
			continue
		}
		if strings.HasSuffix(p, ".go") {
			out = append(out, ShellRewrite{Tool: name + " -w", Path: p})
		} else {
			out = append(out, ShellRewrite{Tool: name + " -w", Path: p, Tree: true, Name: "*.go"})
		}
	}
	return out
}

// goToolRewrites reads go fix / go fmt package patterns: ./... is every
// .go file below, ./pkg one package's folder, no pattern the current one.
func goToolRewrites(tool string, args []string) []ShellRewrite {
	var pats []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			pats = append(pats, a)
		}
	}
	if len(pats) == 0 {
		pats = []string{"."}
	}
	var out []ShellRewrite
	for _, p := range pats {
		if !strings.HasPrefix(p, ".") && !strings.HasPrefix(p, "/") {
			continue // an import path: its folder is not known from the script
		}
		p = strings.TrimSuffix(strings.TrimSuffix(p, "/..."), "...")
		if p == "" {
			p = "."
		}
		out = append(out, ShellRewrite{Tool: tool, Path: p, Tree: true, Name: "*.go"})
	}
	return out
}

// mvRewrites reads mv SOURCE… DEST: the destination, as a file and, for a
// folder, as the source's name inside it.
func mvRewrites(tool string, args []string) []ShellRewrite {
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-t" || a == "--target-directory":
			return nil // rare; the order differs
		case strings.HasPrefix(a, "-") && len(a) > 1:
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) < 2 {
		return nil
	}
	dest, srcs := ops[len(ops)-1], ops[:len(ops)-1]
	if strings.ContainsAny(dest, "$`*?[") {
		return nil
	}
	var out []ShellRewrite
	if len(srcs) == 1 && !strings.HasSuffix(dest, "/") {
		out = append(out, ShellRewrite{Tool: tool, Path: dest})
	}
	for _, s := range srcs {
		if !strings.ContainsAny(s, "$`*?[") {
			out = append(out, ShellRewrite{Tool: tool, Path: path.Join(dest, path.Base(s))})
		}
	}
	return out
}

// scriptWrites recognises a script that writes files.
var scriptWrites = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\.write(?:_text|_bytes)?\(|writeFileSync|writeFile\(|File\.write|open\([^)]*['"][wa]\+?['"]`)
})

// scriptPath finds the quoted string literals of a script that look like
// file paths.
var scriptPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`["']([A-Za-z0-9_./@+-]+\.[A-Za-z0-9]+)["']`)
})

// scriptRewrites reads python -c SCRIPT (or a script on standard input
// from a here-document): a script that writes files rewrites every file it
// names in a string literal.
func scriptRewrites(name string, args []string, heredoc []string) []ShellRewrite {
	var script string
	for i, a := range args {
		if (a == "-c" || a == "-e") && i+1 < len(args) {
			script = args[i+1]
			break
		}
	}
	if script == "" && len(heredoc) > 0 {
		script = strings.Join(heredoc, "\n")
	}
	if script == "" || !scriptWrites().MatchString(script) {
		return nil
	}
	tool := name + " -c"
	if !slices.Contains(args, "-c") && !slices.Contains(args, "-e") {
		tool = name + " script"
	}
	var out []ShellRewrite
	seen := map[string]bool{}
	for _, m := range scriptPath().FindAllStringSubmatch(script, -1) {
		p := m[1]
		if seen[p] || strings.HasPrefix(p, ".") && !strings.HasPrefix(p, "./") {
			continue // a name seen, or an extension such as ".go"
		}
		seen[p] = true
		out = append(out, ShellRewrite{Tool: tool, Path: p})
	}
	return out
}
