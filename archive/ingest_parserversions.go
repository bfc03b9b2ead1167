package archive

import (
	"context"

	"hansard/transcripts"
)

// Versioned is implemented by providers that name the version of their
// parser. When it differs from the version that parsed the archived
// transcripts (or none was recorded, as before providers named one),
// Refresh re-parses them all from the retained copies.
type Versioned interface {
	ParserVersion() string
}

// readingVersion names how the archive turns a provider's records into its
// rows; it is recorded beside each parser's version, so that a change
// re-reads every provider's transcripts as a parser change does. Before 2,
// tool results and the messages between the lines of one assistant message
// could be marked off the main branch, and prompts sent again from a line
// that is no message were not; before 3, binary content was stored
// and indexed as it came; before 4, what shell commands rewrite was not
// stored (shell_writes).
const readingVersion = "4"

// recordedVersion is the version recorded for a provider's transcripts.
func recordedVersion(v Versioned) string {
	return v.ParserVersion() + "/" + readingVersion
}

// upgradedProviders returns the providers whose parser version changed,
// recording the new versions.
func (a *Archive) upgradedProviders(ctx context.Context, providers []transcripts.Provider) ([]transcripts.Provider, error) {
	var out []transcripts.Provider
	for _, p := range providers {
		v, ok := p.(Versioned)
		if !ok {
			continue
		}
		stored, err := a.getMeta(ctx, metaParserPrefix+p.Name())
		if err != nil {
			return nil, err
		}
		if stored == recordedVersion(v) {
			continue
		}
		parsed := stored != ""
		if !parsed {
			// Transcripts archived before the provider named its parser's
			// version were read by an older one.
			if parsed, err = a.hasSources(ctx, p.Name()); err != nil {
				return nil, err
			}
		}
		if parsed {
			out = append(out, p)
		}
		if err := a.setMeta(ctx, metaParserPrefix+p.Name(), recordedVersion(v)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hasSources reports whether transcripts of provider are archived.
func (a *Archive) hasSources(ctx context.Context, provider string) (bool, error) {
	var n int
	err := a.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM sources WHERE provider = ? LIMIT 1)`, provider).Scan(&n)
	if err != nil {
		return false, translate(err, "sources of "+provider)
	}
	return n > 0, nil
}
