package recall

import (
	"context"
	"slices"
	"sort"
	"strings"

	"hansard/archive"
	"hansard/transcripts"
)

// Bounds of the tiers below the query's words as typed.
const (
	// maxExpansions is the most identifiers one word expands to.
	maxExpansions = 16
	// maxSuggestions is the most identifiers an empty answer names.
	maxSuggestions = 8
	// commonShare: a word in more than 1/commonShare of the archive's texts
	// (and in at least commonMin) is common, and required in partial matches.
	commonShare = 50
	commonMin   = 50
)

// candidate is a matched message or tool result with the tier that found
// it and the query terms it holds.
type candidate struct {
	archive.TextHit
	class archive.TextClass
	// sub is the subagent's session the match is in, when it counts for
	// its main session (SessionID; see foldSubagents).
	sub   string
	tier  *tier
	terms []int // positions in Query.Terms
	// meaning is set by meaning and hybrid search (search_meaning.go).
	meaning *meaningMatch
}

// searchRun is one search's walk through its tiers (see candidates).
type searchRun struct {
	s       *Service
	q       Query
	f       archive.SearchFilter
	want    int
	hits    int // matches shown per session
	classes []archive.TextClass
	ran     []tier               // the tiers run, in order
	skip    func(id string) bool // sessions shown on earlier pages
	found   map[hitKey]bool
	seen    map[string]int    // sessions found: their rows
	mains   map[string]string // subagents' sessions read: their main session, "" if none
	out     []candidate
	// suggest are identifiers holding a word of a query that found nothing.
	suggest []string
}

// hitKey names a row and the text of it that matched (a call's result,
// input text or whole output share the call's row).
type hitKey struct {
	inResult bool
	field    string
	id       int64
}

func keyOf(h archive.TextHit) hitKey { return hitKey{h.InResult, h.Field, h.RowID} }

// candidates returns rows matching the query, best first, until they
// span wantSessions sessions. It runs the query's tiers in order (see
// baseTiers: the words near each other, every word, the parts of a dotted
// form; then the identifiers holding a word, expandedTier; then some of
// the words, partialTier), each over the classes of text in order: what a
// person typed, what assistants said, tool output (what calls printed and
// what they were given; and the harness's boilerplate when asked); then,
// when the page is still short, the whole outputs the agent saw only a
// preview of, below everything (fullOutputs). Within a class, the rows a person or an
// assistant wrote are ranked by BM25 over every match (there are few of
// them); tool output, which is most of the archive, by BM25 over the
// newest matches of a bounded number of sessions (see
// archive.SearchMessages). A later tier or class runs only when the
// earlier ones found too few sessions.
func (s *Service) candidates(ctx context.Context, q Query, f archive.SearchFilter, wantSessions, hits int, boiler bool) (*searchRun, error) {
	q, err := s.families(ctx, q)
	if err != nil {
		return nil, err
	}
	r := &searchRun{s: s, q: q, f: f, want: wantSessions, hits: hits, classes: searchClasses(f, boiler),
		skip: f.SkipSession, found: make(map[hitKey]bool), seen: make(map[string]int), mains: make(map[string]string)}
	if err := r.tiers(ctx); err != nil {
		return nil, err
	}
	if len(r.out) == 0 {
		return r, r.suggestions(ctx)
	}
	if hits > 1 {
		return r, r.fill(ctx)
	}
	sort.SliceStable(r.out, func(i, j int) bool { return score(r.out[i]) > score(r.out[j]) })
	return r, nil
}

// families returns q with the plain words that begin no identifier before
// a '_' marked so, which spares their tiers a prefix query.
func (s *Service) families(ctx context.Context, q Query) (Query, error) {
	var words []string
	var at []int
	for i, t := range q.Terms {
		if t.family() {
			words, at = append(words, t.Words[0]), append(at, i)
		}
	}
	has, err := s.Archive.HasIdentifiersBeginning(ctx, words)
	if err != nil {
		return q, internal("search", err)
	}
	q.Terms = append([]Term(nil), q.Terms...)
	for k, i := range at {
		q.Terms[i].noFamily = !has[k]
	}
	return q, nil
}

