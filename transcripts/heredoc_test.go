package transcripts

import "testing"

func TestParseHeredoc(t *testing.T) {
	t.Parallel()
	tests := []struct {
		script string
		want   Heredoc
		ok     bool
	}{
		{"cat <<'EOF' > /tmp/a.md\nfirst\nsecond\nEOF", Heredoc{Before: "cat", After: "> /tmp/a.md", Delim: "EOF", Body: "first\nsecond\n", Closed: true}, true},
		{"cat > out.txt << \"END\"\nx\nEND\necho done", Heredoc{Before: "cat > out.txt", Delim: "END", Body: "x\n", Closed: true}, true},
		{"apply_patch <<EOF\n*** Begin Patch\n", Heredoc{Before: "apply_patch", Delim: "EOF", Body: "*** Begin Patch\n"}, true},
		{"cat <<-EOF\n\tindented\n\tEOF\n", Heredoc{Before: "cat", Delim: "EOF", Body: "\tindented\n", Closed: true}, true},
		{"echo hi", Heredoc{}, false},
		{"cat <<< word\nx", Heredoc{}, false},
		{"cat <<\nx", Heredoc{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseHeredoc(tt.script)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseHeredoc(%q) = %+v, %v; want %+v, %v", tt.script, got, ok, tt.want, tt.ok)
		}
	}
}

func TestHeredocWrite(t *testing.T) {
	t.Parallel()
	tests := []struct {
		script, file, body, op string
		ok                     bool
	}{
		{"cat <<'EOF' > /r/a.md\nx\nEOF", "/r/a.md", "x\n", OpWrite, true},
		{"cat > 'my file.txt' <<EOF\nx\nEOF\n", "my file.txt", "x\n", OpWrite, true},
		{"cat > \"dir/a \\\"b\\\".md\" <<EOF\nx\nEOF\n", `dir/a "b".md`, "x\n", OpWrite, true},
		{"cat >my\\ notes.md <<EOF\nx\nEOF\n", "my notes.md", "x\n", OpWrite, true},
		{"cd sub && cat > a.md <<EOF\nx\nEOF", "sub/a.md", "x\n", OpWrite, true},
		{"cd '/w/my repo'; cat > a.md <<EOF\nx\nEOF", "/w/my repo/a.md", "x\n", OpWrite, true},
		{"cd sub && cat > /abs/a.md <<EOF\nx\nEOF", "/abs/a.md", "x\n", OpWrite, true},
		{"cd ~/src && cat > a.md <<EOF\nx\nEOF", "", "", "", false},
		{"cd $DIR && cat > a.md <<EOF\nx\nEOF", "", "", "", false},
		{"cd sub && make && cat > a.md <<EOF\nx\nEOF", "", "", "", false},
		{"cd sub; rm -rf x && cat > a.md <<EOF\nx\nEOF", "", "", "", false},
		{"cat >out.txt <<EOF\ny\nEOF", "out.txt", "y\n", OpWrite, true},
		{"tee -i notes.md <<'EOF' >/dev/null\nz\nEOF", "notes.md", "z\n", OpWrite, true},
		{"cat >> log.txt <<EOF\nx\nEOF", "log.txt", "x\n", OpAppend, true},
		{"cat >>log.txt <<'EOF'\nx\nEOF", "log.txt", "x\n", OpAppend, true},
		{"cat <<'EOF' >> /r/notes.md\n- more\nEOF", "/r/notes.md", "- more\n", OpAppend, true},
		{"tee -a log.txt <<EOF\nx\nEOF", "log.txt", "x\n", OpAppend, true},
		{"cd sub && tee --append log.txt >/dev/null <<EOF\nx\nEOF", "sub/log.txt", "x\n", OpAppend, true},
		{"python - <<'EOF'\nprint(1)\nEOF", "", "", "", false},
		{"cat <<EOF\nno target\nEOF", "", "", "", false},
		{"echo hi > f.txt", "", "", "", false},
	}
	for _, tt := range tests {
		file, body, op, ok := HeredocWrite(tt.script)
		if ok != tt.ok || file != tt.file || body != tt.body || op != tt.op {
			t.Errorf("HeredocWrite(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tt.script, file, body, op, ok, tt.file, tt.body, tt.op, tt.ok)
		}
	}
}

func TestSplitCd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		script, dir, rest string
		ok                bool
	}{
		{"go test ./...", "", "go test ./...", true},
		{"  cd /w/api && go test ./...", "/w/api", "go test ./...", true},
		{"cd sub;apply_patch <<'EOF'\nx\nEOF", "sub", "apply_patch <<'EOF'\nx\nEOF", true},
		{"cd \"a b\" && ls", "a b", "ls", true},
		{"cd - && ls", "", "cd - && ls", false},
		{"cd && ls", "", "cd && ls", false},
		{"cd a b && ls", "", "cd a b && ls", false},
		{"cd /w\nls", "", "cd /w\nls", false},
		{"cdx && ls", "", "cdx && ls", true},
	}
	for _, tt := range tests {
		dir, rest, ok := SplitCd(tt.script)
		if dir != tt.dir || rest != tt.rest || ok != tt.ok {
			t.Errorf("SplitCd(%q) = %q, %q, %v; want %q, %q, %v", tt.script, dir, rest, ok, tt.dir, tt.rest, tt.ok)
		}
	}
}

func FuzzHeredocWrite(f *testing.F) {
	f.Add("cat <<'EOF' > /r/a.md\nx\nEOF")
	f.Add("tee -i \"a b\" <<EOF\nx\n")
	f.Add("cat > 'unterminated <<EOF\nx\nEOF")
	f.Fuzz(func(t *testing.T, s string) {
		file, body, op, ok := HeredocWrite(s)
		if !ok && (file != "" || body != "" || op != "") {
			t.Fatalf("HeredocWrite(%q) = %q, %q, %q without a write", s, file, body, op)
		}
	})
}
