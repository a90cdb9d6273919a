// Boards: a game of a variant kept in Go between calls, its moves made and taken back in place.

package jsapi

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// maxStack bounds the moves a board keeps (the undo stack of its position), and
// maxHeld those all the boards of a module keep together: the module's memory stays
// bounded (a few hundred bytes a move).
const maxStack = 100_000

var maxHeld int64 = 1_000_000 // a variable: the test lowers it

// Notation is ffish.js's Notation enum, by its numbers.
type Notation int

// ffish.js's notations, numbered as its enum.
const (
	NotationDefault Notation = iota
	NotationSAN
	NotationLAN
	NotationShogiHosking
	NotationShogiHodges
	NotationShogiHodgesNumber
	NotationJanggi
	NotationXiangqiWXF
	NotationThaiSAN
	NotationThaiLAN
)

// NotationNames are the enum's names, by number.
var NotationNames = []string{"DEFAULT", "SAN", "LAN", "SHOGI_HOSKING", "SHOGI_HODGES", "SHOGI_HODGES_NUMBER", "JANGGI", "XIANGQI_WXF", "THAI_SAN", "THAI_LAN"}

// interpreterNotation is the interpreter's notation for n; DEFAULT is SAN.
func interpreterNotation(n Notation) (interpreter.Notation, error) {
	switch n {
	case NotationDefault, NotationSAN:
		return interpreter.NotationSAN, nil
	case NotationShogiHosking:
		return interpreter.NotationHosking, nil
	case NotationShogiHodges:
		return interpreter.NotationHodges, nil
	case NotationShogiHodgesNumber:
		return interpreter.NotationHodgesNumber, nil
	case NotationJanggi:
		return interpreter.NotationJanggi, nil
	case NotationXiangqiWXF:
		return interpreter.NotationWXF, nil
	case NotationLAN, NotationThaiSAN, NotationThaiLAN:
		return 0, fmt.Errorf("notation %s is not one Chimera writes (it writes SAN, SHOGI_HOSKING, SHOGI_HODGES, SHOGI_HODGES_NUMBER, JANGGI, XIANGQI_WXF)", NotationNames[n])
	}
	return 0, fmt.Errorf("unknown notation %d (Notation has 0 to %d)", int(n), len(NotationNames)-1)
}

// Board is a game: a start position and the moves made from it.
type Board struct {
	m       *Module
	variant string
	rs      *compiler.Ruleset
	is960   bool
	p       *interpreter.Position
	moves   []interpreter.Move
	played  []string // the moves' coordinates, as written before each was made
	// legal and coords are the position's legal moves and their coordinates, made on
	// first need after each change (nil: not made).
	legal  []interpreter.Move
	coords []string
}

// NewBoard sets up a board of variant at fen ("" for the default setup). Chimera plays
// shuffled setups as variants of their own, whose definitions say how castling is
// written: is960 is refused for a variant whose castling is written as the king's own
// move (ffish.js would write it as the king taking its rook), else kept for is960().
func (m *Module) NewBoard(variant, fen string, is960 bool) (*Board, error) {
	rs, err := m.Ruleset(variant)
	if err != nil {
		return nil, err
	}
	if is960 && rs.Castling != nil && !rs.Castling.KingToPartner {
		return nil, fmt.Errorf("is960: %s writes castling as the king's own move (e1g1); play the variant of shuffled setups whose castling is the king taking its rook (chimera.variants() lists them; their definitions say castling notation: king-to-partner)", defs.Quote(variant))
	}
	b := &Board{m: m, variant: variant, rs: rs, is960: is960}
	if err := b.SetFEN(fen); err != nil {
		return nil, err
	}
	return b, nil
}

// SetFEN starts the board again from fen ("" for the default setup), forgetting its
// moves; a bad FEN leaves it as it was.
func (b *Board) SetFEN(fen string) error {
	var p *interpreter.Position
	var err error
	if strings.TrimSpace(fen) == "" {
		p, err = interpreter.Start(b.rs, "")
	} else {
		p, err = interpreter.FromFEN(b.rs, fen)
	}
	if err != nil {
		return err
	}
	b.m.held.Add(-int64(len(b.moves)))
	b.p, b.moves, b.played = p, b.moves[:0], b.played[:0]
	b.changed()
	return nil
}

