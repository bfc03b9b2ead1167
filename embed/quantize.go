package embed

import "math"

// Quantize normalises v to unit length and stores it as int8 with one
// scale: v[i]/|v| ≈ q[i]*scale. A zero vector gives zeros and scale 0.
func Quantize(v []float32) (q []int8, scale float32) {
	q = make([]int8, len(v))
	var norm, top float64
	for _, x := range v {
		norm += float64(x) * float64(x)
		top = math.Max(top, math.Abs(float64(x)))
	}
	if norm == 0 || top == 0 {
		return q, 0
	}
	norm = math.Sqrt(norm)
	s := top / norm / 127 // the largest component maps to ±127
	for i, x := range v {
		q[i] = int8(math.Round(float64(x) / norm / s))
	}
	return q, float32(s)
}

// Normalize returns v scaled to unit length (v itself when zero).
func Normalize(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 {
		return v
	}
	n = math.Sqrt(n)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / n)
	}
	return out
}
