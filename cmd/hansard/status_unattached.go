package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"hansard/archive"
	"hansard/provenance"
)

// printUnattached lists the folders of sessions attached to no repository,
// with a --map line for each (see mapTarget).
func printUnattached(w io.Writer, u archive.UnattachedInfo, checkout string) {
	if u.Sessions == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d %s attached to no repository", u.Sessions, plural(u.Sessions, "session", "sessions"))
	if len(u.Folders) == 0 {
		fmt.Fprintf(w, " (e.g. %s)\n", termSafe(strings.Join(u.Examples, ", ")))
		return
	}
	fmt.Fprintln(w, ", recorded in folders that are in no repository here:")
	for _, f := range u.Folders {
		fmt.Fprintf(w, "  %5d %s  %s\n", f.Sessions, plural(f.Sessions, "session ", "sessions"), termSafe(f.Folder))
	}
	fmt.Fprint(w, "attach each folder to the checkout of its repository here (a subfolder to that subfolder)")
	if checkout != "" {
		fmt.Fprint(w, "; a line names\nthis checkout only where the files edited in the folder are in it")
	}
	fmt.Fprintln(w, ":")
	for _, f := range u.Folders {
		to, note := mapTarget(f, checkout)
		fmt.Fprintf(w, "  hansard index --map %s%s\n", termSafe(shellQuote(f.Folder+"="+to)), note)
	}
}

// mapTarget is the folder a --map line of status attaches a folder to:
// the checkout status runs in, or the folder of it that the recorded
// folder was (a tail of the recorded folder that is a folder of the
// checkout, for sessions started in a subfolder, when it holds more of the
// files than the checkout does), when it holds at least half of the files
// edited under the folder, two at least, one of them in a subfolder (a
// README.md or a go.mod alone is in most checkouts); a placeholder
// otherwise, so that pasting the lines does not attach other projects'
// sessions to this one. note, a shell comment, says what was found.
func mapTarget(f archive.UnattachedFolder, checkout string) (to, note string) {
	const elsewhere = "/path/to/its/checkout"
	if checkout == "" {
		return "/path/to/your/checkout", ""
	}
	if len(f.Edited) == 0 || !filepath.IsAbs(f.Folder) {
		return elsewhere, "  # its sessions edited no file"
	}
	best := filesIn(checkout, f.Edited)
	best.dir = checkout
	for head := range provenance.CheckoutTails(f.Folder, checkout) {
		tail, _ := filepath.Rel(head, filepath.Clean(f.Folder))
		sub := filepath.Join(checkout, tail)
		if c := filesIn(sub, f.Edited); c.found > best.found {
			c.dir = sub
			best = c
		}
	}
	where := "this checkout"
	if best.dir != checkout {
		where = termSafe(best.dir)
	}
	note = fmt.Sprintf("  # %d of %d files edited there are in %s", best.found, len(f.Edited), where)
	switch {
	case best.found < 2 || best.found*2 < len(f.Edited):
		return elsewhere, note
	case !best.nested:
		return elsewhere, note + ", none in a subfolder"
	}
	return best.dir, note
}

// filesFound is what filesIn found of some files in dir.
type filesFound struct {
	dir    string
	found  int
	nested bool // one of them is in a subfolder of dir
}

// filesIn counts the files of rels (relative paths) that dir holds.
func filesIn(dir string, rels []string) filesFound {
	var c filesFound
	for _, rel := range rels {
		if _, err := os.Lstat(filepath.Join(dir, rel)); err == nil {
			c.found++
			c.nested = c.nested || strings.ContainsRune(rel, filepath.Separator)
		}
	}
	return c
}

// currentRepository returns the repository the process runs in; ok is
// false outside one.
func currentRepository(ctx context.Context) (repo archive.Repo, ok bool) {
	dir, err := os.Getwd()
	if err != nil {
		return archive.Repo{}, false
	}
	repo, err = provenance.ArchiveResolver{}.Resolve(ctx, dir)
	return repo, err == nil
}

// currentCheckout returns the top folder of the checkout the process runs
// in, "" outside one.
func currentCheckout(ctx context.Context) string {
	repo, ok := currentRepository(ctx)
	switch {
	case !ok:
		return ""
	case repo.WorkTree != "":
		return repo.WorkTree
	}
	return repo.Root
}

// shellQuote quotes s for a POSIX shell when it holds anything but plain
// path characters.
func shellQuote(s string) string {
	plain := strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-=+:@,", r))
	}) < 0
	if plain && s != "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
