// A deliberately naive generator for chess played with turns of several moves, written in plain
// Go from the rules text alone (it imports only the standard library and shares no code with
// defs, compiler or interpreter), as the independent perft reference for turn schedules.
//
// Rules it implements:
//   - Moves are orthodox chess moves (castling, promotion to N, B, R, Q, en passant). A double
//     step makes the passed square an en-passant target for the very next move only, whoever
//     makes it; only an enemy pawn standing on the double-stepped square can be taken.
//   - Side s's turn number k is fullmove-1; its number of moves is naiveTurns.moves(s, k).
//     The FEN side field may read "w+j" / "b+j": j moves of the current turn are already made.
//   - A turn ends after its moves, or (checkEndsTurn) after a move that gives check, or when
//     the side still to move has no legal move (game over).
//   - turnCheck false: every move must leave the mover's king unattacked.
//     turnCheck true: a turn-ending move is legal iff afterwards the mover's king cannot be
//     captured by the opponent's whole next turn (naiveThreatened); a move that does not end
//     the turn is legal iff a legal move follows it.
//
// Perft counts whole turns: perft(p, d) sums perft(after, d-1) over the ordered move sequences
// that form a complete turn from p. A game-over position counts 1 at depth 0 and 0 deeper.
// FEN output writes the en-passant field whenever a target is set (after any double step),
// whether or not a capture is possible; comparisons use counts, not FEN text.
package perft

