package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	gojson "github.com/goccy/go-json"

	"hansard/transcripts"
)

// rawLine is the part of a transcript line that the parser reads. Fields it
// does not need (usage, thinking signatures, file backups, Read results…)
// are skipped by the decoder without being copied.
type rawLine struct {
	Type              string         `json:"type"`
	Subtype           string         `json:"subtype"`
	UUID              string         `json:"uuid"`
	ParentUUID        string         `json:"parentUuid"`
	LogicalParentUUID string         `json:"logicalParentUuid"`
	SessionID         string         `json:"sessionId"`
	CWD               string         `json:"cwd"`
	GitBranch         string         `json:"gitBranch"`
	Version           string         `json:"version"`
	Timestamp         string         `json:"timestamp"`
	IsSidechain       bool           `json:"isSidechain"`
	IsMeta            bool           `json:"isMeta"`
	IsCompactSummary  bool           `json:"isCompactSummary"`
	AgentID           string         `json:"agentId"`
	RequestID         string         `json:"requestId"`
	Message           *apiMessage    `json:"message"`
	ToolUseResult     *toolUseResult `json:"toolUseResult"`
	// toolUseResultText is set when toolUseResult was a string (a failure).
	toolUseResultText *string
	// raw is the line itself, valid while the line is handled.
	raw []byte

	Summary     string `json:"summary"`
	LeafUUID    string `json:"leafUuid"`
	AITitle     string `json:"aiTitle"`
	CustomTitle string `json:"customTitle"`

	// system lines
	Content         json.RawMessage `json:"content"`
	Level           string          `json:"level"`
	CompactMetadata *struct {
		Trigger   string `json:"trigger"`
		PreTokens int    `json:"preTokens"`
	} `json:"compactMetadata"`
	RetryAttempt int `json:"retryAttempt"`
	MaxRetries   int `json:"maxRetries"`

	// progress lines
	Data *struct {
		Type    string `json:"type"`
		AgentID string `json:"agentId"`
		Prompt  string `json:"prompt"`
		// Message is the copied subagent line, decoded on its own.
		Message json.RawMessage `json:"message"`
	} `json:"data"`
	ParentToolUseID string `json:"parentToolUseID"`
}

// apiMessage is the message of a user or assistant line.
type apiMessage struct {
	ID      string  `json:"id"`
	Role    string  `json:"role"`
	Model   string  `json:"model"`
	Content []block `json:"content"`
	// text is set when content was a plain string.
	text     string
	isString bool
}

// block is one content block. Tool result content is a string or a list of
// blocks, so it stays untyped.
type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   any             `json:"content"`
	IsError   bool            `json:"is_error"`
	Source    *blockSource    `json:"source"`
}

// blockSource is the source of an image or document block.
type blockSource struct {
	MediaType string      `json:"media_type"`
	Data      encodedData `json:"data"`
}

// encodedData keeps the length and the first characters of a block's
// base64 data, not the data.
type encodedData struct {
	n    int
	head string
}

func (d *encodedData) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' {
		return nil // not a string: no data
	}
	*d = encodedData{n: len(b) - 2, head: string(b[1:min(len(b)-1, 65)])}
	return nil
}

// placeholder is the text of an image or document block: its type and
// size when it carries data, else [image] or [document].
func (b *block) placeholder() string {
	if b.Source == nil || b.Source.Data.n == 0 {
		return "[" + b.Type + "]"
	}
	return mediaPlaceholder(b.Type, b.Source.MediaType, b.Source.Data.head, b.Source.Data.n)
}

// mediaPlaceholder names the type of base64 data (given, else the one its
// bytes start with, else kind) and the size it decodes to.
func mediaPlaceholder(kind, mediaType, head string, encoded int) string {
	if mediaType == "" {
		mediaType = transcripts.Base64Type(head)
	}
	if mediaType == "" {
		mediaType = kind
	}
	return transcripts.BinaryPlaceholder(mediaType, transcripts.Base64Size(encoded))
}

// toolUseResult holds the fields of the structured tool results that the
// parser uses (§1.5 of the formats reference).
type toolUseResult struct {
	Type            string      `json:"type"`
	FilePath        string      `json:"filePath"`
	OldString       *string     `json:"oldString"`
	NewString       *string     `json:"newString"`
	OriginalFile    presence    `json:"originalFile,omitzero"`
	StructuredPatch []patchHunk `json:"structuredPatch"`
	Interrupted     bool        `json:"interrupted"`
	AgentID         string      `json:"agentId"`
	Success         *bool       `json:"success"`
	Task            *struct {
		ID json.RawMessage `json:"id"`
	} `json:"task"`
}

type patchHunk struct {
	OldStart int      `json:"oldStart"`
	OldLines int      `json:"oldLines"`
	NewStart int      `json:"newStart"`
	NewLines int      `json:"newLines"`
	Lines    []string `json:"lines"`
}

// presence records whether a JSON value was there and whether it was null,
// without copying it: originalFile holds a whole file, needed only for a
// Write (see originalFile).
type presence struct{ set, null bool }

func (p *presence) UnmarshalJSON(b []byte) error {
	p.set, p.null = true, string(b) == "null"
	return nil
}

// MarshalJSON writes null, or an empty string for a value that was there
// (the checkpoint state keeps only whether it was).
func (p presence) MarshalJSON() ([]byte, error) {
	if p.null {
		return []byte("null"), nil
	}
	return []byte(`""`), nil
}