// Close gives the board's moves back to the module's bound (the board is not to be used
// after it).
func (b *Board) Close() {
	b.m.held.Add(-int64(len(b.moves)))
	b.moves, b.played = nil, nil
}

// Reset starts again from the default setup.
func (b *Board) Reset() error { return b.SetFEN("") }

func (b *Board) changed() { b.legal, b.coords = nil, nil }

// legalMoves makes the cache of legal moves and their coordinates.
func (b *Board) legalMoves() ([]interpreter.Move, []string) {
	if b.legal == nil {
		b.legal = b.p.LegalMoves(make([]interpreter.Move, 0, 64))
		b.coords = make([]string, len(b.legal))
		for i, m := range b.legal {
			b.coords[i] = b.p.Coord(m)
		}
	}
	return b.legal, b.coords
}

// LegalMoves are the legal moves in coordinates, separated by spaces.
func (b *Board) LegalMoves() string {
	_, c := b.legalMoves()
	return strings.Join(c, " ")
}

// LegalMovesSAN are the legal moves in notation n, separated by spaces.
func (b *Board) LegalMovesSAN(n Notation) (string, error) {
	in, err := interpreterNotation(n)
	if err != nil {
		return "", err
	}
	legal, _ := b.legalMoves()
	return strings.Join(b.p.NotateAll(legal, in), " "), nil
}

// NumberLegalMoves counts the legal moves.
func (b *Board) NumberLegalMoves() int {
	legal, _ := b.legalMoves()
	return len(legal)
}

// find is the legal move written uci in coordinates, exactly as LegalMoves writes it;
// false when there is none.
func (b *Board) find(uci string) (interpreter.Move, bool) {
	legal, coords := b.legalMoves()
	for i, c := range coords {
		if c == uci {
			return legal[i], true
		}
	}
	return interpreter.NoMove, false
}

// make plays a legal move.
func (b *Board) make(m interpreter.Move) error {
	if len(b.moves) >= maxStack {
		return fmt.Errorf("the board holds %d moves, its limit: set a FEN to go on", maxStack)
	}
	if b.m.held.Load() >= maxHeld {
		return fmt.Errorf("the boards hold %d moves together, the module's limit: delete() the boards no longer used", maxHeld)
	}
	b.m.held.Add(1)
	b.played = append(b.played, b.p.Coord(m))
	b.p.Make(m)
	b.moves = append(b.moves, m)
	b.changed()
	return nil
}

// Push plays a move given in coordinates; false when it is not legal.
func (b *Board) Push(uci string) (bool, error) {
	m, ok := b.find(uci)
	if !ok {
		return false, nil
	}
	if err := b.make(m); err != nil {
		return false, err
	}
	return true, nil
}

// sanMove finds the legal move written text in notation n: the text as that notation
// writes it, or read by the interpreter (check marks optional).
func (b *Board) sanMove(text string, n Notation) (interpreter.Move, bool, error) {
	in, err := interpreterNotation(n)
	if err != nil {
		return interpreter.NoMove, false, err
	}
	legal, _ := b.legalMoves()
	for i, s := range b.p.NotateAll(legal, in) {
		if s == text {
			return legal[i], true, nil
		}
	}
	if strings.TrimSpace(text) == "" {
		return interpreter.NoMove, false, nil
	}
	m, err := b.p.ParseNotated(text, in)
	if err != nil {
		return interpreter.NoMove, false, nil
	}
	return m, true, nil
}

// PushSAN plays a move given in notation n; false when it names no legal move.
func (b *Board) PushSAN(san string, n Notation) (bool, error) {
	m, ok, err := b.sanMove(san, n)
	if err != nil || !ok {
		return false, err
	}
	if err := b.make(m); err != nil {
		return false, err
	}
	return true, nil
}

// PushMoves plays moves in coordinates, separated by spaces. An illegal one is an error
// naming it, and the board is left as it was before the call.
func (b *Board) PushMoves(ucis string) error {
	return b.pushAll(strings.Fields(ucis), func(s string) (bool, error) { return b.Push(s) })
}