import (
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// naiveTurns is a turn schedule: moves(s, k) = list[min(k, len-1)] + grow*max(0, k-(len-1)).
type naiveTurns struct {
	white, black  []int
	grow          int
	checkEndsTurn bool
	turnCheck     bool
}

const (
	naiveChessStart   = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	naiveMonsterStart = "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"
)

var (
	naiveOrthodox    = naiveTurns{white: []int{1}, black: []int{1}}
	naiveMarseillais = naiveTurns{white: []int{1, 2}, black: []int{2}, checkEndsTurn: true}
	naiveMonster     = naiveTurns{white: []int{2}, black: []int{1}, turnCheck: true}
	naiveProgressive = naiveTurns{white: []int{1}, black: []int{2}, grow: 2, checkEndsTurn: true}
)

func (r naiveTurns) moves(side, k int) int {
	l := r.white
	if side == 1 {
		l = r.black
	}
	last := len(l) - 1
	if k <= last {
		return l[k]
	}
	return l[last] + r.grow*(k-last)
}

func (r naiveTurns) check() error {
	if len(r.white) == 0 || len(r.black) == 0 {
		return fmt.Errorf("naive turns: empty schedule")
	}
	for _, l := range [][]int{r.white, r.black} {
		for _, n := range l {
			if n < 1 {
				return fmt.Errorf("naive turns: a turn of %d moves", n)
			}
		}
	}
	if r.grow < 0 {
		return fmt.Errorf("naive turns: negative growth %d", r.grow)
	}
	return nil
}

// Pieces: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king; White positive, Black negative.
// naiveWall (7, '*' in a placement) is a wall of no side: it blocks every slide and step, no man
// moves onto it and none captures it (walls_naive_test.go places them). Squares: rank*8+file,
// a1 = 0.
type naivePos struct {
	b          [64]int8
	side       int   // 0 White, 1 Black
	castle     uint8 // 1 K, 2 Q, 4 k, 8 q
	ep         int   // en-passant target or -1
	half, full int
	done       int // moves of the current turn already made
}

const (
	naiveNormal uint8 = iota
	naiveDouble
	naiveEP
	naiveCastle
)

type naiveMove struct {
	from, to, promo int8
	kind            uint8
}

func (m naiveMove) String() string {
	s := naiveSq(int(m.from)) + naiveSq(int(m.to))
	if m.promo != 0 {
		s += string(" pnbrqk"[m.promo])
	}
	return s
}

func naiveSq(s int) string { return string(rune('a'+s%8)) + string(rune('1'+s/8)) }

const naiveWall int8 = 7

// naiveFoe: q is a man of the side other than s (not empty, not a wall).
func naiveFoe(q int8, s int) bool { return q != 0 && q != naiveWall && (q > 0) != (s == 0) }

func naiveSign(side int) int8 {
	if side == 0 {
		return 1
	}
	return -1
}

func naiveOn(r, f int) bool { return r >= 0 && r < 8 && f >= 0 && f < 8 }

var (
	naiveKnightD = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	naiveKingD   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	naiveRookD   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	naiveBishopD = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// naiveAttacked: can a piece of side by capture on sq with one ordinary move?
func naiveAttacked(b *[64]int8, sq, by int) bool {
	if sq < 0 {
		return false
	}
	sg := naiveSign(by)
	r, f := sq/8, sq%8
	pr := r - 1 // the rank a pawn of by attacks sq from
	if by == 1 {
		pr = r + 1
	}
	for _, df := range []int{-1, 1} {
		if naiveOn(pr, f+df) && b[pr*8+f+df] == sg*1 {
			return true
		}
	}
	for _, d := range naiveKnightD {
		if naiveOn(r+d[0], f+d[1]) && b[(r+d[0])*8+f+d[1]] == sg*2 {
			return true
		}
	}
	for _, d := range naiveKingD {
		if naiveOn(r+d[0], f+d[1]) && b[(r+d[0])*8+f+d[1]] == sg*6 {
			return true
		}
	}
	for i := 0; i < 8; i++ {
		d, slider := naiveRookD[i%4], int8(4)
		if i >= 4 {
			d, slider = naiveBishopD[i%4], 3
		}
		for rr, ff := r+d[0], f+d[1]; naiveOn(rr, ff); rr, ff = rr+d[0], ff+d[1] {
			p := b[rr*8+ff]
			if p == 0 {
				continue
			}
			if p == sg*slider || p == sg*5 {
				return true
			}
			break
		}
	}
	return false
}

func naiveKing(b *[64]int8, side int) int {
	k := naiveSign(side) * 6
	for i, p := range b {
		if p == k {
			return i
		}
	}
	return -1
}

// naiveGen lists the moves of p.side by the rules of movement (own king safety not tested);
// castling (only when withCastling) tests the king's start and passed squares.
func naiveGen(p *naivePos, withCastling bool) []naiveMove {
	var ms []naiveMove
	s := p.side
	sg := naiveSign(s)
	add := func(from, to int, kind uint8) { ms = append(ms, naiveMove{int8(from), int8(to), 0, kind}) }
	for from, pc := range p.b {
		if pc == 0 || pc == naiveWall || (pc > 0) != (s == 0) {
			continue
		}
		r, f := from/8, from%8
		switch pc * sg {
		case 1:
			dir, start, last := 1, 1, 7
			if s == 1 {
				dir, start, last = -1, 6, 0
			}
			pawn := func(to int, kind uint8) {
				if to/8 == last {
					for pr := int8(2); pr <= 5; pr++ {
						ms = append(ms, naiveMove{int8(from), int8(to), pr, kind})
					}
				} else {
					add(from, to, kind)
				}
			}
			r1 := r + dir
			if naiveOn(r1, f) && p.b[r1*8+f] == 0 {
				pawn(r1*8+f, naiveNormal)
				if r == start && p.b[(r1+dir)*8+f] == 0 {
					add(from, (r1+dir)*8+f, naiveDouble)
				}
			}
			for _, df := range []int{-1, 1} {
				if !naiveOn(r1, f+df) {
					continue
				}
				to := r1*8 + f + df
				if q := p.b[to]; naiveFoe(q, s) {
					pawn(to, naiveNormal)
				} else if q == 0 && to == p.ep && p.b[to-dir*8] == -sg*1 {
					add(from, to, naiveEP)
				}
			}
		case 2, 6:
			ds := naiveKnightD
			if pc*sg == 6 {
				ds = naiveKingD
			}
			for _, d := range ds {
				if rr, ff := r+d[0], f+d[1]; naiveOn(rr, ff) {
					if q := p.b[rr*8+ff]; q == 0 || naiveFoe(q, s) {
						add(from, rr*8+ff, naiveNormal)
					}
				}
			}
		case 3, 4, 5:
			var ds [][2]int
			if pc*sg != 3 {
				ds = append(ds, naiveRookD[:]...)
			}
			if pc*sg != 4 {
				ds = append(ds, naiveBishopD[:]...)
			}
			for _, d := range ds {
				for rr, ff := r+d[0], f+d[1]; naiveOn(rr, ff); rr, ff = rr+d[0], ff+d[1] {
					q := p.b[rr*8+ff]
					if q == 0 || naiveFoe(q, s) {
						add(from, rr*8+ff, naiveNormal)
					}
					if q != 0 {
						break
					}
				}
			}
		}
	}
	if withCastling {
		home := 0
		kRight, qRight := uint8(1), uint8(2)
		if s == 1 {
			home, kRight, qRight = 56, 4, 8
		}
		e := home + 4
		if p.b[e] == sg*6 && !naiveAttacked(&p.b, e, 1-s) {
			if p.castle&kRight != 0 && p.b[home+7] == sg*4 && p.b[home+5] == 0 && p.b[home+6] == 0 &&
				!naiveAttacked(&p.b, home+5, 1-s) {
				add(e, home+6, naiveCastle)
			}
			if p.castle&qRight != 0 && p.b[home] == sg*4 && p.b[home+1] == 0 && p.b[home+2] == 0 &&
				p.b[home+3] == 0 && !naiveAttacked(&p.b, home+3, 1-s) {
				add(e, home+2, naiveCastle)
			}
		}
	}
	return ms
}

// naiveMake plays m on the board; the side to move and the turn bookkeeping stay unchanged.
func naiveMake(p naivePos, m naiveMove) naivePos {
	from, to := int(m.from), int(m.to)
	pc := p.b[from]
	if pc == 1 || pc == -1 || p.b[to] != 0 {
		p.half = 0
	} else {
		p.half++
	}
	p.b[to], p.b[from] = pc, 0
	if m.promo != 0 {
		p.b[to] = int8(m.promo) * naiveSign(p.side)
	}
	switch m.kind {
	case naiveEP:
		if p.side == 0 {
			p.b[to-8] = 0
		} else {
			p.b[to+8] = 0
		}
	case naiveCastle:
		if to%8 == 6 {
			p.b[to-1], p.b[to+1] = p.b[to+1], 0
		} else {
			p.b[to+1], p.b[to-2] = p.b[to-2], 0
		}
	}
	p.ep = -1
	if m.kind == naiveDouble {
		p.ep = (from + to) / 2
	}
	for _, sq := range []int{from, to} {
		switch sq {
		case 4:
			p.castle &^= 3
		case 60:
			p.castle &^= 12
		case 7:
			p.castle &^= 1
		case 0:
			p.castle &^= 2
		case 63:
			p.castle &^= 4
		case 56:
			p.castle &^= 8
		}
	}
	return p
}

// naiveThreatened: p.side (the attacker) can capture the other side's king within n moves of
// its own, the moves in between by the rules of movement (castling excepted, own king ignored).
func naiveThreatened(p naivePos, n int) bool {
	if naiveAttacked(&p.b, naiveKing(&p.b, 1-p.side), p.side) {
		return true
	}
	if n <= 1 {
		return false
	}
	for _, m := range naiveGen(&p, false) {
		if naiveThreatened(naiveMake(p, m), n-1) {
			return true
		}
	}
	return false
}

// step plays m with the turn bookkeeping; ended tells whether the move closed the turn by its
// count or by a check.
func (r naiveTurns) step(p naivePos, m naiveMove) (q naivePos, ended bool) {
	q = naiveMake(p, m)
	q.done = p.done + 1
	if q.done >= r.moves(p.side, p.full-1) ||
		(r.checkEndsTurn && naiveAttacked(&q.b, naiveKing(&q.b, 1-p.side), p.side)) {
		ended = true
		if p.side == 1 {
			q.full++
		}
		q.side, q.done = 1-p.side, 0
	}
	return q, ended
}

// legal plays m and tells whether it is legal at this step of the turn.
func (r naiveTurns) legal(p naivePos, m naiveMove) (q naivePos, ended, ok bool) {
	q, ended = r.step(p, m)
	if !r.turnCheck {
		return q, ended, !naiveAttacked(&q.b, naiveKing(&q.b, p.side), 1-p.side)
	}
	if ended {
		return q, true, !naiveThreatened(q, r.moves(q.side, q.full-1))
	}
	return q, false, r.hasLegal(q)
}

func (r naiveTurns) hasLegal(p naivePos) bool {
	for _, m := range naiveGen(&p, true) {
		if _, _, ok := r.legal(p, m); ok {
			return true
		}
	}
	return false
}

func (r naiveTurns) legalMoves(p naivePos) []naiveMove {
	var out []naiveMove
	for _, m := range naiveGen(&p, true) {
		if _, _, ok := r.legal(p, m); ok {
			out = append(out, m)
		}
	}
	return out
}

func (r naiveTurns) perft(p naivePos, d int) uint64 {
	if d == 0 {
		return 1
	}
	n, _ := r.turn(p, d)
	return n
}

// turn sums perft(after, d-1) over the rest of the current turn from p; any tells whether p
// had a legal move at all.
func (r naiveTurns) turn(p naivePos, d int) (total uint64, any bool) {
	for _, m := range naiveGen(&p, true) {
		q, ended, ok := r.legal(p, m)
		if !ok {
			continue
		}
		any = true
		if ended {
			total += r.perft(q, d-1)
			continue
		}
		n, more := r.turn(q, d)
		if !more { // no legal move left: the turn (and the game) ends here
			n = r.perft(q, d-1)
		}
		total += n
	}
	return total, any
}

// sequences lists the complete turns from p as space-separated moves.
func (r naiveTurns) sequences(p naivePos) []string {
	var out []string
	var walk func(p naivePos, prefix string)
	walk = func(p naivePos, prefix string) {
		for _, m := range naiveGen(&p, true) {
			q, ended, ok := r.legal(p, m)
			if !ok {
				continue
			}
			s := strings.TrimSpace(prefix + " " + m.String())
			if ended || !r.hasLegal(q) {
				out = append(out, s)
			} else {
				walk(q, s)
			}
		}
	}
	walk(p, "")
	sort.Strings(out)
	return out
}

func naiveParseFEN(fen string) (naivePos, error) {
	var p naivePos
	p.ep, p.full = -1, 1
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return p, fmt.Errorf("naive FEN %q: want 4 to 6 fields", fen)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return p, fmt.Errorf("naive FEN %q: want 8 ranks", fen)
	}
	for i, row := range rows {
		file := 0
		for _, c := range row {
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			k := strings.IndexRune("pnbrqk", c|0x20)
			if c == '*' {
				k = int(naiveWall) - 1
			}
			if k < 0 || file > 7 {
				return p, fmt.Errorf("naive FEN %q: bad rank %q", fen, row)
			}
			v := int8(k + 1)
			if c < 'a' { // White's letters and the wall
				p.b[(7-i)*8+file] = v
			} else {
				p.b[(7-i)*8+file] = -v
			}
			file++
		}
		if file != 8 {
			return p, fmt.Errorf("naive FEN %q: rank %q is not 8 squares", fen, row)
		}
	}
	side, done, hasDone := strings.Cut(f[1], "+")
	switch side {
	case "w":
	case "b":
		p.side = 1
	default:
		return p, fmt.Errorf("naive FEN %q: bad side %q", fen, f[1])
	}
	if hasDone {
		n, err := strconv.Atoi(done)
		if err != nil || n < 0 {
			return p, fmt.Errorf("naive FEN %q: bad moves made %q", fen, done)
		}
		p.done = n
	}
	if f[2] != "-" {
		for _, c := range f[2] {
			i := strings.IndexRune("KQkq", c)
			if i < 0 {
				return p, fmt.Errorf("naive FEN %q: bad castling %q", fen, f[2])
			}
			p.castle |= 1 << i
		}
	}
	if f[3] != "-" {
		if len(f[3]) != 2 || f[3][0] < 'a' || f[3][0] > 'h' || (f[3][1] != '3' && f[3][1] != '6') {
			return p, fmt.Errorf("naive FEN %q: bad en-passant square %q", fen, f[3])
		}
		p.ep = int(f[3][1]-'1')*8 + int(f[3][0]-'a')
	}
	if len(f) > 4 {
		n, err := strconv.Atoi(f[4])
		if err != nil || n < 0 {
			return p, fmt.Errorf("naive FEN %q: bad halfmove clock", fen)
		}
		p.half = n
	}
	if len(f) > 5 {
		n, err := strconv.Atoi(f[5])
		if err != nil || n < 1 {
			return p, fmt.Errorf("naive FEN %q: bad fullmove number", fen)
		}
		p.full = n
	}
	return p, nil
}

func (p naivePos) fen() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.b[r*8+f]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			if pc > 0 {
				sb.WriteByte(" PNBRQK*"[pc])
			} else {
				sb.WriteByte(" pnbrqk"[-pc])
			}
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([]string{" w", " b"}[p.side])
	if p.done > 0 {
		sb.WriteString("+" + strconv.Itoa(p.done))
	}
	cs := ""
	for i, c := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			cs += string(c)
		}
	}
	if cs == "" {
		cs = "-"
	}
	ep := "-"
	if p.ep >= 0 {
		ep = naiveSq(p.ep)
	}
	fmt.Fprintf(&sb, " %s %s %d %d", cs, ep, p.half, p.full)
	return sb.String()
}

