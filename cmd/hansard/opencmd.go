package main

import "fmt"

// showCommand is the command that reads a conversation around one of its
// messages. It names the session by its whole id: a short prefix is not
// unique among sessions started within a minute of each other (a Codex
// id is a UUIDv7, its first 8 digits a clock that turns every 65
// seconds), and names a session rather than its copies ("<id>~1").
func showCommand(sessionID string, index int) string {
	return fmt.Sprintf("hansard show %s --around %d", termSafe(sessionID), index)
}
