// Command hansard answers "which AI conversation wrote this code, and why".
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	limitHeap()
	app := &App{Streams: streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}, Getenv: os.Getenv, ShortLived: holdGC}
	code := runApp(ctx, app, os.Args[1:])
	stop()
	os.Exit(code)
}
