package transcripts

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// JSONStrings returns the string values of a JSON document in document
// order, one per line, leaving out the value of every object key skip
// reports (and all under it); keys themselves, numbers, booleans and
// nulls are not included, nor blank and repeated strings. A document that
// is not JSON gives what was read before the error.
func JSONStrings(raw []byte, skip func(key string) bool) string {
	w := stringWalk{dec: json.NewDecoder(bytes.NewReader(raw)), skip: skip, seen: make(map[string]bool)}
	w.dec.UseNumber()
	if tok, err := w.dec.Token(); err == nil {
		_ = w.value(tok, 0) // an error ends the walk: what was read is kept
	}
	return strings.TrimSuffix(w.out.String(), "\n")
}

// maxJSONDepth bounds the nesting JSONStrings descends into; deeper
// values are dropped.
const maxJSONDepth = 64

type stringWalk struct {
	dec  *json.Decoder
	skip func(string) bool
	seen map[string]bool
	out  strings.Builder
}

// value walks the value that starts with tok.
func (w *stringWalk) value(tok json.Token, depth int) error {
	switch t := tok.(type) {
	case string:
		if strings.TrimSpace(t) != "" && !w.seen[t] {
			w.seen[t] = true
			w.out.WriteString(t)
			w.out.WriteByte('\n')
		}
		return nil
	case json.Delim:
		if depth >= maxJSONDepth {
			return w.drop(tok)
		}
		for w.dec.More() {
			if t == '{' {
				kt, err := w.dec.Token()
				if err != nil {
					return err
				}
				vt, err := w.dec.Token()
				if err != nil {
					return err
				}
				if key, _ := kt.(string); w.skip != nil && w.skip(key) {
					if err := w.drop(vt); err != nil {
						return err
					}
					continue
				}
				if err := w.value(vt, depth+1); err != nil {
					return err
				}
				continue
			}
			vt, err := w.dec.Token()
			if err != nil {
				return err
			}
			if err := w.value(vt, depth+1); err != nil {
				return err
			}
		}
		_, err := w.dec.Token() // the closing delimiter
		return err
	}
	return nil
}

// drop reads past the value that starts with tok.
func (w *stringWalk) drop(tok json.Token) error {
	if d, ok := tok.(json.Delim); !ok || (d != '{' && d != '[') {
		return nil
	}
	for depth := 1; depth > 0; {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// PatchAddedText returns what an apply_patch or unified-diff text adds:
// the paths it names (Add, Update, Delete and Move headers, +++ lines)
// and its added lines without their '+', one per line. Removed and
// context lines are the code as it was and are left out.
func PatchAddedText(patch string) string {
	var b strings.Builder
	add := func(s string) {
		if strings.TrimSpace(s) == "" {
			return
		}
		b.WriteString(s)
		b.WriteByte('\n')
	}
	for line := range strings.SplitSeq(patch, "\n") {
		line = strings.TrimSuffix(line, "\r")
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "*** Add File:"), strings.HasPrefix(t, "*** Update File:"),
			strings.HasPrefix(t, "*** Delete File:"), strings.HasPrefix(t, "*** Move to:"):
			_, path, _ := strings.Cut(t, ":")
			add(strings.TrimSpace(path))
		case strings.HasPrefix(line, "+++ "):
			add(strings.TrimPrefix(strings.TrimPrefix(line, "+++ "), "b/"))
		case strings.HasPrefix(line, "+"):
			add(line[1:])
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// JoinTexts joins the non-empty texts with newlines.
func JoinTexts(texts ...string) string {
	return strings.Join(slices.DeleteFunc(slices.Clone(texts), func(t string) bool { return t == "" }), "\n")
}
