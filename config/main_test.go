package config

import (
	"os"
	"testing"

	"hansard/fixtures/tempdir"
)

func TestMain(m *testing.M) { os.Exit(tempdir.Run(m)) }
