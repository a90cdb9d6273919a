package interpreter

import (
	"math/rand"
	"slices"
	"testing"
)

// TestRoyalKindsNaive compares the legal moves and the check under pieces.royal-kind
// (testdata/synthetic/royal-kinds.yaml: a drop game with royal queens counted apart
// from the kings) with the rule's text, read naively along random games on both cores: the
// counts by kind before the move decide; no man of a kind the mover has one man of (or
// none) may stand attacked after the move, but one the move has just promoted into a
// royal type; a royal man dropped may not stand attacked, whatever the count; a side is
// in check when a man of a kind it has exactly one of is attacked.
func TestRoyalKindsNaive(t *testing.T) {
	rs, err := Open("../testdata/synthetic/royal-kinds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	king, queen := rs.TypeOfText("K"), rs.TypeOfText("Q")
	kinds := [][]int{{king}, {queen}}
	fens := []string{
		"r3k2r/ppp1qppp/2n5/3Q4/8/2N5/PPP2PPP/R3K2R[QQqnn] w - - 0 1",
		"4k3/2q5/8/8/8/8/3Q4/4K3[QQQqqq] w - - 0 1",
		"q3k2q/8/8/8/8/8/8/Q3K2Q[Qq] b - - 0 1",
	}
	games, plies := 12, 60
	if testing.Short() {
		games = 4
	}
	var leftAttacked, dropBarred, checks int
	for _, wide := range []bool{false, true} {
		for g := range games {
			rng := rand.New(rand.NewSource(int64(g)))
			p, err := fromFENOn(rs, fens[g%len(fens)], wide)
			if err != nil {
				t.Fatal(err)
			}
			for range plies {
				us := p.Side()
				lone := map[int]bool{}
				for _, kind := range kinds {
					n := 0
					for b := p.Men(us); b.Any(); b = b.Rest() {
						if slices.Contains(kind, p.At(b.First()).Type()) {
							n++
						}
					}
					for _, ty := range kind {
						lone[ty] = n <= 1
					}
					if n == 1 {
						for b := p.Men(us); b.Any(); b = b.Rest() {
							if sq := b.First(); slices.Contains(kind, p.At(sq).Type()) && p.Attacked(sq, us^1) {
								checks++
								if !p.InCheck() {
									t.Fatalf("%s: the lone man of a kind attacked, not in check", p.FEN())
								}
							}
						}
					}
				}
				var naive []Move
				for _, m := range p.PseudoMoves(nil) {
					if m.Kind() == KindCastle {
						continue
					}
					fresh := m.Promotion() >= 0 && !m.IsDrop() && p.At(m.From()).Type() != king && p.At(m.From()).Type() != queen
					dropped := m.IsDrop() && (m.Dropped() == king || m.Dropped() == queen)
					p.Make(m)
					ok, many := true, false
					for b := p.Men(us); b.Any(); b = b.Rest() {
						sq := b.First()
						ty := p.At(sq).Type()
						if ty != king && ty != queen || fresh && sq == m.To() {
							continue
						}
						if (lone[ty] || dropped && sq == m.To()) && p.Attacked(sq, us^1) {
							ok = false
						} else if !lone[ty] && p.Attacked(sq, us^1) {
							many = true
						}
					}
					p.Unmake()
					if ok {
						naive = append(naive, m)
						if many {
							leftAttacked++
						}
					} else if dropped && !lone[m.Dropped()] {
						dropBarred++
					}
				}
				var legal []Move
				for _, m := range p.LegalMoves(nil) {
					if m.Kind() != KindCastle {
						legal = append(legal, m)
					}
				}
				slices.Sort(naive)
				slices.Sort(legal)
				if !slices.Equal(naive, legal) {
					t.Fatalf("%s: legal moves %v, the rule's text %v", p.FEN(), coords(p, legal), coords(p, naive))
				}
				all := p.LegalMoves(nil)
				if len(all) == 0 {
					break
				}
				p.Make(all[rng.Intn(len(all))])
			}
		}
	}
	if leftAttacked == 0 || dropBarred == 0 || checks == 0 {
		t.Fatalf("the games never met the rule: %d moves leaving a man of a kind of two attacked, %d drops barred beside two of the kind, %d checks", leftAttacked, dropBarred, checks)
	}
	t.Logf("%d moves leaving a man of a kind of two attacked, %d drops barred beside two of the kind, %d checks", leftAttacked, dropBarred, checks)
}

func coords(p *Position, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.Coord(m)
	}
	return out
}
