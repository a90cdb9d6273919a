// The Universal Shogi Interface's conventions: SFEN positions and moves, converted to and from Chimera's FEN and coordinate notation.
package usi

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chimera/defs"
)

// Board is the size of the board the conversions are for.
type Board struct{ Files, Ranks int }

// In USI a square is its file counted from the right (1 is Chimera's last file) and its
// rank as a letter from the top (a is Chimera's last rank): Chimera's a1 on 9×9 is 9i.
var (
	chimeraSquareRE = regexp.MustCompile(`^([a-z])([0-9]{1,2})`)
	usiSquareRE     = regexp.MustCompile(`^([0-9]{1,2})([a-z])`)
)

// square converts one Chimera square name at the start of s; it returns the USI name and
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
	return strconv.Itoa(b.Files-f) + string(rune('a'+b.Ranks-r)), s[len(g[0]):], true
}

// chimeraSquare converts one USI square name at the start of s.
func (b Board) chimeraSquare(s string) (string, string, bool) {
	g := usiSquareRE.FindStringSubmatch(s)
	if g == nil {
		return "", s, false
	}
	n, _ := strconv.Atoi(g[1])
	r := b.Ranks - int(g[2][0]-'a')
	if n < 1 || n > b.Files || r < 1 || r > b.Ranks {
		return "", s, false
	}
	return string(rune('a'+b.Files-n)) + strconv.Itoa(r), s[len(g[0]):], true
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
// the trading rules, as shogiops writes it): the FEN's en-passant field gets it.
func (b Board) FENFromSFEN(sfen string, pools bool) (string, error) {
	f := strings.Fields(sfen)
	if len(f) < 2 || len(f) > 4 {
		return "", fmt.Errorf("SFEN %s: expected the board, the side to move (b or w), the pieces in hand and the move count", defs.Quote(sfen))
	}
	side := map[string]string{"b": "w", "w": "b"}[f[1]]
	if side == "" {
		return "", fmt.Errorf("SFEN %s: the side to move must be b or w, found %s", defs.Quote(sfen), defs.Quote(f[1]))
	}
	var hand strings.Builder
	ep := "-"
	if sq, rest, ok := b.chimeraSquare(f[min(2, len(f)-1)]); ok && rest == "" && len(f) > 2 && !pools {
		ep = sq
	} else if len(f) > 2 && f[2] != "-" {
		n := 0
		for _, ch := range f[2] {
			switch {
			case ch >= '0' && ch <= '9':
				n = n*10 + int(ch-'0')
				if n > 255 {
					return "", fmt.Errorf("SFEN %s: a count in hand is too large", defs.Quote(sfen))
				}
			case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
				hand.WriteString(strings.Repeat(string(ch), max(n, 1)))
				n = 0
			default:
				return "", fmt.Errorf("SFEN %s: the pieces in hand are letters with counts (2P3p), found %q", defs.Quote(sfen), ch)
			}
		}
	}
	fullmove := 1
	if len(f) > 3 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 || n > 2_000_000_000 {
			return "", fmt.Errorf("SFEN %s: the move count must be a whole number from 1, found %s", defs.Quote(sfen), defs.Quote(f[3]))
		}
		fullmove = (n + 1) / 2
	}
	board := f[0]
	if pools {
		board += "[" + hand.String() + "]"
	} else if hand.Len() > 0 {
		return "", fmt.Errorf("SFEN %s: pieces in hand, but the variant has no hands", defs.Quote(sfen))
	}
	return fmt.Sprintf("%s %s - %s 0 %d", board, side, ep, fullmove), nil
}

// SFENFromFEN writes a Chimera FEN as an SFEN: the board, b or w for the side to move, the
// pieces in hand (- for none) and the move count in plies from 1.
func SFENFromFEN(fen string) string { return Board{}.SFENFromFEN(fen) }

// SFENFromFEN is the package's SFENFromFEN on a board of b's size: a FEN without pools whose
// en-passant field holds a square (the counterstrike square of the trading rules) has the
// square written in the hands field, as the reference rules library writes it.
func (b Board) SFENFromFEN(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return fen
	}
	board, hand := f[0], ""
	if i := strings.IndexByte(board, '['); i >= 0 {
		hand = strings.Trim(board[i:], "[]")
		board = board[:i]
	}
	side := map[string]string{"w": "b", "b": "w"}[f[1]]
	if len(f) > 4 && strings.Contains(f[4], "+") {
		// A check counter ("1+1") after the en-passant field: SFEN has no place for it.
		f = append(f[:4:4], f[5:]...)
	}
	fullmove := 1
	if len(f) > 5 {
		fullmove, _ = strconv.Atoi(f[5])
	}
	ply := 2*fullmove - 1
	if side == "w" {
		ply++
	}
	counts := map[rune]int{}
	for _, ch := range hand {
		counts[ch]++
	}
	var out strings.Builder
	write := func(ch rune) {
		if n := counts[ch]; n > 0 {
			if n > 1 {
				out.WriteString(strconv.Itoa(n))
			}
			out.WriteRune(ch)
			delete(counts, ch)
		}
	}
	// In the pool's own order, as Fairy-Stockfish writes the SFEN of the FEN it would write
	// (White's first), not in USI's customary R B G S N L P.
	for _, ch := range hand {
		write(ch)
	}
	h := out.String()
	if h == "" {
		h = "-"
	}
	if sq, rest, ok := b.square(f[min(3, len(f)-1)]); ok && rest == "" && len(f) > 3 && !strings.Contains(f[0], "[") {
		h = sq
	}
	return fmt.Sprintf("%s %s %s %d", board, side, h, ply)
}
