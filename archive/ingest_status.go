package archive

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"hansard/redact"
	"hansard/transcripts"
)

// Status describes the archive for `hansard status`.
type Status struct {
	Dir           string           `json:"dir"`
	Database      string           `json:"database"`
	SizeBytes     int64            `json:"size_bytes"`     // database, WAL and retained copies
	RetainedBytes int64            `json:"retained_bytes"` // retained copies alone
	Paused        bool             `json:"paused"`
	LastRefresh   *time.Time       `json:"last_refresh,omitempty"`
	Providers     []ProviderStatus `json:"providers"`
	Roots         []RootStatus     `json:"roots"`
	// ProblemFiles are transcripts with skipped lines.
	ProblemFiles []ProblemFile `json:"problem_files"`
	// FailedFiles could not be read on their last attempt.
	FailedFiles []FailedFile `json:"failed_files"`
	// UnreadableFolders were met during the last discovery.
	UnreadableFolders []FailedFile `json:"unreadable_folders"`
	// SkippedFiles were passed over by the last discovery (Error says why).
	SkippedFiles []FailedFile   `json:"skipped_files"`
	Repositories []RepoStatus   `json:"repositories"`
	Unattached   UnattachedInfo `json:"unattached"`
	// EarlierGenerations are kept from files that shrank or were
	// rewritten; RenamedSessions are sessions whose id another file holds;
	// ShorterFiles were cut to what was read of them, which is kept.
	EarlierGenerations []KeptGeneration `json:"earlier_generations"`
	RenamedSessions    []RenamedSession `json:"renamed_sessions"`
	ShorterFiles       []ShorterFile    `json:"shorter_files"`
}

// ProviderStatus counts one provider's archived history.
type ProviderStatus struct {
	Provider       string `json:"provider"`
	Sessions       int    `json:"sessions"`
	Messages       int    `json:"messages"`
	Edits          int    `json:"edits"`
	Sources        int    `json:"sources"`
	DeletedSources int    `json:"deleted_sources"` // originals gone, kept from retained copies
	// EarlierGenerations counts what is kept of files that shrank or were
	// rewritten (see Status.EarlierGenerations); Sources does not count them.
	EarlierGenerations int `json:"earlier_generations"`
}

// RootStatus is a folder a provider discovers transcripts in.
type RootStatus struct {
	Provider string `json:"provider"`
	Path     string `json:"path"`
	Exists   bool   `json:"exists"`
}

// ProblemFile is a transcript with lines that could not be used.
type ProblemFile struct {
	Path   string         `json:"path"`
	Counts map[string]int `json:"counts"` // by problem kind
}

// FailedFile is a file or folder and what went wrong with it.
type FailedFile struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// RepoStatus is a repository with archived sessions.
type RepoStatus struct {
	Root         string   `json:"root"`
	RemoteURL    string   `json:"remote_url,omitempty"`
	RecordedURLs []string `json:"recorded_urls,omitempty"`
	Sessions     int      `json:"sessions"`
}

// UnattachedInfo counts sessions attached to no repository.
type UnattachedInfo struct {
	Sessions int      `json:"sessions"`
	Examples []string `json:"examples,omitempty"` // a few session ids
	// Folders are the folders those sessions were recorded in.
	Folders []UnattachedFolder `json:"folders"`
}

// Status reports the archive's state; providers and env name the source
// folders.
func (a *Archive) Status(ctx context.Context, providers []transcripts.Provider, env transcripts.Env) (Status, error) {
	st := Status{Dir: a.dir, Database: a.Path()}
	st.SizeBytes, st.RetainedBytes = a.diskUsage()
	var err error
	if st.Paused, err = a.Paused(ctx); err != nil {
		return st, err
	}
	last, err := a.lastRefresh(ctx)
	if err != nil {
		return st, err
	}
	if !last.IsZero() {
		st.LastRefresh = &last
	}
	for _, p := range providers {
		for _, root := range p.Roots(env) {
			fi, err := os.Stat(root)
			st.Roots = append(st.Roots, RootStatus{Provider: p.Name(), Path: root, Exists: err == nil && fi.IsDir()})
		}
	}
	steps := []func(context.Context, *Status) error{
		a.providerCounts, a.problemFiles, a.failedFiles, a.repoCounts, a.keptHistory, a.unattachedFolders,
	}
	for _, step := range steps {
		if err := step(ctx, &st); err != nil {
			return st, translate(err, "status")
		}
	}
	return st, nil
}

