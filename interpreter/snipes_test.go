// The sniper tables against the line-by-line search for sliders: the same legal moves, checks and attackers at every position of random games.
package interpreter

import (
	"math/rand"
	"slices"
	"testing"

	"chimera/compiler"
)

func TestSnipersAgreeWithLines(t *testing.T) {
	bothCores(t, testSnipersAgreeWithLines)
}

func testSnipersAgreeWithLines(t *testing.T) {
	defer func() { noSnipes = false }()
	// In -short mode: four playouts of 50 plies, each definition on one of the two cores
	// (alternating), the attackers of every cell compared every other ply (the legal moves
	// and the check at each).
	playouts, plies := 12, 80
	if testing.Short() {
		playouts, plies = 4, 50
	}
	sniping, checks := 0, 0
	for di, name := range allDefinitions(t) {
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !rs.Snipes(0) && !rs.Snipes(1) {
			continue
		}
		sniping++
		if !OnThisCore(t, di) {
			continue
		}
		rng := rand.New(rand.NewSource(5))
		var attackers [2][]compiler.Bitboard
		for g := 0; g < playouts; g++ {
			p, err := Start(rs, rs.SetupAt(g%rs.NumSetups()).Name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for ply := 0; ply < plies; ply++ {
				noSnipes = false
				legal := sortedMoves(p.LegalMoves(nil))
				check := p.InCheck()
				sweep := !testing.Short() || ply%2 == g%2
				for c := Color(0); c < 2 && sweep; c++ {
					attackers[c] = attackers[c][:0]
					for sq := 0; sq < rs.Cells; sq++ {
						attackers[c] = append(attackers[c], p.Attackers(sq, c))
					}
				}
				noSnipes = true
				if got := sortedMoves(p.LegalMoves(nil)); !slices.Equal(legal, got) {
					t.Fatalf("%s %s: %d legal moves with the sniper tables, %d line by line", name, p.FEN(), len(legal), len(got))
				}
				if p.InCheck() != check {
					t.Fatalf("%s %s: in check %v with the sniper tables, %v line by line", name, p.FEN(), check, !check)
				}
				for c := Color(0); c < 2 && sweep; c++ {
					for sq := 0; sq < rs.Cells; sq++ {
						if got := p.Attackers(sq, c); got != attackers[c][sq] {
							t.Fatalf("%s %s: side %d attacks %s from %s with the sniper tables, from %s line by line",
								name, p.FEN(), c, rs.SquareName(sq), attackers[c][sq], got)
						}
					}
				}
				noSnipes = false
				if check {
					checks++
				}
				if len(legal) == 0 {
					break
				}
				p.Make(legal[rng.Intn(len(legal))])
			}
		}
	}
	if sniping < 30 {
		t.Errorf("only %d definitions use the sniper tables", sniping)
	}
	if checks < 50 {
		t.Errorf("only %d positions in check: the comparison reached too few checks", checks)
	}
}
