// A deliberately naive Prisoner's Escape move generator, written from the rules file, as an independent perft oracle.
package perft_test

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The reference knows nothing of Chimera: its own mailbox board (rank-major, a1 first,
// '.' empty, '*' no cell, upper case White, lower case Black), its piece rules typed in
// from Prisoner's Escape's published rules, the inverted check, and copy-make.

const (
	peFiles = 7
	peRanks = 8
)

// peBoard is a position of the reference: cells and the side to move (0 White, 1 Black).
type peBoard struct {
	cell [peRanks][peFiles]byte
	side int
}

// peMove is a move of the reference; promo is the upper-case letter promoted to, or 0.
type peMove struct {
	ff, fr, tf, tr int
	promo          byte
}

func (m peMove) String() string {
	s := fmt.Sprintf("%c%d%c%d", 'a'+m.ff, m.fr+1, 'a'+m.tf, m.tr+1)
	if m.promo != 0 {
		s += strings.ToLower(string(m.promo))
	}
	return s
}

// peExists: the 7x6 block a2-g7 plus the cells d1 and d8.
func peExists(f, r int) bool {
	if f < 0 || f >= peFiles || r < 0 || r >= peRanks {
		return false
	}
	if r == 0 || r == peRanks-1 {
		return f == 3
	}
	return true
}

func peColor(pc byte) int {
	if pc >= 'a' && pc <= 'z' {
		return 1
	}
	return 0
}

func peUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

func peEmpty(pc byte) bool { return pc == '.' }

// peForward is the rank step toward the opponent.
func peForward(side int) int {
	if side == 0 {
		return 1
	}
	return -1
}

// peFromFEN reads the reference's own FEN subset (board and side).
func peFromFEN(fen string) (*peBoard, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return nil, fmt.Errorf("fen %q: want board and side", fen)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != peRanks {
		return nil, fmt.Errorf("fen %q: %d rows", fen, len(rows))
	}
	b := &peBoard{}
	for i, row := range rows {
		r := peRanks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '9':
				for n := int(c - '0'); n > 0; n-- {
					if f >= peFiles || !peExists(f, r) {
						return nil, fmt.Errorf("fen %q: bad count on rank %d", fen, r+1)
					}
					b.cell[r][f] = '.'
					f++
				}
			case c == '*':
				if f >= peFiles || peExists(f, r) {
					return nil, fmt.Errorf("fen %q: bad '*' on rank %d", fen, r+1)
				}
				b.cell[r][f] = '*'
				f++
			case strings.IndexByte("INFHGPinfhgp", c) >= 0:
				if f >= peFiles || !peExists(f, r) {
					return nil, fmt.Errorf("fen %q: piece off the board on rank %d", fen, r+1)
				}
				b.cell[r][f] = c
				f++
			default:
				return nil, fmt.Errorf("fen %q: bad character %q", fen, c)
			}
		}
		if f != peFiles {
			return nil, fmt.Errorf("fen %q: rank %d has %d cells", fen, r+1, f)
		}
	}
	switch fields[1] {
	case "w":
	case "b":
		b.side = 1
	default:
		return nil, fmt.Errorf("fen %q: bad side", fen)
	}
	return b, nil
}

// fen writes the board part and the side, with neutral remaining fields.
func (b *peBoard) fen() string {
	var s strings.Builder
	for r := peRanks - 1; r >= 0; r-- {
		n := 0
		for f := 0; f < peFiles; f++ {
			c := b.cell[r][f]
			if c == '.' {
				n++
				continue
			}
			if n > 0 {
				s.WriteString(strconv.Itoa(n))
				n = 0
			}
			s.WriteByte(c)
		}
		if n > 0 {
			s.WriteString(strconv.Itoa(n))
		}
		if r > 0 {
			s.WriteByte('/')
		}
	}
	if b.side == 0 {
		s.WriteString(" w - - 0 1")
	} else {
		s.WriteString(" b - - 0 1")
	}
	return s.String()
}

