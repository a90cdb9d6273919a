// The float network: its parameters, the positions it learns from, inference, and quantisation to the net file's integers.

package nnue

import (
	"math"
	"math/rand/v2"

	"chimera/compiler"
	"chimera/interpreter"
)

const (
	h1 = compiler.NetHidden1
	h2 = compiler.NetHidden2
)

// Model is the network in float32, as it is trained. P holds every parameter: the first
// layer's weights (Inputs×width, feature by feature) and biases, then each dense layer's
// weights (row by row) and biases, then the output's.
type Model struct {
	Inputs int
	P      []float32
}

// The offsets of the parameters in Model.P.
type layout struct{ w0, b0, w1, b1, w2, b2, wo, bo, n int }

func layoutOf(inputs int) layout {
	var l layout
	l.w0 = 0
	l.b0 = l.w0 + inputs*width
	l.w1 = l.b0 + width
	l.b1 = l.w1 + h1*2*width
	l.w2 = l.b1 + h1
	l.b2 = l.w2 + h2*h1
	l.wo = l.b2 + h2
	l.bo = l.wo + h2
	l.n = l.bo + 1
	return l
}

// The ranges the weights are kept in while training, so that they quantise without
// overflow: the first layer's within ±maxInput (an int16 sum of many stays in range),
// the dense layers' within an int8 at NetWeightScale.
const (
	maxInput = 1.0
	maxDense = 127.0 / compiler.NetWeightScale
)

// NewModel returns a model over inputs features with weights drawn from seed: small
// first-layer weights with biases at a quarter (units start in their linear range), the
// dense layers' scaled to their inputs (He), the output's small.
func NewModel(inputs int, seed uint64) *Model {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	l := layoutOf(inputs)
	m := &Model{Inputs: inputs, P: make([]float32, l.n)}
	uni := func(a float64) float32 { return float32((2*rng.Float64() - 1) * a) }
	for i := l.w0; i < l.b0; i++ {
		m.P[i] = uni(0.05)
	}
	for i := l.b0; i < l.w1; i++ {
		m.P[i] = 0.25
	}
	for i := l.w1; i < l.b1; i++ {
		m.P[i] = uni(math.Sqrt(6.0 / (2 * width)))
	}
	for i := l.w2; i < l.b2; i++ {
		m.P[i] = uni(math.Sqrt(6.0 / h1))
	}
	for i := l.wo; i < l.bo; i++ {
		m.P[i] = uni(0.1) // the output starts near 0 (an even game)
	}
	return m
}

// ZeroOutput sets the output layer's weights and bias to 0, so that the model starts
// scoring every position 0: a network that adds to the linear evaluation starts as that
// evaluation alone.
func (m *Model) ZeroOutput() {
	l := layoutOf(m.Inputs)
	clear(m.P[l.wo:l.n])
}

// Sample is one position to learn from: the features present in the side to move's view
// and in the other side's, the search's score and the game's result for the side to move,
// and what the network's output is added to (the linear evaluation's score, for a network
// that adds to it; else 0).
type Sample struct {
	Feats  [2][]int32
	Score  float32 // centipawns
	Base   float32 // centipawns
	Result float32 // 1, 0.5 or 0
	Game   int     // the game's index, to hold games out
}

// Active appends to buf the features present in p in view's view.
func Active(f *compiler.NetFeatures, p *interpreter.Position, view compiler.Color, buf []int32) []int32 {
	rs := p.Ruleset()
	for sq := range f.Cells {
		pc := p.At(sq)
		if pc == interpreter.NoPiece || !rs.Squares.Has(sq) {
			continue
		}
		buf = append(buf, int32(f.Man(view, pc.Color(), pc.Type(), sq)))
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		for pool := range f.Pools {
			for t := range f.Types {
				slot := rs.HandSlot(c, pool, t)
				for k := range min(p.PoolCount(c, pool, t), compiler.NetHandCap) {
					buf = append(buf, int32(f.Held(view, slot, k)))
				}
			}
		}
	}
	return buf
}

// forward is the float network's pass over one sample's features, keeping what the
// backward pass needs: the accumulators (a), the dense layers' sums (z1, z2) and outputs.
type forward struct {
	a      [2][width]float32
	x      [2 * width]float32
	z1, o1 [h1]float32
	z2, o2 [h2]float32
	y      float32 // pawns
}

