// The exchange behind losingCapture against a naive exchange played out with legal moves.
package search

import (
	"testing"

	"chimera/interpreter"
)

// playedExchange is what the side to move in p wins by capturing on sq, then both sides
// taking back on sq with legal moves, each free to stop (0 when it does not take): the
// exchange played out move by move, so that pins, x-rays and royal men are what the rules
// make them. worth values the men (royal men beyond any material).
func playedExchange(p *interpreter.Position, sq interpreter.Square, worth func(t int) int) int {
	best := 0
	for _, m := range p.LegalMoves(nil) {
		if m.To() != sq || !p.IsCapture(m) {
			continue
		}
		victim := worth(p.At(sq).Type())
		p.Make(m)
		if s := victim - playedExchange(p, sq, worth); s > best {
			best = s
		}
		p.Unmake()
	}
	return best
}

// TestLosingCaptureWeighsTheExchange: a capture by a man worth more than its victim, on a
// defended cell, loses only when the exchange that follows loses; each case's answer is
// the exchange played out with legal moves (playedExchange), and the positions have no
// man behind another on the cell's lines and no pins, which the exchange does not see.
// The first and the last are the captures the older test (taker worth more and cell
// defended) called losing.
func TestLosingCaptureWeighsTheExchange(t *testing.T) {
	t.Parallel()
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	e := New(rs, 1)
	w := e.workers[0]
	cases := []struct {
		name, fen, move string
		losing          bool
	}{
		{"rook takes a knight the queen alone defends, a knight behind the rook",
			"6k1/8/8/q2n4/5N2/8/8/3R2K1 w - - 0 1", "Rxd5", false},
		{"queen takes a pawn a pawn defends", "6k1/8/4p3/3p4/8/8/8/3Q2K1 w - - 0 1", "Qxd5", true},
		{"rook takes a bishop a pawn defends, a knight behind the rook",
			"6k1/8/4p3/3b4/5N2/8/8/3R2K1 w - - 0 1", "Rxd5", true},
		{"queen takes a pawn only the king defends, a rook behind the queen",
			"6k1/R4p2/8/8/8/8/8/5Q1K w - - 0 1", "Qxf7+", false},
	}
	worth := func(t int) int {
		if rs.Piece(t).Royal {
			return royalWorth
		}
		return e.eval.value[t]
	}
	for _, c := range cases {
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		victim := worth(p.At(m.To()).Type())
		p.Make(m)
		played := victim - playedExchange(p, m.To(), worth)
		p.Unmake()
		if played < 0 != c.losing {
			t.Fatalf("%s: the exchange played out wins %d for the taker, the case says losing %v", c.name, played, c.losing)
		}
		if got := w.losingCapture(p, m); got != c.losing {
			t.Errorf("%s (%s, %s): losingCapture %v, want %v (the exchange played out: %+d)", c.name, c.fen, c.move, got, c.losing, played)
		}
	}
}
