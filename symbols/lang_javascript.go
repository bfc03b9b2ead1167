//go:build cgo

package symbols

import (
	"strings"
)

// jsOpen are the node types whose children jsExtract reads, and the
// bodies of functions, whatever their type (an arrow function's
// expression body), that it reads when they hold one of jsBodyWords.
var (
	jsOpen = []string{
		"statement_block", "class_body", "interface_body", "object_type",
		"expression_statement", "export_statement", "ambient_declaration", "import_statement",
		"function_declaration", "generator_function_declaration", "function_signature",
		"function_expression", "function", "generator_function", "arrow_function",
		"class_declaration", "abstract_class_declaration", "class",
		"method_definition", "method_signature", "abstract_method_signature",
		"public_field_definition", "field_definition",
		"interface_declaration", "type_alias_declaration", "enum_declaration", "internal_module", "module",
		"lexical_declaration", "variable_declaration", "variable_declarator",
		"call_expression", "arguments", "assignment_expression",
		"function_declaration.body", "generator_function_declaration.body", "function_expression.body",
		"function.body", "generator_function.body", "arrow_function.body",
		"method_definition.body", "method_signature.body", "abstract_method_signature.body",
	}
	// jsBodyWords are the words a function body declares nothing without.
	jsBodyWords = []string{"function", "=>", "class"}
)

// jsExtract reads a JavaScript, TypeScript or TSX file: functions
// (generators, TypeScript declarations, and functions or classes assigned to
// const/let/var, as React components are, also through a wrapping call such
// as memo or forwardRef), classes (named `default` when exported anonymously)
// with their methods and arrow-function fields (Class.method), interfaces
// with their method signatures, type aliases, enums, namespaces and ambient
// modules, top-level consts and variables, functions assigned to exports or
// prototypes (jsAssignment); exports and decorators are included in their
// ranges. Imports are the sources of import and export statements, and the
// calls of require and import() that the grammar's import query finds.
func jsExtract(w *walker, root node) {
	jsScope(w, root, -1, jsModule)
	w.file.Symbols = mergeOverloads(w.file.Symbols)
}

// mergeOverloads makes TypeScript's overload signatures part of the
// declaration they precede: a symbol directly followed by one of the same
// name, kind and parent is dropped, and the later one starts where it did.
func mergeOverloads(syms []Symbol) []Symbol {
	index := make([]int, len(syms)) // old index → new
	out := syms[:0:0]
	for i, s := range syms {
		if s.Parent >= 0 {
			s.Parent = index[s.Parent]
		}
		if n := len(out); n > 0 && i > 0 && out[n-1].Qualified == s.Qualified && out[n-1].Kind == s.Kind &&
			syms[i-1].Parent == syms[i].Parent && index[i-1] == n-1 {
			s.StartLine, s.DocLine = out[n-1].StartLine, min(out[n-1].DocLine, s.DocLine)
			out[n-1] = s
			index[i-1], index[i] = n-1, n-1
			continue
		}
		index[i] = len(out)
		out = append(out, s)
	}
	return out
}

type jsScopeKind int

const (
	jsModule   jsScopeKind = iota // a module or namespace body
	jsClass                       // a class or interface body
	jsFunction                    // a function body: only functions and classes count
)

func jsScope(w *walker, n node, parent int, scope jsScopeKind) {
	if scope == jsFunction && !w.mentions(n, jsBodyWords...) {
		return // a body that declares nothing is not walked
	}
	for _, c := range w.children(n) {
		jsDeclaration(w, c.node, c.node, parent, scope, c.docLine)
	}
}

// jsDeclaration adds the symbols that node decl declares; outer is the
// node whose lines the symbol spans (an export statement around it).
func jsDeclaration(w *walker, outer, decl node, parent int, scope jsScopeKind, docLine int) {
	switch w.typ(decl) {
	case "import_statement":
		w.addImport(decl, unquote(w.text(w.field(decl, "source"))))
	case "expression_statement":
		if scope != jsModule {
			return
		}
		for _, c := range w.children(decl) {
			switch c.typ {
			case "internal_module":
				jsDeclaration(w, outer, c.node, parent, scope, docLine)
			case "assignment_expression":
				jsAssignment(w, outer, c.node, parent, docLine)
			}
		}
	case "export_statement", "ambient_declaration":
		if src := w.field(decl, "source"); src != none {
			w.addImport(decl, unquote(w.text(src)))
		}
		inner := w.field(decl, "declaration")
		if inner == none {
			inner = w.field(decl, "value")
		}
		if inner != none {
			jsDeclaration(w, outer, inner, parent, scope, docLine)
			return
		}
		for _, c := range w.children(decl) {
			switch c.typ {
			case "internal_module", "module", "function_signature", "class_declaration",
				"lexical_declaration", "variable_declaration":
				jsDeclaration(w, outer, c.node, parent, scope, docLine)
			}
		}
	case "function_declaration", "generator_function_declaration", "function_signature",
		"function_expression", "function", "generator_function":
		kind := KindFunction
		if scope == jsClass {
			kind = KindMethod
		}
		i := w.add(outer, w.field(decl, "name"), "default", kind, parent, docLine)
		jsScope(w, w.field(decl, "body"), i, jsFunction)
	case "class_declaration", "abstract_class_declaration", "class":
		i := w.add(outer, w.field(decl, "name"), "default", KindClass, parent, docLine)
		jsScope(w, w.field(decl, "body"), i, jsClass)
	case "method_definition", "method_signature", "abstract_method_signature":
		i := w.add(outer, w.field(decl, "name"), "", KindMethod, parent, docLine)
		jsScope(w, w.field(decl, "body"), i, jsFunction)
	case "public_field_definition", "field_definition":
		value := w.field(decl, "value")
		if value == none || !jsIsFunction(w.typ(value)) {
			return
		}
		name := w.field(decl, "name")
		if name == none {
			name = w.field(decl, "property")
		}
		i := w.add(outer, name, "", KindMethod, parent, docLine)
		jsScope(w, w.field(value, "body"), i, jsFunction)
	case "interface_declaration":
		if scope == jsFunction {
			return
		}
		i := w.add(outer, w.field(decl, "name"), "", KindInterface, parent, docLine)
		jsScope(w, w.field(decl, "body"), i, jsClass)
	case "type_alias_declaration", "enum_declaration":
		if scope == jsFunction {
			return
		}
		kind := KindType
		if w.typ(decl) == "enum_declaration" {
			kind = KindEnum
		}
		w.add(outer, w.field(decl, "name"), "", kind, parent, docLine)
	case "internal_module", "module":
		name := w.field(decl, "name")
		i := w.add(outer, none, unquote(w.text(name)), KindModule, parent, docLine)
		w.file.Symbols[i].NameLine = w.startLine(name)
		jsScope(w, w.field(decl, "body"), i, jsModule)
	case "lexical_declaration", "variable_declaration":
		jsVariables(w, outer, decl, parent, scope, docLine)
	}
}

