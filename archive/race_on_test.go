//go:build race

package archive

// raceDetector reports whether the tests run under the race detector.
const raceDetector = true
