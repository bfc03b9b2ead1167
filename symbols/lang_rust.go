//go:build cgo

package symbols

import (
	"strings"
)

// rustOpen are the node types whose children rustExtract reads.
var rustOpen = []string{
	"declaration_list", "trait_item", "impl_item", "mod_item",
	"use_declaration", "use_as_clause", "use_wildcard", "scoped_use_list", "use_list",
	"function_item", "function_signature_item", "struct_item", "union_item", "enum_item",
	"type_item", "const_item", "static_item", "macro_definition",
}

// rustExtract reads a Rust file: functions, structs, unions, enums, type
// aliases, consts, statics, macro_rules! macros, traits with their methods
// (Trait::method), impl blocks (named "impl Type" or "impl Trait for Type")
// with their methods (Type::method), inline modules with what they
// declare (outer::inner::f); doc comments and attributes above an item
// count in its DocLine. Imports are the paths of use declarations, with
// use lists expanded ("crate::a::{b, c}" is two), and `mod x;` as
// "self::x"; paths in inline modules are rewritten relative to the file's
// module.
func rustExtract(w *walker, root node) {
	rsScope(w, root, -1, "", nil)
}

func rsScope(w *walker, n node, parent int, prefix string, inline []string) {
	for _, c := range w.children(n) {
		d := c.node
		var kind Kind
		switch c.typ {
		case "function_item", "function_signature_item":
			kind = KindFunction
			if parent >= 0 && w.file.Symbols[parent].Kind != KindModule {
				kind = KindMethod
			}
		case "struct_item", "union_item":
			kind = KindStruct
		case "enum_item":
			kind = KindEnum
		case "type_item":
			kind = KindType
		case "const_item":
			kind = KindConst
		case "static_item":
			kind = KindVar
		case "macro_definition":
			kind = KindMacro
		case "trait_item":
			i := rsAdd(w, d, w.field(d, "name"), "", KindTrait, parent, prefix, c.docLine)
			rsScope(w, w.field(d, "body"), i, w.file.Symbols[i].Qualified, inline)
			continue
		case "impl_item":
			rsImpl(w, d, parent, prefix, inline, c.docLine)
			continue
		case "mod_item":
			body := w.field(d, "body")
			name := w.text(w.field(d, "name"))
			if body == none {
				w.addImport(d, rsRelative("self::"+name, inline))
				continue
			}
			i := rsAdd(w, d, w.field(d, "name"), "", KindModule, parent, prefix, c.docLine)
			rsScope(w, body, i, w.file.Symbols[i].Qualified, append(inline[:len(inline):len(inline)], name))
			continue
		case "use_declaration":
			for _, p := range rsUsePaths(w, w.field(d, "argument"), "") {
				w.addImport(d, rsRelative(p, inline))
			}
			continue
		default:
			continue
		}
		rsAdd(w, d, w.field(d, "name"), "", kind, parent, prefix, c.docLine)
	}
}

// rsImpl adds an impl block and its items, which are named after the
// implementing type.
func rsImpl(w *walker, d node, parent int, prefix string, inline []string, docLine int) {
	typ := rsTypeName(w.text(w.field(d, "type")))
	label := "impl " + typ
	if trait := w.field(d, "trait"); trait != none {
		label = "impl " + rsTypeName(w.text(trait)) + " for " + typ
	}
	i := w.add(d, none, typ, KindImpl, parent, docLine)
	w.file.Symbols[i].Qualified = joinName(prefix, label, "::")
	w.file.Symbols[i].NameLine = w.startLine(w.field(d, "type"))
	rsScope(w, w.field(d, "body"), i, joinName(prefix, typ, "::"), inline)
}

func rsAdd(w *walker, n, name node, text string, kind Kind, parent int, prefix string, docLine int) int {
	i := w.add(n, name, text, kind, parent, docLine)
	w.file.Symbols[i].Qualified = joinName(prefix, w.file.Symbols[i].Name, "::")
	return i
}

// rsTypeName is a type's last path segment without type arguments:
// "fmt::Display" is "Display", "Widget<T>" is "Widget".
func rsTypeName(s string) string {
	s = stripGenerics(strings.TrimLeft(s, "&* "))
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	return s
}

// rsUsePaths expands a use tree into its paths under prefix.
func rsUsePaths(w *walker, n node, prefix string) []string {
	if n == none {
		return nil
	}
	switch w.typ(n) {
	case "use_as_clause":
		return rsUsePaths(w, w.field(n, "path"), prefix)
	case "use_wildcard":
		for _, c := range w.children(n) {
			if w.named(c.node) {
				return []string{joinName(prefix, rsPath(w, c.node), "::") + "::*"}
			}
		}
		return []string{joinName(prefix, "*", "::")}
	case "scoped_use_list":
		p := joinName(prefix, rsPath(w, w.field(n, "path")), "::")
		return rsUsePaths(w, w.field(n, "list"), p)
	case "use_list":
		var out []string
		for _, c := range w.children(n) {
			if w.named(c.node) {
				out = append(out, rsUsePaths(w, c.node, prefix)...)
			}
		}
		return out
	}
	return []string{joinName(prefix, rsPath(w, n), "::")}
}

func rsPath(w *walker, n node) string {
	return squeeze(w.text(n))
}

// rsRelative rewrites a path written in the inline modules inline (outer
// first) relative to the file's own module: in `mod tests`, "super::x" is
// "self::x" and "self::y" is "self::tests::y".
func rsRelative(path string, inline []string) string {
	if len(inline) == 0 {
		return path
	}
	segs := strings.Split(path, "::")
	stack := inline
	i := 0
	for i < len(segs) && segs[i] == "super" && len(stack) > 0 {
		stack = stack[:len(stack)-1]
		i++
	}
	rest := segs[i:]
	switch {
	case len(rest) > 0 && rest[0] == "self":
		rest = rest[1:]
	case i == 0 || (len(rest) > 0 && rest[0] == "super"):
		return strings.Join(segs[i:], "::")
	}
	return strings.Join(append(append([]string{"self"}, stack...), rest...), "::")
}

// joinName joins a container's name and a name with sep; an empty
// container gives the name.
func joinName(container, name, sep string) string {
	if container == "" {
		return name
	}
	if name == "" {
		return container
	}
	return container + sep + name
}
