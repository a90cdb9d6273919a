package interpreter

import (
	"slices"
	"testing"
)

// castling.opposite, from its rules text: a side that castles ends the opponent's right
// to castle toward the same wing, whatever else it may still do; its other right stays.
// The rights, FEN and hash agree with the position read back from its FEN.
func TestCastlingOpposite(t *testing.T) {
	bothCores(t, testCastlingOpposite)
}

func testCastlingOpposite(t *testing.T) {
	rs := effectsRuleset(t, `
extends: chess
name: opposite-wings
castling: {opposite: true}
`)
	const start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	for _, c := range []struct {
		moves      []string
		legal, not []string // black's castlings after them
	}{
		{[]string{"e1g1"}, []string{"e8c8"}, []string{"e8g8"}},
		{[]string{"e1c1"}, []string{"e8g8"}, []string{"e8c8"}},
		{[]string{"a2a3"}, []string{"e8g8", "e8c8"}, nil},
		// The right ended stays ended when the castled side's king walks on.
		{[]string{"e1g1", "a7a6", "g1h1"}, []string{"e8c8"}, []string{"e8g8"}},
	} {
		p, err := FromFEN(rs, start)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range c.moves {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("%v: %s: %v", c.moves, mv, err)
			}
			p.Make(m)
			q, err := FromFEN(rs, p.FEN())
			if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
				t.Fatalf("after %s: %s read back as %v (%v)", mv, p.FEN(), q, err)
			}
		}
		var coords []string
		for _, m := range p.LegalMoves(nil) {
			coords = append(coords, p.Coord(m))
		}
		for _, w := range c.legal {
			if !slices.Contains(coords, w) {
				t.Errorf("after %v (%s): %s should be legal", c.moves, p.FEN(), w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(coords, w) {
				t.Errorf("after %v (%s): %s should not be legal (the opponent castled to that wing)", c.moves, p.FEN(), w)
			}
		}
	}
}
