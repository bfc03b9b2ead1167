package gitrepo

import (
	"bufio"
	"strings"
	"testing"
)

func FuzzParseBlame(f *testing.F) {
	f.Add("0123456789012345678901234567890123456789 1 1 1\nauthor A\nauthor-time 5\nfilename a b.go\n\tline\n")
	f.Add("0123456789012345678901234567890123456789 2 3\nprevious 1111111111111111111111111111111111111111 \"q\\\"x\"\n\t\n")
	f.Add("\x00aaa 1 2\n\nR100\ta\tb\n")
	f.Fuzz(func(t *testing.T, in string) {
		lines, err := ParseBlame(bufio.NewReader(strings.NewReader(in)))
		if err == nil {
			for _, l := range lines {
				if l.Commit == nil {
					t.Fatal("line without commit")
				}
			}
		}
		_, _ = parseLog(in)
	})
}
