// Package nnue is the engine's learned evaluation: a small efficiently updatable network
// over the features a definition gives (compiler.NetFeatures), its accumulator kept up to
// date move by move from the journal's changes (interpreter.Position.Changes), quantised
// inference in centipawns, the float network it is trained as, and the training.
//
// The network: the first layer sums, for each side's view, the weights of the features
// present (compiler.NetWidth int16 units: the accumulator); the side to move's units and
// the other side's, clipped to 0..1, feed two dense layers of compiler.NetHidden1 and
// compiler.NetHidden2 units (int16 weights, clipped ReLU), then one output in pawns.
package nnue

import (
	"chimera/compiler"
	"chimera/interpreter"
)

// width is the accumulator's units per view.
const width = compiler.NetWidth

// Accumulator is the first layer's sums of a position, one per side's view.
type Accumulator struct {
	V [2][width]int16
}

// Net is a quantised network ready to evaluate positions of its ruleset.
type Net struct {
	q *compiler.Net
	f *compiler.NetFeatures
	// pairs[j][k]: the first dense layer's weights from input j (Hidden1 by columns, so
	// that the inputs clipped to 0 are skipped) into units 2k and 2k+1, packed in one
	// int64 as w(2k) + w(2k+1)·2³²: one multiplication and one addition update two units'
	// sums, which stay apart (packedRoom).
	pairs [2 * width][compiler.NetHidden1 / 2]int64
}

// packedRoom: each unit's sum of the first dense layer is at most 2·NetWidth inputs of at
// most NetActScale times an int16 weight, within an int32 (2·64·127·32768 < 2³¹), so the
// low 32 bits of a packed pair's sum are the even unit's sum exactly and the rest, once
// those are taken off, the odd unit's. (A negative constant would not convert: a shape
// that breaks this does not compile.)
const packedRoom = uint32(1<<31 - 1 - 2*width*compiler.NetActScale*32768)

// New returns the network rs's definition names, or nil without one.
func New(rs *compiler.Ruleset) *Net {
	q := rs.Net()
	if q == nil {
		return nil
	}
	return FromQuantised(rs, q)
}

// FromQuantised returns the network q over rs's features (q must have been checked
// against rs: compiler.CheckNet).
func FromQuantised(rs *compiler.Ruleset, q *compiler.Net) *Net {
	n := &Net{q: q, f: compiler.Features(rs)}
	for k := range compiler.NetHidden1 / 2 {
		for j := range 2 * width {
			lo, hi := int64(q.Hidden1[2*k*2*width+j]), int64(q.Hidden1[(2*k+1)*2*width+j])
			n.pairs[j][k] = lo + hi<<32
		}
	}
	return n
}

// Adds tells whether the network's score is added to the linear evaluation's (it was
// trained to learn what that evaluation misses) rather than standing for it.
func (n *Net) Adds() bool { return n.q.Adds }

// Features are the inputs the network reads.
func (n *Net) Features() *compiler.NetFeatures { return n.f }

func (n *Net) row(f int) *[width]int16 {
	return (*[width]int16)(n.q.Input[f*width : f*width+width])
}

// add adds a first-layer row to an accumulator's view, sub takes it off (int16 lanes,
// wrapping), in AVX2 where the processor has it.
func add(a *[width]int16, r *[width]int16) {
	if haveAVX2 {
		addAVX2(a, r)
		return
	}
	addGo(a, r)
}

func sub(a *[width]int16, r *[width]int16) {
	if haveAVX2 {
		subAVX2(a, r)
		return
	}
	subGo(a, r)
}

func addGo(a *[width]int16, r *[width]int16) {
	for j := range a {
		a[j] += r[j]
	}
}

func subGo(a *[width]int16, r *[width]int16) {
	for j := range a {
		a[j] -= r[j]
	}
}

