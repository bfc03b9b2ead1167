package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// location is a parsed PATH[:LINE[-END]] argument.
type location struct {
	Path string
	// Start and End are 1-based and inclusive; Start 0 means the whole
	// file. End equals Start for a single line.
	Start, End int
	// Range is set when the argument named a range (START-END), even one
	// of a single line: the answer is then a list.
	Range bool
}

// parseLocation reads PATH, PATH:LINE or PATH:START-END. The line part is
// what follows the last colon; when that holds a slash or a dot it is part
// of the path (a folder or file name with a colon), else it must be a line
// number or a range of them.
func parseLocation(arg string) (location, error) {
	if strings.TrimSpace(arg) == "" {
		return location{}, errors.New("no file given: want PATH, PATH:LINE or PATH:START-END")
	}
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return location{Path: arg}, nil
	}
	path, spec := arg[:i], arg[i+1:]
	if spec == "" {
		return location{}, fmt.Errorf("%q: no line after the colon: want PATH:LINE or PATH:START-END", arg)
	}
	if strings.ContainsAny(spec, "/.") {
		return location{Path: arg}, nil // a colon inside the path
	}
	if path == "" {
		return location{}, fmt.Errorf("%q: no file before the colon", arg)
	}
	from, to, isRange := strings.Cut(spec, "-")
	start, err := lineNumber(from)
	if err != nil {
		return location{}, fmt.Errorf("%q: %w", arg, err)
	}
	end := start
	if isRange {
		if end, err = lineNumber(to); err != nil {
			return location{}, fmt.Errorf("%q: %w", arg, err)
		}
		if end < start {
			return location{}, fmt.Errorf("%q: the range ends (%d) before it starts (%d)", arg, end, start)
		}
	}
	return location{Path: path, Start: start, End: end, Range: isRange}, nil
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
