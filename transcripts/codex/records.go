package codex

import (
	"bytes"
	"encoding/json"
	"strings"

	"hansard/transcripts"
)

// The shapes below are the parts of Codex records that are read; every
// other field is skipped by the decoder. Fields whose type drifts between
// versions are json.RawMessage and decoded where they are used.

// envelope is one line: {"timestamp","type","payload"} or, in the legacy
// format, a bare header ({"id","timestamp","git"}), a {"record_type"}
// marker or a bare response item.
type envelope struct {
	Timestamp  string          `json:"timestamp"`
	Type       string          `json:"type"`
	Payload    json.RawMessage `json:"payload"`
	RecordType string          `json:"record_type"`
	ID         string          `json:"id"`
	Git        *gitInfo        `json:"git"`
}

type gitInfo struct {
	CommitHash    string `json:"commit_hash"`
	Branch        string `json:"branch"`
	RepositoryURL string `json:"repository_url"`
}

type sessionMeta struct {
	ID           string          `json:"id"`
	Timestamp    string          `json:"timestamp"`
	CWD          string          `json:"cwd"`
	Originator   string          `json:"originator"`
	CLIVersion   string          `json:"cli_version"`
	Source       json.RawMessage `json:"source"`
	ForkedFromID string          `json:"forked_from_id"`
	Git          *gitInfo        `json:"git"`
}

// metaSource is the object form of session_meta.source.
type metaSource struct {
	Subagent json.RawMessage `json:"subagent"`
}

type threadSpawn struct {
	ThreadSpawn *struct {
		ParentThreadID string `json:"parent_thread_id"`
	} `json:"thread_spawn"`
}

type turnContext struct {
	CWD   string `json:"cwd"`
	Model string `json:"model"`
}

// item is a response_item payload (and a bare legacy item).
type item struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Arguments text            `json:"arguments"`
	Input     text            `json:"input"`
	CallID    string          `json:"call_id"`
	ID        string          `json:"id"`
	Output    text            `json:"output"`
	Summary   []textPart      `json:"summary"`
	Action    json.RawMessage `json:"action"`
}

type textPart struct {
	Type string `json:"type"`
	Text string `json:"text"`
	// ImageURL is an input_image's image, a data: URL or a link.
	ImageURL string `json:"image_url"`
}

type shellAction struct {
	Type             string   `json:"type"`
	Command          []string `json:"command"`
	WorkingDirectory string   `json:"working_directory"`
}

// event is an event_msg payload.
type event struct {
	Type        string                `json:"type"`
	Message     json.RawMessage       `json:"message"`
	CallID      string                `json:"call_id"`
	ExitCode    *int                  `json:"exit_code"`
	Command     json.RawMessage       `json:"command"`
	CWD         string                `json:"cwd"`
	Success     *bool                 `json:"success"`
	Stdout      json.RawMessage       `json:"stdout"`
	Status      string                `json:"status"`
	Changes     map[string]fileChange `json:"changes"`
	NewThreadID string                `json:"new_thread_id"`
	ThreadName  string                `json:"thread_name"`
}

// fileChange is one entry of patch_apply_end.changes, internally tagged
// ({"type":"update",…}) or, in older versions, externally tagged
// ({"update":{…}}).
type fileChange struct {
	Type        string      `json:"type"`
	UnifiedDiff string      `json:"unified_diff"`
	MovePath    string      `json:"move_path"`
	Content     string      `json:"content"`
	NewContent  string      `json:"new_content"`
	OldContent  string      `json:"old_content"`
	Add         *fileChange `json:"add"`
	Delete      *fileChange `json:"delete"`
	Update      *fileChange `json:"update"`
}

// normalized folds the externally tagged form into the internally tagged one.
func (c fileChange) normalized() fileChange {
	switch {
	case c.Add != nil:
		n := *c.Add
		n.Type = "add"
		return n
	case c.Delete != nil:
		n := *c.Delete
		n.Type = "delete"
		return n
	case c.Update != nil:
		n := *c.Update
		n.Type = "update"
		return n
	}
	return c
}

type compacted struct {
	Message string `json:"message"`
}

// jsonString decodes raw when it is a JSON string; otherwise it returns
// raw's text (for an object or array) or "" (for null or nothing).
func jsonString(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

// partsText joins the text of content parts (input_text, output_text, …).
// A message's images are left out: its twin event (user_message) holds
// the text alone, and the two must read alike.
func partsText(parts []textPart) string { return joinParts(parts, false) }

// outputText joins the text of a tool output's content parts, an
// input_image as the placeholder of its type and size.
func outputText(parts []textPart) string { return joinParts(parts, true) }

func joinParts(parts []textPart, images bool) string {
	var b strings.Builder
	for _, p := range parts {
		t := p.Text
		if t == "" && images && p.Type == "input_image" {
			t = imageText(p.ImageURL)
		}
		if t == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(t)
	}
	return b.String()
}

// imageText is the placeholder of an input_image: the type and size of a
// data: URL's image, else [image].
func imageText(url string) string {
	if rest, ok := strings.CutPrefix(url, "data:"); ok {
		if meta, data, ok := strings.Cut(rest, ","); ok && strings.HasSuffix(meta, ";base64") {
			mediaType, _, _ := strings.Cut(meta, ";")
			if mediaType == "" {
				mediaType = "image"
			}
			return transcripts.BinaryPlaceholder(mediaType, transcripts.Base64Size(len(data)))
		}
	}
	return "[image]"
}

// contentText reads message content: an array of parts or a plain string.
func contentText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '[' {
		var parts []textPart
		if json.Unmarshal(raw, &parts) == nil {
			return partsText(parts)
		}
	}
	return jsonString(raw)
}

// compactJSON returns raw compacted, or s encoded as a JSON string when raw
// is not valid JSON. Tool inputs are stored compacted so that they survive a
// round trip through the checkpoint state unchanged.
func compactJSON(raw []byte) json.RawMessage {
	var b bytes.Buffer
	if json.Valid(raw) && json.Compact(&b, raw) == nil {
		return b.Bytes()
	}
	return marshalString(string(raw))
}

func marshalString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'})
}
