// Package usi holds the Universal Shogi Interface's conventions: SFEN positions and moves, converted to and from Chimera's FEN and coordinate notation.
package usi

import (
	"strings"

	"chimera/interpreter"
)

// Board is the size of the board the conversions are for.
type Board struct{ Files, Ranks int }

// square converts one Chimera square name at the start of s; it returns the USI name and
// the rest of s, or ok false.
func (b Board) square(s string) (string, string, bool) {
	return interpreter.SquareToUSI(b.Files, b.Ranks, s)
}

// chimeraSquare converts one USI square name at the start of s.
func (b Board) chimeraSquare(s string) (string, string, bool) {
	return interpreter.SquareFromUSI(b.Files, b.Ranks, s)
}

// MoveToUSI writes a move given in Chimera's coordinate notation (c3c4+, P@e5, and a move
// that stops on the way, e4e5e6) as USI does (7g7f+, P*5e, 8h8g8f). Text it cannot read comes back unchanged.
func (b Board) MoveToUSI(m string) string {
	if piece, sq, ok := strings.Cut(m, "@"); ok {
		if to, rest, ok := b.square(sq); ok && rest == "" {
			return piece + "*" + to
		}
		return m
	}
	from, rest, ok1 := b.square(m)
	to, rest, ok2 := b.square(rest)
	if !ok1 || !ok2 {
		return m
	}
	if last, more, ok := b.square(rest); ok {
		// A move that stops on the way (a path with a stop: 7g7f7e) names three squares.
		return from + to + last + more
	}
	return from + to + rest
}

// MoveFromUSI reads a USI move (7g7f, 7g7f+, P*5e) as Chimera's coordinate notation. Text
// it cannot read comes back unchanged, for the move parser to report.
func (b Board) MoveFromUSI(m string) string {
	if piece, sq, ok := strings.Cut(m, "*"); ok {
		if to, rest, ok := b.chimeraSquare(sq); ok && rest == "" {
			return piece + "@" + to
		}
		return m
	}
	from, rest, ok1 := b.chimeraSquare(m)
	to, rest, ok2 := b.chimeraSquare(rest)
	if !ok1 || !ok2 {
		return m
	}
	if last, more, ok := b.chimeraSquare(rest); ok {
		return from + to + last + more
	}
	return from + to + rest
}

// FENFromSFEN turns an SFEN (board, side b or w, hand, move count) into a FEN of a variant
// with a pool (pools says so): b, the side that moves first, is Chimera's White.
func FENFromSFEN(sfen string, pools bool) (string, error) { return Board{}.FENFromSFEN(sfen, pools) }

// FENFromSFEN is the package's FENFromSFEN on a board of b's size, where a variant without
// pools may also hold a square of the board in the hands field (the counterstrike square of
// the trading rules, as shogiops writes it): the FEN's en-passant field gets it (see
// interpreter.FENFromSFEN).
func (b Board) FENFromSFEN(sfen string, pools bool) (string, error) {
	return interpreter.FENFromSFEN(b.Files, b.Ranks, sfen, pools)
}

// SFENFromFEN writes a Chimera FEN as an SFEN: the board, b or w for the side to move, the
// pieces in hand (- for none) and the move count in plies from 1.
func SFENFromFEN(fen string) string { return Board{}.SFENFromFEN(fen) }

// SFENFromFEN is the package's SFENFromFEN on a board of b's size: a FEN without pools whose
// en-passant field holds a square (the counterstrike square of the trading rules) has the
// square written in the hands field, as the reference rules library writes it (see
// interpreter.SFENFromFEN).
func (b Board) SFENFromFEN(fen string) string { return interpreter.SFENFromFEN(b.Files, b.Ranks, fen) }
