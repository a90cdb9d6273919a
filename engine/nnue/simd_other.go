//go:build !amd64 || purego

package nnue

import "chimera/compiler"

// haveAVX2: only amd64 has the AVX2 loops (a variable, as on amd64, for the tests).
var haveAVX2 = false

// dense1Fast reports false: the first dense layer's sums are computed in Go.
func (n *Net) dense1Fast(*Accumulator, compiler.Color, *[compiler.NetHidden1]int32) bool {
	return false
}

// addAVX2 and subAVX2 are the Go loops here (haveAVX2 is false: add and sub call those
// directly).
func addAVX2(a, r *[width]int16) { addGo(a, r) }

func subAVX2(a, r *[width]int16) { subGo(a, r) }
