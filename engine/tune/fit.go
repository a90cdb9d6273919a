// Package tune fits the weights of the evaluation to the results of games by Texel's
// method: the evaluation of quiet positions, put through a sigmoid, should predict the
// game's result. The evaluation is linear in its weights (search.Model), so a position is
// its feature vector and the fit needs no search: Levenberg–Marquardt steps on the mean
// squared error, with a ridge toward the weights the fit starts from.
package tune

import (
	"errors"
	"math"

	"chimera/engine/search"
)

// Sample is one position: its features (White's side) and the game's result for White.
type Sample struct {
	Features []search.Feature
	Result   float64 // 1, 0.5 or 0
	Game     int     // the game's index, to hold games out
}

// ln10over400 turns a centipawn score into the exponent of the sigmoid's base e.
const ln10over400 = math.Ln10 / 400

// Sigmoid is Texel's predicted score of White for an evaluation (centipawns, White's
// side): 1 / (1 + 10^(-K·eval/400)).
func Sigmoid(k, eval float64) float64 { return 1 / (1 + math.Exp(-k*ln10over400*eval)) }

// Eval is the evaluation of a sample under the weights w.
func Eval(s *Sample, w []float64) float64 {
	v := 0.0
	for _, f := range s.Features {
		v += w[f.Index] * float64(f.X)
	}
	return v
}

// MSE is the mean squared error of the predictions: (result - Sigmoid(K, eval))².
func MSE(samples []Sample, w []float64, k float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for i := range samples {
		d := samples[i].Result - Sigmoid(k, Eval(&samples[i], w))
		sum += d * d
	}
	return sum / float64(len(samples))
}

// FitK returns the K that minimises MSE under the weights w (golden-section search over
// 0.01 to 10, the error being unimodal in K).
func FitK(samples []Sample, w []float64) float64 {
	evals := make([]float64, len(samples))
	for i := range samples {
		evals[i] = Eval(&samples[i], w)
	}
	errAt := func(k float64) float64 {
		sum := 0.0
		for i, e := range evals {
			d := samples[i].Result - Sigmoid(k, e)
			sum += d * d
		}
		return sum
	}
	lo, hi := 0.01, 10.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := errAt(a), errAt(b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = errAt(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = errAt(b)
		}
	}
	return (lo + hi) / 2
}

// Options steer Fit.
type Options struct {
	// Lambda weighs the ridge: Lambda·Σ(w - start)² is added to the error, so that a
	// weight the positions say little about stays near where it started.
	Lambda float64
	// Frozen weights keep their start (nil: none).
	Frozen []bool
	// MaxIterations bounds the Levenberg–Marquardt steps (default 50).
	MaxIterations int
	// MaxActive bounds the weights fitted at once (the dense system is MaxActive²);
	// default 3000.
	MaxActive int
	// Progress, when not nil, is told each accepted step: its number and the error.
	Progress func(iter int, mse float64)
}

// ErrTooManyWeights is Fit's error when more weights than Options.MaxActive would move.
var ErrTooManyWeights = errors.New("too many weights to fit at once")

