package recall

import (
	"os"
	"testing"

	"hansard/fixtures/tempdir"
	"hansard/fixtures/testgc"
)

// scratch is the package's temporary folder, made and removed by TestMain:
// what several tests build once and only read lies there (the meaning
// evaluation's corpora).
var scratch string

func TestMain(m *testing.M) {
	testgc.Pace()
	os.Exit(tempdir.Main(m, "hansard-recall-", &scratch))
}
