package interpreter

import "testing"

// A castling king captured on its square (where kings are not royal) ends its side's
// castling rights, as its moving away does: the position's rights, FEN and hash agree with
// the same position read from its FEN, and a king that later stands there cannot castle.
func TestCapturedCastlingKingEndsRights(t *testing.T) {
	bothCores(t, testCapturedCastlingKingEndsRights)
}

func testCapturedCastlingKingEndsRights(t *testing.T) {
	rs := effectsRuleset(t, `
extends: chess
name: capturable-kings
pieces-by-letter:
  K: {royal: false}
rules: {check: none}
setups:
  - name: start
    fen: 4k3/8/8/8/8/8/3Kq3/R3K2R b KQ - 0 1
`)
	p, err := Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"e2e1", "d2e2", "e1f1", "e2e1", "f1g1"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		p.Make(m)
		q, err := FromFEN(rs, p.FEN())
		if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
			t.Fatalf("after %s: %s read back as %v (%v), hash %x want %x", mv, p.FEN(), q, err, q.Hash(), p.Hash())
		}
	}
	// The second white king has come to e1; the rooks never moved, but the rights ended.
	for _, m := range p.LegalMoves(nil) {
		if c := p.Coord(m); c == "e1g1" || c == "e1c1" {
			t.Errorf("%s: castling %s after the castling king was captured", p.FEN(), c)
		}
	}
}