// PushSANMoves plays moves in notation n, separated by spaces, as PushMoves does.
func (b *Board) PushSANMoves(sans string, n Notation) error {
	if _, err := interpreterNotation(n); err != nil {
		return err
	}
	return b.pushAll(strings.Fields(sans), func(s string) (bool, error) { return b.PushSAN(s, n) })
}

func (b *Board) pushAll(moves []string, push func(string) (bool, error)) error {
	before := len(b.moves)
	for i, s := range moves {
		ok, err := push(s)
		if err == nil && !ok {
			err = fmt.Errorf("move %d, %s, is not legal in %s", i+1, defs.Quote(s), b.p.FEN())
		}
		if err != nil {
			for len(b.moves) > before {
				b.Pop()
			}
			return err
		}
	}
	return nil
}

// Pop takes the last move back and returns it in coordinates.
func (b *Board) Pop() (string, error) {
	if len(b.moves) == 0 {
		return "", errors.New("no move to take back: the board is at its start")
	}
	n := len(b.moves) - 1
	uci := b.played[n]
	b.moves, b.played = b.moves[:n], b.played[:n]
	b.m.held.Add(-1)
	b.p.Unmake()
	b.changed()
	return uci, nil
}

// FEN is the position's FEN.
func (b *Board) FEN() string { return b.p.FEN() }

// SANMove writes a legal move given in coordinates in notation n; "" when it is not
// legal.
func (b *Board) SANMove(uci string, n Notation) (string, error) {
	in, err := interpreterNotation(n)
	if err != nil {
		return "", err
	}
	m, ok := b.find(uci)
	if !ok {
		return "", nil
	}
	return b.p.Notate(m, in), nil
}

// VariationSAN writes a line of moves given in coordinates in notation n, with move
// numbers ("1. e4 e5 2. Nf3", "1...e5") when numbers is set; "" when one is not legal.
func (b *Board) VariationSAN(ucis string, n Notation, numbers bool) (string, error) {
	in, err := interpreterNotation(n)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	made := 0
	defer func() {
		for ; made > 0; made-- {
			b.p.Unmake()
		}
		b.changed()
	}()
	for i, s := range strings.Fields(ucis) {
		b.changed()
		m, ok := b.find(s)
		if !ok {
			return "", nil
		}
		white := b.p.Side() == compiler.White
		switch {
		case i == 0 && numbers && white:
			fmt.Fprintf(&out, "%d. ", b.fullmove())
		case i == 0 && numbers:
			fmt.Fprintf(&out, "%d...", b.fullmove())
		case numbers && white:
			fmt.Fprintf(&out, " %d. ", b.fullmove())
		case i > 0:
			out.WriteByte(' ')
		}
		out.WriteString(b.p.Notate(m, in))
		b.p.Make(m)
		made++
	}
	return out.String(), nil
}

// Turn is true when White is to move.
func (b *Board) Turn() bool { return b.p.Side() == compiler.White }

// GamePly is the number of half-moves of the game: from its FEN's move number (its last
// field) and side to move.
func (b *Board) GamePly() int {
	f := strings.Fields(b.p.FEN())
	if n := len(f); n > 2 && strings.Contains(f[n-1], ":") {
		f = f[:n-1] // a status field
	}
	ply := 0
	if n, err := strconv.Atoi(f[len(f)-1]); err == nil && n > 0 && len(f) >= 6 {
		ply = 2 * (n - 1)
	}
	if b.p.Side() == compiler.Black {
		ply++
	}
	return ply
}

func (b *Board) fullmove() int { return b.GamePly()/2 + 1 }

// FullmoveNumber is the number of the move being played, from 1.
func (b *Board) FullmoveNumber() int { return b.fullmove() }

// HalfmoveClock counts the half-moves since the last capture or pawn move.
func (b *Board) HalfmoveClock() int { return b.p.Halfmove() }

// claimable are the endings ffish.js reports only when a draw is claimed: the game may go
// on past them.
func claimable(reason string) bool {
	return reason == "fifty-move rule" || reason == "repetition" || reason == "counting rule"
}

