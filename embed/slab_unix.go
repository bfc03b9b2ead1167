//go:build unix

package embed

import "syscall"

// allocSlab maps n bytes of anonymous memory, or makes them on the heap
// when the mapping fails.
func allocSlab(n int) ([]byte, bool) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, 0, n), false
	}
	return b[:0], true
}

func freeSlab(b []byte) { syscall.Munmap(b) }
