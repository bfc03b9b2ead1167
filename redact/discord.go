package redact

import "encoding/base64"

// Discord bot tokens have no fixed prefix: ID.TIME.HMAC, where ID is the
// bot's numeric id in base64 (24 to 28 letters and digits, starting with
// M, N or O), TIME six URL-safe base64 bytes and HMAC 27 to 38. They are
// found from the HMAC, a long opaque run (see scanRuns), by looking back
// for the other two parts, and told from other dotted ids by decoding the
// first part: it must be the digits of an id.

const discordMinHMAC = 27

// findDiscord checks whether the run s[start:end] is the last part of a
// Discord token and returns the whole token's span.
func findDiscord(s string, start, end int) (ts, te int, ok bool) {
	if n := end - start; n < discordMinHMAC || n > 38 || start < 8 || s[start-1] != '.' || s[start-8] != '.' {
		return 0, 0, false
	}
	for i := start - 7; i < start-1; i++ {
		if !isWordByte(s[i]) && s[i] != '-' {
			return 0, 0, false
		}
	}
	idEnd := start - 8
	ts = idEnd
	for ts > 0 && idEnd-ts < 29 && isAlnum(s[ts-1]) {
		ts--
	}
	if n := idEnd - ts; n < 24 || n > 28 || !startsWord(s, ts) || s[ts] < 'M' || s[ts] > 'O' {
		return 0, 0, false
	}
	id, err := base64.RawStdEncoding.DecodeString(s[ts:idEnd])
	if err != nil {
		// An id whose length leaves a stray last byte: decode the rest.
		if id, err = base64.RawStdEncoding.DecodeString(s[ts : idEnd-(idEnd-ts)%4]); err != nil {
			return 0, 0, false
		}
	}
	if len(id) < 17 {
		return 0, 0, false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
	}
	return ts, end, true
}
