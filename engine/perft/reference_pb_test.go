// A deliberately naive reference move generator for Prison Break and Claustrophobia, written from the rules files.
package perft_test

// The reference shares nothing with Chimera but the FEN text: its own mailbox board
// (letters on a file×rank array), its own piece rules hard-coded from the published
// rules of Prison Break and Claustrophobia, its own freezing, check,
// escape and scepter logic, and make-by-copy. It is slow on purpose: a square is attacked
// when some unfrozen enemy piece has a pseudo-legal capture of a king put there, found by
// generating that side's moves with the escape-square landing restriction lifted.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// pbRules describes one of the two variants to the reference.
type pbRules struct {
	name         string
	files, ranks int
	// cell[f][r]: '.' a square, '-' an unused cell (passed over as empty, never stood on).
	cell [8][8]byte
	// kingOnly[f][r]: only a king may end a move there (Prison Break's escape squares).
	kingOnly [8][8]bool
	// goal[side][f][r]: a king of side that moves there wins.
	goal [2][8][8]bool
	// freezing: Ice Queens (Q) freeze adjacent enemy pieces (Prison Break only).
	freezing bool
	promote  string // promotion choices, in order
}

func pbSquare(s string) (int, int) { return int(s[0] - 'a'), int(s[1] - '1') }

// pbPrisonBreakRules: 6x8, escape squares a4 and a5 for both kings, Ice Queens freeze.
func pbPrisonBreakRules() *pbRules {
	r := &pbRules{name: "prisonbreak", files: 6, ranks: 8, freezing: true, promote: "QBRN"}
	for f := 0; f < 6; f++ {
		for k := 0; k < 8; k++ {
			r.cell[f][k] = '.'
		}
	}
	for _, s := range []string{"a4", "a5"} {
		f, k := pbSquare(s)
		r.kingOnly[f][k] = true
		r.goal[0][f][k] = true
		r.goal[1][f][k] = true
	}
	return r
}

// pbClaustrophobiaRules: 7x8, the block a1-e8, palaces f1 f2 g2 (White) and f8 f7 g7
// (Black); the other ten cells unused; a king entering the opponent's palace wins.
func pbClaustrophobiaRules() *pbRules {
	r := &pbRules{name: "claustrophobia", files: 7, ranks: 8, promote: "QBRN"}
	for f := 0; f < 7; f++ {
		for k := 0; k < 8; k++ {
			r.cell[f][k] = '-'
			if f < 5 {
				r.cell[f][k] = '.'
			}
		}
	}
	for _, s := range []string{"f1", "f2", "g2"} {
		f, k := pbSquare(s)
		r.cell[f][k] = '.'
		r.goal[1][f][k] = true // Black's king wins in White's palace
	}
	for _, s := range []string{"f8", "f7", "g7"} {
		f, k := pbSquare(s)
		r.cell[f][k] = '.'
		r.goal[0][f][k] = true
	}
	return r
}

// pbBoard is a position: letters as in FEN ('.' empty), White upper case.
type pbBoard struct {
	rules  *pbRules
	sq     [8][8]byte
	side   int // 0 White, 1 Black
	epF    int // en-passant target square, epF < 0 when none
	epR    int
	winner int // -1 while the game goes on; the side whose king escaped or took the scepter
	// halfmove counts the half-moves since the last capture or pawn move; prev is the
	// position before the last move (nil at the start), for repetitions.
	halfmove int
	prev     *pbBoard
}

// pbMove is one move; caps are the squares captured in passing (not the destination).
type pbMove struct {
	ff, fr, tf, tr int
	promo          byte // upper-case letter or 0
	caps           [][2]int
}

