// The Move value: origin, destination, promotion, kind and squares captured in passing.

package interpreter

// Move packs a move into 64 bits:
//
//	bits  0-7  from square      bits 8-15  to square (boards of up to 256 cells)
//	bits 16-22 promotion type+1 bits 23-25 kind
//	bits 26-34 first capture in passing, square+1
//	bits 35-43 second capture in passing, square+1
//	bits 44-52 auxiliary square+1 (the castling partner; a path's stop)
//	bit  53    the move makes en-passant targets of the squares it passes
//	bits 54-59 the type dropped (drops, exchanges)  bits 44-49 the type given (exchanges,
//	           which have no auxiliary square)
//
// Other moves use bits 54-61 for gating: the gated type+1 in bits 54-60, and bit 61 set
// when it enters on the castling partner's square rather than on the origin. In rulesets
// with walls (which have no gating and no drops) bit 63 marks a turn with a wall, and
// bits 54-62 hold the wall's square+1.
//
// A capture on the destination square is not stored: it is whatever stands there.
type Move uint64

// NoMove is the zero move.
const NoMove Move = 0

// Move kinds.
const (
	KindNormal = iota
	KindCastle
	KindEP   // an en-passant capture: the first capture in passing is the victim
	KindNull // a null move: the turn passes, nothing moves (searches only)
	// KindDrop puts a piece of type Dropped from the mover's drop pool on the empty To.
	KindDrop
	// KindExchange gives a man of type Given from the mover's pool to the opponent and
	// rescues one of the mover's own, of type Dropped, dropping it on the empty To.
	KindExchange
	// KindPass passes the turn; it is written as the mover's royal man moving onto its own
	// square (From and To both that square), and changes nothing on the board.
	KindPass
	// KindPickUp takes the mover's man on From (= To) off the board into the mover's drop
	// pool (hands.drops.pick-up).
	KindPickUp
)

const epFlag Move = 1 << 53

// kindMask covers the kind field.
const kindMask = Move(7) << 23

// promotionMask covers the promotion field.
const promotionMask = Move(0x7f) << 16

// passedMask covers both squares captured in passing.
const passedMask = Move(0x3ffff) << 26

func newMove(from, to Square) Move { return Move(from) | Move(to)<<8 }

// From is the origin square.
func (m Move) From() Square { return Square(m & 0xff) }

// To is the destination square.
func (m Move) To() Square { return Square(m >> 8 & 0xff) }

// Promotion is the promoted-to type, or -1.
func (m Move) Promotion() int { return int(m>>16&0x7f) - 1 }

// Kind is KindNormal, KindCastle, KindEP or KindNull.
func (m Move) Kind() int { return int(m >> 23 & 7) }

// Cap1 is the first square captured in passing, or NoSquare.
func (m Move) Cap1() Square { return Square(m>>26&0x1ff) - 1 }

// Cap2 is the second square captured in passing, or NoSquare.
func (m Move) Cap2() Square { return Square(m>>35&0x1ff) - 1 }

// Aux is the castling partner's square, or NoSquare.
func (m Move) Aux() Square { return Square(m>>44&0x1ff) - 1 }

// Stop is the square a path's mover stopped on (defs.Leg.Stop), or NoSquare.
func (m Move) Stop() Square {
	if m.Kind() != KindNormal {
		return NoSquare
	}
	return m.Aux()
}

// MakesEP reports whether the move leaves en-passant targets behind.
func (m Move) MakesEP() bool { return m&epFlag != 0 }

// Dropped is the type a drop or an exchange puts on the board.
func (m Move) Dropped() int { return int(m >> 54 & 63) }

// Given is the type an exchange gives to the opponent.
func (m Move) Given() int { return int(m >> 44 & 63) }

// Gated is the type a gating move puts on the board from the gating pool, or -1.
func (m Move) Gated() int {
	if m.IsDrop() || m&wallFlag != 0 {
		return -1
	}
	return int(m>>54&0x7f) - 1
}

// GateSquare is where a gating move's gated piece enters: the origin, or the castling
// partner's square.
func (m Move) GateSquare() Square {
	if m&gatePartner != 0 {
		return m.Aux()
	}
	return m.From()
}

// withGate makes m gate a piece of type t, on its origin or (onPartner) on the castling
// partner's square.
func (m Move) withGate(t int, onPartner bool) Move {
	if onPartner {
		m |= gatePartner
	}
	return m | Move(t+1)<<54
}

// wallFlag marks a turn that ends with a wall placed (rulesets with walls).
const wallFlag Move = 1 << 63

// Wall is the cell where the turn places its wall, or NoSquare.
func (m Move) Wall() Square {
	if m&wallFlag == 0 {
		return NoSquare
	}
	return Square(m>>54&0x1ff) - 1
}

// WithoutWall is m without its wall: the move of the man alone.
func (m Move) WithoutWall() Move {
	if m&wallFlag == 0 {
		return m
	}
	return m &^ gateMask
}

// withWall makes m, which has no gating, a turn that places its wall on sq.
func (m Move) withWall(sq Square) Move { return m | wallFlag | Move(sq+1)<<54 }

// gatePartner marks a gating move whose gated piece enters on the castling partner's square.
const gatePartner Move = 1 << 61

// gateMask covers the gating fields of a move that is not a drop.
const gateMask = Move(0x3ff) << 54

// IsDrop reports whether m puts a piece from a pool on the board (a drop or an exchange).
func (m Move) IsDrop() bool { return m.Kind() == KindDrop || m.Kind() == KindExchange }

// newPickUp is the pick-up of the man on sq (origin and destination both sq).
func newPickUp(sq Square) Move { return newMove(sq, sq).withKind(KindPickUp) }

// newDrop is the drop of a piece of type t on sq (origin and destination both sq).
func newDrop(sq Square, t int) Move { return newMove(sq, sq).withKind(KindDrop) | Move(t)<<54 }

// newExchange gives a man of type give and drops one's own of type t on sq.
func newExchange(sq Square, give, t int) Move {
	return newMove(sq, sq).withKind(KindExchange) | Move(t)<<54 | Move(give)<<44
}

// withPromotion sets the promotion of m, which has none yet, to type t (-1: none).
func (m Move) withPromotion(t int) Move { return m | Move(t+1)<<16 }
func (m Move) withKind(k int) Move      { return m | Move(k)<<23 }
func (m Move) withAux(sq Square) Move   { return m | Move(sq+1)<<44 }

// withCaptures stores up to two squares captured in passing, lower square first so that
// two readings of the same capture give the same Move.
func (m Move) withCaptures(c1, c2 Square) Move {
	if c1 != NoSquare && c2 != NoSquare && c2 < c1 {
		c1, c2 = c2, c1
	}
	if c1 == NoSquare {
		c1, c2 = c2, NoSquare
	}
	return m | Move(c1+1)<<26 | Move(c2+1)<<35
}