// tiers runs the query's tiers in order until the page is full: those
// that need no lookup, then those built from the vocabulary and from how
// common the words are, looked up only when the earlier ones fell short.
func (r *searchRun) tiers(ctx context.Context) error {
	for _, t := range baseTiers(r.q) {
		// The fallbacks come last, each looser than the one before.
		if t.fallback && len(r.out) > 0 {
			break
		}
		if err := r.run(ctx, t); err != nil || r.full() {
			return err
		}
	}
	expanded := func(ctx context.Context) (tier, bool, error) {
		exp, err := r.expansions(ctx)
		t, ok := expandedTier(r.q, exp)
		return t, ok && err == nil, err
	}
	partial := func(ctx context.Context) (tier, bool, error) {
		common, err := r.commonTerms(ctx)
		t, ok := partialTier(r.q, common)
		return t, ok && err == nil, err
	}
	for _, lookup := range []func(context.Context) (tier, bool, error){expanded, partial} {
		t, ok, err := lookup(ctx)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := r.run(ctx, t); err != nil || r.full() {
			return err
		}
	}
	return r.fullOutputs(ctx)
}

// fill finds more matches in the sessions found with fewer than hits
// rows: the tiers stop once the page is full, before the classes and
// tiers that would give them. It runs every tier that ran again, limited
// to those sessions, then puts each session's rows, and the sessions, in
// order of score (also when no session wants more).
func (r *searchRun) fill(ctx context.Context) error {
	var ids []string
	wanted := 0
	for _, g := range groupBySession(r.out) {
		if len(g.rows) < r.hits && wanted < r.want {
			wanted++
			ids = append(ids, g.id)
			for _, c := range g.rows { // and the subagents it was found in
				if c.sub != "" && !slices.Contains(ids, c.sub) {
					ids = append(ids, c.sub)
				}
			}
		}
	}
	if len(ids) > 0 {
		ran := r.ran
		r.f.SessionIDs, r.want, r.ran = ids, len(r.seen)+wanted*maxHitsPerSessionRows, nil
		for _, t := range ran {
			if err := r.run(ctx, t); err != nil {
				return err
			}
		}
	}
	// The rows are in the order they were found (tier, then class), not
	// of score: tool output promoted near, a class read with another.
	groups := groupBySession(r.out)
	for _, g := range groups {
		sort.SliceStable(g.rows, func(i, j int) bool { return score(g.rows[i]) > score(g.rows[j]) })
	}
	sort.SliceStable(groups, func(i, j int) bool { return score(groups[i].rows[0]) > score(groups[j].rows[0]) })
	r.out = r.out[:0]
	for _, g := range groups {
		r.out = append(r.out, g.rows...)
	}
	return nil
}

// maxHitsPerSessionRows bounds, per session, the rows fill looks for.
const maxHitsPerSessionRows = MaxHitsPerSession

// searchClasses returns the classes of text the role filter lets through,
// best first.
func searchClasses(f archive.SearchFilter, boiler bool) []archive.TextClass {
	var out []archive.TextClass
	wants := func(roles ...string) bool {
		if len(f.Roles) == 0 {
			return true
		}
		for _, r := range roles {
			if contains(f.Roles, r) {
				return true
			}
		}
		return false
	}
	if wants(transcripts.RoleUser) {
		out = append(out, archive.ClassUser)
	}
	if wants(transcripts.RoleAssistant, transcripts.RoleSystem) {
		out = append(out, archive.ClassSaid)
	}
	if wants(transcripts.RoleTool) {
		out = append(out, archive.ClassTool)
	}
	if boiler {
		out = append(out, archive.ClassBoiler)
	}
	return out
}

func (r *searchRun) full() bool { return len(r.seen) >= r.want }

