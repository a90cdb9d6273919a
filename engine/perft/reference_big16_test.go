// A deliberately naive move generator for the 16x16 test variant (testdata/wide/big16.yaml), written from its rules, as an independent perft oracle.
package perft_test

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The reference knows nothing of Chimera: a mailbox board of bytes (rank-major, a1 first),
// the layout typed in again from the definition, each piece's moves written out by hand,
// castling, en passant and promotion by the rules the definition states, legality by
// copy-make and a scan of every enemy piece.

const (
	bgFiles = 16
	bgRanks = 16
)

// bgLayout is big16.yaml's layout, top rank first: '.' square, '*' missing, '-' unused.
var bgLayout = [bgRanks]string{
	"................",
	"................",
	"................",
	"................",
	"................",
	".............-..",
	"....-...........",
	".......**.......",
	".......**.......",
	"...........-....",
	"..-.............",
	"................",
	"................",
	"................",
	"................",
	"................",
}

// bgKind is the layout character of cell (f, r), or '*' off the board.
func bgKind(f, r int) byte {
	if f < 0 || r < 0 || f >= bgFiles || r >= bgRanks {
		return '*'
	}
	return bgLayout[bgRanks-1-r][f]
}

// bgBoard is a position: pieces ('.' empty; upper case White), the side to move (0 White),
// castling rights as rook squares, en-passant target squares and the pawn that made them.
type bgBoard struct {
	cell    [bgRanks][bgFiles]byte
	side    int
	rights  [bgRanks][bgFiles]bool
	ep      [bgRanks][bgFiles]bool
	victimF int
	victimR int
	hasEP   bool
}

// bgMove is a move of the reference.
type bgMove struct {
	ff, fr, tf, tr int
	promo          byte // upper-case letter, or 0
	castle         bool
	rf             int // castling: the rook's file
	ep             bool
	double         bool // a pawn's two- or three-square step (leaves en-passant targets)
}

func bgName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

func (m bgMove) String() string {
	s := bgName(m.ff, m.fr) + bgName(m.tf, m.tr)
	if m.promo != 0 {
		s += strings.ToLower(string(m.promo))
	}
	return s
}

func bgColor(pc byte) int {
	if pc >= 'a' && pc <= 'z' {
		return 1
	}
	return 0
}

func bgUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

func (b *bgBoard) at(f, r int) byte { return b.cell[r][f] }

func (b *bgBoard) own(f, r int) bool {
	pc := b.cell[r][f]
	return pc != '.' && bgColor(pc) == b.side
}

func (b *bgBoard) foe(f, r int) bool {
	pc := b.cell[r][f]
	return pc != '.' && bgColor(pc) != b.side
}

var bgSquareRE = regexp.MustCompile(`[a-p][0-9]+`)

// bgFromFEN reads a FEN of the variant: '*' for a missing or unused cell, castling K/Q/k/q
// as the outermost rook on each side of the king, en passant as square names.
func bgFromFEN(fen string) (*bgBoard, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("short FEN %q", fen)
	}
	b := &bgBoard{victimF: -1, victimR: -1}
	rows := strings.Split(f[0], "/")
	if len(rows) != bgRanks {
		return nil, fmt.Errorf("%d ranks", len(rows))
	}
	for i, row := range rows {
		r := bgRanks - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				for e := 0; e < n; e++ {
					b.cell[r][file] = '.'
					file++
				}
				j = k - 1
			default:
				if c == '*' {
					c = '.'
				}
				if file >= bgFiles {
					return nil, fmt.Errorf("rank %d too long", r+1)
				}
				b.cell[r][file] = c
				file++
			}
		}
		if file != bgFiles {
			return nil, fmt.Errorf("rank %d has %d cells", r+1, file)
		}
	}
	if f[1] == "b" {
		b.side = 1
	}
	for _, c := range f[2] {
		if c == '-' {
			break
		}
		side, r, king := 0, 0, byte('K')
		if c >= 'a' {
			side, r, king = 1, bgRanks-1, 'k'
		}
		kf := -1
		for x := 0; x < bgFiles; x++ {
			if b.cell[r][x] == king {
				kf = x
			}
		}
		rook := byte('R')
		if side == 1 {
			rook = 'r'
		}
		rf := -1
		for x := 0; x < bgFiles; x++ {
			if b.cell[r][x] != rook {
				continue
			}
			if (c == 'K' || c == 'k') && x > kf {
				rf = x // the outermost: the last one found
			}
			if (c == 'Q' || c == 'q') && x < kf && rf < 0 {
				rf = x
			}
		}
		if kf < 0 || rf < 0 {
			return nil, fmt.Errorf("castling right %c without king or rook", c)
		}
		b.rights[r][rf] = true
	}
	if f[3] != "-" {
		for _, name := range bgSquareRE.FindAllString(f[3], -1) {
			tf := int(name[0] - 'a')
			tr, _ := strconv.Atoi(name[1:])
			b.ep[tr-1][tf] = true
			b.hasEP = true
			// The pawn that passed it stands beyond it, seen from the side to move.
			if b.side == 0 {
				b.victimF, b.victimR = tf, tr-2
			} else {
				b.victimF, b.victimR = tf, tr
			}
		}
		// Several targets: the victim is beyond the farthest one.
		if b.side == 0 {
			for r := 0; r < bgRanks; r++ {
				if b.ep[r][b.victimF] {
					b.victimR = r - 1
					break
				}
			}
		}
	}
	return b, nil
}

