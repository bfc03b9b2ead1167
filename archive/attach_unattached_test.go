package archive

import (
	"fmt"
	"testing"
)

func TestCollapseFolders(t *testing.T) {
	t.Parallel()
	got := collapseFolders([]UnattachedFolder{
		{Folder: "/a/proj/agents/x", Sessions: 2}, {Folder: "/a/proj", Sessions: 1},
		{Folder: "/a/proj-old", Sessions: 1}, {Folder: "/b/other", Sessions: 5},
	})
	want := "[{/b/other 5 []} {/a/proj 3 []} {/a/proj-old 1 []}]"
	if fmt.Sprint(got) != want {
		t.Errorf("collapseFolders = %v, want %s", got, want)
	}
}
