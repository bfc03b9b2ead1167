package provenance

import (
	"regexp"
	"strings"
)

// Reasons that Runs reads back: a run of lines is told by the reasons of
// its lines, not only by its first line's.
const (
	// reasonNoEdit is a substantive line's when no edit introduced its text.
	reasonNoEdit = "no archived edit introduced this text"
	// reasonOnlyLater and reasonElsewhere say more of a line no edit
	// introduced before its commit, to its file.
	reasonOnlyLater = "archived edits introduced this text only after the commit"
	reasonElsewhere = "only edits to other files introduced this text"
	// reasonCommonNone is a common line's without positional evidence.
	reasonCommonNone = "common line: attributed only inside a block that one edit introduced"
	// reasonCommonPrefix starts a common line's reason when it is
	// attributed by position; its anchor's reason follows.
	reasonCommonPrefix = "common line inside a block this edit introduced; "
	// reasonCommonConflicting is a common line's next to a conflicting one.
	reasonCommonConflicting = "common line inside a block that several sessions introduced equally"
	// reasonAgree follows a reason when context supports the match.
	reasonAgree = "; %d lines of its block agree"
)

var agreeCount = regexp.MustCompile(`; \d+ lines of its block agree`)

// classNoEdit is the reason class of lines that no archived edit
// introduced (before their commit, to their file); reasonNoEdit says it
// for a run of them.
const classNoEdit = "\x00no edit"

// reasonKind sorts a line's reason for grouping: the class of the reason
// with what varies from line to line taken out (the number of lines that
// agree, the common-line prefix), and its rank as the reason of a run:
// 2 for a substantive line's own reason, 1 for a common line attributed by
// position, 0 for a common line without evidence. A common line whose
// class is "" joins any run of the same answer.
func reasonKind(r string) (class string, rank int) {
	switch {
	case r == reasonCommonNone:
		return "", 0
	case r == reasonCommonConflicting:
		return "", 1
	case r == reasonNoEdit || r == reasonOnlyLater || r == reasonElsewhere:
		return classNoEdit, 2
	case strings.HasPrefix(r, reasonCommonPrefix):
		return agreeCount.ReplaceAllString(strings.TrimPrefix(r, reasonCommonPrefix), ""), 1
	}
	return agreeCount.ReplaceAllString(r, ""), 2
}
