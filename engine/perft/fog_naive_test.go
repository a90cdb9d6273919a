// A naive generator of fog of war, written from chess.com's rules text ("What is Fog of
// War chess?") and docs/fog-rules.md's choices, with the standard library only: chess
// without check, the king taken to win (a position without a king has no moves), and the
// cells each side sees. It shares no code with defs, compiler or interpreter.
package perft

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// fogBoard is a position: cells a1=0 .. h8=63 holding FEN letters ('.' empty).
type fogBoard struct {
	cell     [64]byte
	white    bool   // White to move
	castle   string // the FEN castling field's letters among KQkq
	ep       int    // the en-passant target, or -1
	halfmove int
	fullmove int
}

func fogParse(fen string) (*fogBoard, error) {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return nil, fmt.Errorf("want 6 fields: %q", fen)
	}
	b := &fogBoard{ep: -1}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return nil, fmt.Errorf("want 8 ranks: %q", fen)
	}
	for i, row := range rows {
		file := 0
		for _, ch := range row {
			if ch >= '1' && ch <= '8' {
				for k := 0; k < int(ch-'0'); k++ {
					b.cell[(7-i)*8+file] = '.'
					file++
				}
				continue
			}
			if file > 7 {
				return nil, fmt.Errorf("rank too long: %q", row)
			}
			b.cell[(7-i)*8+file] = byte(ch)
			file++
		}
		if file != 8 {
			return nil, fmt.Errorf("rank of %d cells: %q", file, row)
		}
	}
	b.white = f[1] == "w"
	if f[2] != "-" {
		b.castle = f[2]
	}
	if f[3] != "-" {
		b.ep = int(f[3][0]-'a') + 8*int(f[3][1]-'1')
	}
	b.halfmove, _ = strconv.Atoi(f[4])
	b.fullmove, _ = strconv.Atoi(f[5])
	return b, nil
}

func fogName(sq int) string { return string(rune('a'+sq%8)) + string(rune('1'+sq/8)) }

func fogIsWhite(ch byte) bool { return ch >= 'A' && ch <= 'Z' }

// fogOwn reports whether ch is a man of the side (white or not).
func fogOwn(ch byte, white bool) bool { return ch != '.' && fogIsWhite(ch) == white }

