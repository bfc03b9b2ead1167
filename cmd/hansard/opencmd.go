package main

import "fmt"

// showCommand is the command that reads a conversation around one of its
// messages, naming the session by the short id the answers print.
func showCommand(sessionID string, index int) string {
	return fmt.Sprintf("hansard show %s --around %d", shortID(sessionID), index)
}
