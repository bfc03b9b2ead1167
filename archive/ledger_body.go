package archive

import (
	"fmt"
	"strconv"
	"strings"
)

// encodeBody writes an entry's lines as ledger_entries.body keeps them:
// "<pos> <trivial 0|1> <key hash> <text>" per line, in order,
// newline-separated (an introduced line never holds a newline).
func encodeBody(lines []LedgerLineRow) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(l.Pos))
		if l.Trivial {
			b.WriteString(" 1 ")
		} else {
			b.WriteString(" 0 ")
		}
		b.WriteString(strconv.FormatInt(l.KeyHash, 10))
		b.WriteByte(' ')
		b.WriteString(l.Text)
	}
	return b.String()
}

// decodeBody reads what encodeBody wrote.
func decodeBody(body string) ([]LedgerLineRow, error) {
	if body == "" {
		return nil, nil
	}
	out := make([]LedgerLineRow, 0, strings.Count(body, "\n")+1)
	for line := range strings.SplitSeq(body, "\n") {
		pos, rest, ok1 := strings.Cut(line, " ")
		flag, rest, ok2 := strings.Cut(rest, " ")
		hash, text, ok3 := strings.Cut(rest, " ")
		p, perr := strconv.Atoi(pos)
		h, herr := strconv.ParseInt(hash, 10, 64)
		if !ok1 || !ok2 || !ok3 || perr != nil || herr != nil || (flag != "0" && flag != "1") {
			return nil, fmt.Errorf("ledger entry body: bad line %q", line)
		}
		out = append(out, LedgerLineRow{Pos: p, Trivial: flag == "1", KeyHash: h, Text: text})
	}
	return out, nil
}
