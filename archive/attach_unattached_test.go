package archive

import (
	"fmt"
	"testing"
)

func TestCollapseFolders(t *testing.T) {
	t.Parallel()
	got := collapseFolders([]UnattachedFolder{
		{"/a/proj/agents/x", 2}, {"/a/proj", 1}, {"/a/proj-old", 1}, {"/b/other", 5},
	})
	want := "[{/b/other 5} {/a/proj 3} {/a/proj-old 1}]"
	if fmt.Sprint(got) != want {
		t.Errorf("collapseFolders = %v, want %s", got, want)
	}
}
