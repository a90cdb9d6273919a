// Tests of static exchange evaluation: exchanges played with the rules' own moves.
package search

import (
	"testing"

	"chimera/interpreter"
)

func TestSEE(t *testing.T) {
	for _, c := range []struct {
		variant, fen, move string
		threshold          int
		want               bool
	}{
		// Chess: a pawn defended by a pawn, taken by the queen, loses the queen for a pawn.
		{"chess", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0, false},
		// ... undefended, the pawn is won.
		{"chess", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0, true},
		// A rook takes a knight defended by a bishop: rook for knight, a loss.
		{"chess", "4k3/8/1b6/8/3n4/8/8/3RK3 w - - 0 1", "d1d4", 0, false},
		// ... a second rook backs it up: knight and bishop for a rook, a small gain, not
		// the knight won outright.
		{"chess", "4k3/8/1b6/8/3n4/8/3R4/3RK3 w - - 0 1", "d2d4", 0, true},
		{"chess", "4k3/8/1b6/8/3n4/8/3R4/3RK3 w - - 0 1", "d2d4", 250, false},
		// A pinned defender cannot take back: the exchange is played with legal moves.
		{"chess", "3rk3/8/8/3n4/8/8/3b4/3QK3 w - - 0 1", "d1d2", 0, true},
		// Xiangqi: a cannon takes (over a screen) a soldier a horse defends: a loss.
		{"xiangqi", "3k5/9/9/9/4p4/2n6/4P4/4C4/9/4K4 w - - 0 1", "e3e6", 0, false},
		// ... with no defender, the soldier is won.
		{"xiangqi", "3k5/9/9/9/4p4/9/4P4/4C4/9/4K4 w - - 0 1", "e3e6", 0, true},
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		e := New(rs, 1)
		w := e.workers[0]
		w.p = p
		before := p.FEN()
		if got := w.seeAtLeast(m, c.threshold); got != c.want {
			t.Errorf("%s %s: SEE >= %d is %v, want %v", c.fen, c.move, c.threshold, got, c.want)
		}
		if p.FEN() != before {
			t.Errorf("%s: the position changed to %s", c.fen, p.FEN())
		}
	}
}
