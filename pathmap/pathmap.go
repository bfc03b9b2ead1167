// Package pathmap holds Map, the one type of a path-prefix map: paths
// recorded under a folder of another machine or checkout, rewritten to
// where that folder is here. Maps come from the configuration file
// (package config), from `hansard index --map` and from automatic
// attachment (both remembered in the archive); recall loads them from
// those sources and puts them in use in one place, and the archive
// applies them to recorded paths.
package pathmap

// Map rewrites paths recorded under From (a folder on the machine or in
// the checkout where a transcript was recorded) to To (where that folder
// is now). Matching is by whole path components.
type Map struct {
	From string `json:"from"`
	To   string `json:"to"`
}
