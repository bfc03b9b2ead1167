// Package config reads hansard's configuration file,
// $XDG_CONFIG_HOME/hansard/config.toml (by default
// $HOME/.config/hansard/config.toml).
//
// The main types are Config, the settings after defaults are applied, and
// PathMap, one path-prefix rewrite. A missing file means the defaults. A file
// that is not valid TOML, holds a value of the wrong type, or names a key
// hansard does not know is an error that names the line, so a typo never
// silently turns a setting off.
//
// The file knows these keys:
//
//	# Replace secrets by [redacted:<kind>] before text is indexed, stored
//	# for display or printed. Default true.
//	redact = true
//
//	# Rewrite paths recorded on another machine or in a moved checkout.
//	# The longest matching prefix wins; applied to session folders and
//	# to every edited file path.
//	[[paths.map]]
//	from = "/Users/dev/src/webapp"
//	to   = "/home/dev/webapp"
package config