// Fit returns the weights, from start, that minimise MSE(samples, w, k) + Lambda·|w -
// start|². Only weights some sample has a feature of (and not frozen) move.
func Fit(samples []Sample, k float64, start []float64, opt Options) ([]float64, error) {
	if opt.MaxIterations <= 0 {
		opt.MaxIterations = 50
	}
	if opt.MaxActive <= 0 {
		opt.MaxActive = 3000
	}
	n := len(start)
	active := make([]int, n) // weight -> its row in the system, or -1
	var rows []int           // row -> weight
	for i := range active {
		active[i] = -1
	}
	for i := range samples {
		for _, f := range samples[i].Features {
			j := int(f.Index)
			if active[j] < 0 && (opt.Frozen == nil || !opt.Frozen[j]) {
				active[j] = len(rows)
				rows = append(rows, j)
			}
		}
	}
	w := append([]float64(nil), start...)
	if len(rows) == 0 || len(samples) == 0 {
		return w, nil
	}
	if len(rows) > opt.MaxActive {
		return nil, ErrTooManyWeights
	}
	m := len(rows)
	inv := 1 / float64(len(samples))
	loss := func(w []float64) float64 {
		r := 0.0
		for _, j := range rows {
			d := w[j] - start[j]
			r += d * d
		}
		return MSE(samples, w, k) + opt.Lambda*r
	}
	cur := loss(w)
	a := make([]float64, m*m)
	b := make([]float64, m)
	sys := make([]float64, m*m)
	delta := make([]float64, m)
	idx := make([]int, 0, 256)
	val := make([]float64, 0, 256)
	mu := 1e-3
	for iter := 1; iter <= opt.MaxIterations; iter++ {
		clear(a)
		clear(b)
		for i := range samples {
			s := &samples[i]
			sg := Sigmoid(k, Eval(s, w))
			g := sg * (1 - sg) * k * ln10over400 // d sigmoid / d eval
			r := s.Result - sg
			idx, val = idx[:0], val[:0]
			for _, f := range s.Features {
				if row := active[f.Index]; row >= 0 {
					idx = append(idx, row)
					val = append(val, g*float64(f.X))
				}
			}
			for p, rp := range idx {
				vp := val[p]
				b[rp] += vp * r * inv
				line := a[rp*m:]
				for q := 0; q <= p; q++ {
					line[idx[q]] += vp * val[q] * inv
				}
			}
		}
		// The lower triangle in row order: entries (rp, rq) were added for pairs in
		// feature order; make the matrix symmetric.
		for i := 0; i < m; i++ {
			for j := 0; j < i; j++ {
				s := a[i*m+j] + a[j*m+i]
				a[i*m+j], a[j*m+i] = s, s
			}
		}
		for i, j := range rows {
			a[i*m+i] += opt.Lambda
			b[i] -= opt.Lambda * (w[j] - start[j])
		}
		improved := false
		for try := 0; try < 12; try++ {
			copy(sys, a)
			for i := 0; i < m; i++ {
				sys[i*m+i] += mu * (a[i*m+i] + 1e-12)
			}
			if !solve(sys, b, delta, m) {
				mu *= 4
				continue
			}
			next := append([]float64(nil), w...)
			for i, j := range rows {
				next[j] += delta[i]
			}
			if l := loss(next); l < cur {
				rel := (cur - l) / cur
				w, cur = next, l
				mu = max(mu/3, 1e-9)
				improved = true
				if opt.Progress != nil {
					opt.Progress(iter, MSE(samples, w, k))
				}
				if rel < 1e-10 {
					return w, nil
				}
				break
			}
			mu *= 4
		}
		if !improved {
			break
		}
	}
	return w, nil
}

// solve solves the symmetric positive definite system a·x = b (a is m×m, overwritten)
// by Cholesky decomposition; false when a is not positive definite.
func solve(a, b, x []float64, m int) bool {
	for j := 0; j < m; j++ {
		d := a[j*m+j]
		for k := 0; k < j; k++ {
			d -= a[j*m+k] * a[j*m+k]
		}
		if d <= 0 || math.IsNaN(d) {
			return false
		}
		d = math.Sqrt(d)
		a[j*m+j] = d
		for i := j + 1; i < m; i++ {
			s := a[i*m+j]
			ri, rj := a[i*m:i*m+j], a[j*m:j*m+j]
			for k := range rj {
				s -= ri[k] * rj[k]
			}
			a[i*m+j] = s / d
		}
	}
	for i := 0; i < m; i++ { // L y = b
		s := b[i]
		for k := 0; k < i; k++ {
			s -= a[i*m+k] * x[k]
		}
		x[i] = s / a[i*m+i]
	}
	for i := m - 1; i >= 0; i-- { // Lᵀ x = y
		s := x[i]
		for k := i + 1; k < m; k++ {
			s -= a[k*m+i] * x[k]
		}
		x[i] = s / a[i*m+i]
	}
	return true
}