// run adds the matches of one tier, class by class, stopping once the
// page is full; a partial tier reads every class and orders its matches by
// the terms they hold first.
func (r *searchRun) run(ctx context.Context, t tier) error {
	r.ran = append(r.ran, t)
	start := len(r.out)
	for _, group := range r.groups(t) {
		hits, err := r.read(ctx, t.expr, group)
		if err != nil {
			return internal("search", err)
		}
		var subs []string
		if group.mixed {
			if hits, subs, err = r.foldSubagents(ctx, hits); err != nil {
				return err
			}
		} else {
			r.knownMains(hits)
		}
		from := len(r.out)
		for i, h := range hits {
			if k := keyOf(h); !r.found[k] {
				r.found[k] = true
				r.seen[h.SessionID]++
				c := candidate{TextHit: h, class: classOf(h, group.classes), tier: &t}
				if subs != nil {
					c.sub = subs[i]
				}
				r.out = append(r.out, c)
			}
		}
		if t.level == levelAll && (group.mixed || group.classes[0] == archive.ClassTool) {
			if err := r.promoteNear(ctx, r.out[from:]); err != nil {
				return err
			}
		}
		if !t.partial && r.full() {
			return nil
		}
	}
	if !t.partial {
		return nil
	}
	added := r.out[start:]
	if err := r.countTerms(ctx, added); err != nil {
		return err
	}
	sort.SliceStable(added, func(i, j int) bool {
		if len(added[i].terms) != len(added[j].terms) {
			return len(added[i].terms) > len(added[j].terms)
		}
		if ui, uj := added[i].unit(), added[j].unit(); ui != uj {
			return ui > uj
		}
		return added[i].Rank < added[j].Rank
	})
	return nil
}

// groups returns the classes of text a tier reads together, in order:
// the every-word tier reads each class apart, so that every session whose
// prompts hold the words comes before those where only an assistant said
// them; the others, whose matches are fewer, read what people and
// assistants said in one walk. The words-near-each-other tier reads no
// tool output (see promoteNear). When the search leaves subagents out,
// the reads of what assistants said and of tool output cover their work
// too (see readsSubagents).
func (r *searchRun) groups(t tier) []classGroup {
	var out []classGroup
	for _, c := range r.classes {
		switch {
		case c == archive.ClassTool && t.level == levelNear:
		case c == archive.ClassSaid && t.level != levelAll && len(out) > 0 && out[len(out)-1].classes[0] == archive.ClassUser:
			out[len(out)-1].classes = append(out[len(out)-1].classes, c)
			out[len(out)-1].mixed = r.readsSubagents(t)
		default:
			g := classGroup{classes: []archive.TextClass{c}}
			g.mixed = c != archive.ClassUser && c != archive.ClassBoiler && r.readsSubagents(t)
			out = append(out, g)
		}
	}
	return out
}

// classOf returns the class of a match read from a group of classes.
func classOf(h archive.TextHit, group []archive.TextClass) archive.TextClass {
	switch {
	case len(group) == 1 || h.Role == transcripts.RoleUser:
		return group[0]
	case h.Role == transcripts.RoleTool || h.InResult:
		return archive.ClassTool
	}
	return archive.ClassSaid
}

