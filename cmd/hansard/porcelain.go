package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"time"

	"hansard/archive"
	"hansard/recall"
)

// Versions of the --porcelain formats of history, show and status, named
// by the line that starts each output (porcelainHeader).
const (
	historyPorcelainVersion = 1
	showPorcelainVersion    = 1
	statusPorcelainVersion  = 1
)

// jsonOrPorcelain refuses --json and --porcelain together.
func jsonOrPorcelain(json, porcelain bool) error {
	if json && porcelain {
		return usageError{errors.New("--json and --porcelain exclude each other")}
	}
	return nil
}

// printHistoryPorcelain writes one tab-separated line per match: session
// id, message index, role, session start, provider, repository, title and
// excerpt (the message index is -1 for a conversation listed by filters
// alone); then "next" and the cursor of the next page when there is one.
func printHistoryPorcelain(w io.Writer, resp recall.SearchResponse) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(porcelainHeader("history", historyPorcelainVersion))
	for _, h := range resp.Hits {
		line := func(index int, role, excerpt string) {
			fmt.Fprintf(bw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", porcelainField(h.SessionID), index, porcelainField(role),
				porcelainField(h.StartedAtLocal), porcelainField(h.Provider), porcelainField(h.Repo),
				porcelainField(h.Title), porcelainField(excerpt))
		}
		if h.MatchedBy == recall.MatchedByFilter {
			line(-1, "", "")
			continue
		}
		line(h.MessageIndex, h.Role, h.Excerpt)
		for _, m := range h.MoreHits {
			line(m.MessageIndex, m.Role, m.Excerpt)
		}
	}
	if resp.Next != "" {
		fmt.Fprintf(bw, "next\t%s\n", porcelainField(resp.Next))
	}
	return bw.Flush()
}

// printShowPorcelain writes a line naming the session (session, id,
// provider, start, title), then one tab-separated line per message: its
// index, role, kind, time and text (escaped: one line each); then "next"
// and the cursor that continues the read when there is one.
func printShowPorcelain(w io.Writer, resp recall.ReadResponse) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(porcelainHeader("show", showPorcelainVersion))
	fmt.Fprintf(bw, "session\t%s\t%s\t%s\t%s\n", porcelainField(resp.SessionID), porcelainField(resp.Provider),
		porcelainField(resp.StartedAtLocal), porcelainField(resp.Title))
	for _, m := range resp.Messages {
		fmt.Fprintf(bw, "%d\t%s\t%s\t%s\t%s\n", m.Index, porcelainField(m.Role), porcelainField(m.Kind),
			porcelainField(m.TimestampLocal), porcelainField(m.Text))
	}
	if resp.Next != "" {
		fmt.Fprintf(bw, "next\t%s\n", porcelainField(resp.Next))
	}
	return bw.Flush()
}

// printStatusPorcelain writes what status shows as tab-separated records,
// each named by its first field: archive (folder, bytes on disk, bytes of
// retained copies), indexing (active or paused), last-refresh (RFC 3339 or
// -), provider (name, sessions, messages, edits, transcripts, transcripts
// gone), root (provider, folder, found or missing), repository (root,
// sessions, remote) and unattached (folder, sessions).
func printStatusPorcelain(w io.Writer, st archive.Status) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(porcelainHeader("status", statusPorcelainVersion))
	fmt.Fprintf(bw, "archive\t%s\t%d\t%d\n", porcelainField(st.Dir), st.SizeBytes, st.RetainedBytes)
	state := "active"
	if st.Paused {
		state = "paused"
	}
	fmt.Fprintf(bw, "indexing\t%s\n", state)
	last := ""
	if st.LastRefresh != nil {
		last = st.LastRefresh.UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(bw, "last-refresh\t%s\n", porcelainField(last))
	for _, p := range st.Providers {
		fmt.Fprintf(bw, "provider\t%s\t%d\t%d\t%d\t%d\t%d\n", porcelainField(p.Provider), p.Sessions, p.Messages, p.Edits,
			p.Sources, p.DeletedSources)
	}
	for _, r := range st.Roots {
		found := "missing"
		if r.Exists {
			found = "found"
		}
		fmt.Fprintf(bw, "root\t%s\t%s\t%s\n", porcelainField(r.Provider), porcelainField(r.Path), found)
	}
	for _, r := range st.Repositories {
		fmt.Fprintf(bw, "repository\t%s\t%d\t%s\n", porcelainField(r.Root), r.Sessions, porcelainField(r.RemoteURL))
	}
	for _, u := range st.Unattached.Folders {
		fmt.Fprintf(bw, "unattached\t%s\t%d\n", porcelainField(u.Folder), u.Sessions)
	}
	return bw.Flush()
}
