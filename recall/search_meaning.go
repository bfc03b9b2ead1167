package recall

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"hansard/archive"
	"hansard/transcripts"
)

// How a hit was found by meaning and hybrid search (see MatchedByKeyword).
const (
	MatchedByMeaning = "meaning" // the embedding of a passage is near the query's
	MatchedByBoth    = "both"    // hybrid search: keyword and meaning search both found it
)

// rrfK is the constant of reciprocal rank fusion: a hit ranked r in a
// list scores 1/(rrfK+r).
const rrfK = 60

// meaningPerSession is how many passages per session shown a meaning
// search looks for first (more when filters leave too few).
const meaningPerSession = 8

// meaningTier cites what meaning search found: no words to cut an
// excerpt around, no terms held.
var meaningTier = &tier{label: MatchedByMeaning, partial: true}

// meaningMatch is what meaning or hybrid search knows of a candidate.
type meaningMatch struct {
	// similarity is the cosine of the message's best passage with the
	// query, when meaning search found it (hasSimilarity).
	similarity    float64
	hasSimilarity bool
	// start is that passage's byte offset in the message's text without
	// boilerplate.
	start int
	label string
	score float64
}

// skipMeaning is why a meaning search did not run: the notice says so.
type skipMeaning struct{ notice string }

func (e *skipMeaning) Error() string { return e.notice }

// ranked returns the candidates of a search with words in the plan's
// mode: keyword search, meaning search, or both fused (hybrid). When
// meaning search cannot run it runs keyword search, and resp names the
// mode that ran and says why.
func (s *Service) ranked(ctx context.Context, p searchPlan, f archive.SearchFilter, want int, resp *SearchResponse) (*searchRun, error) {
	keyword := func() (*searchRun, error) {
		return s.candidates(ctx, p.query, f, want, p.hitsPerSession, p.req.IncludeBoilerplate)
	}
	if p.mode == ModeKeyword {
		return keyword()
	}
	found, err := s.meaningCandidates(ctx, p, f, want)
	var skip *skipMeaning
	if errors.As(err, &skip) {
		resp.Mode, resp.RequestedMode, resp.ModeNotice = ModeKeyword, p.mode, skip.notice
		return keyword()
	}
	if err != nil {
		return nil, err
	}
	if p.mode == ModeMeaning {
		return &searchRun{out: found}, nil
	}
	run, err := keyword()
	if err != nil {
		return nil, err
	}
	run.out = fuse(run.out, found)
	return run, nil
}

// meaningCandidates returns the messages whose passages are nearest the
// query's meaning under the filters, best first, until they span want
// sessions (or every vector was looked at).
func (s *Service) meaningCandidates(ctx context.Context, p searchPlan, f archive.SearchFilter, want int) ([]candidate, error) {
	m, err := s.meaning(ctx)
	if err != nil {
		return nil, err
	}
	if err := m.Err(); err != nil {
		return nil, &skipMeaning{fmt.Sprintf("%s search skipped: %v; keyword search ran instead", p.mode, err)}
	}
	vm, ok, err := s.Archive.VectorModel(ctx)
	if err != nil {
		return nil, internal("read the vectors' model", err)
	}
	stale := !ok || vm.Model != m.emb.Model() || (m.emb.Dims() > 0 && vm.Dims != m.emb.Dims())
	if stale || !vm.Built {
		done, total, err := s.Archive.VectorProgress(ctx)
		if err != nil {
			return nil, internal("read the vectors' progress", err)
		}
		if stale {
			done = 0
		}
		return nil, &skipMeaning{buildingNotice(p.mode, m.emb.Model(), stale && ok, done, total)}
	}
	qv, err := m.queryVector(ctx, s.Archive, p.req.Query)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &skipMeaning{fmt.Sprintf("%s search skipped: %s did not answer (%v); keyword search ran instead", p.mode, m.where, err)}
	}
	if len(qv) != vm.Dims {
		return nil, &skipMeaning{fmt.Sprintf("%s search skipped: the query's vector has %d dimensions and the archive's %d; they are rebuilt on the next refresh; keyword search ran instead", p.mode, len(qv), vm.Dims)}
	}
	index, _, err := m.vectors(ctx, s.Archive)
	if err != nil {
		return nil, internal("load vectors", err)
	}
	if index == nil || index.Len() == 0 {
		return []candidate{}, nil
	}
	perSession := max(meaningPerSession, 2*p.hitsPerSession)
	for k := want * perSession; ; k *= 8 {
		matches := index.Search(qv, k)
		ids := make([]int64, len(matches))
		sims := make(map[int64]float32, len(matches))
		for i, x := range matches {
			ids[i], sims[x.ID] = x.ID, x.Similarity
		}
		hits, err := s.Archive.VectorHits(ctx, ids, f)
		if err != nil {
			return nil, internal("search by meaning", err)
		}
		out, sessions := meaningRows(hits, sims, p.hitsPerSession)
		if sessions >= want || k >= index.Len() {
			return out, nil
		}
	}
}

