// A naive, independent Hostage Chess move generator (prisons, airfields, drops, exchanges, pool promotion), written from the rules text alone, its hand-derived tests, and the harness that compares the interpreter's "hostage" with it.
package interpreter_test

import (
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// hostKinds are the men that live in pools, in the order the FEN writes them; kings are
// never captured, so they never enter a pool.
const hostKinds = "QRBNP"

// hostValue is the exchange value of each kind of hostKinds: P < N = B < R < Q.
var hostValue = [5]int{9, 5, 3, 3, 1}

// hostPool counts the men of each kind of hostKinds.
type hostPool [5]int

// hostBoard is a Hostage position in the simplest form: 64 letters ('.' empty), a1 = 0.
// Index 0 of the pool arrays is White's, 1 Black's.
type hostBoard struct {
	sq        [64]byte
	white     bool     // white to move
	rights    [64]bool // rook squares whose castling right remains
	kingMoved [2]bool  // the side's king has moved (it can never castle again)
	ep        int      // the square a double step just passed over, or -1
	prison    [2]hostPool
	airfield  [2]hostPool
}

// hostMove is a move of the reference generator.
type hostMove struct {
	kind     byte // 'm' board move, 'd' drop, 'x' exchange
	from, to int  // to is the drop square for drops and exchanges
	promo    byte // board move: upper-case kind of the man promoted to, or 0
	castle   int  // board move: the rook's square when castling, else -1
	man      byte // drop: the kind dropped; exchange: the kind rescued (Y)
	give     byte // exchange: the kind given (X)
}

// hostChild is a legal move and the position it leads to.
type hostChild struct {
	move hostMove
	next hostBoard
}

var (
	hostKnightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	hostKingSteps   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	hostRookDirs    = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	hostBishopDirs  = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
)

// hostStep is the square (df, dr) away from sq, or -1 off the board.
func hostStep(sq, df, dr int) int {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

func hostIsWhite(pc byte) bool { return pc >= 'A' && pc <= 'Z' }

func hostUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

func hostLower(pc byte) byte {
	if pc >= 'A' && pc <= 'Z' {
		return pc - 'A' + 'a'
	}
	return pc
}

// hostColoured is the letter of kind k (upper case) in the colour of white.
func hostColoured(k byte, white bool) byte {
	if white {
		return hostUpper(k)
	}
	return hostLower(k)
}

// hostKindIndex is the index in hostKinds of a letter of either case, or -1.
func hostKindIndex(pc byte) int { return strings.IndexByte(hostKinds, hostUpper(pc)) }

func hostSide(white bool) int {
	if white {
		return 0
	}
	return 1
}

func hostSquareName(sq int) string { return string([]byte{byte('a' + sq%8), byte('1' + sq/8)}) }

func hostParseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return -1, fmt.Errorf("bad square %q", s)
	}
	return int(s[0]-'a') + 8*int(s[1]-'1'), nil
}

// hostReadPools reads the "[prisons][airfields]" suffix of the board field.
func (b *hostBoard) readPools(s string) error {
	var groups []string
	for s != "" {
		if s[0] != '[' {
			return fmt.Errorf("pools %q: want [...]", s)
		}
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return fmt.Errorf("pools %q: unclosed [", s)
		}
		groups, s = append(groups, s[1:end]), s[end+1:]
	}
	if len(groups) != 2 {
		return fmt.Errorf("pools: %d bracket groups, want 2", len(groups))
	}
	for g, text := range groups {
		for _, ch := range []byte(text) {
			k := hostKindIndex(ch)
			if k < 0 || !strings.ContainsRune("QRBNPqrbnp", rune(ch)) {
				return fmt.Errorf("pools: bad letter %q", ch)
			}
			if g == 0 {
				// A man in its own colour: a black man sits in White's prison.
				if hostIsWhite(ch) {
					b.prison[1][k]++
				} else {
					b.prison[0][k]++
				}
			} else {
				b.airfield[hostSide(hostIsWhite(ch))][k]++
			}
		}
	}
	return nil
}

// hostFromFEN parses a Hostage FEN; a board field without pools means empty pools.
func hostFromFEN(fen string) (*hostBoard, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("short FEN %q", fen)
	}
	b := &hostBoard{ep: -1, kingMoved: [2]bool{true, true}}
	for i := range b.sq {
		b.sq[i] = '.'
	}
	placement, pools := f[0], ""
	if i := strings.IndexByte(f[0], '['); i >= 0 {
		placement, pools = f[0][:i], f[0][i:]
		if err := b.readPools(pools); err != nil {
			return nil, fmt.Errorf("FEN %q: %v", fen, err)
		}
	}
	rows := strings.Split(placement, "/")
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
			if !strings.ContainsRune("KQRBNPkqrbnp", rune(ch)) || file > 7 {
				return nil, fmt.Errorf("FEN %q: bad row %q", fen, row)
			}
			b.sq[r*8+file] = ch
			file++
		}
		if file != 8 {
			return nil, fmt.Errorf("FEN %q: row %q has %d files", fen, row, file)
		}
	}
	switch f[1] {
	case "w", "b":
		b.white = f[1] == "w"
	default:
		return nil, fmt.Errorf("FEN %q: side %q", fen, f[1])
	}
	if err := b.readCastling(f[2]); err != nil {
		return nil, fmt.Errorf("FEN %q: %v", fen, err)
	}
	if f[3] != "-" {
		sq, err := hostParseSquare(f[3])
		if err != nil {
			return nil, fmt.Errorf("FEN %q: %v", fen, err)
		}
		b.ep = sq
	}
	for _, white := range []bool{true, false} {
		if b.kingSquare(white) < 0 {
			return nil, fmt.Errorf("FEN %q: no king of %s", fen, map[bool]string{true: "white", false: "black"}[white])
		}
	}
	return b, nil
}

// readCastling reads the castling field: K and Q name the outermost rook on that side of
// the king, another file letter the rook on that file, and the king's own file letter an
// unmoved king without a rook right. Any letter of a side says its king has not moved.
func (b *hostBoard) readCastling(field string) error {
	if field == "-" {
		return nil
	}
	for _, ch := range []byte(field) {
		white := hostIsWhite(ch)
		rank, rook := b.homeRank(white), hostColoured('R', white)
		k := -1
		for f := 0; f < 8; f++ {
			if b.sq[rank*8+f] == hostColoured('K', white) {
				k = f
			}
		}
		if k < 0 {
			return fmt.Errorf("castling %q: no king on its first rank", field)
		}
		b.kingMoved[hostSide(white)] = false
		r := -1
		switch u := hostUpper(ch); {
		case u == 'K':
			for f := 7; f > k && r < 0; f-- {
				if b.sq[rank*8+f] == rook {
					r = f
				}
			}
		case u == 'Q':
			for f := 0; f < k && r < 0; f++ {
				if b.sq[rank*8+f] == rook {
					r = f
				}
			}
		case u >= 'A' && u <= 'H':
			r = int(u - 'A')
			if r == k {
				continue // the unmoved king alone
			}
		default:
			return fmt.Errorf("castling %q: bad letter %q", field, ch)
		}
		if r < 0 || b.sq[rank*8+r] != rook {
			return fmt.Errorf("castling %q: right %c without its rook", field, ch)
		}
		b.rights[rank*8+r] = true
	}
	return nil
}

