// A naive, independent chess and Chess960 move generator (mailbox, make-and-test legality)
// that the property tests compare the interpreter with, move list by move list.
package interpreter_test

import (
	"fmt"
	"sort"
	"strings"
)

// refBoard is a chess position in the simplest form: 64 letters ('.' empty), a1 = 0.
type refBoard struct {
	sq       [64]byte
	white    bool     // white to move
	rights   [64]bool // rook squares whose castling right remains
	ep       int      // en-passant target square or -1
	chess960 bool     // castling written king-takes-rook
}

// refMove is a move of the reference generator.
type refMove struct {
	from, to int
	promo    byte // lowercase letter or 0
	castle   int  // rook square when castling, else -1
}

func refName(sq int) string { return fmt.Sprintf("%c%d", 'a'+sq%8, sq/8+1) }

// coord writes m like the interpreter: castling as king-to-square, or king-takes-rook in 960.
func (b *refBoard) coord(m refMove) string {
	to := m.to
	if m.castle >= 0 && b.chess960 {
		to = m.castle
	}
	s := refName(m.from) + refName(to)
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

func refIsWhite(pc byte) bool { return pc >= 'A' && pc <= 'Z' }

func refUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

// refFromFEN parses a FEN on its own terms (no interpreter code).
func refFromFEN(fen string, chess960 bool) (*refBoard, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("short FEN %q", fen)
	}
	b := &refBoard{ep: -1, chess960: chess960}
	for i := range b.sq {
		b.sq[i] = '.'
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return nil, fmt.Errorf("FEN %q: %d rows", fen, len(rows))
	}
	for i, row := range rows {
		r, file := 7-i, 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			if file > 7 {
				return nil, fmt.Errorf("FEN %q: long row", fen)
			}
			b.sq[r*8+file] = ch
			file++
		}
	}
	b.white = f[1] == "w"
	if f[2] != "-" {
		for _, ch := range []byte(f[2]) {
			white := refIsWhite(ch)
			rank, king, rook := 0, byte('K'), byte('R')
			if !white {
				rank, king, rook = 7, 'k', 'r'
			}
			k := -1
			for file := 0; file < 8; file++ {
				if b.sq[rank*8+file] == king {
					k = file
				}
			}
			if k < 0 {
				return nil, fmt.Errorf("FEN %q: castling without king", fen)
			}
			r := -1
			switch u := refUpper(ch); {
			case u == 'K':
				for file := 7; file > k && r < 0; file-- {
					if b.sq[rank*8+file] == rook {
						r = file
					}
				}
			case u == 'Q':
				for file := 0; file < k && r < 0; file++ {
					if b.sq[rank*8+file] == rook {
						r = file
					}
				}
			default:
				r = int(u - 'A')
			}
			if r < 0 || r > 7 || b.sq[rank*8+r] != rook {
				return nil, fmt.Errorf("FEN %q: castling right %c without rook", fen, ch)
			}
			b.rights[rank*8+r] = true
		}
	}
	if f[3] != "-" {
		b.ep = int(f[3][0]-'a') + 8*int(f[3][1]-'1')
	}
	return b, nil
}

// board writes the piece placement and side fields of a FEN.
func (b *refBoard) board() string {
	var s strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := b.sq[r*8+f]
			if pc == '.' {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteByte(byte('0' + empty))
				empty = 0
			}
			s.WriteByte(pc)
		}
		if empty > 0 {
			s.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			s.WriteByte('/')
		}
	}
	if b.white {
		s.WriteString(" w")
	} else {
		s.WriteString(" b")
	}
	return s.String()
}

func (b *refBoard) own(pc byte) bool { return pc != '.' && refIsWhite(pc) == b.white }
func (b *refBoard) foe(pc byte) bool { return pc != '.' && refIsWhite(pc) != b.white }

