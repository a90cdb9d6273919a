// A variants.ini startFen read as Fairy-Stockfish reads a FEN: the fields after the board, however written, become the FEN Chimera reads.

package defs

import (
	"strconv"
	"strings"
)

// fenReader reads a FEN a byte at a time, as a C++ istream does: a read past the end
// fails and leaves the value as it was.
type fenReader struct {
	s   string
	at  int
	bad bool // a number read failed: every later number read fails too (the failbit)
}

func (r *fenReader) next() (byte, bool) {
	if r.at >= len(r.s) {
		return 0, false
	}
	r.at++
	return r.s[r.at-1], true
}

func (r *fenReader) peek() byte {
	if r.at >= len(r.s) {
		return 0
	}
	return r.s[r.at]
}

func (r *fenReader) skipSpace() {
	for r.at < len(r.s) && isSpace(r.s[r.at]) {
		r.at++
	}
}

// number reads a whole number after white space ("ss >> std::skipws >> n").
func (r *fenReader) number() int {
	if r.bad {
		return 0
	}
	r.skipSpace()
	start := r.at
	if r.at < len(r.s) && (r.s[r.at] == '-' || r.s[r.at] == '+') {
		r.at++
	}
	for r.at < len(r.s) && isDigit(r.s[r.at]) {
		r.at++
	}
	n, err := strconv.Atoi(r.s[start:r.at])
	if err != nil {
		r.bad = true
		return 0
	}
	return n
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// fsfStartFEN rewrites a startFen as Fairy-Stockfish's Position::set reads it (its
// current source), for the fields after the board: the side to move ('b' or White);
// castling and en passant only when the field after the side is not a number (else both
// are skipped: "w 0 1"); castling letters K, Q, k, q and the board's files, any other
// character skipped; en-passant squares while they are a file and a rank of the board
// ("-", or "0" where a field is missing, ends them); the checks left ("3+3") where checks
// are counted; the half-move clock and the move number, 0 where missing. So "w - 0 1"
// is read with castling "-", no en passant (the "0"), a half-move clock of 1 and move 1.
// ok is false for a section with a counting rule, whose FEN Fairy-Stockfish reads with a
// counting limit in place of the en-passant field: that FEN is left as it is.
func fsfStartFEN(fen string, files, ranks int, checkCounting, counting bool) (string, bool) {
	if counting {
		return fen, false
	}
	r := &fenReader{s: fen}
	// 1. The board (and the pieces in hand): up to the first white space, which is read.
	var board strings.Builder
	for {
		c, ok := r.next()
		if !ok || isSpace(c) {
			break
		}
		board.WriteByte(c)
	}
	// 2. The side to move, and the character after it.
	side := "w"
	if c, ok := r.next(); ok && c == 'b' {
		side = "b"
	}
	r.next()
	castling, ep := "", ""
	if !isDigit(r.peek()) {
		// 3. Castling: every character up to white space, the letters of rights kept.
		for {
			c, ok := r.next()
			if !ok || isSpace(c) {
				break
			}
			u := c
			if u >= 'a' && u <= 'z' {
				u -= 'a' - 'A'
			}
			if u == 'K' || u == 'Q' || u >= 'A' && int(u-'A') < files {
				castling += string(c)
			}
		}
		// 4. En passant: a file and a rank, again, until a character is neither.
		for {
			col, ok := r.next()
			if !ok || col < 'a' || int(col-'a') >= files {
				break
			}
			row, ok := r.next()
			if !ok || row < '1' || int(row-'1') >= ranks {
				break
			}
			ep += string(col) + string(row)
		}
	}
	// The checks left: a digit followed by '+' and a digit; missing, one each.
	checks := ""
	r.skipSpace()
	if checkCounting {
		if c := r.peek(); r.at+1 < len(r.s) && r.s[r.at+1] == '+' {
			r.at += 2
			d, _ := r.next()
			checks = strconv.Itoa(max(int(c)-'0', 0)) + "+" + strconv.Itoa(max(int(d)-'0', 0))
		} else {
			checks = "1+1"
		}
	}
	// 5-6. The half-move clock and the move number.
	rule50 := r.number()
	fullmove := r.number()
	ply := max(2*(fullmove-1), 0)
	if side == "b" {
		ply++
	}
	if castling == "" {
		castling = "-"
	}
	if ep == "" {
		ep = "-"
	}
	out := []string{board.String(), side, castling, ep}
	if checks != "" {
		out = append(out, checks)
	}
	out = append(out, strconv.Itoa(max(rule50, 0)), strconv.Itoa(ply/2+1))
	return strings.Join(out, " "), true
}
