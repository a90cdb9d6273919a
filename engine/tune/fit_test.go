// Fit tests: known weights recovered from synthetic positions, K recovered, the ridge holds weights back.
package tune

import (
	"math"
	"math/rand/v2"
	"testing"

	"chimera/engine/search"
)

// synthetic makes positions of sparse random features whose result is the sigmoid of the
// true weights' evaluation (the expected score, so that the fit can be exact).
func synthetic(rng *rand.Rand, truth []float64, k float64, n int) []Sample {
	var out []Sample
	for i := 0; i < n; i++ {
		var fs []search.Feature
		for j := range truth {
			if rng.IntN(3) == 0 {
				fs = append(fs, search.Feature{Index: int32(j), X: float32(rng.IntN(5) - 2)})
			}
		}
		s := Sample{Features: fs, Game: i}
		s.Result = Sigmoid(k, Eval(&s, truth))
		out = append(out, s)
	}
	return out
}

// TestTuneFitRecoversWeights: from weights far off, the fit finds the weights that made
// the results, to a tenth of a centipawn.
func TestTuneFitRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	truth := []float64{100, 320, 330, 500, 900, -15, 25, 10}
	samples := synthetic(rng, truth, 1.2, 4000)
	start := []float64{50, 50, 50, 50, 50, 0, 0, 0}
	if before := MSE(samples, start, 1.2); before < 1e-3 {
		t.Fatalf("error before %g: the test says nothing", before)
	}
	w, err := Fit(samples, 1.2, start, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range truth {
		if math.Abs(w[i]-truth[i]) > 0.1 {
			t.Errorf("weight %d: %.2f, want %.0f", i, w[i], truth[i])
		}
	}
	if e := MSE(samples, w, 1.2); e > 1e-8 {
		t.Errorf("error after %g", e)
	}
}

// TestTuneFitK: K is found from the results under the true weights.
func TestTuneFitK(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	truth := []float64{100, 300, -50}
	samples := synthetic(rng, truth, 0.8, 2000)
	if k := FitK(samples, truth); math.Abs(k-0.8) > 0.001 {
		t.Errorf("K %.4f, want 0.8", k)
	}
}

// TestTuneFitRidgeAndFrozen: a strong ridge keeps the weights near their start, a frozen
// weight does not move, and a weight no position has stays.
func TestTuneFitRidgeAndFrozen(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	truth := []float64{100, 300, -50}
	samples := synthetic(rng, truth, 1, 2000)
	start := []float64{0, 0, 0, 42}
	w, err := Fit(samples, 1, start, Options{Lambda: 1, Frozen: []bool{false, true, false, false}})
	if err != nil {
		t.Fatal(err)
	}
	if w[1] != 0 || w[3] != 42 {
		t.Errorf("frozen or absent weights moved: %v", w)
	}
	if math.Abs(w[0]) > 5 || math.Abs(w[2]) > 5 {
		t.Errorf("a ridge of 1 let weights move to %v", w)
	}
	free, _ := Fit(samples, 1, start, Options{Frozen: []bool{false, true, false, false}})
	if math.Abs(free[0]) < 20 {
		t.Errorf("without the ridge the first weight stayed at %.1f", free[0])
	}
}
