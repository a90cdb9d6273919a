// A deliberately naive generator for Caïssa Britannia as Sjaak II 1.4.1 describes it, in
// plain Go from the rules alone: it imports only the standard library and shares no code
// with defs, compiler or interpreter.
//
// Rules it implements (a 10×10 board, White's first rank at the bottom):
//   - The queen (Q) is royal: a move may not leave its side's queen attacked. She moves as
//     a chess queen, one line at a time, but may not pass through check: her move stops at
//     the first square on its way that an enemy man attacks in the position before the
//     move (she may land there, if the move leaves her unattacked). Her own attacks are a
//     queen's, whatever she passes.
//   - The king (K) steps one square any way and is not royal. The knight (N) leaps (1,2).
//     The rook (R) rides orthogonally. The bishop (B) rides diagonally and also steps one
//     square orthogonally onto an empty square (never capturing so). The unicorn (U) rides
//     diagonally or as a nightrider (repeated (1,2) leaps in one direction, each onto an
//     empty square but the last). The dragon (D) rides by repeated (2,0) or (2,2) leaps in
//     one direction, stopped only by men on the squares it lands on. The lion (L) moves as a
//     queen onto empty squares and captures as a cannon along the queen's lines: over empty
//     squares to one man of either side (the screen), then over empty squares to the enemy
//     man it takes.
//   - Pawns step forward onto an empty square and capture one square diagonally forward.
//     From their third rank (White's rank 3, Black's rank 8) they may run two squares over
//     empty squares; the square passed is an en-passant target for the next move only. On
//     the last rank a pawn must promote: to a knight, or to a rook, bishop, unicorn, dragon,
//     king or lion while its side has fewer than two of that type on the board.
//
// With sjaak set it reads the rules as Sjaak II 1.4.1 does, to reproduce its counts: a
// pawn may run two squares on its first move since the position was set up, wherever it
// stands; while a unicorn attacks the queen by its nightrider line, every move but the
// queen's must take that unicorn (Sjaak II never lets a nightrider's check be blocked);
// and in a double check by a man and a lion hopping over it, each move that blocks both
// (onto a square between that man and the queen) is counted twice, once for each checker.
package perft_test

import (
	"fmt"
	"strings"
)

const cbN = 10 // files and ranks

type cbPos struct {
	sq       [cbN * cbN]byte // '.' empty, uppercase White
	moved    [cbN * cbN]bool // a man that has moved since the set-up stands there
	side     int             // 0 White, 1 Black
	ep       int             // en-passant target, or -1
	epVictim int
}

type cbMove struct {
	from, to int
	promo    byte
	ep       bool // an en-passant capture
}

func cbName(s int) string { return fmt.Sprintf("%c%d", 'a'+s%cbN, s/cbN+1) }

func cbColor(c byte) int {
	if c >= 'a' {
		return 1
	}
	return 0
}

func cbUpper(c byte) byte {
	if c >= 'a' {
		return c - 32
	}
	return c
}

// cbParse reads a FEN's placement and side (no castling; the en-passant field must be -).
func cbParse(fen string) (*cbPos, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return nil, fmt.Errorf("bad FEN %q", fen)
	}
	p := &cbPos{ep: -1, epVictim: -1}
	rows := strings.Split(f[0], "/")
	if len(rows) != cbN {
		return nil, fmt.Errorf("FEN %q: %d ranks", fen, len(rows))
	}
	for i, row := range rows {
		r, c := cbN-1-i, 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '0' && ch <= '9' {
				n := int(ch - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				for range n {
					p.sq[r*cbN+c] = '.'
					c++
				}
				continue
			}
			if !strings.ContainsRune("QKNRBUDLPqknrbudlp", rune(ch)) || c >= cbN {
				return nil, fmt.Errorf("FEN %q: bad rank %q", fen, row)
			}
			p.sq[r*cbN+c] = ch
			c++
		}
		if c != cbN {
			return nil, fmt.Errorf("FEN %q: rank %q has %d files", fen, row, c)
		}
	}
	if f[1] == "b" {
		p.side = 1
	}
	if len(f) > 3 && f[3] != "-" {
		return nil, fmt.Errorf("FEN %q: the naive generator takes no en-passant target", fen)
	}
	return p, nil
}

