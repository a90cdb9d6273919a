// Package ucci holds the Universal Chinese Chess Protocol's conventions: its FEN and its moves, converted to and from Chimera's FEN and coordinate notation.
package ucci

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chimera/defs"
)

// Board is the size of the board the conversions are for.
//
// UCCI names a square by its file letter and its rank counted from 0 on a board of 10
// ranks (Chimera's a1 is a0, its i10 is i9); Fairy-Stockfish 11.1 does the same in its
// UCCI mode and writes other boards' squares as UCI does, so on them the names are
// Chimera's own.
type Board struct{ Files, Ranks int }

// fromZero reports whether the board's ranks are counted from 0.
func (b Board) fromZero() bool { return b.Ranks == 10 }

var (
	chimeraSquareRE = regexp.MustCompile(`^([a-z])([0-9]{1,2})`)
	ucciSquareRE    = regexp.MustCompile(`^([a-z])([0-9])`)
)

// square converts the Chimera square name at the start of s; it returns the UCCI name and
// the rest of s, or ok false.
func (b Board) square(s string) (string, string, bool) {
	g := chimeraSquareRE.FindStringSubmatch(s)
	if g == nil {
		return "", s, false
	}
	f := int(g[1][0] - 'a')
	r, _ := strconv.Atoi(g[2])
	if f >= b.Files || r < 1 || r > b.Ranks {
		return "", s, false
	}
	return g[1] + strconv.Itoa(r-1), s[len(g[0]):], true
}

// chimeraSquare converts the UCCI square name at the start of s.
func (b Board) chimeraSquare(s string) (string, string, bool) {
	g := ucciSquareRE.FindStringSubmatch(s)
	if g == nil {
		return "", s, false
	}
	f := int(g[1][0] - 'a')
	r := int(g[2][0]-'0') + 1
	if f >= b.Files || r > b.Ranks {
		return "", s, false
	}
	return g[1] + strconv.Itoa(r), s[len(g[0]):], true
}

// MoveToUCCI writes a move given in Chimera's coordinate notation (h3e3, P@e5) as UCCI
// does (h2e2, P@e4). Text it cannot read comes back unchanged.
func (b Board) MoveToUCCI(m string) string {
	if !b.fromZero() {
		return m
	}
	if piece, sq, ok := strings.Cut(m, "@"); ok {
		if to, rest, ok := b.square(sq); ok {
			return piece + "@" + to + rest
		}
		return m
	}
	from, rest, ok1 := b.square(m)
	to, rest, ok2 := b.square(rest)
	if !ok1 || !ok2 {
		return m
	}
	return from + to + rest
}

// MoveFromUCCI reads a UCCI move (h2e2) as Chimera's coordinate notation (h3e3). Text it
// cannot read comes back unchanged, for the move parser to report.
func (b Board) MoveFromUCCI(m string) string {
	if !b.fromZero() {
		return m
	}
	if piece, sq, ok := strings.Cut(m, "@"); ok {
		if to, rest, ok := b.chimeraSquare(sq); ok {
			return piece + "@" + to + rest
		}
		return m
	}
	from, rest, ok1 := b.chimeraSquare(m)
	to, rest, ok2 := b.chimeraSquare(rest)
	if !ok1 || !ok2 {
		return m
	}
	return from + to + rest
}

// FENFromUCCI reads a UCCI FEN as Chimera's: the board and the side to move (w, or r for
// red, is the first player, Chimera's White; b the second), then the optional fields
// (castling, en passant, the halfmove clock and the move number; UCCI writes "- - 0 1").
func FENFromUCCI(fen string) (string, error) {
	f := strings.Fields(fen)
	if len(f) < 2 || len(f) > 6 {
		return "", fmt.Errorf("FEN %s: expected the board, the side to move (w, r or b) and up to four more fields", defs.Quote(fen))
	}
	switch f[1] {
	case "w", "r":
		f[1] = "w"
	case "b":
	default:
		return "", fmt.Errorf("FEN %s: the side to move must be w, r or b, found %s", defs.Quote(fen), defs.Quote(f[1]))
	}
	rest := []string{"-", "-", "0", "1"}
	copy(rest, f[2:])
	return strings.Join(append(f[:2], rest...), " "), nil
}
