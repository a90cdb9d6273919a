// WXF moves of well-known openings and of two men of a kind on a file, and every legal move of positions from random play written and read back.
package wxf

import (
	"math/rand/v2"
	"testing"

	"chimera/interpreter"
)

func open(t *testing.T, fen string) (Notation, *interpreter.Position) {
	t.Helper()
	rs, err := interpreter.Open("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(rs)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	return n, p
}

const start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// The texts of the openings as WXF writes them (the central cannon C2.5, the horse H8+7,
// the advisor A4+5, the elephant E3+5), with = for a move along the rank as
// Fairy-Stockfish writes it; files from the right of the side to move.
func TestOpenings(t *testing.T) {
	for i, c := range []struct{ fen, coord, wxf string }{
		{start, "h3e3", "C2=5"},
		{start, "h1g3", "H2+3"},
		{start, "f1e2", "A4+5"},
		{start, "g1e3", "E3+5"},
		{start, "i1i2", "R1+1"},
		{start, "e4e5", "P5+1"},
		{start, "b3b10", "C8+7"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h10g8", "H8+7"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "b8e8", "C2=5"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "a7a6", "P1+1"},
		// Two rooks on a file: + for the front one, - for the rear one.
		{"3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1", "a5a6", "R++1"},
		{"3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1", "a2a3", "R-+1"},
		{"3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1", "a2b2", "R-=8"},
		// Three soldiers on a file: numbered from the front, then the file.
		{"3k5/9/9/P8/P8/P8/9/9/9/4K4 w - - 0 1", "a7a8", "19+1"},
		{"3k5/9/9/P8/P8/P8/9/9/9/4K4 w - - 0 1", "a6b6", "29=8"},
	} {
		n, p := open(t, c.fen)
		m, err := p.ParseMove(c.coord)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, c.coord, err)
		}
		if got := n.Text(p, m); got != c.wxf {
			t.Errorf("#%d %s: got %s want %s", i, c.coord, got, c.wxf)
		}
		back, err := n.Parse(p, c.wxf)
		if err != nil || back != m {
			t.Errorf("#%d Parse(%s) = %v, %v; want %s", i, c.wxf, back, err, c.coord)
		}
	}
	n, p := open(t, start)
	if m, err := n.Parse(p, "C2.5"); err != nil || p.Coord(m) != "h3e3" {
		t.Errorf("C2.5: %v %v", m, err)
	}
	for _, bad := range []string{"", "C2=9", "X1+1", "C2=5+"} {
		if _, err := n.Parse(p, bad); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
}

// Along random games, every legal move's text reads back as that move and no other.
func TestRoundTrip(t *testing.T) {
	n, p := open(t, start)
	rng := rand.New(rand.NewPCG(1, 2))
	games, plies := 20, 120
	if testing.Short() {
		games = 5
	}
	checked := 0
	for g := 0; g < games; g++ {
		_, p = open(t, start)
		for ply := 0; ply < plies; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				text := n.Text(p, m)
				back, err := n.Parse(p, text)
				if err != nil || back != m {
					t.Fatalf("%s: %s (%s) reads back as %v, %v", p.FEN(), p.Coord(m), text, back, err)
				}
				checked++
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d moves written and read back", checked)
}