func (p *cbPos) at(f, r int) (int, bool) {
	if f < 0 || f >= cbN || r < 0 || r >= cbN {
		return 0, false
	}
	return r*cbN + f, true
}

var (
	cbOrth  = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	cbDiag  = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	cbQueen = append(append([][2]int(nil), cbOrth...), cbDiag...)
	cbKnite = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	cbDrag  = [][2]int{{2, 0}, {-2, 0}, {0, 2}, {0, -2}, {2, 2}, {2, -2}, {-2, 2}, {-2, -2}}
)

// rideHits reports whether a ride from s by v reaches t with every square before it empty.
func (p *cbPos) rideHits(s, t int, v [2]int) bool {
	f, r := s%cbN, s/cbN
	for {
		f, r = f+v[0], r+v[1]
		x, ok := p.at(f, r)
		if !ok {
			return false
		}
		if x == t {
			return true
		}
		if p.sq[x] != '.' {
			return false
		}
	}
}

// leapHits reports whether a leap from s by v lands on t.
func (p *cbPos) leapHits(s, t int, v [2]int) bool {
	x, ok := p.at(s%cbN+v[0], s/cbN+v[1])
	return ok && x == t
}

// hopHits reports whether a cannon from s along v, over exactly one man, reaches t.
func (p *cbPos) hopHits(s, t int, v [2]int) bool {
	f, r := s%cbN, s/cbN
	screen := false
	for {
		f, r = f+v[0], r+v[1]
		x, ok := p.at(f, r)
		if !ok {
			return false
		}
		if x == t {
			return screen
		}
		if p.sq[x] != '.' {
			if screen {
				return false
			}
			screen = true
		}
	}
}

// attacked reports whether side by could capture a man standing on t.
func (p *cbPos) attacked(t, by int) bool {
	for s, c := range p.sq {
		if c == '.' || cbColor(c) != by {
			continue
		}
		if p.attacks(s, t) {
			return true
		}
	}
	return false
}

// attacks reports whether the man on s could capture a man on t.
func (p *cbPos) attacks(s, t int) bool {
	c := p.sq[s]
	any := func(vs [][2]int, hit func(s, t int, v [2]int) bool) bool {
		for _, v := range vs {
			if hit(s, t, v) {
				return true
			}
		}
		return false
	}
	switch cbUpper(c) {
	case 'Q':
		return any(cbQueen, p.rideHits)
	case 'K':
		return any(cbQueen, p.leapHits)
	case 'N':
		return any(cbKnite, p.leapHits)
	case 'R':
		return any(cbOrth, p.rideHits)
	case 'B':
		return any(cbDiag, p.rideHits)
	case 'U':
		return any(cbDiag, p.rideHits) || any(cbKnite, p.rideHits)
	case 'D':
		return any(cbDrag, p.rideHits)
	case 'L':
		return any(cbQueen, p.hopHits)
	case 'P':
		dr := 1
		if cbColor(c) == 1 {
			dr = -1
		}
		return p.leapHits(s, t, [2]int{1, dr}) || p.leapHits(s, t, [2]int{-1, dr})
	}
	return false
}

func (p *cbPos) queen(side int) int {
	for s, c := range p.sq {
		if c != '.' && cbUpper(c) == 'Q' && cbColor(c) == side {
			return s
		}
	}
	return -1
}

func (p *cbPos) count(side int, u byte) int {
	n := 0
	for _, c := range p.sq {
		if c != '.' && cbColor(c) == side && cbUpper(c) == u {
			n++
		}
	}
	return n
}

