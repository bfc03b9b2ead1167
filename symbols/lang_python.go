//go:build cgo

package symbols

import (
	"strings"
)

// pyOpen are the node types whose children pyExtract reads, and the
// bodies of functions, that it reads when they hold one of pyBodyWords.
var pyOpen = []string{
	"decorated_definition", "function_definition", "class_definition", "block",
	"import_statement", "import_from_statement", "aliased_import", "expression_statement", "assignment",
	"if_statement", "elif_clause", "else_clause", "try_statement", "except_clause", "finally_clause", "with_statement",
	"function_definition.body",
}

// pyBodyWords are the words a function body declares and imports nothing
// without.
var pyBodyWords = []string{"def", "class", "import"}

// pyExtract reads a Python file: classes (nested ones as Outer.Inner),
// methods (Class.method), functions and the functions defined in them
// (outer.inner), decorators included in their ranges, module-level
// assignments (ALL_CAPS names as const, others as var), definitions (not
// assignments) under module-level if/try/with, and imports anywhere in those
// scopes.
func pyExtract(w *walker, root node) {
	pyScope(w, root, -1, pyTop)
}

type pyScopeKind int

const (
	pyTop      pyScopeKind = iota
	pyTopBlock             // an if, try or with block at module level: no assignments
	pyClassBody
	pyFunctionBody
)

func pyScope(w *walker, n node, parent int, scope pyScopeKind) {
	if scope == pyFunctionBody && !w.mentions(n, pyBodyWords...) {
		return // a body that declares nothing is not walked
	}
	for _, c := range w.children(n) {
		outer, def, typ := c.node, c.node, c.typ
		if typ == "decorated_definition" {
			def = w.field(def, "definition")
			if def == none {
				continue
			}
			typ = w.typ(def)
		}
		switch typ {
		case "function_definition":
			kind := KindFunction
			if scope == pyClassBody {
				kind = KindMethod
			}
			i := w.add(outer, w.field(def, "name"), "", kind, parent, c.docLine)
			pyScope(w, w.field(def, "body"), i, pyFunctionBody)
		case "class_definition":
			i := w.add(outer, w.field(def, "name"), "", KindClass, parent, c.docLine)
			pyScope(w, w.field(def, "body"), i, pyClassBody)
		case "import_statement", "import_from_statement":
			pyImport(w, def)
		case "expression_statement":
			if scope == pyTop {
				pyAssignment(w, def, parent, c.docLine)
			}
		case "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause",
			"finally_clause", "with_statement", "block":
			inner := scope
			if scope == pyTop {
				inner = pyTopBlock
			}
			pyScope(w, def, parent, inner)
		}
	}
}

// pyAssignment adds the target of a module-level `NAME = …`.
func pyAssignment(w *walker, stmt node, parent, docLine int) {
	for _, c := range w.children(stmt) {
		if c.typ != "assignment" {
			continue
		}
		left := w.field(c.node, "left")
		if left == none || w.typ(left) != "identifier" {
			continue
		}
		name := w.text(left)
		kind := KindVar
		if strings.ToUpper(name) == name && strings.ToLower(name) != name {
			kind = KindConst
		}
		w.add(stmt, left, "", kind, parent, docLine)
	}
}

func pyImport(w *walker, n node) {
	var module string
	var names []string
	for _, c := range w.children(n) {
		switch c.field {
		case "module_name":
			module = w.text(c.node)
		case "name":
			name := c.node
			if w.typ(name) == "aliased_import" {
				name = w.field(name, "name")
			}
			names = append(names, w.text(name))
		default:
			if c.typ == "wildcard_import" {
				names = append(names, "*")
			}
		}
	}
	if w.typ(n) == "import_statement" {
		for _, m := range names {
			w.addImport(n, m)
		}
		return
	}
	w.addImport(n, squeeze(module), names...)
}
