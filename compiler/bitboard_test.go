// The three set types against a model (a slice of booleans): every method, on random sets and on each word's edges.
package compiler

import (
	"math/rand"
	"testing"
)

// model is a set of cells 0..255 as booleans.
type model [MaxCells256]bool

func (m *model) bb256() BB256 {
	var b BB256
	for i, in := range m {
		if in {
			b = b.With(i)
		}
	}
	return b
}

func randomModel(rng *rand.Rand, cells int, density float64) model {
	var m model
	for i := 0; i < cells; i++ {
		m[i] = rng.Float64() < density
	}
	return m
}

func TestSetTypesAgainstModel(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 400; round++ {
		cells := []int{MaxCells64, MaxCells128, MaxCells256}[round/6%3]
		density := []float64{0, 0.01, 0.1, 0.5, 0.95, 1}[round%6]
		mx, my := randomModel(rng, cells, density), randomModel(rng, cells, rng.Float64())
		x, y := mx.bb256(), my.bb256()
		count, first, last, meets := 0, -1, -1, false
		var or, and, andNot, xor model
		for i := 0; i < MaxCells256; i++ {
			if x.Has(i) != mx[i] {
				t.Fatalf("round %d: Has(%d) = %v, model %v", round, i, x.Has(i), mx[i])
			}
			if mx[i] {
				count++
				if first < 0 {
					first = i
				}
				last = i
			}
			meets = meets || mx[i] && my[i]
			or[i], and[i], andNot[i], xor[i] = mx[i] || my[i], mx[i] && my[i], mx[i] && !my[i], mx[i] != my[i]
		}
		if x.Count() != count || x.Any() != (count > 0) || x.Empty() != (count == 0) || x.Many() != (count > 1) || x.Meets(y) != meets {
			t.Fatalf("round %d: Count %d Any %v Empty %v Many %v Meets %v; model count %d meets %v", round, x.Count(), x.Any(), x.Empty(), x.Many(), x.Meets(y), count, meets)
		}
		if x.Or(y) != or.bb256() || x.And(y) != and.bb256() || x.AndNot(y) != andNot.bb256() || x.Xor(y) != xor.bb256() {
			t.Fatalf("round %d: set operations disagree with the model", round)
		}
		if count > 0 {
			rest := mx
			rest[first] = false
			if x.First() != first || x.Last() != last || x.Rest() != rest.bb256() {
				t.Fatalf("round %d: First %d Last %d; model %d %d (or Rest differs)", round, x.First(), x.Last(), first, last)
			}
		}
		sq := rng.Intn(cells)
		with, without := mx, mx
		with[sq], without[sq] = true, false
		if x.With(sq) != with.bb256() || x.Without(sq) != without.bb256() {
			t.Fatalf("round %d: With/Without(%d) disagree with the model", round, sq)
		}
		if cells == MaxCells64 {
			n, m := x.Narrow(), y.Narrow()
			if n.Wide() != x || n.Count() != count || n.Or(m).Wide() != x.Or(y) || n.And(m).Wide() != x.And(y) ||
				n.AndNot(m).Wide() != x.AndNot(y) || n.Xor(m).Wide() != x.Xor(y) || n.Meets(m) != meets ||
				n.Any() != x.Any() || n.Empty() != x.Empty() || n.Many() != x.Many() ||
				n.With(sq).Wide() != x.With(sq) || n.Without(sq).Wide() != x.Without(sq) || n.Has(sq) != x.Has(sq) {
				t.Fatalf("round %d: BB64 disagrees with BB256 on %v", round, x)
			}
			if count > 0 && (n.First() != first || n.Last() != last || n.Rest().Wide() != x.Rest()) {
				t.Fatalf("round %d: BB64 First/Last/Rest disagree", round)
			}
		}
		if cells <= MaxCells128 {
			n, m := x.Narrow128(), y.Narrow128()
			if n.Wide() != x || n.Count() != count || n.Or(m).Wide() != x.Or(y) || n.And(m).Wide() != x.And(y) ||
				n.AndNot(m).Wide() != x.AndNot(y) || n.Xor(m).Wide() != x.Xor(y) || n.Meets(m) != meets ||
				n.Any() != x.Any() || n.Empty() != x.Empty() || n.Many() != x.Many() ||
				n.With(sq).Wide() != x.With(sq) || n.Without(sq).Wide() != x.Without(sq) || n.String() != x.String() {
				t.Fatalf("round %d: BB128 disagrees with BB256 on %v", round, x)
			}
			for i := 0; i < MaxCells128; i++ {
				if n.Has(i) != mx[i] {
					t.Fatalf("round %d: BB128 Has(%d) = %v, model %v", round, i, n.Has(i), mx[i])
				}
			}
			if count > 0 && (n.First() != first || n.Last() != last || n.Rest().Wide() != x.Rest()) {
				t.Fatalf("round %d: BB128 First/Last/Rest disagree", round)
			}
		}
	}
}