// pseudo lists the moves before the check rule (the queen's passing rule applied).
func (p *cbPos) pseudo(sjaak bool) []cbMove {
	var out []cbMove
	us := p.side
	enemy := func(x int) bool { return p.sq[x] != '.' && cbColor(p.sq[x]) != us }
	add := func(s, t int) { out = append(out, cbMove{from: s, to: t}) }
	ride := func(s int, vs [][2]int, quiet, capture bool, stop func(x int) bool) {
		for _, v := range vs {
			f, r := s%cbN, s/cbN
			for {
				f, r = f+v[0], r+v[1]
				x, ok := p.at(f, r)
				if !ok {
					break
				}
				if p.sq[x] != '.' {
					if capture && enemy(x) {
						add(s, x)
					}
					break
				}
				if quiet {
					add(s, x)
				}
				if stop != nil && stop(x) {
					break
				}
			}
		}
	}
	leap := func(s int, vs [][2]int, quiet, capture bool) {
		for _, v := range vs {
			if x, ok := p.at(s%cbN+v[0], s/cbN+v[1]); ok && (quiet && p.sq[x] == '.' || capture && enemy(x)) {
				add(s, x)
			}
		}
	}
	for s, c := range p.sq {
		if c == '.' || cbColor(c) != us {
			continue
		}
		switch cbUpper(c) {
		case 'Q':
			ride(s, cbQueen, true, true, func(x int) bool { return p.attacked(x, 1-us) })
		case 'K':
			leap(s, cbQueen, true, true)
		case 'N':
			leap(s, cbKnite, true, true)
		case 'R':
			ride(s, cbOrth, true, true, nil)
		case 'B':
			ride(s, cbDiag, true, true, nil)
			leap(s, cbOrth, true, false)
		case 'U':
			ride(s, cbDiag, true, true, nil)
			ride(s, cbKnite, true, true, nil)
		case 'D':
			ride(s, cbDrag, true, true, nil)
		case 'L':
			ride(s, cbQueen, true, false, nil)
			for _, v := range cbQueen {
				f, r := s%cbN, s/cbN
				screen := false
				for {
					f, r = f+v[0], r+v[1]
					x, ok := p.at(f, r)
					if !ok {
						break
					}
					if p.sq[x] == '.' {
						continue
					}
					if !screen {
						screen = true
						continue
					}
					if enemy(x) {
						add(s, x)
					}
					break
				}
			}
		case 'P':
			out = p.pawnMoves(out, s, sjaak)
		}
	}
	return out
}

func (p *cbPos) pawnMoves(out []cbMove, s int, sjaak bool) []cbMove {
	us := p.side
	dr, start, last := 1, 2, cbN-1
	if us == 1 {
		dr, start, last = -1, cbN-3, 0
	}
	f, r := s%cbN, s/cbN
	emit := func(t int, ep bool) {
		if t/cbN != last {
			out = append(out, cbMove{from: s, to: t, ep: ep})
			return
		}
		for _, u := range []byte("RBNUDKL") {
			if u == 'N' || p.count(us, u) < 2 {
				out = append(out, cbMove{from: s, to: t, promo: u})
			}
		}
	}
	if x, ok := p.at(f, r+dr); ok && p.sq[x] == '.' {
		emit(x, false)
		run := r == start
		if sjaak {
			run = !p.moved[s]
		}
		if y, ok := p.at(f, r+2*dr); ok && run && p.sq[y] == '.' {
			emit(y, false)
		}
	}
	for _, df := range []int{-1, 1} {
		x, ok := p.at(f+df, r+dr)
		if !ok {
			continue
		}
		if p.sq[x] != '.' && cbColor(p.sq[x]) != us {
			emit(x, false)
		} else if x == p.ep && p.epVictim >= 0 {
			emit(x, true)
		}
	}
	return out
}

