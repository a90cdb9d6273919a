// The pair term: which types are colour-bound, and the pairs counted against the moves of random games.
package search

import (
	"math/rand/v2"
	"testing"

	"chimera/interpreter"
)

// TestColourBoundTypes: a type is colour-bound when it keeps to cells of one colour and
// neither is royal nor promotes, and counts for its side (not where losing men wins);
// hands and counting rules turn the term's default weight to 0.
func TestColourBoundTypes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		variant string
		letters string // the colour-bound types' letters, in type order
		weight  int
	}{
		{"chess", "B", 40},
		{"capablanca", "B", 40},
		{"courier", "BFE", 40}, // the bishop, the ferz and the alfil
		{"xiangqi", "AB", 40},  // the advisor and the elephant
		{"makruk", "M", 0},     // the met; a counting rule
		{"crazyhouse", "B", 0},
		{"shogi", "", 0},      // the bishop promotes
		{"antichess", "", 40}, // losing men wins
	} {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1).eval
		got := ""
		for _, ty := range e.pairTypes {
			got += rs.Piece(ty).LetterText
		}
		if got != c.letters || e.w.Pair != c.weight {
			t.Errorf("%s: colour-bound %q weight %d, want %q and %d", c.variant, got, e.w.Pair, c.letters, c.weight)
		}
	}
}

// TestPairMatchesNaive: along random games, the types whose men never change the
// colour of their cell in the moves the generator offers (and which are neither royal
// nor promoting, and count for their side) are the evaluator's colour-bound types, and
// the evaluator counts a pair for a side exactly where it has men of one of them on a
// light cell and on a dark one, (file + rank) mod 2 telling them apart.
func TestPairMatchesNaive(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"chess", "courier", "capablanca", "shatranj"} {
		rs, err := interpreter.Open(v)
		if err != nil {
			t.Fatal(err)
		}
		e := New(rs, 1).eval
		n := rs.NumPieces()
		moved, changed := make([]int, n), make([]bool, n)
		colour := func(sq int) int { return (rs.FileOf(sq) + rs.RankOf(sq)) % 2 }
		rng := rand.New(rand.NewPCG(5, uint64(len(v))))
		pairs := 0
		type seen struct {
			p   *interpreter.Position
			fen string
		}
		var positions []seen
		for game := 0; game < 40; game++ {
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 160 && p.Result() == interpreter.Ongoing; ply++ {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				for _, m := range moves {
					if m.Dropped() != 0 {
						continue
					}
					ty := p.At(m.From()).Type()
					moved[ty]++
					if colour(m.From()) != colour(m.To()) {
						changed[ty] = true
					}
				}
				positions = append(positions, seen{p.Clone(), p.FEN()})
				p.Make(moves[rng.IntN(len(moves))])
			}
		}
		var want []int
		for ty := range n {
			pt := rs.Piece(ty)
			if moved[ty] > 0 && !changed[ty] && !pt.Royal && pt.Promotion == nil && e.value[ty] > 0 {
				want = append(want, ty)
			}
		}
		if len(want) == 0 || len(want) != len(e.pairTypes) {
			t.Fatalf("%s: colour-bound types %v, the moves say %v", v, e.pairTypes, want)
		}
		for i := range want {
			if want[i] != e.pairTypes[i] {
				t.Fatalf("%s: colour-bound types %v, the moves say %v", v, e.pairTypes, want)
			}
		}
		for _, s := range positions {
			for c := range 2 {
				naive := 0
				for _, ty := range want {
					var on [2]bool
					for sq := range rs.Cells {
						if pc := s.p.At(sq); pc != interpreter.NoPiece && pc.Type() == ty && int(pc.Color()) == c {
							on[colour(sq)] = true
						}
					}
					if on[0] && on[1] {
						naive++
					}
				}
				if got := e.pairsOf(s.p, interpreter.Color(c)); got != naive {
					t.Fatalf("%s %s: side %d has %d pairs, want %d", v, s.fen, c, got, naive)
				}
				pairs += naive
			}
		}
		if pairs < 100 {
			t.Errorf("%s: pairs met only %d times (want 100)", v, pairs)
		}
	}
}
