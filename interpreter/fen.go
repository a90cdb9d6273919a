// FEN errors and the helpers both cores' FEN code shares (FromFEN itself is in position.go).

package interpreter

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// FENError is a problem in a FEN string (an SFEN, when SFEN is set: see IsSFEN).
type FENError struct {
	FEN  string
	Msg  string
	SFEN bool
}

func (e *FENError) Error() string {
	kind := "FEN"
	if e.SFEN {
		kind = "SFEN"
	}
	return fmt.Sprintf("%s %s: %s", kind, defs.Quote(e.FEN), e.Msg)
}

// Bounds of the counters of a FEN, far beyond any game: larger numbers are reported as
// too large rather than overflowing. A game that goes on past a bound (from a FEN set at
// it) keeps counting, but its FEN writes the bound, so that it reads back.
const (
	MaxHalfmoveClock = 1_000_000     // the half-move clock
	MaxMoveNumber    = 1_000_000_000 // the move number
)

// fenNumber reads a counter of a FEN, from lo to hi; msg says what is wrong with it.
func fenNumber(s string, lo, hi int) (n int, msg string) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Sprintf("must be a whole number from %d to %d, found %s", lo, hi, defs.Quote(s))
	}
	n, err := strconv.Atoi(s)
	switch {
	case err != nil || n > hi:
		return 0, fmt.Sprintf("%s is too large (at most %d)", defs.Clip(s), hi)
	case n < lo:
		return 0, fmt.Sprintf("must be at least %d, found %d", lo, n)
	}
	return n, ""
}

// epSquareRE reads one square name of an en-passant field.
var epSquareRE = regexp.MustCompile(`[a-z][0-9]+`)

// royalNames lists the royal piece types, for messages.
func royalNames(rs *compiler.Ruleset) string {
	var n []string
	for ts, ti := rs.RoyalList(), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		n = append(n, rs.Piece(t).Name)
	}
	return strings.Join(n, ", ")
}

// letterList names, for a FEN letter that is no man's, the variant and the tokens its
// FEN writes men with (and the other letters it reads): "no man of shogi is written so
// (its men: K G N L P S R B +N +L +P +S +R +B)".
func letterList(rs *compiler.Ruleset) string {
	var tokens, aliases []string
	for t := range rs.NumPieces() {
		pt := rs.Piece(t)
		switch {
		case pt.Mark != 0:
			var b strings.Builder
			writeMan(&b, rs, MakePiece(t, compiler.White))
			tokens = append(tokens, b.String())
		case pt.Promoted != 0:
			tokens = append(tokens, "+"+string(pt.Promoted))
		default:
			tokens = append(tokens, string(pt.Letter))
		}
		if a := pt.Def.FENAlias; a != "" {
			aliases = append(aliases, a)
		}
	}
	s := fmt.Sprintf("no man of %s is written so (its men: %s", rs.Name, strings.Join(tokens, " "))
	if len(aliases) > 0 {
		s += "; also read: " + strings.Join(aliases, " ")
	}
	return s + ")"
}

// letterOf is the FEN letter of pc: upper case for White, lower case for Black.
// writeMan writes pc's token in a FEN: its letter, or "+" and the letter it promoted from
// for a piece written so (+P), upper case for White.
func writeMan(b *strings.Builder, rs *compiler.Ruleset, pc Piece) {
	if pt := rs.Piece(pc.Type()); pt.Mark != 0 {
		// A letter dressed with a mark ("Q!", "+R'").
		if pt.MarkPlus {
			b.WriteByte('+')
		}
		l := pt.MarkLetter
		if pc.Color() == compiler.Black {
			l += 'a' - 'A'
		}
		b.WriteByte(l)
		b.WriteByte(pt.Mark)
		return
	}
	if l := rs.Piece(pc.Type()).Promoted; l != 0 {
		if pc.Color() == compiler.Black {
			l += 'a' - 'A'
		}
		b.WriteByte('+')
		b.WriteByte(l)
		return
	}
	b.WriteByte(letterOf(rs, pc))
}

func letterOf(rs *compiler.Ruleset, pc Piece) byte {
	l := rs.Piece(pc.Type()).Letter
	if pc.Color() == compiler.Black {
		l += 'a' - 'A'
	}
	return l
}

// splitPools separates the board field from the pool groups written after it, one
// bracketed group per pool: "rnbqkbnr/.../RNBQKBNR[Pn]" gives the board and ["Pn"]. A group
// written "-" is an empty pool, as Fairy-Stockfish reads it ("[-]" as "[]").
func splitPools(field string) (board string, pools []string, err string) {
	board = field
	for strings.HasSuffix(board, "]") {
		i := strings.LastIndexByte(board, '[')
		if i < 0 {
			return "", nil, "a ']' without its '[' after the board"
		}
		g := board[i+1 : len(board)-1]
		if g == "-" {
			g = ""
		}
		pools = append([]string{g}, pools...)
		board = board[:i]
	}
	if strings.ContainsAny(board, "[]") {
		return "", nil, "pools ([...]) must come right after the board, one group per pool"
	}
	return board, pools, ""
}

