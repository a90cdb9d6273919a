// The bare-royal term: where it is on, which types are colour-bound, and which way it drives a lone royal.
package search

import (
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// TestBareRoyalWhereOn: the term needs checkmate to win and one royal type, and no hands
// (a man held comes back); its colour-bound types are those whose every move keeps to
// the colour of their cell.
func TestBareRoyalWhereOn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		variant string
		on      bool
		bound   string // the colour-bound types' letters, in type order
	}{
		{"chess", true, "B"},
		{"makruk", true, "M"}, // the met steps diagonally; the khon also steps forward
		{"xiangqi", true, "AB"},
		{"crazyhouse", false, ""},
		{"antichess", false, ""},
		{"kinglet", false, ""},
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		b := New(rs, 1).eval.bare
		got := lettersOf(rs, b.bound)
		if b.on != c.on || got != c.bound {
			t.Errorf("%s: on %v, colour-bound %q; want %v and %q", c.variant, b.on, got, c.on, c.bound)
		}
	}
	// In capablanca, the rook, queen, chancellor and archbishop mate alone; the bishop
	// and knight do not.
	rs, err := interpreter.Open("capablanca")
	if err != nil {
		t.Fatal(err)
	}
	if got := lettersOf(rs, New(rs, 1).eval.bare.mates); got != "QCAR" {
		t.Errorf("capablanca: the types that mate alone are %q", got)
	}
}

// lettersOf is the letters of the types marked in types, in type order.
func lettersOf(rs *compiler.Ruleset, types []bool) string {
	s := ""
	for t, on := range types {
		if on {
			s += rs.Piece(t).LetterText
		}
	}
	return s
}

// TestBareRoyalDrives compares evaluations of positions that differ only in where the
// lone king stands: nearer a corner is better for the side that mates; with a bishop,
// a corner of the bishop's colour is better than one of the other colour; nearer the
// mating king is better; and a side with men besides its king is not bare.
func TestBareRoyalDrives(t *testing.T) {
	t.Parallel()
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	e := New(rs, 1).eval
	pc := newPassedCache()
	white := func(fen string) int {
		t.Helper()
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		v := e.evaluate(p, pc)
		if p.Side() == compiler.Black {
			v = -v
		}
		return v
	}
	for _, c := range []struct{ better, worse, why string }{
		{"7k/8/8/8/8/8/8/KR6 w - - 0 1", "8/8/8/4k3/8/8/8/KR6 w - - 0 1", "rook: a corner over the centre"},
		{"k7/8/8/8/8/8/8/2K2BN1 w - - 0 1", "8/8/8/8/8/8/8/k1K2BN1 w - - 0 1", "light bishop: a8 (light) over a1 (dark), though a1 is nearer the king"},
		{"7k/8/8/8/8/8/8/2K1B1N1 w - - 0 1", "k7/8/8/8/8/8/8/2K1B1N1 w - - 0 1", "dark bishop: h8 (dark) over a8 (light)"},
		{"k7/8/1K6/8/8/8/8/1R6 w - - 0 1", "k7/8/8/8/8/8/8/1R4K1 w - - 0 1", "the kings near each other"},
	} {
		if b, w := white(c.better), white(c.worse); b <= w {
			t.Errorf("%s: %s scores %d, not above %s's %d", c.why, c.better, b, c.worse, w)
		}
	}
	// A king with a pawn beside it is not bare: the term leaves it alone.
	p, err := interpreter.FromFEN(rs, "7k/7p/8/8/8/8/8/KR6 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Weigh(e.weights)
	score, _ := p.Weighed(e.weights)
	if _, v := e.bare.bonus(p, score); v != 0 {
		t.Errorf("a king with a pawn was taken for bare: bonus %d", v)
	}
	p, err = interpreter.FromFEN(rs, "7k/8/8/8/8/8/8/KR6 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Weigh(e.weights)
	score, _ = p.Weighed(e.weights)
	if c, v := e.bare.bonus(p, score); c != compiler.White || v <= 0 {
		t.Errorf("a bare black king: bonus %d for side %d, want a bonus for White", v, c)
	}
}
