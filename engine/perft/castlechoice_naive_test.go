// A deliberately naive generator for chess with castling to a choice of squares (Schoolbook,
// Supercapablanca and Wildebeest chess) and for chess with self-capture, in plain Go from the rules alone: it imports only
// the standard library and shares no code with defs, compiler or interpreter.
//
// Rules it implements:
//   - A board of files × ranks, White's first rank at the bottom. Pieces are leapers and
//     riders given by one vector each, taken in all eight directions; the king steps one
//     square any way. Pawns step forward onto an empty square, capture one square
//     diagonally forward, and from their second (and, in Wildebeest, third) rank may run
//     two (or three) squares over empty squares; every square a run passes is an
//     en-passant target for the next move only, where an enemy pawn may capture the runner
//     by moving onto it. A pawn reaching the last rank becomes one of the promotion pieces.
//   - Castling: a king on its first rank with the right of a rook on that rank (KQkq: the
//     outermost rooks) moves to one of the king squares of that side (toward the rook), the
//     rook to the square paired with it. Every square between the king and its square and
//     between the rook and its square must be empty but for the two men; the king may not
//     be in check nor pass (strictly between its squares) an attacked square; where it lands
//     is judged as any move's. A king move ends both rights of its side; a move from or onto
//     a rook's square ends that right.
//   - Supercapablanca: a king that has not moved may leap as a knight onto an empty square.
//   - Self-capture (Capture Anything Chess): wherever a man may take an enemy man by
//     moving onto it, it may also take one of its own side's men other than the king (a
//     pawn diagonally forward, never by en passant); the man taken leaves the game, and a
//     rook taken on its square loses its right.
//   - A move is legal when the mover's king is not attacked afterwards.
//
// With sjaak set the generator reads two rules as Sjaak II 1.4.1 does, to reproduce its
// counts: a king may castle on a side only when every square from its own to the farthest
// king square of that side is unattacked (not only those it passes), and an unmoved king
// with the knight's leap loses its steps onto empty squares, keeping its captures (the
// issue's "first-move right" bug), but for its evasions of check, which are a king's
// steps without the leap.
package perft_test

import (
	"fmt"
	"strings"
)

// ccVariant describes one variant for the naive generator.
type ccVariant struct {
	name         string
	files, ranks int
	start        string            // the start placement (FEN's first field)
	leaps, rides map[byte][][2]int // uppercase letter -> vectors (each taken all eight ways)
	runs         map[int]int       // a pawn's rank, 0-based from its side -> its longest run
	promo        string            // promotion letters
	castles      [2][][2]int       // [short, long] -> {king file, rook file}
	kingLeap     bool              // an unmoved king may leap as a knight onto an empty square
	selfCapture  bool              // a man may also take one of its own side's men but the king, as it takes an enemy one
	open         string            // a placement with nothing between the kings and rooks
}

type ccPos struct {
	v        *ccVariant
	sq       []byte // '.' empty, uppercase White
	side     int
	right    []bool // rook squares keeping their castling right
	unmoved  [2]bool
	ep       []int // en-passant targets
	epVictim int
}

type ccMove struct {
	from, to     int
	promo        byte
	castle       bool
	rook, rookTo int
	ep           bool
	passed       []int
}

func (v *ccVariant) name2(sq int) string {
	return string(rune('a'+sq%v.files)) + fmt.Sprint(sq/v.files+1)
}

// ccStart sets up the placement start with every corner rook's right, the kings unmoved.
func ccStart(v *ccVariant, start string) (*ccPos, error) {
	p := &ccPos{v: v, sq: make([]byte, v.files*v.ranks), right: make([]bool, v.files*v.ranks), unmoved: [2]bool{true, true}, epVictim: -1}
	rows := strings.Split(start, "/")
	if len(rows) != v.ranks {
		return nil, fmt.Errorf("%d rows", len(rows))
	}
	for i, row := range rows {
		r, f := v.ranks-1-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				for ; n > 0; n-- {
					p.sq[r*v.files+f] = '.'
					f++
				}
				continue
			}
			p.sq[r*v.files+f] = c
			f++
		}
		if f != v.files {
			return nil, fmt.Errorf("row %q has %d files", row, f)
		}
	}
	for _, r := range []int{0, v.files - 1, (v.ranks - 1) * v.files, v.ranks*v.files - 1} {
		p.right[r] = p.sq[r] == 'R' || p.sq[r] == 'r'
	}
	return p, nil
}

func ccColor(c byte) int {
	if c >= 'a' {
		return 1
	}
	return 0
}

func ccUpper(c byte) byte {
	if c >= 'a' {
		return c - 32
	}
	return c
}

func (p *ccPos) at(f, r int) (int, bool) {
	if f < 0 || r < 0 || f >= p.v.files || r >= p.v.ranks {
		return 0, false
	}
	return r*p.v.files + f, true
}

