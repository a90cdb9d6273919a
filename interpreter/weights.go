// Weights: a worth for each man on each cell and in each pool, summed per side as moves are made and unmade.

package interpreter

import "chimera/compiler"

// Weights gives a man of each side and type a worth on each cell and in each pool. A
// position weighed by them (Weigh) keeps each side's sum up to date through its
// primitive edits, so that an evaluation built of such terms (material, square tables,
// men held) reads it instead of walking the board.
type Weights struct {
	cells int
	board []int32 // [piece code*cells + cell]
	pool  []int32 // [hand slot]: the worth of one man held there; nil without pools
	// key: [piece code*cells + cell]: the Zobrist key of a man of a keyed type there, 0
	// for the other types (nil without keyed types); a weighed position keeps the xor of
	// its men's (WeighedKey).
	key []uint64
}

// NewWeights returns the weights of rs: man(c, t, sq) for a man of side c and type t on
// cell sq, held(c, pool, t) for one held by side c in pool (held is not called without
// pools); the men of the types in keyed (a bit per type) are keyed (WeighedKey).
func NewWeights(rs *compiler.Ruleset, man func(c Color, t int, sq Square) int, held func(c Color, pool, t int) int, keyed uint64) *Weights {
	n := rs.NumPieces()
	w := &Weights{cells: rs.Cells, board: make([]int32, 2*n*rs.Cells)}
	if keyed != 0 {
		w.key = make([]uint64, 2*n*rs.Cells)
	}
	for c := compiler.White; c <= compiler.Black; c++ {
		for t := range n {
			code := MakePiece(t, c).code()
			base := code * rs.Cells
			for sq := range rs.Cells {
				w.board[base+sq] = int32(man(c, t, sq))
				if keyed>>uint(t)&1 != 0 {
					w.key[base+sq] = rs.Zobrist.PieceKey(code, sq)
				}
			}
		}
	}
	if pools := rs.NumPools(); pools > 0 {
		w.pool = make([]int32, rs.Zobrist.NumHandSlots())
		for c := compiler.White; c <= compiler.Black; c++ {
			for pool := range pools {
				for t := range n {
					w.pool[rs.HandSlot(c, pool, t)] = int32(held(c, pool, t))
				}
			}
		}
	}
	return w
}
