package claude

import (
	"os"
	"testing"

	"hansard/fixtures/tempdir"
	"hansard/fixtures/testgc"
)

func TestMain(m *testing.M) {
	testgc.Pace()
	os.Exit(tempdir.Run(m))
}
