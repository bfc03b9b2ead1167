package embed

import "context"

// Embedder computes one vector per text.
type Embedder interface {
	// Model names the model; a change of name or Dims rebuilds the stored
	// vectors.
	Model() string
	// Dims is the length of every vector Embed returns.
	Dims() int
	// Embed returns len(texts) vectors of Dims() floats each, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}
