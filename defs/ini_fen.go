// A variants.ini startFen read as Fairy-Stockfish reads a FEN: the fields after the board, however written, become the FEN Chimera reads.

package defs

import (
	"fmt"
	"slices"
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

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
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

// fenWalls returns the cells a FEN's board marks '*' (a wall), by file and rank from
// a1, on a board of that size; ok is false for a board that does not read.
func fenWalls(fen string, files, ranks int) (walls [][2]int, ok bool) {
	board, _, _ := strings.Cut(fen, " ")
	board, _, _ = strings.Cut(board, "[")
	rows := strings.Split(board, "/")
	if len(rows) != ranks {
		return nil, false
	}
	for i, row := range rows {
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case isDigit(c):
				n := int(c - '0')
				if j+1 < len(row) && isDigit(row[j+1]) {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				f += n
			case c == '*':
				walls = append(walls, [2]int{f, ranks - 1 - i})
				f++
			case c == '+' || c == '~':
			default:
				f++
			}
		}
		if f != files {
			return nil, false
		}
	}
	return walls, true
}

// importWalls maps the walls ('*') of the start FEN of a variant without walls of its
// own: Fairy-Stockfish's walls that stand all game, never taken, never landed on, that
// block every slide and lame leap and no leap. They are the cells Chimera's layout marks
// missing ('*'), which a FEN writes '*' too; squares of zones that are walls are left
// out. A wall is a hurdle for Fairy-Stockfish's hoppers, where a missing cell is an edge,
// so a variant with hoppers is refused.
func (im *importer) importWalls() {
	def := im.def
	k, ok := im.keys["startFen"]
	if !ok || def.Walls != nil || len(def.Setups) == 0 {
		return
	}
	walls, ok := fenWalls(def.Setups[0].FEN, def.Board.Files, def.Board.Ranks)
	if !ok || len(walls) == 0 {
		return
	}
	for _, p := range def.Pieces {
		for _, a := range p.Moves {
			for _, l := range a.Path {
				if slices.ContainsFunc(l.On, func(o string) bool { return o != "empty" }) {
					im.errorf(k, "not imported: walls ('*') stand in the start position, and the %s hops: Fairy-Stockfish's hoppers may hop a wall, Chimera's missing cells are an edge", p.Name)
					return
				}
			}
		}
	}
	rows := make([][]byte, def.Board.Ranks)
	if def.Board.Layout != "" {
		given := strings.Fields(def.Board.Layout)
		if len(given) != def.Board.Ranks {
			im.errorf(k, "not imported: walls ('*') in the start position, and a layout of the parent's that does not fit this board")
			return
		}
		for i, r := range given {
			rows[i] = []byte(r)
		}
	} else {
		for i := range rows {
			rows[i] = []byte(strings.Repeat(".", def.Board.Files))
		}
	}
	hole := map[string]bool{}
	for _, w := range walls {
		rows[def.Board.Ranks-1-w[1]][w[0]] = '*'
		hole[fmt.Sprintf("%c%d", 'a'+w[0], w[1]+1)] = true
	}
	var layout []string
	for _, r := range rows {
		layout = append(layout, string(r))
	}
	def.Board.Layout = strings.Join(layout, "\n") + "\n"
	keep := func(sq []string) []string {
		if sq == nil {
			return nil
		}
		return slices.DeleteFunc(slices.Clone(sq), func(s string) bool { return hole[s] })
	}
	for name, z := range def.Zones {
		if z.Ranks != nil {
			w, b := zoneSquares(z, def.Board.Files, def.Board.Ranks)
			z = Zone{White: w, Black: b}
		}
		def.Zones[name] = Zone{Squares: keep(z.Squares), White: keep(z.White), Black: keep(z.Black)}
	}
}
