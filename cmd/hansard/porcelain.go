package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"time"

	"hansard/archive"
	"hansard/recall"
)

// Versions of the --porcelain formats of history, show and status, named
// by the line that starts each output (porcelainHeader). show's version 2
// added the branch and retraction of each message.
const (
	historyPorcelainVersion = 1
	showPorcelainVersion    = 2
	statusPorcelainVersion  = 1
)

// jsonOrPorcelain refuses --json and --porcelain together.
func jsonOrPorcelain(json, porcelain bool) error {
	return excludeFlags("json", json, "porcelain", porcelain)
}

// excludeFlags refuses two flags given together, one of whose outputs
// leaves out what the other asks for.
func excludeFlags(a string, aSet bool, b string, bSet bool) error {
	if aSet && bSet {
		return usageError{fmt.Errorf("--%s and --%s exclude each other", a, b)}
	}
	return nil
}

// porcelainWriter writes a --porcelain output: its version line, then
// tab-separated records.
type porcelainWriter struct{ bw *bufio.Writer }

func newPorcelainWriter(w io.Writer, command string, version int) porcelainWriter {
	p := porcelainWriter{bufio.NewWriter(w)}
	p.bw.WriteString(porcelainHeader(command, version))
	return p
}

// record writes one line of fields: strings escaped (porcelainField),
// numbers as they are.
func (p porcelainWriter) record(fields ...any) {
	for i, f := range fields {
		if i > 0 {
			p.bw.WriteByte('\t')
		}
		switch v := f.(type) {
		case string:
			p.bw.WriteString(porcelainField(v))
		case int:
			p.bw.WriteString(strconv.Itoa(v))
		case int64:
			p.bw.WriteString(strconv.FormatInt(v, 10))
		default:
			p.bw.WriteString(porcelainField(fmt.Sprint(v)))
		}
	}
	p.bw.WriteByte('\n')
}

// end writes the "next" record of a cursor, when there is one, and
// flushes.
func (p porcelainWriter) end(next string) error {
	if next != "" {
		p.record("next", next)
	}
	return p.bw.Flush()
}

// printHistoryPorcelain writes one record per match: session id, message
// index, role, session start, provider, repository, title and excerpt (the
// message index is -1 for a conversation listed by filters alone; the
// session is the subagent's for a match in its work, which the index
// counts in); then "next" and the cursor of the next page when there is
// one.
func printHistoryPorcelain(w io.Writer, resp recall.SearchResponse) error {
	p := newPorcelainWriter(w, "history", historyPorcelainVersion)
	for _, h := range resp.Hits {
		match := func(sub string, index int, role, excerpt string) {
			p.record(matchSession(h.SessionID, sub), index, role, h.StartedAtLocal, h.Provider, h.Repo, h.Title, excerpt)
		}
		if h.MatchedBy == recall.MatchedByFilter {
			match("", -1, "", "")
			continue
		}
		match(h.SubagentSessionID, h.MessageIndex, h.Role, h.Excerpt)
		for _, m := range h.MoreHits {
			match(m.SubagentSessionID, m.MessageIndex, m.Role, m.Excerpt)
		}
	}
	return p.end(resp.Next)
}

// printShowPorcelain writes a record naming the session (session, id,
// provider, start, title), then one per message: its index, role, kind,
// time, branch ("main", or "abandoned" for a branch a rewind left), why
// it was retracted (transcripts.Retract*, "-" when it was not) and text
// (escaped: one line each); then "next" and the cursor that continues the
// read when there is one.
func printShowPorcelain(w io.Writer, resp recall.ReadResponse) error {
	p := newPorcelainWriter(w, "show", showPorcelainVersion)
	p.record("session", resp.SessionID, resp.Provider, resp.StartedAtLocal, resp.Title)
	for _, m := range resp.Messages {
		branch := "main"
		if m.OffMainBranch {
			branch = "abandoned"
		}
		p.record(m.Index, m.Role, m.Kind, m.TimestampLocal, branch, m.Retracted, m.Text)
	}
	return p.end(resp.Next)
}

// printStatusPorcelain writes what status shows as records named by their
// first field: archive (folder, bytes on disk, bytes of retained copies),
// indexing (active or paused), last-refresh (RFC 3339 or -), provider
// (name, sessions, messages, edits, transcripts, transcripts gone), root
// (provider, folder, found or missing), repository (root, sessions,
// remote) and unattached (folder, sessions).
func printStatusPorcelain(w io.Writer, st archive.Status, meaning recall.MeaningStatus) error {
	p := newPorcelainWriter(w, "status", statusPorcelainVersion)
	p.record("archive", st.Dir, st.SizeBytes, st.RetainedBytes)
	p.record("indexing", map[bool]string{false: "active", true: "paused"}[st.Paused])
	var last string
	if st.LastRefresh != nil {
		last = st.LastRefresh.UTC().Format(time.RFC3339)
	}
	p.record("last-refresh", last)
	printMeaningPorcelain(p, meaning)
	for _, v := range st.Providers {
		p.record("provider", v.Provider, v.Sessions, v.Messages, v.Edits, v.Sources, v.DeletedSources)
	}
	for _, r := range st.Roots {
		p.record("root", r.Provider, r.Path, map[bool]string{false: "missing", true: "found"}[r.Exists])
	}
	for _, r := range st.Repositories {
		p.record("repository", r.Root, r.Sessions, r.RemoteURL)
	}
	for _, u := range st.Unattached.Folders {
		p.record("unattached", u.Folder, u.Sessions)
	}
	return p.end("")
}