func pbName(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

// key writes the move as coordinate notation plus its captured-in-passing squares,
// sorted: the form both generators are compared in.
func (m pbMove) key() string {
	s := pbName(m.ff, m.fr) + pbName(m.tf, m.tr)
	if m.promo != 0 {
		s += strings.ToLower(string(m.promo))
	}
	var cs []string
	for _, c := range m.caps {
		cs = append(cs, pbName(c[0], c[1]))
	}
	sort.Strings(cs)
	if len(cs) > 0 {
		s += "x" + strings.Join(cs, "x")
	}
	return s
}

func pbColor(pc byte) int {
	if pc >= 'a' && pc <= 'z' {
		return 1
	}
	return 0
}

func pbUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

func pbPiece(letter byte, side int) byte {
	if side == 1 {
		return letter - 'A' + 'a'
	}
	return letter
}

func pbFromFEN(rules *pbRules, fen string) (*pbBoard, error) {
	b := &pbBoard{rules: rules, epF: -1, winner: -1}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			b.sq[f][r] = '.'
		}
	}
	fields := strings.Fields(fen)
	rows := strings.Split(fields[0], "/")
	if len(rows) != rules.ranks {
		return nil, fmt.Errorf("%d ranks", len(rows))
	}
	for i, row := range rows {
		r := rules.ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				f += int(c - '0')
			case c == '*':
				if rules.cell[f][r] == '.' {
					return nil, fmt.Errorf("'*' on the square %s", pbName(f, r))
				}
				f++
			default:
				if !strings.ContainsRune("KQBRNP", rune(pbUpper(c))) || rules.cell[f][r] != '.' {
					return nil, fmt.Errorf("bad piece %q on %s", c, pbName(f, r))
				}
				b.sq[f][r] = c
				f++
			}
		}
		if f != rules.files {
			return nil, fmt.Errorf("rank %d has %d cells", r+1, f)
		}
	}
	if len(fields) > 1 && fields[1] == "b" {
		b.side = 1
	}
	if len(fields) > 3 && fields[3] != "-" {
		b.epF, b.epR = pbSquare(fields[3])
	}
	if len(fields) > 4 {
		b.halfmove, _ = strconv.Atoi(fields[4])
	}
	return b, nil
}

// onGrid reports whether (f, r) is a cell of the grid (square or unused).
func (b *pbBoard) onGrid(f, r int) bool {
	return f >= 0 && r >= 0 && f < b.rules.files && r < b.rules.ranks
}

// isSquare: a cell a piece can stand on.
func (b *pbBoard) isSquare(f, r int) bool { return b.onGrid(f, r) && b.rules.cell[f][r] == '.' }

// passable: a cell a piece may pass over as empty (an empty square or an unused cell).
func (b *pbBoard) passable(f, r int) bool {
	return b.onGrid(f, r) && (b.rules.cell[f][r] == '-' || b.sq[f][r] == '.')
}

func (b *pbBoard) empty(f, r int) bool { return b.isSquare(f, r) && b.sq[f][r] == '.' }

func (b *pbBoard) enemyOf(f, r, side int) bool {
	return b.isSquare(f, r) && b.sq[f][r] != '.' && pbColor(b.sq[f][r]) != side
}

func (b *pbBoard) friendOf(f, r, side int) bool {
	return b.isSquare(f, r) && b.sq[f][r] != '.' && pbColor(b.sq[f][r]) == side
}

// frozen reports whether the piece on (f, r) stands next to an enemy Ice Queen.
func (b *pbBoard) frozen(f, r int) bool {
	if !b.rules.freezing || b.sq[f][r] == '.' {
		return false
	}
	side := pbColor(b.sq[f][r])
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			if (df != 0 || dr != 0) && b.isSquare(f+df, r+dr) && b.sq[f+df][r+dr] == pbPiece('Q', 1-side) {
				return true
			}
		}
	}
	return false
}

