package redact

import "strings"

// Long base64 values that are data, not credentials: images and other
// files inlined in a transcript (an image block's "data", a data: URL),
// the signatures and encrypted blobs an agent keeps with its reasoning,
// and the ids of tool calls and API responses.
// They are opaque and random, so the high-entropy rule would hide them,
// and hiding them only costs space and search.

// blobMagic are the base64 forms of the first bytes of common file
// formats: PNG, JPEG, GIF, WebP/RIFF, PDF, SVG, gzip, zip.
var blobMagic = []string{"iVBORw0KGgo", "/9j/", "R0lGOD", "UklGR", "JVBERi0", "PHN2Zy", "PD94bWwg", "H4sI", "UEsDB"}

// maxSecretLen: no credential the high-entropy rule looks for is longer;
// longer runs are data.
const maxSecretLen = 4096

// blobKeys name values that hold such data.
var blobKeys = []string{"signature", "thoughtSignature", "encrypted_content", "encryptedContent"}

// idPrefixes start the ids agents and their APIs give tool calls,
// responses, requests and messages (Anthropic, Bedrock and Vertex, OpenAI):
// long and random, but names.
var idPrefixes = []string{"toolu_", "srvtoolu_", "call_", "fc_", "req_", "msg_", "resp_", "rs_", "chatcmpl-"}

// isBlob reports whether the value s[vs:ve] is inlined data or an id.
func isBlob(s string, vs, ve int) bool {
	if ve-vs > maxSecretLen {
		return true
	}
	v := s[vs:ve]
	for _, p := range idPrefixes {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	for _, m := range blobMagic {
		if strings.HasPrefix(v, m) {
			return true
		}
	}
	k := keyBefore(s, vs)
	for _, b := range blobKeys {
		if k == b {
			return true
		}
	}
	return false
}

// keyBefore returns the name of the key a value at s[vs:] is assigned to
// ("key": "value", key: value, key=value), or "".
func keyBefore(s string, vs int) string {
	p := vs
	for p > 0 && (s[p-1] == '"' || s[p-1] == '\'' || s[p-1] == '\\') {
		p--
	}
	for p > 0 && s[p-1] == ' ' {
		p--
	}
	if p == 0 || s[p-1] != ':' && s[p-1] != '=' {
		return ""
	}
	p--
	for p > 0 && s[p-1] == ' ' {
		p--
	}
	for p > 0 && (s[p-1] == '"' || s[p-1] == '\'' || s[p-1] == '\\') {
		p--
	}
	e := p
	for p > 0 && e-p < 64 && isWordByte(s[p-1]) {
		p--
	}
	return s[p:e]
}