// meaningRows keeps each message's best passage and up to hits messages
// per session, best first; it returns them and the sessions they span.
func meaningRows(hits []archive.VectorHit, sims map[int64]float32, hits1 int) ([]candidate, int) {
	seen := make(map[int64]bool)
	per := make(map[string]int)
	var out []candidate
	for _, h := range hits {
		if seen[h.RowID] || per[h.SessionID] >= hits1 {
			continue
		}
		seen[h.RowID] = true
		per[h.SessionID]++
		class := archive.ClassSaid
		if h.Role == transcripts.RoleUser {
			class = archive.ClassUser
		}
		sim := float64(sims[h.VectorID])
		out = append(out, candidate{TextHit: h.TextHit, class: class, tier: meaningTier,
			meaning: &meaningMatch{similarity: sim, hasSimilarity: true, start: h.Start, label: MatchedByMeaning, score: sim}})
	}
	return out, len(per)
}

// buildingNotice says that the vectors are still being computed, and how
// far along.
func buildingNotice(mode, model string, rebuild bool, done, total int) string {
	what := "being built"
	if rebuild {
		what = "being rebuilt for model " + model
	}
	pct := 0.0
	if total > 0 {
		pct = math.Floor(1000*float64(done)/float64(total)) / 10
	}
	return fmt.Sprintf("%s search skipped: the meaning index is still %s (%d of %d messages, %.1f%%); keyword search ran instead", mode, what, done, total, pct)
}

// fuse merges keyword and meaning candidates (each best first) by
// reciprocal rank fusion: a message scores the sum of 1/(rrfK+rank) over
// the lists it is in. Keyword candidates keep their excerpts; each says
// which search found it.
func fuse(keyword, meaning []candidate) []candidate {
	byMeaning := make(map[hitKey]int, len(meaning))
	for i, c := range meaning {
		byMeaning[keyOf(c.TextHit)] = i
	}
	out := make([]candidate, 0, len(keyword)+len(meaning))
	both := make(map[hitKey]bool)
	for i, c := range keyword {
		mm := &meaningMatch{label: MatchedByKeyword, score: 1.0 / float64(rrfK+i+1)}
		if j, ok := byMeaning[keyOf(c.TextHit)]; ok {
			m := meaning[j].meaning
			mm.label, mm.similarity, mm.hasSimilarity, mm.start = MatchedByBoth, m.similarity, true, m.start
			mm.score += 1.0 / float64(rrfK+j+1)
			both[keyOf(c.TextHit)] = true
		}
		c.meaning = mm
		out = append(out, c)
	}
	for j, c := range meaning {
		if both[keyOf(c.TextHit)] {
			continue
		}
		m := *c.meaning
		m.score = 1.0 / float64(rrfK+j+1)
		c.meaning = &m
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		switch {
		case a.meaning.score > b.meaning.score:
			return -1
		case a.meaning.score < b.meaning.score:
			return 1
		}
		return 0
	})
	return out
}

// matchedBy names what found a candidate (see Hit.MatchedBy).
func (c candidate) matchedBy() string {
	if c.meaning != nil {
		return c.meaning.label
	}
	return c.tier.label
}

// passageSimilarity is the similarity of a candidate's best passage, when
// meaning search found it.
func (c candidate) passageSimilarity() *float64 {
	if c.meaning == nil || !c.meaning.hasSimilarity {
		return nil
	}
	v := math.Round(c.meaning.similarity*10000) / 10000
	return &v
}

// excerpt cuts a candidate's excerpt from its text: around the query's
// words, or from the passage meaning search found when only it did.
func (c candidate) excerpt(text string) string {
	if c.meaning == nil || c.meaning.label != MatchedByMeaning {
		return Excerpt(text, c.tier.shown, DefaultExcerptChars)
	}
	said := archive.SaidText(text)
	if c.meaning.start <= 0 || c.meaning.start >= len(said) {
		return Excerpt(said, Query{}, DefaultExcerptChars)
	}
	return "…" + Excerpt(said[c.meaning.start:], Query{}, DefaultExcerptChars)
}
