// The bare royal: a side left with its royal man alone, under a checkmate rule, is driven to a corner and met by the other royal.

package search

import (
	"chimera/compiler"
	"chimera/interpreter"
)

// bareRoyal is what the evaluation knows of mating a royal man left alone: the king-step
// distance from each cell to the nearest corner of the board, to the nearest corner of
// each colour, and which types never leave the colour of their cell (a colour-bound
// attacker mates in a corner of its own colour).
type bareRoyal struct {
	on          bool
	royal       int      // the royal type (one a side)
	corner      []int    // [sq]: king steps to the nearest corner
	colorCorner [2][]int // [dark][sq]: ... to the nearest corner of that colour
	bound       []bool   // [t]: a man of type t stays on its colour
	// mates[t]: a man of type t reaches on average, on an empty board, at least four
	// fifths of what a rook does (a rank and a file): one such man is taken to mate a
	// bare royal (a rook, a queen, an archbishop); of the others, two men are needed.
	mates []bool
	below int // a side whose weighed sum is under this may be bare
	far   int // the largest king-step distance on the board
}

// Bonuses of the bare-royal term, in centipawns: per king step the lone royal stands
// nearer its corner, and per step the two royals stand nearer each other. The term is
// given where the other side leads by bareLead and has two men besides its royal, or one
// that mates alone (bareRoyal.mates).
const (
	bareCorner = 30
	bareClose  = 10
	// bareLead is the lead in material over a bare royal that the term needs: a rook's
	// worth less a little (a lone minor man does not mate).
	bareLead = 400
)

// newBareRoyal prepares the term for rs: on where checkmate wins (a check rule, a side
// without moves in check loses), each side has one royal type, and nothing returns to the
// board from a hand.
func newBareRoyal(rs *compiler.Ruleset, royalTypes, value []int) bareRoyal {
	var b bareRoyal
	if rs.Check == compiler.CheckNone || rs.NoMovesInCheck != compiler.Loss || rs.Hands != nil || len(royalTypes) != 1 {
		return b
	}
	b.on, b.royal, b.far = true, royalTypes[0], max(rs.Files, rs.Ranks)-1
	type cell struct{ f, r int }
	corners := []cell{{0, 0}, {rs.Files - 1, 0}, {0, rs.Ranks - 1}, {rs.Files - 1, rs.Ranks - 1}}
	b.corner = make([]int, rs.Cells)
	b.colorCorner = [2][]int{make([]int, rs.Cells), make([]int, rs.Cells)}
	for sq := range rs.Cells {
		b.corner[sq], b.colorCorner[0][sq], b.colorCorner[1][sq] = b.far, 2*b.far, 2*b.far
		for _, k := range corners {
			d := max(abs(rs.FileOf(sq)-k.f), abs(rs.RankOf(sq)-k.r))
			b.corner[sq] = min(b.corner[sq], d)
			dark := 0
			if (k.f+k.r)%2 == 0 {
				dark = 1 // the colour of a1 (compiler.Tables.Dark)
			}
			b.colorCorner[dark][sq] = min(b.colorCorner[dark][sq], d)
		}
	}
	b.bound, b.mates = make([]bool, rs.NumPieces()), make([]bool, rs.NumPieces())
	least := 0
	for t := range rs.NumPieces() {
		if rs.Piece(t).Royal {
			continue
		}
		reached, cells := 0, 0
		for sq := range rs.Cells {
			if rs.Squares.Has(sq) {
				reached += emptyBoardReach(rs, t, compiler.White, sq).Count()
				cells++
			}
		}
		b.mates[t] = cells > 0 && 5*reached >= 4*cells*(rs.Files+rs.Ranks-2)
		if least == 0 || value[t] < least {
			least = value[t]
		}
		if rs.Piece(t).Promotion != nil {
			continue // a man that promotes may change what it is
		}
		bound, moves := true, false
		for c := compiler.White; c <= compiler.Black && bound; c++ {
			for sq := 0; sq < rs.Cells && bound; sq++ {
				if !rs.Squares.Has(sq) {
					continue
				}
				reach := emptyBoardReach(rs, t, c, sq)
				moves = moves || reach.Any()
				if rs.Dark.Has(sq) {
					bound = !reach.AndNot(rs.Dark).Any()
				} else {
					bound = !reach.And(rs.Dark).Any()
				}
			}
		}
		b.bound[t] = bound && moves
	}
	b.below = least / 2
	return b
}

// bonus is the bare-royal term for the side that faces a bare royal, or 0: sums are the
// two sides' weighed sums (values and square bonuses), which rule most positions out
// before the board is looked at.
func (b *bareRoyal) bonus(p *interpreter.Position, sums [2]int) (compiler.Color, int) {
	for weak := compiler.White; weak <= compiler.Black; weak++ {
		strong := weak ^ 1
		if sums[weak] >= b.below || sums[strong]-sums[weak] < bareLead {
			continue
		}
		lone := p.Pieces(weak, b.royal)
		if lone.Count() != 1 || p.Men(weak) != lone {
			continue
		}
		own := p.Pieces(strong, b.royal)
		if own.Count() != 1 {
			return strong, 0
		}
		if men := p.Men(strong).AndNot(own); men.Count() == 1 && !b.mates[p.At(men.First()).Type()] {
			return strong, 0 // one man that cannot mate alone
		}
		// The corner to drive to: of the colour of the strong side's colour-bound men
		// when they all stand on one colour.
		corner := b.corner
		var on [2]bool
		rs := p.Ruleset()
		for t, bound := range b.bound {
			if !bound {
				continue
			}
			men := p.Pieces(strong, t)
			on[1] = on[1] || men.And(rs.Dark).Any()
			on[0] = on[0] || men.AndNot(rs.Dark).Any()
		}
		if on[0] != on[1] {
			if on[1] {
				corner = b.colorCorner[1]
			} else {
				corner = b.colorCorner[0]
			}
		}
		l, k := lone.First(), own.First()
		near := max(abs(rs.FileOf(l)-rs.FileOf(k)), abs(rs.RankOf(l)-rs.RankOf(k)))
		return strong, bareCorner*(2*b.far-corner[l]) + bareClose*(b.far-near)
	}
	return 0, 0
}
