package nnue

import (
	"math"
	"testing"

	"chimera/compiler"
)

// TestGradientMatchesDifferences: the backward pass's gradient of the squared error
// agrees with central differences of the error, parameter by parameter, in each layer.
func TestGradientMatchesDifferences(t *testing.T) {
	rs := open(t, "chess")
	samples, err := Samples(rs, toyGames(t, rs, 2, 5), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := compiler.Features(rs)
	tr := NewTrainer(NewModel(f.Count, 3), Options{Lambda: 0.5})
	s := &samples[len(samples)/2]
	s.Base = 137 // as a network that adds to the linear evaluation is trained
	g := make([]float32, len(tr.Model.P))
	var fw forward
	tr.gradient(s, g, &fw)
	l := layoutOf(f.Count)
	errAt := func() float64 {
		tr.Model.forward(&s.Feats, &fw)
		d := sigmoid(float64(s.Base)+float64(fw.y)*compiler.NetOutScale, tr.Opt.Scale) - tr.target(s)
		return d * d
	}
	checked := 0
	for _, i := range []int{l.w0 + int(s.Feats[0][0])*width + 3, l.w0 + int(s.Feats[1][2])*width + 7, l.b0 + 5, l.w1 + 9, l.w1 + 2*width + 70, l.b1 + 1, l.w2 + 4, l.b2 + 3, l.wo + 2, l.bo} {
		old := tr.Model.P[i]
		const h = 1e-3
		tr.Model.P[i] = old + h
		up := errAt()
		tr.Model.P[i] = old - h
		down := errAt()
		tr.Model.P[i] = old
		num := (up - down) / (2 * h)
		if math.Abs(num-float64(g[i])) > 1e-4+0.05*math.Abs(num) {
			t.Errorf("parameter %d: gradient %.6g, differences %.6g", i, g[i], num)
		}
		if num != 0 {
			checked++
		}
	}
	if checked < 5 {
		t.Fatalf("only %d parameters with a gradient", checked)
	}
}
