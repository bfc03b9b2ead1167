//go:build !unix

package embed

func allocSlab(n int) ([]byte, bool) { return make([]byte, 0, n), false }

func freeSlab([]byte) {}
