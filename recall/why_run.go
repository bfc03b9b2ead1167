package recall

import (
	"context"

	"hansard/archive"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// whyRun answers the questions of one request about one repository with
// one attributor: the answer cache is shared, and the preparation (new
// transcripts read, sessions attached, the ledger brought up to date) is
// done once, while git reads the first file.
type whyRun struct {
	adapters   *provenance.ArchiveAdapters
	at         *provenance.Attributor
	attachment Attachment // what the preparation attached
}

func (h *Host) newWhyRun(a *archive.Archive, repo *gitrepo.Repo) *whyRun {
	w := &whyRun{adapters: provenance.NewArchiveAdapters(a)}
	w.adapters.Cache.Deferred = true // cached results are written while the answer is shown
	w.at = w.adapters.Attributor()
	w.at.Cache, w.at.Location = w.adapters.Cache, h.loc()
	w.at.Prepare = func(ctx context.Context) error {
		if _, err := h.Fresh(ctx); err != nil {
			return err
		}
		found, err := h.keptAttachHere(ctx, a, repo.Root)
		if err != nil {
			return err
		}
		w.attachment = found
		return updateLedger(ctx, a)
	}
	return w
}

// why answers one question.
func (w *whyRun) why(ctx context.Context, repo *gitrepo.Repo, q provenance.Query) ([]provenance.Attribution, error) {
	return w.at.Why(ctx, repo, q)
}

// close stores the answers the run cached, in the background.
func (w *whyRun) close(h *Host) {
	h.stores.Add(1)
	go func() {
		defer h.stores.Done()
		w.adapters.Cache.Wait() // a failed cache write only costs time next time
	}()
}
