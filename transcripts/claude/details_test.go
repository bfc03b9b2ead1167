package claude

import (
	"testing"

	"hansard/transcripts/providertest"
)

// checkFixtureDetails checks what the conformance suite does not: titles,
// roles and kinds, joins, commands and todos of the fixtures.
func checkFixtureDetails(t *testing.T, c *providertest.Collector) {
}
