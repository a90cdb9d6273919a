// A naive, independent Koopa chess move generator (bounce, stun, kick), written from the rules text alone, its own hand-checked tests, and the harness that compares the interpreter's "koopa" with it.
package interpreter_test

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// koopaStunTurns is the counter a freshly stunned piece gets: two moves of each side.
const koopaStunTurns = 4

// koopaBoard is a Koopa position in the simplest form: 64 letters ('.' empty), a1 = 0.
type koopaBoard struct {
	sq     [64]byte
	stun   [64]int8 // counter of the piece on the square; > 0 means stunned
	white  bool     // white to move
	rights [64]bool // rook squares whose castling right remains
	over   bool     // a king was hit: the game has ended
	winner byte     // 'w' or 'b' once over
}

// koopaMove is a move of the reference generator. For a capture, to is the square of the
// captured piece (where the capturer lands only when it kicks); for castling, to is the
// king's destination and castle the rook's square.
type koopaMove struct {
	from, to int
	promo    byte // lowercase letter or 0
	castle   int  // rook square when castling, else -1
}

// koopaChild is a legal move and the position it leads to.
type koopaChild struct {
	move koopaMove
	next koopaBoard
}

var (
	koopaKnightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	koopaKingSteps   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	koopaRookDirs    = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	koopaBishopDirs  = [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	koopaQueenDirs   = append(append([][2]int{}, koopaRookDirs...), koopaBishopDirs...)
)

// koopaAt is the square (df, dr) away from sq, or -1 off the board.
func koopaAt(sq, df, dr int) int {
	f, r := sq%8+df, sq/8+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

func koopaWhite(pc byte) bool { return pc >= 'A' && pc <= 'Z' }

func koopaUpper(pc byte) byte {
	if pc >= 'a' && pc <= 'z' {
		return pc - 'a' + 'A'
	}
	return pc
}

func koopaAbs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func koopaGCD(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// koopaUnitStep is the bounce and kick step of a move from from to to: the difference
// divided by the gcd of its components (a knight's jump, a pawn's diagonal, a slider's
// unit direction, a king's step).
func koopaUnitStep(from, to int) (df, dr int) {
	df, dr = to%8-from%8, to/8-from/8
	g := koopaGCD(koopaAbs(df), koopaAbs(dr))
	return df / g, dr / g
}

func koopaSquareName(sq int) string { return refName(sq) }

func koopaParseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return -1, fmt.Errorf("bad square %q", s)
	}
	return int(s[0]-'a') + 8*int(s[1]-'1'), nil
}

// koopaPlacement reads the board field of a FEN.
func koopaPlacement(field string) ([64]byte, error) {
	var sq [64]byte
	for i := range sq {
		sq[i] = '.'
	}
	rows := strings.Split(field, "/")
	if len(rows) != 8 {
		return sq, fmt.Errorf("placement %q: %d rows", field, len(rows))
	}
	for i, row := range rows {
		r, file := 7-i, 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			if !strings.ContainsRune("KQRBNPkqrbnp", rune(ch)) || file > 7 {
				return sq, fmt.Errorf("placement %q: bad row %q", field, row)
			}
			sq[r*8+file] = ch
			file++
		}
		if file != 8 {
			return sq, fmt.Errorf("placement %q: row %q has %d files", field, row, file)
		}
	}
	return sq, nil
}

// koopaCastlingRights reads an X-FEN / Shredder-FEN castling field against a placement: K
// and Q name the outermost rook on that side of the king on the first rank, a file letter
// names the rook on that file. The result is the set of rook squares.
func koopaCastlingRights(sq *[64]byte, field string) ([64]bool, error) {
	var rights [64]bool
	if field == "-" {
		return rights, nil
	}
	for _, ch := range []byte(field) {
		white := koopaWhite(ch)
		rank, king, rook := 0, byte('K'), byte('R')
		if !white {
			rank, king, rook = 7, 'k', 'r'
		}
		k := -1
		for f := 0; f < 8; f++ {
			if sq[rank*8+f] == king {
				k = f
			}
		}
		if k < 0 {
			return rights, fmt.Errorf("castling %q: no king on the first rank", field)
		}
		r := -1
		switch u := koopaUpper(ch); {
		case u == 'K':
			for f := 7; f > k && r < 0; f-- {
				if sq[rank*8+f] == rook {
					r = f
				}
			}
		case u == 'Q':
			for f := 0; f < k && r < 0; f++ {
				if sq[rank*8+f] == rook {
					r = f
				}
			}
		case u >= 'A' && u <= 'H':
			r = int(u - 'A')
		}
		if r < 0 || sq[rank*8+r] != rook {
			return rights, fmt.Errorf("castling %q: right %c without its rook", field, ch)
		}
		rights[rank*8+r] = true
	}
	return rights, nil
}

// koopaStuns reads the stun field ("b8:4,c7:4" or "-") into counters.
func koopaStuns(field string) ([64]int8, error) {
	var stun [64]int8
	if field == "-" || field == "" {
		return stun, nil
	}
	for _, item := range strings.Split(field, ",") {
		name, count, ok := strings.Cut(item, ":")
		if !ok {
			return stun, fmt.Errorf("stun field %q: item %q", field, item)
		}
		sq, err := koopaParseSquare(name)
		if err != nil {
			return stun, err
		}
		n, err := strconv.Atoi(count)
		if err != nil || n < 1 || n > koopaStunTurns {
			return stun, fmt.Errorf("stun field %q: counter %q", field, count)
		}
		stun[sq] = int8(n)
	}
	return stun, nil
}

