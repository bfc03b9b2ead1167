package recall

import (
	"encoding/base64"
	"encoding/json"
	"hash/fnv"
	"strconv"
)

// Cursors are opaque to callers: base64 of a small JSON object holding the
// position to continue from and a checksum of the request fields that
// define the result list, so that a cursor is refused with another query.

// searchCursor continues a search: a listing by its offset, a keyword
// search by the conversations already shown (hashed, so that the cursor
// stays short), which the next page leaves out. Leaving them out, rather
// than counting past them, keeps pages apart even though each page ranks
// the conversations it finds afresh.
type searchCursor struct {
	Offset int      `json:"o,omitempty"`
	Seen   []string `json:"s,omitempty"`
	Check  string   `json:"c"`
}

// searchCheck hashes what decides the ordered list of sessions.
func searchCheck(r SearchRequest) string {
	r.Cursor, r.Limit = "", 0
	b, _ := json.Marshal(r)
	return checksum(b)
}

func encodeSearchCursor(c searchCursor, r SearchRequest) string {
	c.Check = searchCheck(r)
	return encodeCursor(c)
}

func decodeSearchCursor(s string, r SearchRequest) (searchCursor, error) {
	var c searchCursor
	if err := decodeCursor(s, &c); err != nil || c.Offset < 0 {
		return searchCursor{}, invalidArg("cursor", "cursor is not one this search returned")
	}
	if c.Check != searchCheck(r) {
		return searchCursor{}, invalidArg("cursor", "cursor belongs to a different search (query and filters must not change between pages)")
	}
	return c, nil
}

// sessionHash is the short form of a session id a cursor keeps.
func sessionHash(id string) string { return checksum([]byte(id)) }

type readCursor struct {
	From          int    `json:"f"`
	ContentOffset int    `json:"co,omitempty"`
	Check         string `json:"c"`
}

// readCheck hashes what decides the sequence of messages a read walks.
func readCheck(sessionID string, r ReadRequest) string {
	b, _ := json.Marshal(struct {
		S string
		R []string
		G bool
	}{sessionID, r.Roles, r.GroupRevisions})
	return checksum(b)
}

func encodeCursor(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

func checksum(b []byte) string {
	h := fnv.New64a()
	h.Write(b)
	return strconv.FormatUint(h.Sum64(), 36)
}
