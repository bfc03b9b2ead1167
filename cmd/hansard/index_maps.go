package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"hansard/archive"
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