// images are the eight reflections of a vector, each once.
func ccImages(v [2]int) [][2]int {
	var out [][2]int
	for _, w := range [][2]int{{v[0], v[1]}, {v[1], v[0]}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				x := [2]int{w[0] * sx, w[1] * sy}
				dup := false
				for _, o := range out {
					dup = dup || o == x
				}
				if !dup {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// attacked reports whether side by attacks square s.
func (p *ccPos) attacked(s, by int) bool {
	v := p.v
	sf, sr := s%v.files, s/v.files
	for from, c := range p.sq {
		if c == '.' || ccColor(c) != by {
			continue
		}
		f, r := from%v.files, from/v.files
		dx, dy := sf-f, sr-r
		u := ccUpper(c)
		switch u {
		case 'P':
			fwd := 1
			if by == 1 {
				fwd = -1
			}
			if dy == fwd && (dx == 1 || dx == -1) {
				return true
			}
			continue
		case 'K':
			if max(ccAbs(dx), ccAbs(dy)) == 1 {
				return true
			}
			continue
		}
		for _, l := range v.leaps[u] {
			for _, w := range ccImages(l) {
				if w == [2]int{dx, dy} {
					return true
				}
			}
		}
		for _, rd := range v.rides[u] {
			for _, w := range ccImages(rd) {
				for x, y := f+w[0], r+w[1]; ; x, y = x+w[0], y+w[1] {
					t, ok := p.at(x, y)
					if !ok {
						break
					}
					if t == s {
						return true
					}
					if p.sq[t] != '.' {
						break
					}
				}
			}
		}
	}
	return false
}

func (p *ccPos) king(side int) int {
	k := byte('K')
	if side == 1 {
		k = 'k'
	}
	for s, c := range p.sq {
		if c == k {
			return s
		}
	}
	return -1
}

// pseudo lists the moves of the side to move before the check test (castling is complete
// but for where the king lands).
func (p *ccPos) pseudo(sjaak bool) []ccMove {
	v := p.v
	var out []ccMove
	us := p.side
	add := func(m ccMove) { out = append(out, m) }
	lastRank, fwd, home := v.ranks-1, 1, 0
	if us == 1 {
		lastRank, fwd, home = 0, -1, v.ranks-1
	}
	for from, c := range p.sq {
		if c == '.' || ccColor(c) != us {
			continue
		}
		f, r := from%v.files, from/v.files
		free := func(t int) bool { return p.sq[t] == '.' }
		// enemy: a man the mover may take by moving onto it (with self-capture, its own
		// men but the king too).
		enemy := func(t int) bool {
			return p.sq[t] != '.' && (ccColor(p.sq[t]) != us || v.selfCapture && ccUpper(p.sq[t]) != 'K')
		}
		switch u := ccUpper(c); u {
		case 'P':
			promote := func(m ccMove) {
				if m.to/v.files != lastRank {
					add(m)
					return
				}
				for i := 0; i < len(v.promo); i++ {
					m.promo = v.promo[i]
					add(m)
				}
			}
			if t, ok := p.at(f, r+fwd); ok && free(t) {
				promote(ccMove{from: from, to: t})
				rel := r
				if us == 1 {
					rel = v.ranks - 1 - r
				}
				passed := []int{t}
				for n := 2; n <= v.runs[rel]; n++ {
					t2, ok := p.at(f, r+n*fwd)
					if !ok || !free(t2) {
						break
					}
					promote(ccMove{from: from, to: t2, passed: append([]int(nil), passed...)})
					passed = append(passed, t2)
				}
			}
			for _, dx := range []int{-1, 1} {
				t, ok := p.at(f+dx, r+fwd)
				if !ok {
					continue
				}
				if enemy(t) {
					promote(ccMove{from: from, to: t})
				}
				for _, e := range p.ep {
					if e == t && free(t) {
						add(ccMove{from: from, to: t, ep: true})
					}
				}
			}
		case 'K':
			// Sjaak II: an unmoved king that may leap steps only to capture, and in check
			// steps as any king but may not leap.
			inCheck := sjaak && v.kingLeap && p.unmoved[us] && p.attacked(from, 1-us)
			quiet := !(sjaak && v.kingLeap && p.unmoved[us]) || inCheck
			for _, w := range append(ccImages([2]int{1, 0}), ccImages([2]int{1, 1})...) {
				if t, ok := p.at(f+w[0], r+w[1]); ok && (enemy(t) || quiet && free(t)) {
					add(ccMove{from: from, to: t})
				}
			}
			if v.kingLeap && p.unmoved[us] && !inCheck {
				for _, w := range ccImages([2]int{1, 2}) {
					if t, ok := p.at(f+w[0], r+w[1]); ok && free(t) {
						add(ccMove{from: from, to: t})
					}
				}
			}
			if r == home {
				out = append(out, p.castlings(from, sjaak)...)
			}
		default:
			for _, l := range v.leaps[u] {
				for _, w := range ccImages(l) {
					if t, ok := p.at(f+w[0], r+w[1]); ok && (free(t) || enemy(t)) {
						add(ccMove{from: from, to: t})
					}
				}
			}
			for _, rd := range v.rides[u] {
				for _, w := range ccImages(rd) {
					for x, y := f+w[0], r+w[1]; ; x, y = x+w[0], y+w[1] {
						t, ok := p.at(x, y)
						if !ok {
							break
						}
						if free(t) {
							add(ccMove{from: from, to: t})
							continue
						}
						if enemy(t) {
							add(ccMove{from: from, to: t})
						}
						break
					}
				}
			}
		}
	}
	return out
}

// castlings lists the castlings of the king on k (on its first rank).
func (p *ccPos) castlings(k int, sjaak bool) []ccMove {
	v := p.v
	us, them := p.side, 1-p.side
	row := k / v.files * v.files
	var out []ccMove
	checked := -1
	for r := row; r < row+v.files; r++ {
		if !p.right[r] || p.sq[r] != "Rr"[us] {
			continue
		}
		side := 0
		if r < k {
			side = 1
		}
		far := k
		for _, c := range v.castles[side] {
			if d := row + c[0]; ccAbs(d-k) > ccAbs(far-k) {
				far = d
			}
		}
		for _, c := range v.castles[side] {
			kd, rd := row+c[0], row+c[1]
			ok := true
			for _, span := range [][2]int{{k, kd}, {r, rd}} {
				for s := min(span[0], span[1]); s <= max(span[0], span[1]); s++ {
					if s != k && s != r && p.sq[s] != '.' {
						ok = false
					}
				}
			}
			if !ok {
				continue
			}
			if checked < 0 {
				checked = 0
				if p.attacked(k, them) {
					checked = 1
				}
			}
			if checked == 1 {
				return nil
			}
			lo, hi := min(k, kd)+1, max(k, kd)-1
			if sjaak {
				lo, hi = min(k, far), max(k, far)
			}
			for s := lo; s <= hi && ok; s++ {
				ok = !p.attacked(s, them)
			}
			if ok {
				out = append(out, ccMove{from: k, to: kd, castle: true, rook: r, rookTo: rd})
			}
		}
	}
	return out
}

func (p *ccPos) play(m ccMove) *ccPos {
	v := p.v
	q := &ccPos{v: v, sq: append([]byte(nil), p.sq...), right: append([]bool(nil), p.right...), side: 1 - p.side, unmoved: p.unmoved, epVictim: -1}
	c := q.sq[m.from]
	if ccUpper(c) == 'K' {
		q.unmoved[p.side] = false
		row := m.from / v.files * v.files
		for s := row; s < row+v.files; s++ {
			q.right[s] = false
		}
	}
	q.right[m.from], q.right[m.to] = false, false
	switch {
	case m.castle:
		rook := q.sq[m.rook]
		q.sq[m.from], q.sq[m.rook] = '.', '.'
		q.sq[m.to], q.sq[m.rookTo] = c, rook
		return q
	case m.ep:
		q.sq[p.epVictim] = '.'
	}
	q.sq[m.from] = '.'
	q.sq[m.to] = c
	if m.promo != 0 {
		q.sq[m.to] = m.promo
		if p.side == 1 {
			q.sq[m.to] = m.promo + 32
		}
	}
	if len(m.passed) > 0 {
		q.ep, q.epVictim = m.passed, m.to
	}
	return q
}

// legal lists the legal moves.
func (p *ccPos) legal(sjaak bool) []ccMove {
	var out []ccMove
	for _, m := range p.pseudo(sjaak) {
		q := p.play(m)
		if k := q.king(p.side); k >= 0 && !q.attacked(k, q.side) {
			out = append(out, m)
		}
	}
	return out
}

func (p *ccPos) perft(depth int, sjaak bool) int64 {
	moves := p.legal(sjaak)
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		n += p.play(m).perft(depth-1, sjaak)
	}
	return n
}

// text is m in coordinate notation, the king's square for castling.
func (p *ccPos) text(m ccMove) string {
	s := p.v.name2(m.from) + p.v.name2(m.to)
	if m.promo != 0 {
		s += strings.ToLower(string(m.promo))
	}
	return s
}

// parse finds the legal move written s: origin and destination (and promotion letter),
// castling as the king's square, or as the rook's where another move has that text.
func (p *ccPos) parse(s string, sjaak bool) (ccMove, error) {
	moves := p.legal(sjaak)
	var castles []ccMove
	for _, m := range moves {
		if p.text(m) == s && !m.castle {
			return m, nil
		}
		if m.castle {
			castles = append(castles, m)
		}
	}
	for _, m := range castles {
		if p.text(m) == s {
			return m, nil
		}
	}
	for _, m := range castles {
		if p.v.name2(m.from)+p.v.name2(m.rook) != s {
			continue
		}
		for _, o := range moves {
			if !o.castle && o.from == m.from && o.to == m.to {
				return m, nil // its king's square is another move's text
			}
		}
	}
	return ccMove{}, fmt.Errorf("%s: no such legal move", s)
}

func ccAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
