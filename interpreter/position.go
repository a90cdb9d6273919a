// Package interpreter carries out a compiled Ruleset: the Position value, legal move
// generation from the move tables, make/unmake with an undo stack, check and game results,
// FEN and move notation (coordinate and SAN).
//
// Generation is pseudo-legal from per-square leap tables, ray scans for rides (nearest
// blocker by bit scan) and a depth-first walk for multi-leg paths; legality uses pins and
// check evasion when the ruleset allows it (Ruleset.FastLegal), else make/test/unmake.
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

// Undo is what unmake needs beyond the move itself.
type Undo struct {
	Move     Move
	Moved    Piece    // the piece that left the origin (before promotion)
	Captured [3]Piece // at cap1, cap2, and at the destination
	Castle   Bitboard
	EP       Bitboard
	EPVictim Square
	Halfmove int
	Hash     uint64
	Ended    int8
}

// Position is a game state of one variant. It is not safe for concurrent use; Clone it
// for another goroutine.
type Position struct {
	rs       *compiler.Ruleset
	board    [64]Piece
	byType   [compiler.MaxPieceTypes]Bitboard
	byColor  [2]Bitboard
	side     Color
	castle   Bitboard // partner squares that keep their castling right
	ep       Bitboard // en-passant target squares
	epVictim Square   // the piece that may be taken en passant
	halfmove int
	fullmove int
	hash     uint64
	// ended is set by a move that reached a goal: 0 none, else 1 + outcome for the side
	// that moved (so 0 = not ended, 1 = loss, 2 = draw, 3 = win).
	ended     int8
	endReason string
	undo      []Undo
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
	p := &Position{rs: rs, epVictim: NoSquare, fullmove: 1, undo: make([]Undo, 0, 256)}
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
	q.undo = make([]Undo, len(p.undo), max(cap(p.undo), 256))
	copy(q.undo, p.undo)
	q.scratch = nil
	q.hook = nil
	return &q
}

func (p *Position) put(sq Square, pc Piece) {
	p.board[sq] = pc
	b := compiler.Bit(sq)
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.hash ^= p.rs.Zobrist.Piece[pc.code()][sq]
	if p.rs.Pieces[pc.Type()].Immune {
		p.immune |= b
	}
}

func (p *Position) remove(sq Square) Piece {
	pc := p.board[sq]
	p.board[sq] = NoPiece
	b := compiler.Bit(sq)
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
	p.immune &^= b
	p.hash ^= p.rs.Zobrist.Piece[pc.code()][sq]
	return pc
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
	return h
}

// RecomputedHash exposes computeHash for tests of the incremental hash.
func (p *Position) RecomputedHash() uint64 { return p.computeHash() }
