// The library's calls measured on the Go side (their JSON answers included, the C and Python crossing not): BENCHMARKS.md sets them beside the Python module's figures.
package main

import "testing"

// benchBoard is a board of chess's start, for the benchmarks.
func benchBoard(b *testing.B) int64 {
	b.Helper()
	v, err := state.openVariant("builtin", "chess")
	if err != nil {
		b.Fatal(err)
	}
	h, err := state.newBoard(v.Handle, "", "")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { state.closeBoard(h); state.closeVariant(v.Handle) })
	return h
}

func benchCall(b *testing.B, call func(bd *board) (any, error)) {
	h := benchBoard(b)
	b.ReportAllocs()
	for b.Loop() {
		answerOf(func() (v any, err error) {
			err = state.withBoard(h, func(bd *board) error {
				v, err = call(bd)
				return err
			})
			return v, err
		})
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	benchCall(b, func(bd *board) (any, error) { return bd.legal(false), nil })
}

func BenchmarkLegalMovesSAN(b *testing.B) {
	benchCall(b, func(bd *board) (any, error) { return bd.legal(true), nil })
}

func BenchmarkPushPop(b *testing.B) {
	benchCall(b, func(bd *board) (any, error) {
		if _, err := bd.push("e2e4"); err != nil {
			return nil, err
		}
		return bd.pop()
	})
}

func BenchmarkInfo(b *testing.B) {
	benchCall(b, func(bd *board) (any, error) { return bd.info(), nil })
}

func BenchmarkResult(b *testing.B) {
	benchCall(b, func(bd *board) (any, error) { return bd.result(), nil })
}