// Result is the game's result: "1-0", "0-1", "1/2-1/2", or "*" while it goes on. The
// fifty-move, counting and repetition rules end it only when claimDraw is set.
func (b *Board) Result(claimDraw bool) string {
	r := b.p.Result()
	if r.Score != "*" && !claimDraw && claimable(r.Reason) {
		return "*"
	}
	return r.Score
}

// IsGameOver reports whether the game is over (as Result).
func (b *Board) IsGameOver(claimDraw bool) bool { return b.Result(claimDraw) != "*" }

// IsCheck reports whether the side to move is in check.
func (b *Board) IsCheck() bool { return b.p.InCheck() }

// CheckedPieces are the squares of the side to move's royal men in check, separated by
// spaces ("" when not in check).
func (b *Board) CheckedPieces() string {
	if !b.p.InCheck() {
		return ""
	}
	side := b.p.Side()
	var out []string
	for _, sq := range b.royals(side) {
		if b.p.Attacked(sq, interpreter.Opponent(side)) {
			out = append(out, b.rs.SquareName(sq))
		}
	}
	return strings.Join(out, " ")
}

// royals are the squares of side c's royal men, in square order.
func (b *Board) royals(c interpreter.Color) []interpreter.Square {
	var out []interpreter.Square
	for sq := range b.rs.Files * b.rs.Ranks {
		pc := b.p.At(sq)
		if pc != interpreter.NoPiece && pc.Color() == c && b.rs.Piece(pc.Type()).Royal {
			out = append(out, sq)
		}
	}
	return out
}

// RoyalsFace reports whether, in a variant whose royal men may not face each other
// (rules.facing-royals), they face each other now: one of each side on a file or rank
// with nothing between them (ffish.js's isBikjang).
func (b *Board) RoyalsFace() bool {
	if !b.rs.FacingRoyals {
		return false
	}
	for _, w := range b.royals(compiler.White) {
		for _, k := range b.royals(compiler.Black) {
			if b.open(w, k) {
				return true
			}
		}
	}
	return false
}

// open reports whether squares a and c share a file or rank with only empty cells between.
func (b *Board) open(a, c interpreter.Square) bool {
	fa, ra, fc, rc := b.rs.FileOf(a), b.rs.RankOf(a), b.rs.FileOf(c), b.rs.RankOf(c)
	if fa != fc && ra != rc {
		return false
	}
	df, dr := cmp.Compare(fc, fa), cmp.Compare(rc, ra) // the step towards c: -1, 0 or 1
	for f, r := fa+df, ra+dr; f != fc || r != rc; f, r = f+df, r+dr {
		if b.p.At(b.rs.SquareAt(f, r)) != interpreter.NoPiece {
			return false
		}
	}
	return true
}

// IsCapture reports whether a legal move, in coordinates, removes a man from the board
// (en passant, a capture in passing, a man on its destination); false for a move that is
// not legal. A promotion alone is none (the interpreter's IsCapture counts it, for the
// search).
func (b *Board) IsCapture(uci string) bool {
	m, ok := b.find(uci)
	if !ok {
		return false
	}
	switch m.Kind() {
	case interpreter.KindCastle, interpreter.KindNull, interpreter.KindDrop, interpreter.KindExchange, interpreter.KindPass:
		return false
	case interpreter.KindEP:
		return true
	}
	if m.Cap1() != interpreter.NoSquare || m.Cap2() != interpreter.NoSquare {
		return true
	}
	return m.To() != m.From() && b.p.At(m.To()) != interpreter.NoPiece
}

// MoveStack is the moves made, in coordinates, separated by spaces.
func (b *Board) MoveStack() string { return strings.Join(b.played, " ") }

// Pocket is what side white (true: White) holds in a pool (by name; "" its first), as
// lower-case FEN letters in the order of the piece types ("" in a variant without pools).
func (b *Board) Pocket(white bool, pool string) (string, error) {
	pools := b.rs.Pools()
	i := 0
	if pool != "" {
		i = -1
		for j, n := range pools {
			if n == pool {
				i = j
			}
		}
		if i < 0 {
			return "", fmt.Errorf("%s has no pool %s (its pools: %s)", b.variant, defs.Quote(pool), strings.Join(pools, ", "))
		}
	}
	if len(pools) == 0 {
		return "", nil
	}
	c := compiler.Black
	if white {
		c = compiler.White
	}
	return strings.ToLower(b.p.PoolLetters(c, i)), nil
}

