// Package local is an embedding model learned from the archive itself,
// with nothing downloaded and nothing sent anywhere: word vectors from the
// positive pointwise mutual information of the words that occur near each
// other in the archive's messages, reduced to a few dimensions by a
// truncated singular value decomposition (a seeded randomized range
// finder with power iterations, in pure Go), and a text's vector the
// normalized mean of its words' vectors weighted by their inverse
// document frequency. Identifiers are split on case and underscores, so
// that their pieces meet the same words as prose does.
//
// Train builds a Model from a replayable source of texts; the same texts
// and Options give the same model. A Model is an embed.Embedder; Save and
// Load keep it in one file (mode 0600). Due says when an archive has grown
// enough since the last training to train again.
package local