func (b *hostBoard) homeRank(white bool) int {
	if white {
		return 0
	}
	return 7
}

// kingSquare is the square of the king of the side white, or -1.
func (b *hostBoard) kingSquare(white bool) int {
	king := hostColoured('K', white)
	for sq, pc := range b.sq {
		if pc == king {
			return sq
		}
	}
	return -1
}

// placement writes the board field without the pools.
func (b *hostBoard) placement() string {
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
	return s.String()
}

// poolsField writes "[prisons][airfields]": each group White's men then Black's, Q R B N P.
func (b *hostBoard) poolsField() string {
	var s strings.Builder
	group := func(white, black *hostPool) {
		s.WriteByte('[')
		for i, pool := range []*hostPool{white, black} {
			for k := range hostKinds {
				for n := 0; n < pool[k]; n++ {
					s.WriteByte(hostColoured(hostKinds[k], i == 0))
				}
			}
		}
		s.WriteByte(']')
	}
	// White's men in the prison group are the ones Black holds.
	group(&b.prison[1], &b.prison[0])
	group(&b.airfield[0], &b.airfield[1])
	return s.String()
}

func (b *hostBoard) sideField() string {
	if b.white {
		return "w"
	}
	return "b"
}

// castlingField writes KQkq for the rook rights (a file letter for a rook that is not the
// outermost), the king's file letter for an unmoved king without rights, or "-".
func (b *hostBoard) castlingField() string {
	var s strings.Builder
	for _, white := range []bool{true, false} {
		if b.kingMoved[hostSide(white)] {
			continue
		}
		rank, rook := b.homeRank(white), hostColoured('R', white)
		k := b.kingSquare(white) % 8
		n := s.Len()
		for f := 7; f >= 0; f-- {
			if !b.rights[rank*8+f] {
				continue
			}
			outer := true
			lo, hi := f+1, 7
			if f < k {
				lo, hi = 0, f-1
			}
			for g := lo; g <= hi; g++ {
				if b.sq[rank*8+g] == rook {
					outer = false
				}
			}
			switch {
			case outer && f > k:
				s.WriteByte(hostColoured('K', white))
			case outer:
				s.WriteByte(hostColoured('Q', white))
			default:
				s.WriteByte(hostColoured(byte('A'+f), white))
			}
		}
		if s.Len() == n {
			s.WriteByte(hostColoured(byte('A'+k), white))
		}
	}
	if s.Len() == 0 {
		return "-"
	}
	return s.String()
}

// epField writes the en-passant square only when a pawn of the side to move could capture
// there (ignoring check), as the interpreter does.
func (b *hostBoard) epField() string {
	if b.ep < 0 {
		return "-"
	}
	dr := -1 // a white capturer stands a rank below the square
	if !b.white {
		dr = 1
	}
	pawn := hostColoured('P', b.white)
	for _, df := range []int{-1, 1} {
		if s := hostStep(b.ep, df, dr); s >= 0 && b.sq[s] == pawn {
			return hostSquareName(b.ep)
		}
	}
	return "-"
}

// fen writes the position; the move counters are not kept ("0 1").
func (b *hostBoard) fen() string {
	return b.placement() + b.poolsField() + " " + b.sideField() + " " + b.castlingField() + " " + b.epField() + " 0 1"
}

// key is the FEN without the counters.
func (b *hostBoard) key() string {
	return b.placement() + b.poolsField() + " " + b.sideField() + " " + b.castlingField() + " " + b.epField()
}

// coord writes m as the interpreter does: UCI for board moves (castling king to square),
// N@f3 for drops, B-N@g7 for exchanges.
func (b *hostBoard) coord(m hostMove) string {
	switch m.kind {
	case 'd':
		return string(m.man) + "@" + hostSquareName(m.to)
	case 'x':
		return string(m.give) + "-" + string(m.man) + "@" + hostSquareName(m.to)
	}
	s := hostSquareName(m.from) + hostSquareName(m.to)
	if m.promo != 0 {
		s += string(hostLower(m.promo))
	}
	return s
}

// attacked reports whether a man of the side byWhite attacks sq on the board as it stands.
// A pawn attacks its two forward diagonals whether or not it could move there.
func (b *hostBoard) attacked(sq int, byWhite bool) bool {
	is := func(t int, letters string) bool {
		if t < 0 || b.sq[t] == '.' || hostIsWhite(b.sq[t]) != byWhite {
			return false
		}
		return strings.IndexByte(letters, hostUpper(b.sq[t])) >= 0
	}
	for _, v := range hostKnightSteps {
		if is(hostStep(sq, v[0], v[1]), "N") {
			return true
		}
	}
	for _, v := range hostKingSteps {
		if is(hostStep(sq, v[0], v[1]), "K") {
			return true
		}
	}
	dr := -1 // a white pawn attacks from the rank below
	if !byWhite {
		dr = 1
	}
	if is(hostStep(sq, -1, dr), "P") || is(hostStep(sq, 1, dr), "P") {
		return true
	}
	for _, d := range []struct {
		dirs    [][2]int
		letters string
	}{{hostRookDirs, "RQ"}, {hostBishopDirs, "BQ"}} {
		for _, v := range d.dirs {
			t := hostStep(sq, v[0], v[1])
			for t >= 0 && b.sq[t] == '.' {
				t = hostStep(t, v[0], v[1])
			}
			if is(t, d.letters) {
				return true
			}
		}
	}
	return false
}

// inCheck reports whether the king of the side to move is attacked.
func (b *hostBoard) inCheck() bool {
	return b.attacked(b.kingSquare(b.white), !b.white)
}

func (b *hostBoard) own(sq int) bool { return b.sq[sq] != '.' && hostIsWhite(b.sq[sq]) == b.white }
func (b *hostBoard) foe(sq int) bool { return b.sq[sq] != '.' && hostIsWhite(b.sq[sq]) != b.white }

// dropSquares lists the empty squares a man of kind k may be dropped on.
func (b *hostBoard) dropSquares(k byte) []int {
	var out []int
	for sq, pc := range b.sq {
		if pc != '.' || k == 'P' && (sq/8 == 0 || sq/8 == 7) {
			continue
		}
		out = append(out, sq)
	}
	return out
}

