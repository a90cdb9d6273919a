// Package interpreter carries out a compiled Ruleset: the Position value, legal move
// generation from the move tables, make/unmake with an undo stack, check and game results,
// FEN and move notation (coordinate and SAN).
//
// Generation is pseudo-legal from per-square leap tables, ray scans for rides (nearest
// blocker by bit scan) and a depth-first walk for multi-leg paths; legality uses pins and
// check evasion when the ruleset allows it (the compiler's allow-lists, Ruleset.Allows), else make/test/unmake.
//
// The rules run on one of three cores: a 64-cell one (sets are uint64) for boards of up to
// 64 cells, a 128-cell one (sets of two words) for boards of 65 to 128 cells, and a
// 256-cell one (sets of four words) for larger boards. The 256-cell core (core256_*.go) is
// the source; the 64-cell core (core64_*.go), the 128-cell core (core128_*.go) and
// Position's dispatching methods (dispatch.go) are generated from it by
// interpreter/internal/bbgen.
package interpreter

import (
	"fmt"
	"strings"

	"chimera/compiler"
)

//go:generate go run ./internal/bbgen/cmd .

// Editing the rules: core64_*.go, core128_*.go and dispatch.go are generated from
// core256_*.go by interpreter/internal/bbgen (go generate ./interpreter; a test fails when
// they are stale), which renames every identifier containing 256 to 64 and lowers the set
// methods to uint64 operators, and renames 256 to 128 for the 128-cell core. Write the core256 files with the set methods (Or, And, AndNot, Meets, Any,
// Rest, ...), give no other type methods of those names, name no type of the other core,
// and keep type-independent helpers out of them (here and in movegen.go, makemove.go),
// since they would be defined three times. An exported method of core256 becomes a method of
// Position.

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

// Position is a game state of one variant. It is not safe for concurrent use; Clone it
// for another goroutine.
//
// It holds exactly one core: n, the 64-cell core, when the ruleset has 64-cell tables
// (a board of at most 64 cells), m, the 128-cell core, when it has 128-cell tables (65 to
// 128 cells), else w, the 256-cell core; c is the same core as an interface. Each method
// calls the one it holds (dispatch.go); the choice is made once, when the position is
// created.
type Position struct {
	c core
	n *core64
	m *core128
	w *core256
}

// narrowPosition, midPosition and widePosition wrap a core.
func narrowPosition(c *core64) *Position { return &Position{c: c, n: c} }
func midPosition(c *core128) *Position   { return &Position{c: c, m: c} }
func widePosition(c *core256) *Position  { return &Position{c: c, w: c} }

// forceWideCore makes new positions use the 256-cell core whatever their board's size.
// Only tests set it, to run the 256-cell core on the variants whose counts are known.
var forceWideCore bool

// noShifts makes every core generate man by man, leaving the types' shift plans unused.
// Only tests set it, to compare the two ways of generating.
var noShifts bool

// royalMakers are the mechanisms by which a move may give a side a royal man it did not
// have: a promotion to a royal type, a drop, an exchange, a gate or a pool's promotion.
var royalMakers = compiler.Mechs(compiler.MechRoyalPromotion, compiler.MechDrop, compiler.MechDropPromoted,
	compiler.MechExchange, compiler.MechGating, compiler.MechPoolPromotion)

// noSnipes makes every core find sliders on lines direction by direction, leaving the
// sniper tables (compiler.AttackTables.Snipes) unused. Only tests set it.
var noSnipes bool

// Clone returns an independent copy (with its own undo stack) for another goroutine. The
// copy logs its hooks' failures into the original's log (HookFailures), so that work
// shared out among clones reports them all.
func (p *Position) Clone() *Position {
	switch {
	case p.n != nil:
		return narrowPosition(p.n.clone())
	case p.m != nil:
		return midPosition(p.m.clone())
	}
	return widePosition(p.w.clone())
}

// Wide reports whether the position runs on the 256-cell core.
func (p *Position) Wide() bool { return p.w != nil }

// CoreCells is the number of cells the sets of the position's core hold: 64, 128 or 256.
func (p *Position) CoreCells() int {
	switch {
	case p.n != nil:
		return compiler.MaxCells64
	case p.m != nil:
		return compiler.MaxCells128
	}
	return compiler.MaxCells256
}

// FromFEN sets up a position of the ruleset from a FEN string, or from an SFEN (see
// IsSFEN), as shogi programs and lishogi write positions. A game of seats' FEN (see
// NewTable) gives the frame of the seat to move: a two-sided position whose White moves
// are that seat's, on the board turned so that it sits at the bottom.
func FromFEN(rs *compiler.Ruleset, fen string) (*Position, error) {
	if rs.Partners > 1 && strings.Contains(fen, "|") {
		return nil, &FENError{FEN: fen, Msg: fmt.Sprintf("a position of one board of %s is wanted here (its boards are played apart: a game of four joins %d boards' FENs with '|', which only its referee reads)", rs.Name, rs.Partners)}
	}
	return fromFENOn(rs, fen, forceWideCore)
}

// fromFENOn is FromFEN on the smallest core that holds the board, or on the 256-cell
// core (wide): tests running in parallel choose the core here rather than by
// forceWideCore.
func fromFENOn(rs *compiler.Ruleset, fen string, wide bool) (*Position, error) {
	if rs.Seats != nil && SeatFEN(fen) {
		// A game of seats read as two sides: the frame of the seat to move (its men
		// White, the others' Black), which the Table plays its moves on.
		t, err := NewTable(rs, fen)
		if err != nil {
			return nil, err
		}
		return t.Frame()
	}
	if IsSFEN(rs, fen) {
		return fromSFEN(rs, fen, wide)
	}
	if rs.Narrow != nil && !wide {
		c, err := fromFEN64(rs, rs.Narrow, fen)
		if err != nil {
			return nil, err
		}
		return narrowPosition(c), nil
	}
	if rs.Mid != nil && !wide {
		c, err := fromFEN128(rs, rs.Mid, fen)
		if err != nil {
			return nil, err
		}
		return midPosition(c), nil
	}
	c, err := fromFEN256(rs, &rs.Tables, fen)
	if err != nil {
		return nil, err
	}
	return widePosition(c), nil
}

// legalMoves is LegalMoves by a direct call: a buffer on the caller's stack stays there
// (through the interface it would escape to the heap).
func (p *Position) legalMoves(buf []Move) []Move {
	if p.n != nil {
		return p.n.LegalMoves(buf)
	}
	if p.m != nil {
		return p.m.LegalMoves(buf)
	}
	return p.w.LegalMoves(buf)
}

// steps is the number of steps of v from a to b (b lies on a's ray along v).
func steps(rs *compiler.Ruleset, a, b Square, v compiler.Vec) int {
	if v.DX != 0 {
		return (rs.FileOf(b) - rs.FileOf(a)) / v.DX
	}
	return (rs.RankOf(b) - rs.RankOf(a)) / v.DY
}