// read returns the matches of expr in a group of classes of text, best
// first: the newest matches of as many sessions as the page still needs
// and some more, so that relevance picks among them (half a page more for
// what people and assistants said, a quarter for tool output), leaving
// out the sessions found already, ranked by BM25 (see
// archive.SearchMessages).
func (r *searchRun) read(ctx context.Context, expr string, group classGroup) ([]archive.TextHit, error) {
	tool := slices.Contains(group.classes, archive.ClassTool)
	f := r.f
	f.IncludeSubagents = f.IncludeSubagents || group.mixed
	need := max(1, r.want-len(r.seen))
	f.Sessions = need + max(1, r.want/4)
	if !tool {
		f.Sessions, f.RankWalked = need+max(1, r.want/2), true
	}
	f.SkipSession = func(id string) bool {
		m := r.mainOf(id)
		return r.seen[m] > 0 || r.skip != nil && r.skip(m)
	}
	if f.SessionIDs != nil { // fill: only these sessions, each of which wants more rows
		f.Sessions, f.SkipSession = 0, func(id string) bool { return r.skip != nil && r.skip(r.mainOf(id)) }
	}
	hits, err := r.s.Archive.SearchMessages(ctx, archive.ClassMatch(expr, group.classes...), f)
	if err != nil || !tool {
		return hits, err
	}
	res, err := r.s.Archive.SearchResults(ctx, expr, f)
	if err != nil {
		return nil, err
	}
	// What calls were given ranks like what they printed.
	in, err := r.s.Archive.SearchInputs(ctx, expr, f)
	if err != nil {
		return nil, err
	}
	hits = append(append(hits, res...), in...)
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Rank < hits[j].Rank })
	return hits, nil
}

// fullOutputs adds, when the tiers left the page short, the whole outputs
// behind previews that hold every word: text the agent never saw, ranked
// below everything it saw (see score).
func (r *searchRun) fullOutputs(ctx context.Context) error {
	if r.full() || !slices.Contains(r.classes, archive.ClassTool) {
		return nil
	}
	var all *tier
	for _, t := range baseTiers(r.q) {
		if t.level == levelAll {
			all = &t
			break
		}
	}
	if all == nil {
		return nil
	}
	f := r.f
	need := max(1, r.want-len(r.seen))
	f.Sessions = need + max(1, r.want/4)
	f.SkipSession = func(id string) bool { return r.seen[id] > 0 || r.skip != nil && r.skip(id) }
	if f.SessionIDs != nil {
		f.Sessions, f.SkipSession = 0, r.skip
	}
	hits, err := r.s.Archive.SearchFullResults(ctx, all.expr, f)
	if err != nil {
		return internal("search", err)
	}
	for _, h := range hits {
		if k := keyOf(h); !r.found[k] {
			r.found[k] = true
			r.seen[h.SessionID]++
			r.out = append(r.out, candidate{TextHit: h, class: archive.ClassTool, tier: all})
		}
	}
	return nil
}

// promoteNear moves the tool output and the subagents' text of the
// every-word tier whose words stand near each other to the tier above.
// That tier reads only what people and assistants of the main sessions
// said: over tool output, long texts whose words are rarely near each
// other, and over the subagents' text, found in few sessions, it would
// walk every match; here it checks only the matches read.
func (r *searchRun) promoteNear(ctx context.Context, c []candidate) error {
	near := baseTiers(r.q)[0]
	if len(c) == 0 || near.level != levelNear {
		return nil
	}
	has, err := r.s.Archive.MatchingHits(ctx, near.expr, hitsOf(c))
	if err != nil {
		return internal("search", err)
	}
	for i := range c {
		if has[i] {
			c[i].tier = &near
		}
	}
	return nil
}

// countTerms sets the terms each of a partial tier's matches holds, one
// query per term.
func (r *searchRun) countTerms(ctx context.Context, c []candidate) error {
	hits := hitsOf(c)
	for ti, t := range r.q.Terms {
		has, err := r.s.Archive.MatchingHits(ctx, termExpr(t), hits)
		if err != nil {
			return internal("search", err)
		}
		for i := range c {
			if has[i] {
				c[i].terms = append(c[i].terms, ti)
			}
		}
	}
	return nil
}

