package redact

import "strings"

// StripUserinfo returns a URL without the user name and password before
// its host (https://user:token@host/path becomes https://host/path): a git
// remote or a recorded repository URL names the repository without them,
// and they often hold a credential. Text that is not such a URL, and
// scp-like git addresses (git@host:path, which have no password), are
// returned as they are.
func StripUserinfo(u string) string {
	i := strings.Index(u, "://")
	if i <= 0 {
		return u
	}
	host := i + len("://")
	end := len(u)
	if j := strings.IndexAny(u[host:], "/?#"); j >= 0 {
		end = host + j
	}
	at := strings.LastIndexByte(u[host:end], '@')
	if at < 0 {
		return u
	}
	return u[:host] + u[host+at+1:]
}