// String draws the board as ffish.js's toString does: the ranks from the top, the cells
// separated by spaces, '.' for an empty one, each man as its FEN letter.
func (b *Board) String() string {
	var out strings.Builder
	for r := b.rs.Ranks - 1; r >= 0; r-- {
		for f := range b.rs.Files {
			if f > 0 {
				out.WriteByte(' ')
			}
			out.WriteString(b.cell(b.rs.SquareAt(f, r)))
		}
		if r > 0 {
			out.WriteByte('\n')
		}
	}
	return out.String()
}

// cell is a square's text: its man's letter (in its side's case), or '.'.
func (b *Board) cell(sq interpreter.Square) string {
	pc := b.p.At(sq)
	if pc == interpreter.NoPiece {
		return "."
	}
	l := b.rs.Piece(pc.Type()).LetterText
	if pc.Color() == compiler.Black {
		return strings.ToLower(l)
	}
	return l
}

// VerboseString draws the board in a grid, as Fairy-Stockfish's `d` does (each man as its
// FEN text, +B for a man a FEN writes so), with the FEN and the squares in check under it.
func (b *Board) VerboseString() string {
	var out strings.Builder
	line := "\n " + strings.Repeat("+---", b.rs.Files) + "+\n"
	out.WriteString(line)
	for r := b.rs.Ranks - 1; r >= 0; r-- {
		out.WriteString(" |")
		for f := range b.rs.Files {
			t := b.fenCell(b.rs.SquareAt(f, r))
			fmt.Fprintf(&out, "%-3s|", strings.Repeat(" ", max(0, 2-len(t)))+t)
		}
		fmt.Fprintf(&out, "%d", r+1)
		out.WriteString(line)
	}
	for f := range b.rs.Files {
		fmt.Fprintf(&out, "   %c", 'a'+f)
	}
	fmt.Fprintf(&out, "\n\nFen: %s\nCheckers: %s\n", b.FEN(), b.CheckedPieces())
	return out.String()
}

// fenCell is a square's man as a FEN writes it ("" for an empty square).
func (b *Board) fenCell(sq interpreter.Square) string {
	pc := b.p.At(sq)
	if pc == interpreter.NoPiece {
		return ""
	}
	pt := b.rs.Piece(pc.Type())
	t := pt.LetterText
	if pt.Promoted != 0 {
		t = "+" + string(pt.Promoted)
	}
	if pc.Color() == compiler.Black {
		return strings.ToLower(t)
	}
	return t
}

// Variant is the board's variant's name.
func (b *Board) Variant() string { return b.variant }

// Is960 is the flag the board was made with.
func (b *Board) Is960() bool { return b.is960 }

// Perft counts the leaves of the legal move tree to depth (1 to 8) from the position.
func (b *Board) Perft(depth int) (int64, error) {
	if depth < 1 || depth > 8 {
		return 0, fmt.Errorf("perft depth %d: give 1 to 8", depth)
	}
	return perft.Perft(b.p, depth), nil
}

// PGN writes the game in PGN, with its start as a FEN tag when it is not the default
// setup's.
func (b *Board) PGN() string {
	sans := make([]string, len(b.moves))
	for i := len(b.moves) - 1; i >= 0; i-- {
		b.p.Unmake()
		sans[i] = b.p.SAN(b.moves[i])
	}
	start := b.p.Clone()
	for _, m := range b.moves {
		b.p.Make(m)
	}
	startFEN := start.FEN()
	tags := []gametext.Tag{{Name: "Event", Value: "Chimera game"}, {Name: "Variant", Value: b.variant}}
	if def, err := b.m.StartingFEN(b.variant); err != nil || def != startFEN {
		tags = append(tags, gametext.Tag{Name: "SetUp", Value: "1"}, gametext.Tag{Name: "FEN", Value: startFEN})
	}
	res := b.Result(false)
	tags = append(tags, gametext.Tag{Name: "Result", Value: res})
	return gametext.Record{Tags: tags, Start: start, SAN: sans, Result: res}.String()
}
