package local

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// oversample is how many more directions than dimensions the range finder
// keeps.
const oversample = 10

// eigenWeight is the power of the singular values the word vectors are
// scaled by (0.5: between the plain singular vectors and the full
// reconstruction, which weighs the first dimensions too much).
const eigenWeight = 0.5

// wordVectors returns n rows of o.Dims values: the top left singular
// vectors of m scaled by their singular values to the eigenWeight, each
// row normalized (Halko, Martinsson and Tropp 2011: a Gaussian sketch,
// power iterations, each step orthonormalized).
func wordVectors(ctx context.Context, m *sparse, n int, o Options) ([]float32, error) {
	k := min(o.Dims+oversample, n)
	r := rand.New(rand.NewPCG(o.Seed, 0x5eed))
	omega := newDense(m.cols, k)
	for i := range omega.v {
		omega.v[i] = r.NormFloat64()
	}
	q, err := orthonormal(m.mul(omega))
	if err != nil {
		return nil, err
	}
	for range o.Power {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if q, err = orthonormal(m.mulT(q)); err != nil {
			return nil, err
		}
		if q, err = orthonormal(m.mul(q)); err != nil {
			return nil, err
		}
	}
	// B = Qᵀm; B·Bᵀ = Zᵀ·Z with Z = mᵀQ. Its eigenvectors W turn Q into
	// the left singular vectors U = Q·W, its eigenvalues are σ².
	z := m.mulT(q)
	lambda, w := symEigen(gram(z))
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case lambda[a] > lambda[b]:
			return -1
		case lambda[a] < lambda[b]:
			return 1
		}
		return 0
	})
	out := make([]float32, n*o.Dims)
	scale := make([]float64, o.Dims)
	for d := range o.Dims {
		scale[d] = math.Pow(math.Sqrt(max(lambda[order[d]], 0)), eigenWeight)
	}
	row := make([]float64, o.Dims)
	for i := range n {
		qi := q.row(i)
		var norm float64
		for d := range o.Dims {
			col := order[d]
			var s float64
			for j, qv := range qi {
				s += qv * w[j*k+col]
			}
			row[d] = s * scale[d]
			norm += row[d] * row[d]
		}
		if norm > 0 {
			norm = 1 / math.Sqrt(norm)
		}
		for d := range o.Dims {
			out[i*o.Dims+d] = float32(row[d] * norm)
		}
	}
	return out, nil
}

// gram returns xᵀx (k×k, row by row).
func gram(x *dense) []float64 {
	k := x.k
	g := make([]float64, k*k)
	for r := range x.rows {
		xr := x.row(r)
		for i, a := range xr {
			if a == 0 {
				continue
			}
			axpy(g[i*k+i:i*k+k], a, xr[i:])
		}
	}
	for i := range k {
		for j := i + 1; j < k; j++ {
			g[j*k+i] = g[i*k+j]
		}
	}
	return g
}

// orthonormal returns a matrix with orthonormal columns spanning x's, by
// Cholesky QR done twice (the second pass repairs the first's loss of
// orthogonality). Columns that add nothing are left zero.
func orthonormal(x *dense) (*dense, error) {
	for range 2 {
		rinv, err := choleskyInverse(gram(x))
		if err != nil {
			return nil, err
		}
		k := x.k
		out := newDense(x.rows, k)
		for r := range x.rows {
			xr, or := x.row(r), out.row(r)
			for i, a := range xr {
				if a != 0 {
					axpy(or[i:], a, rinv[i*k+i:i*k+k])
				}
			}
		}
		x = out
	}
	return x, nil
}

// choleskyInverse returns R⁻¹ (upper triangular, k×k) for g = RᵀR, with a
// pivot too small for the column's scale treated as a column to drop.
func choleskyInverse(g []float64) ([]float64, error) {
	k := int(math.Sqrt(float64(len(g))))
	var largest float64
	for i := range k {
		largest = max(largest, g[i*k+i])
	}
	if !(largest > 0) || math.IsInf(largest, 0) {
		return nil, fmt.Errorf("%w: the co-occurrences span no direction", ErrTooLittleText)
	}
	r := make([]float64, k*k)
	for j := range k {
		s := g[j*k+j]
		for p := range j {
			s -= r[p*k+j] * r[p*k+j]
		}
		if s <= largest*1e-12 {
			continue // r's row j stays zero: the column is dropped
		}
		d := math.Sqrt(s)
		r[j*k+j] = d
		for i := j + 1; i < k; i++ {
			t := g[j*k+i]
			for p := range j {
				t -= r[p*k+j] * r[p*k+i]
			}
			r[j*k+i] = t / d
		}
	}
	// Invert the upper triangular r by back substitution, column by column.
	inv := make([]float64, k*k)
	for j := range k {
		if r[j*k+j] == 0 {
			continue
		}
		inv[j*k+j] = 1 / r[j*k+j]
		for i := j - 1; i >= 0; i-- {
			if r[i*k+i] == 0 {
				continue
			}
			var s float64
			for p := i + 1; p <= j; p++ {
				s += r[i*k+p] * inv[p*k+j]
			}
			inv[i*k+j] = -s / r[i*k+i]
		}
	}
	return inv, nil
}

// symEigen returns the eigenvalues and eigenvectors (column j of the k×k
// result, row by row) of the symmetric matrix a, by cyclic Jacobi
// rotations.
func symEigen(a []float64) ([]float64, []float64) {
	k := int(math.Sqrt(float64(len(a))))
	a = slices.Clone(a)
	v := make([]float64, k*k)
	for i := range k {
		v[i*k+i] = 1
	}
	for sweep := 0; sweep < 100; sweep++ {
		var off, diag float64
		for i := range k {
			diag += a[i*k+i] * a[i*k+i]
			for j := i + 1; j < k; j++ {
				off += a[i*k+j] * a[i*k+j]
			}
		}
		if off <= 1e-22*diag || off == 0 {
			break
		}
		for p := range k {
			for q := p + 1; q < k; q++ {
				apq := a[p*k+q]
				if apq == 0 {
					continue
				}
				theta := (a[q*k+q] - a[p*k+p]) / (2 * apq)
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for i := range k {
					aip, aiq := a[i*k+p], a[i*k+q]
					a[i*k+p], a[i*k+q] = c*aip-s*aiq, s*aip+c*aiq
				}
				for i := range k {
					api, aqi := a[p*k+i], a[q*k+i]
					a[p*k+i], a[q*k+i] = c*api-s*aqi, s*api+c*aqi
				}
				for i := range k {
					vip, viq := v[i*k+p], v[i*k+q]
					v[i*k+p], v[i*k+q] = c*vip-s*viq, s*vip+c*viq
				}
			}
		}
	}
	lambda := make([]float64, k)
	for i := range k {
		lambda[i] = a[i*k+i]
	}
	return lambda, v
}
