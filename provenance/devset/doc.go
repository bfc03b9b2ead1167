// Package devset holds hansard's accuracy test on real work: the
// development set beside the checkout (../shared/devset) holds real
// repositories with the transcripts their coding agents wrote and an
// independent ground truth of which sessions wrote which lines.
//
// For each set the test clones the repository from its bundle, unpacks
// the home folder of transcripts, indexes them into an archive with the
// path maps a user would give (each recorded repository root to the
// clone), answers every file of the ground truth whole through
// provenance.Attributor over provenance.ArchiveAdapters (as `hansard why
// FILE` does), and scores the answers on gt-strict.jsonl: precision
// (answers naming a right session among all answers naming one),
// recall (positives answered with a right session) and false attribution
// (lines older than every archived session that were attributed), per set
// and per provider, with the misses grouped by status and reason. It
// fails when a figure falls below the floor it holds (the right answers
// weaker than proven included), or when the source link of an edit an
// answer names is not the transcript line of its tool call. The sets are built
// once per test binary; the test is skipped when the folder is absent.
//
// TestDevsetCodeHistory asks code_history (recall.Host over the same
// archive, as `hansard log FILE --json` does) for every file with a
// positive of gt-strict.jsonl and holds the share of the sessions the
// ground truth credits with a line of the file that it lists, and that it
// lists none without a part in the file (no edit of its lineage, no line
// credited, no checkpoint on its commits, no git commit of it or line of
// it written elsewhere that the transcript shows).
//
// TestDevsetAutoAttach takes a copy of each archive as indexed, attaches
// it again with no path map (what indexing the home with none stores) and
// checks that the maps provenance.FindAutoMaps finds from the agents'
// recorded git state are all among the user's maps, as many as it holds.
//
//	go test ./provenance/devset -run Devset -v
//
// The package has no code of its own.
package devset
