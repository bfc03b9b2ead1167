package recall

import (
	"strconv"
	"strings"
	"unicode"
)

// How a keyword hit matched, beyond the query's words as typed
// (MatchedByKeyword): the hit's matched_by names its tier.
const (
	// MatchedByFallback: a dotted or called form (pkg.Func, f() …) that
	// the index does not hold, matched by its parts, or by its last part.
	MatchedByFallback = "fallback"
	// MatchedByExpanded: a word found inside longer identifiers of the
	// index (UserMessage in AddUserMessage).
	MatchedByExpanded = "expanded"
	// MatchedByPartial: a message holding only some of the query's words.
	MatchedByPartial = "partial"
)

// Tier levels, best first; a hit's score starts with its tier's level.
const (
	levelPartial = iota + 1
	levelExpanded
	levelFallbackLast
	levelFallbackParts
	levelAll
	levelNear
)

// nearDistance is how many other words may stand between the words of a
// multi-word query in its first tier.
const nearDistance = 3

// tier is one FTS5 expression a search runs, with how its matches rank.
type tier struct {
	level int
	label string // matched_by
	expr  string
	// partial tiers count the terms each match holds; the others hold all.
	partial bool
	// shown are the words an excerpt of a match is cut around.
	shown Query
	// fallback tiers run only when the tiers above (the form typed, then
	// its parts) found nothing: the form typed does not occur (under the
	// filters), nor, for the last parts, do its parts together.
	fallback bool
}

// termExpr is the expression of one term in the all-words tier: a word
// also matches the identifiers it begins before a '_' (TestRunX finds
// TestRunX_NotFound: '_' belongs to words in the index).
func termExpr(t Term) string {
	if t.family() {
		return "(" + t.Expr() + ` OR "` + t.Words[0] + `_"*)`
	}
	return t.Expr()
}

// family reports whether a term is one plain word, which also matches the
// identifiers it begins before a '_'.
func (t Term) family() bool { return !t.Phrase && !t.Prefix && len(t.Words) == 1 && !t.noFamily }

// plainWord reports whether a term is one word typed as is (no quotes, no *).
func (t Term) plainWord() bool { return !t.Phrase && !t.Prefix && len(t.Words) == 1 }

// compound reports whether a term is a dotted or called form typed as one
// word (strategy.DeleteOrphanedCheckpoints(, pkg/parser, a::b): several
// words, unquoted, joined by one of . ( : / (not a contraction: here's).
func (t Term) compound() bool {
	return !t.Phrase && len(t.Words) > 1 && strings.ContainsAny(t.Text, ".(:/")
}

// identifierLike reports whether a term reads as an identifier (a '_'
// inside, or a capital after its first letter): one whose word may stand
// inside longer identifiers.
func (t Term) identifierLike() bool {
	if !t.plainWord() {
		return false
	}
	for i, r := range t.Text {
		if r == '_' && i > 0 || i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// baseTiers are the tiers of a query that need no lookup, best first: its
// words near each other (when two or more are single words: a phrase or a
// dotted form already stands together), every term, and for dotted
// or called forms that do not occur their parts, then their last parts.
func baseTiers(q Query) []tier {
	var out []tier
	plain := 0
	for _, t := range q.Terms {
		if t.plainWord() || t.Prefix && len(t.Words) == 1 {
			plain++
		}
	}
	if plain > 1 {
		parts := make([]string, len(q.Terms))
		for i, t := range q.Terms {
			parts[i] = t.Expr()
		}
		out = append(out, tier{level: levelNear, label: MatchedByKeyword, shown: q,
			expr: "NEAR(" + strings.Join(parts, " ") + ", " + strconv.Itoa(nearDistance) + ")"})
	}
	out = append(out, tier{level: levelAll, label: MatchedByKeyword, shown: q, expr: joinTerms(q.Terms, termExpr)})
	hasCompound := false
	for _, t := range q.Terms {
		hasCompound = hasCompound || t.compound()
	}
	if !hasCompound {
		return out
	}
	parts, last := fallbackQueries(q)
	out = append(out,
		tier{level: levelFallbackParts, label: MatchedByFallback, shown: parts, expr: joinTerms(parts.Terms, termExpr), fallback: true},
		tier{level: levelFallbackLast, label: MatchedByFallback, shown: last, expr: joinTerms(last.Terms, termExpr), fallback: true})
	return out
}

// fallbackQueries returns q with each dotted or called term split into its
// words (parts) and cut to its last word (last).
func fallbackQueries(q Query) (parts, last Query) {
	parts, last = Query{Raw: q.Raw}, Query{Raw: q.Raw}
	for _, t := range q.Terms {
		if !t.compound() {
			parts.Terms = append(parts.Terms, t)
			last.Terms = append(last.Terms, t)
			continue
		}
		for i, w := range t.Words {
			word := Term{Text: w, Words: []string{w}}
			if i == len(t.Words)-1 {
				word.Prefix = t.Prefix
				last.Terms = append(last.Terms, word)
			}
			parts.Terms = append(parts.Terms, word)
		}
	}
	return parts, last
}

// expandedTier is the tier of q where each term of expansions (by
// position) also matches those longer identifiers; ok is false when no
// term has any.
func expandedTier(q Query, expansions map[int][]string) (tier, bool) {
	if len(expansions) == 0 {
		return tier{}, false
	}
	shown := Query{Raw: q.Raw, Terms: append([]Term(nil), q.Terms...)}
	expr := make([]string, len(q.Terms))
	for i, t := range q.Terms {
		alts := []string{termExpr(t)}
		for _, w := range expansions[i] {
			alts = append(alts, `"`+w+`"`)
			shown.Terms = append(shown.Terms, Term{Text: w, Words: []string{w}})
		}
		expr[i] = "(" + strings.Join(alts, " OR ") + ")"
	}
	return tier{level: levelExpanded, label: MatchedByExpanded, shown: shown, expr: strings.Join(expr, " AND ")}, true
}

// partialTier is the tier of messages holding some of q's terms: every
// common term (by position) is required, and at least one of the others.
// ok is false when that is no looser than holding every term.
func partialTier(q Query, common map[int]bool) (tier, bool) {
	var required, optional []string
	for i, t := range q.Terms {
		if common[i] {
			required = append(required, termExpr(t))
		} else {
			optional = append(optional, termExpr(t))
		}
	}
	if len(q.Terms) < 2 || len(optional) == 0 || len(optional) == 1 && len(required) > 0 {
		return tier{}, false
	}
	expr := "(" + strings.Join(optional, " OR ") + ")"
	if len(required) > 0 {
		expr = strings.Join(required, " AND ") + " AND " + expr
	}
	return tier{level: levelPartial, label: MatchedByPartial, partial: true, shown: q, expr: expr}, true
}

func joinTerms(terms []Term, expr func(Term) string) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = expr(t)
	}
	return strings.Join(parts, " AND ")
}
