// UCCI squares, moves and FENs against what Fairy-Stockfish 11.1 writes in its UCCI mode
// (started with "ucci": ranks from 0 on a board of 10 ranks, as XBoard counts them).
package ucci

import "testing"

// Moves on 9×10 as Fairy-Stockfish writes them in UCI mode (Chimera's notation) and in
// UCCI mode (the same moves of the same position): `position startpos`, `go perft 1`.
func TestMoves(t *testing.T) {
	b := Board{Files: 9, Ranks: 10}
	for _, c := range []struct{ chimera, ucci string }{
		{"h3e3", "h2e2"}, {"b1c3", "b0c2"}, {"a10a9", "a9a8"}, {"i1i2", "i0i1"}, {"e4e5", "e3e4"}, {"P@e5", "P@e4"},
	} {
		if got := b.MoveToUCCI(c.chimera); got != c.ucci {
			t.Errorf("MoveToUCCI(%s) = %s, want %s", c.chimera, got, c.ucci)
		}
		if got := b.MoveFromUCCI(c.ucci); got != c.chimera {
			t.Errorf("MoveFromUCCI(%s) = %s, want %s", c.ucci, got, c.chimera)
		}
	}
	for _, odd := range []string{"(none)", "z9z9", "j0a0", "a9", "0000", "P@"} {
		if got := b.MoveFromUCCI(odd); got != odd {
			t.Errorf("MoveFromUCCI(%s) = %s; text it cannot read should come back unchanged", odd, got)
		}
	}
	// Other boards keep UCI's squares, as Fairy-Stockfish's UCCI mode does.
	small := Board{Files: 9, Ranks: 7}
	if got := small.MoveToUCCI("e1e2"); got != "e1e2" {
		t.Errorf("9×7: MoveToUCCI(e1e2) = %s", got)
	}
	if got := small.MoveFromUCCI("e1e2"); got != "e1e2" {
		t.Errorf("9×7: MoveFromUCCI(e1e2) = %s", got)
	}
}

func TestFEN(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 20", "4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 20"},
	} {
		got, err := FENFromUCCI(c.in)
		if err != nil || got != c.want {
			t.Errorf("FENFromUCCI(%s) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "9/9", "9/9 x", "9/9 w - - 0 1 extra"} {
		if _, err := FENFromUCCI(bad); err == nil {
			t.Errorf("FENFromUCCI(%q): no error", bad)
		}
	}
}
