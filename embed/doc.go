// Package embed turns text into vectors for hansard's meaning search.
//
// An Embedder names its model and its number of dimensions; the archive
// stores vectors under that name and rebuilds them when either changes.
// Implementations include a client for an OpenAI-compatible /v1/embeddings
// endpoint the user configures. Nothing is sent anywhere unless configured.
package embed