// writeTexts are the whole files a Write's result records: the file
// before (originalFile) and after (content); nil when not recorded.
type writeTexts struct {
	orig, content *string
}

// readWriteTexts re-reads toolUseResult.originalFile and content of a line.
func readWriteTexts(line []byte) writeTexts {
	v, _ := decodeLoose[struct {
		ToolUseResult struct {
			OriginalFile *string `json:"originalFile"`
			Content      *string `json:"content"`
		} `json:"toolUseResult"`
	}](line)
	return writeTexts{v.ToolUseResult.OriginalFile, v.ToolUseResult.Content}
}

// persistedPrefix starts a tool result that Claude Code replaced by a
// preview (its first 2 KB) because the output was too large, saving the
// whole output in a file beside the transcript.
const persistedPrefix = "<persisted-output>"

// fullOutput returns the whole output that a result line's toolUseResult
// keeps (a Bash stdout and stderr; a content string or text blocks) when
// the result shown was only a persisted-output preview of it, else "".
// The line is read again for it: that happens only for such previews.
func fullOutput(line []byte, shown string) string {
	if !strings.HasPrefix(strings.TrimLeft(shown, " \t\r\n"), persistedPrefix) {
		return ""
	}
	v, _ := decodeLoose[struct {
		ToolUseResult struct {
			Stdout  string `json:"stdout"`
			Stderr  string `json:"stderr"`
			Content any    `json:"content"`
		} `json:"toolUseResult"`
	}](line)
	r := v.ToolUseResult
	full := r.Stdout
	if r.Stderr != "" {
		full = transcripts.JoinTexts(full, r.Stderr)
	}
	if full == "" {
		full = resultText(r.Content)
	}
	if strings.HasPrefix(strings.TrimLeft(full, " \t\r\n"), persistedPrefix) {
		return ""
	}
	return full
}

// altShapes re-reads the two fields whose JSON type varies between lines:
// message.content (a string for typed prompts) and toolUseResult (a string
// for failures, a list for some MCP tools).
type altShapes struct {
	Message       any `json:"message"`
	ToolUseResult any `json:"toolUseResult"`
}

// decodeLine decodes one line into ln. A line is first read by the fast
// decoder; a line it does not take (malformed, or a field of another JSON
// type than expected, such as a string content or tool result) is read
// again by encoding/json, which reports malformed lines and reads the rest
// of a line around a field of an unexpected type, which is left zero; the
// two fields whose type varies are then read again loosely.
func decodeLine(b []byte, ln *rawLine) error {
	if fastDecode(b, ln) {
		ln.raw = b
		return nil
	}
	*ln = rawLine{raw: b}
	err := json.Unmarshal(b, ln)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return err
	}
	var alt altShapes
	if err := json.Unmarshal(b, &alt); err != nil {
		return fmt.Errorf("re-read content: %w", err)
	}
	if m, ok := alt.Message.(map[string]any); ok && ln.Message != nil {
		if s, ok := m["content"].(string); ok {
			ln.Message.text, ln.Message.isString, ln.Message.Content = s, true, nil
		}
	}
	if s, ok := alt.ToolUseResult.(string); ok {
		ln.toolUseResultText = &s
		ln.ToolUseResult = nil
	}
	return nil
}

// fastDecode reads a line with github.com/goccy/go-json, several times
// faster than encoding/json on transcript lines. It gives the same result
// for the lines it takes (FuzzDecodeLine checks this) and reports false for
// any error; a panic inside the decoder is taken as an error too, so that a
// bug there costs speed, not the parse.
func fastDecode[T any](b []byte, v *T) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return gojson.Unmarshal(b, v) == nil
}

// decodeLoose decodes b into a T, fast when it can; with encoding/json a
// field of an unexpected JSON type is left zero. ok is false when b is not
// a JSON object of the expected shape.
func decodeLoose[T any](b []byte) (v T, ok bool) {
	if fastDecode(b, &v) {
		return v, true
	}
	var zero T
	v = zero
	err := json.Unmarshal(b, &v)
	var te *json.UnmarshalTypeError
	if err != nil && (!errors.As(err, &te) || te.Field == "") {
		return zero, false
	}
	return v, true
}

// jsonString decodes raw as a JSON string; ok is false for null, absent or
// other values.
func jsonString(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// jsonScalar renders a JSON string or number as text ("1" for "1" or 1).
func jsonScalar(raw json.RawMessage) string {
	if s, ok := jsonString(raw); ok {
		return s
	}
	t := strings.TrimSpace(string(raw))
	if t == "null" {
		return ""
	}
	return t
}

// resultText flattens tool_result content (a string or text blocks).
// sourcePlaceholder is the text of an image or document block inside a
// tool result.
func sourcePlaceholder(kind string, source any) string {
	src, _ := source.(map[string]any)
	data, _ := src["data"].(string)
	if data == "" {
		return "[" + kind + "]"
	}
	mediaType, _ := src["media_type"].(string)
	return mediaPlaceholder(kind, mediaType, data[:min(len(data), 64)], len(data))
}

func resultText(c any) string {
	switch v := c.(type) {
	case string:
		return v
	case []any:
		var sb strings.Builder
		for _, item := range v {
			m, ok := item.(map[string]any)
			if !ok {
				continue
			}
			t, _ := m["text"].(string)
			if t == "" {
				if typ, _ := m["type"].(string); typ == "image" || typ == "document" {
					t = sourcePlaceholder(typ, m["source"])
				}
			}
			if t == "" {
				continue
			}
			if sb.Len() > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(t)
		}
		return sb.String()
	}
	return ""
}
