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
	// reasonElsewhere, reasonOnlyLater and reasonElsewhereLater say more
	// of a line no edit introduced before its commit, to its file (see
	// evidence.reason for which is said).
	reasonElsewhere      = "only edits to other files introduced this text before the commit"
	reasonOnlyLater      = "archived edits introduced this text only after the commit"
	reasonElsewhereLater = "only edits to other files introduced this text, after the commit"
	// reasonOriginPrefix starts the reason of a line whose move or copy
	// origin no edit explains either; the origin's own reason follows.
	reasonOriginPrefix = "git found the line moved or copied from %s, where "
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

// originReason matches the reasons that start with reasonOriginPrefix.
var originReason = regexp.MustCompile(`^git found the line moved or copied from .*, where `)

// evidence counts the edits with a line's text that cannot explain it:
// to other files before the commit (or within the clock slack after it),
// to the file's lineage after the commit, to other files after it.
type evidence struct{ elsewhere, later, elsewhereLater int }

// reason says what a line no edit explains came closest to, the most
// informative first: text that edits wrote into other files before the
// commit (the line was likely moved or copied from there) says more than
// edits of this file after the commit (which came too late to write it),
// and those more than edits of other files after the commit.
func (e evidence) reason() string {
	switch {
	case e.elsewhere > 0:
		return reasonElsewhere
	case e.later > 0:
		return reasonOnlyLater
	case e.elsewhereLater > 0:
		return reasonElsewhereLater
	}
	return reasonNoEdit
}

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
	case r == reasonNoEdit || r == reasonOnlyLater || r == reasonElsewhere || r == reasonElsewhereLater,
		originReason.MatchString(r):
		return classNoEdit, 2
	case strings.HasPrefix(r, reasonCommonPrefix):
		return agreeCount.ReplaceAllString(strings.TrimPrefix(r, reasonCommonPrefix), ""), 1
	}
	return agreeCount.ReplaceAllString(r, ""), 2
}
