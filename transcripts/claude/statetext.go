package claude

import (
	"encoding/json"

	"hansard/transcripts"
)

// RedactState passes every text the checkpoint state holds through r: the
// sessions (titles, first prompts, the texts that title a session without
// one, task subjects), the inputs of calls
// waiting for their results, the assistant messages still open to joins
// and the titles. Ids, uuids and keys are kept, so that a parse resumed
// from the redacted state pairs results with their calls and lines with
// their API responses as it would have.
func (*Provider) RedactState(b []byte, r transcripts.Redaction) ([]byte, error) {
	st := &state{}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, err
	}
	for _, ss := range st.Sessions {
		ss.S = *r.Record(transcripts.Record{Session: &ss.S}).Session
		ss.FirstPrompt, ss.Command, ss.Said = r.Text(ss.FirstPrompt), r.Text(ss.Command), r.Text(ss.Said)
		for i := range ss.Tasks {
			ss.Tasks[i].Subject = r.Text(ss.Tasks[i].Subject)
		}
	}
	for _, pc := range st.Pending {
		if pc.Input != "" {
			pc.Input = string(r.Record(transcripts.Record{ToolCall: pc.toolCall()}).ToolCall.Input)
		}
	}
	for _, er := range st.Early {
		er.redact(r)
	}
	for _, j := range st.Joins {
		j.Msg = *r.Record(transcripts.Record{Message: &j.Msg}).Message
	}
	t := &st.Titles
	t.Custom, t.AI, t.Summary, t.Matched = r.Text(t.Custom), r.Text(t.AI), r.Text(t.Summary), r.Text(t.Matched)
	for k, v := range t.Leaves {
		t.Leaves[k] = r.Text(v)
	}
	return st.encode()
}
