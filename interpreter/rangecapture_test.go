package interpreter

import (
	"math/rand"
	"slices"
	"testing"

	"chimera/compiler"
)

// rankOf is the naive test's rank of the men of testdata/synthetic/range-chess.yaml, from
// its text: kings 3, queens 2, rooks and bishops 1, the others 0.
var rankOf = map[byte]int{'K': 3, 'Q': 2, 'R': 1, 'B': 1}

// naiveRangeMoves lists, as "from-to", the moves of the side to move's queens, rooks and
// bishops of range-chess read from the rule: along each of its lines a general moves to
// the empty cells before the first man and takes that man if it is an enemy; past it, while
// every man passed ranks below the general, it takes each enemy man ranking below it.
// past is the set of cells such a take past a man lands on.
func naiveRangeMoves(p *Position) (out []string, past compiler.Bitboard) {
	rs := p.Ruleset()
	us := p.Side()
	for b := p.Men(us); b.Any(); b = b.Rest() {
		from := b.First()
		letter := rs.Piece(p.At(from).Type()).LetterText[0]
		var dirs [][2]int
		switch letter {
		case 'Q':
			dirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
		case 'R':
			dirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
		case 'B':
			dirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
		default:
			continue
		}
		rank := rankOf[letter]
		for _, d := range dirs {
			passed := 0 // men passed so far
			for f, r := rs.FileOf(from)+d[0], rs.RankOf(from)+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
				sq := rs.SquareAt(f, r)
				pc := p.At(sq)
				if pc == NoPiece {
					if passed == 0 {
						out = append(out, rs.SquareName(from)+"-"+rs.SquareName(sq))
					}
					continue
				}
				below := rankOf[rs.Piece(pc.Type()).LetterText[0]] < rank
				if pc.Color() != us && (passed == 0 || below) {
					out = append(out, rs.SquareName(from)+"-"+rs.SquareName(sq))
					if passed > 0 {
						past = past.With(sq)
					}
				}
				if !below {
					break
				}
				passed++
			}
		}
	}
	slices.Sort(out)
	return out, past
}

// TestRangeCapture compares range capture with a naive generator written from the rule,
// along random games of range-chess on both cores: the queens', rooks' and bishops'
// pseudo-legal moves must be the naive ones, and a man stands attacked by the side to move
// (Attacked, the walk check reads) exactly when one of the naive moves or another
// pseudo-legal move lands on it (en passant aside, as for check).
func TestRangeCapture(t *testing.T) {
	rs, err := Open("../testdata/synthetic/range-chess.yaml")
	if err != nil {
		t.Fatal(err)
	}
	games, plies := 20, 150
	if testing.Short() {
		games = 4
	}
	checked, jumps, jumpAttacks := 0, 0, 0
	for _, wide := range []bool{false, true} {
		for g := range games {
			rng := rand.New(rand.NewSource(int64(g)))
			p, err := fromFENOn(rs, rs.Setups()[0].FEN, wide)
			if err != nil {
				t.Fatal(err)
			}
			for range plies {
				us := p.Side()
				want, past := naiveRangeMoves(p)
				var got []string
				var hit compiler.Bitboard
				for _, m := range p.PseudoMoves(nil) {
					if m.Kind() == KindCastle {
						continue
					}
					if m.Kind() != KindEP {
						hit = hit.With(m.To())
					}
					if l := rs.Piece(p.At(m.From()).Type()).LetterText[0]; l == 'Q' || l == 'R' || l == 'B' {
						got = append(got, rs.SquareName(m.From())+"-"+rs.SquareName(m.To()))
					}
				}
				slices.Sort(got)
				got = slices.Compact(got) // a pawn's promotions aside, one move a cell
				if !slices.Equal(got, want) {
					t.Fatalf("%s: the generals' moves\nChimera: %v\nnaive:   %v", p.FEN(), got, want)
				}
				jumps += past.Count()
				for b := p.Men(us ^ 1); b.Any(); b = b.Rest() {
					sq := b.First()
					if got := p.Attacked(sq, us); got != hit.Has(sq) {
						t.Fatalf("%s: Attacked(%s, %v) = %v, naive %v", p.FEN(), rs.SquareName(sq), us, got, hit.Has(sq))
					}
					checked++
					if past.Has(sq) {
						jumpAttacks++
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
	if jumps == 0 || jumpAttacks == 0 {
		t.Fatalf("%d men checked, %d captures past a man, %d men attacked past a man", checked, jumps, jumpAttacks)
	}
	t.Logf("%d men checked, %d attacked past a man; %d captures past a man", checked, jumpAttacks, jumps)
}

func sgn(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
