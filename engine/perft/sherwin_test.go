// Sherwin's chess against Sjaak II: Black's optional promotion to a knight on the second
// rank beside the compulsory one on the first (promotion.by-cell with optional and
// forced), counted by an independent program.
package perft_test

import (
	"testing"

	"chimera/compiler"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// TestSherwinAgainstSjaak compares the built-in sherwin's perft with Sjaak II's (`variant
// sherwin`): the start, positions with black pawns a step from the second rank and from
// the first (by a push or a capture), white pawns a step from the seventh and eighth, and
// positions of random play from them (depth 4; 2 for -short, and fewer positions).
func TestSherwinAgainstSjaak(t *testing.T) {
	bin := referenceProgram(t, "sjaakii")
	rs, err := interpreter.Open("sherwin")
	if err != nil {
		t.Fatal(err)
	}
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		// Black pawns on the third rank with men to take on the second; on the second,
		// with rooks to take on the first.
		"r3k2r/8/8/8/8/1p2p1p1/P1PP1P1P/R3K2R b KQkq - 0 1",
		"4k3/8/8/8/8/8/1p4p1/R3KN1R b Q - 0 1",
		// White pawns on the sixth and seventh: no early promotion for White.
		"r3k2r/P1p3P1/2P2P2/8/8/8/8/R3K2R w KQkq - 0 1",
		// Both, and a black pawn that may take en passant on its way down.
		"4k3/1P4P1/8/8/4p3/8/1p3p2/4K3 w - - 0 1",
	}
	depth, plays := 4, 3
	if testing.Short() {
		depth, plays = 2, 1
	}
	fens := withRandomPlay(t, rs, starts, plays, 3)
	early := 0
	for _, fen := range fens {
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for _, m := range p.LegalMoves(nil) {
			// A black pawn's move onto the second rank as a knight.
			if m.Promotion() >= 0 && p.Side() == compiler.Black && p.Ruleset().RankOf(m.To()) == 1 {
				early++
			}
		}
		want := sjaakPerftFEN(t, bin, "sherwin", fen, nil, depth)
		if got := perft.Perft(p, depth); int64(got) != want {
			t.Errorf("%s: perft %d %d, Sjaak II %d", fen, depth, got, want)
		}
	}
	if early < 5 {
		t.Fatalf("only %d promotions on the second rank among the root moves: the positions do not test the rule", early)
	}
}
