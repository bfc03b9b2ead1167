package transcripts

import "strings"

// GitCommit reports whether a shell script makes a git commit (git commit,
// also after git -C DIR or with options before commit), and returns its
// message when the script gives it (-m, --message, or a here-document
// through "$(cat <<'EOF' … EOF)"): several -m paragraphs are joined by a
// blank line. The message is "" when it comes from a file or an editor.
func GitCommit(script string) (message string, ok bool) {
	for _, c := range splitCommands(script) {
		w := skipPrefixes(c.words)
		if len(w) < 2 || w[0] != "git" {
			continue
		}
		i := 1
		for i < len(w) && strings.HasPrefix(w[i], "-") {
			if w[i] == "-C" || w[i] == "-c" {
				i++
			}
			i++
		}
		if i >= len(w) || w[i] != "commit" {
			continue
		}
		var paras []string
		for j := i + 1; j < len(w); j++ {
			a := w[j]
			switch {
			case a == "-m" || a == "--message":
				if j+1 < len(w) {
					paras = append(paras, commitText(w[j+1]))
					j++
				}
			case strings.HasPrefix(a, "--message="):
				paras = append(paras, commitText(strings.TrimPrefix(a, "--message=")))
			case strings.HasPrefix(a, "-m") && !strings.HasPrefix(a, "--"):
				paras = append(paras, commitText(a[2:]))
			case len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.HasSuffix(a, "m"): // -am
				if j+1 < len(w) {
					paras = append(paras, commitText(w[j+1]))
					j++
				}
			}
		}
		return strings.Join(paras, "\n\n"), true
	}
	return "", false
}

// commitText resolves a message given as "$(cat <<'EOF' … EOF)" to the
// here-document's body.
func commitText(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "$(cat") || !strings.HasSuffix(t, ")") {
		return s
	}
	if h, ok := ParseHeredoc(strings.TrimSuffix(strings.TrimPrefix(t, "$("), ")")); ok {
		return strings.TrimRight(h.Body, "\n")
	}
	return s
}
