// Package redact finds secrets in text and replaces them by
// "[redacted:<kind>]" before hansard indexes, stores or prints the text.
//
// The main types are Redactor, which finds and replaces, and Match, one
// secret found. New returns a Redactor; String, Bytes and Lines redact;
// StringCounts also tallies redactions by kind; Find lists the matches.
// StripUserinfo takes the user name and password out of a URL.
//
// What is redacted:
//   - provider credentials known by their prefix: AWS access key ids,
//     GitHub (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_), GitLab (glpat- and
//     kin), Slack tokens (xox?-, xapp-) and webhooks, Stripe live keys and
//     secret test keys and webhook secrets (whsec_), OpenAI (sk-, sk-proj-),
//     Anthropic (sk-ant-), Google (AIza), npm (npm_), PyPI (pypi-Ag…),
//     Twilio API keys (SK + 32 hex), SendGrid (SG.…), Hugging Face (hf_),
//     Shopify (shpat_, shpca_, shppa_, shpss_); also right after a JSON
//     escape (\n, \t, \u0020), as at the start of a line of JSON-encoded
//     text;
//   - Discord bot tokens (ID.TIME.HMAC, whose first part decodes to the
//     digits of an id);
//   - JWTs (eyJ….eyJ….sig) and private key blocks (-----BEGIN … PRIVATE
//     KEY----- to the END line, or to the end of the body when it is cut);
//   - the password of scheme://user:password@host (user and host are kept)
//     and of user:password@tcp(host) DSNs;
//   - passwords commands take in their own syntax: curl -u/--user
//     user:password, mysql (and mysqldump, mariadb) -pPASSWORD, and
//     docker (podman, helm registry, …) login -p PASSWORD;
//   - values assigned to secret-named keys, in JSON, YAML, TOML, env files,
//     shell (export, --password value, --token=value), code and connection
//     strings (Password=…;, AccountKey=…): password, passwd, pwd, pass,
//     passphrase, secret, token, api key, access/secret/private/signing key,
//     AWS secret access keys, Azure account keys, Authorization headers;
//   - an AWS secret access key (40 base64 bytes) later on the line of an
//     access key id, as in a credentials CSV;
//   - high-entropy values in assignment context under any other key: at
//     least 32 bytes, three character classes, Shannon entropy of at least
//     4.2 bits per byte, and not hex-like; and values of 16 bytes or more
//     under weakly secret-named keys (key, auth, credentials, sig) at 3.5
//     bits.
//
// A secret cut short where a title or an excerpt was cut ("…") is
// redacted too: the word before the mark when it starts like a provider
// token or looks random.
//
// A secret that spans lines (a private key) is replaced by one placeholder
// per line, so that redacted text keeps its line breaks, escaped ones
// (`\n` in JSON-encoded text) included: text redacted while encoded
// decodes to the decoded text redacted. Lines redacts a list of lines (a
// file, a hunk) as one text. Redacting redacted text changes nothing.
//
// What is kept, on purpose: git object ids and other hex digests, UUIDs
// (also under a token key: token: <uuid> is an id), base64 data that is not
// assigned to anything, inlined files (base64 images and documents, values
// over 4 KiB), reasoning signatures, the ids of tool calls and API
// responses (toolu_…, srvtoolu_…, call_…, resp_…), identifiers, paths, import paths,
// version strings, the documented AWS example key (AKIA…EXAMPLE), and
// placeholders: values that are variables or templates ($VAR, ${VAR},
// {{ .Token }}, <token>, process.env.X), masks (****, xxxx), test data
// (password: "test", "testpass"), or name the thing itself
// (password=changeme, token=your-token-here, secret=example). A placeholder carries nothing worth
// hiding, and keeping it keeps documentation and config templates readable.
// In program code a bare identifier or call on the right of an assignment
// (password = pw, token := next()) is a variable, not a literal, and is kept.
//
// Speed: one pass over the text with a case-insensitive Aho-Corasick
// automaton over the keywords that can start a secret (positions whose
// two bytes cannot begin a keyword are skipped without running it), and
// one pass that finds long opaque runs, looking 32 bytes ahead to skip
// ordinary text. Regular expressions (Go's RE2) only run on a
// bounded window (at most 512 bytes, 64 KiB for a key block) after a
// keyword hit, so the cost is linear in the text and no secret can be
// split by a chunk boundary. Text without secrets is returned as is.
package redact
