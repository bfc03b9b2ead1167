package integrate

import "hansard/internal/textdiff"

// lineDiff returns a unified diff of before and after, labelled with path.
func lineDiff(path, before, after string) string {
	return textdiff.Unified(path, path+" (new)", before, after)
}
