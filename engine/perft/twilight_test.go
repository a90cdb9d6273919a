// Twilight chess against Sjaak II: moves that pick a man up off the board into the hand
// (hands.drops.pick-up), counted by an independent program.
package perft_test

import (
	"math/rand"
	"testing"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// TestTwilightAgainstSjaak compares the built-in twilight's perft with Sjaak II's (`variant
// twilight_chess`): the start, positions with men in hand, castling rights and pins, and
// positions of random play from them in which pick-ups and drops are played often (depth
// 3; 2 for -short, and fewer positions).
func TestTwilightAgainstSjaak(t *testing.T) {
	bin := referenceProgram(t, "sjaakii")
	rs, err := interpreter.Open("twilight")
	if err != nil {
		t.Fatal(err)
	}
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
		// Rooks to pick up (and rights to lose), men in hand to drop.
		"r3k2r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPQ1PPP/R3K2R[BPbp] w KQkq - 0 1",
		// A pinned knight (its pick-up would expose the king) and a check to answer.
		"4k3/8/8/8/8/8/4N3/r3K2r[Q] w - - 0 1",
		"4k3/4r3/8/8/8/8/3N4/4K3[NP] w - - 0 1",
		// Pawns in hand: never on the last rank, on the first they may go.
		"4k3/8/8/8/8/8/8/4K3[PPpp] b - - 0 1",
	}
	depth, plays := 3, 4
	if testing.Short() {
		depth, plays = 2, 2
	}
	fens := append([]string(nil), starts...)
	rng := rand.New(rand.NewSource(7))
	for _, s := range starts[:2] {
		for range plays {
			p, err := interpreter.FromFEN(rs, s)
			if err != nil {
				t.Fatal(err)
			}
			for range 8 {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				// Half the time a pick-up or a drop, when there is one.
				var pool []interpreter.Move
				for _, m := range legal {
					if m.Kind() == interpreter.KindPickUp || m.IsDrop() {
						pool = append(pool, m)
					}
				}
				if len(pool) > 0 && rng.Intn(2) == 0 {
					p.Make(pool[rng.Intn(len(pool))])
				} else {
					p.Make(legal[rng.Intn(len(legal))])
				}
			}
			fens = append(fens, p.FEN())
		}
	}
	pickUps := 0
	for _, fen := range fens {
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for _, m := range p.LegalMoves(nil) {
			if m.Kind() == interpreter.KindPickUp {
				pickUps++
			}
		}
		want := sjaakPerftFEN(t, bin, "twilight_chess", fen, nil, depth)
		if got := perft.Perft(p, depth); int64(got) != want {
			t.Errorf("%s: perft %d %d, Sjaak II %d", fen, depth, got, want)
		}
	}
	if pickUps < 20 {
		t.Fatalf("only %d pick-ups among the root moves: the positions do not test the rule", pickUps)
	}
}
