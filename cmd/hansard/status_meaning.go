package main

import (
	"fmt"
	"math"

	"hansard/archive"
	"hansard/recall"
)

// statusReport is what hansard status --json prints: the archive's
// status, and meaning search's embedder and vectors.
type statusReport struct {
	archive.Status
	Meaning recall.MeaningStatus `json:"meaning"`
}

// meaningLine is the readable state of meaning search.
func meaningLine(m recall.MeaningStatus) string {
	switch m.State {
	case recall.MeaningOff:
		return "off: " + m.Problem
	case recall.MeaningBuilding:
		return fmt.Sprintf("building: %d of %d messages (%s), %d %s; model %s (%s)",
			m.Embedded, m.Total, percent(m.Embedded, m.Total), m.Vectors, plural(m.Vectors, "vector", "vectors"), m.Model, m.Embedder)
	case recall.MeaningRebuilding:
		return fmt.Sprintf("rebuilding for model %s (%s): the %d stored %s are of model %s; %d messages queued",
			m.Model, m.Embedder, m.Vectors, plural(m.Vectors, "vector", "vectors"), m.StoredModel, m.Queued)
	}
	return fmt.Sprintf("ready: model %s (%s), %d %s of %d messages, %d queued",
		m.Model, m.Embedder, m.Vectors, plural(m.Vectors, "vector", "vectors"), m.Embedded, m.Queued)
}

// percent is done of total to a tenth, rounded down.
func percent(done, total int) string {
	if total == 0 {
		return "0.0%"
	}
	return fmt.Sprintf("%.1f%%", math.Floor(1000*float64(done)/float64(total))/10)
}

// printMeaningPorcelain writes meaning search's record.
func printMeaningPorcelain(p porcelainWriter, m recall.MeaningStatus) {
	p.record("meaning", m.State, m.Model, m.Embedder, m.StoredModel, m.Dims, m.Vectors, m.Embedded, m.Queued, m.Total, m.Problem)
}