func clipf(x float32) float32 { return min(max(x, 0), 1) }

func (m *Model) forward(feats *[2][]int32, fw *forward) {
	l := layoutOf(m.Inputs)
	p := m.P
	for v := range 2 {
		a := &fw.a[v]
		copy(a[:], p[l.b0:l.b0+width])
		for _, f := range feats[v] {
			r := p[l.w0+int(f)*width : l.w0+int(f)*width+width]
			for j := range a {
				a[j] += r[j]
			}
		}
		for j := range width {
			fw.x[v*width+j] = clipf(a[j])
		}
	}
	for i := range h1 {
		w := p[l.w1+i*2*width : l.w1+(i+1)*2*width]
		s := p[l.b1+i]
		for j, xj := range fw.x {
			s += w[j] * xj
		}
		fw.z1[i], fw.o1[i] = s, clipf(s)
	}
	for i := range h2 {
		w := p[l.w2+i*h1 : l.w2+(i+1)*h1]
		s := p[l.b2+i]
		for j, xj := range fw.o1 {
			s += w[j] * xj
		}
		fw.z2[i], fw.o2[i] = s, clipf(s)
	}
	s := p[l.bo]
	for j, xj := range fw.o2 {
		s += p[l.wo+j] * xj
	}
	fw.y = s
}

// EvaluateFloat is the float network's score of p for the side to move, in centipawns
// (fractional).
func (m *Model) EvaluateFloat(f *compiler.NetFeatures, p *interpreter.Position) float64 {
	us := p.Side()
	feats := [2][]int32{Active(f, p, us, nil), Active(f, p, us^1, nil)}
	var fw forward
	m.forward(&feats, &fw)
	return float64(fw.y) * compiler.NetOutScale
}

// Provenance is where a net came from, written in its header.
type Provenance struct {
	Games, Positions int
	Nodes            int64
	Seed             uint64
	Epochs           int
	Adds             bool // the network adds to the linear evaluation (Sample.Base)
}

// Quantise returns the model as a net file's integers for rs, with its provenance.
func (m *Model) Quantise(rs *compiler.Ruleset, prov Provenance) *compiler.Net {
	f := compiler.Features(rs)
	l := layoutOf(m.Inputs)
	p := m.P
	q16 := func(x float32, scale float64) int16 {
		return int16(min(max(math.Round(float64(x)*scale), math.MinInt16), math.MaxInt16))
	}

	q32 := func(x float32, scale float64) int32 {
		return int32(min(max(math.Round(float64(x)*scale), math.MinInt32), math.MaxInt32))
	}
	n := &compiler.Net{Variant: rs.Name, Features: f.Hash, Inputs: m.Inputs,
		Games: prov.Games, Positions: prov.Positions, Nodes: prov.Nodes, Seed: prov.Seed, Epochs: prov.Epochs, Adds: prov.Adds}
	if prov.Adds {
		n.Linear = compiler.EvalDigest(rs)
	}
	n.Input = make([]int16, m.Inputs*width)
	for i := range n.Input {
		n.Input[i] = q16(p[l.w0+i], compiler.NetActScale<<compiler.NetInputShift)
	}
	n.InputBias = make([]int16, width)
	for i := range n.InputBias {
		n.InputBias[i] = q16(p[l.b0+i], compiler.NetActScale<<compiler.NetInputShift)
	}
	dense := func(w []float32, b []float32) ([]int16, []int32) {
		qw, qb := make([]int16, len(w)), make([]int32, len(b))
		for i, x := range w {
			qw[i] = q16(x, compiler.NetWeightScale)
		}
		for i, x := range b {
			qb[i] = q32(x, compiler.NetActScale*compiler.NetWeightScale)
		}
		return qw, qb
	}
	n.Hidden1, n.Hidden1Bias = dense(p[l.w1:l.b1], p[l.b1:l.w2])
	n.Hidden2, n.Hidden2Bias = dense(p[l.w2:l.b2], p[l.b2:l.wo])
	n.Out, n.OutBias = dense(p[l.wo:l.bo], p[l.bo:l.n])
	return n
}