var (
	refKnight = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	refKing   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	refRook   = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	refBishop = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

func refStep(sq, df, dr int) int {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

// attacked reports whether a piece of the side (white or not) attacks sq on board sq.
func refAttacked(board *[64]byte, sq int, byWhite bool) bool {
	is := func(t int, letter byte) bool {
		if t < 0 {
			return false
		}
		pc := board[t]
		return pc != '.' && refIsWhite(pc) == byWhite && refUpper(pc) == letter
	}
	for _, v := range refKnight {
		if is(refStep(sq, v[0], v[1]), 'N') {
			return true
		}
	}
	for _, v := range refKing {
		if is(refStep(sq, v[0], v[1]), 'K') {
			return true
		}
	}
	dr := -1 // a white pawn attacks from below
	if !byWhite {
		dr = 1
	}
	if is(refStep(sq, -1, dr), 'P') || is(refStep(sq, 1, dr), 'P') {
		return true
	}
	for _, dirs := range []struct {
		v    [][2]int
		a, b byte
	}{{refRook, 'R', 'Q'}, {refBishop, 'B', 'Q'}} {
		for _, v := range dirs.v {
			for t := refStep(sq, v[0], v[1]); t >= 0; t = refStep(t, v[0], v[1]) {
				if board[t] == '.' {
					continue
				}
				if is(t, dirs.a) || is(t, dirs.b) {
					return true
				}
				break
			}
		}
	}
	return false
}

func (b *refBoard) kingSquare(white bool) int {
	k := byte('K')
	if !white {
		k = 'k'
	}
	for sq, pc := range b.sq {
		if pc == k {
			return sq
		}
	}
	return -1
}

// pseudo lists the moves before the king-safety test (castling is fully checked here).
func (b *refBoard) pseudo() []refMove {
	var out []refMove
	add := func(from, to int) { out = append(out, refMove{from: from, to: to, castle: -1}) }
	for from, pc := range b.sq {
		if !b.own(pc) {
			continue
		}
		switch refUpper(pc) {
		case 'P':
			dr, start, last := 1, 1, 7
			if !b.white {
				dr, start, last = -1, 6, 0
			}
			addPawn := func(to int) {
				if to/8 == last {
					for _, pr := range []byte("qrbn") {
						out = append(out, refMove{from: from, to: to, promo: pr, castle: -1})
					}
				} else {
					add(from, to)
				}
			}
			if t := refStep(from, 0, dr); t >= 0 && b.sq[t] == '.' {
				addPawn(t)
				if t2 := refStep(t, 0, dr); from/8 == start && b.sq[t2] == '.' {
					add(from, t2)
				}
			}
			for _, df := range []int{-1, 1} {
				t := refStep(from, df, dr)
				if t >= 0 && (b.foe(b.sq[t]) || t == b.ep) {
					addPawn(t)
				}
			}
		case 'N', 'K':
			steps := refKnight
			if refUpper(pc) == 'K' {
				steps = refKing
			}
			for _, v := range steps {
				if t := refStep(from, v[0], v[1]); t >= 0 && !b.own(b.sq[t]) {
					add(from, t)
				}
			}
		default:
			var dirs [][2]int
			switch refUpper(pc) {
			case 'R':
				dirs = refRook
			case 'B':
				dirs = refBishop
			case 'Q':
				dirs = append(append(dirs, refRook...), refBishop...)
			}
			for _, v := range dirs {
				for t := refStep(from, v[0], v[1]); t >= 0; t = refStep(t, v[0], v[1]) {
					if b.own(b.sq[t]) {
						break
					}
					add(from, t)
					if b.sq[t] != '.' {
						break
					}
				}
			}
		}
	}
	return append(out, b.castlings()...)
}

// castlings applies the Chess960 rule (orthodox chess is its special case): king and rook
// go to g/f or c/d; every square they cross or reach is empty but for themselves; the king
// is not in check and crosses no attacked square (judged without king and rook on the board).
func (b *refBoard) castlings() []refMove {
	var out []refMove
	rank := 0
	if !b.white {
		rank = 7
	}
	k := b.kingSquare(b.white)
	if k < 0 || k/8 != rank || refAttacked(&b.sq, k, !b.white) {
		return nil
	}
	for file := 0; file < 8; file++ {
		r := rank*8 + file
		rook := byte('R')
		if !b.white {
			rook = 'r'
		}
		if !b.rights[r] || b.sq[r] != rook {
			continue
		}
		kd, rd := rank*8+6, rank*8+5
		if r < k {
			kd, rd = rank*8+2, rank*8+3
		}
		ok := true
		for _, span := range [][2]int{{min(k, kd), max(k, kd)}, {min(r, rd), max(r, rd)}} {
			for s := span[0]; s <= span[1]; s++ {
				if s != k && s != r && b.sq[s] != '.' {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		bare := b.sq
		bare[k], bare[r] = '.', '.'
		for s := min(k, kd); s <= max(k, kd); s++ {
			if s != k && refAttacked(&bare, s, !b.white) {
				ok = false
			}
		}
		if ok {
			out = append(out, refMove{from: k, to: kd, castle: r})
		}
	}
	return out
}

// play returns the position after m.
func (b *refBoard) play(m refMove) *refBoard {
	n := *b
	n.ep = -1
	pc := b.sq[m.from]
	rank := m.from / 8
	switch {
	case m.castle >= 0:
		rook := b.sq[m.castle]
		n.sq[m.from], n.sq[m.castle] = '.', '.'
		rd := rank*8 + 5
		if m.castle < m.from {
			rd = rank*8 + 3
		}
		n.sq[m.to], n.sq[rd] = pc, rook
	default:
		if refUpper(pc) == 'P' && m.to == b.ep {
			n.sq[m.to-8+16*btoi(!b.white)] = '.' // the pawn taken en passant
		}
		n.sq[m.from] = '.'
		n.sq[m.to] = pc
		if m.promo != 0 {
			pr := m.promo
			if b.white {
				pr = refUpper(pr)
			}
			n.sq[m.to] = pr
		}
		if refUpper(pc) == 'P' && (m.to-m.from == 16 || m.from-m.to == 16) {
			n.ep = (m.from + m.to) / 2
		}
	}
	if refUpper(pc) == 'K' {
		for f := 0; f < 8; f++ {
			n.rights[rank*8+f] = false
		}
	}
	n.rights[m.from], n.rights[m.to] = false, false
	n.white = !b.white
	return &n
}

func btoi(v bool) int {
	if v {
		return 1
	}
	return 0
}

// legal lists the legal moves: pseudo-legal moves that leave the mover's king unattacked.
func (b *refBoard) legal() []refMove {
	var out []refMove
	for _, m := range b.pseudo() {
		n := b.play(m)
		if k := n.kingSquare(b.white); k >= 0 && !refAttacked(&n.sq, k, !b.white) {
			out = append(out, m)
		}
	}
	return out
}

// legalCoords is the sorted list of legal moves in coordinate notation.
func (b *refBoard) legalCoords() []string {
	var out []string
	for _, m := range b.legal() {
		out = append(out, b.coord(m))
	}
	sort.Strings(out)
	return out
}

// playCoord plays the legal move written s.
func (b *refBoard) playCoord(s string) (*refBoard, error) {
	for _, m := range b.legal() {
		if b.coord(m) == s {
			return b.play(m), nil
		}
	}
	return nil, fmt.Errorf("reference: %s is not legal in %s", s, b.board())
}