func naiveStartOf(fen string, r naiveTurns) (naivePos, error) {
	if err := r.check(); err != nil {
		return naivePos{}, err
	}
	p, err := naiveParseFEN(fen)
	if err != nil {
		return p, err
	}
	if p.done >= r.moves(p.side, p.full-1) {
		return p, fmt.Errorf("naive FEN %q: %d moves made of a turn of %d", fen, p.done, r.moves(p.side, p.full-1))
	}
	return p, nil
}

// naiveTurnPerft counts the sequences of depth whole turns from fen under r.
func naiveTurnPerft(fen string, r naiveTurns, depth int) (uint64, error) {
	if depth < 0 {
		return 0, fmt.Errorf("naive perft: negative depth %d", depth)
	}
	p, err := naiveStartOf(fen, r)
	if err != nil {
		return 0, err
	}
	return r.perft(p, depth), nil
}

// naiveOutcome tells whether the game is over at fen: "checkmate" or "stalemate" when the side
// to move has no legal move, "" otherwise. In check means attacked by one ordinary enemy move,
// or under turn check threatened by the opponent's whole next turn.
func naiveOutcome(fen string, r naiveTurns) (string, error) {
	p, err := naiveStartOf(fen, r)
	if err != nil {
		return "", err
	}
	if r.hasLegal(p) {
		return "", nil
	}
	q := p
	q.side = 1 - p.side
	n := 1
	if r.turnCheck {
		next := p.full - 1 // the opponent's next turn number
		if p.side == 1 {
			next = p.full
		}
		n = r.moves(q.side, next)
	}
	if naiveThreatened(q, n) {
		return "checkmate", nil
	}
	return "stalemate", nil
}

