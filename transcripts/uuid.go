package transcripts

// IsUUID reports whether s has a UUID's shape: 36 bytes, hex digits of
// either case with dashes at 8, 13, 18 and 23 (the shape of Claude Code's
// session ids and Codex's thread ids).
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := range len(s) {
		switch c := s[i]; i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}
