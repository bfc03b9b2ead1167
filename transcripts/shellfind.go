package transcripts

import "strings"

// findSpec is what a find command selects: its start folders and the
// base-name glob of -name (or -iname), and the command of its -exec.
type findSpec struct {
	dirs []string
	name string
	exec []string // the -exec (or -execdir) command, {} included
}

func parseFind(w []string) findSpec {
	var f findSpec
	i := 1
	for ; i < len(w) && !strings.HasPrefix(w[i], "-") && w[i] != "(" && w[i] != "!"; i++ {
		f.dirs = append(f.dirs, w[i])
	}
	if len(f.dirs) == 0 {
		f.dirs = []string{"."}
	}
	for ; i < len(w); i++ {
		switch w[i] {
		case "-name", "-iname":
			if i+1 < len(w) && f.name == "" {
				f.name = w[i+1]
			}
			i++
		case "-exec", "-execdir":
			for j := i + 1; j < len(w); j++ {
				if w[j] == ";" || w[j] == "+" || w[j] == `\;` {
					break
				}
				f.exec = append(f.exec, w[j])
			}
			return f
		}
	}
	return f
}

// rewriteTool returns the name of the rewrite a command run on files that
// find selects makes (sed -i, perl -i, gofmt -w), "" for anything else.
func rewriteTool(cmd []string) string {
	if len(cmd) == 0 {
		return ""
	}
	args := make([]string, 0, len(cmd))
	for _, a := range cmd {
		if a != "{}" {
			args = append(args, a)
		}
	}
	for _, r := range rewritesOf(append(args, "{}"), nil) {
		if r.Path == "{}" || strings.HasSuffix(r.Path, "/{}") {
			return r.Tool
		}
	}
	return ""
}

// xargsCommand returns the command xargs runs.
func xargsCommand(w []string) []string {
	for i := 1; i < len(w); i++ {
		switch a := w[i]; {
		case a == "-I" || a == "-n" || a == "-P" || a == "-d" || a == "-L" || a == "-s" || a == "-E":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return w[i:]
		}
	}
	return nil
}

// appendTree adds the rewrite tool makes of the files f selects, through
// via (find -exec or xargs).
func appendTree(out []ShellRewrite, dir string, f findSpec, via, tool string) []ShellRewrite {
	if tool == "" {
		return out
	}
	for _, d := range f.dirs {
		if strings.ContainsAny(d, "$`*?[") {
			continue
		}
		out = append(out, ShellRewrite{Tool: via + " " + tool, Path: joinDir(dir, d), Tree: true, Name: f.name})
	}
	return out
}
