// Package importpolicy holds the test that keeps the package arrows of
// hansard's design true: which packages may import which. It has no code of
// its own.
package importpolicy
