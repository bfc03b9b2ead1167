//go:build !cgo

package symbols

import "context"

// parse, in a build without cgo, skips every file: tree-sitter is C.
func parse(ctx context.Context, lang Language, content []byte, opts Options) (*File, error) {
	return &File{Language: lang, Skipped: SkipNoCgo}, nil
}

// Available reports whether this build reads symbols: false without cgo.
func Available() bool { return false }
