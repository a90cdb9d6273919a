// The shortcut of quiescence's goal moves (only from cells a move from the zone) against the plain filter.
package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"chimera/interpreter"
)

// Over random playouts of every built-in with reach goals, the goal moves quiescence
// adds are exactly the legal quiet moves of a goal piece into its side's zone.
func TestGoalMovesShortcut(t *testing.T) {
	t.Parallel()
	tested, found := 0, 0
	for _, name := range []string{"prisonbreak", "claustrophobia", "kingofthehill", "breakthrough", "prisonersescape", "koopa"} {
		rs, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1)
		w := e.workers[0]
		if e.eval.goalTypes == 0 {
			continue
		}
		tested++
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		for game := 0; game < 20; game++ {
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120 && p.Result() == interpreter.Ongoing; ply++ {
				got := w.goalMoves(p, nil)
				var want []interpreter.Move
				dist := e.eval.goalDist[p.Side()]
				for _, m := range p.QuietMoves(nil) {
					if dist != nil && !m.IsDrop() && dist[m.To()] == 0 && e.eval.goalTypes>>uint(p.At(m.From()).Type())&1 != 0 {
						want = append(want, m)
					}
				}
				found += len(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s %s: goal moves %v, want %v", name, p.FEN(), got, want)
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
	}
	if tested < 3 || found < 100 {
		t.Fatalf("only %d variants with reach goals and %d goal moves met", tested, found)
	}
}
