package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// errBusy: another process holds the write lock.
var errBusy = errors.New("archive is being written by another process")

// lockWrite takes the archive's write lock (an flock on a file in the
// archive folder), waiting until it is free or ctx is done. The returned
// func releases it.
func (a *Archive) lockWrite(ctx context.Context) (func(), error) {
	return a.lock(ctx, true)
}

// lock takes the write lock; without wait it fails with errBusy at once
// when the lock is held.
func (a *Archive) lock(ctx context.Context, wait bool) (func(), error) {
	return lockDir(ctx, a.dir, func() bool { return wait })
}

// lockDir takes the write lock of the archive in dir. While the lock is
// held it asks again whether to go on waiting, and fails with errBusy
// once it says no.
func lockDir(ctx context.Context, dir string, again func() bool) (func(), error) {
	path := filepath.Join(dir, "write.lock")
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock archive: %w", err)
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("lock archive: %w", err)
		}
		if !again() {
			f.Close()
			return nil, errBusy
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