// expansions returns, by term position, the longer identifiers of the
// index that hold a word of the query: for words typed as identifiers
// (UserMessage), and for any long word when nothing was found.
func (r *searchRun) expansions(ctx context.Context) (map[int][]string, error) {
	out := make(map[int][]string)
	for i, t := range r.q.Terms {
		if !t.identifierLike() && (len(r.out) > 0 || !t.plainWord() || len(t.Words[0]) < minExpansionWord) {
			continue
		}
		ws, err := r.s.Archive.IdentifiersContaining(ctx, t.Words[0], maxExpansions+4)
		if err != nil {
			return nil, internal("search", err)
		}
		var keep []string
		for _, w := range ws {
			// Identifiers the word begins before a '_' are in the word's own tier.
			if !strings.HasPrefix(w, t.Words[0]+"_") && len(keep) < maxExpansions {
				keep = append(keep, w)
			}
		}
		if len(keep) > 0 {
			out[i] = keep
		}
	}
	return out, nil
}

// minExpansionWord is the shortest word looked up in the vocabulary when a
// search found nothing.
const minExpansionWord = 4

// suggestions names, for a search that found nothing, the identifiers of
// the index that hold one of its words.
func (r *searchRun) suggestions(ctx context.Context) error {
	for _, t := range r.q.Terms {
		if !t.plainWord() {
			continue
		}
		ws, err := r.s.Archive.IdentifiersContaining(ctx, t.Words[0], maxSuggestions-len(r.suggest))
		if err != nil {
			return internal("search", err)
		}
		r.suggest = append(r.suggest, ws...)
		if len(r.suggest) >= maxSuggestions {
			break
		}
	}
	return nil
}

// commonTerms returns, by position, the terms of a query of several that
// are common in the archive: in more texts than a share of them.
func (r *searchRun) commonTerms(ctx context.Context) (map[int]bool, error) {
	if len(r.q.Terms) < 2 {
		return nil, nil
	}
	exprs := make([]string, len(r.q.Terms))
	for i, t := range r.q.Terms {
		exprs[i] = termExpr(t)
	}
	counts, limit, err := r.s.Archive.MatchCounts(ctx, exprs, commonShare, commonMin)
	if err != nil {
		return nil, internal("search", err)
	}
	if r.s.commonAt > 0 {
		limit = r.s.commonAt
	}
	out := make(map[int]bool)
	for i, n := range counts {
		if n >= limit {
			out[i] = true
		}
	}
	return out, nil
}

// score agrees with the order of candidates, higher first: the tier's
// level in hundreds, the terms a partial match holds in fives, who wrote
// the text in units (see unit), and the BM25 relevance mapped into [0, 1).
// The whole output behind a preview, which the agent never saw, scores
// its relevance less one, below every match of what it saw.
func score(c candidate) float64 {
	if c.meaning != nil {
		return c.meaning.score
	}
	x := -c.Rank
	if x < 0 {
		x = 0
	}
	if c.Field == archive.FieldFullResult {
		return x/(1+x) - 1
	}
	v := float64(100*c.tier.level+c.unit()) + x/(1+x)
	if c.tier.partial {
		v += float64(5 * len(c.terms))
	}
	return v
}

// unit ranks who wrote a match's text: a person 4, an assistant 3, a tool
// 2, a subagent (anything in its work, counted for its main session) 1,
// the harness's boilerplate 0.
func (c candidate) unit() int {
	switch {
	case c.class == archive.ClassBoiler:
		return 0
	case c.sub != "":
		return 1
	}
	return int(archive.ClassBoiler-c.class) + 1
}

// heldTerms returns the positions of the terms a candidate holds.
func heldTerms(c candidate, q Query) []int {
	if c.tier.partial {
		return c.terms
	}
	all := make([]int, len(q.Terms))
	for i := range all {
		all[i] = i
	}
	return all
}

// sessionRows groups candidates by session, sessions in order of their best row.
type sessionRows struct {
	id   string
	rows []candidate
}

func groupBySession(c []candidate) []*sessionRows {
	var out []*sessionRows
	by := make(map[string]*sessionRows)
	for _, x := range c {
		g := by[x.SessionID]
		if g == nil {
			g = &sessionRows{id: x.SessionID}
			by[x.SessionID] = g
			out = append(out, g)
		}
		g.rows = append(g.rows, x)
	}
	return out
}
