package recall

import (
	"context"

	"hansard/archive"
)

// FirstIndex is told about a refresh that builds the archive for the
// first time (no refresh has finished before), which reads every
// transcript and so takes seconds: Progress while it runs (from one
// goroutine; never when another process is writing and nothing is read),
// Done after it.
type FirstIndex interface {
	Progress(archive.Progress)
	Done()
}

// HalfBuiltNotice is the notice of an answer read while another process
// builds the archive for the first time.
const HalfBuiltNotice = "another hansard process is building the archive for the first time: this answer comes from the part it has read so far"

// firstRefresh reports whether the archive has never finished a refresh.
func firstRefresh(ctx context.Context, a *archive.Archive) bool {
	built, _, err := a.IndexState(ctx)
	return err == nil && built.IsZero()
}

// refreshOptions are the options of a query's refresh: with the first
// index's progress when this is the archive's first refresh.
func (h *Host) refreshOptions(first, noWait bool) archive.RefreshOptions {
	opts := archive.RefreshOptions{NoWait: noWait, Warn: h.opts.Warn}
	if first && h.opts.FirstIndex != nil {
		opts.Progress = h.opts.FirstIndex.Progress
	}
	return opts
}

// HalfBuilt reports whether this host's last refresh found another process
// building the archive for the first time, so that answers come from part
// of it.
func (h *Host) HalfBuilt() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.halfBuilt
}

func (h *Host) setHalfBuilt(v bool) {
	h.mu.Lock()
	h.halfBuilt = v
	h.mu.Unlock()
}
