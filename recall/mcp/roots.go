package mcp

import (
	"context"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"hansard/recall"
)

// rootsWait bounds how long a call waits for the client's list of roots.
const rootsWait = 2 * time.Second

// rootCache keeps the working folder each client session declared.
type rootCache struct {
	mu   sync.Mutex
	dirs map[string]string // client session id → folder ("" when it declared none)
}

// scope is the repository scope of a call that names no repository: the
// first folder the client declares as a root, else the server's working
// folder.
func (s *Server) scope(ctx context.Context) recall.Scope {
	if dir := s.clientDir(ctx); dir != "" {
		return recall.Scope{Dir: dir}
	}
	return recall.Scope{Dir: s.opts.Dir}
}

// clientDir asks the client for its roots once per session, when it
// declared the capability.
func (s *Server) clientDir(ctx context.Context) string {
	session := server.ClientSessionFromContext(ctx)
	info, ok := session.(server.SessionWithClientInfo)
	if !ok || info.GetClientCapabilities().Roots == nil {
		return ""
	}
	id := session.SessionID()
	s.roots.mu.Lock()
	dir, known := s.roots.dirs[id]
	s.roots.mu.Unlock()
	if known {
		return dir
	}
	ctx, cancel := context.WithTimeout(ctx, rootsWait)
	defer cancel()
	res, err := s.mcp.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err == nil && res != nil {
		for _, r := range res.Roots {
			if d := fileURIPath(r.URI); d != "" {
				dir = d
				break
			}
		}
	}
	s.roots.mu.Lock()
	if s.roots.dirs == nil {
		s.roots.dirs = map[string]string{}
	}
	s.roots.dirs[id] = dir
	s.roots.mu.Unlock()
	return dir
}

// fileURIPath returns the absolute path of a file:// URI, or "".
func fileURIPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || !filepath.IsAbs(u.Path) {
		return ""
	}
	return filepath.Clean(u.Path)
}
