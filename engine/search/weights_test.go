// The evaluation read from a position's running sums (Weights) equals the one that walks the board, in every built-in.
package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"chimera/defs"
	"chimera/engine/search"
	"chimera/interpreter"
)

// TestWeighedEvalMatches: a search weighs its position (Position.Weigh), whose sums
// then follow every move made and taken back. Along random games of every built-in, with
// moves taken back now and then, the evaluation of the weighed position equals that of
// an unweighed copy, which walks the board and the pools.
func TestWeighedEvalMatches(t *testing.T) {
	t.Parallel()
	games, plies := 3, 60
	if testing.Short() {
		games, plies = 1, 40
	}
	for _, name := range defs.Builtins() {
		rs := open(t, name)
		e := search.New(rs, 1)
		rng := rand.New(rand.NewPCG(3, uint64(len(name))))
		compared := 0
		for g := range games {
			fen, _, err := interpreter.SetupFEN(rs, rs.SetupAt(g%rs.NumSetups()).Name)
			if err != nil {
				t.Fatal(err)
			}
			p := position(t, rs, fen)
			e.Search(context.Background(), p, search.Limits{Depth: 1, Nodes: 20000}, nil)
			made := 0
			for ply := 0; ply < plies && !p.Ended().Over; ply++ {
				if made > 0 && rng.IntN(4) == 0 {
					p.Unmake()
					made--
				} else {
					ms := p.LegalMoves(nil)
					if len(ms) == 0 {
						break
					}
					p.Make(ms[rng.IntN(len(ms))])
					made++
				}
				q := p.Clone()
				q.Weigh(nil)
				if got, want := e.Evaluate(p), e.Evaluate(q); got != want {
					t.Fatalf("%s %s: weighed evaluation %d, walked %d", name, p.FEN(), got, want)
				}
				compared++
			}
		}
		if compared == 0 {
			t.Errorf("%s: no position compared", name)
		}
	}
}