// candidates lists the moves before the one legality test (the mover's king not attacked
// afterwards); castling is checked here for the squares the king starts on and crosses.
func (b *hostBoard) candidates() []hostMove {
	var out []hostMove
	us, them := hostSide(b.white), hostSide(!b.white)
	last := 7
	if !b.white {
		last = 0
	}
	board := func(from, to int) {
		pawn := hostUpper(b.sq[from]) == 'P'
		if !pawn || to/8 != last {
			out = append(out, hostMove{kind: 'm', from: from, to: to, castle: -1})
			return
		}
		// Promotion takes one of the mover's own men out of the opponent's prison; with
		// none there the pawn may not reach the last rank.
		for k := 0; k < 4; k++ {
			if b.prison[them][k] > 0 {
				out = append(out, hostMove{kind: 'm', from: from, to: to, promo: hostKinds[k], castle: -1})
			}
		}
	}
	for from := range b.sq {
		if !b.own(from) {
			continue
		}
		switch pc := hostUpper(b.sq[from]); pc {
		case 'P':
			dr, start := 1, 1
			if !b.white {
				dr, start = -1, 6
			}
			if t := hostStep(from, 0, dr); t >= 0 && b.sq[t] == '.' {
				board(from, t)
				if t2 := hostStep(t, 0, dr); from/8 == start && t2 >= 0 && b.sq[t2] == '.' {
					board(from, t2)
				}
			}
			for _, df := range []int{-1, 1} {
				t := hostStep(from, df, dr)
				if t < 0 {
					continue
				}
				if b.foe(t) {
					board(from, t)
				} else if t == b.ep && b.sq[t] == '.' {
					if v := hostStep(t, 0, -dr); b.sq[v] == hostColoured('P', !b.white) {
						board(from, t)
					}
				}
			}
		case 'N', 'K':
			steps := hostKnightSteps
			if pc == 'K' {
				steps = hostKingSteps
			}
			for _, v := range steps {
				if t := hostStep(from, v[0], v[1]); t >= 0 && !b.own(t) {
					board(from, t)
				}
			}
		default:
			var dirs [][2]int
			if pc != 'B' {
				dirs = append(dirs, hostRookDirs...)
			}
			if pc != 'R' {
				dirs = append(dirs, hostBishopDirs...)
			}
			for _, v := range dirs {
				for t := hostStep(from, v[0], v[1]); t >= 0; t = hostStep(t, v[0], v[1]) {
					if b.own(t) {
						break
					}
					board(from, t)
					if b.foe(t) {
						break
					}
				}
			}
		}
	}
	out = append(out, b.castlings()...)
	for k := range hostKinds {
		if b.airfield[us][k] == 0 {
			continue
		}
		for _, sq := range b.dropSquares(hostKinds[k]) {
			out = append(out, hostMove{kind: 'd', to: sq, man: hostKinds[k], castle: -1})
		}
	}
	for x := range hostKinds {
		if b.prison[us][x] == 0 {
			continue
		}
		for y := range hostKinds {
			if b.prison[them][y] == 0 || hostValue[x] < hostValue[y] {
				continue
			}
			for _, sq := range b.dropSquares(hostKinds[y]) {
				out = append(out, hostMove{kind: 'x', to: sq, give: hostKinds[x], man: hostKinds[y], castle: -1})
			}
		}
	}
	return out
}

