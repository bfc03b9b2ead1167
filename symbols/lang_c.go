//go:build cgo

package symbols

import (
	"strings"
)

// cOpen are the node types whose children cExtract reads.
var cOpen = []string{
	"preproc_include", "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
	"function_definition", "function_declarator", "pointer_declarator", "reference_declarator", "parenthesized_declarator",
	"template_declaration", "class_specifier", "struct_specifier", "union_specifier", "enum_specifier",
	"field_declaration_list", "declaration", "field_declaration", "type_definition",
	"namespace_definition", "linkage_specification", "declaration_list",
}

// cExtract reads a C or C++ file: function definitions (methods defined
// in their class, or out of it as Widget::size), classes, structs, unions
// and enums that have a body, typedef names, namespaces; templates,
// extern "C" blocks and #if/#ifdef blocks are looked into. Imports are
// the quoted #include paths (system <…> headers are not the repository's).
func cExtract(w *walker, root node) {
	cScope(w, root, -1, false)
}

func cScope(w *walker, n node, parent int, inClass bool) {
	for _, c := range w.children(n) {
		cDeclaration(w, c.node, c.node, parent, inClass, c.docLine)
	}
}

func cDeclaration(w *walker, outer, d node, parent int, inClass bool, docLine int) {
	switch w.typ(d) {
	case "preproc_include":
		if p := w.field(d, "path"); p != none && w.typ(p) == "string_literal" {
			w.addImport(d, unquote(w.text(p)))
		}
	case "function_definition":
		cFunction(w, outer, d, parent, inClass, docLine)
	case "template_declaration":
		for _, c := range w.children(d) {
			if w.named(c.node) && c.field != "parameters" {
				cDeclaration(w, outer, c.node, parent, inClass, docLine)
			}
		}
	case "class_specifier", "struct_specifier", "union_specifier", "enum_specifier":
		body := w.field(d, "body")
		name := w.field(d, "name")
		if body == none || name == none {
			return
		}
		kind := map[string]Kind{"class_specifier": KindClass, "struct_specifier": KindStruct,
			"union_specifier": KindStruct, "enum_specifier": KindEnum}[w.typ(d)]
		i := w.add(outer, name, "", kind, parent, docLine)
		if kind != KindEnum {
			cScope(w, body, i, true)
		}
	case "declaration", "field_declaration":
		if t := w.field(d, "type"); t != none {
			cDeclaration(w, outer, t, parent, inClass, docLine)
		}
	case "type_definition":
		if t := w.field(d, "type"); t != none {
			cDeclaration(w, outer, t, parent, inClass, docLine)
		}
		for _, c := range w.children(d) {
			if c.field == "declarator" && c.typ == "type_identifier" {
				w.add(outer, c.node, "", KindType, parent, docLine)
			}
		}
	case "namespace_definition":
		name := w.field(d, "name")
		i := w.add(outer, name, "(anonymous)", KindModule, parent, docLine)
		cScope(w, w.field(d, "body"), i, false)
	case "linkage_specification":
		if body := w.field(d, "body"); body != none {
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
func cFunction(w *walker, outer, d node, parent int, inClass bool, docLine int) {
	decl := w.field(d, "declarator")
	for decl != none {
		switch w.typ(decl) {
		case "function_declarator", "pointer_declarator", "reference_declarator", "parenthesized_declarator":
			decl = w.field(decl, "declarator")
			continue
		}
		break
	}
	if decl == none {
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
	full := squeeze(w.text(decl))
	scope, name := "", full
	if i := strings.LastIndex(full, "::"); i >= 0 {
		scope, name = full[:i], full[i+2:]
	}
	i := w.add(outer, none, name, KindMethod, parent, docLine)
	w.file.Symbols[i].NameLine = w.startLine(decl)
	if parent >= 0 {
		scope = joinName(w.file.Symbols[parent].Qualified, scope, "::")
	}
	w.file.Symbols[i].Qualified = joinName(scope, name, "::")
}
