package archive

import (
	"context"
	"testing"
)

func TestMainBranch(t *testing.T) {
	type m struct{ uuid, parent string }
	cases := []struct {
		name string
		msgs []m
		want string
	}{
		{"linear", []m{{"a", ""}, {"b", "a"}, {"c", "b"}}, "111"},
		{"rewind", []m{{"a", ""}, {"b", "a"}, {"c", "b"}, {"d", "a"}, {"e", "d"}}, "10011"},
		{"no uuids", []m{{"", ""}, {"", ""}}, "11"},
		{"mixed", []m{{"a", ""}, {"", ""}, {"b", "a"}, {"x", "a"}, {"c", "b"}}, "11101"},
		{"compaction restarts the tree", []m{{"a", ""}, {"b", "a"}, {"c", "a"}, {"r", ""}, {"s", "r"}}, "10111"},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		got := mainBranch(len(c.msgs), func(i int) (string, string) { return c.msgs[i].uuid, c.msgs[i].parent })
		s := ""
		for _, b := range got {
			if b {
				s += "1"
			} else {
				s += "0"
			}
		}
		if s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}

func TestOnMainBranchStored(t *testing.T) {
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl",
		`{"t":"msg","role":"user","text":"one","uuid":"a"}`,
		`{"t":"msg","role":"assistant","text":"two","uuid":"b","parent":"a"}`,
		`{"t":"msg","role":"user","text":"edited prompt","uuid":"c","parent":"a"}`,
	)
	e.refresh(a, RefreshOptions{})
	msgs, _ := a.Messages(context.Background(), "s1", 0, 0)
	if len(msgs) != 3 || !msgs[0].OnMainBranch || msgs[1].OnMainBranch || !msgs[2].OnMainBranch {
		t.Fatalf("branches: %+v", msgs)
	}
	// The abandoned branch is continued later: it becomes the main one.
	e.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"back","uuid":"d","parent":"b"}`+"\n")
	e.refresh(a, RefreshOptions{})
	msgs, _ = a.Messages(context.Background(), "s1", 0, 0)
	if !msgs[1].OnMainBranch || msgs[2].OnMainBranch || !msgs[3].OnMainBranch {
		t.Fatalf("branches after append: %+v", msgs)
	}
}
