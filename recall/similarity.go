package recall

// Revision grouping: a prompt edited and sent again (a rewind's sibling
// prompt, or a near-identical re-submission) is one message in several
// copies. Grouping keeps the latest copy and lists the others.

// Similarity thresholds.
const (
	// RevisionSimilarity is the least Similarity of two texts that makes
	// them copies of one message.
	RevisionSimilarity = 0.8
	// minRevisionWords keeps short replies ("yes", "go on") from being
	// taken for copies of each other on text alone.
	minRevisionWords = 4
	// maxCompareWords bounds the cost of comparing long texts.
	maxCompareWords = 400
)

// Similarity returns how alike two texts are, from 0 to 1: one minus the
// word-level edit distance divided by the longer word count, over folded
// words (case, punctuation and spacing do not count). Two texts without
// words are alike (1). Only the first 400 words of each text are compared.
func Similarity(a, b string) float64 {
	return wordSimilarity(capWords(words(a)), capWords(words(b)))
}

func capWords(w []string) []string {
	if len(w) > maxCompareWords {
		return w[:maxCompareWords]
	}
	return w
}

func wordSimilarity(a, b []string) float64 {
	la, lb := len(a), len(b)
	longer := la
	if lb > longer {
		longer = lb
	}
	if longer == 0 {
		return 1
	}
	return 1 - float64(editDistance(a, b))/float64(longer)
}

// editDistance is the Levenshtein distance between two word sequences.
func editDistance(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// revisionItem is a message considered for grouping.
type revisionItem struct {
	Index      int
	Role       string
	Human      bool
	Text       string
	ParentUUID string
}

// isRevision reports whether two messages are copies of one message: same
// role, and either sibling human prompts of one parent (a rewind or an
// edited prompt branches there) or texts of at least a few words that are
// near-identical.
func isRevision(a, b revisionItem, wa, wb []string) bool {
	if a.Role != b.Role {
		return false
	}
	if a.Human && b.Human && a.ParentUUID != "" && a.ParentUUID == b.ParentUUID {
		return true
	}
	if len(wa) < minRevisionWords || len(wb) < minRevisionWords {
		return false
	}
	short, long := len(wa), len(wb)
	if short > long {
		short, long = long, short
	}
	// The edit distance is at least the difference in length.
	if float64(short)/float64(long) < RevisionSimilarity {
		return false
	}
	return wordSimilarity(wa, wb) >= RevisionSimilarity
}

// groupRevisions partitions items into groups of copies. It returns, for
// each item, the position (in items) of its group's latest copy: the one
// with the highest message index.
func groupRevisions(items []revisionItem) []int {
	parent := make([]int, len(items))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	ws := make([][]string, len(items))
	for i, it := range items {
		ws[i] = capWords(words(it.Text))
	}
	for i := range items {
		for j := i + 1; j < len(items); j++ {
			if find(i) != find(j) && isRevision(items[i], items[j], ws[i], ws[j]) {
				parent[find(i)] = find(j)
			}
		}
	}
	latest := make(map[int]int) // root → position of the highest index
	for i := range items {
		r := find(i)
		if l, ok := latest[r]; !ok || items[i].Index > items[l].Index {
			latest[r] = i
		}
	}
	out := make([]int, len(items))
	for i := range items {
		out[i] = latest[find(i)]
	}
	return out
}
