package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
)

// maxStderr bounds the standard error kept for an Error.
const maxStderr = 64 << 10

// gitPath finds the git executable once per call; exec.LookPath is cheap.
func gitPath() (string, error) {
	p, err := exec.LookPath("git")
	if err != nil {
		return "", ErrGitMissing
	}
	return p, nil
}

// limitedBuffer keeps the first maxStderr bytes written to it.
type limitedBuffer struct{ bytes.Buffer }

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := maxStderr - b.Len(); room > 0 {
		if len(p) > room {
			b.Buffer.Write(p[:room])
		} else {
			b.Buffer.Write(p)
		}
	}
	return len(p), nil
}

// stream runs git with args in dir and hands its standard output to fn as it
// arrives. The process is killed when ctx is done or fn fails; fn's error is
// returned as is. A non-zero exit becomes an *Error.
func stream(ctx context.Context, dir string, args []string, fn func(*bufio.Reader) error) error {
	bin, err := gitPath()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "GIT_TERMINAL_PROMPT=0", "LC_ALL=C", "GIT_OPTIONAL_LOCKS=0")
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("git %s: %w", args[0], err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git %s: %w", args[0], err)
	}
	ferr := fn(bufio.NewReaderSize(out, 64<<10))
	if ferr != nil {
		cancel()
	}
	// Drain what fn left so that git does not block on a full pipe.
	_, _ = io.Copy(io.Discard, out)
	werr := cmd.Wait()
	if ferr != nil {
		return ferr
	}
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	if werr != nil {
		var ee *exec.ExitError
		if errors.As(werr, &ee) {
			return &Error{Args: args, ExitCode: ee.ExitCode(), Stderr: stderr.String(), kind: classify(stderr.String())}
		}
		return fmt.Errorf("git %s: %w", args[0], werr)
	}
	return nil
}

// output runs git and returns its whole standard output. For small outputs only.
func output(ctx context.Context, dir string, args ...string) ([]byte, error) {
	var buf bytes.Buffer
	err := stream(ctx, dir, args, func(r *bufio.Reader) error {
		_, err := io.Copy(&buf, r)
		return err
	})
	return buf.Bytes(), err
}