func TestSetConstructors(t *testing.T) {
	t.Parallel()
	for sq := 0; sq < MaxCells256; sq++ {
		b := Bit256(sq)
		below := Below256(sq)
		if b.Count() != 1 || b.First() != sq || b.Last() != sq || !b.Has(sq) {
			t.Fatalf("Bit256(%d) = %v", sq, b)
		}
		if below.Count() != sq || below.Has(sq) || sq > 0 && below.Last() != sq-1 {
			t.Fatalf("Below256(%d) = %v", sq, below)
		}
		if Bit(sq) != b {
			t.Fatalf("Bit(%d) differs from Bit256", sq)
		}
		if sq < MaxCells64 && (Bit64(sq).Wide() != b || Below64(sq).Wide() != below) {
			t.Fatalf("Bit64/Below64(%d) differ from the 256-cell ones", sq)
		}
		if sq < MaxCells128 && (Bit128(sq).Wide() != b || Below128(sq).Wide() != below) {
			t.Fatalf("Bit128/Below128(%d) differ from the 256-cell ones", sq)
		}
	}
	if Full256().Count() != MaxCells256 || Full64().Count() != MaxCells64 || Full64().Wide() != Below256(64) {
		t.Errorf("Full: %d and %d cells", Full256().Count(), Full64().Count())
	}
	if Full128().Count() != MaxCells128 || Full128().Wide() != Below256(128) || Below128(128) != Full128() {
		t.Errorf("Full128: %d cells", Full128().Count())
	}
	if s := Bit256(200).With(3).String(); s != "0x100_0000000000000000_0000000000000000_0000000000000008" {
		t.Errorf("String: %s", s)
	}
}

// No set holds a cell outside its range: NoSquare (callers test it unguarded) and the cell
// just past the last, even in a full set.
func TestHasOutsideTheRange(t *testing.T) {
	t.Parallel()
	for _, sq := range []Square{NoSquare, -64, MaxCells128} {
		if Full128().Has(sq) {
			t.Errorf("Full128().Has(%d) = true", sq)
		}
	}
	for _, sq := range []Square{NoSquare, -64, MaxCells256} {
		if Full256().Has(sq) {
			t.Errorf("Full256().Has(%d) = true", sq)
		}
	}
	if BB64(^uint64(0)).Has(NoSquare) || BB64(^uint64(0)).Has(64) {
		t.Error("a full BB64 has NoSquare or cell 64")
	}
}

// TestShiftAgainstModel: Shift moves each cell of the model by n, up or down, losing the
// cells moved past either end of the type, for every n that moves some cell.
func TestShiftAgainstModel(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(5))
	for round := 0; round < 60; round++ {
		cells := []int{MaxCells64, MaxCells128, MaxCells256}[round%3]
		mx := randomModel(rng, cells, []float64{0.05, 0.5, 1}[round/3%3])
		x := mx.bb256()
		for n := -cells; n <= cells; n++ {
			var want model
			for i := 0; i < cells; i++ {
				if j := i + n; mx[i] && j >= 0 && j < cells {
					want[j] = true
				}
			}
			w := want.bb256()
			switch cells {
			case MaxCells64:
				if got := x.Narrow().Shift(n).Wide(); got != w {
					t.Fatalf("round %d: BB64 Shift(%d) = %v, want %v", round, n, got, w)
				}
			case MaxCells128:
				if got := x.Narrow128().Shift(n).Wide(); got != w {
					t.Fatalf("round %d: BB128 Shift(%d) = %v, want %v", round, n, got, w)
				}
			default:
				if got := x.Shift(n); got != w {
					t.Fatalf("round %d: BB256 Shift(%d) = %v, want %v", round, n, got, w)
				}
			}
		}
	}
}
