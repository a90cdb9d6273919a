// Games of seats (compiler.SeatRules): two to four sides around one board, moving in
// turn. A seat's legal moves are the two-sided interpreter's: the board turned so that
// the seat sits at the bottom (its frame), its men White, its partners' men inert White
// men, every live opponent's men Black copies of their types turned as they face from
// there, and dead men inert Black men (they may be taken, and give no check).

package interpreter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// TableMan is what stands on a cell of a table: the seat whose man it is (-1 for an empty
// cell; for a dead man the seat it played for), its type, whether it is dead (its seat is
// out) and whether it is a promoted man.
type TableMan struct {
	Seat           int8
	Type           int8
	Dead, Promoted bool
}

// Empty reports whether no man stands there.
func (m TableMan) Empty() bool { return m.Seat < 0 }

var noMan = TableMan{Seat: -1, Type: -1}

// TableMove is a legal move of the seat to move: its origin and destination on the
// board (not the frame) and the type it promotes to (-1 for none).
type TableMove struct {
	From, To Square
	Promo    int
	m        Move // the move on the mover's frame
}

// TableResult is how a game of seats stands. Over: it has ended; Winner is the winning
// team (with points, the seat with the most) or -1 for a draw (or while it goes on);
// Reason says why it ended.
type TableResult struct {
	Over   bool
	Winner int
	Reason string
}

// Table is a game of seats: the board, the seat to move, the seats out, each seat's
// castling rights and points. It is not safe for concurrent use.
type Table struct {
	rs     *compiler.Ruleset
	sr     *compiler.SeatRules
	Board  []TableMan
	turn   int // index into sr.Order
	out    []bool
	points []int
	castle [][2]bool       // by seat: short, long
	homes  [][3]Square     // by seat: the royal's, the short partner's and the long partner's home squares
	moves  int             // moves played
	result TableResult     //
	last   []int           // seats in the order they last moved, most recent last
	Events []string        // what the last Make did beyond the move (eliminations), for display
	frame  *Position       // the frame of seat fseat, valid while fok
	legal  []Move          // its legal moves (with those taking a royal man, see frameOf)
	fseat  int             //
	fok    bool            //
	gone   *Position       // a frame with a seat's men dead (frameOf)
	men    []Piece         // a frame's men, cell by cell, as it is built
	pseudo []Move          // buffers of frameOf
	taking []Move          //
	buf    strings.Builder //
}

// NewTable reads a game of seats' FEN (see docs/fourplayer-rules.md): six fields joined
// by '-': the seat to move (its letter, either case), the seats out, the short and the
// long castling rights (each a 0 or 1 per seat, in the order the seats are listed, joined
// by ','), the seats' points (joined by ','), the moves played, and the placement: the
// ranks from the last, '/' between them, each rank's cells joined by ',' as tokens: a
// count of empty cells (cells that do not exist count as empty), a seat's letter and a
// piece letter ("rK"), "d" and a piece letter for a dead man, "~" after a promoted man.
// A seat to move without a legal move is settled as the rules say as it is read.
func NewTable(rs *compiler.Ruleset, fen string) (*Table, error) {
	sr := rs.Seats
	if sr == nil {
		return nil, fmt.Errorf("%s is played by two sides (its definition has no seats)", rs.Name)
	}
	bad := func(format string, args ...any) (*Table, error) {
		return nil, &FENError{FEN: fen, Msg: fmt.Sprintf(format, args...)}
	}
	n := sr.Seats()
	fields := strings.SplitN(strings.TrimSpace(fen), "-", 6)
	if len(fields) != 6 {
		return bad("a game of seats' FEN has 6 fields joined by '-' (seat to move, seats out, short and long castling, points, moves played, placement); found %d", len(fields))
	}
	t := &Table{rs: rs, sr: sr, Board: make([]TableMan, rs.Cells), out: make([]bool, n), points: make([]int, n),
		castle: make([][2]bool, n), homes: make([][3]Square, n), result: TableResult{Winner: -1}}
	list := func(i int, what string) ([]int, error) {
		parts := strings.Split(fields[i], ",")
		if len(parts) != n {
			return nil, &FENError{FEN: fen, Msg: fmt.Sprintf("%s: %d values joined by ',' expected (one a seat: %s); found %d", what, n, strings.Join(sr.Names(), ", "), len(parts))}
		}
		vs := make([]int, n)
		for k, p := range parts {
			v, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || v < 0 || v > 1<<20 {
				return nil, &FENError{FEN: fen, Msg: fmt.Sprintf("%s: %s's value %s is not a whole number from 0 to %d", what, sr.Name(k), defs.Quote(p), 1<<20)}
			}
			vs[k] = v
		}
		return vs, nil
	}
	seatOf := func(s string) int { return sr.SeatOfLetter(strings.ToLower(s)[0]) }
	if len(fields[0]) != 1 || seatOf(fields[0]) < 0 {
		return bad("seat to move %s: give a seat's letter (%s)", defs.Quote(fields[0]), t.letterList())
	}
	for i := range n {
		if sr.Order(i) == seatOf(fields[0]) {
			t.turn = i
		}
	}
	outs, err := list(1, "seats out")
	if err != nil {
		return nil, err
	}
	short, err := list(2, "short castling")
	if err != nil {
		return nil, err
	}
	long, err := list(3, "long castling")
	if err != nil {
		return nil, err
	}
	if t.points, err = list(4, "points"); err != nil {
		return nil, err
	}
	if t.moves, err = strconv.Atoi(fields[5][:strings.IndexByte(fields[5]+"-", '-')]); err != nil {
		return bad("moves played %s is not a whole number", defs.Quote(fields[5]))
	}
	return t.readPlacement(fen, fields[5], outs, short, long)
}

