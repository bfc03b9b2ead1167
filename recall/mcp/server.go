package mcp

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"hansard/recall"
)

// Defaults of Options.
const (
	DefaultTimeout      = 120 * time.Second
	DefaultRefreshEvery = time.Second
)

// Options configure a server.
type Options struct {
	// Version is reported to clients.
	Version string
	// NoMemories leaves out the memory tools.
	NoMemories bool
	// StatusOnly serves capture_subagent_messages alone.
	StatusOnly bool
	// Timeout is the longest a call may take (DefaultTimeout when zero).
	Timeout time.Duration
	// RefreshEvery is how often new transcripts are read while the server
	// runs (DefaultRefreshEvery when zero; negative: never).
	RefreshEvery time.Duration
	// CallDelay makes every call wait this long before it starts (a hook
	// for tests of time limits and cancellation; zero in use).
	CallDelay time.Duration
	// Dir is the server's working folder: the repository of a call that
	// names none, when the client declares no roots.
	Dir string
	// AgentPID is the client's process (the server's parent), in which
	// capture_subagent_messages looks for the calling session's rollout.
	AgentPID int
}

// Server is hansard's MCP server over one recall host.
type Server struct {
	host  *recall.Host
	opts  Options
	mcp   *server.MCPServer
	roots rootCache
	// ready is closed once the first refresh of Serve ended: until then a
	// call waits for it (within its time limit), so that the first answers
	// of a new archive are not empty.
	ready chan struct{}
	// memories is closed once the first refresh of the memory files ended
	// (after ready): the tools that read memories wait for it too.
	memories chan struct{}
	// answered is closed once a call has been answered: the vectors' work
	// starts after it (or vectorStart), so as not to slow the first answer.
	answered     chan struct{}
	answeredOnce sync.Once
}

// memoryTools are the tools whose answers cite or read the memories.
var memoryTools = map[string]bool{"search_memories": true, "get_memory": true, "code_history": true, "work_context": true}

// New returns a server over host; host should not refresh before each
// call (the server refreshes in the background, see Serve).
func New(host *recall.Host, opts Options) *Server {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.RefreshEvery == 0 {
		opts.RefreshEvery = DefaultRefreshEvery
	}
	s := &Server{host: host, opts: opts, ready: make(chan struct{}), memories: make(chan struct{}), answered: make(chan struct{})}
	s.mcp = server.NewMCPServer("hansard", opts.Version,
		server.WithInstructions(instructions(opts)),
		server.WithToolCapabilities(false),
		server.WithToolHandlerMiddleware(s.limit),
		server.WithRecovery(),
	)
	for _, register := range s.tools() {
		register(s.mcp)
	}
	return s
}

// tools lists the tools this server serves, each registered by its file.
// The status server serves capture_subagent_messages alone; NoMemories
// leaves out search_memories and get_memory.
func (s *Server) tools() []func(*server.MCPServer) {
	if s.opts.StatusOnly {
		return []func(*server.MCPServer){s.captureTool}
	}
	tools := []func(*server.MCPServer){s.searchTool, s.readTool, s.codeHistoryTool, s.workContextTool}
	if !s.opts.NoMemories {
		tools = append(tools, s.searchMemoriesTool, s.getMemoryTool)
	}
	return tools
}

// MCP returns the protocol server (for in-process use in tests).
func (s *Server) MCP() *server.MCPServer { return s.mcp }

// Serve answers the protocol on in and out until in ends or ctx is done,
// reading new transcripts and memory files into the archive in the
// background meanwhile, and computing the vectors of meaning search.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		s.keepFresh(ctx, stop)
	}()
	go func() {
		defer wg.Done()
		s.keepVectors(ctx, stop)
	}()
	d := newDrain(ctx, in, out)
	sp := newSplicer()
	stdio := server.NewStdioServer(s.mcp)
	server.WithStdioContextFunc(func(ctx context.Context) context.Context { return withSplicer(ctx, sp) })(stdio)
	err := stdio.Listen(ctx, d.reader(), sp.writer(d.writer()))
	close(stop) // a refresh under way finishes
	wg.Wait()
	if ctx.Err() != nil && err == context.Canceled {
		err = nil
	}
	return err
}

