// Package mcp serves hansard's recall tools to coding agents over the
// Model Context Protocol (stdio). It is a thin adapter over recall.Host: a
// tool decodes and validates its arguments into a recall request, calls
// the host, and returns the result both as structured content (with an
// output schema) and as a short text. Every failure is one isError result,
// {"error": {"code", "message", "retryable"}}, made by errorResult; unknown
// tools and malformed protocol calls stay JSON-RPC errors.
//
// A tool is one file: its input schema, its handler and its registration
// in tools (see tools.go). Every tool is read-only, idempotent and
// closed-world, answers within Options.Timeout (120 s) or returns
// tool_timeout, and stops its work when the client cancels the call.
//
// With Options.StatusOnly the server serves capture_subagent_messages
// alone (capture.go): the calling agent reports a subagent delivery it
// received, bound to its session, which the server finds from the client
// (recall.Caller: the working folder and the parent process), never from
// an argument.
//
// While it runs the server keeps the archive fresh in the background
// (Options.RefreshEvery), without blocking calls and without waiting for
// another process that is writing the archive.
package mcp