// pseudo lists the moves of side's unfrozen pieces before the check rule. With anyLanding
// the escape-square restriction is lifted (for attacks on a king).
func (b *pbBoard) pseudo(side int, anyLanding bool) []pbMove {
	var out []pbMove
	seen := map[string]bool{}
	add := func(m pbMove) {
		if anyLanding { // attack probes need no deduplication
			out = append(out, m)
			return
		}
		if k := m.key(); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	for f := 0; f < b.rules.files; f++ {
		for r := 0; r < b.rules.ranks; r++ {
			pc := b.sq[f][r]
			if pc == '.' || pbColor(pc) != side || b.frozen(f, r) {
				continue
			}
			kind := pbUpper(pc)
			canLand := func(tf, tr int) bool {
				return b.isSquare(tf, tr) && (kind == 'K' || anyLanding || !b.rules.kingOnly[tf][tr])
			}
			// to lands on (tf, tr) if it is empty or enemy, capturing the passed squares too.
			to := func(tf, tr int, caps ...[2]int) {
				if canLand(tf, tr) && (b.empty(tf, tr) || b.enemyOf(tf, tr, side)) {
					add(pbMove{ff: f, fr: r, tf: tf, tr: tr, caps: caps})
				}
			}
			switch kind {
			case 'K', 'Q':
				for df := -1; df <= 1; df++ {
					for dr := -1; dr <= 1; dr++ {
						if df != 0 || dr != 0 {
							to(f+df, r+dr)
						}
					}
				}
			case 'N':
				for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
					to(f+d[0], r+d[1])
				}
			case 'B':
				// Ninja Guard: A adjacent diagonally, B beyond it.
				for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
					af, ar := f+d[0], r+d[1]
					bf, br := f+2*d[0], r+2*d[1]
					if !b.onGrid(af, ar) {
						continue
					}
					to(af, ar)
					if !b.isSquare(bf, br) || b.friendOf(bf, br, side) {
						continue
					}
					if b.enemyOf(af, ar, side) {
						to(bf, br, [2]int{af, ar})
					} else {
						to(bf, br) // A empty, unused or friendly
					}
				}
			case 'R':
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					// 1. Flight: over empty squares and unused cells, never capturing.
					tf, tr := f+d[0], r+d[1]
					for b.passable(tf, tr) {
						if canLand(tf, tr) {
							add(pbMove{ff: f, fr: r, tf: tf, tr: tr})
						}
						tf, tr = tf+d[0], tr+d[1]
					}
					// 2. Bombing: (tf, tr) is the first piece met (or off the grid).
					if b.enemyOf(tf, tr, side) {
						lf, lr := tf+d[0], tr+d[1]
						if b.empty(lf, lr) && canLand(lf, lr) {
							add(pbMove{ff: f, fr: r, tf: lf, tr: lr, caps: [][2]int{{tf, tr}}})
						}
					}
					// 3. Helicopter: A adjacent, B two away.
					af, ar := f+d[0], r+d[1]
					bf, br := f+2*d[0], r+2*d[1]
					if !b.onGrid(af, ar) || !b.isSquare(bf, br) || b.friendOf(bf, br, side) {
						continue
					}
					switch {
					case b.friendOf(af, ar, side):
						to(bf, br)
					case b.enemyOf(af, ar, side):
						if b.enemyOf(bf, br, side) {
							to(bf, br, [2]int{af, ar})
						}
					default: // A empty or unused
						if b.enemyOf(bf, br, side) {
							to(bf, br)
						}
					}
				}
			case 'P':
				fwd := 1
				if side == 1 {
					fwd = -1
				}
				last := b.rules.ranks - 1
				second := 1
				if side == 1 {
					last, second = 0, b.rules.ranks-2
				}
				emit := func(tf, tr int, caps ...[2]int) {
					if !canLand(tf, tr) {
						return
					}
					if tr == last {
						for i := 0; i < len(b.rules.promote); i++ {
							add(pbMove{ff: f, fr: r, tf: tf, tr: tr, promo: b.rules.promote[i], caps: caps})
						}
						return
					}
					add(pbMove{ff: f, fr: r, tf: tf, tr: tr, caps: caps})
				}
				if b.empty(f, r+fwd) {
					emit(f, r+fwd)
					if r == second && b.empty(f, r+2*fwd) {
						emit(f, r+2*fwd)
					}
				}
				for _, df := range []int{-1, 1} {
					tf, tr := f+df, r+fwd
					if b.enemyOf(tf, tr, side) {
						emit(tf, tr)
					}
					if b.epF == tf && b.epR == tr && b.empty(tf, tr) && b.enemyOf(tf, r, side) && pbUpper(b.sq[tf][r]) == 'P' {
						emit(tf, tr, [2]int{tf, r})
					}
					// Slide: an enemy straight ahead, an empty square diagonally forward.
					if b.enemyOf(f, r+fwd, side) && b.empty(tf, tr) {
						emit(tf, tr)
					}
				}
			}
		}
	}
	return out
}

