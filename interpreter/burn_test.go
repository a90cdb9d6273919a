package interpreter

import (
	"math/rand"
	"testing"

	"chimera/compiler"
)

// TestBurnAttacks compares the attack walk with a naive reading of the moves in chess
// whose queens burn (testdata/synthetic/burn-chess.yaml), along random games on both
// cores: a man is attacked by the side to move exactly when one of its pseudo-legal moves
// lands on it (en passant aside, as for check), or a queen's lands on one of the eight
// cells around it (its burning).
func TestBurnAttacks(t *testing.T) {
	rs, err := Open("../testdata/synthetic/burn-chess.yaml")
	if err != nil {
		t.Fatal(err)
	}
	queen := rs.TypeOfText("Q")
	games, plies := 20, 120
	if testing.Short() {
		games = 4
	}
	checked, byBurn := 0, 0
	for _, wide := range []bool{false, true} {
		for g := range games {
			rng := rand.New(rand.NewSource(int64(g)))
			p, err := fromFENOn(rs, rs.Setups()[0].FEN, wide)
			if err != nil {
				t.Fatal(err)
			}
			for range plies {
				us := p.Side()
				pseudo := p.PseudoMoves(nil)
				var hit, burnt compiler.Bitboard
				for _, m := range pseudo {
					if m.Kind() == KindCastle {
						continue
					}
					if m.Kind() != KindEP { // an attack is a capture by landing (check's)
						hit = hit.With(m.To())
					}
					if p.At(m.From()).Type() == queen {
						for _, sq := range neighbours(rs, m.To()) {
							burnt = burnt.With(sq)
						}
					}
				}
				for b := p.Men(us ^ 1); b.Any(); b = b.Rest() {
					sq := b.First()
					want := hit.Has(sq) || burnt.Has(sq)
					if got := p.Attacked(sq, us); got != want {
						t.Fatalf("%s: Attacked(%s, %v) = %v, naive %v", p.FEN(), rs.SquareName(sq), us, got, want)
					}
					checked++
					if burnt.Has(sq) && !hit.Has(sq) {
						byBurn++
					}
				}
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				p.Make(legal[rng.Intn(len(legal))])
			}
		}
	}
	if byBurn == 0 {
		t.Fatalf("%d men checked, none attacked by burning alone", checked)
	}
	t.Logf("%d men checked, %d attacked by burning alone", checked, byBurn)
}
