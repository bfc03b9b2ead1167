// Package importpolicy holds the test that keeps the package arrows of
// hansard's design true, in the style of Go's own go/build deps test: an
// allow-list naming, for every package of the module, what its code and its
// tests may import. A package the list does not name fails the test, so a
// new package is added deliberately. It has no code of its own.
//
// The list is policy_test.go: rows (one per package) and groups (named sets
// of imports, each with the rule that says where it belongs). STD is the
// standard library, as go list reports it, less every package a group names.
package importpolicy
