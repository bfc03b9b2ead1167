package mcp

import (
	"context"
	"net/url"
	"path/filepath"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"hansard/recall"
)

// rootCache keeps the working folder each client session declared.
type rootCache struct {
	mu   sync.Mutex
	dirs map[string]string // client session id → folder ("" when it declared none)
}

// rootsInput names the input request that asks a client for its roots.
const rootsInput = "roots"

// scope is the repository scope of a call that names no repository: the
// first folder the client declares as a root, else the server's working
// folder. A client that declares roots is asked for them once per session:
// ask is then the result to return, asking for them (the protocol's
// multi round-trip, which the library turns into a roots/list request for
// clients of earlier protocol versions), and the call comes again with the
// answer.
func (s *Server) scope(ctx context.Context, call mcp.CallToolRequest) (scope recall.Scope, ask *mcp.CallToolResult) {
	session := server.ClientSessionFromContext(ctx)
	info, ok := session.(server.SessionWithClientInfo)
	if !ok || info.GetClientCapabilities().Roots == nil {
		return recall.Scope{Dir: s.opts.Dir}, nil
	}
	id := session.SessionID()
	s.roots.mu.Lock()
	defer s.roots.mu.Unlock()
	dir, known := s.roots.dirs[id]
	if !known {
		res := server.RootsResponse(call.Params.InputResponses, rootsInput)
		if res == nil {
			return recall.Scope{}, server.NewInputRequestBuilder("").Roots(rootsInput).ToolResult()
		}
		for _, r := range res.Roots {
			if d := fileURIPath(r.URI); d != "" {
				dir = d
				break
			}
		}
		if s.roots.dirs == nil {
			s.roots.dirs = map[string]string{}
		}
		s.roots.dirs[id] = dir
	}
	if dir == "" {
		dir = s.opts.Dir
	}
	return recall.Scope{Dir: dir}, nil
}

// fileURIPath returns the absolute path of a file:// URI, or "".
func fileURIPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || !filepath.IsAbs(u.Path) {
		return ""
	}
	return filepath.Clean(u.Path)
}
