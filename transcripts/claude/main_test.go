package claude

import (
	"os"
	"testing"

	"hansard/fixtures/testgc"
)

func TestMain(m *testing.M) {
	testgc.Pace()
	os.Exit(m.Run())
}