// castlings: an unmoved king and a rook with a right on the first rank; king to the g or c
// file, rook to f or d; every square either crosses or reaches empty but for the two; the
// king not in check and not crossing an attacked square (its destination is left to the
// legality test).
func (b *hostBoard) castlings() []hostMove {
	if b.kingMoved[hostSide(b.white)] {
		return nil
	}
	rank := b.homeRank(b.white)
	k := b.kingSquare(b.white)
	if k < 0 || k/8 != rank || b.attacked(k, !b.white) {
		return nil
	}
	var out []hostMove
	for f := 0; f < 8; f++ {
		r := rank*8 + f
		if !b.rights[r] || b.sq[r] != hostColoured('R', b.white) {
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
		step := 1
		if kd < k {
			step = -1
		}
		for s := k + step; ok && kd != k && s != kd; s += step {
			if b.attacked(s, !b.white) {
				ok = false
			}
		}
		if ok {
			out = append(out, hostMove{kind: 'm', from: k, to: kd, castle: r})
		}
	}
	return out
}

// place puts a man of kind k of the side to move on sq by a drop: a rook dropped on its
// side's corner regains that corner's right while its king has never moved.
func (b *hostBoard) place(sq int, k byte, white bool) {
	b.sq[sq] = hostColoured(k, white)
	rank := b.homeRank(white)
	if k == 'R' && !b.kingMoved[hostSide(white)] && (sq == rank*8 || sq == rank*8+7) {
		b.rights[sq] = true
	}
}

// play returns the position after m (pseudo-legal in b) and whether it is legal.
func (b *hostBoard) play(m hostMove) (hostBoard, bool) {
	n := *b
	n.white = !b.white
	n.ep = -1
	us, them := hostSide(b.white), hostSide(!b.white)
	switch m.kind {
	case 'd':
		n.airfield[us][hostKindIndex(m.man)]--
		n.place(m.to, m.man, b.white)
	case 'x':
		n.prison[us][hostKindIndex(m.give)]--
		n.airfield[them][hostKindIndex(m.give)]++
		n.prison[them][hostKindIndex(m.man)]--
		n.place(m.to, m.man, b.white)
	default:
		pc := b.sq[m.from]
		rank := b.homeRank(b.white)
		if hostUpper(pc) == 'K' {
			n.kingMoved[us] = true
			for f := 0; f < 8; f++ {
				n.rights[rank*8+f] = false
			}
		}
		if m.castle >= 0 {
			rd := rank*8 + 5
			if m.castle < m.from {
				rd = rank*8 + 3
			}
			n.sq[m.from], n.sq[m.castle] = '.', '.'
			n.sq[m.to], n.sq[rd] = pc, b.sq[m.castle]
			break
		}
		n.rights[m.from] = false
		victim := -1
		if b.foe(m.to) {
			victim = m.to
		} else if hostUpper(pc) == 'P' && m.to == b.ep && m.to%8 != m.from%8 {
			victim = m.to - (m.to/8-m.from/8)*8 // the pawn beside the mover
		}
		if victim >= 0 {
			n.prison[us][hostKindIndex(b.sq[victim])]++
			n.sq[victim] = '.'
			n.rights[victim] = false
		}
		n.sq[m.from] = '.'
		n.sq[m.to] = pc
		if m.promo != 0 {
			// The pawn goes to the opponent's prison, the chosen man comes out of it.
			k := hostKindIndex(m.promo)
			n.prison[them][k]--
			n.prison[them][hostKindIndex('P')]++
			n.sq[m.to] = hostColoured(m.promo, b.white)
		}
		if hostUpper(pc) == 'P' && (m.to-m.from == 16 || m.from-m.to == 16) {
			n.ep = (m.from + m.to) / 2
		}
	}
	k := n.kingSquare(b.white)
	return n, k >= 0 && !n.attacked(k, !b.white)
}

// children lists the legal moves with the positions they lead to.
func (b *hostBoard) children() []hostChild {
	var out []hostChild
	for _, m := range b.candidates() {
		if n, ok := b.play(m); ok {
			out = append(out, hostChild{m, n})
		}
	}
	return out
}

// legalCoords is the sorted list of legal moves in coordinate notation.
func (b *hostBoard) legalCoords() []string {
	var out []string
	for _, c := range b.children() {
		out = append(out, b.coord(c.move))
	}
	sort.Strings(out)
	return out
}

// playCoord returns the position after the legal move written s.
func (b *hostBoard) playCoord(s string) (*hostBoard, error) {
	for _, c := range b.children() {
		if b.coord(c.move) == s {
			n := c.next
			return &n, nil
		}
	}
	return nil, fmt.Errorf("hostage reference: %s is not legal in %s", s, b.fen())
}

// hostPerft counts the leaf nodes depth plies below b.
func hostPerft(b *hostBoard, depth int) int64 {
	if depth == 0 {
		return 1
	}
	kids := b.children()
	if depth == 1 {
		return int64(len(kids))
	}
	var n int64
	for i := range kids {
		n += hostPerft(&kids[i].next, depth-1)
	}
	return n
}

// hostDivide is the count below each legal root move, keyed by its coordinate text.
func hostDivide(b *hostBoard, depth int) map[string]int64 {
	out := map[string]int64{}
	for _, c := range b.children() {
		out[b.coord(c.move)] = hostPerft(&c.next, depth-1)
	}
	return out
}

// Positions of the tests: the start and three with well-filled pools.
const (
	hostStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[][] w KQkq - 0 1"
	// Castling both sides; both prisons and airfields hold several kinds.
	hostRichA = "r3k2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R3K2R[BNrp][Pn] w KQkq - 0 1"
	// Pawns on the seventh and second ranks, every promotion choice on both sides; kings moved.
	hostRichB = "2r1k3/1P3pP1/4p3/3p4/3P4/4P3/1p3Pp1/2R1K3[RNqp][Bn] w - - 0 1"
	// Unmoved kings without a right on one wing (a dropped rook regains it), an en-passant
	// capture pending, exchanges open to Black only.
	hostRichC = "r3k3/pp3ppp/8/3pP3/8/8/PP3PPP/4K2R[QNp][Rrbp] w Ke d6 0 1"
)

var hostStarts = []string{hostStartFEN, hostRichA, hostRichB, hostRichC}

func hostMustFEN(t *testing.T, fen string) *hostBoard {
	t.Helper()
	b, err := hostFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hostMustPlay plays the coordinate moves in turn and returns the position reached.
func hostMustPlay(t *testing.T, b *hostBoard, moves ...string) *hostBoard {
	t.Helper()
	for _, s := range moves {
		n, err := b.playCoord(s)
		if err != nil {
			t.Fatalf("legal %v: %v", b.legalCoords(), err)
		}
		b = n
	}
	return b
}

// hostWithPrefix lists the moves of list that start with prefix.
func hostWithPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// TestHostageReferenceCaptures checks that captures, en passant included, fill the
// capturer's prison, and promotion's traffic between the pools.
func TestHostageReferenceCaptures(t *testing.T) {
	for i, c := range []struct {
		fen   string
		moves string
		want  string // key after the moves
	}{
		// 1.e4 d5 2.exd5: a black pawn in White's prison; 2...Qxd5 a white one in Black's.
		{hostStartFEN, "e2e4 d7d5 e4d5", "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p][] b KQkq -"},
		{hostStartFEN, "e2e4 d7d5 e4d5 d8d5", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp][] w KQkq -"},
		// En passant: the pawn taken beside the capturer goes to the prison.
		{"4k3/8/8/3pP3/8/8/8/4K3[][] w - d6 0 1", "e5d6", "4k3/8/3P4/8/8/8/8/4K3[p][] b - -"},
		// Capturing a rook on its corner takes its right; the king keeps its letter.
		{"r3k3/8/8/8/8/8/8/4K2B[][] w q - 0 1", "h1a8", "B3k3/8/8/8/8/8/8/4K3[r][] b e -"},
		// Promotion by capture: the rook goes to White's prison, the pawn to Black's, the
		// bishop out of Black's prison onto a8.
		{"r3k3/1P6/8/8/8/8/8/4K3[B][] w q - 0 1", "b7a8b", "B3k3/8/8/8/8/8/8/4K3[Pr][] b e -"},
		// Black promotes with a queen from White's prison.
		{"4k3/8/8/8/8/8/6p1/4K3[q][] b - - 0 1", "g2g1q", "4k3/8/8/8/8/8/8/4K1q1[p][] w - -"},
	} {
		b := hostMustPlay(t, hostMustFEN(t, c.fen), strings.Fields(c.moves)...)
		if got := b.key(); got != c.want {
			t.Errorf("#%d %s after %s: got %s want %s", i, c.fen, c.moves, got, c.want)
		}
	}
}

// TestHostageReferenceLists checks whole legal move lists derived by hand.
func TestHostageReferenceLists(t *testing.T) {
	squares := func(format string, skip ...string) string {
		var out []string
		for sq := 0; sq < 64; sq++ {
			if !slices.Contains(skip, hostSquareName(sq)) {
				out = append(out, fmt.Sprintf(format, hostSquareName(sq)))
			}
		}
		return strings.Join(out, " ")
	}
	for i, c := range []struct {
		fen, prefix string
		want        string // the moves with the prefix, in any order
		check       bool   // the side to move is in check
	}{
		// A knight drop anywhere empty.
		{"4k3/8/8/8/8/8/8/4K3[][Nb] w - - 0 1", "N@", squares("N@%s", "e1", "e8"), false},
		// No pawn drop on the first or eighth rank; a bishop on either colour.
		{"4k3/8/8/8/8/8/8/4K3[][Pb] w - - 0 1", "P@", squares("P@%s", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"), false},
		{"4k3/8/8/8/8/8/8/4K3[][Pb] b - - 0 1", "b@", "", false},
		{"4k3/8/8/8/8/8/8/4K3[][Pb] b - - 0 1", "B@", squares("B@%s", "e1", "e8"), false},
		// The rook a1 checks: the king steps off the rank, or a rook drop blocks.
		{"4k3/8/8/8/8/8/8/r3K3[][R] w - - 0 1", "", "R@b1 R@c1 R@d1 e1d2 e1e2 e1f2", true},
		// An exchange blocks the same check: the queen given rescues a bishop.
		{"4k3/8/8/8/8/8/8/r3K3[Bq][] w - - 0 1", "", "Q-B@b1 Q-B@c1 Q-B@d1 e1d2 e1e2 e1f2", true},
		// A back-rank check that two knight drops block: the king's squares are all covered.
		{"4Q2k/8/6K1/8/8/8/8/8[][n] b - - 0 1", "", "N@f8 N@g8", true},
		// The exchange value order: White gives r (5) or b (3) for N (3), never p (1).
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] w - - 0 1", "R-N@", squares("R-N@%s", "e1", "e8"), false},
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] w - - 0 1", "B-N@", squares("B-N@%s", "e1", "e8"), false},
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] w - - 0 1", "P-", "", false},
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] w - - 0 1", "N-", "", false},
		// Black gives N (3) for b (3) or p (1), never r (5); the rescued pawn not on rank 1 or 8.
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] b - - 0 1", "N-R@", "", false},
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] b - - 0 1", "N-B@", squares("N-B@%s", "e1", "e8"), false},
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] b - - 0 1", "N-P@", squares("N-P@%s", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"), false},
		// Equal values: R for R, Q for anything.
		{"4k3/8/8/8/8/8/8/4K3[QRr][] b - - 0 1", "R-", squares("R-R@%s", "e1", "e8"), false},
		{"4k3/8/8/8/8/8/8/4K3[QRr][] b - - 0 1", "Q-", squares("Q-R@%s", "e1", "e8"), false},
		// A rook does not buy back a queen.
		{"7k/8/6K1/8/8/8/8/8[Qr][] w - - 0 1", "R-", "", false},
		// No promotion without a piece of one's own in the opponent's prison (a pawn does
		// not count), by a step or a capture.
		{"4k2r/6P1/8/8/8/8/8/4K3[P][] w k - 0 1", "g7", "", false},
		// The same pawn still attacks f8 and h8: no O-O for Black, no Kf8.
		{"4k2r/6P1/8/8/8/8/8/4K3[P][] b k - 0 1", "e8", "e8d7 e8d8 e8e7 e8f7", false},
		// And it gives check.
		{"5k2/6P1/8/8/8/8/8/4K3[P][] b - - 0 1", "", "f8e7 f8e8 f8f7 f8g7 f8g8", true},
		// Every piece in the opponent's prison is a choice, and only those.
		{"4k3/1P6/8/8/8/8/8/4K3[QRBNP][] w - - 0 1", "b7", "b7b8b b7b8n b7b8q b7b8r", false},
		{"4k3/1P6/8/8/8/8/8/4K3[NNP][] w - - 0 1", "b7", "b7b8n", false},
		{"r3k3/1P6/8/8/8/8/8/4K3[Bq][] w q - 0 1", "b7", "b7a8b b7b8b", false},
		{"4k3/8/8/8/8/8/6p1/4K3[QRrn][] b - - 0 1", "g2", "g2g1n g2g1r", false},
		// A pawn dropped on the third rank has no double step.
		{"4k3/8/8/8/8/4P3/8/4K3[][] w - - 0 1", "e3", "e3e4", false},
	} {
		b := hostMustFEN(t, c.fen)
		got := hostWithPrefix(b.legalCoords(), c.prefix)
		want := strings.Fields(c.want)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("#%d %s %q: got %v want %v", i, c.fen, c.prefix, got, want)
		}
		if b.inCheck() != c.check {
			t.Errorf("#%d %s: in check %v want %v", i, c.fen, b.inCheck(), c.check)
		}
	}
}

