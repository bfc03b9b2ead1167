package applypatch

import (
	"reflect"
	"testing"

	"hansard/transcripts"
)

func TestParseUnified(t *testing.T) {
	tests := []struct {
		name    string
		diff    string
		want    []transcripts.Hunk
		wantErr bool
	}{
		{
			name: "patch_apply_end shape",
			diff: "@@ -31,4 +31,4 @@ func Validate(raw string) error {\n func Validate(raw string) error {\n-\tsrc := strings.TrimSpace(raw)\n+\tsrc := normalizeURL(raw)\n \tif src == \"\" {\n \t\treturn errEmpty\n",
			want: []transcripts.Hunk{{OldStart: 31, OldLines: 4, NewStart: 31, NewLines: 4, Lines: []string{
				" func Validate(raw string) error {", "-\tsrc := strings.TrimSpace(raw)", "+\tsrc := normalizeURL(raw)", " \tif src == \"\" {", " \t\treturn errEmpty",
			}}},
		},
		{
			name: "file headers, two hunks, omitted counts, no-newline marker",
			diff: "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n@@ -10,0 +11,2 @@\n+c\n+d\n",
			want: []transcripts.Hunk{
				{OldStart: 1, OldLines: 1, NewStart: 1, NewLines: 1, Lines: []string{"-a", "+b"}},
				{OldStart: 10, OldLines: 0, NewStart: 11, NewLines: 2, Lines: []string{"+c", "+d"}},
			},
		},
		{
			name: "empty context line",
			diff: "@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n",
			want: []transcripts.Hunk{{OldStart: 1, OldLines: 3, NewStart: 1, NewLines: 3, Lines: []string{" a", " ", "-b", "+c"}}},
		},
		{name: "empty", diff: "", want: nil},
		{name: "bad header", diff: "@@ -x +1 @@\n+a\n", wantErr: true},
		{
			name:    "truncated hunk keeps what it has",
			diff:    "@@ -1,2 +1,2 @@\n-a\n",
			want:    []transcripts.Hunk{{OldStart: 1, OldLines: 2, NewStart: 1, NewLines: 2, Lines: []string{"-a"}}},
			wantErr: true,
		},
		{
			name:    "garbage inside a hunk",
			diff:    "@@ -1,2 +1,2 @@\n-a\n*junk\n",
			want:    []transcripts.Hunk{{OldStart: 1, OldLines: 2, NewStart: 1, NewLines: 2, Lines: []string{"-a"}}},
			wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseUnified(tt.diff)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}