func (t *Table) letterList() string {
	var ls []string
	for k := range t.sr.Seats() {
		ls = append(ls, fmt.Sprintf("%c for %s", t.sr.Letter(k), t.sr.Name(k)))
	}
	return strings.Join(ls, ", ")
}

// readPlacement reads the placement after the moves played, then checks the position.
func (t *Table) readPlacement(fen, field string, outs, short, long []int) (*Table, error) {
	rs, sr := t.rs, t.sr
	bad := func(format string, args ...any) (*Table, error) {
		return nil, &FENError{FEN: fen, Msg: fmt.Sprintf(format, args...)}
	}
	_, placement, ok := strings.Cut(field, "-")
	if !ok {
		return bad("no placement after the moves played")
	}
	for k := range t.out {
		t.out[k] = outs[k] == 1
		t.castle[k] = [2]bool{short[k] == 1, long[k] == 1}
	}
	for sq := range t.Board {
		t.Board[sq] = noMan
	}
	ranks := strings.Split(placement, "/")
	if len(ranks) != rs.Ranks {
		return bad("the placement has %d ranks joined by '/'; the board has %d", len(ranks), rs.Ranks)
	}
	for i, row := range ranks {
		r := rs.Ranks - 1 - i
		f := 0
		for _, tok := range strings.Split(row, ",") {
			tok = strings.TrimSpace(tok)
			if c, err := strconv.Atoi(tok); err == nil {
				if c < 1 || c > rs.Files-f {
					return bad("rank %d: %d empty cells do not fit", r+1, c)
				}
				f += c
				continue
			}
			if f >= rs.Files {
				return bad("rank %d has more than %d cells", r+1, rs.Files)
			}
			sq := rs.SquareAt(f, r)
			man, msg := t.readMan(tok)
			if msg != "" {
				return bad("rank %d, %s: %s", r+1, rs.SquareName(sq), msg)
			}
			if rs.KindOf(sq) != compiler.CellSquare {
				return bad("a man on %s, which does not exist", rs.SquareName(sq))
			}
			if !man.Dead && t.out[man.Seat] && !sr.Dead {
				return bad("%s on %s plays for %s, who is out", defs.Quote(tok), rs.SquareName(sq), sr.Name(int(man.Seat)))
			}
			if t.out[man.Seat] {
				man.Dead = true
			}
			t.Board[sq] = man
			f++
		}
		if f != rs.Files {
			return bad("rank %d has %d cells; the board has %d files", r+1, f, rs.Files)
		}
	}
	mover := t.Mover()
	if t.out[mover] {
		return bad("the seat to move, %s, is out", sr.Name(mover))
	}
	live := 0
	for k := range t.out {
		if !t.out[k] {
			live++
			if t.royalSquare(k) == NoSquare {
				return bad("%s is not out but has no %s", sr.Name(k), royalNames(rs))
			}
		}
	}
	if live < 2 {
		return bad("fewer than two seats are left: the game is over")
	}
	for k := range t.castle {
		if msg := t.findHomes(k); msg != "" {
			return bad("%s", msg)
		}
	}
	for i := range sr.Seats() {
		t.last = append(t.last, sr.Order(i))
	}
	if _, err := t.frameOf(mover); err != nil {
		return nil, err
	}
	t.advance(false)
	return t, nil
}