// fogStep is the cell from sq by (df, dr), or -1 off the board.
func fogStep(sq, df, dr int) int {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

var (
	fogKingSteps   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	fogKnightSteps = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	fogRookLines   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	fogBishopLines = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// fogMove is a move: origin, destination, promotion letter (lower case, 0 none), and the
// cell of a pawn taken en passant (-1 none).
type fogMove struct {
	from, to int
	promo    byte
	victim   int
}

func (m fogMove) String() string {
	s := fogName(m.from) + fogName(m.to)
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

func (b *fogBoard) hasKing(white bool) bool {
	k := byte('k')
	if white {
		k = 'K'
	}
	for _, ch := range b.cell {
		if ch == k {
			return true
		}
	}
	return false
}

// moves are the moves of side white were it to move (with en passant only when it is):
// chess's moves with no test of check; castling needs the right and empty cells between,
// attacked or not.
func (b *fogBoard) moves(white bool) []fogMove {
	var out []fogMove
	add := func(from, to int) { out = append(out, fogMove{from, to, 0, -1}) }
	forward, startRank, lastRank := 1, 1, 7
	if !white {
		forward, startRank, lastRank = -1, 6, 0
	}
	for sq, ch := range b.cell {
		if !fogOwn(ch, white) {
			continue
		}
		switch ch | 0x20 {
		case 'k':
			for _, d := range fogKingSteps {
				if t := fogStep(sq, d[0], d[1]); t >= 0 && !fogOwn(b.cell[t], white) {
					add(sq, t)
				}
			}
		case 'n':
			for _, d := range fogKnightSteps {
				if t := fogStep(sq, d[0], d[1]); t >= 0 && !fogOwn(b.cell[t], white) {
					add(sq, t)
				}
			}
		case 'r', 'b', 'q':
			var lines [][2]int
			if ch|0x20 != 'b' {
				lines = append(lines, fogRookLines...)
			}
			if ch|0x20 != 'r' {
				lines = append(lines, fogBishopLines...)
			}
			for _, d := range lines {
				for t := fogStep(sq, d[0], d[1]); t >= 0; t = fogStep(t, d[0], d[1]) {
					if fogOwn(b.cell[t], white) {
						break
					}
					add(sq, t)
					if b.cell[t] != '.' {
						break
					}
				}
			}
		case 'p':
			pawnTo := func(t, victim int) {
				if t/8 == lastRank {
					for _, pr := range []byte("qrbn") {
						out = append(out, fogMove{sq, t, pr, -1})
					}
					return
				}
				out = append(out, fogMove{sq, t, 0, victim})
			}
			if t := fogStep(sq, 0, forward); t >= 0 && b.cell[t] == '.' {
				pawnTo(t, -1)
				if t2 := fogStep(t, 0, forward); sq/8 == startRank && t2 >= 0 && b.cell[t2] == '.' {
					add(sq, t2)
				}
			}
			for _, df := range []int{-1, 1} {
				t := fogStep(sq, df, forward)
				if t < 0 {
					continue
				}
				if b.cell[t] != '.' && !fogOwn(b.cell[t], white) {
					pawnTo(t, -1)
				} else if t == b.ep && white == b.white {
					pawnTo(t, fogStep(t, 0, -forward))
				}
			}
		}
	}
	// Castling: the king on e1 (e8), the rook in the corner, the right, the cells between
	// empty.
	rank := 0
	short, long := byte('K'), byte('Q')
	king, rook := byte('K'), byte('R')
	if !white {
		rank, short, long, king, rook = 56, 'k', 'q', 'k', 'r'
	}
	if b.cell[rank+4] == king {
		if strings.IndexByte(b.castle, short) >= 0 && b.cell[rank+7] == rook && b.cell[rank+5] == '.' && b.cell[rank+6] == '.' {
			add(rank+4, rank+6)
		}
		if strings.IndexByte(b.castle, long) >= 0 && b.cell[rank] == rook && b.cell[rank+1] == '.' && b.cell[rank+2] == '.' && b.cell[rank+3] == '.' {
			add(rank+4, rank+2)
		}
	}
	return out
}

// legal is the side to move's moves: none once a king is taken.
func (b *fogBoard) legal() []fogMove {
	if !b.hasKing(true) || !b.hasKing(false) {
		return nil
	}
	return b.moves(b.white)
}

// play returns the position after m.
func (b *fogBoard) play(m fogMove) *fogBoard {
	n := *b
	ch := n.cell[m.from]
	n.halfmove++
	if ch|0x20 == 'p' || n.cell[m.to] != '.' {
		n.halfmove = 0
	}
	n.cell[m.to], n.cell[m.from] = ch, '.'
	if m.promo != 0 {
		n.cell[m.to] = m.promo
		if fogIsWhite(ch) {
			n.cell[m.to] = m.promo - 0x20
		}
	}
	if m.victim >= 0 {
		n.cell[m.victim] = '.'
	}
	if ch|0x20 == 'k' && (m.to-m.from == 2 || m.from-m.to == 2) {
		if m.to > m.from {
			n.cell[m.from+1], n.cell[m.from+3] = n.cell[m.from+3], '.'
		} else {
			n.cell[m.from-1], n.cell[m.from-4] = n.cell[m.from-4], '.'
		}
	}
	n.ep = -1
	if ch|0x20 == 'p' && (m.to-m.from == 16 || m.from-m.to == 16) {
		n.ep = (m.from + m.to) / 2
	}
	// Rights lapse when the king or a rook leaves its cell, or a rook is taken on it.
	lapse := map[int]string{4: "KQ", 0: "Q", 7: "K", 60: "kq", 56: "q", 63: "k"}
	for _, sq := range []int{m.from, m.to} {
		for _, r := range lapse[sq] {
			n.castle = strings.ReplaceAll(n.castle, string(r), "")
		}
	}
	if !n.white {
		n.fullmove++
	}
	n.white = !n.white
	return &n
}

func (b *fogBoard) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	ms := b.legal()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		n += b.play(m).perft(depth - 1)
	}
	return n
}

// seen is the set of cells side white sees: its men's cells, the cells its men can move to
// (were it to move), the pawn taken en passant, and the cell just ahead of each of its pawns.
func (b *fogBoard) seen(white bool) [64]bool {
	var s [64]bool
	forward := 1
	if !white {
		forward = -1
	}
	for sq, ch := range b.cell {
		if !fogOwn(ch, white) {
			continue
		}
		s[sq] = true
		if ch|0x20 == 'p' {
			if t := fogStep(sq, 0, forward); t >= 0 {
				s[t] = true
			}
		}
	}
	for _, m := range b.moves(white) {
		s[m.to] = true
		if m.victim >= 0 {
			s[m.victim] = true
		}
	}
	return s
}

// viewPlacement is the placement side white sees, '?' on the cells it does not.
func (b *fogBoard) viewPlacement(white bool) string {
	s := b.seen(white)
	var out strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			ch := b.cell[r*8+f]
			if !s[r*8+f] {
				ch = '?'
			}
			if ch == '.' {
				empty++
				continue
			}
			if empty > 0 {
				out.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			out.WriteByte(ch)
		}
		if empty > 0 {
			out.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			out.WriteByte('/')
		}
	}
	return out.String()
}

func (b *fogBoard) moveNames() []string {
	var out []string
	for _, m := range b.legal() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}
