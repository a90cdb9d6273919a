// SFEN, the shogi programs' position text (USI's, lishogi's), read and written as Chimera's FEN: FromFEN reads an SFEN as it reads a FEN.

package interpreter

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// In USI a square is its file counted from the right (1 is Chimera's last file) and its
// rank as a letter from the top (a is Chimera's last rank): Chimera's a1 on 9×9 is 9i.
var (
	chimeraSquareRE = regexp.MustCompile(`^([a-z])([0-9]{1,2})`)
	usiSquareRE     = regexp.MustCompile(`^([0-9]{1,2})([a-z])`)
)

// SquareToUSI converts the Chimera square name at the start of s, on a board of files ×
// ranks, to USI's; it returns the USI name and the rest of s, or ok false.
func SquareToUSI(files, ranks int, s string) (sq, rest string, ok bool) {
	g := chimeraSquareRE.FindStringSubmatch(s)
	if g == nil {
		return "", s, false
	}
	f := int(g[1][0] - 'a')
	r, _ := strconv.Atoi(g[2])
	if f >= files || r < 1 || r > ranks {
		return "", s, false
	}
	return strconv.Itoa(files-f) + string(rune('a'+ranks-r)), s[len(g[0]):], true
}

// SquareFromUSI converts the USI square name at the start of s to Chimera's.
func SquareFromUSI(files, ranks int, s string) (sq, rest string, ok bool) {
	g := usiSquareRE.FindStringSubmatch(s)
	if g == nil {
		return "", s, false
	}
	n, _ := strconv.Atoi(g[1])
	r := ranks - int(g[2][0]-'a')
	if n < 1 || n > files || r < 1 || r > ranks {
		return "", s, false
	}
	return string(rune('a'+files-n)) + strconv.Itoa(r), s[len(g[0]):], true
}

// IsSFEN reports whether FromFEN reads text as an SFEN rather than a FEN of rs: four
// fields, the side to move b or w, the hands (- or letters with counts, or a square) and
// a move count (in plies) last, where a FEN has its en-passant field — except in a
// variant whose FEN may write a count of moves there (the counting rules), which reads
// such text as a FEN. XBoard's short FEN (board w 0 1: the clocks without castling and
// en passant) is no SFEN: its third field is a number. A shorter SFEN (no move count) is
// read as a FEN: its side letter means the other side there. Only variants with pools, or
// lishogi's (source: lishogi), are read so: in any other a text of that shape is a FEN.
func IsSFEN(rs *compiler.Ruleset, text string) bool {
	f := strings.Fields(text)
	if len(f) != 4 || f[1] != "b" && f[1] != "w" || f[3] == "" || strings.Trim(f[3], "0123456789") != "" ||
		strings.Contains(f[0], "[") || rs.Counting != nil {
		return false
	}
	if rs.Hands == nil && (rs.Def == nil || rs.Def.Source == nil || rs.Def.Source.Lishogi == "") {
		return false // a variant with no pools and not lishogi's: its FENs are FENs
	}
	hands := f[2] == "-"
	for _, ch := range f[2] {
		if ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' {
			hands = true
		}
	}
	return hands
}

// FENFromSFEN turns an SFEN (board, side b or w, hand, move count in plies) into a FEN on
// a board of files × ranks, with the hand as the pool group when the variant has pools
// (b, the side that moves first, is Chimera's White). In a variant without pools the
// hands field may hold a square instead (the counterstrike square of the trading rules,
// as shogiops writes it): the FEN's en-passant field gets it.
func FENFromSFEN(files, ranks int, sfen string, pools bool) (string, error) {
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
	if sq, rest, ok := SquareFromUSI(files, ranks, f[min(2, len(f)-1)]); ok && rest == "" && len(f) > 2 && !pools {
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

// SFENFromFEN writes a Chimera FEN of a board of files × ranks as an SFEN: the board, b or
// w for the side to move, the pieces in hand (- for none) and the move count in plies
// from 1. A FEN without pools whose en-passant field holds a square (the counterstrike
// square of the trading rules) has the square written in the hands field, as shogiops
// writes it.
func SFENFromFEN(files, ranks int, fen string) string {
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
	if sq, rest, ok := SquareToUSI(files, ranks, f[min(3, len(f)-1)]); ok && rest == "" && len(f) > 3 && !strings.Contains(f[0], "[") {
		h = sq
	}
	return fmt.Sprintf("%s %s %s %d", board, side, h, ply)
}

// fromSFEN is FromFEN's reading of an SFEN (IsSFEN): the SFEN as a FEN, read on the core
// wide asks for; errors name the SFEN as given.
func fromSFEN(rs *compiler.Ruleset, sfen string, wide bool) (*Position, error) {
	fen, err := FENFromSFEN(rs.Files, rs.Ranks, sfen, rs.Hands != nil)
	if err != nil {
		return nil, &FENError{FEN: sfen, Msg: strings.TrimPrefix(err.Error(), "SFEN "+defs.Quote(sfen)+": "), SFEN: true}
	}
	p, err := fromFENOn(rs, fen, wide)
	if e, ok := err.(*FENError); ok {
		return nil, &FENError{FEN: sfen, Msg: e.Msg + " (read as the FEN " + defs.Quote(fen) + ")", SFEN: true}
	}
	return p, err
}
