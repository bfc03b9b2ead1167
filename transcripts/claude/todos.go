package claude

import (
	"regexp"
	"strconv"
	"sync"

	"hansard/transcripts"
)

// todoWrite is the whole list a TodoWrite call sends, in either shape:
// {id, content, status, priority} (early 1.0) or {content, status, activeForm}.
func todoWrite(pc *pendingCall) *transcripts.TodoSnapshot {
	in := decodeInput(pc.Input)
	snap := &transcripts.TodoSnapshot{SessionID: pc.Session, ToolCallID: pc.ID, MessageIndex: pc.MessageIndex}
	for i, t := range in.Todos {
		snap.Items = append(snap.Items, transcripts.Todo{SessionID: pc.Session, MessageIndex: pc.MessageIndex, ToolCallID: pc.ID,
			Seq: i, ItemID: jsonScalar(t.ID), Text: firstOf(t.Content, t.ActiveForm), Status: t.Status, Timestamp: pc.Timestamp})
	}
	return snap
}

var taskNumberRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Task #(\d+)`) })

// replayTask applies a successful TaskCreate or TaskUpdate to the session's
// task list and returns the whole list as that call left it.
func replayTask(ss *sessionState, pc *pendingCall, res *callResult) *transcripts.TodoSnapshot {
	in := decodeInput(pc.Input)
	switch pc.Name {
	case "TaskCreate":
		id := taskNumber(res)
		if id == "" {
			id = strconv.Itoa(len(ss.Tasks) + 1)
		}
		ss.Tasks = append(ss.Tasks, task{ID: id, Subject: in.Subject, Status: firstOf(in.Status, "pending")})
	case "TaskUpdate":
		id := jsonScalar(in.TaskID)
		i := taskIndex(ss.Tasks, id)
		if i < 0 {
			ss.Tasks = append(ss.Tasks, task{ID: id, Status: "pending"})
			i = len(ss.Tasks) - 1
		}
		if in.Status != "" {
			ss.Tasks[i].Status = in.Status
		}
		if in.Subject != "" {
			ss.Tasks[i].Subject = in.Subject
		}
	}
	snap := &transcripts.TodoSnapshot{SessionID: pc.Session, ToolCallID: pc.ID, MessageIndex: pc.MessageIndex}
	for i, t := range ss.Tasks {
		snap.Items = append(snap.Items, transcripts.Todo{SessionID: pc.Session, MessageIndex: pc.MessageIndex, ToolCallID: pc.ID,
			Seq: i, ItemID: t.ID, Text: t.Subject, Status: t.Status, Timestamp: pc.Timestamp})
	}
	return snap
}

// taskNumber is the id a TaskCreate result gives its task: task.id, else
// the number of "Task #N" in its text; "" when it gives none.
func taskNumber(res *callResult) string {
	if res.decided {
		return res.task
	}
	if res.Obj != nil && res.Obj.Task != nil {
		if id := jsonScalar(res.Obj.Task.ID); id != "" {
			return id
		}
	}
	if m := taskNumberRe().FindStringSubmatch(res.Text); m != nil {
		return m[1]
	}
	return ""
}

func taskIndex(tasks []task, id string) int {
	for i, t := range tasks {
		if t.ID == id {
			return i
		}
	}
	return -1
}
