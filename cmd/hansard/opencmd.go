package main

import "fmt"

// showCommand is the command that reads a conversation around one of its
// messages. It names the session by its whole id: a short prefix is not
// unique among sessions started within a minute of each other (a Codex
// id is a UUIDv7, its first 8 digits a clock that turns every 65
// seconds), and names a session rather than its copies ("<id>~1").
// matchSession is the session that holds a match: the subagent's, when
// the match is in the work of one of the conversation's subagents.
func matchSession(sessionID, subagentID string) string {
	if subagentID != "" {
		return subagentID
	}
	return sessionID
}

func showCommand(sessionID string, index int) string {
	return fmt.Sprintf("hansard show %s --around %d", termSafe(sessionID), index)
}
