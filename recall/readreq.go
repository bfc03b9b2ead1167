package recall

import "strings"

// Read limits.
const (
	DefaultReadLimit       = 20
	MaxReadLimit           = 200
	DefaultMaxMessageChars = 1500
	DefaultMaxChars        = 40000
	MaxMaxChars            = 1000000
)

// ReadRequest reads a window of one conversation. Field names follow the
// MCP tool get_past_session.
type ReadRequest struct {
	// SessionID is a session id or a unique prefix of one, or a transcript's
	// path or a file:// link to one of its lines (ParseTranscriptRef).
	SessionID string `json:"session_id"`
	// Dir is the folder a relative transcript path is taken from: the MCP
	// client's root; "" is the process's working folder. It is no argument
	// of the tool.
	Dir string `json:"-"`
	// Around centres the window on a message index (a search hit's); nil
	// reads from the start.
	Around *int `json:"around,omitempty"`
	// Limit is the number of messages (default 20, at most 200).
	Limit int `json:"limit,omitempty"`
	// Roles keeps only messages of these roles; each keeps its index.
	Roles []string `json:"roles,omitempty"`
	// Cursor continues a previous read (its Next).
	Cursor         string `json:"cursor,omitempty"`
	GroupRevisions bool   `json:"group_revisions,omitempty"`
	// MaxMessageChars caps each message's text (default 1,500 characters).
	MaxMessageChars int `json:"max_message_chars,omitempty"`
	// MaxChars caps the text of the whole response (default 40,000); a
	// single-message read (limit 1) may use all of it.
	MaxChars int `json:"max_chars,omitempty"`
	// ContentOffset starts a single-message read (limit 1) this many
	// characters into the message's text.
	ContentOffset int `json:"content_offset,omitempty"`
}

// readPlan is a validated ReadRequest. The window starts at from (going
// forward) or is centred on around.
type readPlan struct {
	ref           string
	around        int
	centred       bool
	from          int
	limit         int
	roles         []string
	group         bool
	maxMessage    int
	maxChars      int
	contentOffset int
	cursorCheck   string // set when a cursor was given; compared once the id is resolved
}

func (r ReadRequest) validate() (readPlan, error) {
	p := readPlan{ref: strings.TrimSpace(r.SessionID), group: r.GroupRevisions}
	if p.ref == "" {
		return readPlan{}, invalidArg("session_id", "session_id is empty")
	}
	if err := checkText("session_id", p.ref); err != nil {
		return readPlan{}, err
	}
	var err error
	if p.roles, err = validRoles(r.Roles); err != nil {
		return readPlan{}, err
	}
	if p.limit, err = positiveOr("limit", r.Limit, DefaultReadLimit, MaxReadLimit); err != nil {
		return readPlan{}, err
	}
	if p.maxChars, err = positiveOr("max_chars", r.MaxChars, DefaultMaxChars, MaxMaxChars); err != nil {
		return readPlan{}, err
	}
	if p.maxMessage, err = positiveOr("max_message_chars", r.MaxMessageChars, DefaultMaxMessageChars, MaxMaxChars); err != nil {
		return readPlan{}, err
	}
	if p.maxMessage > p.maxChars {
		p.maxMessage = p.maxChars
	}
	if p.limit == 1 {
		p.maxMessage = p.maxChars // one message may use the whole budget
	}
	if r.ContentOffset < 0 {
		return readPlan{}, invalidArgf("content_offset", "content_offset must not be negative")
	}
	if r.ContentOffset > 0 && p.limit != 1 {
		return readPlan{}, invalidArg("content_offset", "content_offset continues a single message: give limit 1 and around its index")
	}
	p.contentOffset = r.ContentOffset
	if r.Around != nil {
		if *r.Around < 0 {
			return readPlan{}, invalidArgf("around", "around must be a message index (0 or more), not %d", *r.Around)
		}
		p.around, p.centred = *r.Around, true
		if p.contentOffset > 0 {
			p.from, p.centred = p.around, false
		}
	}
	if r.Cursor != "" {
		var c readCursor
		if err := decodeCursor(r.Cursor, &c); err != nil || c.From < 0 || c.ContentOffset < 0 {
			return readPlan{}, invalidArg("cursor", "cursor is not one a read returned")
		}
		p.from, p.centred, p.cursorCheck = c.From, false, c.Check
		if c.ContentOffset > 0 {
			p.contentOffset, p.limit, p.maxMessage = c.ContentOffset, 1, p.maxChars
		}
	} else if p.contentOffset > 0 && r.Around == nil {
		return readPlan{}, invalidArg("around", "content_offset needs around: the index of the message to continue")
	}
	return p, nil
}

// positiveOr returns v, or def when v is zero (unset); a v outside 1 to
// max is an invalid argument for field.
func positiveOr(field string, v, def, max int) (int, error) {
	switch {
	case v == 0:
		return def, nil
	case v < 1 || v > max:
		return 0, invalidArgf(field, "%s must be 1 to %d, not %d", field, max, v)
	}
	return v, nil
}

// splitWindow decides how many of the messages before a centre (up to
// before available) and from it on (up to after available) a window of
// limit messages shows: half before, the rest after, and whatever one side
// lacks taken from the other.
func splitWindow(before, after, limit int) (nb, na int) {
	nb = min(before, limit/2)
	na = min(after, limit-nb)
	nb = min(before, limit-na)
	return nb, na
}
