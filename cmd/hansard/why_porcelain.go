package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"hansard/provenance"
)

// whyPorcelainVersion is the version of `why --porcelain`'s format, named
// by the line that starts its output (porcelainHeader). Version 1 had no
// such line and no path column.
const whyPorcelainVersion = 2

// porcelainHeader is the first line of a --porcelain output: the command's
// format and its version, so that a script can check what it reads.
func porcelainHeader(command string, version int) string {
	return fmt.Sprintf("# hansard %s porcelain %d\n", command, version)
}

// printWhyPorcelain writes one tab-separated line per source line: path
// (repo-relative), line number, status, session id, message index and
// commit ("-" when there is none; the message index is -1 without an
// edit).
func printWhyPorcelain(w io.Writer, out []provenance.Attribution) error {
	bw := bufio.NewWriter(w)
	for _, a := range out {
		session, index, commit := "-", -1, "-"
		if a.Edit != nil {
			session, index = a.Edit.SessionID, a.Edit.MessageIndex
		}
		if a.Commit != nil {
			commit = a.Commit.SHA
		}
		fmt.Fprintf(bw, "%s\t%d\t%s\t%s\t%d\t%s\n", porcelainField(a.Path), a.Line, a.Status, session, index, commit)
	}
	return bw.Flush()
}

// porcelainField makes a value one field of a tab-separated line: tabs,
// newlines and backslashes are written as \t, \n and \\, control
// characters as termSafe shows them, and an empty value as "-".
func porcelainField(s string) string {
	if s == "" {
		return "-"
	}
	s = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(s)
	return termSafe(s)
}