// naiveRandomTurnFENs plays up to turns random legal turns from fen (each move drawn uniformly
// among the legal moves of its step) and returns the position at the start of each turn
// reached, fen's own position excluded; it stops early when the game ends. A bad fen or rule
// gives nil.
func naiveRandomTurnFENs(fen string, r naiveTurns, seed int64, turns int) []string {
	p, err := naiveStartOf(fen, r)
	if err != nil {
		return nil
	}
	rng := rand.New(rand.NewSource(seed))
	var out []string
	for t := 0; t < turns; t++ {
		for {
			ms := r.legalMoves(p)
			if len(ms) == 0 {
				return out
			}
			q, ended, _ := r.legal(p, ms[rng.Intn(len(ms))])
			p = q
			if ended {
				break
			}
		}
		out = append(out, p.fen())
	}
	return out
}

// publishedChessPerft are chess positions with their published perft counts (the start,
// "Kiwipete", and the two other positions of the usual perft list), depth 1 first:
// the naive generators' orthodox moves are checked against them.
var publishedChessPerft = []struct {
	fen  string
	want []uint64
}{
	{naiveChessStart, []uint64{20, 400, 8902, 197281}},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862}},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238}},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467}},
}

func TestNaiveTurnsOrthodoxPerft(t *testing.T) {
	for _, c := range publishedChessPerft {
		for d, want := range c.want {
			got, err := naiveTurnPerft(c.fen, naiveOrthodox, d+1)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s depth %d: %d, want %d", c.fen, d+1, got, want)
			}
		}
	}
}