func (p *cbPos) play(m cbMove) *cbPos {
	q := *p
	c := q.sq[m.from]
	q.sq[m.from] = '.'
	q.moved[m.from] = false
	if m.ep {
		q.sq[p.epVictim] = '.'
		q.moved[p.epVictim] = false
	}
	if m.promo != 0 {
		c = m.promo
		if p.side == 1 {
			c += 32
		}
	}
	q.sq[m.to] = c
	q.moved[m.to] = true
	q.ep, q.epVictim = -1, -1
	if cbUpper(c) == 'P' && (m.to-m.from == 2*cbN || m.from-m.to == 2*cbN) {
		q.ep, q.epVictim = (m.from+m.to)/2, m.to
	}
	q.side = 1 - p.side
	return &q
}

// unicornChecks are the squares of the enemy unicorns that attack the mover's queen along
// a nightrider line (for Sjaak II's evasions).
func (p *cbPos) unicornChecks() []int {
	q := p.queen(p.side)
	var out []int
	for s, c := range p.sq {
		if c == '.' || cbColor(c) == p.side || cbUpper(c) != 'U' {
			continue
		}
		for _, v := range cbKnite {
			if p.rideHits(s, q, v) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// twiceBlocked is, when the mover's queen is in check by two men alone and one of them is
// a lion hopping over the other, the squares between the other and the queen (for Sjaak
// II's evasions); else nil.
func (p *cbPos) twiceBlocked() map[int]bool {
	q := p.queen(p.side)
	checkers := 0
	for s, c := range p.sq {
		if c != '.' && cbColor(c) != p.side && p.attacks(s, q) {
			checkers++
		}
	}
	if checkers != 2 {
		return nil
	}
	for s, c := range p.sq {
		if c == '.' || cbColor(c) == p.side || cbUpper(c) != 'L' {
			continue
		}
		for _, v := range cbQueen {
			if !p.hopHits(s, q, v) {
				continue
			}
			// The screen: the first man from the lion toward the queen.
			f, r := s%cbN+v[0], s/cbN+v[1]
			x, _ := p.at(f, r)
			for p.sq[x] == '.' {
				f, r = f+v[0], r+v[1]
				x, _ = p.at(f, r)
			}
			if cbColor(p.sq[x]) == p.side || !p.attacks(x, q) {
				return nil
			}
			between := map[int]bool{}
			for f, r = f+v[0], r+v[1]; ; f, r = f+v[0], r+v[1] {
				y, _ := p.at(f, r)
				if y == q {
					return between
				}
				between[y] = true
			}
		}
	}
	return nil
}

func (p *cbPos) legal(sjaak bool) []cbMove {
	var out []cbMove
	var checks []int
	var twice map[int]bool
	if sjaak {
		checks = p.unicornChecks()
		twice = p.twiceBlocked()
	}
	for _, m := range p.pseudo(sjaak) {
		if len(checks) > 0 && cbUpper(p.sq[m.from]) != 'Q' {
			takes := false
			for _, s := range checks {
				takes = takes || m.to == s
			}
			if !takes {
				continue
			}
		}
		q := p.play(m)
		if k := q.queen(p.side); k >= 0 && !q.attacked(k, q.side) {
			out = append(out, m)
			if twice[m.to] && cbUpper(p.sq[m.from]) != 'Q' {
				out = append(out, m) // once for each checker
			}
		}
	}
	return out
}

func (p *cbPos) perft(depth int, sjaak bool) int64 {
	ms := p.legal(sjaak)
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		n += p.play(m).perft(depth-1, sjaak)
	}
	return n
}

// text is the move in coordinate notation (a promotion's letter in lowercase).
func (m cbMove) text() string {
	s := cbName(m.from) + cbName(m.to)
	if m.promo != 0 {
		s += string(m.promo + 32)
	}
	return s
}

// cbAfter sets up fen and plays moves (coordinate notation) by the rules.
func cbAfter(fen string, moves []string) (*cbPos, error) {
	p, err := cbParse(fen)
	if err != nil {
		return nil, err
	}
	for _, t := range moves {
		found := false
		for _, m := range p.legal(false) {
			if m.text() == t {
				p, found = p.play(m), true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("after %v: %s is no legal move", moves, t)
		}
	}
	return p, nil
}