// readMan reads a man's token.
func (t *Table) readMan(tok string) (TableMan, string) {
	man := TableMan{Seat: -1}
	if p, ok := strings.CutSuffix(tok, "~"); ok {
		tok, man.Promoted = p, true
	}
	if len(tok) < 2 {
		return man, fmt.Sprintf("%s is no man (a seat's letter and a piece letter, as %c%s)", defs.Quote(tok), t.sr.Letter(0), t.rs.Piece(0).LetterText)
	}
	if tok[:1] == defs.DeadLetter {
		man.Dead = true
		man.Seat = 0 // a dead man's seat is not written: the first seat's
	} else if k := t.sr.SeatOfLetter(tok[0]); k >= 0 {
		man.Seat = int8(k)
	} else {
		return man, fmt.Sprintf("%s: no seat has the letter %q (%s; %s for a dead man)", defs.Quote(tok), tok[:1], t.letterList(), defs.DeadLetter)
	}
	ty := t.rs.TypeOfText(tok[1:])
	if ty < 0 || ty >= t.sr.Men {
		return man, fmt.Sprintf("%s: unknown piece %s", defs.Quote(tok), defs.Quote(tok[1:]))
	}
	man.Type = int8(ty)
	return man, ""
}

// royalSquare is where seat k's royal man stands (NoSquare for none).
func (t *Table) royalSquare(k int) Square {
	for sq, m := range t.Board {
		if int(m.Seat) == k && !m.Dead && t.rs.Piece(int(m.Type)).Royal {
			return sq
		}
	}
	return NoSquare
}

// findHomes finds the home squares behind seat k's castling rights: its royal on its
// first rank and the outermost partner beyond it each way, as a FEN's K and Q say.
func (t *Table) findHomes(k int) string {
	t.homes[k] = [3]Square{NoSquare, NoSquare, NoSquare}
	if !t.castle[k][0] && !t.castle[k][1] {
		return ""
	}
	rs, cs := t.rs, t.rs.Castling
	if cs == nil {
		return fmt.Sprintf("%s has castling rights, but %s has no castling", t.sr.Name(k), rs.Name)
	}
	e := t.sr.Frame(k)
	king := NoSquare
	for f := range rs.Files {
		sq := t.sr.FromFrame(e, rs.SquareAt(f, 0))
		if m := t.Board[sq]; int(m.Seat) == k && !m.Dead && int(m.Type) == cs.Royal {
			king = sq
		}
	}
	if king == NoSquare {
		return fmt.Sprintf("%s has castling rights, but its %s is not on its first rank", t.sr.Name(k), rs.Piece(cs.Royal).Name)
	}
	kf := rs.FileOf(t.sr.ToFrame(e, king))
	t.homes[k][0] = king
	for side, files := range [2][]int{rangeFiles(rs.Files-1, kf, -1), rangeFiles(0, kf, 1)} {
		if !t.castle[k][side] {
			continue
		}
		for _, f := range files {
			sq := t.sr.FromFrame(e, rs.SquareAt(f, 0))
			if m := t.Board[sq]; int(m.Seat) == k && !m.Dead && cs.Partners>>uint(m.Type)&1 != 0 {
				t.homes[k][side+1] = sq
				break
			}
		}
		if t.homes[k][side+1] == NoSquare {
			return fmt.Sprintf("%s has the %s castling right, but no %s for it on its first rank", t.sr.Name(k), [2]string{"short", "long"}[side], rs.Piece(cs.Partner).Name)
		}
	}
	return ""
}

// rangeFiles lists the files from a toward b (b excluded) by step.
func rangeFiles(a, b, step int) []int {
	var fs []int
	for f := a; f != b; f += step {
		fs = append(fs, f)
	}
	return fs
}

