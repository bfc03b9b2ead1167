package archive

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// LedgerCandidates returns the ledger entries of repo that introduced a
// common-or-not line whose key hash is in hashes and is not trivial, each
// with all of its lines in order (trivial ones included). It is one query
// whatever the number of hashes, reading one row per entry.
func (a *Archive) LedgerCandidates(ctx context.Context, repo string, hashes []int64) ([]LedgerRow, error) {
	if len(hashes) == 0 {
		return nil, nil
	}
	keys, err := json.Marshal(hashes)
	if err != nil {
		return nil, err
	}
	rows, err := a.query(ctx, `WITH k(h) AS (SELECT DISTINCT value FROM json_each(?)),
		ids(id) AS (SELECT DISTINCT l.entry FROM k JOIN ledger_lines l ON l.key_hash = k.h AND l.trivial = 0)
		SELECT e.session_id, e.call_id, e.seq, e.path, e.provider, e.message_idx, e.tool, e.ts,
			e.replace_all, e.body
		FROM ids JOIN ledger_entries e ON e.id = ids.id
		WHERE e.repo_root = ?
		ORDER BY e.id`, string(keys), repo)
	if err != nil {
		return nil, translate(err, "ledger candidates")
	}
	defer rows.Close()
	var out []LedgerRow
	for rows.Next() {
		var (
			e    LedgerRow
			ts   sql.NullInt64
			body string
		)
		if err := rows.Scan(&e.SessionID, &e.CallID, &e.Seq, &e.Path, &e.Provider, &e.MessageIndex, &e.Tool,
			&ts, &e.ReplaceAll, &body); err != nil {
			return nil, translate(err, "ledger candidates")
		}
		if e.Lines, err = decodeBody(body); err != nil {
			return nil, fmt.Errorf("ledger candidates: entry %s/%s: %w", e.SessionID, e.CallID, err)
		}
		e.RepoRoot, e.Time = repo, fromMillis(ts)
		out = append(out, e)
	}
	return out, translate(rows.Err(), "ledger candidates")
}

// EditDescription is what is shown of an archived edit.
type EditDescription struct {
	SessionTitle string
	SessionStart time.Time // UTC; zero if unknown
	// Prompt is the text of the nearest human message at or before the
	// edit's message ("" when there is none).
	Prompt string
	// Source links to the transcript line of the edit's tool call (of its
	// message when the call's line is not known): the original file while
	// it exists, else the retained copy.
	Source string
}

// DescribeEdits returns the description of each edit it finds, keyed by
// edit (a shell command is described as an edit of its call with seq 0);
// edits it does not know are left out. It is one query.
func (a *Archive) DescribeEdits(ctx context.Context, edits []LedgerEdit) (map[LedgerEdit]EditDescription, error) {
	out := make(map[LedgerEdit]EditDescription, len(edits))
	if len(edits) == 0 {
		return out, nil
	}
	arg, err := editKeysArg(edits)
	if err != nil {
		return nil, err
	}
	rows, err := a.query(ctx, editKeysCTE+`
		SELECT k.sid, k.call, k.seq, s.title, s.started_at, s.source_deleted, coalesce(src.path, ''),
			coalesce(src.provider, ''),
			coalesce((SELECT m.text FROM messages m WHERE m.session = s.pk AND m.human = 1
				AND m.idx <= coalesce(e.message_idx, cm.message_idx) ORDER BY m.idx DESC LIMIT 1), ''),
			coalesce(nullif((SELECT c.line FROM tool_calls c WHERE c.session = s.pk AND c.call_id = k.call), 0),
				(SELECT m.line FROM messages m WHERE m.session = s.pk AND m.idx = coalesce(e.message_idx, cm.message_idx)), 0)
		FROM k JOIN sessions s ON s.id = k.sid
		LEFT JOIN edits e ON e.session = s.pk AND e.call_id = k.call AND e.seq = k.seq
		LEFT JOIN commands cm ON cm.session = s.pk AND cm.call_id = k.call AND k.seq = 0
		LEFT JOIN sources src ON src.id = s.source_id
		WHERE e.id IS NOT NULL OR cm.id IS NOT NULL`, arg)
	if err != nil {
		return nil, translate(err, "describe edits")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			k       LedgerEdit
			d       EditDescription
			started sql.NullInt64
			si      SessionInfo
			srcProv string
			line    int
		)
		if err := rows.Scan(&k.SessionID, &k.CallID, &k.Seq, &d.SessionTitle, &started, &si.SourceDeleted,
			&si.SourcePath, &srcProv, &d.Prompt, &line); err != nil {
			return nil, translate(err, "describe edits")
		}
		d.SessionStart = fromMillis(started)
		if si.SourcePath != "" {
			si.RetainedPath = a.RetainedPath(srcProv, si.SourcePath)
		}
		d.Source = si.SourceLink(line)
		out[k] = d
	}
	return out, translate(rows.Err(), "describe edits")
}

// editKeysCTE names the rows of editKeysArg's JSON (the query's first
// argument) k(sid, call, seq).
const editKeysCTE = `WITH k(sid, call, seq) AS (
	SELECT json_extract(value, '$.s'), json_extract(value, '$.c'), json_extract(value, '$.n') FROM json_each(?))`

// editKeysArg encodes edits as the JSON array editKeysCTE reads.
func editKeysArg(edits []LedgerEdit) (string, error) {
	type item struct {
		S string `json:"s"`
		C string `json:"c"`
		N int    `json:"n"`
	}
	items := make([]item, len(edits))
	for i, e := range edits {
		items[i] = item{e.SessionID, e.CallID, e.Seq}
	}
	b, err := json.Marshal(items)
	return string(b), err
}

// AttributionCache is a kept result of attribution: a blame ("blame") or
// a file's answers ("matches"), encoded by the caller.
const (
	CacheBlame   = "blame"
	CacheMatches = "matches"
)

// maxCachedPerFile bounds the results kept per kind and file: the oldest
// used go first.
const maxCachedPerFile = 4

// LoadCached returns the data kept under (kind, repo, path, key).
func (a *Archive) LoadCached(ctx context.Context, kind, repo, path, key string) ([]byte, bool, error) {
	var data []byte
	err := a.queryRow(ctx, `SELECT data FROM attribution_cache
		WHERE kind = ? AND repo_root = ? AND path = ? AND key = ?`, kind, repo, path, key).Scan(&data)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, translate(err, "load cached "+kind)
	}
	return data, true, nil
}

// StoreCached keeps data under (kind, repo, path, key), dropping the
// file's oldest results of the kind beyond a few.
func (a *Archive) StoreCached(ctx context.Context, kind, repo, path, key string, data []byte) error {
	now := a.now().UnixNano()
	err := a.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO attribution_cache (kind, repo_root, path, key, data, used_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, repo_root, path, key)
			DO UPDATE SET data = excluded.data, used_at = excluded.used_at`, kind, repo, path, key, data, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM attribution_cache WHERE kind = ? AND repo_root = ? AND path = ?
			AND key NOT IN (SELECT key FROM attribution_cache WHERE kind = ? AND repo_root = ? AND path = ?
				ORDER BY used_at DESC LIMIT ?)`, kind, repo, path, kind, repo, path, maxCachedPerFile)
		return err
	})
	if err != nil {
		return fmt.Errorf("store cached %s: %w", kind, err)
	}
	return nil
}