func naiveMustSequences(t *testing.T, fen string, r naiveTurns) []string {
	t.Helper()
	p, err := naiveStartOf(fen, r)
	if err != nil {
		t.Fatal(err)
	}
	return r.sequences(p)
}

// naivePlaySequences plays the given legal moves from fen, then lists the complete turns.
func naivePlaySequences(t *testing.T, fen string, r naiveTurns, moves ...string) []string {
	t.Helper()
	p, err := naiveStartOf(fen, r)
	if err != nil {
		t.Fatal(err)
	}
next:
	for _, want := range moves {
		for _, m := range r.legalMoves(p) {
			if m.String() == want {
				p, _, _ = r.legal(p, m)
				continue next
			}
		}
		t.Fatalf("%s: %s is not legal in %s", fen, want, p.fen())
	}
	return r.sequences(p)
}

func naiveHas(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func TestNaiveTurnsHandChecks(t *testing.T) {
	// White's first turn of the balanced two-move schedule is one move.
	if n, err := naiveTurnPerft(naiveChessStart, naiveMarseillais, 1); err != nil || n != 20 {
		t.Errorf("two-move schedule, first turn: %d %v, want 20", n, err)
	}
	// The two-against-one start: White's ten first moves (eight pawn moves, Kd1, Kf1) are
	// followed by 9 (after c-pawn moves), 10, or 11 (after Kf1: e1, g1, g2 and the pawns)
	// second moves: 2*9 + 7*10 + 11 = 99, counted by hand.
	if n, err := naiveTurnPerft(naiveMonsterStart, naiveMonster, 1); err != nil || n != 99 {
		t.Errorf("two-against-one start: %d %v, want 99", n, err)
	}
	// Black's first turn is two moves: those starting a7a6 are the 19 replies counted by hand
	// (a6a5, 7 pawns x 2, Nc6, Nf6, Nh6, Ra7), the target e3 being gone after a7a6.
	after := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	seqs := naiveMustSequences(t, after, naiveMarseillais)
	a6 := 0
	for _, s := range seqs {
		if strings.HasPrefix(s, "a7a6 ") {
			a6++
		}
		if len(strings.Fields(s)) != 2 {
			t.Errorf("black's first turn %q is not two moves", s)
		}
	}
	if a6 != 19 {
		t.Errorf("turns starting a7a6: %d, want 19", a6)
	}
	if n, err := naiveTurnPerft("rnbqkbnr/1ppppppp/p7/8/4P3/8/PPPP1PPP/RNBQKBNR b+1 KQkq - 0 1", naiveMarseillais, 1); err != nil || n != 19 {
		t.Errorf("after a7a6 with Black still to move: %d %v, want 19", n, err)
	}
	// A first move giving check ends the turn (d5d6+); the other first move, Kb1, is followed
	// by Ka1, Kc1, Kc2 or d6+ (b2 is covered by the pawn a3).
	want := []string{"a1b1 b1a1", "a1b1 b1c1", "a1b1 b1c2", "a1b1 d5d6", "d5d6"}
	if got := naiveMustSequences(t, "8/4k3/8/3P4/8/p7/P7/K7 w - - 0 2", naiveMarseillais); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("check ends the turn: %v, want %v", got, want)
	}
	// En passant is for the very next move only: after a double step that ends White's turn
	// Black may take; after one followed by another White move it may not.
	ep := "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 2"
	if s := naivePlaySequences(t, ep, naiveMarseillais, "e1d1", "e2e4"); !naiveHas(s, "d4e3 e8d8") {
		t.Errorf("en passant on the next move: %v", s)
	}
	if s := naivePlaySequences(t, ep, naiveMarseillais, "e2e4", "e1d1"); len(s) == 0 || naiveHas(s, "d4e3 e8d8") {
		t.Errorf("en passant after another move: %v", s)
	}
	if s := naiveMustSequences(t, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2", naiveMarseillais); !naiveHas(s, "d4e3 e8d8") {
		t.Errorf("en passant on the next move: %v", s)
	}
	if s := naiveMustSequences(t, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 2", naiveMarseillais); naiveHas(s, "d4e3 e8d8") {
		t.Errorf("en passant without a target: %v", s)
	}

	// Turn check: the white king may pass through d1/d2 (attacked by the rook d8) but not end
	// there. From e1 the king reaches d1, d2, e2, f1, f2, then 4+6+5+5+8 safe ends.
	seqs = naiveMustSequences(t, "3r3k/8/8/8/8/8/8/4K3 w - - 0 1", naiveMonster)
	if len(seqs) != 28 || !naiveHas(seqs, "e1d1 d1c1") || naiveHas(seqs, "e1d1 d1d2") || naiveHas(seqs, "e1e2 e2d2") {
		t.Errorf("king through check: %d %v", len(seqs), seqs)
	}
	// The same with move check: every move must be safe, so d1, d2 are never stepped on.
	moveCheck := naiveMonster
	moveCheck.turnCheck = false
	seqs = naiveMustSequences(t, "3r3k/8/8/8/8/8/8/4K3 w - - 0 1", moveCheck)
	if len(seqs) != 18 || naiveHas(seqs, "e1d1 d1c1") {
		t.Errorf("king through check under move check: %d %v", len(seqs), seqs)
	}
	// Black's one move must keep its king out of reach of White's two: the rook b8 guards the
	// back rank, so it may only slide along it (c8..g8); a8 and the b-file are refused. The
	// other legal moves are Kg8 and the four pawn moves.
	seqs = naiveMustSequences(t, "1r5k/6pp/8/8/8/8/8/R3K3 b - - 0 1", naiveMonster)
	wantB := []string{"b8c8", "b8d8", "b8e8", "b8f8", "b8g8", "g7g5", "g7g6", "h7h5", "h7h6", "h8g8"}
	if strings.Join(seqs, ",") != strings.Join(wantB, ",") {
		t.Errorf("black's turn under two-move threats: %v, want %v", seqs, wantB)
	}
	// Without the guard every black move is refused: the game is over (mate).
	if n, err := naiveTurnPerft("7k/6pp/8/8/8/8/8/R3K3 b - - 0 1", naiveMonster, 1); err != nil || n != 0 {
		t.Errorf("back rank under two-move threats: %d %v, want 0", n, err)
	}
	for _, c := range []struct {
		fen  string
		r    naiveTurns
		want string
	}{
		{"7k/6pp/8/8/8/8/8/R3K3 b - - 0 1", naiveMonster, "checkmate"},
		{"7k/6pp/8/8/8/8/8/R3K3 b - - 0 1", naiveOrthodox, ""},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", naiveOrthodox, "stalemate"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", naiveMonster, "checkmate"}, // Qg7 is one of White's two
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", naiveMarseillais, "checkmate"},
		{naiveChessStart, naiveMarseillais, ""},
	} {
		if got, err := naiveOutcome(c.fen, c.r); err != nil || got != c.want {
			t.Errorf("outcome of %s: %q %v, want %q", c.fen, got, err, c.want)
		}
	}
	// Castling under turn check: the king's start and passed squares use the ordinary test
	// (a rook on f8 forbids O-O), the landing square only the turn-end test.
	if s := naiveMustSequences(t, "5r1k/8/8/8/8/8/8/4K2R w K - 0 1", naiveMonster); naiveHas(s, "e1g1 g1h1") || !naiveHas(s, "e1d1 h1h2") {
		t.Errorf("castling through an attacked square: %v", s)
	}
	if s := naiveMustSequences(t, "6rk/8/8/8/8/8/8/4K2R w K - 0 1", naiveMonster); !naiveHas(s, "e1g1 g1h2") || naiveHas(s, "e1g1 f1f2") {
		t.Errorf("castling onto an attacked square: %v", s)
	}

	// The schedules: moves(s, k).
	for _, c := range []struct {
		r          naiveTurns
		side, k, n int
	}{
		{naiveMarseillais, 0, 0, 1}, {naiveMarseillais, 0, 5, 2}, {naiveMarseillais, 1, 0, 2},
		{naiveMonster, 0, 3, 2}, {naiveMonster, 1, 3, 1},
		{naiveProgressive, 0, 0, 1}, {naiveProgressive, 0, 2, 5}, {naiveProgressive, 1, 0, 2}, {naiveProgressive, 1, 2, 6},
	} {
		if got := c.r.moves(c.side, c.k); got != c.n {
			t.Errorf("moves(%d, %d) = %d, want %d", c.side, c.k, got, c.n)
		}
	}
	// Bad input is an error.
	for _, fen := range []string{"8/8 w - -", "8/8/8/8/8/8/8/8 x - - 0 1", "8/8/8/8/8/8/8/8 w+2 - - 0 1", "9/8/8/8/8/8/8/8 w - - 0 1"} {
		if _, err := naiveTurnPerft(fen, naiveOrthodox, 1); err == nil {
			t.Errorf("%q: no error", fen)
		}
	}
}