// Ruleset is the game's rules.
func (t *Table) Ruleset() *compiler.Ruleset { return t.rs }

// Mover is the seat to move.
func (t *Table) Mover() int { return t.sr.Order(t.turn) }

// Out reports whether seat k is out.
func (t *Table) Out(k int) bool { return t.out[k] }

// Points is seat k's points.
func (t *Table) Points(k int) int { return t.points[k] }

// MovesPlayed is the number of moves played.
func (t *Table) MovesPlayed() int { return t.moves }

// Result is how the game stands.
func (t *Table) Result() TableResult { return t.result }

// Clone returns an independent copy.
func (t *Table) Clone() *Table {
	c := &Table{}
	c.copyFrom(t)
	return c
}

// copyFrom makes t the game s is (its frames its own, to be built), reusing t's memory.
func (t *Table) copyFrom(s *Table) {
	t.rs, t.sr = s.rs, s.sr
	t.Board = append(t.Board[:0], s.Board...)
	t.out = append(t.out[:0], s.out...)
	t.points = append(t.points[:0], s.points...)
	t.castle = append(t.castle[:0], s.castle...)
	t.homes = append(t.homes[:0], s.homes...)
	t.last = append(t.last[:0], s.last...)
	t.turn, t.moves, t.result = s.turn, s.moves, s.result
	t.Events = t.Events[:0]
	t.fok = false
}

