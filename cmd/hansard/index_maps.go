package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"hansard/archive"
	"hansard/recall"
	"hansard/transcripts"
)

// checkMapTargets fails when a map's TO is not a folder on this machine:
// such a map attaches nothing.
func checkMapTargets(maps []archive.PathMap) error {
	for _, m := range maps {
		fi, err := os.Stat(m.To)
		if err != nil || !fi.IsDir() {
			return usageError{fmt.Errorf("--map %s=%s: %s is not a folder on this machine", m.From, m.To, m.To)}
		}
	}
	return nil
}

// removeMaps drops the maps whose From is one of froms and returns the
// rest and those dropped; it fails on a From that no remembered map has.
func removeMaps(old []archive.PathMap, froms []string) (kept, removed []archive.PathMap, err error) {
	kept = old
	for _, from := range froms {
		from = filepath.Clean(from)
		var rest []archive.PathMap
		for _, m := range kept {
			if filepath.Clean(m.From) == from {
				removed = append(removed, m)
			} else {
				rest = append(rest, m)
			}
		}
		if len(rest) == len(kept) {
			return nil, nil, usageError{fmt.Errorf("--unmap %s: no remembered map from that folder (`hansard index --maps` lists them)", from)}
		}
		kept = rest
	}
	return kept, removed, nil
}

// printMaps lists the path maps in use: those of the config file and
// those remembered from `hansard index --map`.
func printMaps(w io.Writer, config, extra []archive.PathMap) {
	if len(config)+len(extra) == 0 {
		fmt.Fprintln(w, "no path maps (`hansard index --map FROM=TO` adds one)")
		return
	}
	for _, m := range config {
		fmt.Fprintf(w, "%s=%s  (config file)\n", termSafe(m.From), termSafe(m.To))
	}
	for _, m := range extra {
		fmt.Fprintf(w, "%s=%s\n", termSafe(m.From), termSafe(m.To))
	}
}

// errNoSources says that no provider's source folder exists.
var errNoSources = errors.New("no transcripts found")

// checkSources fails with errNoSources, after saying on w where hansard
// looked and which variables move those folders, when no provider's
// source folder exists.
func checkSources(w io.Writer, providers []transcripts.Provider, env transcripts.Env) error {
	var looked []string
	for _, p := range providers {
		for _, root := range p.Roots(env) {
			if fi, err := os.Stat(root); err == nil && fi.IsDir() {
				return nil
			}
			looked = append(looked, root)
		}
	}
	fmt.Fprintln(w, "hansard: no transcript folder exists; looked in:")
	for _, r := range looked {
		fmt.Fprintf(w, "  %s\n", termSafe(r))
	}
	fmt.Fprintln(w, "hansard: set CLAUDE_CONFIG_DIR (Claude Code) or CODEX_HOME (Codex) when the agents keep them elsewhere")
	return errNoSources
}

// changeMaps applies --map and --unmap to the remembered maps and puts the
// result in use with the config file's maps. A removed map is remembered
// too, so that automatic attachment does not add it again; a map given
// again by hand is no longer removed.
func changeMaps(ctx context.Context, app *App, a *archive.Archive, add []archive.PathMap, unmap []string) error {
	if len(add) == 0 && len(unmap) == 0 {
		return nil
	}
	if err := checkMapTargets(add); err != nil {
		return err
	}
	extra, err := a.ExtraPathMaps(ctx)
	if err != nil {
		return err
	}
	extra, removed, err := removeMaps(extra, unmap)
	if err != nil {
		return err
	}
	extra = archive.MergePathMaps(extra, add)
	if err := a.SetExtraPathMaps(ctx, extra); err != nil {
		return err
	}
	declined, err := a.RemovedPathMaps(ctx)
	if err != nil {
		return err
	}
	declined = slices.DeleteFunc(archive.MergePathMaps(declined, removed), func(m archive.PathMap) bool {
		return slices.ContainsFunc(add, func(n archive.PathMap) bool { return filepath.Clean(n.From) == filepath.Clean(m.From) })
	})
	if err := a.SetRemovedPathMaps(ctx, declined); err != nil {
		return err
	}
	cfg, err := app.Config()
	if err != nil {
		return err
	}
	a.SetPathMaps(append(recall.ConfigMaps(cfg), extra...))
	return nil
}
