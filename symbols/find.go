package symbols

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotFound is returned by Find when no symbol has the name.
var ErrNotFound = errors.New("no symbol of that name")

// AmbiguousError is returned by Find when several symbols match equally
// well; Candidates lists them in file order.
type AmbiguousError struct {
	Name       string
	Candidates []Symbol
}

func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "symbol %q is ambiguous:", e.Name)
	for i, s := range e.Candidates {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s %s (lines %d-%d)", s.Kind, s.Qualified, s.StartLine, s.EndLine)
	}
	return b.String()
}

// Find returns the symbol of syms that name designates, written as a user
// types it: "Handle", "Server.Handle", "(*Server).Handle",
// "Stack[T].Push", "Widget::render", "Widget#render", "parse_args()".
// A name matches a symbol whose qualified name it equals, else one whose
// qualified name ends with it (a whole segment: "Handle" matches
// "Server.Handle", not "ServerHandle"), else the same ignoring case. When
// several symbols match at the best of these levels, Find returns an
// *AmbiguousError listing them (Java overloads, two types with a method
// of that name); when none does, an error wrapping ErrNotFound.
func Find(syms []Symbol, name string) (Symbol, error) {
	m := Matches(syms, name)
	switch len(m) {
	case 0:
		return Symbol{}, fmt.Errorf("symbol %q: %w", name, ErrNotFound)
	case 1:
		return m[0], nil
	}
	return Symbol{}, &AmbiguousError{Name: name, Candidates: m}
}

// Matches returns the symbols that match name at the best level Find
// uses, in file order: one when the name is unambiguous.
func Matches(syms []Symbol, name string) []Symbol {
	q := segments(name)
	if len(q) == 0 {
		return nil
	}
	levels := []func(s, q []string) bool{
		func(s, q []string) bool { return equalSegs(s, q, false) },
		func(s, q []string) bool { return len(s) > len(q) && equalSegs(s[len(s)-len(q):], q, false) },
		func(s, q []string) bool { return len(s) >= len(q) && equalSegs(s[len(s)-len(q):], q, true) },
	}
	for _, match := range levels {
		var out []Symbol
		for _, s := range syms {
			if match(segments(s.Qualified), q) {
				out = append(out, s)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// At returns the innermost symbol of syms whose lines contain line.
func At(syms []Symbol, line int) (Symbol, bool) {
	best := -1
	for i, s := range syms {
		if s.Contains(line) && (best < 0 || s.StartLine >= syms[best].StartLine) {
			best = i
		}
	}
	if best < 0 {
		return Symbol{}, false
	}
	return syms[best], true
}

// segments splits a name as written into its parts: "(*Server).Handle"
// is [Server Handle], "Widget::render" and "Widget#render" are
// [Widget render]; type arguments, a receiver's star and parentheses,
// and a trailing "()" are dropped.
func segments(name string) []string {
	name = strings.TrimSpace(name)
	name = strings.TrimSuffix(name, "()")
	name = strings.ReplaceAll(name, "::", ".")
	var b strings.Builder
	depth := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '[' || c == '<':
			depth++
		case c == ']' || c == '>':
			depth = max(depth-1, 0)
		case depth > 0, c == '(', c == ')', c == '*' && (i == 0 || name[i-1] == '(' || name[i-1] == '.'):
		case c == '#' && i > 0 && name[i-1] != '.':
			b.WriteByte('.') // Ruby's and Javadoc's Class#method
		default:
			b.WriteByte(c)
		}
	}
	var out []string
	for _, s := range strings.Split(b.String(), ".") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func equalSegs(a, b []string, fold bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(fold && strings.EqualFold(a[i], b[i])) {
			return false
		}
	}
	return true
}
