package recall

import (
	"context"
	"sync"

	"hansard/archive"
)

// attachMemoRoots bounds the repository roots whose attachment a Host
// keeps.
const attachMemoRoots = 64

// attachMemo keeps, for a long-running Host (the MCP server), what
// attachHere answered for a repository root under the archive's change
// mark it was read at: while nothing is written to the archive, by any
// process, the counts and the stamp of the last auto-attach it read stay
// the same, and so does its answer. An answer that wrote (an auto-attach,
// or the stamp of one that found nothing) is not kept: the next one, read
// from the archive as it is after the write, is.
//
// A Host's first question keeps nothing: a CLI process asks one, and
// reading the mark costs it a connection of its own to the archive (see
// archive.ChangeMark).
type attachMemo struct {
	askedOnce // an attachment was asked for before
	mu        sync.Mutex
	m         map[string]attachMemoEntry // root → its attachment
}

type attachMemoEntry struct {
	arch *archive.Archive
	mark int64
	att  Attachment // attached nothing: only its hint is set
}

// get returns the attachment kept for root in a at mark.
func (m *attachMemo) get(a *archive.Archive, root string, mark int64) (Attachment, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.m[root]
	if !ok || e.arch != a || e.mark != mark {
		return Attachment{}, false
	}
	return e.att, true
}

// put keeps att, read from a at mark, for root.
func (m *attachMemo) put(a *archive.Archive, root string, mark int64, att Attachment) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil || (len(m.m) >= attachMemoRoots && m.m[root].arch == nil) {
		m.m = map[string]attachMemoEntry{}
	}
	m.m[root] = attachMemoEntry{arch: a, mark: mark, att: att}
}

// keptAttachHere is attachHere answered from what the Host keeps when the
// archive did not change since it was kept.
func (h *Host) keptAttachHere(ctx context.Context, a *archive.Archive, root string) (Attachment, error) {
	if h.attaches.again() {
		if mark, err := a.ChangeMark(ctx); err == nil {
			if att, ok := h.attaches.get(a, root, mark); ok {
				return att, nil
			}
			att, wrote, err := h.attachHere(ctx, a, root)
			if err == nil && !wrote {
				h.attaches.put(a, root, mark, att)
			}
			return att, err
		}
	}
	att, _, err := h.attachHere(ctx, a, root)
	return att, err
}
