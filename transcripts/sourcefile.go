package transcripts

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// SkippedError is what Discover passes to warn for a file it does not hand
// on although its name is a transcript's: a link whose target is not a
// regular file inside the provider's folders (a .jsonl link to /etc/passwd
// would otherwise be read and copied into the archive), or a file that is
// not a regular one (a FIFO would block the reader).
type SkippedError struct {
	Reason string
}

func (e *SkippedError) Error() string { return "skipped: " + e.Reason }

// SourceFilter decides which transcript files discovery hands on. Make one
// per Discover call with NewSourceFilter.
type SourceFilter struct {
	roots []string // the provider's roots, links resolved
}

// NewSourceFilter returns the filter of files found under roots.
func NewSourceFilter(roots []string) *SourceFilter {
	f := &SourceFilter{}
	for _, r := range roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			f.roots = append(f.roots, real)
		}
	}
	return f
}

// Check returns nil when the file at path (listed as d) may be read: a
// regular file, or a link whose final target is a regular file inside one
// of the roots. Otherwise it returns a *SkippedError saying why not.
func (f *SourceFilter) Check(path string, d fs.DirEntry) error {
	switch t := d.Type(); {
	case t.IsRegular():
		return nil
	case t&fs.ModeSymlink == 0:
		return &SkippedError{Reason: fmt.Sprintf("not a regular file (%v)", t)}
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return &SkippedError{Reason: "a link whose target cannot be reached"}
	}
	if fi, err := os.Stat(target); err != nil || !fi.Mode().IsRegular() {
		return &SkippedError{Reason: "a link to " + target + ", which is not a regular file"}
	}
	for _, root := range f.roots {
		if rel, err := filepath.Rel(root, target); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil
		}
	}
	return &SkippedError{Reason: "a link to " + target + ", outside the provider's folders"}
}
