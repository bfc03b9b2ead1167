package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
)

// defaultPager is the pager used when $PAGER is not set: less, keeping
// colours (-R).
const defaultPager = "less -R"

// page runs write with its output sent through the user's pager when
// standard output is a terminal, as git does: $PAGER (default "less -R"),
// run by the shell, with LESS=FRX (quit when the text fits on one screen,
// keep colours, leave it on the screen) and LV=-c when they are not set.
// A $PAGER of "cat" or one that cannot start writes directly. When the
// reader quits the pager early, what is left is dropped quietly.
func (app *App) page(write func(w io.Writer) error) error {
	out, ok := app.Streams.Out.(*os.File)
	if !ok || !stdoutTerminal(app) {
		return write(app.Streams.Out)
	}
	pager := strings.TrimSpace(app.Getenv("PAGER"))
	if pager == "" {
		pager = defaultPager
	}
	if pager == "cat" {
		return write(out)
	}
	cmd := exec.Command("sh", "-c", pager)
	cmd.Env = os.Environ()
	for k, v := range map[string]string{"LESS": "FRX", "LV": "-c"} {
		if app.Getenv(k) == "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	cmd.Stdout, cmd.Stderr = out, app.Streams.Err
	in, err := cmd.StdinPipe()
	if err != nil {
		return write(out)
	}
	if err := cmd.Start(); err != nil {
		return write(out)
	}
	werr := write(in)
	in.Close()
	cmd.Wait() // the pager's own status (q pressed, a signal) is not hansard's
	if errors.Is(werr, syscall.EPIPE) || errors.Is(werr, os.ErrClosed) {
		return nil
	}
	return werr
}
