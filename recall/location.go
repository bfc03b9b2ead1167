package recall

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// FileLocation is a parsed PATH[:LINE[-END]] argument.
type FileLocation struct {
	Path string
	// Start and End are 1-based and inclusive; Start 0 means the whole
	// file. End equals Start for a single line, however it was named
	// (LINE or LINE-LINE).
	Start, End int
	// Symbol names a function, method or type of the file (PATH:NAME) whose
	// lines are asked about; Start and End are 0 until it is resolved.
	Symbol string `json:",omitempty"`
}

// locationForms lists the forms a location takes, for errors.
const locationForms = "PATH, PATH:LINE, PATH:START-END, PATH:LINE:COL, PATH#L10, PATH#L10-L20 or PATH:FuncName"

// ParseFileLocation reads a location as people and tools write it: PATH,
// PATH:LINE, PATH:START-END, PATH:LINE:COL (compilers, grep -n, rg
// --vimgrep; the column is ignored), PATH#L79 and PATH#L79-L90 (links to
// code hosts), or PATH:NAME (a symbol of the file, such as Handle or
// Server.Handle). Surrounding spaces are trimmed. The line part is what
// follows the last colon; when that holds a slash it is part of the path (a
// folder name with a colon).
func ParseFileLocation(arg string) (FileLocation, error) {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return FileLocation{}, errors.New("no file given: want " + locationForms)
	}
	if loc, ok, err := parseAnchor(arg); ok || err != nil {
		return loc, err
	}
	if rest, ok := strings.CutSuffix(arg, ":"); ok && isLineSpec(afterColon(rest)) {
		arg = rest // PATH:LINE: as grep -n prints it
	}
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return FileLocation{Path: arg}, nil
	}
	path, spec := arg[:i], arg[i+1:]
	if spec == "" {
		return FileLocation{}, fmt.Errorf("%q: no line after the colon: want %s", arg, locationForms)
	}
	if strings.Contains(spec, "/") {
		return FileLocation{Path: arg}, nil // a colon inside the path
	}
	if path == "" {
		return FileLocation{}, fmt.Errorf("%q: no file before the colon", arg)
	}
	if allDigits(spec) && isLineSpec(afterColon(path)) && strings.Contains(path, ":") {
		path, spec = path[:strings.LastIndexByte(path, ':')], afterColon(path) // PATH:LINE:COL
	}
	if isSymbolName(spec) {
		// a qualified name may hold colons itself (Widget::render): the
		// path ends at the first colon of the file's name
		j := strings.LastIndexByte(arg, '/') + 1
		k := j + strings.IndexByte(arg[j:], ':')
		if sym := arg[k+1:]; k > j && isSymbolName(sym) {
			path, spec = arg[:k], sym
		}
		return FileLocation{Path: path, Symbol: spec}, nil
	}
	return lineRange(arg, path, spec, "-")
}

// parseAnchor reads PATH#L79, PATH#L79-L90 and PATH#L79-90; ok is false
// when arg has no such anchor.
func parseAnchor(arg string) (FileLocation, bool, error) {
	i := strings.LastIndex(arg, "#L")
	if i < 0 || i+2 >= len(arg) || arg[i+2] < '0' || arg[i+2] > '9' {
		return FileLocation{}, false, nil
	}
	path, spec := arg[:i], arg[i+2:]
	if path == "" {
		return FileLocation{}, true, fmt.Errorf("%q: no file before #L", arg)
	}
	spec = strings.Replace(spec, "-L", "-", 1)
	loc, err := lineRange(arg, path, spec, "-")
	return loc, true, err
}

// lineRange reads spec, LINE or START-END, as the lines of path.
func lineRange(arg, path, spec, sep string) (FileLocation, error) {
	from, to, isRange := strings.Cut(spec, sep)
	start, err := lineNumber(from)
	if err != nil {
		return FileLocation{}, fmt.Errorf("%q: %w", arg, err)
	}
	end := start
	if isRange {
		if end, err = lineNumber(to); err != nil {
			return FileLocation{}, fmt.Errorf("%q: %w", arg, err)
		}
		if end < start {
			return FileLocation{}, fmt.Errorf("%q: the range ends (%d) before it starts (%d)", arg, end, start)
		}
	}
	return FileLocation{Path: path, Start: start, End: end}, nil
}

// afterColon returns what follows the last colon of s ("" when none).
func afterColon(s string) string {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return ""
	}
	return s[i+1:]
}

// isLineSpec reports whether s is LINE or START-END.
func isLineSpec(s string) bool {
	from, to, isRange := strings.Cut(s, "-")
	return allDigits(from) && (!isRange || allDigits(to))
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isSymbolName reports whether s reads as a symbol's name: it starts with
// a letter, an underscore or a parenthesis ((*Server).Handle) and holds
// only what qualified names of the languages symbols reads hold.
func isSymbolName(s string) bool {
	c := s[0]
	if !(c == '_' || c == '(' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return false
	}
	for _, r := range s {
		switch {
		case r == '_' || r == '.' || r == '*' || r == '(' || r == ')' || r == '[' || r == ']' || r == '#' || r == ':':
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}

func lineNumber(s string) (int, error) {
	if s == "" {
		return 0, errors.New("missing line number")
	}
	if !allDigits(s) {
		return 0, fmt.Errorf("bad line number %q", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("bad line number %q", s)
	}
	if n < 1 {
		return 0, errors.New("line numbers start at 1")
	}
	return n, nil
}
