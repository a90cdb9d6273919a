// Zobrist keys for every part of a position: pieces, side, castling, en passant, hands, statuses.

package compiler

// MaxHand is the largest count of one piece type a pool can hold (its counter is a byte):
// a position with pools holds at most MaxHand men, board and pools together, so that no
// count can overflow however the men move between them.
const MaxHand = 255

// firstHandKeys is how many counts per pool slot take their keys before the other tables:
// the keys of higher counts come last, so that every other key stays what it was.
const firstHandKeys = 16

// MaxStatus is the largest status counter with distinct keys.
const MaxStatus = 16

// Zobrist holds the hash keys. Piece keys are indexed [pieceCode*cells + square] where
// pieceCode = type*2 + color.
type Zobrist struct {
	piece  []uint64
	cells  int
	Side   uint64
	castle []uint64   // per partner square
	ep     []uint64   // per en-passant target square
	hand   [][]uint64 // [((color*pools)+pool)*types+type][count]
	status [][]uint64 // [square][counter]
	marked []uint64   // per square: a promoted piece stands there (pools that demote)
	gate   []uint64   // per square: the piece there may still gate
	wall   []uint64   // per square: a wall stands there
	// Checks[c][n]: side c has n checks left to give (rulesets with a check counter).
	Checks [2][101]uint64
	// Ended marks a position decided by a goal its last move reached ([1 + outcome] for the
	// side that moved), so that a decided node never shares a hash with an undecided one.
	Ended [4]uint64
}

// splitmix64 gives reproducible keys, so hashes are stable across runs.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func newZobrist(types, cells, pools int) Zobrist {
	rng := splitmix64(0x43484d52) // "CHMR"
	var z Zobrist
	z.piece, z.cells = make([]uint64, types*2*cells), cells
	for i := range types * 2 {
		for s := range cells {
			z.piece[i*cells+s] = rng.next()
		}
	}
	z.Side = rng.next()
	z.castle = make([]uint64, cells)
	z.ep = make([]uint64, cells)
	for s := 0; s < cells; s++ {
		z.castle[s] = rng.next()
		z.ep[s] = rng.next()
	}
	z.hand = make([][]uint64, 2*pools*types)
	for i := range z.hand {
		z.hand[i] = make([]uint64, MaxHand+1)
		for c := 1; c <= firstHandKeys; c++ {
			z.hand[i][c] = rng.next()
		}
	}
	z.status = make([][]uint64, cells)
	for s := range z.status {
		z.status[s] = make([]uint64, MaxStatus+1)
		for c := 1; c <= MaxStatus; c++ {
			z.status[s][c] = rng.next()
		}
	}
	for i := 1; i < len(z.Ended); i++ {
		z.Ended[i] = rng.next()
	}
	z.marked = make([]uint64, cells)
	for s := range z.marked {
		z.marked[s] = rng.next()
	}
	for i := range z.hand {
		for c := firstHandKeys + 1; c <= MaxHand; c++ {
			z.hand[i][c] = rng.next()
		}
	}
	z.gate = make([]uint64, cells)
	for s := range z.gate {
		z.gate[s] = rng.next()
	}
	for c := range z.Checks {
		for n := range z.Checks[c] {
			z.Checks[c][n] = rng.next()
		}
	}
	z.wall = make([]uint64, cells)
	for s := range z.wall {
		z.wall[s] = rng.next()
	}
	return z
}

// WallKey is the key of a wall on sq.
func (z *Zobrist) WallKey(sq Square) uint64 { return z.wall[sq] }
