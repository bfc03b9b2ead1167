//go:build unix

package redact

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time used by the process so far. On
// a shared, busy machine it measures the work itself where wall time
// measures the wait too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
