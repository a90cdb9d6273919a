//go:build amd64 && !purego

// The network's inner loops in AVX2, where the processor has it: the activations of an
// accumulator and the first dense layer's sums (simd_amd64.s).

package nnue

import (
	"golang.org/x/sys/cpu"

	"chimera/compiler"
)

// haveAVX2 is whether the processor and the operating system run AVX2 instructions.
var haveAVX2 = cpu.X86.HasAVX2

// activateAVX2 sets x to the activations of the side to move's sums us, then the other
// side's them: each shifted down by NetInputShift (rounded), clipped to 0..NetActScale.
//
//go:noescape
func activateAVX2(us, them *[width]int16, x *[2 * width]int16)

// dense1AVX2 sets out[i] to the sum over j of w[i*2*width+j]·x[j], for the
// NetHidden1 units i.
//
//go:noescape
func dense1AVX2(x *[2 * width]int16, w *[compiler.NetHidden1 * 2 * width]int16, out *[compiler.NetHidden1]int32)

// addAVX2 adds r to a, lane by lane (int16, wrapping as Go's do); subAVX2 subtracts it.
//
//go:noescape
func addAVX2(a, r *[width]int16)

//go:noescape
func subAVX2(a, r *[width]int16)

// dense1Fast computes the first dense layer's sums with AVX2 and reports true, or
// reports false where the processor lacks it.
func (n *Net) dense1Fast(a *Accumulator, us compiler.Color, h1 *[compiler.NetHidden1]int32) bool {
	if !haveAVX2 {
		return false
	}
	var x [2 * width]int16
	activateAVX2(&a.V[us], &a.V[us^1], &x)
	dense1AVX2(&x, (*[compiler.NetHidden1 * 2 * width]int16)(n.q.Hidden1), h1)
	return true
}
