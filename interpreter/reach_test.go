// Reach, the evaluation's mobility, against the pseudo-legal moves of the side to move.
package interpreter

import (
	"math/rand"
	"testing"

	"chimera/compiler"
)

// TestReach: on random playouts of every built-in and synthetic definition (the smallest
// core, where men move by table lookups), a type's Reach with weight 1 and center 0, for the
// side to move, is the number of its men's pseudo-legal moves (castling and drops aside),
// for each non-royal type whose moves are leaps and tabled lines alone; with a center it
// is that less the center per man, scaled by the weight; other types count nothing. The
// side not to move is checked on the same board with the turn passed (a null move).
func TestReach(t *testing.T) {
	t.Parallel() // no package switch (forceWideCore...) read or set
	plies := 60
	if testing.Short() {
		plies = 30
	}
	// The mechanisms where a type's moves are not its landings alone: statuses and
	// freezes stop men, immunity and trading rules bar captures, borrowed moves and gating add
	// some.
	skip := compiler.Mechs(compiler.MechImmune, compiler.MechFreeze, compiler.MechStatus, compiler.MechBorrowMoves,
		compiler.MechGuardedTrade, compiler.MechCounterstrike, compiler.MechProtectedTrade, compiler.MechNoRetaliation, compiler.MechGating)
	checked := 0
	for _, name := range allDefinitions(t) {
		rs, err := Open(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rs.Uses(skip) {
			continue
		}
		rng := rand.New(rand.NewSource(11))
		p, err := Start(rs, rs.SetupAt(0).Name)
		if err != nil {
			t.Fatal(err)
		}
		if p.n == nil {
			continue // boards above 64 cells: no tabled lines, Reach counts nothing
		}
		n := rs.NumPieces()
		one, zero, center := make([]int, n), make([]int, n), make([]int, n)
		for ply := 0; ply < plies && !p.Ended().Over; ply++ {
			for pass := 0; pass < 2; pass++ {
				if pass == 1 {
					p.MakeNull()
				}
				us := p.Side()
				moves := p.PseudoMoves(nil)
				for ty := range n {
					pt := p.n.tb.Piece(ty)
					naive := 0
					for _, m := range moves {
						if m.Kind() == KindNormal && !m.IsDrop() && p.At(m.From()).Type() == ty {
							naive++
						}
					}
					one[ty], center[ty] = 1, 2
					got := p.Reach(one, zero)[us]
					centered := p.Reach(one, center)[us]
					one[ty], center[ty] = 0, 0
					men := p.Pieces(us, ty).Count()
					switch {
					case pt.Royal:
					case !pt.LeapsAndLines[us]:
						if got != 0 {
							t.Errorf("%s, %s: type %d does not move by leaps and lines alone, Reach %d", name, p.FEN(), ty, got)
						}
					case got != naive:
						t.Errorf("%s, %s: type %d of side %d: Reach %d, pseudo-legal moves %d", name, p.FEN(), ty, us, got, naive)
					case centered != naive-2*men:
						t.Errorf("%s, %s: type %d: Reach centered on 2 is %d, want %d", name, p.FEN(), ty, centered, naive-2*men)
					default:
						checked++
					}
				}
				if pass == 1 {
					p.Unmake()
				}
			}
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.Make(legal[rng.Intn(len(legal))])
		}
	}
	if checked < 1000 {
		t.Errorf("only %d counts compared", checked)
	}
}