func TestNaiveTurnsFENRoundTrip(t *testing.T) {
	for _, r := range []naiveTurns{naiveMarseillais, naiveMonster} {
		start := naiveChessStart
		if r.turnCheck {
			start = naiveMonsterStart
		}
		for _, fen := range naiveRandomTurnFENs(start, r, 7, 12) {
			p, err := naiveParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			if p.fen() != fen {
				t.Errorf("round trip %q -> %q", fen, p.fen())
			}
		}
	}
}

// TestNaiveTurnsStartPerft logs the three schedules' counts from their starts and asserts the
// ones known by reasoning: depths 1 and 2 of a 1-move then 2-move start equal chess perft 1 and
// 3 (the colour-mirror of chess's White, Black, White: one move each side, then the count of
// one side's moves, no check or en passant possible that early); the two-against-one start
// gives 99 (hand count in TestNaiveTurnsHandChecks) then 99*20 - 4 (Black keeps its 20 moves
// except after c4c5, d4d5, e4e5, f4f5, which each block a double step; no capture, no threat).
func TestNaiveTurnsStartPerft(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		fen  string
		r    naiveTurns
		want []uint64 // depths 1, 2, then 0 for depth 3 (logged only)
	}{
		{"balanced two-move", naiveChessStart, naiveMarseillais, []uint64{20, 8902, 0}},
		{"two against one, turn check", naiveMonsterStart, naiveMonster, []uint64{99, 99*20 - 4, 0}},
		{"progressive", naiveChessStart, naiveProgressive, []uint64{20, 8902, 0}},
	}
	for _, c := range cases {
		for i, want := range c.want {
			d := i + 1
			if d == 3 && c.r.grow > 0 && testing.Short() { // 131,652,734 turns: over a minute
				continue
			}
			t0 := time.Now()
			n, err := naiveTurnPerft(c.fen, c.r, d)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 || (want != 0 && n != want) {
				t.Errorf("%s depth %d: %d, want %d", c.name, d, n, want)
			}
			t.Logf("%s: perft %d = %d (%v)", c.name, d, n, time.Since(t0).Round(time.Millisecond))
		}
	}
}

func TestNaiveTurnsRandomPositions(t *testing.T) {
	for _, c := range []struct {
		name  string
		fen   string
		r     naiveTurns
		turns int
	}{
		{"balanced two-move", naiveChessStart, naiveMarseillais, 8},
		{"two against one, turn check", naiveMonsterStart, naiveMonster, 8},
		{"progressive", naiveChessStart, naiveProgressive, 3}, // turns of 1, 2, 3 moves
	} {
		fens := naiveRandomTurnFENs(c.fen, c.r, 1, c.turns)
		if len(fens) != c.turns {
			t.Fatalf("%s: %d random positions, want %d", c.name, len(fens), c.turns)
		}
		for i, fen := range fens {
			if i%2 == 0 {
				continue
			}
			depth := 2
			if c.r.grow > 0 {
				depth = 1
			}
			n, err := naiveTurnPerft(fen, c.r, depth)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Errorf("%s: %s has no turns", c.name, fen)
			}
			t.Logf("%s: %s perft %d = %d", c.name, fen, depth, n)
		}
	}
}