func (a *Archive) providerCounts(ctx context.Context, st *Status) error {
	byName := make(map[string]*ProviderStatus)
	get := func(name string) *ProviderStatus {
		if p := byName[name]; p != nil {
			return p
		}
		p := &ProviderStatus{Provider: name}
		byName[name] = p
		return p
	}
	queries := []struct {
		q   string
		set func(p *ProviderStatus, n, m int)
	}{
		{`SELECT provider, count(*), 0 FROM sessions GROUP BY provider`, func(p *ProviderStatus, n, _ int) { p.Sessions = n }},
		{`SELECT s.provider, count(*), 0 FROM messages m JOIN sessions s ON s.pk = m.session GROUP BY s.provider`,
			func(p *ProviderStatus, n, _ int) { p.Messages = n }},
		{`SELECT s.provider, count(*), 0 FROM edits e JOIN sessions s ON s.pk = e.session GROUP BY s.provider`,
			func(p *ProviderStatus, n, _ int) { p.Edits = n }},
		{`SELECT provider, sum(NOT retired), sum(deleted AND NOT retired) FROM sources GROUP BY provider`,
			func(p *ProviderStatus, n, m int) { p.Sources, p.DeletedSources = n, m }},
		{`SELECT provider, sum(retired), 0 FROM sources GROUP BY provider`,
			func(p *ProviderStatus, n, _ int) { p.EarlierGenerations = n }},
	}
	for _, q := range queries {
		rows, err := a.db.QueryContext(ctx, q.q)
		if err != nil {
			return err
		}
		for rows.Next() {
			var name string
			var n, m int
			if err := rows.Scan(&name, &n, &m); err != nil {
				rows.Close()
				return err
			}
			q.set(get(name), n, m)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for _, p := range byName {
		st.Providers = append(st.Providers, *p)
	}
	sort.Slice(st.Providers, func(i, j int) bool { return st.Providers[i].Provider < st.Providers[j].Provider })
	return nil
}

func (a *Archive) problemFiles(ctx context.Context, st *Status) error {
	rows, err := a.db.QueryContext(ctx, `SELECT s.path, p.kind, count(*) FROM problems p
		JOIN sources s ON s.id = p.source_id GROUP BY s.path, p.kind ORDER BY s.path, p.kind`)
	if err != nil {
		return err
	}
	defer rows.Close()
	st.ProblemFiles = []ProblemFile{}
	for rows.Next() {
		var path, kind string
		var n int
		if err := rows.Scan(&path, &kind, &n); err != nil {
			return err
		}
		if k := len(st.ProblemFiles); k == 0 || st.ProblemFiles[k-1].Path != path {
			st.ProblemFiles = append(st.ProblemFiles, ProblemFile{Path: path, Counts: map[string]int{}})
		}
		st.ProblemFiles[len(st.ProblemFiles)-1].Counts[kind] = n
	}
	return rows.Err()
}

func (a *Archive) failedFiles(ctx context.Context, st *Status) error {
	st.FailedFiles, st.UnreadableFolders, st.SkippedFiles = []FailedFile{}, []FailedFile{}, []FailedFile{}
	for _, q := range []struct {
		sql string
		dst *[]FailedFile
	}{
		{`SELECT path, last_error FROM sources WHERE last_error <> '' ORDER BY path`, &st.FailedFiles},
		{`SELECT path, error FROM scan_errors ORDER BY path`, &st.UnreadableFolders},
		{`SELECT path, reason FROM skipped_files ORDER BY path`, &st.SkippedFiles},
	} {
		rows, err := a.db.QueryContext(ctx, q.sql)
		if err != nil {
			return err
		}
		for rows.Next() {
			var f FailedFile
			if err := rows.Scan(&f.Path, &f.Error); err != nil {
				rows.Close()
				return err
			}
			*q.dst = append(*q.dst, f)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

func (a *Archive) repoCounts(ctx context.Context, st *Status) error {
	rows, err := a.db.QueryContext(ctx, `SELECT s.repo_root, coalesce(r.remote_url, ''), coalesce(r.recorded_urls, '[]'), count(*)
		FROM sessions s LEFT JOIN repos r ON r.root = s.repo_root
		WHERE s.repo_root <> '' GROUP BY s.repo_root ORDER BY count(*) DESC, s.repo_root`)
	if err != nil {
		return err
	}
	st.Repositories = []RepoStatus{}
	for rows.Next() {
		var r RepoStatus
		var urls string
		if err := rows.Scan(&r.Root, &r.RemoteURL, &urls, &r.Sessions); err != nil {
			rows.Close()
			return err
		}
		// Rows stored before URLs lost their credentials are shown without them too.
		r.RemoteURL = redact.StripUserinfo(r.RemoteURL)
		r.RecordedURLs = decodeStrings(urls)
		for i, u := range r.RecordedURLs {
			r.RecordedURLs[i] = redact.StripUserinfo(u)
		}
		st.Repositories = append(st.Repositories, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if err := a.db.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE repo_root = ''`).Scan(&st.Unattached.Sessions); err != nil {
		return err
	}
	ids, err := a.db.QueryContext(ctx, `SELECT id FROM sessions WHERE repo_root = '' ORDER BY started_at DESC LIMIT 5`)
	if err != nil {
		return err
	}
	defer ids.Close()
	for ids.Next() {
		var id string
		if err := ids.Scan(&id); err != nil {
			return err
		}
		st.Unattached.Examples = append(st.Unattached.Examples, id)
	}
	return ids.Err()
}

// diskUsage sums the database files and the retained copies.
func (a *Archive) diskUsage() (total, retained int64) {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if fi, err := os.Lstat(a.Path() + suffix); err == nil {
			total += fi.Size()
		}
	}
	filepath.WalkDir(filepath.Join(a.dir, "retained"), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				retained += fi.Size()
			}
		}
		return nil
	})
	return total + retained, retained
}