// TestHostageReferenceDrops plays drops and exchanges and checks the positions reached.
func TestHostageReferenceDrops(t *testing.T) {
	for i, c := range []struct {
		fen, moves, want string
		legal            int  // the number of legal moves afterwards, or -1
		check            bool // the side to move afterwards is in check
	}{
		// A drop: the airfield loses the knight.
		{"4k3/8/8/8/8/8/8/4K3[][Nb] w - - 0 1", "N@f3", "4k3/8/8/8/8/5N2/8/4K3[][b] b - -", 5 + 61, false},
		// An exchange: b leaves White's prison for Black's airfield, N leaves Black's prison for f3.
		{"4k3/8/8/8/8/8/8/4K3[Nrbp][] w - - 0 1", "B-N@f3", "4k3/8/8/8/8/5N2/8/4K3[rp][b] b - -", 5 + 61, false},
		// Drop mate: Q@g7 guarded by the king; the knight in Black's airfield cannot help.
		{"7k/8/6K1/8/8/8/8/8[][Qn] w - - 0 1", "Q@g7", "7k/6Q1/6K1/8/8/8/8/8[][n] b - -", 0, true},
		{"7k/8/6K1/8/8/8/8/8[][Qn] w - - 0 1", "Q@h7", "7k/7Q/6K1/8/8/8/8/8[][n] b - -", 0, true},
		// A check from the back rank is not mate: two knight drops block.
		{"7k/8/6K1/8/8/8/8/8[][Qn] w - - 0 1", "Q@e8", "4Q2k/8/6K1/8/8/8/8/8[][n] b - -", 2, true},
		// An exchange that mates: give q, rescue Q onto g7; Black's new queen cannot help.
		{"7k/8/6K1/8/8/8/8/8[Qq][] w - - 0 1", "Q-Q@g7", "7k/6Q1/6K1/8/8/8/8/8[][q] b - -", 0, true},
		// A dropped pawn on its second rank double-steps and is taken en passant.
		{"4k3/8/8/8/3p4/8/8/4K3[][P] w - - 0 1", "P@e2 e8d8 e2e4", "3k4/8/8/8/3pP3/8/8/4K3[][] b - e3", -1, false},
		{"4k3/8/8/8/3p4/8/8/4K3[][P] w - - 0 1", "P@e2 e8d8 e2e4 d4e3", "3k4/8/8/8/8/4p3/8/4K3[P][] w - -", -1, false},
		// A rook dropped on a1 while the king has never moved regains the right.
		{"4k3/8/8/8/8/8/8/4K3[][R] w Ee - 0 1", "R@a1", "4k3/8/8/8/8/8/8/R3K3[][] b Qe -", -1, false},
		{"4k3/8/8/8/8/8/8/4K3[][R] w Ee - 0 1", "R@h1", "4k3/8/8/8/8/8/8/4K2R[][] b Ke -", -1, false},
		{"4k3/8/8/8/8/8/8/4K3[][R] w Ee - 0 1", "R@b1", "4k3/8/8/8/8/8/8/1R2K3[][] b Ee -", -1, false},
		{"4k3/8/8/8/8/8/8/4K3[][R] w Ee - 0 1", "R@a1 e8f8 e1c1", "5k2/8/8/8/8/8/8/2KR4[][] b - -", -1, false},
		// Not after the king has moved, and not by an exchange either.
		{"4k3/8/8/8/8/8/8/4K3[][R] w e - 0 1", "R@a1", "4k3/8/8/8/8/8/8/R3K3[][] b e -", -1, false},
		{"4k3/8/8/8/8/8/8/4K3[][R] w Ee - 0 1", "e1d1 e8d8 d1e1 d8e8 R@a1", "4k3/8/8/8/8/8/8/R3K3[][] b - -", -1, false},
		// A rescued rook dropped on h8 restores Black's right.
		{"4k3/8/8/8/8/8/8/4K3[Qr][] b Ee - 0 1", "Q-R@h8", "4k2r/8/8/8/8/8/8/4K3[][Q] w Ek -", -1, false},
		// A rook that moves back to its corner does not.
		{"4k3/8/8/8/8/8/8/R3K3[][] w Qe - 0 1", "a1a2 e8d8 a2a1", "3k4/8/8/8/8/8/8/R3K3[][] b E -", -1, false},
	} {
		b := hostMustPlay(t, hostMustFEN(t, c.fen), strings.Fields(c.moves)...)
		if got := b.key(); got != c.want {
			t.Errorf("#%d %s after %s: got %s want %s", i, c.fen, c.moves, got, c.want)
		}
		if c.legal >= 0 && len(b.children()) != c.legal {
			t.Errorf("#%d %s after %s: %d legal moves want %d: %v", i, c.fen, c.moves, len(b.children()), c.legal, b.legalCoords())
		}
		if b.inCheck() != c.check {
			t.Errorf("#%d %s after %s: in check %v want %v", i, c.fen, c.moves, b.inCheck(), c.check)
		}
	}
	// With the castling right regained the king may castle (and not with the wrong rook).
	b := hostMustPlay(t, hostMustFEN(t, "4k3/8/8/8/8/8/8/4K3[][R] w Ee - 0 1"), "R@a1", "e8f8")
	if got := hostWithPrefix(b.legalCoords(), "e1"); !slices.Contains(got, "e1c1") || slices.Contains(got, "e1g1") {
		t.Errorf("after R@a1: king moves %v, want e1c1 and no e1g1", got)
	}
	b = hostMustPlay(t, hostMustFEN(t, "4k3/8/8/8/8/8/8/4K3[][R] w e - 0 1"), "R@a1", "e8f8")
	if got := hostWithPrefix(b.legalCoords(), "e1"); slices.Contains(got, "e1c1") {
		t.Errorf("after a moved king's R@a1: king moves %v, want no e1c1", got)
	}
}