// PoolLetters is what side c holds in pool, a letter per man in its own colour's case
// (a prison's men are the other side's) and in the order of the piece types, as a FEN's
// pool group writes that side's part.
func (p *Position) PoolLetters(c Color, pool int) string {
	rs := p.Ruleset()
	man := c
	if rs.Hands.Enemy(pool) {
		man ^= 1
	}
	var b strings.Builder
	for t := range rs.NumPieces() {
		l := letterOf(rs, MakePiece(t, man))
		for range p.PoolCount(c, pool, t) {
			b.WriteByte(l)
		}
	}
	return b.String()
}

// joinBoards turns the placements of several boards, joined by '|' (board A first), into
// the grid's: each rank's rows side by side with a missing cell ('*') between boards. Each
// board must have the definition's shape.
func joinBoards(rs *compiler.Ruleset, placement string) (string, string) {
	parts := strings.Split(placement, "|")
	if len(parts) != rs.Boards {
		return "", fmt.Sprintf("%d boards, joined by '|', expected (%s plays on %d); found %d", rs.Boards, rs.Name, rs.Boards, len(parts))
	}
	rows := make([][]string, len(parts))
	for k, part := range parts {
		rows[k] = strings.Split(part, "/")
		if len(rows[k]) != rs.Ranks {
			return "", fmt.Sprintf("board %c has %d ranks; each board has %d", 'A'+k, len(rows[k]), rs.Ranks)
		}
		for i, row := range rows[k] {
			if n := fenRowCells(row); n != rs.BoardFiles {
				return "", fmt.Sprintf("board %c, rank %d has %d cells; each board has %d files", 'A'+k, rs.Ranks-i, n, rs.BoardFiles)
			}
		}
	}
	var b strings.Builder
	for i := range rs.Ranks {
		if i > 0 {
			b.WriteByte('/')
		}
		for k := range parts {
			if k > 0 {
				b.WriteByte('*')
			}
			b.WriteString(rows[k][i])
		}
	}
	return b.String(), ""
}

// fenRowCells counts the cells a FEN rank row covers: its empty-square counts, and one
// per other letter but the marks '+' (before a letter) and '~' (after one).
func fenRowCells(row string) int {
	n := 0
	for j := 0; j < len(row); j++ {
		switch ch := row[j]; {
		case ch >= '0' && ch <= '9':
			k := j
			for k < len(row) && row[k] >= '0' && row[k] <= '9' {
				k++
			}
			c, _ := strconv.Atoi(row[j:k])
			n += c
			j = k - 1
		case ch == '+' || ch == '~' || defs.IsMark(ch):
		default:
			n++
		}
	}
	return n
}

// hexToGrid turns a hexagonal board's placement into the grid's rows (cells off the
// hexagon written '*'). The placement is the one hex-chess programs write: the ranks from the highest down
// to rank 1, '/' between them, each rank's cells in file order (ranks as the board names
// them: along each file, bending at the middle file, rank 1 being every file's bottom cell;
// or straight lines). The empty 91-cell board is 1/3/5/7/9/11/11/11/11/11/11.
func hexToGrid(rs *compiler.Ruleset, placement string) (string, string) {
	h := rs.HexShape
	ranks := strings.Split(placement, "/")
	if len(ranks) != rs.Ranks {
		return "", fmt.Sprintf("%d ranks, separated by '/', expected (a hexagonal board is written rank by rank, from rank %d down to rank 1); found %d", rs.Ranks, rs.Ranks, len(ranks))
	}
	grid := make([]string, rs.Cells)
	for i, row := range ranks {
		r := rs.Ranks - i
		cells := fenCells(row)
		k := 0
		for x := range rs.Files {
			y := h.RankCell(x, r)
			if y < 0 {
				continue
			}
			if k < len(cells) {
				grid[rs.SquareAt(x, y)] = cells[k]
			}
			k++
		}
		if len(cells) != k {
			return "", fmt.Sprintf("rank %d has %d cells; it has %d", r, len(cells), k)
		}
	}
	var b strings.Builder
	for y := rs.Ranks - 1; y >= 0; y-- {
		if y < rs.Ranks-1 {
			b.WriteByte('/')
		}
		empty := 0
		for x := range rs.Files {
			tok := "*"
			if h.OnBoard(x, y) {
				tok = grid[rs.SquareAt(x, y)]
			}
			if tok == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(tok)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	return b.String(), ""
}

// fenCells splits a FEN row into its cells: "" for an empty cell, else the man's text
// ('+' before the letter, '~' after it, kept).
func fenCells(row string) []string {
	var out []string
	for j := 0; j < len(row); j++ {
		switch ch := row[j]; {
		case ch >= '0' && ch <= '9':
			k := j
			for k < len(row) && row[k] >= '0' && row[k] <= '9' {
				k++
			}
			n, _ := strconv.Atoi(row[j:k])
			for range min(n, defs.MaxCells) {
				out = append(out, "")
			}
			j = k - 1
		default:
			k := j + 1
			if ch == '+' && k < len(row) {
				k++
			}
			if k < len(row) && defs.IsMark(row[k]) {
				k++
			}
			if k < len(row) && row[k] == '~' {
				k++
			}
			out = append(out, row[j:k])
			j = k - 1
		}
	}
	return out
}

// flushEmpty writes a run of *empty empty squares of a placement row, if any, and ends it.
func flushEmpty(b *strings.Builder, empty *int) {
	if *empty > 0 {
		b.WriteString(strconv.Itoa(*empty))
		*empty = 0
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
