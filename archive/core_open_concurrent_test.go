package archive

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// openerEnv names the archive folder and the name a process started by
// TestOpenConcurrently opens it with.
const openerEnv = "HANSARD_TEST_OPENER"

// Goroutines, and processes, opening one archive at once, a new one and
// then the same one existing, all succeed where one alone would, and all
// write to the one database at its path.
func TestOpenConcurrently(t *testing.T) {
	if v := os.Getenv(openerEnv); v != "" {
		dir, name := filepath.Split(v)
		if err := openOnce(dir, name); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Parallel()
	goroutines := func(dir, round string) error {
		return atOnce(16, func(i int) error { return openOnce(dir, round+strconv.Itoa(i)) })
	}
	processes := func(dir, round string) error {
		return atOnce(4, func(i int) error {
			cmd := exec.Command(os.Args[0], "-test.run=^TestOpenConcurrently$", "-test.count=1")
			cmd.Env = append(os.Environ(), openerEnv+"="+filepath.Join(dir, round+strconv.Itoa(i)))
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("%w: %s", err, out)
			}
			return nil
		})
	}
	for name, open := range map[string]func(dir, round string) error{"goroutines": goroutines, "processes": processes} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for range openRounds(name) {
				dir := filepath.Join(t.TempDir(), "archive")
				for _, state := range []string{"new", "existing"} {
					if err := open(dir, state); err != nil {
						t.Fatalf("%s archive: %v", state, err)
					}
				}
				if err := openOnce(dir, "last"); err != nil {
					t.Fatal(err)
				}
				a, err := Open(context.Background(), Options{Dir: dir})
				if err != nil {
					t.Fatal(err)
				}
				var n int
				err = a.db.QueryRow(`SELECT count(*) FROM meta WHERE key LIKE 'opener %'`).Scan(&n)
				a.Close()
				if want := 1 + 2*map[string]int{"goroutines": 16, "processes": 4}[name]; err != nil || n != want {
					t.Fatalf("%d openers recorded, want %d (%v)", n, want, err)
				}
			}
		})
	}
}

// openRounds is how many archives TestOpenConcurrently opens at once,
// each new then existing, with goroutines (10) or processes (6): each
// round is one more race of the openers over the same lock and WAL
// switch. A process round starts 8 test processes, some 40 ms of CPU
// each, hence fewer of them; the goroutines race 16 wide through the same
// code in one process. A quarter as many under the race detector, which
// slows the pure-Go SQLite (each open parses the schema) some twentyfold.
func openRounds(kind string) int {
	n := map[string]int{"goroutines": 10, "processes": 6}[kind]
	if raceDetector {
		return max(1, n/4)
	}
	return n
}

// atOnce runs f(0) to f(n-1) together and returns the first error.
func atOnce(n int, f func(i int) error) error {
	var wg sync.WaitGroup
	errs := make(chan error, n)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			errs <- f(i)
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// openOnce opens the archive in dir, records name in it and closes it.
func openOnce(dir, name string) error {
	ctx := context.Background()
	a, err := Open(ctx, Options{Dir: dir})
	if err != nil {
		return err
	}
	if err := a.setMeta(ctx, "opener "+name, "1"); err != nil {
		a.Close()
		return err
	}
	return a.Close()
}