// FEN writes the table as NewTable reads it.
func (t *Table) FEN() string {
	sr, rs := t.sr, t.rs
	var b strings.Builder
	b.WriteByte(sr.Letter(t.Mover()) - 'a' + 'A')
	nums := func(f func(k int) int) {
		b.WriteByte('-')
		for k := range sr.Seats() {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(f(k)))
		}
	}
	one := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	nums(func(k int) int { return one(t.out[k]) })
	nums(func(k int) int { return one(t.castle[k][0]) })
	nums(func(k int) int { return one(t.castle[k][1]) })
	nums(func(k int) int { return t.points[k] })
	fmt.Fprintf(&b, "-%d-", t.moves)
	for r := rs.Ranks - 1; r >= 0; r-- {
		empty := 0
		first := true
		put := func(s string) {
			if !first {
				b.WriteByte(',')
			}
			b.WriteString(s)
			first = false
		}
		for f := range rs.Files {
			m := t.Board[rs.SquareAt(f, r)]
			if m.Empty() {
				empty++
				continue
			}
			if empty > 0 {
				put(strconv.Itoa(empty))
				empty = 0
			}
			put(t.manToken(m))
		}
		if empty > 0 {
			put(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// manToken writes a man as the FEN does.
func (t *Table) manToken(m TableMan) string {
	s := string(t.sr.Letter(int(m.Seat)))
	if m.Dead {
		s = defs.DeadLetter
	}
	s += t.rs.Piece(int(m.Type)).LetterText
	if m.Promoted {
		s += "~"
	}
	return s
}

// frameOf builds (or reuses) the frame of seat k: the two-sided position of its moves.
// A move that takes a live opponent's royal man takes that seat out first: it is legal
// when no other live opponent attacks the mover's royal man then (the moves of a frame
// with that seat's men dead).
func (t *Table) frameOf(k int) (*Position, error) {
	if t.fok && t.fseat == k {
		return t.frame, nil
	}
	sr := t.sr
	e := sr.Frame(k)
	t.fok = false
	p, err := t.build(&t.frame, k, -1)
	if err != nil {
		return nil, err
	}
	t.fseat, t.fok = k, true
	t.legal = p.LegalMoves(t.legal[:0])
	for o := range sr.Seats() {
		if o == k || t.out[o] || sr.Team(o) == sr.Team(k) {
			continue
		}
		r := t.royalSquare(o)
		if r == NoSquare || !p.Attacked(sr.ToFrame(e, r), compiler.White) {
			continue
		}
		q, err := t.build(&t.gone, k, o)
		if err != nil {
			t.fok = false
			return nil, err
		}
		t.pseudo = p.PseudoMoves(t.pseudo[:0])
		t.taking = q.LegalMoves(t.taking[:0])
		for _, m := range t.taking {
			if m.To() == sr.ToFrame(e, r) && !slices.Contains(t.legal, m) && slices.Contains(t.pseudo, m) {
				t.legal = append(t.legal, m)
			}
		}
	}
	return p, nil
}

// build sets *slot up as seat k's frame, seat gone's men dead (-1 for none): from its
// FEN the first time, then cell by cell (Position.refill), allocating nothing.
func (t *Table) build(slot **Position, k, gone int) (*Position, error) {
	if *slot == nil {
		p, err := FromFEN(t.rs, t.frameFEN(k, gone))
		if err != nil {
			return nil, fmt.Errorf("%s's frame: %w", t.sr.Name(k), err)
		}
		*slot = p
		return p, nil
	}
	rs, sr := t.rs, t.sr
	e := sr.Frame(k)
	if len(t.men) != rs.Cells {
		t.men = make([]Piece, rs.Cells)
	}
	for fsq := range rs.Cells {
		t.men[fsq] = NoPiece
		if rs.KindOf(fsq) != compiler.CellSquare {
			continue
		}
		if m := t.Board[sr.FromFrame(e, fsq)]; !m.Empty() {
			if int(m.Seat) == gone {
				m.Dead = true
			}
			t.men[fsq] = t.frameMan(k, m)
		}
	}
	castling := ""
	switch {
	case t.castle[k][0] && t.castle[k][1]:
		castling = "KQ"
	case t.castle[k][0]:
		castling = "K"
	case t.castle[k][1]:
		castling = "Q"
	}
	p := *slot
	if msg := p.refill(t.men, castling); msg != "" {
		return nil, fmt.Errorf("%s's frame: %s", sr.Name(k), msg)
	}
	return p, nil
}

// refill sets p up anew with the board men and White's castling rights castling (see
// core256.refill).
func (p *Position) refill(men []Piece, castling string) string {
	switch {
	case p.n != nil:
		return p.n.refill(men, castling)
	case p.m != nil:
		return p.m.refill(men, castling)
	}
	return p.w.refill(men, castling)
}

// frameFEN writes seat k's frame, seat gone's men dead (-1 for none).
func (t *Table) frameFEN(k, gone int) string {
	rs, sr := t.rs, t.sr
	e := sr.Frame(k)
	b := &t.buf
	b.Reset()
	for r := rs.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := range rs.Files {
			fsq := rs.SquareAt(f, r)
			if rs.KindOf(fsq) != compiler.CellSquare {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				b.WriteByte('*')
				continue
			}
			m := t.Board[sr.FromFrame(e, fsq)]
			if m.Empty() {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if int(m.Seat) == gone {
				m.Dead = true
			}
			b.WriteString(t.frameLetter(k, m))
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString(" w ")
	switch {
	case t.castle[k][0] && t.castle[k][1]:
		b.WriteString("KQ")
	case t.castle[k][0]:
		b.WriteString("K")
	case t.castle[k][1]:
		b.WriteString("Q")
	default:
		b.WriteString("-")
	}
	b.WriteString(" - 0 1")
	return b.String()
}

// frameLetter is man m's FEN letter in seat k's frame.
func (t *Table) frameLetter(k int, m TableMan) string {
	pc := t.frameMan(k, m)
	l := t.rs.Piece(pc.Type()).LetterText
	if pc.Color() == compiler.Black {
		return strings.ToLower(l)
	}
	return l
}

// frameMan is man m in seat k's frame: its own men White, its partners' inert White men,
// a live opponent's a Black copy of its type turned as it faces from there, a dead man an
// inert Black man.
func (t *Table) frameMan(k int, m TableMan) Piece {
	sr := t.sr
	switch {
	case m.Dead:
		return MakePiece(sr.Inert, compiler.Black)
	case int(m.Seat) == k:
		return MakePiece(int(m.Type), compiler.White)
	case sr.Team(int(m.Seat)) == sr.Team(k):
		return MakePiece(sr.Inert, compiler.White)
	}
	return MakePiece(sr.Turned(sr.Facing(k, int(m.Seat)), int(m.Type)), compiler.Black)
}

// Frame returns a copy of the frame of the seat to move: the two-sided position whose
// White moves are its moves, on the board turned so that it sits at the bottom.
func (t *Table) Frame() (*Position, error) {
	p, err := t.frameOf(t.Mover())
	if err != nil {
		return nil, err
	}
	return p.Clone(), nil
}

// LegalMoves appends the seat to move's legal moves to buf (none once the game is over).
func (t *Table) LegalMoves(buf []TableMove) []TableMove {
	if t.result.Over {
		return buf
	}
	k := t.Mover()
	if _, err := t.frameOf(k); err != nil {
		return buf
	}
	e := t.sr.Frame(k)
	for _, m := range t.legal {
		buf = append(buf, TableMove{From: t.sr.FromFrame(e, m.From()), To: t.sr.FromFrame(e, m.To()), Promo: m.Promotion(), m: m})
	}
	return buf
}

// InCheck reports whether seat k's royal man is attacked by a live opponent.
func (t *Table) InCheck(k int) bool {
	if t.out[k] {
		return false
	}
	p, err := t.frameOf(k)
	return err == nil && p.InCheck()
}

// Coord writes a move as ParseMove reads it: origin and destination ("h2h4"), and the
// promotion's letter in lowercase ("h7h8q").
func (t *Table) Coord(m TableMove) string {
	s := t.rs.SquareName(m.From) + t.rs.SquareName(m.To)
	if m.Promo >= 0 {
		s += strings.ToLower(t.rs.Piece(m.Promo).LetterText)
	}
	return s
}

// ParseMove reads a move of the seat to move as Coord writes it.
func (t *Table) ParseMove(s string) (TableMove, error) {
	s = strings.TrimSpace(s)
	if t.result.Over {
		return TableMove{}, fmt.Errorf("move %s: the game is over (%s)", defs.Quote(s), t.result.Reason)
	}
	// A move written with a seat's letter first ("r:h2h4") names its seat.
	if seat, text, ok := strings.Cut(s, ":"); ok {
		k := -1
		if len(seat) == 1 {
			k = t.sr.SeatOfLetter(strings.ToLower(seat)[0])
		}
		switch {
		case k < 0:
			return TableMove{}, fmt.Errorf("move %s: no seat has the letter %s (%s)", defs.Quote(s), defs.Quote(seat), t.letterList())
		case t.out[k]:
			return TableMove{}, fmt.Errorf("move %s: %s is out", defs.Quote(s), t.sr.Name(k))
		case k != t.Mover():
			return TableMove{}, fmt.Errorf("move %s: it is %s's turn, not %s's", defs.Quote(s), t.sr.Name(t.Mover()), t.sr.Name(k))
		}
		s = text
	}
	moves := t.LegalMoves(nil)
	for _, m := range moves {
		if t.Coord(m) == s {
			return m, nil
		}
	}
	return TableMove{}, fmt.Errorf("move %s: not a legal move of %s (%d legal moves, written as h2h4)", defs.Quote(s), t.sr.Name(t.Mover()), len(moves))
}

// Make plays a legal move of the seat to move (from LegalMoves), scores its captures,
// takes out a seat whose royal man it took, then passes the turn to the next seat that
// can move, taking out (or ending the game for) the seats it reaches checkmated or
// stalemated. Events says what befell the seats.
func (t *Table) Make(mv TableMove) error {
	t.Events = t.Events[:0]
	k := t.Mover()
	p, err := t.frameOf(k)
	if err != nil {
		return err
	}
	if !slices.Contains(t.legal, mv.m) {
		return fmt.Errorf("%s is not a legal move of %s", t.Coord(mv), t.sr.Name(k))
	}
	t.apply(p, mv)
	return nil
}

// After makes t the game s is after mv, a legal move of s's seat to move (from
// s.LegalMoves, s's frame kept: the move is unmade on it), reusing t's memory: once t has
// been used so, it allocates nothing. A search keeps a table a ply.
func (t *Table) After(s *Table, mv TableMove) error {
	k := s.Mover()
	p, err := s.frameOf(k)
	if err != nil {
		return err
	}
	if s.result.Over || !slices.Contains(s.legal, mv.m) {
		return fmt.Errorf("%s is not a legal move of %s", s.Coord(mv), s.sr.Name(k))
	}
	t.copyFrom(s)
	t.apply(p, mv)
	return nil
}

// apply plays mv, a legal move of the seat to move on p, its frame (t's own or that of
// the table t was copied from, which keeps it: the move is unmade on it after).
func (t *Table) apply(p *Position, mv TableMove) {
	t.Events = t.Events[:0]
	k := t.Mover()
	rs, sr := t.rs, t.sr
	e := sr.Frame(k)
	from := t.Board[mv.From]
	p.Make(mv.m)
	t.fok = false
	var hit []int8 // seats whose royal man was taken
	for fsq := range rs.Cells {
		if rs.KindOf(fsq) != compiler.CellSquare {
			continue
		}
		sq := sr.FromFrame(e, fsq)
		old, now := t.Board[sq], p.At(fsq)
		if now != NoPiece && (now.Color() == compiler.Black || now.Type() == sr.Inert) {
			continue // an opponent's, a partner's or a dead man, where it stood
		}
		if !old.Empty() && int(old.Seat) != k || old.Dead {
			// Taken by the move.
			if !old.Dead && sr.Scored() {
				pts := sr.CapturePoints(int(old.Type))
				if old.Promoted && sr.PromotedSet {
					pts = sr.Promoted
				}
				t.points[k] += pts
			}
			if !old.Dead && rs.Piece(int(old.Type)).Royal {
				hit = append(hit, old.Seat)
			}
		}
		if now == NoPiece {
			t.Board[sq] = noMan
			continue
		}
		man := TableMan{Seat: int8(k), Type: int8(now.Type())}
		if sq == mv.To {
			man.Promoted = from.Promoted || int(from.Type) != now.Type()
		} else if old.Seat == int8(k) && !old.Dead {
			man.Promoted = old.Promoted
		}
		t.Board[sq] = man
	}
	t.moves++
	t.last = append(slices.DeleteFunc(t.last, func(s int) bool { return s == k }), k)
	for s := range t.castle {
		for side := range 2 {
			if !t.castle[s][side] {
				continue
			}
			king, partner := t.Board[t.homes[s][0]], t.Board[t.homes[s][side+1]]
			if int(king.Seat) != s || king.Dead || int(king.Type) != rs.Castling.Royal ||
				int(partner.Seat) != s || partner.Dead || rs.Castling.Partners>>uint(partner.Type)&1 == 0 {
				t.castle[s][side] = false
			}
		}
	}
	for _, s := range hit {
		if !t.out[s] && t.royalSquare(int(s)) == NoSquare {
			t.eliminate(int(s), fmt.Sprintf("%s's royal man taken by %s", sr.Name(int(s)), sr.Name(k)))
		}
	}
	p.Unmake() // the frame as it was, before the next seat's is built over it
	t.advance(true)
}

// eliminate takes seat s out: its men die or leave, and the game ends if the rules say.
func (t *Table) eliminate(s int, why string) {
	sr := t.sr
	t.out[s] = true
	t.castle[s] = [2]bool{}
	t.fok = false
	t.Events = append(t.Events, why)
	for sq, m := range t.Board {
		if int(m.Seat) == s && !m.Dead {
			if sr.Dead {
				t.Board[sq].Dead = true
			} else {
				t.Board[sq] = noMan
			}
		}
	}
	if t.result.Over {
		return
	}
	if sr.FirstOut {
		t.end(-1, why)
		for team := range sr.Teams {
			if team != sr.Team(s) {
				t.result.Winner = team // two teams: the other one wins
			}
		}
		if sr.Teams > 2 {
			t.result.Winner = -1
		}
		return
	}
	live := -1
	for k, out := range t.out {
		if out {
			continue
		}
		if live >= 0 && sr.Team(k) != live {
			return
		}
		live = sr.Team(k)
	}
	t.end(live, why)
}

// end ends the game: won by team winner (-1 a draw), or by the most points when the
// game scores them.
func (t *Table) end(winner int, why string) {
	t.result = TableResult{Over: true, Winner: winner, Reason: why}
	if t.sr.Scored() {
		best, n := -1, 0
		for k, p := range t.points {
			switch {
			case best < 0 || p > t.points[best]:
				best, n = k, 1
			case p == t.points[best]:
				n++
			}
		}
		t.result.Winner = t.sr.Team(best)
		if n > 1 {
			t.result.Winner = -1
		}
	}
}

// advance passes the turn (when next: from the mover to the next seat) to the first live
// seat that has a legal move, settling the seats it reaches without one: checkmated (in
// check) or stalemated.
func (t *Table) advance(next bool) {
	sr := t.sr
	for !t.result.Over {
		if next {
			for {
				t.turn = (t.turn + 1) % sr.Seats()
				if !t.out[sr.Order(t.turn)] {
					break
				}
			}
		}
		next = true
		k := t.Mover()
		p, err := t.frameOf(k)
		if err != nil || len(t.legal) > 0 {
			return
		}
		if p.InCheck() {
			if by := t.checker(k, p); by >= 0 {
				t.points[by] += sr.Checkmate
			}
			t.eliminate(k, sr.Name(k)+" checkmated")
			continue
		}
		if !sr.StalemateOut {
			t.end(-1, sr.Name(k)+" stalemated")
			return
		}
		t.points[k] += sr.Stalemate
		t.eliminate(k, sr.Name(k)+" stalemated")
	}
}

// checker is the seat that checkmated seat k (p its frame): of the live seats whose men
// attack its royal man, the one that moved last (-1 for none).
func (t *Table) checker(k int, p *Position) int {
	king := t.royalSquare(k)
	if king == NoSquare {
		return -1
	}
	att := p.Attackers(t.sr.ToFrame(t.sr.Frame(k), king), compiler.Black)
	seats := map[int]bool{}
	for b := att; b.Any(); b = b.Rest() {
		if m := t.Board[t.sr.FromFrame(t.sr.Frame(k), b.First())]; !m.Empty() && !m.Dead {
			seats[int(m.Seat)] = true
		}
	}
	for i := len(t.last) - 1; i >= 0; i-- {
		if seats[t.last[i]] {
			return t.last[i]
		}
	}
	return -1
}

// SeatFEN reports whether s is written as a game of seats' FEN (six fields joined by '-').
func SeatFEN(s string) bool { return strings.Count(s, "-") >= 5 && !strings.Contains(s, " ") }

// StartTable sets up the named setup ("" for the default).
func StartTable(rs *compiler.Ruleset, setup string) (*Table, error) {
	fen, _, err := SetupFEN(rs, setup)
	if err != nil {
		return nil, err
	}
	return NewTable(rs, fen)
}

// TablePerft counts the leaves of the game tree of depth d below t (a node is one seat's
// move).
func TablePerft(t *Table, d int) uint64 {
	if d < 1 {
		return 1
	}
	tables := make([]Table, d) // a table a level below t, reused across the level's nodes
	moves := make([][]TableMove, d)
	return tablePerft(t, d, tables, moves)
}

func tablePerft(t *Table, d int, tables []Table, moves [][]TableMove) uint64 {
	moves[0] = t.LegalMoves(moves[0][:0])
	if d <= 1 {
		return uint64(len(moves[0]))
	}
	var n uint64
	c := &tables[0]
	for _, m := range moves[0] {
		c.copyFrom(t)
		c.apply(t.frame, m)
		n += tablePerft(c, d-1, tables[1:], moves[1:])
	}
	return n
}

// SeatsError is the error of a command, protocol or API that plays two sides only when
// it is given a game of seats (whose FEN it would otherwise read as the mover's frame,
// and whose moves it would write in the mover's turned coordinates).
type SeatsError struct {
	Name  string   // the variant
	Seats []string // its seats' names
	By    string   // what refuses it ("chimera play", "the UCI protocol")
	Use   string   // what plays it instead, or ""
}

func (e *SeatsError) Error() string {
	s := fmt.Sprintf("%s is a game of %d seats (%s): %s plays two sides only", e.Name, len(e.Seats), strings.Join(e.Seats, ", "), e.By)
	if e.Use != "" {
		s += "; " + e.Use
	}
	return s
}

// TwoSided returns nil for a game of two sides, and for a game of seats a SeatsError
// saying that by (a command, protocol or API playing two sides) refuses it and what to
// use instead.
func TwoSided(rs *compiler.Ruleset, by, use string) error {
	if rs == nil || rs.Seats == nil {
		return nil
	}
	return &SeatsError{Name: rs.Name, Seats: rs.Seats.Names(), By: by, Use: use}
}
