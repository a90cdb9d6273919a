// Viceroy chess against Sjaak II: promotions whose choices depend on the cell
// (promotion.by-cell), counted by an independent program.
package perft_test

import (
	"math/rand"
	"testing"

	"chimera/compiler"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// TestViceroyAgainstSjaak compares the built-in viceroy's perft with Sjaak II's (`variant
// viceroy`): the start, positions with pawns about to promote on every file (each file's
// own piece), and positions of random play from them (depth 3; 2 for -short, and fewer
// positions).
func TestViceroyAgainstSjaak(t *testing.T) {
	bin := referenceProgram(t, "sjaakii")
	rs, err := interpreter.Open("viceroy")
	if err != nil {
		t.Fatal(err)
	}
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		// a, b, c, g, h pawns one step from promoting, by a push or by taking a rook.
		"r3k2r/PPP3PP/8/8/8/8/ppp3pp/R3K2R w KQkq - 0 1",
		// d and e pawns: a queen and a viceroy; then a viceroy in play.
		"1k6/3PP3/8/8/8/8/3pp3/6K1 w - - 0 1",
		"1k6/3PP3/8/8/8/8/3pp3/6K1 b - - 0 1",
		"r3k2r/1P4P1/8/3V4/4v3/8/1p4p1/R3K2R w KQkq - 0 1",
	}
	depth, plays := 3, 3
	if testing.Short() {
		depth, plays = 2, 1
	}
	fens := withRandomPlay(t, rs, starts, plays, 5)
	promotions := 0
	for _, fen := range fens {
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for _, m := range p.LegalMoves(nil) {
			if m.Promotion() >= 0 {
				promotions++
			}
		}
		want := sjaakPerftFEN(t, bin, "viceroy", fen, nil, depth)
		if got := perft.Perft(p, depth); int64(got) != want {
			t.Errorf("%s: perft %d %d, Sjaak II %d", fen, depth, got, want)
		}
	}
	if promotions < 10 {
		t.Fatalf("only %d promotions among the root moves: the positions do not test the rule", promotions)
	}
}

// withRandomPlay returns starts followed by, for each start but the first, plays
// positions reached by 4 random legal plies from it (fewer where the game ends), drawn
// from one generator of seed.
func withRandomPlay(t *testing.T, rs *compiler.Ruleset, starts []string, plays int, seed int64) []string {
	t.Helper()
	fens := append([]string(nil), starts...)
	rng := rand.New(rand.NewSource(seed))
	for _, s := range starts[1:] {
		for range plays {
			p, err := interpreter.FromFEN(rs, s)
			if err != nil {
				t.Fatal(err)
			}
			for range 4 {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				p.Make(legal[rng.Intn(len(legal))])
			}
			fens = append(fens, p.FEN())
		}
	}
	return fens
}
