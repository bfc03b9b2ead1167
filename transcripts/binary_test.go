package transcripts

import (
	"encoding/base64"
	"slices"
	"strings"
	"testing"
)

func TestBinaryPlaceholder(t *testing.T) {
	t.Parallel()
	got := []string{BinaryPlaceholder("image/png", 49152), BinaryPlaceholder("", 512), BinaryPlaceholder("application/pdf", 3<<20)}
	want := []string{"[image/png, 48 KB]", "[binary, 512 B]", "[application/pdf, 3.0 MB]"}
	if !slices.Equal(got, want) {
		t.Errorf("placeholders %q, want %q", got, want)
	}
}

func TestElideBinary(t *testing.T) {
	t.Parallel()
	png := base64.StdEncoding.EncodeToString(append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 3000)...))
	jpeg := base64.StdEncoding.EncodeToString(append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), make([]byte, 6000)...))
	noise := make([]byte, 2400)
	for i := range noise {
		noise[i] = byte(i * 7919 % 251)
	}
	opaque := base64.StdEncoding.EncodeToString(noise)
	wrapped := wrap(png, 76)
	ansi := strings.Repeat("\x1b[32mok\x1b[0m  hansard/archive\n", 50)
	garbage := "ELF" + strings.Repeat("\x00\x01\x02\x03abc", 100)
	for _, tt := range []struct {
		name, in, want string
	}{
		{"text", "go test ./...\nok  hansard/archive 1.2s", "go test ./...\nok  hansard/archive 1.2s"},
		{"a short hash", "h1:" + png[:44] + " go.sum", "h1:" + png[:44] + " go.sum"},
		{"an image in a line", png, "[image/png, 3 KB]"},
		{"a data URL", "see data:image/jpeg;base64," + jpeg + " here", "see [image/jpeg, 6 KB] here"},
		{"wrapped base64", "begin\n" + wrapped + "\ndone", "begin\n[image/png, 3 KB]\ndone"},
		{"base64 of no known type", "blob: " + opaque, "blob: [base64, 2 KB]"},
		{"a long word", strings.Repeat("abcdefgh", 200), strings.Repeat("abcdefgh", 200)},
		{"terminal colours", ansi, ansi},
		{"binary output", garbage, "[binary, 703 B]"},
		{"binary output after its status", "Exit code 1\nOutput:\n" + garbage, "Exit code 1\nOutput:\n[binary, 703 B]"},
		{"replacement characters", strings.Repeat("\ufffd\ufffdPK", 40), "[binary, 320 B]"},
	} {
		if got := ElideBinary(tt.in); got != tt.want {
			t.Errorf("%s: %.120q, want %.120q", tt.name, got, tt.want)
		}
	}
}

func wrap(s string, width int) string {
	var lines []string
	for len(s) > width {
		lines = append(lines, s[:width])
		s = s[width:]
	}
	return strings.Join(append(lines, s), "\n")
}