// koopaFromFEN parses a FEN with the optional seventh field of stunned pieces.
func koopaFromFEN(fen string) (*koopaBoard, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return nil, fmt.Errorf("short FEN %q", fen)
	}
	b := &koopaBoard{white: f[1] == "w"}
	var err error
	if b.sq, err = koopaPlacement(f[0]); err != nil {
		return nil, err
	}
	if b.rights, err = koopaCastlingRights(&b.sq, f[2]); err != nil {
		return nil, err
	}
	if len(f) >= 7 {
		if b.stun, err = koopaStuns(f[6]); err != nil {
			return nil, err
		}
	}
	for sq, n := range b.stun {
		if n > 0 && b.sq[sq] == '.' {
			return nil, fmt.Errorf("FEN %q: stunned empty square %s", fen, koopaSquareName(sq))
		}
	}
	return b, nil
}

// placement writes the board field of a FEN.
func (b *koopaBoard) placement() string {
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

func (b *koopaBoard) sideField() string {
	if b.white {
		return "w"
	}
	return "b"
}

// castlingField writes the rights as KQkq for an outermost rook, else as its file letter.
func (b *koopaBoard) castlingField() string {
	var s strings.Builder
	for _, white := range []bool{true, false} {
		rank, king, rook, base := 0, byte('K'), byte('R'), byte('A')
		if !white {
			rank, king, rook, base = 7, 'k', 'r', 'a'
		}
		k := -1
		for f := 0; f < 8; f++ {
			if b.sq[rank*8+f] == king {
				k = f
			}
		}
		for f := 7; f >= 0; f-- { // the king's side first, as KQ
			sq := rank*8 + f
			if !b.rights[sq] {
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
				s.WriteByte(base + 'K' - 'A')
			case outer:
				s.WriteByte(base + 'Q' - 'A')
			default:
				s.WriteByte(base + byte(f))
			}
		}
	}
	if s.Len() == 0 {
		return "-"
	}
	return s.String()
}

// stunField writes the stunned pieces in board-field order (rank 8 first, a to h), or "".
func (b *koopaBoard) stunField() string {
	var items []string
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if n := b.stun[r*8+f]; n > 0 {
				items = append(items, fmt.Sprintf("%s:%d", koopaSquareName(r*8+f), n))
			}
		}
	}
	return strings.Join(items, ",")
}

// key is placement, side, castling and stuns ("-" when none), for the self-tests.
func (b *koopaBoard) key() string {
	st := b.stunField()
	if st == "" {
		st = "-"
	}
	return b.placement() + " " + b.sideField() + " " + b.castlingField() + " " + st
}

// fen is a FEN the interpreter reads (move counters are not tracked: 0 1).
func (b *koopaBoard) fen() string {
	s := b.placement() + " " + b.sideField() + " " + b.castlingField() + " - 0 1"
	if st := b.stunField(); st != "" {
		s += " " + st
	}
	return s
}

func (b *koopaBoard) own(sq int) bool {
	return b.sq[sq] != '.' && koopaWhite(b.sq[sq]) == b.white
}

func (b *koopaBoard) foe(sq int) bool {
	return b.sq[sq] != '.' && koopaWhite(b.sq[sq]) != b.white
}

