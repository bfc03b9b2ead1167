package tokenizer

import (
	"os"
	"testing"

	"hansard/fixtures/testgc"
)

func TestMain(m *testing.M) { os.Exit(testgc.Main(m)) }
