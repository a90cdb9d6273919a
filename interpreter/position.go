// Package interpreter carries out a compiled Ruleset: the Position value, legal move
// generation from the move tables, make/unmake with an undo stack, check and game results,
// FEN and move notation (coordinate and SAN).
//
// Generation is pseudo-legal from per-square leap tables, ray scans for rides (nearest
// blocker by bit scan) and a depth-first walk for multi-leg paths; legality uses pins and
// check evasion when the ruleset allows it (the compiler's allow-lists, Ruleset.Allows), else make/test/unmake.
package interpreter

import (
	"chimera/compiler"
)

// Type aliases keep signatures short.
type (
	Square   = compiler.Square
	Bitboard = compiler.Bitboard
	Color    = compiler.Color
)

// NoSquare is the absent square.
const NoSquare = compiler.NoSquare

// Piece is a piece on the board: 0 is empty, else (type+1)*2 + color.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece builds the piece of type t and color c.
func MakePiece(t int, c Color) Piece { return Piece((t+1)<<1 | c) }

// Type is the piece type index.
func (p Piece) Type() int { return int(p>>1) - 1 }

// Color is the owner.
func (p Piece) Color() Color { return Color(p & 1) }

// code is the zobrist index of the piece.
func (p Piece) code() int { return int(p) - 2 }

// frame is what unmake needs beyond the journal: the move and the scalar state before it.
type frame struct {
	move     Move
	moved    Piece // the piece that made the move (before promotion); NoPiece for a null move
	mark     int32 // journal length before the move
	captures int16 // enemy pieces the move removed
	endGoal  int16
	ended    int8
	castle   Bitboard
	ep       Bitboard
	epVictim Square
	halfmove int
	hash     uint64
}

// Position is a game state of one variant. It is not safe for concurrent use; Clone it
// for another goroutine.
//
// Every change a move makes is one primitive edit (put, remove, set a status, change a pool
// count) appended to the journal; Unmake reverses the edits back to the frame's mark and
// restores the scalar state saved in the frame. The hash is updated by each edit.
type Position struct {
	rs       *compiler.Ruleset
	board    [64]Piece
	byType   [compiler.MaxPieceTypes]Bitboard
	byColor  [2]Bitboard
	status   []uint8 // per cell: half-moves left of a timed status, 0 none
	hand     []uint8 // pool counts, indexed like Zobrist.Hand
	side     Color
	castle   Bitboard // partner squares that keep their castling right
	ep       Bitboard // en-passant target squares
	epVictim Square   // the piece that may be taken en passant
	halfmove int
	fullmove int
	hash     uint64
	// ended is set by a move that reached a goal: 0 none, else 1 + outcome for the side
	// that moved (so 0 = not ended, 1 = loss, 2 = draw, 3 = win). endGoal is the goal's
	// index. An ended position hashes apart from the same placement not ended.
	ended   int8
	endGoal int16
	undo    []frame
	journal []edit
	// startPly is the game ply of the position set from FEN (from its move number).
	startPly   int
	immune     Bitboard // squares holding immune pieces (derived, kept in sync)
	castleRank [2]Bitboard
	scratch    []Move
	hook       *hookState // hooks' VM and environment, made on first use; one per goroutine
}

// Ruleset is the ruleset the position plays by.
func (p *Position) Ruleset() *compiler.Ruleset { return p.rs }

// Side is the side to move.
func (p *Position) Side() Color { return p.side }

// At is the piece on sq.
func (p *Position) At(sq Square) Piece { return p.board[sq] }

// Hash is the zobrist hash of the position.
func (p *Position) Hash() uint64 { return p.hash }

// Occupied is the set of occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[0] | p.byColor[1] }

// Pieces is the set of squares holding pieces of color c and type t.
func (p *Position) Pieces(c Color, t int) Bitboard { return p.byType[t] & p.byColor[c] }

// Halfmove is the fifty-move counter in half-moves.
func (p *Position) Halfmove() int { return p.halfmove }

// Ply is the number of moves made since the position was set up.
func (p *Position) Ply() int { return len(p.undo) }

func newPosition(rs *compiler.Ruleset) *Position {
	p := &Position{rs: rs, epVictim: NoSquare, fullmove: 1, endGoal: -1,
		undo: make([]frame, 0, 256), journal: make([]edit, 0, 1024),
		status: make([]uint8, rs.Cells), hand: make([]uint8, len(rs.Zobrist.Hand))}
	rank := [2]int{0, rs.Ranks - 1}
	if rs.Castling != nil {
		rank = rs.Castling.Rank // castling.rank: the first rank unless the definition says otherwise
	}
	for f := 0; f < rs.Files; f++ {
		p.castleRank[0] |= compiler.Bit(rs.SquareAt(f, rank[0]))
		p.castleRank[1] |= compiler.Bit(rs.SquareAt(f, rank[1]))
	}
	return p
}

// Clone returns an independent copy (with its own undo stack) for another goroutine.
func (p *Position) Clone() *Position {
	q := *p
	q.undo = append(make([]frame, 0, max(cap(p.undo), 256)), p.undo...)
	q.journal = append(make([]edit, 0, max(cap(p.journal), 1024)), p.journal...)
	q.status = append([]uint8(nil), p.status...)
	q.hand = append([]uint8(nil), p.hand...)
	q.scratch = nil
	q.hook = nil
	return &q
}

// place sets pc on the empty cell sq: board and bitboards only (no hash, no journal).
func (p *Position) place(sq Square, pc Piece) {
	p.board[sq] = pc
	b := compiler.Bit(sq)
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	if p.rs.Pieces[pc.Type()].Immune {
		p.immune |= b
	}
}

// lift empties sq and returns what stood there: board and bitboards only.
func (p *Position) lift(sq Square) Piece {
	pc := p.board[sq]
	p.board[sq] = NoPiece
	b := compiler.Bit(sq)
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
	p.immune &^= b
	return pc
}

// setup places pc on sq while a position is being set up (hashed, not journaled).
func (p *Position) setup(sq Square, pc Piece) {
	p.place(sq, pc)
	p.hash ^= p.rs.Zobrist.Piece[pc.code()][sq]
}

// computeHash recomputes the hash from scratch (tests compare it with the incremental one).
func (p *Position) computeHash() uint64 {
	var h uint64
	for sq := 0; sq < p.rs.Cells; sq++ {
		if pc := p.board[sq]; pc != NoPiece {
			h ^= p.rs.Zobrist.Piece[pc.code()][sq]
		}
	}
	if p.side == compiler.Black {
		h ^= p.rs.Zobrist.Side
	}
	for b := p.castle; b != 0; b &= b - 1 {
		h ^= p.rs.Zobrist.Castle[b.First()]
	}
	for b := p.ep; b != 0; b &= b - 1 {
		h ^= p.rs.Zobrist.EP[b.First()]
	}
	for sq, s := range p.status {
		if s != 0 {
			h ^= p.rs.Zobrist.Status[sq][s]
		}
	}
	for i, n := range p.hand {
		if n != 0 {
			h ^= p.rs.Zobrist.Hand[i][n]
		}
	}
	if p.ended != 0 {
		h ^= p.rs.Zobrist.Ended[p.ended]
	}
	return h
}

// RecomputedHash exposes computeHash for tests of the incremental hash.
func (p *Position) RecomputedHash() uint64 { return p.computeHash() }