// attacked reports whether side's unfrozen pieces could capture a king of the other side
// standing on (f, r) (landing restrictions lifted).
func (b *pbBoard) attacked(f, r, side int) bool {
	c := *b
	// Freezing is decided on the real board; the king put on the target freezes nothing.
	frozen := [8][8]bool{}
	for x := 0; x < b.rules.files; x++ {
		for y := 0; y < b.rules.ranks; y++ {
			frozen[x][y] = b.frozen(x, y)
		}
	}
	c.sq[f][r] = pbPiece('K', 1-side)
	c.epF = -1
	for _, m := range c.pseudo(side, true) {
		if frozen[m.ff][m.fr] {
			continue
		}
		if m.tf == f && m.tr == r {
			return true
		}
		for _, x := range m.caps {
			if x[0] == f && x[1] == r {
				return true
			}
		}
	}
	return false
}

func (b *pbBoard) king(side int) (int, int) {
	for f := 0; f < b.rules.files; f++ {
		for r := 0; r < b.rules.ranks; r++ {
			if b.sq[f][r] == pbPiece('K', side) {
				return f, r
			}
		}
	}
	return -1, -1
}

func (b *pbBoard) inCheck(side int) bool {
	f, r := b.king(side)
	return f >= 0 && b.attacked(f, r, 1-side)
}

// play returns the position after m (make by copy).
func (b *pbBoard) play(m pbMove) *pbBoard {
	c := *b
	c.prev = b
	c.halfmove++
	pc := c.sq[m.ff][m.fr]
	if pbUpper(pc) == 'P' || len(m.caps) > 0 || c.sq[m.tf][m.tr] != '.' {
		c.halfmove = 0
	}
	for _, x := range m.caps {
		c.sq[x[0]][x[1]] = '.'
	}
	c.sq[m.ff][m.fr] = '.'
	if m.promo != 0 {
		pc = pbPiece(m.promo, b.side)
	}
	c.sq[m.tf][m.tr] = pc
	c.epF = -1
	if pbUpper(pc) == 'P' && (m.tr-m.fr == 2 || m.fr-m.tr == 2) {
		// As in chess (FIDE 9.2.2), the square passed is an en-passant target only when an
		// enemy pawn beside the landing square could take there.
		for _, f := range []int{m.ff - 1, m.ff + 1} {
			if f >= 0 && f < len(c.sq) && m.tr < len(c.sq[f]) && pbUpper(c.sq[f][m.tr]) == 'P' && pbColor(c.sq[f][m.tr]) != b.side {
				c.epF, c.epR = m.ff, (m.fr+m.tr)/2
			}
		}
	}
	if pbUpper(pc) == 'K' && b.rules.goal[b.side][m.tf][m.tr] {
		c.winner = b.side
	}
	c.side = 1 - b.side
	return &c
}

// legal lists the legal moves: none once a king has escaped or taken the scepter.
func (b *pbBoard) legal() []pbMove {
	if b.winner >= 0 {
		return nil
	}
	var out []pbMove
	for _, m := range b.pseudo(b.side, false) {
		if !b.play(m).inCheck(b.side) {
			out = append(out, m)
		}
	}
	return out
}

func (b *pbBoard) perft(depth int) int64 {
	moves := b.legal()
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		n += b.play(m).perft(depth - 1)
	}
	return n
}

// result: "1-0", "0-1", "1/2-1/2" (stalemate, fifty moves, threefold repetition) or "*".
func (b *pbBoard) result() string {
	win := [2]string{"1-0", "0-1"}
	if b.winner >= 0 {
		return win[b.winner]
	}
	if len(b.legal()) == 0 {
		if b.inCheck(b.side) {
			return win[1-b.side]
		}
		return "1/2-1/2"
	}
	if b.halfmove >= 100 {
		return "1/2-1/2"
	}
	seen := 1
	for q := b; q.prev != nil && q.halfmove > 0; q = q.prev {
		if p := q.prev; p.sq == b.sq && p.side == b.side && p.epF == b.epF && (b.epF < 0 || p.epR == b.epR) {
			seen++
		}
	}
	if seen >= 3 {
		return "1/2-1/2"
	}
	return "*"
}

func (b *pbBoard) keys() []string {
	var out []string
	for _, m := range b.legal() {
		out = append(out, m.key())
	}
	sort.Strings(out)
	return out
}
