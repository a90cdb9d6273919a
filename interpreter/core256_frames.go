// A position set up anew from men given cell by cell, without FEN text: the frames of a
// game of seats (Table), rebuilt for each seat to move.

package interpreter

// refill sets the position up as its FEN would with the board men (a man a cell, NoPiece
// for none) and White's castling rights castling ("", "K", "Q" or "KQ"), the other fields
// as they were set up: it unmakes the moves made, changes the cells that differ, and
// settles the position as the FEN reader does. It allocates nothing, and returns what the
// FEN reader would refuse, or "".
func (p *core256) refill(men []Piece, castling string) string {
	for len(p.undo) > 0 {
		p.Unmake()
	}
	rs := p.rs
	for sq := range rs.Cells {
		if pc := p.board[sq]; pc != men[sq] {
			if pc != NoPiece {
				p.lift(sq)
				p.hash ^= rs.Zobrist.PieceKey(pc.code(), sq)
			}
			if men[sq] != NoPiece {
				p.setup(sq, men[sq])
			}
		}
	}
	for b := p.castle; b.Any(); b = b.Rest() {
		p.hash ^= rs.Zobrist.CastleKey(b.First())
	}
	p.castle = p.castle.AndNot(p.castle)
	if castling != "" {
		if msg := p.parseCastling(castling); msg != "" {
			return msg
		}
		p.dropSpentGates()
	}
	if p.ended != 0 {
		p.hash ^= rs.Zobrist.Ended[p.ended]
		p.ended, p.endGoal = 0, -1
	}
	return p.settle()
}
