package codex

import "hansard/transcripts"

// RedactState passes every text the checkpoint state holds through r: the
// session and the texts that title it while it has no title, the last
// message and the calls being tracked (inputs, results,
// commands, edits). Ids, call ids and the digests of the last texts are
// kept, so that a parse resumed from the redacted state pairs outputs with
// their calls and finds twins as it would have.
func (Provider) RedactState(b []byte, r transcripts.Redaction) ([]byte, error) {
	st, err := loadState(b)
	if err != nil {
		return nil, err
	}
	st.Session = *r.Record(transcripts.Record{Session: &st.Session}).Session
	st.Command, st.Said = r.Text(st.Command), r.Text(st.Said)
	if st.Last != nil {
		st.Last = r.Record(transcripts.Record{Message: st.Last}).Message
	}
	for _, calls := range []map[string]*call{st.Pending, st.Procs} {
		for _, c := range calls {
			c.redact(r)
		}
	}
	for _, c := range st.Recent {
		c.redact(r)
	}
	for _, o := range st.Early {
		o.redact(r)
	}
	return st.encode()
}

func (c *call) redact(r transcripts.Redaction) {
	c.Call = *r.Record(transcripts.Record{ToolCall: &c.Call}).ToolCall
	if c.Command != nil {
		c.Command = r.Record(transcripts.Record{Command: c.Command}).Command
	}
	for i := range c.Edits {
		c.Edits[i] = *r.Record(transcripts.Record{Edit: &c.Edits[i]}).Edit
	}
	for i := range c.Inner {
		c.Inner[i] = *r.Record(transcripts.Record{Command: &c.Inner[i]}).Command
	}
}
