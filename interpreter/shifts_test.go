// Generating a type's men all at once by its shift plan must give exactly the moves their
// own tables give man by man, on every built-in variant and synthetic definition.
package interpreter

import (
	"math/rand"
	"testing"
)

func TestShiftPlansAgreeWithManByMan(t *testing.T) {
	bothCores(t, testShiftPlansAgreeWithManByMan)
}

func testShiftPlansAgreeWithManByMan(t *testing.T) {
	defer func() { noShifts = false }()
	playouts, plies := 20, 80
	if testing.Short() {
		playouts, plies = 6, 50
	}
	planned := 0
	for _, name := range allDefinitions(t) {
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		withPlan := false
		for i := 0; i < rs.NumPieces(); i++ {
			withPlan = withPlan || rs.Piece(i).ShiftsOf(0).Len() > 0 || rs.Piece(i).ShiftsOf(1).Len() > 0
		}
		if !withPlan {
			continue
		}
		planned++
		rng := rand.New(rand.NewSource(11))
		for g := 0; g < playouts; g++ {
			p, err := Start(rs, rs.SetupAt(g%rs.NumSetups()).Name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for ply := 0; ply < plies; ply++ {
				noShifts = false
				legal := sortedMoves(p.LegalMoves(nil))
				pseudo := sortedMoves(p.core().genPseudo(nil))
				noShifts = true
				sameMoves(t, name+" legal", p, legal, sortedMoves(p.LegalMoves(nil)))
				sameMoves(t, name+" pseudo-legal", p, pseudo, sortedMoves(p.core().genPseudo(nil)))
				noShifts = false
				if len(legal) == 0 {
					break
				}
				p.Make(legal[rng.Intn(len(legal))])
			}
		}
	}
	if planned < 20 {
		t.Errorf("only %d definitions have a type with a shift plan", planned)
	}
}

// sameMoves fails the test when got and want (both sorted) differ.
func sameMoves(t *testing.T, what string, p *Position, got, want []Move) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s %s: %d moves with shift plans, %d man by man", what, p.FEN(), len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s %s: move #%d is %s with shift plans, %s man by man", what, p.FEN(), i, p.Coord(got[i]), p.Coord(want[i]))
		}
	}
}
