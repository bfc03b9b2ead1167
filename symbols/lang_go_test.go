//go:build cgo

package symbols

import "testing"

const goServer = `// Package server serves the catalog.
package server

import (
	"context"
	"fmt"
	nethttp "net/http"

	"example.com/shop/internal/store"
)

// MaxBody caps a request body.
const MaxBody = 1 << 20

const (
	// ModeRead only reads.
	ModeRead Mode = iota
	ModeWrite
)

var (
	ErrClosed, ErrBusy = fmt.Errorf("closed"), fmt.Errorf("busy")
	_                  = nethttp.StatusOK
)

// Mode says what a handler may do.
type Mode int

// Server answers catalog requests.
type Server struct {
	store *store.Store
	mode  Mode
}

type (
	// Handler handles one request.
	Handler interface {
		// Handle answers req.
		Handle(ctx context.Context, req *Request) error
		Name() string
	}
	Request = nethttp.Request
)

// Stack is a generic stack.
type Stack[T any] struct{ items []T }

// New returns a server over st.
func New(st *store.Store) *Server {
	return &Server{store: st}
}

// Handle answers one request.
func (s *Server) Handle(ctx context.Context, req *Request) error {
	if s.mode == ModeRead {
		return nil
	}
	return ErrBusy
}

func (s Server) Name() string { return "server" } // trailing comment

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (Stack[T]) Len() int { return 0 }
`

func TestGoSymbols(t *testing.T) {
	f := parseText(t, "server/server.go", goServer)
	checkLines(t, "symbols", describe(f), []string{
		"const MaxBody (12)13-13 @13",
		"const ModeRead (16)17-17 @17",
		"const ModeWrite 18-18 @18",
		"var ErrClosed 22-22 @22",
		"var ErrBusy 22-22 @22",
		"type Mode (26)27-27 @27",
		"struct Server (29)30-33 @30",
		"interface Handler (36)37-41 @37",
		"method Handler.Handle (38)39-39 @39 in=Handler",
		"method Handler.Name 40-40 @40 in=Handler",
		"type Request 42-42 @42",
		"struct Stack (45)46-46 @46",
		"function New (48)49-51 @49",
		"method Server.Handle (53)54-59 @54 recv=*Server",
		"method Server.Name 61-61 @61 recv=Server",
		"method Stack.Push 63-63 @63 recv=*Stack",
		"method Stack.Len 65-65 @65 recv=Stack",
	})
	checkLines(t, "imports", describeImports(f), []string{
		"5 context", "6 fmt", "7 net/http", "9 example.com/shop/internal/store",
	})
	if f.Package != "server" {
		t.Errorf("package %q, want server", f.Package)
	}
}

func TestShapeFollowsARenamedOrMovedFunction(t *testing.T) {
	before := parseText(t, "a.go", "package a\n\nfunc Load(path string) error {\n\treturn nil\n}\n\nfunc Other() {}\n")
	after := parseText(t, "a.go", "package a\n\nfunc Other() {}\n\n// Read reads path.\nfunc Read(path string)   error {\n\n\treturn nil\n}\n")
	changed := parseText(t, "a.go", "package a\n\nfunc Load(path string) error {\n\treturn errLoad\n}\n")
	load, _ := Find(before.Symbols, "Load")
	read, _ := Find(after.Symbols, "Read")
	if load.Shape != read.Shape {
		t.Error("renamed, moved and re-spaced, Load and Read differ in shape")
	}
	if c, _ := Find(changed.Symbols, "Load"); c.Shape == load.Shape {
		t.Error("a changed body kept its shape")
	}
	if o, _ := Find(after.Symbols, "Other"); o.Shape == read.Shape {
		t.Error("two different functions share a shape")
	}
}
