// Drops on top and away from enemy men, flips by drops beside one's own men only, and stalemates won by the side with more men: each checked against a naive reading of the rule along games.
package interpreter

import (
	"fmt"
	"testing"

	"chimera/compiler"
)

// dropCellsDef is a 6x5 board of men that never move, dropped from a bottomless supply
// under the drop rule given.
const dropCellsDef = `name: t-drop-cells
board: {files: 6, ranks: 5}
pieces:
  - {name: Man, letter: P, moves: []}
hands:
  pools: [supply]
  drops: {from: supply, free: true, %s: true}
rules: {check: none, no-moves: {in-check: draw, otherwise: more-men-wins}, fifty-move: 0}
setups: [{name: empty, fen: 6/6/6/6/6 w - - 0 1}]
`

// naiveDrops walks games and compares the cells each position's drops land on with
// allowed(p, sq), the rule read cell by cell.
func naiveDrops(t *testing.T, rule string, allowed func(p *Position, f, r int) bool) {
	rs := buildText(t, fmt.Sprintf(dropCellsDef, rule))
	for game := 0; game < 6; game++ {
		p, err := Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ; ply++ {
			legal := p.LegalMoves(nil)
			got := map[Square]bool{}
			for _, m := range legal {
				if m.Kind() != KindDrop {
					t.Fatalf("%s: %s is no drop", p.FEN(), p.Coord(m))
				}
				got[m.To()] = true
			}
			for r := 0; r < 5; r++ {
				for f := 0; f < 6; f++ {
					sq := Square(r*6 + f)
					if want := p.At(sq) == NoPiece && allowed(p, f, r); want != got[sq] {
						t.Fatalf("%s: a drop on file %d rank %d: %v, want %v", p.FEN(), f, r+1, got[sq], want)
					}
				}
			}
			if len(legal) == 0 {
				break
			}
			p.Make(legal[(ply*7+game*5+len(legal)/2)%len(legal)])
		}
	}
}

// on-top: rank 1, or the cell right above a man of either side.
func TestDropsOnTop(t *testing.T) {
	bothCores(t, func(t *testing.T) {
		naiveDrops(t, "on-top", func(p *Position, f, r int) bool {
			return r == 0 || p.At(Square((r-1)*6+f)) != NoPiece
		})
	})
}

// away-from-enemy: no enemy man on the four cells a rook's step away.
func TestDropsAwayFromEnemy(t *testing.T) {
	bothCores(t, func(t *testing.T) {
		naiveDrops(t, "away-from-enemy", func(p *Position, f, r int) bool {
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				g, s := f+d[0], r+d[1]
				if g < 0 || g >= 6 || s < 0 || s >= 5 {
					continue
				}
				if pc := p.At(Square(s*6 + g)); pc != NoPiece && pc.Color() != p.Side() {
					return false
				}
			}
			return true
		})
	})
}

// flip: {adjacent: true, drops-next-to-own: true}: every move turns the enemy men beside
// its landing cell; a drop does only when it lands beside another of the mover's men.
func TestFlipDropsNextToOwn(t *testing.T) {
	const def = `name: t-flip-drops
board: {files: 6, ranks: 5}
pieces:
  - {name: Stone, letter: P, moves: [{ride: [1, 0], mode: move}, {ride: [1, 1], mode: move}]}
hands:
  pools: [supply]
  drops: {from: supply, free: true}
flip: {adjacent: true, drops-next-to-own: true}
rules: {check: none, no-moves: {in-check: draw, otherwise: draw}, fifty-move: 0}
setups: [{name: start, fen: p4P/6/6/6/P4p w - - 0 1}]
`
	bothCores(t, func(t *testing.T) {
		rs := buildText(t, def)
		for game := 0; game < 4; game++ {
			p, err := Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			flips := [2]int{}
			for ply := 0; ply < 24; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				for _, m := range legal {
					var before [30]compiler.Outcome // 0 empty, 1 the mover's, -1 the enemy's
					us := p.Side()
					for sq := range before {
						if pc := p.At(Square(sq)); pc != NoPiece {
							before[sq] = map[bool]compiler.Outcome{true: 1, false: -1}[pc.Color() == us]
						}
					}
					to, drop := int(m.To()), m.Kind() == KindDrop
					want := before
					if !drop {
						want[m.From()] = 0
					}
					want[to] = 1
					beside := func(each func(sq int)) {
						for df := -1; df <= 1; df++ {
							for dr := -1; dr <= 1; dr++ {
								f, r := to%6+df, to/6+dr
								if (df != 0 || dr != 0) && f >= 0 && f < 6 && r >= 0 && r < 5 {
									each(r*6 + f)
								}
							}
						}
					}
					turns := !drop
					beside(func(sq int) { turns = turns || want[sq] == 1 })
					if turns {
						beside(func(sq int) {
							if want[sq] == -1 {
								want[sq] = 1
							}
						})
					}
					p.Make(m)
					for sq := range want {
						got := compiler.Outcome(0)
						if pc := p.At(Square(sq)); pc != NoPiece {
							got = map[bool]compiler.Outcome{true: 1, false: -1}[pc.Color() == us]
						}
						if got != want[sq] {
							p.Unmake()
							t.Fatalf("%s, %s: cell %d holds %d, want %d", p.FEN(), p.Coord(m), sq, got, want[sq])
						}
					}
					p.Unmake()
					if turns && drop {
						flips[0]++
					} else if drop {
						flips[1]++
					}
				}
				p.Make(legal[(ply*7+game*3+len(legal)/2)%len(legal)])
			}
			if flips[0] == 0 || flips[1] == 0 {
				t.Fatalf("drops that turn %d, that do not %d: the games test neither", flips[0], flips[1])
			}
		}
	})
}

// more-men-wins: the side to move without a move wins with more men, loses with fewer,
// draws with as many.
func TestStalemateMoreMenWins(t *testing.T) {
	rs := buildText(t, fmt.Sprintf(dropCellsDef, "on-top"))
	for fen, want := range map[string]string{
		"PPPPPP/PPPPPP/PPPPPP/pppppp/pppppP w - - 0 1": "1-0", // 19 men to 11
		"PPPPPP/PPPPPP/PPPPPP/pppppp/pppppP b - - 0 1": "1-0", // Black, with 11, loses
		"pppppp/pppppp/ppppPP/PPPPPP/PPPPPP w - - 0 1": "0-1", // 14 to 16
		"pppppp/pppppp/pppPPP/PPPPPP/PPPPPP w - - 0 1": "1/2-1/2",
	} {
		p, err := FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		if r := p.Result(); r.Score != want {
			t.Errorf("%s: %v, want %s", fen, r, want)
		}
	}
}
