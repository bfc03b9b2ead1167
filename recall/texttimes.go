package recall

// TimeFormat shows the times of an answer's text tree (TextWith): When a
// session's start and a commit's time, At a time inside a session (an
// edit's). Both are given RFC 3339 on the local clock; a nil one keeps it
// so, as the MCP tools' text does.
type TimeFormat struct {
	When, At func(local string) string
}

func (f TimeFormat) when(local string) string {
	if f.When == nil {
		return local
	}
	return f.When(local)
}

func (f TimeFormat) at(local string) string {
	if f.At == nil {
		return local
	}
	return f.At(local)
}
