//go:build cgo

package symbols

import (
	"strings"
)

// javaOpen are the node types whose children javaExtract reads.
var javaOpen = []string{
	"package_declaration", "import_declaration",
	"class_declaration", "record_declaration", "interface_declaration", "annotation_type_declaration", "enum_declaration",
	"class_body", "interface_body", "enum_body", "annotation_type_body", "enum_body_declarations",
	"method_declaration", "constructor_declaration", "compact_constructor_declaration",
	"field_declaration", "constant_declaration", "variable_declarator",
}

// javaExtract reads a Java file: classes, records, interfaces, enums and
// annotation types, nested ones as Outer.Inner, their methods and
// constructors (Class.method, a constructor named as its class), static
// final fields as consts; annotations are part of the range. Package is
// the package declaration; imports are written as in the source ("a.b.C",
// "a.b.*", "a.b.C.member" for a static import).
func javaExtract(w *walker, root node) {
	javaScope(w, root, -1)
}

func javaScope(w *walker, n node, parent int) {
	for _, c := range w.children(n) {
		d := c.node
		switch c.typ {
		case "package_declaration":
			for _, k := range w.children(d) {
				if w.named(k.node) && k.typ != "annotation" && k.typ != "marker_annotation" {
					w.file.Package = rsPath(w, k.node)
				}
			}
		case "import_declaration":
			path, star := "", false
			for _, k := range w.children(d) {
				switch k.typ {
				case "scoped_identifier", "identifier":
					path = rsPath(w, k.node)
				case "asterisk":
					star = true
				}
			}
			if star {
				path += ".*"
			}
			w.addImport(d, path)
		case "class_declaration", "record_declaration":
			i := w.add(d, w.field(d, "name"), "", KindClass, parent, c.docLine)
			javaScope(w, w.field(d, "body"), i)
		case "interface_declaration", "annotation_type_declaration":
			i := w.add(d, w.field(d, "name"), "", KindInterface, parent, c.docLine)
			javaScope(w, w.field(d, "body"), i)
		case "enum_declaration":
			i := w.add(d, w.field(d, "name"), "", KindEnum, parent, c.docLine)
			javaScope(w, w.field(d, "body"), i)
		case "enum_body_declarations":
			javaScope(w, d, parent)
		case "method_declaration", "constructor_declaration", "compact_constructor_declaration":
			w.add(d, w.field(d, "name"), "", KindMethod, parent, c.docLine)
		case "field_declaration", "constant_declaration":
			javaConstants(w, d, parent, c.docLine)
		}
	}
}

// javaConstants adds the names of a static final field (every field of an
// interface is one).
func javaConstants(w *walker, d node, parent, docLine int) {
	inInterface := parent >= 0 && w.file.Symbols[parent].Kind == KindInterface
	var names []node
	static, final := inInterface, inInterface
	for _, c := range w.children(d) {
		switch c.typ {
		case "modifiers":
			mods := strings.Fields(w.text(c.node))
			for _, m := range mods {
				static = static || m == "static"
				final = final || m == "final"
			}
		case "variable_declarator":
			names = append(names, w.field(c.node, "name"))
		}
	}
	if !static || !final {
		return
	}
	for _, name := range names {
		w.add(d, name, "", KindConst, parent, docLine)
	}
}