// prisoner finds side's Prisoner.
func (b *peBoard) prisoner(side int) (int, int, bool) {
	for r := 0; r < peRanks; r++ {
		for f := 0; f < peFiles; f++ {
			c := b.cell[r][f]
			if peUpper(c) == 'I' && peColor(c) == side {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// The movement of each piece as (dx, dy) for White; dy flips for Black.
var (
	peKingSteps   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	peKnightJumps = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	// Falcon: forward as a bishop, backward as a rook (straight back only).
	peFalconRays = [][2]int{{1, 1}, {-1, 1}, {0, -1}}
	// Hunter: forward as a rook (straight ahead only), backward as a bishop.
	peHunterRays = [][2]int{{0, 1}, {1, -1}, {-1, -1}}
	// Guard: Falcon + Hunter, no sideways moves.
	peGuardRays = [][2]int{{1, 1}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {-1, -1}}
)

// rays returns the riding directions of an upper-case letter, or nil.
func peRays(kind byte) [][2]int {
	switch kind {
	case 'F':
		return peFalconRays
	case 'H':
		return peHunterRays
	case 'G':
		return peGuardRays
	}
	return nil
}

// capturable: an enemy piece that is not a Prisoner.
func (b *peBoard) capturable(f, r, side int) bool {
	c := b.cell[r][f]
	return !peEmpty(c) && c != '*' && peColor(c) != side && peUpper(c) != 'I'
}

// pseudo lists the moves of side before the check rule.
func (b *peBoard) pseudo(side int) []peMove {
	var out []peMove
	fw := peForward(side)
	add := func(ff, fr, tf, tr int, kind byte) {
		// A pawn reaching the rank of the opponent's pieces promotes at once.
		if kind == 'P' && (side == 0 && tr == 6 || side == 1 && tr == 1) {
			for _, x := range []byte("GHFN") {
				out = append(out, peMove{ff, fr, tf, tr, x})
			}
			return
		}
		out = append(out, peMove{ff, fr, tf, tr, 0})
	}
	for r := 0; r < peRanks; r++ {
		for f := 0; f < peFiles; f++ {
			c := b.cell[r][f]
			if peEmpty(c) || c == '*' || peColor(c) != side {
				continue
			}
			kind := peUpper(c)
			switch kind {
			case 'I':
				for _, s := range peKingSteps {
					tf, tr := f+s[0], r+s[1]
					if peExists(tf, tr) && peEmpty(b.cell[tr][tf]) {
						add(f, r, tf, tr, kind)
					}
				}
			case 'N':
				for _, s := range peKnightJumps {
					tf, tr := f+s[0], r+s[1]
					if peExists(tf, tr) && (peEmpty(b.cell[tr][tf]) || b.capturable(tf, tr, side)) {
						add(f, r, tf, tr, kind)
					}
				}
			case 'F', 'H', 'G':
				for _, s := range peRays(kind) {
					dx, dy := s[0], s[1]*fw
					for tf, tr := f+dx, r+dy; peExists(tf, tr); tf, tr = tf+dx, tr+dy {
						if peEmpty(b.cell[tr][tf]) {
							add(f, r, tf, tr, kind)
							continue
						}
						if b.capturable(tf, tr, side) {
							add(f, r, tf, tr, kind)
						}
						break
					}
				}
			case 'P':
				if tf, tr := f, r+fw; peExists(tf, tr) && peEmpty(b.cell[tr][tf]) {
					add(f, r, tf, tr, kind)
				}
				for _, dx := range []int{-1, 1} {
					if tf, tr := f+dx, r+fw; peExists(tf, tr) && b.capturable(tf, tr, side) {
						add(f, r, tf, tr, kind)
					}
				}
			}
			// Friendly leap over a friendly piece straight or diagonally forward.
			if kind == 'N' || kind == 'F' || kind == 'H' || kind == 'G' {
				for _, dx := range []int{-1, 0, 1} {
					of, or := f+dx, r+fw
					tf, tr := f+2*dx, r+2*fw
					if !peExists(of, or) || !peExists(tf, tr) {
						continue
					}
					o := b.cell[or][of]
					if !peEmpty(o) && peColor(o) == side && peEmpty(b.cell[tr][tf]) {
						add(f, r, tf, tr, kind)
					}
				}
			}
		}
	}
	return out
}

// attacks reports whether side could capture a piece standing on (tf, tr) by an ordinary
// capturing move. Prisoners attack nothing; the friendly leap never captures.
func (b *peBoard) attacks(side, tf, tr int) bool {
	fw := peForward(side)
	for r := 0; r < peRanks; r++ {
		for f := 0; f < peFiles; f++ {
			c := b.cell[r][f]
			if peEmpty(c) || c == '*' || peColor(c) != side {
				continue
			}
			switch kind := peUpper(c); kind {
			case 'N':
				for _, s := range peKnightJumps {
					if f+s[0] == tf && r+s[1] == tr {
						return true
					}
				}
			case 'P':
				if r+fw == tr && (f-1 == tf || f+1 == tf) {
					return true
				}
			case 'F', 'H', 'G':
				for _, s := range peRays(kind) {
					dx, dy := s[0], s[1]*fw
					for x, y := f+dx, r+dy; peExists(x, y); x, y = x+dx, y+dy {
						if x == tf && y == tr {
							return true
						}
						if !peEmpty(b.cell[y][x]) {
							break
						}
					}
				}
			}
		}
	}
	return false
}

// inCheck: side is in check when the opposing Prisoner is not attacked by side.
func (b *peBoard) inCheck(side int) bool {
	f, r, ok := b.prisoner(1 - side)
	if !ok {
		return false
	}
	return !b.attacks(side, f, r)
}

// play returns a copy of b with m made.
func (b *peBoard) play(m peMove) peBoard {
	n := *b
	pc := n.cell[m.fr][m.ff]
	n.cell[m.fr][m.ff] = '.'
	if m.promo != 0 {
		pc = m.promo
		if b.side == 1 {
			pc = pc - 'A' + 'a'
		}
	}
	n.cell[m.tr][m.tf] = pc
	n.side = 1 - b.side
	return n
}

// legal keeps the moves after which the mover attacks the opposing Prisoner.
func (b *peBoard) legal() []peMove {
	var out []peMove
	for _, m := range b.pseudo(b.side) {
		n := b.play(m)
		if !n.inCheck(b.side) {
			out = append(out, m)
		}
	}
	return out
}

// result: "*" while moves remain; no legal move loses in check, else draws.
func (b *peBoard) result() string {
	if len(b.legal()) > 0 {
		return "*"
	}
	if !b.inCheck(b.side) {
		return "1/2-1/2"
	}
	if b.side == 0 {
		return "0-1"
	}
	return "1-0"
}

func (b *peBoard) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	ms := b.legal()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		c := b.play(m)
		n += c.perft(depth - 1)
	}
	return n
}

// moveList is the sorted coordinate notation of the legal moves.
func (b *peBoard) moveList() []string {
	var s []string
	for _, m := range b.legal() {
		s = append(s, m.String())
	}
	sort.Strings(s)
	return s
}