// TestHostageReferenceFEN round-trips the reference's own FEN reader and writer.
func TestHostageReferenceFEN(t *testing.T) {
	for i, c := range []struct{ in, want string }{
		{hostStartFEN, ""},
		{hostRichA, ""},
		{hostRichB, ""},
		{hostRichC, ""},
		{"4k3/8/8/8/8/8/8/R3K3[][] b Qe - 0 1", ""},
		{"4k3/8/8/8/8/8/8/4K3[QQRBNPPqrrbnpp][QRBNPPqrbnnp] w - - 0 1", ""},
		// Letters in any order when read; written White's men first, Q R B N P.
		{"4k3/8/8/8/8/8/8/4K3[pNbQ][nPqR] w - - 7 20", "4k3/8/8/8/8/8/8/4K3[QNbp][RPqn] w - - 0 1"},
		// The example of the decision.
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[pN][Qq] w KQkq - 2 3", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Np][Qq] w KQkq - 0 1"},
		// No pools at all reads as empty pools; X-FEN file letters; an ep square nobody can use is dropped.
		{"r3k2r/8/8/8/4P3/8/8/R3K2R b AHah e3 0 1", "r3k2r/8/8/8/4P3/8/8/R3K2R[][] b KQkq - 0 1"},
	} {
		b, err := hostFromFEN(c.in)
		if err != nil {
			t.Errorf("#%d %s: %v", i, c.in, err)
			continue
		}
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := b.fen(); got != want {
			t.Errorf("#%d %s: wrote %s want %s", i, c.in, got, want)
		}
		again, err := hostFromFEN(b.fen())
		if err != nil || *again != *b && again.key() != b.key() {
			t.Errorf("#%d %s: re-read %v %v", i, b.fen(), err, again)
		}
	}
	for i, bad := range []string{
		"4k3/8/8/8/8/8/8/4K3[K][] w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3[][] w Q - 0 1",
		"4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3[][x] w - - 0 1",
	} {
		if _, err := hostFromFEN(bad); err == nil {
			t.Errorf("#%d %s: read without error", i, bad)
		}
	}
}

// hostSpecimens are the two games of the rules text, as written there.
var hostSpecimens = []string{
	`1.e4 e5 2.Bc4 Bc5 3.Nf3 d6 4.d4 exd4 5.Nxd4 Qh4 6.g3 Qh3 7.Be3 (P-P)@g2
8.Qf3 Nf6 9.Rg1 Bg4 10.Qf4 N(b)d7 11.@g5 Ne5 12.gxf6 g5 13.Qxg5 Bxd4 14.(N-N)N@g7+ Kf8
15.Ne6+ Ke8 16.Qg7 N@f3+ 17.Kd1 Nxg1+ 18.Kc1 Bxe6 19.Bxe6 Qxe6 20.Qxh8+ (R-R)R@f8
21.(B-N)N@g7+ Kd7 22.Qxf8 Rxf8 23.Nxe6 (Q-Q)Q@e1+ 24.Resigns`,
	`1.e4 e5 2.Nf3 Nc6 3.Bb5 Bc5 4.c3 Qf6 5.Bxc6 dxc6 6.d4 exd4 7.cxd4 Bb4+ 8.Bd2
(B-N)N@d3+ 9.Ke2 Bxd2 10.Qxd2 Nf4+ 11.Kf1 (B-B)B@c4+ 12.Kg1 Nh3+ 13.gxh3 Qxf3
14 B@g2 (N-N)N@e2+ 15 Kf1 Nf4+ 16 Resigns`,
}

var (
	hostNumberRE   = regexp.MustCompile(`^[1-9][0-9]*\.*`)
	hostExchangeRE = regexp.MustCompile(`^\(([QRBNP])-([QRBNP])\)([QRBNP]?)@([a-h][1-8])$`)
	hostDropRE     = regexp.MustCompile(`^([QRBNP]?)@([a-h][1-8])$`)
	hostBoardRE    = regexp.MustCompile(`^([KQRBN]?)(?:\(([a-h])\)|([a-h]?)([1-8]?))(x?)([a-h][1-8]|[KQRBNP])=?([QRBN]?)$`)
)

// hostSpecimenMove is one move of a specimen game, matched to the reference.
type hostSpecimenMove struct {
	label, text, coord string
	check, mate        bool // the text says check (+) or mate
}