var (
	bgKingSteps   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	bgKnightLeaps = [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	bgCamelLeaps  = [][2]int{{1, 3}, {3, 1}, {-1, 3}, {-3, 1}, {1, -3}, {3, -1}, {-1, -3}, {-3, -1}}
	bgRookDirs    = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bgBishopDirs  = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// bgPromotions are the letters a pawn promotes to on the last rank.
var bgPromotions = []byte{'Q', 'R', 'B', 'N', 'C'}

// leaps adds the moves to the given offsets that land on a square not held by the mover.
func (b *bgBoard) leaps(out []bgMove, f, r int, offsets [][2]int) []bgMove {
	for _, o := range offsets {
		tf, tr := f+o[0], r+o[1]
		if bgKind(tf, tr) != '.' || b.own(tf, tr) {
			continue
		}
		out = append(out, bgMove{ff: f, fr: r, tf: tf, tr: tr})
	}
	return out
}

// rides adds slides along dirs: through empty squares and unused cells, stopped by a piece
// (captured if an enemy), a missing cell or the edge; unused cells are never landed on.
func (b *bgBoard) rides(out []bgMove, f, r int, dirs [][2]int) []bgMove {
	for _, d := range dirs {
		for tf, tr := f+d[0], r+d[1]; ; tf, tr = tf+d[0], tr+d[1] {
			k := bgKind(tf, tr)
			if k == '*' {
				break
			}
			if k == '-' {
				continue
			}
			if b.cell[tr][tf] == '.' {
				out = append(out, bgMove{ff: f, fr: r, tf: tf, tr: tr})
				continue
			}
			if b.foe(tf, tr) {
				out = append(out, bgMove{ff: f, fr: r, tf: tf, tr: tr})
			}
			break
		}
	}
	return out
}

func (b *bgBoard) pawn(out []bgMove, f, r int) []bgMove {
	dir, start, last := 1, 1, bgRanks-1
	if b.side == 1 {
		dir, start, last = -1, bgRanks-2, 0
	}
	add := func(m bgMove) {
		if m.tr == last {
			for _, p := range bgPromotions {
				m.promo = p
				out = append(out, m)
			}
			return
		}
		out = append(out, m)
	}
	// One step forward onto an empty square.
	if bgKind(f, r+dir) == '.' && b.cell[r+dir][f] == '.' {
		add(bgMove{ff: f, fr: r, tf: f, tr: r + dir})
	}
	// Two or three steps from the start rank: every cell on the way empty (unused cells
	// are passed), stopped by a missing cell; it lands on squares only.
	if r == start {
		for k := 1; k <= 3; k++ {
			tr := r + k*dir
			kind := bgKind(f, tr)
			if kind == '*' || kind == '.' && b.cell[tr][f] != '.' {
				break
			}
			if k >= 2 && kind == '.' {
				add(bgMove{ff: f, fr: r, tf: f, tr: tr, double: true})
			}
		}
	}
	// Diagonal captures forward, and en passant onto a target square.
	for _, df := range []int{-1, 1} {
		tf, tr := f+df, r+dir
		if bgKind(tf, tr) != '.' {
			continue
		}
		if b.foe(tf, tr) {
			add(bgMove{ff: f, fr: r, tf: tf, tr: tr})
		} else if b.cell[tr][tf] == '.' && b.ep[tr][tf] && b.victimF >= 0 && b.foe(b.victimF, b.victimR) {
			add(bgMove{ff: f, fr: r, tf: tf, tr: tr, ep: true})
		}
	}
	return out
}

// attacked reports whether side by could capture on (f, r).
func (b *bgBoard) attacked(f, r, by int) bool {
	for pr := 0; pr < bgRanks; pr++ {
		for pf := 0; pf < bgFiles; pf++ {
			pc := b.cell[pr][pf]
			if pc == '.' || bgColor(pc) != by {
				continue
			}
			df, dr := f-pf, r-pr
			switch bgUpper(pc) {
			case 'K':
				if max(bgAbs(df), bgAbs(dr)) == 1 {
					return true
				}
			case 'N':
				if bgAbs(df)*bgAbs(dr) == 2 {
					return true
				}
			case 'C':
				if bgAbs(df)*bgAbs(dr) == 3 {
					return true
				}
			case 'P':
				dir := 1
				if by == 1 {
					dir = -1
				}
				if bgAbs(df) == 1 && dr == dir {
					return true
				}
			case 'Q':
				if b.rayReaches(pf, pr, f, r, true, true) {
					return true
				}
			case 'R':
				if b.rayReaches(pf, pr, f, r, true, false) {
					return true
				}
			case 'B':
				if b.rayReaches(pf, pr, f, r, false, true) {
					return true
				}
			}
		}
	}
	return false
}

// rayReaches reports whether a slider on (pf, pr) reaches (f, r) along a line it moves on.
func (b *bgBoard) rayReaches(pf, pr, f, r int, straight, diagonal bool) bool {
	df, dr := f-pf, r-pr
	if df == 0 && dr == 0 {
		return false
	}
	isStraight := df == 0 || dr == 0
	isDiagonal := bgAbs(df) == bgAbs(dr)
	if !(straight && isStraight || diagonal && isDiagonal) {
		return false
	}
	sf, sr := bgSign(df), bgSign(dr)
	for x, y := pf+sf, pr+sr; ; x, y = x+sf, y+sr {
		if bgKind(x, y) == '*' {
			return false
		}
		if x == f && y == r {
			return true
		}
		if bgKind(x, y) == '.' && b.cell[y][x] != '.' {
			return false
		}
	}
}

func bgAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func bgSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (b *bgBoard) king(side int) (int, int) {
	k := byte('K')
	if side == 1 {
		k = 'k'
	}
	for r := 0; r < bgRanks; r++ {
		for f := 0; f < bgFiles; f++ {
			if b.cell[r][f] == k {
				return f, r
			}
		}
	}
	return -1, -1
}

// castlings: the king on its first rank, not in check, a right on a rook of its own on
// that rank; every cell the king and the rook cross (both ends included) a square, empty
// but for the two of them; the king's way before its destination not attacked. Short
// (rook beyond the king's file): king to n, rook to m; long: king to c, rook to d.
func (b *bgBoard) castlings(out []bgMove) []bgMove {
	r := 0
	if b.side == 1 {
		r = bgRanks - 1
	}
	kf, kr := b.king(b.side)
	if kr != r || b.attacked(kf, kr, 1-b.side) {
		return out
	}
	rook := byte('R')
	if b.side == 1 {
		rook = 'r'
	}
	for rf := 0; rf < bgFiles; rf++ {
		if !b.rights[r][rf] || b.cell[r][rf] != rook {
			continue
		}
		kd, rd := 2, 3
		if rf > kf {
			kd, rd = 13, 12
		}
		ok := true
		for _, span := range [][2]int{{min(kf, kd), max(kf, kd)}, {min(rf, rd), max(rf, rd)}} {
			for x := span[0]; x <= span[1]; x++ {
				if bgKind(x, r) != '.' || b.cell[r][x] != '.' && x != kf && x != rf {
					ok = false
				}
			}
		}
		for x := min(kf, kd) + 1; ok && x < max(kf, kd); x++ {
			if b.attacked(x, r, 1-b.side) {
				ok = false
			}
		}
		if ok {
			out = append(out, bgMove{ff: kf, fr: r, tf: kd, tr: r, castle: true, rf: rf})
		}
	}
	return out
}

func (b *bgBoard) pseudo() []bgMove {
	var out []bgMove
	for r := 0; r < bgRanks; r++ {
		for f := 0; f < bgFiles; f++ {
			if !b.own(f, r) {
				continue
			}
			switch bgUpper(b.cell[r][f]) {
			case 'K':
				out = b.leaps(out, f, r, bgKingSteps)
			case 'N':
				out = b.leaps(out, f, r, bgKnightLeaps)
			case 'C':
				out = b.leaps(out, f, r, bgCamelLeaps)
			case 'Q':
				out = b.rides(out, f, r, bgRookDirs)
				out = b.rides(out, f, r, bgBishopDirs)
			case 'R':
				out = b.rides(out, f, r, bgRookDirs)
			case 'B':
				out = b.rides(out, f, r, bgBishopDirs)
			case 'P':
				out = b.pawn(out, f, r)
			}
		}
	}
	return b.castlings(out)
}

// play returns the position after m (copy-make).
func (b *bgBoard) play(m bgMove) *bgBoard {
	n := *b
	n.ep = [bgRanks][bgFiles]bool{}
	n.hasEP, n.victimF, n.victimR = false, -1, -1
	pc := b.cell[m.fr][m.ff]
	home := 0
	if b.side == 1 {
		home = bgRanks - 1
	}
	switch {
	case m.castle:
		rook := b.cell[m.fr][m.rf]
		n.cell[m.fr][m.ff], n.cell[m.fr][m.rf] = '.', '.'
		rd := 3
		if m.rf > m.ff {
			rd = 12
		}
		n.cell[m.fr][rd], n.cell[m.tr][m.tf] = rook, pc
		n.rights[home] = [bgFiles]bool{}
	default:
		if m.ep {
			n.cell[b.victimR][b.victimF] = '.'
		}
		n.cell[m.fr][m.ff] = '.'
		n.cell[m.tr][m.tf] = pc
		if m.promo != 0 {
			p := m.promo
			if b.side == 1 {
				p += 'a' - 'A'
			}
			n.cell[m.tr][m.tf] = p
		}
		n.rights[m.fr][m.ff], n.rights[m.tr][m.tf] = false, false
		if bgUpper(pc) == 'K' && m.fr == home {
			n.rights[home] = [bgFiles]bool{}
		}
		if m.double {
			dir := bgSign(m.tr - m.fr)
			for y := m.fr + dir; y != m.tr; y += dir {
				if bgKind(m.tf, y) == '.' {
					n.ep[y][m.tf], n.hasEP = true, true
				}
			}
			n.victimF, n.victimR = m.tf, m.tr
		}
	}
	n.side = 1 - b.side
	return &n
}

// legal is the pseudo-legal moves after which the mover's king is not attacked.
func (b *bgBoard) legal() []bgMove {
	var out []bgMove
	for _, m := range b.pseudo() {
		n := b.play(m)
		kf, kr := n.king(b.side)
		if !n.attacked(kf, kr, n.side) {
			out = append(out, m)
		}
	}
	return out
}

func (b *bgBoard) perft(depth int) int64 {
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

// legalTexts is the sorted coordinate texts of the legal moves.
func (b *bgBoard) legalTexts() []string {
	var out []string
	for _, m := range b.legal() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

// playText plays the legal move written as text.
func (b *bgBoard) playText(s string) (*bgBoard, error) {
	for _, m := range b.legal() {
		if m.String() == s {
			return b.play(m), nil
		}
	}
	return nil, fmt.Errorf("reference: no legal move %q", s)
}
