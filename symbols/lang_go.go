//go:build cgo

package symbols

import (
	"slices"
	"strings"
)

// goOpen are the node types whose children goExtract reads, and a
// method's receiver (the other parameter lists it does not read).
var goOpen = []string{
	"package_clause", "import_declaration", "import_spec_list", "import_spec",
	"function_declaration", "method_declaration", "method_declaration.receiver", "parameter_declaration",
	"type_declaration", "type_spec_list", "type_spec", "type_alias", "interface_type", "method_elem", "method_spec",
	"const_declaration", "const_spec_list", "const_spec", "var_declaration", "var_spec_list", "var_spec",
}

// goExtract reads a Go file: functions, methods (named Type.Method, with
// the receiver as written), types (structs, interfaces with their methods,
// aliases), every name of const and var declarations, the package clause
// and import paths.
func goExtract(w *walker, root node) {
	for _, c := range w.children(root) {
		n := c.node
		switch c.typ {
		case "package_clause":
			for _, k := range w.children(n) {
				if k.typ == "package_identifier" {
					w.file.Package = w.text(k.node)
				}
			}
		case "import_declaration":
			goImports(w, n)
		case "function_declaration":
			w.add(n, w.field(n, "name"), "", KindFunction, -1, c.docLine)
		case "method_declaration":
			i := w.add(n, w.field(n, "name"), "", KindMethod, -1, c.docLine)
			recv := goReceiver(w, w.field(n, "receiver"))
			w.file.Symbols[i].Receiver = recv
			w.qualify(i, strings.TrimPrefix(recv, "*"))
		case "type_declaration":
			goSpecs(w, n, c.docLine, "type_spec", "type_alias")
		case "const_declaration":
			goSpecs(w, n, c.docLine, "const_spec")
		case "var_declaration":
			goSpecs(w, n, c.docLine, "var_spec")
		}
	}
}

func goImports(w *walker, n node) {
	for _, c := range w.children(n) {
		switch c.typ {
		case "import_spec":
			w.addImport(c.node, unquote(w.text(w.field(c.node, "path"))))
		case "import_spec_list":
			goImports(w, c.node)
		}
	}
}

// goReceiver is the receiver's type as written, without type parameters
// or parentheses: "*Server", "Stack".
func goReceiver(w *walker, params node) string {
	for _, c := range w.children(params) {
		if c.typ == "parameter_declaration" {
			t := squeeze(w.text(w.field(c.node, "type")))
			return strings.TrimSuffix(strings.TrimPrefix(stripGenerics(t), "("), ")")
		}
	}
	return ""
}

// goSpecs adds the names of a type, const or var declaration. A
// declaration of one spec without parentheses spans the whole declaration;
// the specs of a group span their own lines.
func goSpecs(w *walker, decl node, docLine int, types ...string) {
	var specs []child
	grouped := false
	var collect func(n node)
	collect = func(n node) {
		for _, c := range w.children(n) {
			t := c.typ
			switch {
			case t == "(":
				grouped = true
			case t == "var_spec_list" || t == "type_spec_list" || t == "const_spec_list":
				collect(c.node)
			case slices.Contains(types, t):
				specs = append(specs, c)
			}
		}
	}
	collect(decl)
	for _, s := range specs {
		outer, doc := s.node, s.docLine
		if !grouped && len(specs) == 1 {
			outer, doc = decl, docLine
		}
		goSpec(w, outer, s.node, doc)
	}
}

func goSpec(w *walker, outer, spec node, docLine int) {
	switch w.typ(spec) {
	case "type_spec", "type_alias":
		kind := KindType
		t := w.field(spec, "type")
		if w.typ(spec) == "type_spec" && t != none {
			switch w.typ(t) {
			case "struct_type":
				kind = KindStruct
			case "interface_type":
				kind = KindInterface
			}
		}
		i := w.add(outer, w.field(spec, "name"), "", kind, -1, docLine)
		if kind == KindInterface {
			for _, m := range w.children(t) {
				if m.typ == "method_elem" || m.typ == "method_spec" {
					w.add(m.node, w.field(m.node, "name"), "", KindMethod, i, m.docLine)
				}
			}
		}
	case "const_spec", "var_spec":
		kind := KindConst
		if w.typ(spec) == "var_spec" {
			kind = KindVar
		}
		for _, c := range w.children(spec) {
			if c.field == "name" && w.text(c.node) != "_" {
				i := w.add(outer, c.node, "", kind, -1, docLine)
				w.file.Symbols[i].NameLine = w.startLine(c.node)
			}
		}
	}
}
