package redact

import "strings"

// Passwords that commands take in their own syntax rather than as
// --password value: curl's -u/--user user:password, the MySQL clients'
// -pPASSWORD (no space: "-p" alone asks for it), and the registry logins'
// -p PASSWORD (docker, podman, helm registry and kin).

// commandKeywords start a search for such a password; the handler looks
// only at the rest of the command (to the end of the line or a |, ; or &).
var commandKeywords = []string{"curl", "mysql", "mariadb", "login"}

// loginTools are the commands whose "login" takes -p PASSWORD.
var loginTools = []string{"docker", "podman", "buildah", "skopeo", "nerdctl", "oras", "crane", "registry"}

// findCommandPassword looks at a command keyword kw at s[at:] and returns
// the span of the password it is given, if any.
func findCommandPassword(s string, at int, kw string) (start, end int, ok bool) {
	if !startsWord(s, at) {
		return 0, 0, false
	}
	// curl and login end their word; mysql and mariadb may go on
	// (mysqldump, mysqladmin, mariadb-dump).
	if (kw == "curl" || kw == "login") && at+len(kw) < len(s) && isWordByte(s[at+len(kw)]) {
		return 0, 0, false
	}
	rest := commandRest(s, at+len(kw))
	switch kw {
	case "curl":
		return curlUser(s, rest)
	case "login":
		if !afterTool(s, at) {
			return 0, 0, false
		}
		return flagValue(s, rest, "-p", true)
	}
	return flagValue(s, rest, "-p", false)
}

// commandRest returns the end of the command that goes on at s[p:].
func commandRest(s string, p int) [2]int {
	end := min(len(s), p+tokenWindow)
	for i := p; i < end; i++ {
		switch s[i] {
		case '\n', '|', ';', '&':
			return [2]int{p, i}
		case '\\':
			if i+1 < end && s[i+1] == 'n' {
				return [2]int{p, i}
			}
		}
	}
	return [2]int{p, end}
}

// afterTool reports whether the word before s[at:] names a registry tool.
func afterTool(s string, at int) bool {
	p := at
	for p > 0 && s[p-1] == ' ' {
		p--
	}
	q := p
	for q > 0 && isWordByte(s[q-1]) {
		q--
	}
	for _, t := range loginTools {
		if s[q:p] == t {
			return true
		}
	}
	return false
}

// flagValue finds the option flag (as its own word) in s[r[0]:r[1]] and
// returns the span of its value: attached (-pSECRET) or, when spaced is
// set, also the next word (-p SECRET).
func flagValue(s string, r [2]int, flag string, spaced bool) (start, end int, ok bool) {
	seg := s[r[0]:r[1]]
	for i := 0; i+len(flag) <= len(seg); {
		j := strings.Index(seg[i:], flag)
		if j < 0 {
			break
		}
		p := i + j
		i = p + len(flag)
		if p == 0 || seg[p-1] != ' ' && seg[p-1] != '\t' || i >= len(seg) {
			continue
		}
		if seg[i] == ' ' {
			if !spaced {
				continue // "-p" alone: the client asks for the password
			}
			for i < len(seg) && seg[i] == ' ' {
				i++
			}
		}
		vs, ve, ok := wordAt(seg, i)
		if !ok {
			continue
		}
		return r[0] + vs, r[0] + ve, true
	}
	return 0, 0, false
}

// curlUser finds curl's -u/--user user:password in s[r[0]:r[1]] and
// returns the password's span.
func curlUser(s string, r [2]int) (start, end int, ok bool) {
	seg := s[r[0]:r[1]]
	for _, flag := range []string{" -u", " --user"} {
		p := strings.Index(seg, flag)
		if p < 0 {
			continue
		}
		i := p + len(flag)
		if i < len(seg) && (seg[i] == ' ' || seg[i] == '=') {
			i++
		}
		for i < len(seg) && seg[i] == ' ' {
			i++
		}
		vs, ve, ok := wordAt(seg, i)
		if !ok {
			continue
		}
		c := strings.IndexByte(seg[vs:ve], ':')
		if c < 0 || vs+c+1 == ve || isPlaceholder(seg[vs+c+1:ve]) {
			continue
		}
		return r[0] + vs + c + 1, r[0] + ve, true
	}
	return 0, 0, false
}

// wordAt returns the span of the shell word at seg[i:], inside its quotes
// when quoted, unless it is empty or a placeholder ($VAR, "$(cat file)").
func wordAt(seg string, i int) (start, end int, ok bool) {
	if i >= len(seg) {
		return 0, 0, false
	}
	start = i
	if q := quoteAt(seg, i); q > 0 {
		start = i + q
		c := strings.Index(seg[start:], seg[i:i+q])
		if c < 0 {
			return 0, 0, false
		}
		end = start + c
	} else {
		end = i
		for end < len(seg) && !endsBare(seg[end]) {
			end++
		}
	}
	if end == start || isPlaceholder(seg[start:end]) {
		return 0, 0, false
	}
	return start, end, true
}
