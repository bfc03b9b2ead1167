package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/provenance/gitrepo/gittest"
)

// TestWhyRedactsFileAndGit checks what why prints from the repository
// rather than the archive: a commit summary holding a token, and the lines
// of a private key in a file (each one redacted as part of the key, not
// only its BEGIN and END lines), in every output format, and in the
// answers and blames the archive keeps.
func TestWhyRedactsFileAndGit(t *testing.T) {
	token := "gh" + "p_" + "W8kq2Lm9Vx4Tz7Nw1Pb6Yc3Hd5Jf0Gs8Ue2B"
	body := []string{"MIIEowIBAAKCAQEA" + "q7Bf3Zk9Lm2Xv8Rt1Ny7Bm4Hc6Jd3Fg0Ks2Ue8Wa5Tq1Pz",
		"Zp9Lk2Qw8Xv5Rt1Ny7Bm4Hc6" + "Jd3Fg0Ks2Ue8Wa5Tq1Zp9Lk2Qw8Xv5Rt1Ny7Bm4Hc6Jd3F"}
	g := gittest.New(t)
	g.Write("deploy/key.pem", "-----BEGIN RSA "+"PRIVATE KEY-----\n"+strings.Join(body, "\n")+"\n-----END RSA "+"PRIVATE KEY-----\n")
	g.Write("deploy/notes.txt", "rotate the key monthly\n")
	g.Commit("Add the deploy key; CI uses " + token)
	home := t.TempDir()
	archiveDir := filepath.Join(t.TempDir(), "archive")
	env := map[string]string{"HANSARD_HOME": archiveDir, "NO_COLOR": "1"}
	t.Chdir(g.Dir)

	var all strings.Builder
	for _, args := range [][]string{
		{"why", "deploy/key.pem"},
		{"why", "deploy/key.pem", "--json"},
		{"why", "deploy/key.pem", "--porcelain"},
		{"why", "deploy/key.pem:2"},
		{"why", "deploy/key.pem:2", "--json"},
		{"why", "deploy/notes.txt:1"},
	} {
		out, errOut, code := runIn(t, home, env, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		all.WriteString(out + errOut)
	}
	// A cached answer (kept redacted) is the answer git gave.
	cold, _, _ := runIn(t, home, env, "why", "deploy/key.pem", "--json", "--no-refresh")
	if warm, _, _ := runIn(t, home, env, "why", "deploy/key.pem", "--json", "--no-refresh"); warm != cold {
		t.Errorf("the kept answer differs:\n%s\n%s", cold, warm)
	}
	got := all.String()
	if !strings.Contains(got, "rotate the key monthly") || !strings.Contains(got, "Add the deploy key; CI uses [redacted:") {
		t.Errorf("the text around the secrets is missing:\n%s", got)
	}
	for _, secret := range append([]string{token}, body...) {
		if strings.Contains(got, secret) {
			t.Errorf("printed %.12s…:\n%s", secret, got)
		}
		for _, name := range []string{"hansard.db", "hansard.db-wal"} {
			data, err := os.ReadFile(filepath.Join(archiveDir, name))
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if strings.Contains(string(data), secret) {
				t.Errorf("%s keeps %.12s…", name, secret)
			}
		}
	}
}
