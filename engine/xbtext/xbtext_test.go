// Round trips of XBoard's move and FEN text over random games of every built-in.
package xbtext

import (
	"math/rand/v2"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

// Every legal move, written as XBoard writes it, reads back as the same move; every
// position's FEN, written for XBoard, reads back to the same position. In rulesets with
// walls, where each move comes once for every cell its wall may take (thousands of turns
// in amazons, each written and read by generating them all), 64 turns spread over the
// list are checked. (Four games a built-in, one under -short.)
func TestRoundTrips(t *testing.T) {
	for _, name := range defs.Builtins() {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		c := New(rs)
		rng := rand.New(rand.NewPCG(1, 2))
		games := 4
		if testing.Short() {
			games = 1 // one game of 60 plies a built-in under -short
		}
		for game := 0; game < games; game++ {
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 60; ply++ {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 || p.Result() != interpreter.Ongoing {
					break
				}
				step := 1
				if rs.Walls != nil {
					step = max(1, len(moves)/64)
				}
				for i, m := range moves {
					if i%step != 0 {
						continue
					}
					text := c.MoveText(p, m)
					if rs.Ranks == 10 && strings.Contains(text, "10") {
						t.Errorf("%s: %s written with rank 10 (XBoard counts from 0)", name, text)
					}
					back, err := c.ParseMove(p, text)
					if err != nil || back != m {
						t.Fatalf("%s: %s: %s written %q, read back as %v (%v)", name, p.FEN(), p.Coord(m), text, back, err)
					}
				}
				q, err := c.ReadFEN(c.FEN(p.FEN()))
				if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
					t.Fatalf("%s: FEN %s for XBoard %s read back as %v (%v)", name, p.FEN(), c.FEN(p.FEN()), q, err)
				}
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
	}
}

// XBoard's habits in a FEN: its own letters, an empty holding as [-], fields left out.
func TestReadXBoardFEN(t *testing.T) {
	for _, c := range []struct{ variant, xb, want string }{
		{"xiangqi", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1",
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		p, err := New(rs).ReadFEN(c.xb)
		if err != nil || p.FEN() != c.want {
			t.Errorf("%s: %q read as %v (%v), want %s", c.variant, c.xb, p, err, c.want)
		}
	}
	if n, ok := ChimeraName("fischerandom"); !ok || n != "chess960" || Name("chess") != "normal" || Name("myvariant") != "myvariant" {
		t.Errorf("names: %q %v %q", n, ok, Name("chess"))
	}
}

// TestCastleLegs reads a castling written as the king's leg then its partner's, as Sjaak
// II writes Wildebeest's one-square castling, whose king's move is the king's step:
// f1g1,k1f1 is the king onto g1 and the rook onto f1; f1g1 alone is the step. (XBoard
// counts the ranks of a 10-rank board from 0: f0g0,k0f0.)
func TestCastleLegs(t *testing.T) {
	rs, err := interpreter.Open("wildebeest")
	if err != nil {
		t.Fatal(err)
	}
	c := New(rs)
	p, err := c.ReadFEN("r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.ParseMove(p, "f0g0,k0f0")
	if err != nil || m.Kind() != interpreter.KindCastle || p.Coord(m) != "f1k1" {
		t.Fatalf("f0g0,k0f0 read as %v (%v), want the castling onto g1", m, err)
	}
	if m, err := c.ParseMove(p, "f0g0"); err != nil || m.Kind() != interpreter.KindNormal {
		t.Errorf("f0g0 read as %v (%v), want the king's step", m, err)
	}
	if _, err := c.ParseMove(p, "f0g0,k0e0"); err == nil {
		t.Errorf("f0g0,k0e0 read as a move: the rook lands on f0")
	}
}
