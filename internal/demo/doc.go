// Package demo lays out what `hansard demo` shows a new user: a small Go
// repository whose history came from two archived agent conversations, and a
// home folder holding those conversations as Claude Code and Codex write
// them.
//
// Main types: Demo (Layout builds one in a folder: the repository under
// repo/, made commit by commit through gitrepo with fixed authors and dates;
// the transcripts under home/, from embedded templates with the repository's
// path put in; Getenv, the environment that points hansard at that home and
// at an archive inside the folder, and nowhere else) and Step (one command
// of the tour: why it is shown, the arguments that run it, and the command
// line a user would type inside the repository). Run prints the steps and
// hands each to the caller to execute, so that the commands run through the
// same code as when a user types them.
//
// The story, in story/: a person writes a fetch client (client.go); a Claude
// Code session adds retries with backoff (Write of retry.go, Edits of
// client.go, one of which fails and is retried); the person raises the number
// of attempts by hand; a Codex session adds Client.GetJSON with apply_patch,
// whose `if err != nil {` and `return err` recur in lines others wrote. Every
// time is fixed, so the answers are the same on every run.
package demo
