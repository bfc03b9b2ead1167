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

func TestSpread(t *testing.T) {
	t.Parallel()
	items := make([]string, 10)
	for i := range items {
		items[i] = fmt.Sprint(i)
	}
	if got := fmt.Sprint(spread(items, 4)); got != "[0 2 5 7]" {
		t.Errorf("spread of 10 to 4 = %s", got)
	}
	if got := fmt.Sprint(spread(items[:3], 4)); got != "[0 1 2]" {
		t.Errorf("spread of 3 to 4 = %s", got)
	}
}
