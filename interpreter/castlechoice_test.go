package interpreter

import (
	"strings"
	"testing"
)

// TestCastleChoiceNotation checks how castling onto a choice of squares (castling.*.also)
// is written and read, in Wildebeest's open position (king f1, rooks a1 and k1): SAN names
// the king's square (O-O/i1), a bare O-O is read only when one castling that way is legal,
// coordinates write the king's move but for the one-square castlings, whose king's move is
// the king's step (then the king takes its rook: f1k1); and each lands its rook next to the
// king, as the rules say.
func TestCastleChoiceNotation(t *testing.T) {
	rs, err := Open("wildebeest")
	if err != nil {
		t.Fatal(err)
	}
	const open = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1"
	p, err := FromFEN(rs, open)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ san, coord, after string }{
		{"O-O/g1", "f1k1", "r4k4r/11/11/11/11/11/11/11/11/R4RK4 b kq - 1 1"},
		{"O-O/h1", "f1h1", "r4k4r/11/11/11/11/11/11/11/11/R5RK3 b kq - 1 1"},
		{"O-O/i1", "f1i1", "r4k4r/11/11/11/11/11/11/11/11/R6RK2 b kq - 1 1"},
		{"O-O/j1", "f1j1", "r4k4r/11/11/11/11/11/11/11/11/R7RK1 b kq - 1 1"},
		{"O-O-O/e1", "f1a1", "r4k4r/11/11/11/11/11/11/11/11/4KR4R b kq - 1 1"},
		{"O-O-O/b1", "f1b1", "r4k4r/11/11/11/11/11/11/11/11/1KR7R b kq - 1 1"},
	} {
		m, err := p.ParseMove(c.san)
		if err != nil {
			t.Fatalf("%s: %v", c.san, err)
		}
		if got := p.Coord(m); got != c.coord {
			t.Errorf("%s is written %s in coordinates, want %s", c.san, got, c.coord)
		}
		if got := strings.TrimRight(p.SAN(m), "+#"); got != c.san {
			t.Errorf("%s is written %s in SAN", c.san, got)
		}
		if back, err := p.ParseMove(c.coord); err != nil || back != m {
			t.Errorf("%s read back as %v (%v)", c.coord, back, err)
		}
		p.Make(m)
		if got := p.FEN(); got != c.after {
			t.Errorf("after %s: %s, want %s", c.san, got, c.after)
		}
		p.Unmake()
	}
	// f1g1 is the king's step; a bare O-O names four castlings here.
	if m, err := p.ParseMove("f1g1"); err != nil || m.Kind() != KindNormal {
		t.Errorf("f1g1 read as %v (%v), want the king's step", m, err)
	}
	if _, err := p.ParseMove("O-O"); err == nil || !strings.Contains(err.Error(), "O-O/g1 O-O/h1 O-O/i1 O-O/j1") {
		t.Errorf("O-O read with %v, want it ambiguous, naming the four", err)
	}
	// A rook on h10 eyes h1: the king may castle short onto g1 only; O-O names it.
	q, err := FromFEN(rs, "4k2r3/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := q.ParseMove("O-O")
	if err != nil || m.Kind() != KindCastle || rs.SquareName(m.To()) != "g1" {
		t.Errorf("O-O with one short castling legal read as %v (%v)", m, err)
	}
}