// Refresh sets a to p's sums, from its men and pools.
func (n *Net) Refresh(p *interpreter.Position, a *Accumulator) {
	for v := range a.V {
		copy(a.V[v][:], n.q.InputBias)
	}
	rs := p.Ruleset()
	for sq := range n.f.Cells {
		pc := p.At(sq)
		if pc == interpreter.NoPiece || !rs.Squares.Has(sq) {
			continue
		}
		for v := compiler.White; v <= compiler.Black; v++ {
			add(&a.V[v], n.row(n.f.Man(v, pc.Color(), pc.Type(), sq)))
		}
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		for pool := range n.f.Pools {
			for t := range n.f.Types {
				slot := rs.HandSlot(c, pool, t)
				for k := range min(p.PoolCount(c, pool, t), compiler.NetHandCap) {
					for v := compiler.White; v <= compiler.Black; v++ {
						add(&a.V[v], n.row(n.f.Held(v, slot, k)))
					}
				}
			}
		}
	}
}

// Update sets to to from's sums changed by a move's changes (Position.Changes).
func (n *Net) Update(from, to *Accumulator, changes []interpreter.Change) {
	*to = *from
	for i := range changes {
		ch := &changes[i]
		if ch.Cell != interpreter.NoSquare {
			pc := ch.Man
			for v := compiler.White; v <= compiler.Black; v++ {
				r := n.row(n.f.Man(v, pc.Color(), pc.Type(), ch.Cell))
				if ch.Put {
					add(&to.V[v], r)
				} else {
					sub(&to.V[v], r)
				}
			}
			continue
		}
		lo, hi := min(ch.Old, ch.New), min(max(ch.Old, ch.New), compiler.NetHandCap)
		for k := lo; k < hi; k++ {
			for v := compiler.White; v <= compiler.Black; v++ {
				r := n.row(n.f.Held(v, ch.Slot, k))
				if ch.New > ch.Old {
					add(&to.V[v], r)
				} else {
					sub(&to.V[v], r)
				}
			}
		}
	}
}

func clip(x int32) int32 { return min(max(x, 0), compiler.NetActScale) }

// clipSum is a first-layer sum as an activation: shifted down to the activations' scale
// (rounded), clipped.
func clipSum(x int16) int32 {
	const half = 1 << compiler.NetInputShift >> 1
	return clip((int32(x) + half) >> compiler.NetInputShift)
}

// dense1 is the first dense layer's sums (without its biases) over the activations of
// a: the side to move's view, then the other side's.
func (n *Net) dense1(a *Accumulator, us compiler.Color) (h1 [compiler.NetHidden1]int32) {
	if n.dense1Fast(a, us, &h1) {
		return h1
	}
	var acc [compiler.NetHidden1 / 2]int64
	for v, side := range [2]compiler.Color{us, us ^ 1} {
		for j, aj := range &a.V[side] {
			xj := int64(clipSum(aj))
			if xj == 0 {
				continue
			}
			col := &n.pairs[v*width+j]
			for k := range acc {
				acc[k] += col[k] * xj
			}
		}
	}
	for k, s := range acc {
		lo := int32(s)
		h1[2*k], h1[2*k+1] = lo, int32((s-int64(lo))>>32)
	}
	return h1
}

// Evaluate is the network's score of the position whose sums are a, for side us to move,
// in centipawns.
func (n *Net) Evaluate(a *Accumulator, us compiler.Color) int {
	q := n.q
	h1 := n.dense1(a, us)
	for i, s := range h1 {
		s += q.Hidden1Bias[i]
		h1[i] = clip((s + compiler.NetWeightScale/2) / compiler.NetWeightScale) // rounded (a sum below 0 clips anyway)
	}
	var h2 [compiler.NetHidden2]int32
	for i := range h2 {
		w := q.Hidden2[i*compiler.NetHidden1 : (i+1)*compiler.NetHidden1]
		s := q.Hidden2Bias[i]
		for j, hj := range h1 {
			s += int32(w[j]) * hj
		}
		h2[i] = clip((s + compiler.NetWeightScale/2) / compiler.NetWeightScale)
	}
	s := q.OutBias[0]
	for j, hj := range h2 {
		s += int32(q.Out[j]) * hj
	}
	const den = compiler.NetActScale * compiler.NetWeightScale
	cp := int64(s) * compiler.NetOutScale
	if cp >= 0 {
		return int((cp + den/2) / den)
	}
	return -int((-cp + den/2) / den)
}
