package archive

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// textIndexes are the full-text indexes of text the archive stores: the
// searched texts' and the memory files'. (vocab_fts indexes the
// identifiers of the vocab table, whose terms IndexTerms reads from the
// table itself.)
var textIndexes = append(slices.Clone(ftsTables), "memory_fts")

// IndexTerms returns every term the full-text indexes hold (lower case,
// as the tokenizer keeps them): those of textIndexes and the identifiers
// of the vocabulary, for checking what the index lets one find: the
// privacy tests hold it to no secret.
func (a *Archive) IndexTerms(ctx context.Context) ([]string, error) {
	conn, err := a.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("index terms: %w", err)
	}
	defer conn.Close()
	var terms []string
	for _, table := range textIndexes {
		vocab := "temp.vocab_" + table
		if _, err := conn.ExecContext(ctx, `CREATE VIRTUAL TABLE IF NOT EXISTS `+vocab+` USING fts5vocab(main, `+table+`, row)`); err != nil {
			return nil, fmt.Errorf("index terms: %w", err)
		}
		rows, err := conn.QueryContext(ctx, `SELECT term FROM `+vocab)
		if err != nil {
			return nil, fmt.Errorf("index terms: %w", err)
		}
		for rows.Next() {
			var term string
			if err := rows.Scan(&term); err != nil {
				rows.Close()
				return nil, fmt.Errorf("index terms: %w", err)
			}
			terms = append(terms, term)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("index terms: %w", err)
		}
	}
	// The vocabulary of identifiers (see identifiers) is words of the index too.
	rows, err := conn.QueryContext(ctx, `SELECT term FROM vocab`)
	if err != nil {
		return nil, fmt.Errorf("index terms: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var term string
		if err := rows.Scan(&term); err != nil {
			return nil, fmt.Errorf("index terms: %w", err)
		}
		terms = append(terms, term)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("index terms: %w", err)
	}
	return terms, nil
}

// IndexState returns when the archive was last refreshed (zero if never)
// and whether indexing is paused.
func (a *Archive) IndexState(ctx context.Context) (builtAt time.Time, paused bool, err error) {
	if builtAt, err = a.lastRefresh(ctx); err != nil {
		return time.Time{}, false, err
	}
	paused, err = a.Paused(ctx)
	return builtAt, paused, err
}
