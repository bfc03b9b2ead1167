package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"hansard/recall"
)

// showAllLimit is the page size show --all reads with (recall's most).
const showAllLimit = 200

// readAll reads the whole conversation of opts, page by page, into one
// response.
func readAll(ctx context.Context, app *App, opts showOptions) (recall.ReadResponse, error) {
	req := opts.req
	req.Limit, req.Around = showAllLimit, nil
	var all recall.ReadResponse
	for page := 0; ; page++ {
		resp, err := app.Host().Read(ctx, req)
		if err != nil {
			return recall.ReadResponse{}, err
		}
		if page == 0 {
			all = resp
		} else {
			all.Messages = append(all.Messages, resp.Messages...)
		}
		if resp.Next == "" || resp.Next == req.Cursor {
			all.Next = ""
			return all, nil
		}
		req.Cursor = resp.Next
	}
}

// checkAround refuses a window centred past the conversation's end.
func checkAround(opts showOptions, resp recall.ReadResponse) error {
	if opts.req.Around == nil || *opts.req.Around < resp.MessageCount {
		return nil
	}
	last := "it has no messages"
	if resp.MessageCount > 0 {
		last = fmt.Sprintf("its messages are #0 to #%d", resp.MessageCount-1)
	}
	return usageError{fmt.Errorf("--around %d is past the end of %s: %s", *opts.req.Around, shortID(resp.SessionID), last)}
}

// hiddenKinds are the kinds of messages show leaves out unless --meta is
// given or --roles asks for roles: injected text no one typed or read.
var hiddenKinds = map[string]bool{"meta": true, "event": true}

// hideMeta leaves out system messages and meta and event messages, and
// says how many it left out.
func hideMeta(opts showOptions, resp recall.ReadResponse) (recall.ReadResponse, int) {
	if opts.meta || len(opts.req.Roles) > 0 {
		return resp, 0
	}
	kept := resp.Messages[:0:0]
	for _, m := range resp.Messages {
		if m.Role != "system" && !hiddenKinds[m.Kind] {
			kept = append(kept, m)
		}
	}
	hidden := len(resp.Messages) - len(kept)
	resp.Messages = kept
	return resp, hidden
}

// sessionError adds to an unknown session the command that finds one, and
// to an ambiguous prefix its matches, one per line with start and title
// (of show and context, which take a session).
func sessionError(ctx context.Context, app *App, err error) error {
	var e *recall.Error
	if !errors.As(err, &e) {
		return err
	}
	switch e.Code {
	case recall.CodeNotFound:
		named := *e
		named.Message += " (list conversations with `hansard history`, or search them with `hansard history WORDS`)"
		return &named
	case recall.CodeAmbiguous:
		var lines []string
		plain := plainPainter(app)
		for _, id := range e.Candidates {
			line := termSafe(id)
			if r, rerr := app.Host().Read(ctx, recall.ReadRequest{SessionID: id, Limit: 1}); rerr == nil {
				line = fmt.Sprintf("%s  %s  %s", termSafe(id), plain.when(r.StartedAtLocal), oneLineTitle(r.Title))
			}
			lines = append(lines, line)
		}
		return ambiguousSessions{err: e, lines: lines}
	}
	return err
}

// ambiguousSessions is an ambiguous session prefix with a line for each
// session it matches.
type ambiguousSessions struct {
	err   *recall.Error
	lines []string
}

func (a ambiguousSessions) Error() string {
	return a.err.Message + ":\n  " + strings.Join(a.lines, "\n  ") + "\ngive more of the id"
}

func (a ambiguousSessions) Unwrap() error { return a.err }
