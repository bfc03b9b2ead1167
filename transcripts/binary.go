package transcripts

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Binary content (an image the agent read, base64 content blocks, a
// command's non-text output) is kept as a one-line placeholder naming its
// type and size, "[image/png, 48 KB]", in the text that is stored, shown
// and searched.

// BinaryPlaceholder is the placeholder of size bytes of binary content of
// a media type ("binary" when it is not known).
func BinaryPlaceholder(mediaType string, size int) string {
	if mediaType == "" {
		mediaType = "binary"
	}
	return "[" + mediaType + ", " + byteSize(size) + "]"
}

// Base64Size is the number of bytes that n characters of base64 decode to.
func Base64Size(n int) int { return n * 3 / 4 }

func byteSize(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%d KB", (n+512)/1024)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
	}
}

// Thresholds of ElideBinary.
const (
	// minBase64Run is the length from which a run of base64 characters
	// (on one line, or on lines of one width) is taken for encoded data.
	minBase64Run = 1024
	// minBase64Line is the shortest line of wrapped base64 (MIME wraps at
	// 76, PEM at 64).
	minBase64Line = 60
	// minBinaryRunes and binaryShare: a text with at least that many
	// control characters, replacement characters or invalid bytes, making
	// up at least that share of it, is binary output.
	minBinaryRunes = 16
	binaryShare    = 10 // percent
)

// ElideBinary returns s with its binary content replaced by placeholders:
// a text that is mostly control characters, replacement characters or
// invalid UTF-8 becomes one placeholder of its size from its first line
// holding one (the lines of text before it, such as a command's exit
// status, stay); data: URLs and long
// runs of base64 (on one line, or wrapped at one width) become placeholders
// of the type their bytes start with (image/png, application/pdf…) and the
// size they decode to. Other text is returned as it is.
func ElideBinary(s string) string {
	if len(s) < minBinaryRunes {
		return s
	}
	if i := binaryStart(s); i >= 0 {
		return s[:i] + BinaryPlaceholder("", len(s)-i)
	}
	if len(s) < minBase64Run {
		return s
	}
	var b strings.Builder
	last := 0 // s[:last] is in b
	for i := 0; i < len(s); {
		if !isBase64Char(s[i]) {
			i++
			continue
		}
		end, chars := base64Run(s, i)
		start, mediaType := i, ""
		if chars >= minBase64Run {
			if p, mt, ok := dataURLPrefix(s, i); ok {
				start, mediaType = p, mt
			} else if mediaType = Base64Type(s[i:end]); mediaType == "" && mixedBase64(s[i:end]) {
				mediaType = "base64"
			}
		}
		if mediaType != "" {
			b.WriteString(s[last:start])
			b.WriteString(BinaryPlaceholder(mediaType, Base64Size(chars)))
			last = end
		}
		i = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// binaryStart returns where the binary content of a binary text starts
// (the start of its first line holding a binary character), or -1 when s
// is not binary.
func binaryStart(s string) int {
	bad, runes, first := 0, 0, -1
	for i := 0; i < len(s); {
		c, size, isBad := s[i], 1, false
		if c >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			isBad = r == utf8.RuneError
		} else {
			isBad = byteClass[c]&controlByte != 0
		}
		if isBad {
			bad++
			if first < 0 {
				first = strings.LastIndexByte(s[:i], '\n') + 1
			}
		}
		i += size
		runes++
	}
	if bad < minBinaryRunes || bad*100 < runes*binaryShare {
		return -1
	}
	return first
}

func isBase64Char(c byte) bool { return byteClass[c]&base64Byte != 0 }

// Classes of ASCII bytes.
const (
	base64Byte  = 1 << iota // a character of the base64 alphabet
	controlByte             // a control character text does not hold
)

var byteClass = func() (t [256]uint8) {
	for c := range 128 {
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '+', c == '/':
			t[c] = base64Byte
		case c == 0x7f, c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v' && c != 0x1b:
			t[c] = controlByte // ESC starts the colour codes of terminal output
		}
	}
	return t
}()

// base64Run returns the end of the run of base64 starting at i (padding
// included) and how many characters it holds: one line, or following whole
// lines of one width of at least minBase64Line, the last one possibly
// shorter.
func base64Run(s string, i int) (end, chars int) {
	end = base64Line(s, i)
	width := end - i
	chars = width
	for width >= minBase64Line && s[end-1] != '=' {
		k := end
		if k < len(s) && s[k] == '\r' {
			k++
		}
		if k >= len(s) || s[k] != '\n' {
			break
		}
		k++
		next := base64Line(s, k)
		n := next - k
		if n == 0 || n > width || next < len(s) && s[next] != '\n' && s[next] != '\r' {
			break
		}
		end, chars = next, chars+n
		if n < width {
			break
		}
	}
	return end, chars
}

// base64Line returns the end of the base64 characters (and padding) from i.
func base64Line(s string, i int) int {
	j := i
	for j < len(s) && isBase64Char(s[j]) {
		j++
	}
	for pad := 0; pad < 2 && j < len(s) && s[j] == '='; pad++ {
		j++
	}
	return j
}

// dataURLPrefix finds "data:<type>[;…];base64," ending at i and returns
// where it starts and the type.
func dataURLPrefix(s string, i int) (int, string, bool) {
	const marker = ";base64,"
	if i < len(marker) || s[i-len(marker):i] != marker {
		return 0, "", false
	}
	head := s[:i-len(marker)]
	start := strings.LastIndex(head, "data:")
	if start < 0 || i-start > 200 {
		return 0, "", false
	}
	mediaType, _, _ := strings.Cut(head[start+len("data:"):], ";")
	if strings.ContainsAny(mediaType, " \t\n\"'") {
		return 0, "", false
	}
	return start, mediaType, true
}

// Base64Type returns the media type that the bytes base64 data decodes to
// start with (image/png, application/pdf…), or "" when they name none; the
// first 64 characters are enough.
func Base64Type(run string) string {
	head := run[:min(len(run), 64)]
	head = head[:len(head)/4*4]
	data, err := base64.StdEncoding.DecodeString(head)
	if err != nil || len(data) == 0 {
		return ""
	}
	mt, _, _ := strings.Cut(http.DetectContentType(data), ";")
	switch {
	case strings.HasPrefix(mt, "text/"), mt == "application/octet-stream":
		return ""
	}
	return mt
}

// mixedBase64 reports whether a run holds upper and lower case letters and
// digits, as encoded data does and a long word or path does not.
func mixedBase64(run string) bool {
	var upper, lower, digit bool
	for i := 0; i < len(run); i++ {
		c := run[i]
		upper = upper || c >= 'A' && c <= 'Z'
		lower = lower || c >= 'a' && c <= 'z'
		digit = digit || c >= '0' && c <= '9'
	}
	return upper && lower && digit
}
