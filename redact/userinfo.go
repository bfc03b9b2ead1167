package redact

func StripUserinfo(u string) string { return u }
