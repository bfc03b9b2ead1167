//go:build cgo

package symbols

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// cExtract reads a C or C++ file: function definitions (methods defined
// in their class, or out of it as Widget::size), classes, structs, unions
// and enums that have a body, typedef names, namespaces; templates,
// extern "C" blocks and #if/#ifdef blocks are looked into. Imports are
// the quoted #include paths (system <…> headers are not the repository's).
func cExtract(w *walker, root *sitter.Node) {
	cScope(w, root, -1, false)
}

func cScope(w *walker, n *sitter.Node, parent int, inClass bool) {
	for _, c := range w.children(n) {
		cDeclaration(w, c.node, c.node, parent, inClass, c.docLine)
	}
}

func cDeclaration(w *walker, outer, d *sitter.Node, parent int, inClass bool, docLine int) {
	switch w.typ(d) {
	case "preproc_include":
		if p := field(d, "path"); p != nil && w.typ(p) == "string_literal" {
			w.addImport(d, unquote(w.text(p)))
		}
	case "function_definition":
		cFunction(w, outer, d, parent, inClass, docLine)
	case "template_declaration":
		for _, c := range w.fields(d) {
			if c.node.IsNamed() && c.field != "parameters" {
				cDeclaration(w, outer, c.node, parent, inClass, docLine)
			}
		}
	case "class_specifier", "struct_specifier", "union_specifier", "enum_specifier":
		body := field(d, "body")
		name := field(d, "name")
		if body == nil || name == nil {
			return
		}
		kind := map[string]Kind{"class_specifier": KindClass, "struct_specifier": KindStruct,
			"union_specifier": KindStruct, "enum_specifier": KindEnum}[w.typ(d)]
		i := w.add(outer, name, "", kind, parent, docLine)
		if kind != KindEnum {
			cScope(w, body, i, true)
		}
	case "declaration", "field_declaration":
		if t := field(d, "type"); t != nil {
			cDeclaration(w, outer, t, parent, inClass, docLine)
		}
	case "type_definition":
		if t := field(d, "type"); t != nil {
			cDeclaration(w, outer, t, parent, inClass, docLine)
		}
		for _, c := range w.fields(d) {
			if c.field == "declarator" && c.typ == "type_identifier" {
				w.add(outer, c.node, "", KindType, parent, docLine)
			}
		}
	case "namespace_definition":
		name := field(d, "name")
		i := w.add(outer, name, "(anonymous)", KindModule, parent, docLine)
		cScope(w, field(d, "body"), i, false)
	case "linkage_specification":
		if body := field(d, "body"); body != nil {
			if w.typ(body) == "declaration_list" {
				cScope(w, body, parent, inClass)
			} else {
				cDeclaration(w, body, body, parent, inClass, docLine)
			}
		}
	case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef", "declaration_list":
		cScope(w, d, parent, inClass)
	}
}

// cFunction adds a function definition, named by its declarator: a
// qualified name (Widget::size) makes a method of that class.
func cFunction(w *walker, outer, d *sitter.Node, parent int, inClass bool, docLine int) {
	decl := field(d, "declarator")
	for decl != nil {
		switch w.typ(decl) {
		case "function_declarator", "pointer_declarator", "reference_declarator", "parenthesized_declarator":
			decl = field(decl, "declarator")
			continue
		}
		break
	}
	if decl == nil {
		return
	}
	kind := KindFunction
	if inClass {
		kind = KindMethod
	}
	if w.typ(decl) != "qualified_identifier" {
		w.add(outer, decl, "", kind, parent, docLine)
		return
	}
	full := strings.Join(strings.Fields(w.text(decl)), "")
	scope, name := "", full
	if i := strings.LastIndex(full, "::"); i >= 0 {
		scope, name = full[:i], full[i+2:]
	}
	i := w.add(outer, nil, name, KindMethod, parent, docLine)
	w.file.Symbols[i].NameLine = startLine(decl)
	if parent >= 0 {
		scope = joinName(w.file.Symbols[parent].Qualified, scope, "::")
	}
	w.file.Symbols[i].Qualified = joinName(scope, name, "::")
}