// coord writes m in coordinate notation: origin and target (the captured piece's square
// for a capture, the rook's square for castling), then the promotion letter.
func (b *koopaBoard) coord(m koopaMove) string {
	to := m.to
	if m.castle >= 0 {
		to = m.castle
	}
	s := koopaSquareName(m.from) + koopaSquareName(to)
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

// attacked reports whether an unstunned piece of the side byWhite could capture on sq,
// sliders blocked by any piece on the board as it stands.
func (b *koopaBoard) attacked(sq int, byWhite bool) bool {
	is := func(t int, letters string) bool {
		if t < 0 || b.sq[t] == '.' || b.stun[t] > 0 || koopaWhite(b.sq[t]) != byWhite {
			return false
		}
		return strings.IndexByte(letters, koopaUpper(b.sq[t])) >= 0
	}
	for _, v := range koopaKnightSteps {
		if is(koopaAt(sq, v[0], v[1]), "N") {
			return true
		}
	}
	for _, v := range koopaKingSteps {
		if is(koopaAt(sq, v[0], v[1]), "K") {
			return true
		}
	}
	dr := -1 // a white pawn attacks from the rank below
	if !byWhite {
		dr = 1
	}
	if is(koopaAt(sq, -1, dr), "P") || is(koopaAt(sq, 1, dr), "P") {
		return true
	}
	for _, d := range []struct {
		dirs    [][2]int
		letters string
	}{{koopaRookDirs, "RQ"}, {koopaBishopDirs, "BQ"}} {
		for _, v := range d.dirs {
			t := koopaAt(sq, v[0], v[1])
			for t >= 0 && b.sq[t] == '.' {
				t = koopaAt(t, v[0], v[1])
			}
			if is(t, d.letters) {
				return true
			}
		}
	}
	return false
}

// landing is where a capture from from of the piece on victim leaves the capturer: the
// victim's square for a kick, the first empty square beyond it for a bounce, or -1 when the
// bounce leaves the board.
func (b *koopaBoard) landing(from, victim int) int {
	if b.stun[victim] > 0 {
		return victim
	}
	df, dr := koopaUnitStep(from, victim)
	t := koopaAt(victim, df, dr)
	for t >= 0 && b.sq[t] != '.' {
		t = koopaAt(t, df, dr)
	}
	return t
}

// candidates lists the moves of the unstunned pieces of the side to move before the one
// legality test (the mover's own king must stay on the board); castling is fully checked.
func (b *koopaBoard) candidates() []koopaMove {
	if b.over {
		return nil
	}
	var out []koopaMove
	last := 7
	if !b.white {
		last = 0
	}
	add := func(from, to int, promote bool) {
		if !promote {
			out = append(out, koopaMove{from: from, to: to, castle: -1})
			return
		}
		for _, pr := range []byte("qrbn") {
			out = append(out, koopaMove{from: from, to: to, promo: pr, castle: -1})
		}
	}
	capture := func(from, victim int) {
		pawn := koopaUpper(b.sq[from]) == 'P'
		land := b.landing(from, victim)
		add(from, victim, pawn && land >= 0 && land/8 == last)
	}
	for from := range b.sq {
		if !b.own(from) || b.stun[from] > 0 {
			continue
		}
		switch pc := koopaUpper(b.sq[from]); pc {
		case 'P':
			dr, start := 1, 1
			if !b.white {
				dr, start = -1, 6
			}
			if t := koopaAt(from, 0, dr); t >= 0 && b.sq[t] == '.' {
				add(from, t, t/8 == last)
				if t2 := koopaAt(t, 0, dr); from/8 == start && t2 >= 0 && b.sq[t2] == '.' {
					add(from, t2, false)
				}
			}
			for _, df := range []int{-1, 1} {
				if t := koopaAt(from, df, dr); t >= 0 && b.foe(t) {
					capture(from, t)
				}
			}
		case 'N', 'K':
			steps := koopaKnightSteps
			if pc == 'K' {
				steps = koopaKingSteps
			}
			for _, v := range steps {
				t := koopaAt(from, v[0], v[1])
				switch {
				case t < 0 || b.own(t):
				case b.foe(t):
					capture(from, t)
				default:
					add(from, t, false)
				}
			}
		default:
			dirs := koopaQueenDirs
			if pc == 'R' {
				dirs = koopaRookDirs
			} else if pc == 'B' {
				dirs = koopaBishopDirs
			}
			for _, v := range dirs {
				for t := koopaAt(from, v[0], v[1]); t >= 0; t = koopaAt(t, v[0], v[1]) {
					if b.own(t) {
						break
					}
					if b.foe(t) {
						capture(from, t)
						break
					}
					add(from, t, false)
				}
			}
		}
	}
	return append(out, b.castlings()...)
}

// castlings applies the Chess960 rule (the orthodox array is its special case): king and a
// rook with a right, neither stunned; king to the g or c file, rook to f or d; every square
// either crosses or reaches is empty but for the two of them; the king's square and every
// square it crosses before its destination are not attacked (the destination is not tested).
func (b *koopaBoard) castlings() []koopaMove {
	rank, king, rook := 0, byte('K'), byte('R')
	if !b.white {
		rank, king, rook = 7, 'k', 'r'
	}
	k := -1
	for f := 0; f < 8; f++ {
		if b.sq[rank*8+f] == king {
			k = rank*8 + f
		}
	}
	if k < 0 || b.stun[k] > 0 || b.attacked(k, !b.white) {
		return nil
	}
	var out []koopaMove
	for f := 0; f < 8; f++ {
		r := rank*8 + f
		if !b.rights[r] || b.sq[r] != rook || b.stun[r] > 0 {
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
		for s := k + step; ok && s != kd && kd != k; s += step {
			if b.attacked(s, !b.white) {
				ok = false
			}
		}
		if ok {
			out = append(out, koopaMove{from: k, to: kd, castle: r})
		}
	}
	return out
}

// play returns the position after m and whether m is legal: false when the mover's own
// king leaves the board (falling off as the capturer, or removed by a kick).
func (b *koopaBoard) play(m koopaMove) (koopaBoard, bool) {
	n := *b
	// Every counter running before the move drops by one; the move's own stuns are set
	// afterwards at the full count, and a piece already stunned keeps its (dropped) count.
	for sq := range n.stun {
		if n.stun[sq] > 0 {
			n.stun[sq]--
		}
	}
	n.white = !b.white
	pc := b.sq[m.from]
	rank := 0
	if !b.white {
		rank = 7
	}
	if koopaUpper(pc) == 'K' {
		for f := 0; f < 8; f++ {
			n.rights[rank*8+f] = false
		}
	}
	n.rights[m.from] = false
	placed := pc // the piece that lands, promoted when it is a pawn on its last rank
	if m.promo != 0 {
		placed = m.promo
		if b.white {
			placed = koopaUpper(placed)
		}
	}

	if m.castle >= 0 {
		rook := b.sq[m.castle]
		rd := rank*8 + 5
		if m.castle < m.from {
			rd = rank*8 + 3
		}
		n.sq[m.from], n.sq[m.castle] = '.', '.'
		n.sq[m.to], n.sq[rd] = pc, rook
		n.rights[m.castle] = false
		return n, true
	}
	n.sq[m.from] = '.'
	if !b.foe(m.to) {
		n.sq[m.to] = placed
		return n, true
	}

	ownKing, foeKing := byte('K'), byte('k')
	if !b.white {
		ownKing, foeKing = 'k', 'K'
	}
	firstKing := byte(0) // the first king the move hits, in path order
	foeHit := false
	hit := func(sq int) {
		if b.sq[sq] != ownKing && b.sq[sq] != foeKing {
			return
		}
		if firstKing == 0 {
			firstKing = b.sq[sq]
		}
		if b.sq[sq] == foeKing {
			foeHit = true
		}
	}
	df, dr := koopaUnitStep(m.from, m.to)
	hit(m.to)
	if b.stun[m.to] > 0 {
		// Kick: the victim goes, the capturer takes its square, and everything beyond it
		// in the same direction vanishes.
		n.sq[m.to], n.stun[m.to], n.rights[m.to] = placed, 0, false
		for t := koopaAt(m.to, df, dr); t >= 0; t = koopaAt(t, df, dr) {
			if b.sq[t] == '.' {
				continue
			}
			if b.sq[t] == ownKing {
				return n, false
			}
			hit(t)
			n.sq[t], n.stun[t], n.rights[t] = '.', 0, false
		}
	} else {
		// Bounce: the victim stays, stunned; the capturer goes on step by step, stunning
		// what it passes, to the first empty square or off the board.
		n.stun[m.to] = koopaStunTurns
		t := koopaAt(m.to, df, dr)
		for ; t >= 0 && b.sq[t] != '.'; t = koopaAt(t, df, dr) {
			hit(t)
			if b.stun[t] == 0 {
				n.stun[t] = koopaStunTurns
			}
		}
		if t < 0 {
			if pc == ownKing {
				return n, false
			}
		} else {
			n.sq[t] = placed
		}
	}
	if foeHit {
		n.over = true
		moverWins := firstKing != ownKing
		if moverWins == b.white {
			n.winner = 'w'
		} else {
			n.winner = 'b'
		}
	}
	return n, true
}

// children lists the legal moves with the positions they lead to (none once the game is over).
func (b *koopaBoard) children() []koopaChild {
	var out []koopaChild
	for _, m := range b.candidates() {
		if n, ok := b.play(m); ok {
			out = append(out, koopaChild{m, n})
		}
	}
	return out
}

// legalCoords is the sorted list of legal moves in coordinate notation.
func (b *koopaBoard) legalCoords() []string {
	var out []string
	for _, c := range b.children() {
		out = append(out, b.coord(c.move))
	}
	sort.Strings(out)
	return out
}

// playCoord returns the position after the legal move written s.
func (b *koopaBoard) playCoord(s string) (*koopaBoard, error) {
	for _, c := range b.children() {
		if b.coord(c.move) == s {
			n := c.next
			return &n, nil
		}
	}
	return nil, fmt.Errorf("koopa reference: %s is not legal in %s", s, b.fen())
}

// koopaPerft counts the leaf nodes depth plies below b.
func koopaPerft(b *koopaBoard, depth int) int64 {
	if depth == 0 {
		return 1
	}
	kids := b.children()
	if depth == 1 {
		return int64(len(kids))
	}
	var n int64
	for i := range kids {
		n += koopaPerft(&kids[i].next, depth-1)
	}
	return n
}

// koopaDivide is the count below each legal root move, keyed by its coordinate text.
func koopaDivide(b *koopaBoard, depth int) map[string]int64 {
	out := map[string]int64{}
	for _, c := range b.children() {
		out[b.coord(c.move)] = koopaPerft(&c.next, depth-1)
	}
	return out
}

// Positions of the rules text and the tests.
const (
	koopaStandardFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	koopaSeedFEN     = "nrkqnrbb/ppp2ppp/3p4/4p3/1P3P2/8/P1PPP1PP/BNQRNBKR w KQkq - 0 1"
)

func koopaMustFEN(t *testing.T, fen string) *koopaBoard {
	t.Helper()
	b, err := koopaFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// koopaMustPlay plays the coordinate moves in turn and returns the position reached.
func koopaMustPlay(t *testing.T, b *koopaBoard, moves ...string) *koopaBoard {
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

func koopaHas(list []string, s string) bool { return slices.Contains(list, s) }

// koopaWithPrefix lists the moves of list that start with prefix (a move's two squares).
func koopaWithPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// TestBounceReferenceSeedExamples replays the two examples of the rules text.
func TestBounceReferenceSeedExamples(t *testing.T) {
	b := koopaMustFEN(t, koopaSeedFEN)
	// 1.fxe5: the pawn stuns e5, bounces over d6, c7 and b8 (stunning them) and falls off.
	b = koopaMustPlay(t, b, "f4e5")
	if got, want := b.key(), "nrkqnrbb/ppp2ppp/3p4/4p3/1P6/8/P1PPP1PP/BNQRNBKR b KQkq b8:4,c7:4,d6:4,e5:4"; got != want {
		t.Fatalf("after 1.fxe5: got %s want %s", got, want)
	}
	if b.over {
		t.Fatal("after 1.fxe5: game over")
	}
	// 1...Qg5 (d8-e7-f6-g5): the counters drop to 3.
	b = koopaMustPlay(t, b, "d8g5")
	if got, want := b.key(), "nrk1nrbb/ppp2ppp/3p4/4p1q1/1P6/8/P1PPP1PP/BNQRNBKR w KQkq b8:3,c7:3,d6:3,e5:3"; got != want {
		t.Fatalf("after 1...Qg5: got %s want %s", got, want)
	}
	// 2.Bxe5 (a1-b2-c3-d4-e5) kicks the stunned e5 pawn; f6 is empty, g7 and h8 vanish.
	b = koopaMustPlay(t, b, "a1e5")
	if got, want := b.key(), "nrk1nrb1/ppp2p1p/3p4/4B1q1/1P6/8/P1PPP1PP/1NQRNBKR b KQkq b8:2,c7:2,d6:2"; got != want {
		t.Fatalf("after 2.Bxe5: got %s want %s", got, want)
	}
	// The stunned rook b8 keeps black's right on it (it neither moved nor was removed).
	if !b.rights[7*8+1] || !b.rights[7*8+5] || !b.rights[3] || !b.rights[7] {
		t.Fatalf("after 2.Bxe5: rights %s", b.castlingField())
	}
}

// TestBounceReferenceCounters follows one stun from 4 down to 0 and the stunned piece's moves.
func TestBounceReferenceCounters(t *testing.T) {
	// White: Ke1, Ra1, Nh1 (a spare mover); black: Ke8, Na5 (to be stunned), Ng8.
	b := koopaMustFEN(t, "4k1n1/8/8/n7/8/8/8/R3K2N w - - 0 1")
	// Rxa5 bounces: a5 stunned, the rook goes on to a6 (empty) and lands there.
	b = koopaMustPlay(t, b, "a1a5")
	if got, want := b.key(), "4k1n1/8/R7/n7/8/8/8/4K2N b - a5:4"; got != want {
		t.Fatalf("after Rxa5: got %s want %s", got, want)
	}
	for i, mv := range []string{"g8f6", "h1g3", "f6g8", "g3h1"} {
		if moves := koopaWithPrefix(b.legalCoords(), "a5"); len(moves) > 0 && b.stun[32] > 0 {
			t.Fatalf("#%d: the stunned knight a5 moves: %v", i, moves)
		}
		b = koopaMustPlay(t, b, mv)
		if got, want := int(b.stun[32]), 3-i; got != want {
			t.Fatalf("#%d after %s: counter %d want %d (%s)", i, mv, got, want, b.key())
		}
	}
	// Black to move, counter 0: the knight moves again (a5-b3, b7, c4, c6).
	if got := koopaWithPrefix(b.legalCoords(), "a5"); strings.Join(got, " ") != "a5b3 a5b7 a5c4 a5c6" {
		t.Fatalf("knight a5 after the stun: %v", got)
	}
	if st := b.stunField(); st != "" {
		t.Fatalf("stun field %q, want empty", st)
	}
}

// TestBounceReferenceBounces checks bounce geometry by hand.
func TestBounceReferenceBounces(t *testing.T) {
	for i, c := range []struct {
		fen, move, want string
	}{
		// Knight bounce: Nb1xc3 repeats (+1,+2): d5 (own pawn, stunned), e7 empty: lands.
		{"4k3/8/8/3P4/8/2p5/8/1N2K3 w - - 0 1", "b1c3", "4k3/4N3/8/3P4/8/2p5/8/4K3 b - d5:4,c3:4"},
		// Knight bounce off the board: Ng3xh5 (+1,+2) would go to i7: the knight is lost.
		{"4k3/8/8/7p/8/6N1/8/4K3 w - - 0 1", "g3h5", "4k3/8/8/7p/8/8/8/4K3 b - h5:4"},
		// Rook over both colours: a3 (black), a4 (white), a5 (black) stunned, lands on a6.
		{"4k3/8/8/n7/P7/p7/8/R3K3 w - - 0 1", "a1a3", "4k3/8/R7/n7/P7/p7/8/4K3 b - a5:4,a4:4,a3:4"},
		// An already stunned piece passed over keeps its running count (3, then dropping to 2).
		{"4k3/8/8/n7/P7/p7/8/R3K3 w - - 0 1 a5:3", "a1a3", "4k3/8/R7/n7/P7/p7/8/4K3 b - a5:2,a4:4,a3:4"},
		// Bishop bounce: Bb2xe5 goes on to f6 (black knight stunned) and g7 (empty).
		{"4k3/8/5n2/4p3/8/8/1B6/4K3 w - - 0 1", "b2e5", "4k3/6B1/5n2/4p3/8/8/8/4K3 b - f6:4,e5:4"},
		// Pawn bounce: c4xd5 goes on to e6 (black pawn, stunned), f7 empty: lands.
		{"4k3/8/4p3/3p4/2P5/8/8/4K3 w - - 0 1", "c4d5", "4k3/5P2/4p3/3p4/8/8/8/4K3 b - e6:4,d5:4"},
		// Black pawn: e5xd4 bounces down to c3 (empty).
		{"4k3/8/8/4p3/3P4/8/8/4K3 b - - 0 1", "e5d4", "4k3/8/8/8/3P4/2p5/8/4K3 w - d4:4"},
		// King bounce: Ke1xd2 goes on to c3 (empty); the king's castling rights go with it.
		{"r3k2r/8/8/8/8/8/3p4/R3K2R w KQkq - 0 1", "e1d2", "r3k2r/8/8/8/8/2K5/3p4/R6R b kq d2:4"},
		// Kick by a knight: Nb1xc3 (c3 stunned) lands there and removes d5 and e7 beyond.
		{"4k3/4p3/8/3P4/8/2p5/8/1N2K3 w - - 0 1 c3:2", "b1c3", "4k3/8/8/8/8/2N5/8/4K3 b - -"},
		// Kick by a rook along a file: a3 stunned, a4..a8 all removed, both colours.
		{"n3k3/8/8/n7/P7/p7/8/R3K3 w - - 0 1 a3:1", "a1a3", "4k3/8/8/8/8/R7/8/4K3 b - -"},
		// Kicking a rook with a castling right removes the right.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 h8:3", "h1h8", "r3k2R/8/8/8/8/8/8/R3K3 b Qq -"},
		// A bounce victim rook keeps its right (it stays), stunned.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h8", "r3k2r/8/8/8/8/8/8/R3K3 b Qkq h8:4"},
	} {
		b := koopaMustPlay(t, koopaMustFEN(t, c.fen), c.move)
		if got := b.key(); got != c.want {
			t.Errorf("#%d %s in %s: got %s want %s", i, c.move, c.fen, got, c.want)
		}
		if b.over {
			t.Errorf("#%d %s in %s: game over", i, c.move, c.fen)
		}
	}
}

// TestBounceReferenceKings checks hits on kings: the end of the game, who wins, and the
// moves that would remove one's own king.
func TestBounceReferenceKings(t *testing.T) {
	for i, c := range []struct {
		fen, move string
		legal     bool
		winner    byte // 0: the game goes on
		want      string
	}{
		// Capturing the king: it is stunned and the rook falls off past h8: white wins.
		{"7k/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8", true, 'w', "7k/8/8/8/8/8/8/4K3 b - h8:4"},
		// Bouncing over the black king (e4, stunned) on to e5: white wins.
		{"8/8/8/8/4k3/4p3/8/4RK2 w - - 0 1", "e1e3", true, 'w', "8/8/8/4R3/4k3/4p3/8/5K2 b - e4:4,e3:4"},
		// Bouncing over the black king (a4, stunned) on to a5: white wins.
		{"8/8/8/8/k7/p7/8/R3K3 w - - 0 1", "a1a3", true, 'w', "8/8/8/R7/k7/p7/8/4K3 b - a4:4,a3:4"},
		// Kicking the stunned black king: white wins.
		{"8/8/8/8/8/k7/8/R3K3 w - - 0 1 a3:2", "a1a3", true, 'w', "8/8/8/8/8/R7/8/4K3 b - -"},
		// A kick removing the black king beyond the victim: white wins.
		{"k7/8/8/8/8/p7/8/R3K3 w - - 0 1 a3:2", "a1a3", true, 'w', "8/8/8/8/8/R7/8/4K3 b - -"},
		// Stunning one's own king by a bounce is legal and the game goes on.
		{"4k3/8/8/4R3/4p3/4K3/8/8 w - - 0 1", "e5e4", true, 0, "4k3/8/8/8/4p3/4K3/4R3/8 b - e4:4,e3:4"},
		// Passing over one's own stunned king hits it too, but only it: the game goes on.
		{"4k3/8/8/4R3/4p3/4K3/8/8 w - - 0 1 e3:2", "e5e4", true, 0, "4k3/8/8/8/4p3/4K3/4R3/8 b - e4:4,e3:1"},
		// Kicking a piece with one's own king beyond: illegal.
		{"4k3/8/8/4R3/4p3/8/4K3/8 w - - 0 1 e4:2", "e5e4", false, 0, ""},
		// The king falling off the board as the capturer: illegal.
		{"4k3/8/8/8/8/8/p7/1K6 w - - 0 1", "b1a2", false, 0, ""},
		// The king bouncing and landing is legal.
		{"4k3/8/8/8/8/8/1p6/2K5 w - - 0 1", "c1b2", true, 0, "4k3/8/8/8/8/K7/1p6/8 b - b2:4"},
		// Both kings hit, the own one first (e4 before e6): the mover loses.
		{"8/8/4k3/4p3/4K3/4p3/8/4R3 w - - 0 1", "e1e3", true, 'b', "8/4R3/4k3/4p3/4K3/4p3/8/8 b - e6:4,e5:4,e4:4,e3:4"},
		// Both kings hit, the enemy one first: the mover wins.
		{"8/8/4K3/4p3/4k3/4p3/8/4R3 w - - 0 1", "e1e3", true, 'w', "8/4R3/4K3/4p3/4k3/4p3/8/8 b - e6:4,e5:4,e4:4,e3:4"},
	} {
		b := koopaMustFEN(t, c.fen)
		legal := b.legalCoords()
		if koopaHas(legal, c.move) != c.legal {
			t.Errorf("#%d %s in %s: legal %v, want %v", i, c.move, c.fen, !c.legal, c.legal)
			continue
		}
		if !c.legal || c.want == "" {
			continue
		}
		n := koopaMustPlay(t, b, c.move)
		if got := n.key(); got != c.want {
			t.Errorf("#%d %s in %s: got %s want %s", i, c.move, c.fen, got, c.want)
		}
		if n.over != (c.winner != 0) || n.winner != c.winner {
			t.Errorf("#%d %s in %s: over %v winner %q, want winner %q", i, c.move, c.fen, n.over, n.winner, c.winner)
		}
		if n.over && len(n.legalCoords()) != 0 {
			t.Errorf("#%d %s: the game is over but there are moves %v", i, c.move, n.legalCoords())
		}
	}
}

// TestBounceReferencePawns checks pawn captures onto and over the last rank.
func TestBounceReferencePawns(t *testing.T) {
	for i, c := range []struct {
		fen, prefix string
		want        string // the moves from the two squares, sorted
	}{
		// b6xa7 would bounce to file -1: lost, one move without a letter.
		{"4k3/n7/1P6/8/8/8/8/4K3 w - - 0 1", "b6a7", "b6a7"},
		// b7xc8 would bounce to d9: lost, one move.
		{"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8", "b7c8"},
		// e6xd7 bounces onto the empty c8: promotes, four moves.
		{"4k3/3p4/4P3/8/8/8/8/4K3 w - - 0 1", "e6d7", "e6d7b e6d7n e6d7q e6d7r"},
		// e6xd7 bounces over c8 (occupied) and falls off: one move.
		{"2b1k3/3p4/4P3/8/8/8/8/4K3 w - - 0 1", "e6d7", "e6d7"},
		// b7xc8 kicking a stunned piece lands on c8: promotes, four moves.
		{"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1 c8:3", "b7c8", "b7c8b b7c8n b7c8q b7c8r"},
		// Black: d2xe1 bounces to f0: lost, one move; d3xe2 bounces onto f1: four moves.
		{"4k3/8/8/8/8/3p4/4N3/4K3 b - - 0 1", "d3e2", "d3e2b d3e2n d3e2q d3e2r"},
		{"4k3/8/8/8/8/8/3p4/4RK2 b - - 0 1", "d2e1", "d2e1"},
		// Stunned pawns do not move; pushes and double steps otherwise; no en passant.
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e2:1", "e2", ""},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2", "e2e3 e2e4"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5", "e5e6"},
	} {
		b := koopaMustFEN(t, c.fen)
		if got := strings.Join(koopaWithPrefix(b.legalCoords(), c.prefix), " "); got != c.want {
			t.Errorf("#%d %s: %s got %q want %q", i, c.fen, c.prefix, got, c.want)
		}
	}
	// The promoted piece lands on c8; the one that falls off is gone.
	b := koopaMustPlay(t, koopaMustFEN(t, "4k3/3p4/4P3/8/8/8/8/4K3 w - - 0 1"), "e6d7n")
	if got, want := b.key(), "2N1k3/3p4/8/8/8/8/8/4K3 b - d7:4"; got != want {
		t.Errorf("e6d7n: got %s want %s", got, want)
	}
	b = koopaMustPlay(t, koopaMustFEN(t, "4k3/n7/1P6/8/8/8/8/4K3 w - - 0 1"), "b6a7")
	if got, want := b.key(), "4k3/n7/8/8/8/8/8/4K3 b - a7:4"; got != want {
		t.Errorf("b6a7: got %s want %s", got, want)
	}
}

// TestBounceReferenceCastling checks castling with stuns and attacks.
func TestBounceReferenceCastling(t *testing.T) {
	for i, c := range []struct {
		fen, want string // the king's moves from e1 or the 960 king square
		king      string
	}{
		// Free: both castlings (king to rook square in coordinates).
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e1a1 e1h1", "e1"},
		// f1 attacked by the bishop c4: no O-O; d1 free so O-O-O.
		{"r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e1a1", "e1"},
		// The same bishop stunned attacks nothing: both.
		{"r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1 c4:2", "e1d1 e1d2 e1e2 e1f1 e1f2 e1a1 e1h1", "e1"},
		// Only g1 (the destination) attacked, by a knight on h3: O-O allowed.
		{"r3k2r/8/8/8/8/7n/8/R3K2R w KQkq - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e1a1 e1h1", "e1"},
		// The king's square attacked by a rook on e8's file (e5): no castling.
		{"r3k3/8/8/4r3/8/8/8/R3K2R w KQq - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2", "e1"},
		// b1 attacked (queenside, the king does not cross it): O-O-O allowed.
		{"r3k3/8/8/8/8/8/p7/R3K2R w KQq - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e1a1 e1h1", "e1"},
		// A stunned rook h1: no O-O.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 h1:3", "e1d1 e1d2 e1e2 e1f1 e1f2 e1a1", "e1"},
		// A stunned king: no move at all.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 e1:1", "", "e1"},
		// A piece between: no O-O-O.
		{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e1h1", "e1"},
		// Chess960: king b1, rooks a1 and h1. O-O-O: king b1-c1, rook a1-d1; O-O: king to g1.
		{"6k1/8/8/8/8/8/8/RK5R w AH - 0 1", "b1a2 b1b2 b1c1 b1c2 b1a1 b1h1", "b1"},
		// Chess960, king g1 castling short stays on g1 (only g1 tested), rook h1-f1.
		{"4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1f1 g1f2 g1g2 g1h2 g1h1", "g1"},
	} {
		b := koopaMustFEN(t, c.fen)
		// Sorted like the rest, but castling is easier to read last: compare as sets.
		got := koopaWithPrefix(b.legalCoords(), c.king)
		want := strings.Fields(c.want)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("#%d %s: got %v want %v", i, c.fen, got, want)
		}
	}
	// Castling itself: king g1, rook f1, all white rights gone; the counters still run.
	b := koopaMustPlay(t, koopaMustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 a8:2"), "e1h1")
	if got, want := b.key(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq a8:1"; got != want {
		t.Errorf("O-O: got %s want %s", got, want)
	}
	b = koopaMustPlay(t, koopaMustFEN(t, "6k1/8/8/8/8/8/8/RK5R w AH - 0 1"), "b1a1")
	if got, want := b.key(), "6k1/8/8/8/8/8/8/2KR3R b - -"; got != want {
		t.Errorf("960 O-O-O: got %s want %s", got, want)
	}
}

// TestBounceReferencePerft checks the counts that follow from orthodox chess: until the
// third ply no bounce, kick, check or castling can change anything (20, 400, 8902).
func TestBounceReferencePerft(t *testing.T) {
	b := koopaMustFEN(t, koopaStandardFEN)
	for depth, want := range []int64{1, 20, 400, 8902} {
		if got := koopaPerft(b, depth); got != want {
			t.Errorf("perft %d: got %d want %d", depth, got, want)
		}
	}
}

// TestBounceReferenceFigures logs the reference's own perft counts (-v), deeper without -short.
func TestBounceReferenceFigures(t *testing.T) {
	for _, c := range []struct {
		name       string
		fen        string
		short, max int
	}{{"standard", koopaStandardFEN, 3, 5}, {"seed", koopaSeedFEN, 2, 4}} {
		b := koopaMustFEN(t, c.fen)
		depth := c.max
		if testing.Short() {
			depth = c.short
		}
		for d := 1; d <= depth; d++ {
			start := time.Now()
			n := koopaPerft(b, d)
			t.Logf("%s perft %d = %d (%v)", c.name, d, n, time.Since(start).Round(time.Millisecond))
		}
	}
}

// koopaStarts are the positions the comparison plays from.
var koopaStarts = []string{
	koopaStandardFEN,
	koopaSeedFEN,
	"nrkqnrbb/ppp2ppp/3p4/4p3/1P6/8/P1PPP1PP/BNQRNBKR b KQkq - 0 1 b8:4,c7:4,d6:4,e5:4",
	"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1",
	"rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1",
}

// koopaOpen opens the built-in "koopa", or skips the test while it does not exist.
func koopaOpen(t *testing.T) *compiler.Ruleset {
	t.Helper()
	if !slices.Contains(defs.Builtins(), "koopa") {
		t.Skip(`no built-in "koopa" definition yet: nothing to compare the reference with`)
	}
	return openRuleset(t, "koopa")
}

// koopaCompareState asserts that the interpreter's position agrees with the reference:
// placement, side, castling rights as rook squares, stuns, and the end of the game.
func koopaCompareState(t *testing.T, p *interpreter.Position, ref *koopaBoard, where string) {
	t.Helper()
	fen := p.FEN()
	f := strings.Fields(fen)
	if len(f) < 6 || len(f) > 7 {
		t.Fatalf("%s: interpreter FEN %q has %d fields", where, fen, len(f))
	}
	if f[0] != ref.placement() || f[1] != ref.sideField() {
		t.Fatalf("%s: interpreter %s; reference %s", where, fen, ref.fen())
	}
	if f[3] != "-" {
		t.Fatalf("%s: interpreter %s has an en-passant square", where, fen)
	}
	stuns := ""
	if len(f) == 7 {
		stuns = f[6]
	}
	if stuns != ref.stunField() {
		t.Fatalf("%s: interpreter %s; reference %s (stuns)", where, fen, ref.fen())
	}
	// Once a king is gone the game is over and its side's rights are moot (the rules say
	// nothing of them), so they are compared only while the game goes on.
	if !ref.over {
		rights, err := koopaCastlingRights(&ref.sq, f[2])
		if err != nil {
			t.Fatalf("%s: interpreter %s: %v", where, fen, err)
		}
		if rights != ref.rights {
			t.Fatalf("%s: interpreter %s; reference %s (castling rights)", where, fen, ref.fen())
		}
	}
	e := p.Ended()
	winner := byte(0)
	if e.Over {
		switch {
		case e.Outcome == compiler.Draw:
			winner = 'd'
		case (e.Outcome == compiler.Win) == (p.Side() == compiler.White):
			winner = 'w'
		default:
			winner = 'b'
		}
	}
	if e.Over != ref.over || winner != ref.winner {
		t.Fatalf("%s: interpreter %s ended %+v; reference over %v winner %q", where, fen, e, ref.over, ref.winner)
	}
}

// koopaDecidedByRule reports a game the interpreter ended by a rule the reference does not
// keep (repetition, the fifty-move rule): no goal reached.
func koopaDecidedByRule(p *interpreter.Position) bool {
	e := p.Ended()
	return e.Over && e.Goal < 0
}

func TestKoopaMatchesReference(t *testing.T) {
	rs := koopaOpen(t)
	games, plies := 300, 80
	if testing.Short() {
		games, plies = 40, 40
	}
	onBothCores(t, func(t *testing.T) {
		positions, ended := 0, 0
		for g := 0; g < games; g++ {
			fen := koopaStarts[g%len(koopaStarts)]
			rng := rand.New(rand.NewSource(int64(7919*g + 1)))
			p := mustFEN(t, rs, fen)
			ref := koopaMustFEN(t, fen)
			var history []string
			for ply := 0; ply <= plies; ply++ {
				where := fmt.Sprintf("game %d from %s after [%s]", g, fen, strings.Join(history, " "))
				if koopaDecidedByRule(p) {
					break
				}
				koopaCompareState(t, p, ref, where)
				legal := p.LegalMoves(nil)
				got, want := coords(p, legal), ref.legalCoords()
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("%s (%s): legal moves\n got  %v\n want %v (reference)", where, p.FEN(), got, want)
				}
				positions++
				if len(legal) == 0 || ply == plies {
					if ref.over {
						ended++
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
		t.Logf("%d positions compared in %d games, %d ended by a king hit", positions, games, ended)
	})
}

func TestKoopaPerftMatchesReference(t *testing.T) {
	rs := koopaOpen(t)
	cases := []struct {
		fen          string
		short, depth int
	}{{koopaStandardFEN, 4, 5}, {koopaSeedFEN, 3, 4}}
	want := make([]int64, len(cases))
	for i := range cases {
		if testing.Short() {
			cases[i].depth = cases[i].short
		}
		want[i] = koopaPerft(koopaMustFEN(t, cases[i].fen), cases[i].depth)
	}
	onBothCores(t, func(t *testing.T) {
		for i, c := range cases {
			p := mustFEN(t, rs, c.fen)
			got := corePerft(p, c.depth, make([][]interpreter.Move, c.depth+1))
			if got == want[i] {
				continue
			}
			// Divide: the count below each root move, on both sides.
			ref := koopaDivide(koopaMustFEN(t, c.fen), c.depth)
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
