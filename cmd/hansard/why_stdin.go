package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"
)

// maxStdinLine bounds a location read by `why --stdin`.
const maxStdinLine = 1 << 20

// runWhyStdin answers the locations read from standard input, one per
// line, in one process: the archive is opened once, and each answer is
// written (and flushed) before the next line is read, so that an editor
// can keep one hansard running and ask on every hover. Each question reads
// new transcripts first, as a single `why` does.
//
// With --json each answer is one line of JSON (an object for PATH:LINE,
// an array for a range or a file), and a question that cannot be answered
// gives {"error": MESSAGE, "exit": CODE}, CODE being what a single `why`
// would exit with. With --porcelain the output starts with the format's
// version line, each answer's lines are followed by an empty line, and such a question gives the line "error<TAB>MESSAGE".
// Otherwise answers are printed as usual and errors go to standard error.
// Blank lines are passed over. It ends when the input does (status 0), or
// on an error that stops every answer (the archive cannot be opened, the
// output is closed).
func runWhyStdin(ctx context.Context, app *App, opts whyOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	if app.Streams.In == nil {
		return usageError{errors.New("--stdin: no standard input")}
	}
	if _, err := app.Archive(ctx); err != nil {
		return err
	}
	sc := bufio.NewScanner(app.Streams.In)
	sc.Buffer(make([]byte, 0, 4096), maxStdinLine)
	out := bufio.NewWriter(app.Streams.Out)
	if opts.porcelain {
		out.WriteString(porcelainHeader("why", whyPorcelainVersion))
		if err := out.Flush(); err != nil {
			return err
		}
	}
	for sc.Scan() {
		arg := strings.TrimSpace(sc.Text())
		if arg == "" {
			continue
		}
		if err := runWhy(ctx, app, arg, opts, out); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			msg := termSafe(err.Error())
			switch {
			case opts.json:
				if err := writeJSONLine(out, stdinError{Error: err.Error(), Exit: codeOf(err)}); err != nil {
					return err
				}
			case opts.porcelain:
				fmt.Fprintf(out, "error\t%s\n", strings.ReplaceAll(msg, "\n", " "))
			default:
				fmt.Fprintf(app.Streams.Err, "hansard: %s\n", msg)
			}
		}
		if opts.porcelain {
			out.WriteString("\n")
		}
		if err := out.Flush(); err != nil {
			return err // the reader went away
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("--stdin: %w", err)
	}
	return nil
}

// stdinError is the JSON answer of a question `why --stdin` cannot answer.
type stdinError struct {
	Error string `json:"error"`
	Exit  int    `json:"exit"`
}
