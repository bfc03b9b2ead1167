package claude

import "hansard/transcripts"

// Claude Code 2.1.101 and later sometimes write a tool_result line before
// the line of its tool_use. Such a result is kept (in the checkpoint state
// too, so across Parse calls) until its call comes, and paired then; when
// a file has more than transcripts.KeepEarly holds, the oldest is dropped
// (its call then stays pending).

// earlyResult is a tool result whose call has not been seen. What the
// parser decides on the result's text (the exit code, a task's number, the
// result standing in its message) is decided when it is kept: the state's
// texts are stored redacted.
type earlyResult struct {
	ID     string         `json:"id"`
	Text   string         `json:"text,omitempty"`
	Failed bool           `json:"failed,omitempty"`
	Single bool           `json:"single,omitempty"`
	Obj    *toolUseResult `json:"obj,omitempty"`
	// Original is the originalFile of a Write's update.
	Original *string `json:"orig,omitempty"`
	Line     int     `json:"line"`
	Exit     *int    `json:"exit,omitempty"`
	Task     string  `json:"task,omitempty"`
	// Hunks are the result's structuredPatch with the text of its lines
	// (Obj keeps none).
	Hunks    []transcripts.Hunk `json:"hunks,omitempty"`
	HasPatch bool               `json:"has_patch,omitempty"`
	// InSession and InIndex name the tool message of the result's line;
	// InText says that the message carries the result's text.
	InSession string `json:"in_session"`
	InIndex   int    `json:"in_index"`
	InText    bool   `json:"in_text,omitempty"`
	// Full is the whole output behind a persisted-output preview.
	Full string `json:"full,omitempty"`
}

// CallID is the id of the result's call.
func (r *earlyResult) CallID() string { return r.ID }

// Size is the bytes of the result's texts.
func (r *earlyResult) Size() int {
	n := len(r.Text) + len(r.Full)
	if r.Original != nil {
		n += len(*r.Original)
	}
	for _, h := range r.Hunks {
		for _, l := range h.Lines {
			n += len(l)
		}
	}
	return n
}

// keepEarly keeps a result whose call has not been seen.
func (st *state) keepEarly(res *callResult, id string, in msgRef, inText bool) {
	er := &earlyResult{ID: id, Text: res.Text, Failed: res.Failed, Single: res.Single, Line: res.Line,
		Exit: exitCode(res), Task: taskNumber(res), Hunks: res.hunks(), HasPatch: res.hasPatch(), InSession: in.session, InIndex: in.index, InText: inText, Full: res.full}
	if res.Obj != nil {
		obj := *res.Obj
		obj.StructuredPatch = nil
		er.Obj = &obj
		if obj.Type == "update" && obj.OriginalFile.set && !obj.OriginalFile.null {
			er.Original = res.writeTexts().orig
		}
	}
	transcripts.KeepEarly(&st.Early, er)
}

// result returns the kept result as the call's result, with the tool
// message that carries it.
func (r *earlyResult) result() (*callResult, msgRef, bool) {
	res := &callResult{Text: r.Text, Failed: r.Failed, Obj: r.Obj, Single: r.Single, Line: r.Line,
		original: r.Original, decided: true, exit: r.Exit, task: r.Task, patch: r.Hunks, withPatch: r.HasPatch, full: r.Full}
	return res, msgRef{r.InSession, r.InIndex}, r.InText
}

// redact passes the kept texts through rd.
func (r *earlyResult) redact(rd transcripts.Redaction) {
	r.Text = rd.Text(r.Text)
	r.Full = rd.Text(r.Full)
	if r.Original != nil {
		o := rd.Text(*r.Original)
		r.Original = &o
	}
	if o := r.Obj; o != nil {
		for _, s := range []*string{o.OldString, o.NewString} {
			if s != nil {
				*s = rd.Text(*s)
			}
		}
	}
	if len(r.Hunks) > 0 {
		// as the archive redacts an edit's hunks
		r.Hunks = rd.Record(transcripts.Record{Edit: &transcripts.Edit{Hunks: r.Hunks}}).Edit.Hunks
	}
}
