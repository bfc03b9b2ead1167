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
	fmt.Fprintln(w, "attach a folder to the checkout of the same repository here (a subfolder to that subfolder):")
	for _, f := range u.Folders {
		to, note := mapTarget(f, checkout)
		fmt.Fprintf(w, "  hansard index --map %s%s\n", shellQuote(f.Folder+"="+to), note)
	}
}

// mapTarget is the folder a --map line of status attaches a folder to:
// the checkout status runs in, or the folder of it that the recorded
// folder was (the recorded folder's longest tail that is a folder of the
// checkout, for sessions started in a subfolder), whichever holds the most
// of the files the folder's sessions edited, when that is at least half
// of them (one at least); a placeholder otherwise, so that pasting the
// lines does not attach other projects' sessions to this one. note, a
// shell comment, says what was found.
func mapTarget(f archive.UnattachedFolder, checkout string) (to, note string) {
	const elsewhere = "/path/to/its/checkout"
	if checkout == "" {
		return "/path/to/your/checkout", ""
	}
	if len(f.Edited) == 0 {
		return elsewhere, "  # its sessions edited no file"
	}
	best, most := checkout, filesIn(checkout, f.Edited)
	parts := strings.Split(strings.Trim(filepath.Clean(f.Folder), string(filepath.Separator)), string(filepath.Separator))
	for k := 1; k < len(parts); k++ {
		sub := filepath.Join(checkout, filepath.Join(parts[len(parts)-k:]...))
		if fi, err := os.Stat(sub); err != nil || !fi.IsDir() {
			continue
		}
		if n := filesIn(sub, f.Edited); n >= most { // a longer tail wins a tie
			best, most = sub, n
		}
	}
	where := "this checkout"
	if best != checkout {
		where = best
	}
	note = fmt.Sprintf("  # %d of %d files its sessions edited are in %s", most, len(f.Edited), where)
	if most == 0 || most*2 < len(f.Edited) {
		return elsewhere, fmt.Sprintf("  # %d of %d files its sessions edited are in this checkout", filesIn(checkout, f.Edited), len(f.Edited))
	}
	return best, note
}

// filesIn counts the files of rels (relative paths) that dir holds.
func filesIn(dir string, rels []string) int {
	n := 0
	for _, rel := range rels {
		if _, err := os.Lstat(filepath.Join(dir, rel)); err == nil {
			n++
		}
	}
	return n
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
