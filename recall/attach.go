package recall

import (
	"context"
	"fmt"

	"hansard/archive"
	"hansard/provenance"
)

// Attachment is what a question did to attach the sessions recorded
// elsewhere to the repository it is about, for people (the CLI prints it
// on stderr).
type Attachment struct {
	// Attached says, per path map found from the agents' recorded git
	// state, what it attached and why.
	Attached []string `json:"attached,omitempty"`
	// Hint is set when sessions are attached to no repository and none to
	// the one asked about: they may have been recorded in another checkout.
	Hint string `json:"hint,omitempty"`
}

// AutoAttach attaches the sessions whose recorded git state names one of
// the repositories roots unambiguously (provenance.FindAutoMaps): the maps
// found are remembered with those given by hand (so that they can be
// listed and removed; a removed one is not found again), and the archive
// is attached again. It returns the maps it added.
func (h *Host) AutoAttach(ctx context.Context, roots []string) ([]provenance.AutoMap, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return nil, err
	}
	recorded, err := a.UnattachedGit(ctx)
	if err != nil || len(recorded) == 0 {
		return nil, err
	}
	removed, err := a.RemovedPathMaps(ctx)
	if err != nil {
		return nil, err
	}
	found, err := provenance.FindAutoMaps(ctx, recorded, roots, append(a.PathMaps(), removed...))
	if err != nil || len(found) == 0 {
		return nil, err
	}
	add := make([]archive.PathMap, len(found))
	for i, m := range found {
		add[i] = m.Map
	}
	cfg, err := h.Config()
	if err != nil {
		return nil, err
	}
	maps, err := loadPathMaps(ctx, a, cfg)
	if err != nil {
		return nil, err
	}
	maps.Remembered = archive.MergePathMaps(maps.Remembered, add)
	if err := remember(ctx, a, maps); err != nil {
		return nil, err
	}
	if err := a.Reattach(ctx, a.PathMaps()); err != nil {
		return nil, internal("attach sessions", err)
	}
	return found, nil
}

// attachHere auto-attaches sessions to the repository root a question is
// about, when none is attached to it yet and some are attached to none,
// and sets the attachment's hint when then still none is; wrote says it
// wrote to the archive (see keptAttachHere, which its callers ask).
func (h *Host) attachHere(ctx context.Context, a *archive.Archive, root string) (att Attachment, wrote bool, err error) {
	unattached, here, stamp, err := a.AttachmentCounts(ctx, root)
	if err != nil || unattached == 0 || here > 0 {
		return att, false, err
	}
	// Looking for evidence costs git lookups for every unattached session:
	// it is done again only when those sessions changed.
	tried, err := a.AutoAttachTried(ctx, root)
	if err != nil {
		return att, false, err
	}
	if tried != stamp {
		wrote = true
		found, err := h.AutoAttach(ctx, []string{root})
		if err != nil {
			return att, wrote, err
		}
		if len(found) == 0 {
			if err := a.SetAutoAttachTried(ctx, root, stamp); err != nil {
				return att, wrote, err
			}
		}
		for _, m := range found {
			att.Attached = append(att.Attached, m.String())
		}
		if len(found) > 0 {
			if unattached, here, _, err = a.AttachmentCounts(ctx, root); err != nil {
				return att, wrote, err
			}
		}
	}
	setHint(&att, unattached, here)
	return att, wrote, nil
}

func setHint(att *Attachment, unattached, here int) {
	if unattached == 0 || here > 0 {
		return
	}
	verb := "sessions are"
	if unattached == 1 {
		verb = "session is"
	}
	att.Hint = fmt.Sprintf("no archived session is attached to this repository, and %d %s attached to none; "+
		"`hansard status` lists the folders they were recorded in and the --map that attaches them", unattached, verb)
}