// hostReadGame replays a game text on the reference: move numbers dropped, the old forms
// of the rules text understood, each move matched to exactly one legal move; it stops at
// "Resigns". It returns the moves and an error naming the first move that fails.
func hostReadGame(b *hostBoard, game string) ([]hostSpecimenMove, *hostBoard, error) {
	var out []hostSpecimenMove
	number := 1
	for _, tok := range strings.Fields(game) {
		if num := hostNumberRE.FindString(tok); num != "" {
			number, _ = strconv.Atoi(strings.TrimRight(num, "."))
			tok = tok[len(num):]
		}
		if tok == "" {
			continue
		}
		if tok == "Resigns" {
			break
		}
		if tok == "mate" {
			if len(out) == 0 {
				return out, b, fmt.Errorf("mate before any move")
			}
			out[len(out)-1].mate = true
			continue
		}
		label := fmt.Sprintf("%d. %s", number, tok)
		if !b.white {
			label = fmt.Sprintf("%d... %s", number, tok)
		}
		sm := hostSpecimenMove{label: label, text: tok}
		body := strings.TrimRight(tok, "+#")
		sm.check = strings.HasSuffix(tok, "+")
		sm.mate = strings.HasSuffix(tok, "#")
		var hits []hostChild
		for _, c := range b.children() {
			if hostMatchesText(b, c.move, body) {
				hits = append(hits, c)
			}
		}
		if len(hits) != 1 {
			return out, b, fmt.Errorf("%s: %d matching legal moves in %s (legal %v)", label, len(hits), b.fen(), b.legalCoords())
		}
		sm.coord = b.coord(hits[0].move)
		out = append(out, sm)
		n := hits[0].next
		b = &n
		if b.white {
			number++
		}
	}
	return out, b, nil
}

// hostMatchesText reports whether the legal move m of b is the move written text (without
// its check mark).
func hostMatchesText(b *hostBoard, m hostMove, text string) bool {
	if g := hostExchangeRE.FindStringSubmatch(text); g != nil {
		return m.kind == 'x' && m.give == g[1][0] && m.man == g[2][0] && (g[3] == "" || g[3] == g[2]) && hostSquareName(m.to) == g[4]
	}
	if g := hostDropRE.FindStringSubmatch(text); g != nil {
		man := "P"
		if g[1] != "" {
			man = g[1]
		}
		return m.kind == 'd' && m.man == man[0] && hostSquareName(m.to) == g[2]
	}
	if m.kind != 'm' {
		return false
	}
	switch text {
	case "O-O", "0-0":
		return m.castle >= 0 && m.to%8 == 6
	case "O-O-O", "0-0-0":
		return m.castle >= 0 && m.to%8 == 2
	}
	g := hostBoardRE.FindStringSubmatch(text)
	if g == nil || m.castle >= 0 {
		return false
	}
	piece := "P"
	if g[1] != "" {
		piece = g[1]
	}
	if hostUpper(b.sq[m.from]) != piece[0] {
		return false
	}
	file := g[2] + g[3]
	if file != "" && hostSquareName(m.from)[0] != file[0] || g[4] != "" && hostSquareName(m.from)[1] != g[4][0] {
		return false
	}
	capture := b.foe(m.to) || piece == "P" && m.from%8 != m.to%8
	if capture != (g[5] == "x") {
		return false
	}
	if len(g[6]) == 1 { // KxR: the capture named by the captured man
		if !b.foe(m.to) || hostUpper(b.sq[m.to]) != g[6][0] {
			return false
		}
	} else if hostSquareName(m.to) != g[6] {
		return false
	}
	return string(hostLower(m.promo)) == strings.ToLower(g[7]) || m.promo == 0 && g[7] == ""
}

// TestHostageReferenceSpecimenGames replays the two games of the rules text on the
// reference: every move legal, every check mark a check.
func TestHostageReferenceSpecimenGames(t *testing.T) {
	for gi, game := range hostSpecimens {
		moves, end, err := hostReadGame(hostMustFEN(t, hostStartFEN), game)
		if err != nil {
			t.Errorf("game %d: %v", gi+1, err)
			continue
		}
		b := hostMustFEN(t, hostStartFEN)
		var unmarked []string
		for _, sm := range moves {
			b = hostMustPlay(t, b, sm.coord)
			if sm.check && !b.inCheck() {
				t.Errorf("game %d: %s is marked check but is not: %s", gi+1, sm.label, b.fen())
			}
			if !sm.check && b.inCheck() {
				unmarked = append(unmarked, sm.label)
			}
			if sm.mate && (len(b.children()) != 0 || !b.inCheck()) {
				t.Errorf("game %d: %s is marked mate but is not: %s", gi+1, sm.label, b.fen())
			}
		}
		if len(unmarked) > 0 {
			t.Logf("game %d: checks not marked in the text: %v", gi+1, unmarked)
		}
		t.Logf("game %d: %d moves, final %s (%d legal moves for the side that resigned, in check %v)", gi+1, len(moves), end.fen(), len(end.children()), end.inCheck())
	}
}

// TestHostageReferencePerft: for four plies no exchange can happen (it needs a capture by
// each side first) and no pawn can reach its last rank, so the counts are orthodox chess's.
func TestHostageReferencePerft(t *testing.T) {
	b := hostMustFEN(t, hostStartFEN)
	for depth, want := range []int64{1, 20, 400, 8902, 197281} {
		if got := hostPerft(b, depth); got != want {
			t.Errorf("perft %d: got %d want %d", depth, got, want)
		}
	}
}

// TestHostageReferenceFigures logs the reference's own perft counts (-v), deeper without -short.
func TestHostageReferenceFigures(t *testing.T) {
	for _, c := range []struct {
		name       string
		fen        string
		short, max int
	}{{"start", hostStartFEN, 3, 5}, {"rich A", hostRichA, 2, 3}, {"rich B", hostRichB, 2, 3}, {"rich C", hostRichC, 2, 3}} {
		b := hostMustFEN(t, c.fen)
		depth := c.max
		if testing.Short() {
			depth = c.short
		}
		for d := 1; d <= depth; d++ {
			start := time.Now()
			n := hostPerft(b, d)
			t.Logf("%s perft %d = %d (%v)", c.name, d, n, time.Since(start).Round(time.Millisecond))
		}
	}
}

// hostOpen opens the built-in "hostage", or skips the test while it does not exist.
func hostOpen(t *testing.T) *compiler.Ruleset {
	t.Helper()
	if !slices.Contains(defs.Builtins(), "hostage") {
		t.Skip(`no built-in "hostage" definition yet: nothing to compare the reference with`)
	}
	rs, err := interpreter.Open("hostage")
	if err != nil {
		t.Skipf(`the built-in "hostage" does not load yet: %v`, err)
	}
	return rs
}

