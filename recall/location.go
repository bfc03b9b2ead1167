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
}

// ParseFileLocation reads PATH, PATH:LINE or PATH:START-END. The line part is
// what follows the last colon; when that holds a slash or a dot it is part
// of the path (a folder or file name with a colon), else it must be a line
// number or a range of them.
func ParseFileLocation(arg string) (FileLocation, error) {
	if strings.TrimSpace(arg) == "" {
		return FileLocation{}, errors.New("no file given: want PATH, PATH:LINE or PATH:START-END")
	}
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return FileLocation{Path: arg}, nil
	}
	path, spec := arg[:i], arg[i+1:]
	if spec == "" {
		return FileLocation{}, fmt.Errorf("%q: no line after the colon: want PATH:LINE or PATH:START-END", arg)
	}
	if strings.ContainsAny(spec, "/.") {
		return FileLocation{Path: arg}, nil // a colon inside the path
	}
	if path == "" {
		return FileLocation{}, fmt.Errorf("%q: no file before the colon", arg)
	}
	from, to, isRange := strings.Cut(spec, "-")
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

func lineNumber(s string) (int, error) {
	if s == "" {
		return 0, errors.New("missing line number")
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("bad line number %q", s)
		}
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
