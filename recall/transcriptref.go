package recall

import (
	"context"
	"errors"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"hansard/archive"
)

// ParseTranscriptRef reads a reference to a transcript file rather than a
// session id: a file:// link as answers print them (file:///…/x.jsonl#L142),
// or a path to a transcript (absolute, ./ or ../, or ending in .jsonl or
// .jsonl.gz), with an optional #L142 (or #L142-L150: its first line); a
// link without the two slashes (file:logs/x.jsonl#L3) holds a relative
// path. It returns the path (relative ones as given), the line (0 when
// none) and whether ref is such a reference.
func ParseTranscriptRef(ref string) (path string, line int, ok bool) {
	ref = strings.TrimSpace(ref)
	link := strings.HasPrefix(ref, "file:")
	if rest, ok := strings.CutPrefix(ref, "file://"); ok {
		ref = rest
		if i := strings.IndexByte(ref, '/'); i > 0 {
			ref = ref[i:] // file://host/path
		}
	} else if link {
		ref = strings.TrimPrefix(ref, "file:")
	}
	path, frag, _ := strings.Cut(ref, "#")
	if frag != "" {
		n, _, _ := strings.Cut(strings.TrimPrefix(frag, "L"), "-")
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 || !strings.HasPrefix(frag, "L") {
			return "", 0, false
		}
		line = v
	}
	if link {
		if p, err := url.PathUnescape(path); err == nil && strings.Contains(path, "%") {
			path = p
		}
		return path, line, path != ""
	}
	isPath := filepath.IsAbs(path) || strings.HasPrefix(path, "./") || strings.HasPrefix(path, "../") ||
		strings.HasSuffix(path, ".jsonl") || strings.HasSuffix(path, ".jsonl.gz")
	return path, line, isPath
}

// resolveTranscriptRef turns a read of a transcript file (or a link to
// one of its lines) into a read of its session, centred on the message of
// that line unless the request names its own window. A relative path is
// taken from req.Dir when set.
func (s *Service) resolveTranscriptRef(ctx context.Context, req ReadRequest) (ReadRequest, error) {
	path, line, ok := ParseTranscriptRef(req.SessionID)
	if !ok {
		return req, nil
	}
	full := path
	if !filepath.IsAbs(full) && req.Dir != "" {
		full = filepath.Join(req.Dir, full)
	}
	abs, err := filepath.Abs(full)
	if err != nil {
		return req, invalidArgf("session_id", "%s: %v", path, err)
	}
	place, err := s.Archive.LocateTranscript(ctx, abs, line)
	if errors.Is(err, archive.ErrNotFound) {
		if real, rerr := filepath.EvalSymlinks(abs); rerr == nil && real != abs {
			place, err = s.Archive.LocateTranscript(ctx, real, line)
		}
	}
	if errors.Is(err, archive.ErrNotFound) {
		return req, &Error{Code: CodeNotFound, Message: "no archived session was read from " + path}
	}
	if err != nil {
		return req, internal("locate "+path, err)
	}
	req.SessionID = place.SessionID
	if req.Around == nil && req.Cursor == "" && place.MessageIndex >= 0 {
		around := place.MessageIndex
		req.Around = &around
	}
	return req, nil
}
