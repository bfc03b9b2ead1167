package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantedSecrets are realistic secrets of several kinds, assembled at run
// time so that no complete secret is written in this file.
func plantedSecrets() map[string]string {
	return map[string]string{
		"github":    "ghp_" + "R8kq2Lm9Vx4Tz7Nw1Pb6Yc3Hd5Jf0Gs8Ue2A",
		"aws":       "AKIA" + "Q7XZ4M2KJ9PLW3RT",
		"anthropic": "sk-ant-" + "api03-" + "Zp9Lk2Qw8Xv5Rt1Ny7Bm4Hc6Jd3Fg0Ks2Ue8Wa5Tq1",
		"password":  "Vq8!" + "rT2#zM9w" + "Lk4$pX",
		"url":       "s3cr3t" + "Pa55w0rdXy",
	}
}

// secretTranscript is a Claude Code session whose prompt, command, command
// output and edit each carry one of the secrets.
func secretTranscript(cwd string, s map[string]string) string {
	lines := []map[string]any{
		{"type": "user", "uuid": "u1", "parentUuid": nil, "sessionId": "5e1c2a77-0000-4000-8000-000000000001", "cwd": cwd, "timestamp": "2026-03-01T10:00:00Z",
			"message": map[string]any{"role": "user", "content": "deploy the quokka service with token " + s["github"] + " please"}},
		{"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": "5e1c2a77-0000-4000-8000-000000000001", "cwd": cwd, "timestamp": "2026-03-01T10:00:05Z",
			"message": map[string]any{"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5", "content": []any{
				map[string]any{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": map[string]any{"command": "AWS_ACCESS_KEY_ID=" + s["aws"] + " quokka deploy --password " + s["password"]}},
			}}},
		{"type": "user", "uuid": "u2", "parentUuid": "a1", "sessionId": "5e1c2a77-0000-4000-8000-000000000001", "cwd": cwd, "timestamp": "2026-03-01T10:00:09Z",
			"message":       map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "content": "quokka deployed; connect with postgres://deploy:" + s["url"] + "@db.internal:5432/app"}}},
			"toolUseResult": map[string]any{"stdout": "quokka deployed", "stderr": "", "interrupted": false, "isImage": false}},
		{"type": "assistant", "uuid": "a2", "parentUuid": "u2", "sessionId": "5e1c2a77-0000-4000-8000-000000000001", "cwd": cwd, "timestamp": "2026-03-01T10:00:15Z",
			"message": map[string]any{"id": "msg_2", "role": "assistant", "model": "claude-sonnet-4-5", "content": []any{
				map[string]any{"type": "tool_use", "id": "toolu_2", "name": "Write", "input": map[string]any{"file_path": filepath.Join(cwd, "quokka.env"), "content": "ANTHROPIC_API_KEY=" + s["anthropic"] + "\n"}},
			}}},
		{"type": "user", "uuid": "u3", "parentUuid": "a2", "sessionId": "5e1c2a77-0000-4000-8000-000000000001", "cwd": cwd, "timestamp": "2026-03-01T10:00:16Z",
			"message":       map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_2", "content": "File created successfully at: " + filepath.Join(cwd, "quokka.env")}}},
			"toolUseResult": map[string]any{"type": "create", "filePath": filepath.Join(cwd, "quokka.env"), "content": "ANTHROPIC_API_KEY=" + s["anthropic"] + "\n", "structuredPatch": []any{}, "originalFile": nil}},
	}
	var b strings.Builder
	for _, l := range lines {
		data, _ := json.Marshal(l)
		b.Write(data)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestSecretsAppearNowhere plants secrets in a transcript and checks that
// no command's output and no file of the archive's index holds them, while
// the retained raw copy keeps them in a file only its owner can read.
func TestSecretsAppearNowhere(t *testing.T) {
	home := t.TempDir()
	cwd := filepath.Join(home, "src", "quokka")
	secrets := plantedSecrets()
	dir := filepath.Join(home, ".claude", "projects", "-src-quokka")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "5e1c2a77-0000-4000-8000-000000000001.jsonl"), []byte(secretTranscript(cwd, secrets)), 0o600); err != nil {
		t.Fatal(err)
	}

	var outputs []string
	for _, args := range [][]string{
		{"index"},
		{"status", "--json"},
		{"history", "--all-repos", "quokka"},
		{"history", "--all-repos", "--json", "quokka"},
		{"history", "--all-repos", "--json", "--roles", "tool", "postgres"},
		{"history", "--all-repos", "--json", "--command", "deploy"},
		{"show", "5e1c2a77", "--json"},
		{"show", "5e1c2a77"},
	} {
		out, errOut, code := runIn(t, home, nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut)
		}
		outputs = append(outputs, out+errOut)
	}
	all := strings.Join(outputs, "\n")
	if !strings.Contains(all, "[redacted:") {
		t.Errorf("no redaction marker in any output:\n%s", all)
	}
	if !strings.Contains(all, "quokka deployed") {
		t.Errorf("the text around the secrets is missing:\n%s", all)
	}

	archiveDir := filepath.Join(home, ".local", "share", "hansard")
	for kind, secret := range secrets {
		if strings.Contains(all, secret) {
			t.Errorf("%s secret printed by a command", kind)
		}
		for _, name := range []string{"hansard.db", "hansard.db-wal"} {
			data, err := os.ReadFile(filepath.Join(archiveDir, name))
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if strings.Contains(string(data), secret) {
				t.Errorf("%s secret stored in %s", kind, name)
			}
		}
	}

	// The retained copy is the transcript as the agent wrote it, readable
	// by its owner only.
	err := filepath.WalkDir(filepath.Join(archiveDir, "retained"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		want := os.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", path, info.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
