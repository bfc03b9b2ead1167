package integrate

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"time"
)

// Options says what Run does.
type Options struct {
	Agent Agent
	// Command is the absolute path of the hansard binary the entry runs
	// (Executable()).
	Command string
	// NoMemories leaves the memory tools out of the entry and the
	// instructions.
	NoMemories bool
	// Remove takes out what an earlier Run wrote instead of writing it.
	Remove bool
	// DryRun computes the changes and their diffs and writes nothing.
	DryRun bool
	Env    Env
	// Now stamps backups; time.Now when nil.
	Now func() time.Time
}

// Action is what happened, or with DryRun would happen, to one file.
type Action string

const (
	Unchanged Action = "unchanged"
	Created   Action = "created"
	Updated   Action = "updated"
	Deleted   Action = "deleted" // --remove left nothing in a file
)

// FileChange is the outcome for one file.
type FileChange struct {
	// Path is the file (a symbolic link resolved to its target).
	Path   string
	Action Action
	// Backup is the copy of the file from before the change, "" when
	// the file was new, unchanged, or DryRun was set.
	Backup string
	// Diff is a unified diff of the change, "" when unchanged.
	Diff string
}

// Report is what Run did, in the order it did it: the MCP configuration
// first, then the instruction files.
type Report struct {
	Agent  Agent
	DryRun bool
	Remove bool
	Files  []FileChange
	// Warnings name settings of the agent that keep it from starting
	// hansard's server, which hansard leaves to the user.
	Warnings []string
}

// Changed reports whether any file changed (or would, with DryRun).
func (r Report) Changed() bool {
	for _, f := range r.Files {
		if f.Action != Unchanged {
			return true
		}
	}
	return false
}

// edit is one planned change of a file.
type edit struct {
	current
	after []byte
}

// Run writes (or with Remove takes out) hansard's server entry in the
// agent's MCP configuration and the managed instructions in its
// instruction file. Every file is read and its new content checked before
// any is written, so a file that cannot be edited leaves all untouched.
func Run(opts Options) (Report, error) {
	r := Report{Agent: opts.Agent, DryRun: opts.DryRun, Remove: opts.Remove}
	edits, err := plan(opts, &r)
	if err != nil {
		return Report{}, err
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	for _, e := range edits {
		fc := FileChange{Path: e.path, Action: e.action()}
		if fc.Action != Unchanged {
			fc.Diff = lineDiff(e.path, string(e.data), string(e.after))
		}
		if fc.Action != Unchanged && !opts.DryRun {
			if fc.Backup, err = e.apply(now()); err != nil {
				return r, fmt.Errorf("%s: %w", e.path, err)
			}
		}
		r.Files = append(r.Files, fc)
	}
	return r, nil
}

// plan reads the agent's files and computes their new contents, adding
// the agent's warnings about the new configuration to r.
func plan(opts Options, r *Report) ([]edit, error) {
	a := opts.Agent
	path, err := a.config(opts.Env)
	if err != nil {
		return nil, err
	}
	cfg, err := readCurrent(path)
	if err != nil {
		return nil, err
	}
	var entries []serverEntry
	if !opts.Remove {
		entries = a.entries(opts.Command, opts.NoMemories)
	}
	after, err := a.editConfig(cfg.data, entries)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; nothing was changed", cfg.path, err)
	}
	if a.warnings != nil && !opts.Remove {
		doc, err := a.decodeConfig(after)
		if err != nil {
			return nil, err
		}
		r.Warnings = a.warnings(doc)
	}
	edits := []edit{{cfg, after}}
	if a.instructions == nil {
		return edits, nil
	}
	files, err := a.instructions(opts.Env)
	if err != nil {
		return nil, err
	}
	more, err := planInstructions(files, a.managedBlock(opts.NoMemories), opts.Remove)
	return append(edits, more...), err
}

// planInstructions plans the managed block in the instruction files,
// given in the agent's order of preference: on removal out of each; else
// into the first that exists (the one the agent reads), or the last when
// none does, and out of the others.
func planInstructions(files []string, block string, remove bool) ([]edit, error) {
	cur := make([]current, len(files))
	target := -1
	for i, f := range files {
		c, err := readCurrent(f)
		if err != nil {
			return nil, err
		}
		cur[i] = c
		if c.exists && target < 0 {
			target = i
		}
	}
	if target < 0 {
		target = len(files) - 1
	}
	var edits []edit
	for i, c := range cur {
		var after string
		var err error
		if remove || i != target {
			after, err = removeBlock(string(c.data))
		} else {
			after, err = setBlock(string(c.data), block)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w; nothing was changed", c.path, err)
		}
		if c.exists || after != "" {
			edits = append(edits, edit{c, []byte(after)})
		}
	}
	return edits, nil
}

func (e edit) action() Action {
	switch {
	case string(e.after) == string(e.data):
		return Unchanged
	case !e.exists:
		return Created
	case len(e.after) == 0:
		return Deleted
	}
	return Updated
}

// apply backs the file up and writes its new content (or deletes it when
// nothing is left), returning the backup's path.
func (e edit) apply(now time.Time) (string, error) {
	if again, err := readCurrent(e.path); err != nil {
		return "", err
	} else if again.exists != e.exists || !bytes.Equal(again.data, e.data) {
		return "", errors.New("the file changed while hansard was editing it (the agent may have written it); run the command again")
	}
	var backup string
	if e.exists {
		var err error
		if backup, err = writeBackup(e.path, e.data, now); err != nil {
			return "", err
		}
	}
	if len(e.after) == 0 {
		return backup, os.Remove(e.path)
	}
	return backup, writeAtomic(e.path, e.after, e.mode)
}