// hostCompareState asserts that the interpreter's position agrees with the reference:
// placement and pools (as contents and as text), side, castling as sets, en passant.
func hostCompareState(t *testing.T, p *interpreter.Position, ref *hostBoard, where string) {
	t.Helper()
	fen := p.FEN()
	f := strings.Fields(fen)
	if len(f) != 6 {
		t.Fatalf("%s: interpreter FEN %q has %d fields", where, fen, len(f))
	}
	got, err := hostFromFEN(fen)
	if err != nil {
		t.Fatalf("%s: interpreter FEN: %v", where, err)
	}
	if got.sq != ref.sq || got.white != ref.white {
		t.Fatalf("%s: interpreter %s; reference %s (board or side)", where, fen, ref.fen())
	}
	if got.prison != ref.prison || got.airfield != ref.airfield {
		t.Fatalf("%s: interpreter %s; reference %s (pools)", where, fen, ref.fen())
	}
	if want := ref.placement() + ref.poolsField(); f[0] != want {
		t.Fatalf("%s: interpreter board field %s, the decided form is %s", where, f[0], want)
	}
	if got.rights != ref.rights || got.kingMoved != ref.kingMoved {
		t.Fatalf("%s: interpreter %s; reference %s (castling)", where, fen, ref.fen())
	}
	if f[3] != ref.epField() {
		t.Fatalf("%s: interpreter %s; reference %s (en passant)", where, fen, ref.fen())
	}
}

// hostRefResult is the reference's result with no legal move: "0-1"/"1-0" for checkmate,
// "1/2-1/2" for stalemate; "*" while there are moves.
func hostRefResult(b *hostBoard, moves int) string {
	switch {
	case moves > 0:
		return "*"
	case !b.inCheck():
		return "1/2-1/2"
	case b.white:
		return "0-1"
	}
	return "1-0"
}

func TestHostageMatchesReference(t *testing.T) {
	rs := hostOpen(t)
	games, plies := 200, 80
	if testing.Short() {
		games, plies = 24, 40
	}
	onBothCores(t, func(t *testing.T) {
		positions, mates, byRule := 0, 0, 0
		for g := 0; g < games; g++ {
			fen := hostStarts[g%len(hostStarts)]
			rng := rand.New(rand.NewSource(int64(104729*g + 17)))
			p := mustFEN(t, rs, fen)
			ref := hostMustFEN(t, fen)
			var history []string
			for ply := 0; ply <= plies; ply++ {
				where := fmt.Sprintf("game %d from %s after [%s]", g, fen, strings.Join(history, " "))
				hostCompareState(t, p, ref, where)
				legal := p.LegalMoves(nil)
				got, want := coords(p, legal), ref.legalCoords()
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("%s (%s): legal moves\n got  %v\n want %v (reference)", where, p.FEN(), got, want)
				}
				if p.InCheck() != ref.inCheck() {
					t.Fatalf("%s (%s): in check %v, reference %v", where, p.FEN(), p.InCheck(), ref.inCheck())
				}
				positions++
				res := p.Result()
				if e := p.Ended(); e.Over && len(legal) > 0 {
					// The fifty-move rule or repetition, which the reference does not keep.
					if e.Reason != "fifty-move rule" && e.Reason != "repetition" {
						t.Fatalf("%s (%s): interpreter ends the game with moves left: %+v", where, p.FEN(), e)
					}
					byRule++
					break
				}
				if wantRes := hostRefResult(ref, len(want)); res.Score != wantRes {
					t.Fatalf("%s (%s): result %+v, reference %s", where, p.FEN(), res, wantRes)
				}
				if len(legal) == 0 || ply == plies {
					if len(legal) == 0 && ref.inCheck() {
						mates++
					}
					break
				}
				m := legal[rng.Intn(len(legal))]
				c := p.Coord(m)
				history = append(history, c)
				p.Make(m)
				var err error
				if ref, err = ref.playCoord(c); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
		}
		t.Logf("%d positions compared in %d games, %d mates, %d ended by the fifty-move rule or repetition", positions, games, mates, byRule)
	})
}

func TestHostagePerftMatchesReference(t *testing.T) {
	rs := hostOpen(t)
	type perftCase struct {
		fen          string
		short, depth int
	}
	cases := []perftCase{{hostStartFEN, 3, 4}, {hostRichA, 2, 3}, {hostRichB, 2, 3}, {hostRichC, 2, 3}}
	want := make([]int64, len(cases))
	for i := range cases {
		if testing.Short() {
			cases[i].depth = cases[i].short
		}
		want[i] = hostPerft(hostMustFEN(t, cases[i].fen), cases[i].depth)
	}
	onBothCores(t, func(t *testing.T) {
		for i, c := range cases {
			p := mustFEN(t, rs, c.fen)
			got := corePerft(p, c.depth, make([][]interpreter.Move, c.depth+1))
			if got == want[i] {
				continue
			}
			// Divide: the count below each root move, on both sides.
			ref := hostDivide(hostMustFEN(t, c.fen), c.depth)
			var diffs []string
			seen := map[string]bool{}
			bufs := make([][]interpreter.Move, c.depth+1)
			for _, m := range p.LegalMoves(nil) {
				text := p.Coord(m)
				seen[text] = true
				n := int64(1)
				if c.depth > 1 {
					p.Make(m)
					n = corePerft(p, c.depth-1, bufs)
					p.Unmake()
				}
				if r, ok := ref[text]; !ok || r != n {
					diffs = append(diffs, fmt.Sprintf("%s: interpreter %d, reference %d (present %v)", text, n, r, ok))
				}
			}
			for text, r := range ref {
				if !seen[text] {
					diffs = append(diffs, fmt.Sprintf("%s: only in the reference (%d)", text, r))
				}
			}
			sort.Strings(diffs)
			t.Errorf("%s perft %d: interpreter %d, reference %d\n%s", c.fen, c.depth, got, want[i], strings.Join(diffs, "\n"))
		}
	})
}

// TestHostageSpecimenGames replays both games of the rules text through the interpreter:
// as written, with its own move parser, and move by move in coordinates against the
// reference (state, check marks).
func TestHostageSpecimenGames(t *testing.T) {
	rs := hostOpen(t)
	for gi, game := range hostSpecimens {
		moves, end, err := hostReadGame(hostMustFEN(t, hostStartFEN), game)
		if err != nil {
			t.Fatalf("game %d on the reference: %v", gi+1, err)
		}
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := gametext.PlayGame(p, game); err != nil {
			t.Errorf("game %d as written: %v", gi+1, err)
		} else {
			hostCompareState(t, p, end, fmt.Sprintf("game %d as written, at the end", gi+1))
		}

		p, _ = interpreter.Start(rs, "")
		ref := hostMustFEN(t, hostStartFEN)
		hostCompareState(t, p, ref, fmt.Sprintf("game %d at the start", gi+1))
		for _, sm := range moves {
			m, err := p.ParseMove(sm.coord)
			if err != nil {
				t.Fatalf("game %d: %s (%s) in %s: %v", gi+1, sm.label, sm.coord, p.FEN(), err)
			}
			p.Make(m)
			ref = hostMustPlay(t, ref, sm.coord)
			hostCompareState(t, p, ref, fmt.Sprintf("game %d after %s (%s)", gi+1, sm.label, sm.coord))
			if sm.check && !p.InCheck() {
				t.Errorf("game %d: %s is marked check; the interpreter sees none in %s", gi+1, sm.label, p.FEN())
			}
		}
	}
}