// jsVariables adds the names a const, let or var declaration binds: a
// function or class value makes a function or class (with what it
// declares inside); other values count at module level only.
func jsVariables(w *walker, outer, decl node, parent int, scope jsScopeKind, docLine int) {
	var declarators []child
	kind := KindVar
	for _, c := range w.children(decl) {
		switch {
		case c.typ == "variable_declarator":
			declarators = append(declarators, c)
		case c.field == "kind" && w.text(c.node) == "const":
			kind = KindConst
		}
	}
	for _, d := range declarators {
		name := w.field(d.node, "name")
		if name == none || w.typ(name) != "identifier" {
			continue // a destructuring pattern
		}
		span := outer
		if len(declarators) > 1 {
			span = d.node
		}
		value := jsUnwrap(w, w.field(d.node, "value"))
		switch {
		case value != none && jsIsFunction(w.typ(value)):
			k := KindFunction
			if scope == jsClass {
				k = KindMethod
			}
			i := w.add(span, name, "", k, parent, docLine)
			jsScope(w, w.field(value, "body"), i, jsFunction)
		case value != none && w.typ(value) == "class":
			i := w.add(span, name, "", KindClass, parent, docLine)
			jsScope(w, w.field(value, "body"), i, jsClass)
		case scope == jsModule:
			w.add(span, name, "", kind, parent, docLine)
		}
	}
}

// jsUnwrap is the function a call wraps when value is one, as React's
// memo and forwardRef do (`const List = memo(function List() {…})`):
// the call's last argument when it is a function; value otherwise.
func jsUnwrap(w *walker, value node) node {
	if value == none || w.typ(value) != "call_expression" {
		return value
	}
	args := w.field(value, "arguments")
	if args == none || !w.mentions(args, "=>", "function") {
		return value
	}
	last := none
	for _, c := range w.children(args) {
		if w.named(c.node) {
			last = c.node
		}
	}
	if last != none && jsIsFunction(w.typ(last)) {
		return last
	}
	return value
}

// jsAssignment adds a function or class assigned to a member at module
// level, as CommonJS and prototype code do: `exports.load = …` is load,
// `Store.prototype.get = function …` is the method Store.get.
func jsAssignment(w *walker, outer, assign node, parent, docLine int) {
	left, right := w.field(assign, "left"), w.field(assign, "right")
	if left == none || right == none || w.typ(left) != "member_expression" {
		return
	}
	isClass := w.typ(right) == "class"
	if !isClass && !jsIsFunction(w.typ(right)) {
		return
	}
	q := squeeze(w.text(left))
	q = strings.TrimPrefix(strings.TrimPrefix(q, "module."), "exports.")
	q = strings.ReplaceAll(q, ".prototype.", ".")
	if q == "exports" || strings.ContainsAny(q, "[]()") {
		return
	}
	name := q[strings.LastIndex(q, ".")+1:]
	kind := KindFunction
	switch {
	case isClass:
		kind = KindClass
	case strings.Contains(q, "."):
		kind = KindMethod
	}
	i := w.add(outer, none, name, kind, parent, docLine)
	w.file.Symbols[i].NameLine = w.startLine(left)
	w.file.Symbols[i].Qualified = q
	if isClass {
		jsScope(w, w.field(right, "body"), i, jsClass)
	} else {
		jsScope(w, w.field(right, "body"), i, jsFunction)
	}
}

func jsIsFunction(t string) bool {
	switch t {
	case "arrow_function", "function_expression", "function", "generator_function":
		return true
	}
	return false
}

// jsImports is the import query of JavaScript, calls of require and
// import() anywhere; tsImports adds TypeScript's `import x = require("…")`.
// They run on files that contain one of jsGate.
const (
	jsImports = `
(call_expression function: (identifier) @fn arguments: (arguments . (string) @path))
(call_expression function: (import) arguments: (arguments . (string) @path))
`
	tsImports = jsImports + `(import_require_clause source: (string) @path)
`
)

var jsGate = []string{"require", "import("}

// jsCall keeps the calls of require.
func jsCall(fn, path string) string {
	if fn == "require" {
		return path
	}
	return ""
}