// keepFresh reads new transcripts, then the memory files, every
// RefreshEvery until stop is closed or ctx is done, skipping a round when
// another process is writing the archive. Calls read what it archived.
func (s *Server) keepFresh(ctx context.Context, stop <-chan struct{}) {
	if s.opts.RefreshEvery < 0 {
		close(s.ready)
		close(s.memories)
		return
	}
	// The first round lets the calls that need no memories go on before
	// the memory files are read.
	s.host.Refresh(ctx, true)
	close(s.ready)
	s.refreshMemories(ctx)
	close(s.memories)
	t := time.NewTicker(s.opts.RefreshEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-stop:
			return
		case <-t.C:
			s.refresh(ctx)
		}
	}
}

// refresh is one round of keepFresh. A failure shows in the calls that
// need the archive.
func (s *Server) refresh(ctx context.Context) {
	s.host.Refresh(ctx, true)
	s.refreshMemories(ctx)
}

func (s *Server) refreshMemories(ctx context.Context) {
	if !s.opts.NoMemories && !s.opts.StatusOnly {
		s.host.RefreshMemories(ctx)
	}
}

// Bounds of keepVectors.
const (
	// vectorRound is the most messages one round embeds before it looks
	// whether to stop.
	vectorRound = 256
	// vectorRetry is how long keepVectors waits after a failure (the
	// endpoint down) before it tries again.
	vectorRetry = 30 * time.Second
	// vectorStart is how long keepVectors waits for the first call to be
	// answered before it starts anyway.
	vectorStart = time.Second
)

// keepVectors computes the vectors of new messages for meaning search,
// when there is an embedder (an endpoint, or the local model once learned): round after round while messages are
// queued, then every RefreshEvery, and vectorRetry after a failure. It
// starts once the first call is answered (or vectorStart has passed), and
// runs beside keepFresh, so that transcripts stay fresh while a large
// archive gets its vectors, and never holds up a call.
func (s *Server) keepVectors(ctx context.Context, stop <-chan struct{}) {
	if s.opts.RefreshEvery < 0 || s.opts.StatusOnly {
		return
	}
	select { // the first round of transcripts comes first
	case <-s.ready:
	case <-stop:
		return
	case <-ctx.Done():
		return
	}
	first := time.NewTimer(vectorStart) // then the first answer, or vectorStart
	select {
	case <-s.answered:
	case <-first.C:
	case <-stop:
		first.Stop()
		return
	case <-ctx.Done():
		first.Stop()
		return
	}
	first.Stop()
	stopped, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-stop:
			cancel() // a request under way is dropped; its batch is done again
		case <-stopped.Done():
		}
	}()
	for {
		wait := s.opts.RefreshEvery
		res, err := s.host.RefreshVectors(stopped, false, vectorRound)
		switch {
		case err != nil:
			wait = vectorRetry
		case res.Messages > 0 && !res.Busy:
			wait = 0
		}
		t := time.NewTimer(wait)
		select {
		case <-stopped.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// limit answers every call within the timeout: past it the call gets a
// tool_timeout error while its work, told to stop, may still finish. A
// call the client cancels stops its work (its context is cancelled).
func (s *Server) limit(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
		defer cancel()
		type answer struct {
			res *mcp.CallToolResult
			err error
		}
		ch := make(chan answer, 1)
		go func() {
			if err := s.delay(ctx, req.Params.Name); err != nil {
				ch <- answer{errorResult(err), nil}
				return
			}
			res, err := next(ctx, req)
			s.answeredOnce.Do(func() { close(s.answered) })
			ch <- answer{res, err}
		}()
		select {
		case a := <-ch:
			if ctx.Err() == context.DeadlineExceeded {
				releaseResult(ctx, a.res)
				return timeoutResult(s.opts.Timeout), nil
			}
			return a.res, a.err
		case <-ctx.Done():
			go func() { releaseResult(ctx, (<-ch).res) }() // the late answer is not written
			if ctx.Err() == context.DeadlineExceeded {
				return timeoutResult(s.opts.Timeout), nil
			}
			return nil, ctx.Err()
		}
	}
}

func timeoutResult(limit time.Duration) *mcp.CallToolResult {
	return errorResult(&recall.Error{Code: recall.CodeToolTimeout,
		Message: "the call ran past its limit of " + limit.String() + "; work under way may still finish"})
}

// delay waits for the first refresh of the transcripts (except on the
// status server, whose capture reads no transcript), and of the memory
// files for a tool that reads them, then CallDelay, or until ctx is done.
func (s *Server) delay(ctx context.Context, tool string) error {
	if !s.opts.StatusOnly {
		select {
		case <-s.ready:
		case <-ctx.Done():
			return ctx.Err()
		}
		if memoryTools[tool] {
			select {
			case <-s.memories:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	if s.opts.CallDelay <= 0 {
		return nil
	}
	t := time.NewTimer(s.opts.CallDelay)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
