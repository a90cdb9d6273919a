// Move notation: coordinate (e2e4, e7e8q, d5e6xe5) and SAN (Nf3, exd5, de5, O-O, e8=Q+,
// Bxc3-b2), both written and read; reading matches the input against the legal moves.

package interpreter

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"chimera/compiler"
	"chimera/defs"
)

// Coord writes m in coordinate notation: origin, destination, promotion letter in lower
// case. Castling writes the king's destination, or the partner's square when the ruleset
// says king-to-partner (Chess960 style) or the king stays where it is. Coordinate texts are kept apart from the other
// legal moves of p: when another one has the same text, castling writes the partner's
// square (the king's step b1c1 and castling b1a1), or, when that too is another move's
// text, its SAN (O-O-O); and a move capturing in passing (a
// pawn's en-passant capture and its slide onto one square, two paths capturing different
// pieces between the same squares) appends the squares it captures in passing, each as x
// and its name: d5e6xe5. Only such moves pay for the legal move generation that tells.
func (p *Position) Coord(m Move) string {
	if w := m.Wall(); w != NoSquare {
		// The man's move, then the wall from where it landed: e2e4,e4d5.
		base := m.WithoutWall()
		bases := p.baseMoves(nil)
		squares, rest := p.coordParts(base, bases)
		rs := p.Ruleset()
		return squares + rest + "," + rs.SquareName(p.coordDest(base, bases)) + rs.SquareName(w)
	}
	if m.IsDrop() {
		return p.dropText(m, false)
	}
	if m.Kind() == KindPickUp {
		return "@@" + p.Ruleset().SquareName(m.From()) // as Sjaak II writes it
	}
	if m.Cap1() == NoSquare && m.Kind() != KindCastle && m.Gated() < 0 || m.Stop() != NoSquare && m.Gated() < 0 {
		return p.plainCoord(m) // a stop's square tells the move apart
	}
	var legal [256]Move
	squares, rest := p.coordParts(m, p.legalMoves(legal[:0]))
	return squares + rest
}

// coordParts writes m as Coord does, given the legal moves of p, in two parts: the
// origin and destination squares, then the rest (promotion letter, captures in passing).
func (p *Position) coordParts(m Move, legal []Move) (squares, rest string) {
	rs := p.Ruleset()
	to := p.coordDest(m, legal)
	if m.Kind() == KindCastle && to == m.Aux() && to != m.To() && p.sharesText(m, to, legal) {
		// Both of castling's coordinate texts name other moves too (the king's step b1c1,
		// and, where a man may take its own side's men, the king taking its rook b1a1):
		// castling is written as in SAN, O-O-O, which no other move's text can be.
		return p.sanBody(m, legal), ""
	}
	squares = rs.SquareName(m.From()) + rs.SquareName(to)
	if s := m.Stop(); s != NoSquare {
		squares = rs.SquareName(m.From()) + rs.SquareName(s) + rs.SquareName(to)
	}
	if t := m.Promotion(); t >= 0 {
		rest = p.promotionText(m, t)
	}
	if m.Cap1() != NoSquare && m.Stop() == NoSquare && p.sharesText(m, to, legal) {
		rest += p.passedCaptures(m, false)
	}
	if t := m.Gated(); t >= 0 {
		// The gated man's letter; castling that gates on the partner's square is written
		// from that square to the royal's, as Fairy-Stockfish writes it (h1e1h).
		rest += strings.ToLower(rs.Piece(t).LetterText)
		if m.GateSquare() != m.From() {
			squares = rs.SquareName(m.GateSquare()) + rs.SquareName(m.From())
		}
	}
	return squares, rest
}

// coordDest is the destination coordinate notation writes for m, given the legal moves
// of p: coordTo's, or the partner's square for a castling whose text would otherwise be
// another move's (or name no move at all).
func (p *Position) coordDest(m Move, legal []Move) Square {
	to := p.coordTo(m)
	if m.Kind() == KindCastle && to == m.To() && (to == m.From() || p.sharesText(m, to, legal)) {
		to = m.Aux()
	}
	return to
}

// baseMoves appends to buf[:0] the legal moves of p without their walls, each once (in
// rulesets without walls, the legal moves).
func (p *Position) baseMoves(buf []Move) []Move {
	return p.MenMoves(buf[:0])
}

// sharesText reports whether another legal move has the plain coordinate text of m
// written with destination to.
func (p *Position) sharesText(m Move, to Square, legal []Move) bool {
	for _, o := range legal {
		if o != m && o.From() == m.From() && p.coordTo(o) == to && o.Promotion() == m.Promotion() && o&gateMask == m&gateMask {
			return true
		}
	}
	return false
}

// plainCoord is the coordinate text without the squares captured in passing.
func (p *Position) plainCoord(m Move) string {
	rs := p.Ruleset()
	s := rs.SquareName(m.From()) + rs.SquareName(p.coordTo(m))
	if st := m.Stop(); st != NoSquare {
		s = rs.SquareName(m.From()) + rs.SquareName(st) + rs.SquareName(m.To())
	}
	if t := m.Promotion(); t >= 0 {
		s += p.promotionText(m, t)
	}
	return s
}

// promotionText is how coordinate notation writes m's promotion to type t: "+" when t is
// written "+X" in a FEN and X is the moving man's letter (a promotion as
// Fairy-Stockfish and USI write it: 7g7f+), else t's letter in lower case.
// PromotionText is how coordinate notation writes m's promotion into type t after the
// destination: "+" into the promoted form of the mover's letter, "-" back to the piece it
// promoted from, else the type's token in lowercase.
func (p *Position) PromotionText(m Move, t int) string { return p.promotionText(m, t) }

func (p *Position) promotionText(m Move, t int) string {
	rs := p.Ruleset()
	if m.From() >= 0 && p.At(m.From()) != NoPiece {
		mover := rs.Piece(p.At(m.From()).Type())
		if l := rs.Piece(t).Promoted; l != 0 && mover.Letter == l {
			return "+"
		}
		if to := rs.Piece(t); to.MarkPlus && !mover.MarkPlus && to.Mark == mover.Mark && to.MarkLetter == mover.MarkLetter {
			return "+" // "Q!" to "+Q!"
		}
		if l := mover.Promoted; l != 0 && rs.Piece(t).Letter == l {
			return "-" // back to the piece it promoted from (a turn-over)
		}
	}
	return strings.ToLower(rs.Piece(t).LetterText)
}

// coordTo is the destination coordinate notation shows for m.
func (p *Position) coordTo(m Move) Square {
	if m.Kind() == KindCastle && p.Ruleset().Castling.KingToPartner {
		return m.Aux()
	}
	return m.To()
}

// passedCaptures writes the squares m captures in passing as xc1xc2, in square order or,
// with reversed, the other way round.
func (p *Position) passedCaptures(m Move, reversed bool) string {
	c1, c2 := m.Cap1(), m.Cap2()
	if reversed {
		c1, c2 = c2, c1
	}
	s := ""
	for _, c := range []Square{c1, c2} {
		if c != NoSquare {
			s += "x" + p.Ruleset().SquareName(c)
		}
	}
	return s
}

// SAN writes m (legal in p) in standard algebraic notation with + or # appended: # when
// the move wins at once (a winning goal, or a mate the mated side loses), + for any other
// check.
func (p *Position) SAN(m Move) string {
	var legal [256]Move
	if m.Wall() != NoSquare {
		return p.sanAmong(m, p.baseMoves(legal[:0]))
	}
	return p.sanAmong(m, p.legalMoves(legal[:0]))
}

// sanAmong is SAN told apart from among: p's legal moves, or for a move with a wall, the
// legal moves without their walls (baseMoves).
func (p *Position) sanAmong(m Move, among []Move) string {
	var s string
	if w := m.Wall(); w != NoSquare {
		s = p.sanBody(m.WithoutWall(), among) + "," + p.Ruleset().SquareName(w)
	} else {
		s = p.sanBody(m, among)
	}
	side := p.Side()
	p.Make(m)
	var buf [256]Move
	switch {
	case p.wonAtOnce(): // a winning goal, or a repetition the opponent loses
		s += "#"
	case p.Side() == side: // the mover's turn goes on: no check is given to anyone yet
	case p.InCheck():
		if o, _ := p.NoMoves(); !p.Ended().Over && len(p.legalMoves(buf[:0])) == 0 && o == compiler.Loss {
			s += "#"
		} else {
			s += "+"
		}
	}
	p.Unmake()
	return s
}

// castleSAN writes the castling m: O-O toward the higher files, O-O-O toward the lower,
// and where the rules give that side a choice of squares for the royal
// (castling.short.also), its landing square after a slash: O-O/i1.
func (p *Position) castleSAN(m Move) string {
	s, side := "O-O-O", 1
	if m.Aux() > m.From() {
		s, side = "O-O", 0
	}
	if text, ok := p.Ruleset().Castling.SAN(side, p.Ruleset().LocalFile(m.To()), p.Side()); ok {
		return text
	}
	if p.Ruleset().Castling.Choices(side) {
		s += "/" + p.Ruleset().SquareName(m.To())
	}
	return s
}

// sanBody writes m without the check suffix; legal are the legal moves of p, for
// disambiguation.
func (p *Position) sanBody(m Move, legal []Move) string {
	rs := p.Ruleset()
	if m.IsDrop() {
		return p.dropText(m, true)
	}
	if m.Kind() == KindPass {
		return "pass"
	}
	if m.Kind() == KindPickUp {
		return rs.Piece(p.At(m.From()).Type()).LetterText + "^" + rs.SquareName(m.From())
	}
	if m.Kind() == KindCastle {
		s := p.castleSAN(m)
		if t := m.Gated(); t >= 0 {
			s += "/" + rs.Piece(t).LetterText + rs.SquareName(m.GateSquare())
		}
		return s
	}
	pc := p.At(m.From())
	pt := rs.Piece(pc.Type())
	to := m.To()
	inPlace := to == m.From() // a promotion where the man stands: e5=F
	capture := p.At(to) != NoPiece && !inPlace || m.Cap1() != NoSquare
	var b strings.Builder
	b.WriteString(pt.SAN)
	if st := m.Stop(); st != NoSquare {
		// A move that stops on the way names its origin and its stop (Nd4xe5-d4: a capture
		// on e5, back to d4), as many moves may join the same squares.
		b.WriteString(rs.SquareName(m.From()))
		for _, sq := range []Square{st, to} {
			switch {
			case sq == m.Cap1() || sq == m.Cap2() || sq != m.From() && p.At(sq) != NoPiece:
				b.WriteString("x")
			default:
				b.WriteString("-")
			}
			b.WriteString(rs.SquareName(sq))
		}
		if t := m.Promotion(); t >= 0 {
			b.WriteString("=" + sanPieceText(rs, t))
		}
		return b.String()
	}
	if pt.SAN == "" {
		b.WriteString(p.letterlessOrigin(m, legal, capture))
	} else {
		b.WriteString(p.disambiguation(m, legal))
	}
	if m.Kind() == KindEP {
		b.WriteString("x" + rs.SquareName(to))
	} else {
		locust := false
		for _, c := range []Square{m.Cap1(), m.Cap2()} {
			if c != NoSquare {
				b.WriteString("x" + rs.SquareName(c))
				locust = true
			}
		}
		switch {
		case p.At(to) != NoPiece && !inPlace:
			b.WriteString("x")
		case locust:
			b.WriteString("-")
		}
		b.WriteString(rs.SquareName(to))
	}
	if t := m.Promotion(); t >= 0 {
		b.WriteString("=" + sanPieceText(rs, t))
	}
	if t := m.Gated(); t >= 0 {
		b.WriteString("/" + rs.Piece(t).LetterText)
	}
	return b.String()
}

// sanPieceText names type t in SAN's promotion suffix: +P for a piece written so in a
// FEN, else its letter.
func sanPieceText(rs *compiler.Ruleset, t int) string {
	if l := rs.Piece(t).Promoted; l != 0 {
		return "+" + string(l)
	}
	return rs.Piece(t).LetterText
}

// sanKey keeps what two moves must share to need their origins told apart in SAN:
// destination, promotion, kind and the squares captured in passing (not the origin, the
// castling partner or the en-passant flag).
const sanKey = Move(0xff<<8|0x7f<<16|0x7<<23) | passedMask

// rivals reports whether another legal move of a piece written with the same SAN letter
// shares m's destination, promotion and captures, and whether one of those starts on m's
// origin file or rank.
func (p *Position) rivals(m Move, moves []Move) (others, sameFile, sameRank bool) {
	rs := p.Ruleset()
	from := m.From()
	letter := rs.Piece(p.At(from).Type()).SAN
	for _, o := range moves {
		if o.From() == from || !p.sanTwins(o, m) || o.Kind() == KindCastle || o.IsDrop() || rs.Piece(p.At(o.From()).Type()).SAN != letter {
			continue
		}
		others = true
		sameFile = sameFile || rs.LocalFile(o.From()) == rs.LocalFile(from)
		sameRank = sameRank || rs.RankOf(o.From()) == rs.RankOf(from)
	}
	return others, sameFile, sameRank
}

// sanTwins reports whether moves o and m share what SAN writes besides the origin: the
// destination (by name: with several boards, the same cell of two boards reads alike),
// promotion, kind and captures in passing.
func (p *Position) sanTwins(o, m Move) bool {
	const toBits = Move(0xff << 8)
	if o&sanKey == m&sanKey {
		return true
	}
	rs := p.Ruleset()
	return rs.Boards > 1 && o&(sanKey&^toBits) == m&(sanKey&^toBits) && rs.SquareName(o.To()) == rs.SquareName(m.To())
}

// disambiguation returns the origin file, rank or both when another piece with the same
// letter can make a move with the same destination and captures.
func (p *Position) disambiguation(m Move, moves []Move) string {
	others, sameFile, sameRank := p.rivals(m, moves)
	name := p.Ruleset().SquareName(m.From())
	switch {
	case !others:
		return ""
	case !sameFile:
		return name[:1]
	case !sameRank:
		return name[1:]
	}
	return name
}

// letterlessOrigin returns what a piece without a SAN letter (a pawn) writes of its
// origin. A capture always writes the origin file (exd5), the whole square when another
// such piece on that file makes the same capture. A move without capture writes nothing
// unless another such piece can make the same move; then the origin file, but a move
// along its own file leaves the file implied (e5 next to de5, a slide from d4) and writes
// the rank only when another rival starts on that file too. The file alone not being
// enough for a move off its file, it writes the square: a bare rank would read as the
// destination's file.
func (p *Position) letterlessOrigin(m Move, moves []Move, capture bool) string {
	rs := p.Ruleset()
	name := rs.SquareName(m.From())
	others, sameFile, _ := p.rivals(m, moves)
	onFile := rs.FileOf(m.From()) == rs.FileOf(m.To())
	switch {
	case capture && sameFile:
		return name
	case capture:
		return name[:1]
	case !others:
		return ""
	case onFile && !sameFile:
		return ""
	case onFile:
		return name[1:]
	case !sameFile:
		return name[:1]
	}
	return name
}

var coordRE = regexp.MustCompile(`^([a-z][0-9]+)([a-z][0-9]+)`)

// longRE reads long algebraic notation: piece letter, origin, '-' or 'x', destination,
// promotion.
var longRE = regexp.MustCompile(`^([A-Z])?([a-z][0-9]+)[-x]([a-z][0-9]+)(?:=?([A-Za-z]))?$`)

var sanRE = regexp.MustCompile(`^(\+?[A-Z]['!]?)?([a-z])?([0-9]+)?(x)?([a-z][0-9]+)(?:=?(\+?[A-Za-z]['!]?))?$`)

// ParseMove reads a move in coordinate notation or SAN and returns the legal move it names.
// Coordinate notation may always carry the squares captured in passing (d5e6xe5), and
// must when the plain text names several legal moves (see Coord).
func (p *Position) ParseMove(s string) (Move, error) {
	if p.Ruleset().Walls != nil {
		return p.parseTurn(s)
	}
	return p.parseMove(s, nil)
}

// parseMove is ParseMove among the moves legal (nil: the legal moves of p).
func (p *Position) parseMove(s string, legal []Move) (Move, error) {
	in := strings.TrimSpace(s)
	if in == "" {
		return NoMove, fmt.Errorf("empty move")
	}
	if legal == nil {
		legal = p.LegalMoves(nil)
	}
	if plus := strings.TrimRight(in, "#!?"); strings.HasSuffix(plus, "+") {
		// A promotion written "+" (c3c4+), before '+' is read as a check mark.
		for _, m := range legal {
			if t := m.Promotion(); t >= 0 && p.promotionText(m, t) == "+" && p.coordMatches(plus, m, legal) {
				return m, nil
			}
		}
	}
	clean := strings.TrimRight(strings.TrimSuffix(in, "mate"), "+#!?")
	clean = strings.TrimSpace(strings.TrimSuffix(clean, "e.p."))
	// raw keeps a mark that ends a dressed letter (R!a8=+R!), which clean takes for an
	// annotation.
	raw := strings.TrimRight(strings.TrimSuffix(in, "mate"), "+#")
	if g := longRE.FindStringSubmatch(clean); g != nil {
		// Long algebraic notation (e2-e4, Ng1-f3, e7xd8=Q): the coordinate move it names,
		// made by a piece of the letter given, if any.
		m, err := p.parseMove(g[2]+g[3]+strings.ToLower(g[4]), legal)
		if err == nil && (g[1] == "" || g[1] == p.Ruleset().Piece(p.At(m.From()).Type()).SAN || g[1] == p.Ruleset().Piece(p.At(m.From()).Type()).LetterText) {
			return m, nil
		}
	}
	if strings.EqualFold(clean, "pass") {
		for _, m := range legal {
			if m.Kind() == KindPass {
				return m, nil
			}
		}
		return NoMove, fmt.Errorf("illegal move %q: no pass is legal here", in)
	}
	if g := pickUpRE.FindStringSubmatch(clean); g != nil {
		return p.parsePickUp(in, g[1], g[2]+g[3], legal)
	}
	if strings.Contains(clean, "@") {
		return p.parseDrop(in, clean, legal)
	}
	// Older forms: the origin in parentheses, N(b)d7 or R(h)f1; a capture named by the man
	// captured, KxR.
	if g := parenOriginRE.FindStringSubmatch(clean); g != nil {
		clean = g[1] + g[2] + g[3]
	}
	if g := namedCaptureRE.FindStringSubmatch(clean); g != nil {
		return p.parseNamedCapture(in, g[1], g[2], legal)
	}
	var hits []Move
	if raw != clean {
		// A coordinate move whose promotion letter is dressed with '!' (c11c12q!), which
		// clean takes for an annotation: read first as written.
		for _, m := range legal {
			if p.coordMatches(raw, m, legal) {
				hits = append(hits, m)
			}
		}
		if len(hits) == 1 {
			return hits[0], nil
		}
		hits = hits[:0]
	}
	// Coordinate notation. Castling is also read in the other style (king-to-square or
	// king-to-partner), but only when no move has that exact text: in Chess960 the king's
	// castled square can also be the destination of an ordinary king move.
	var castles, plain []Move
	for _, m := range legal {
		if p.coordMatches(clean, m, legal) {
			hits = append(hits, m)
			continue
		}
		if m.Cap1() != NoSquare && clean == p.plainCoord(m) {
			plain = append(plain, m)
		}
		if m.Kind() == KindCastle && (p.Ruleset().SquareName(m.From())+p.Ruleset().SquareName(m.Aux()) == clean || p.Ruleset().SquareName(m.From())+p.Ruleset().SquareName(m.To()) == clean) {
			castles = append(castles, m)
		}
	}
	if len(hits) == 0 {
		hits = castles
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		return NoMove, fmt.Errorf("move %s is ambiguous: %d legal moves match", defs.Quote(in), len(hits))
	}
	if len(plain) > 1 {
		var named []string
		for _, m := range plain {
			squares, rest := p.coordParts(m, legal)
			named = append(named, squares+rest)
		}
		sort.Strings(named)
		return NoMove, fmt.Errorf("move %s is ambiguous: %d legal moves match; give the squares captured in passing: %s", defs.Quote(in), len(plain), strings.Join(named, " "))
	}
	// Exact SAN.
	norm := strings.ReplaceAll(strings.ReplaceAll(clean, "0-0-0", "O-O-O"), "0-0", "O-O")
	for _, m := range legal {
		if !p.mayBeSAN(m, norm, clean, raw) {
			continue
		}
		if b := p.sanBody(m, legal); b == norm || b == clean || b == raw {
			hits = append(hits, m)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if norm == "O-O" || norm == "O-O-O" {
		return p.bareCastle(in, norm, legal)
	}
	// Loose SAN: letter, optional origin file/rank, optional x, destination, promotion.
	hits = hits[:0]
	g := sanRE.FindStringSubmatch(norm)
	for i, text := range []string{norm, raw} {
		if i == 1 {
			if len(hits) > 0 || raw == clean || !sanRE.MatchString(raw) {
				break
			}
			g = sanRE.FindStringSubmatch(text) // a dressed letter last (R!a8=+R!)
		}
		if g != nil {
			for _, m := range legal {
				if p.sanMatches(m, g) {
					hits = append(hits, m)
				}
			}
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return NoMove, p.illegalMoveError(in, norm, legal)
	}
	if m, ok := p.impliedFile(hits); ok && g[1] == "" && g[2] == "" && g[4] == "" {
		return m, nil
	}
	return NoMove, fmt.Errorf("move %s is ambiguous: %d legal moves match; give the origin square", defs.Quote(in), len(hits))
}

// mayBeSAN reports whether the SAN body of m (sanBody) may be one of texts: false only
// when none of them names m's destination, which every SAN body but a drop's, a pass's, a
// pick-up's and a castling's writes. It spares the exact SAN match a body (and its
// disambiguation, which looks at every legal move) for each legal move.
func (p *Position) mayBeSAN(m Move, texts ...string) bool {
	if m.IsDrop() {
		return true
	}
	switch m.Kind() {
	case KindPass, KindPickUp, KindCastle:
		return true
	}
	to := p.Ruleset().SquareName(m.To())
	for _, t := range texts {
		if strings.Contains(t, to) {
			return true
		}
	}
	return false
}

// parseTurn reads a turn of a ruleset with walls: the man's move as ParseMove reads it,
// then after a comma the wall's cell, alone (SAN: e4,d5) or after the cell where the man
// landed (coordinates: e2e4,e4d5).
func (p *Position) parseTurn(s string) (Move, error) {
	in := strings.TrimSpace(s)
	moveText, wallText, ok := strings.Cut(in, ",")
	instead := p.Ruleset().Walls.Instead
	if !ok && instead && in != "" {
		// A man's move, which places no wall.
		if strings.EqualFold(in, "pass") {
			return NoMove, fmt.Errorf("move %s: in %s a pass places a wall: give its cell after a comma (pass,d4)", defs.Quote(in), p.Ruleset().Name)
		}
		legal := p.LegalMoves(nil)
		men := legal[:0:0]
		for _, m := range legal {
			if m.Wall() == NoSquare {
				men = append(men, m)
			}
		}
		return p.parseMove(in, men)
	}
	if !ok {
		if in == "" {
			return NoMove, fmt.Errorf("empty move")
		}
		return NoMove, fmt.Errorf("move %s places no wall: in %s each move is followed by a comma and the wall's cell, from where the man landed (e2e4,e4d5; in SAN e4,d5)", defs.Quote(in), p.Ruleset().Name)
	}
	wallText = strings.TrimSpace(strings.TrimRight(wallText, "+#!?"))
	bases := p.baseMoves(nil)
	base, err := p.parseMove(moveText, bases)
	if err != nil {
		return NoMove, err
	}
	rs := p.Ruleset()
	if instead && base.Kind() != KindPass {
		return NoMove, fmt.Errorf("move %s: in %s a man's move places no wall: a wall is placed instead of a move (pass,d4), and a move is written alone (%s)", defs.Quote(in), rs.Name, moveText)
	}
	wall, ok := rs.ParseSquare(wallText)
	if !ok {
		from := rs.SquareName(p.coordDest(base, bases))
		if rest, found := strings.CutPrefix(wallText, from); found {
			wall, ok = rs.ParseSquare(rest)
		}
		if !ok {
			return NoMove, fmt.Errorf("move %s: %s names no wall's cell (expected the wall's cell, or the landing cell %s followed by it)", defs.Quote(in), defs.Quote(wallText), from)
		}
	}
	allowed := p.WallCells(base)
	if allowed.Has(wall) {
		return base.withWall(wall), nil
	}
	var cells []string
	for b := allowed; b.Any(); b = b.Rest() {
		cells = append(cells, rs.SquareName(b.First()))
	}
	return NoMove, fmt.Errorf("move %s: no wall may be placed on %s after %s (it may go on %s)", defs.Quote(in), rs.SquareName(wall), moveText, strings.Join(cells, " "))
}

// impliedFile settles a loose SAN without letter, origin file or capture sign (b1Q) that
// names several moves of letterless pieces the way writing does: such a move left
// without origin goes along its own file, so when exactly one of them does, it is meant.
func (p *Position) impliedFile(hits []Move) (Move, bool) {
	rs := p.Ruleset()
	found := NoMove
	for _, m := range hits {
		if m.IsDrop() || rs.Piece(p.At(m.From()).Type()).SAN != "" || p.At(m.To()) != NoPiece || m.Cap1() != NoSquare {
			return NoMove, false
		}
		if rs.FileOf(m.From()) == rs.FileOf(m.To()) {
			if found != NoMove {
				return NoMove, false
			}
			found = m
		}
	}
	return found, found != NoMove
}

// coordMatches reports whether text is m in coordinate notation: its Coord, or its plain
// text followed by the squares it captures in passing (in either order). The origin and
// destination must be written as they are named; the rest in either case.
func (p *Position) coordMatches(text string, m Move, legal []Move) bool {
	squares, rest := p.coordParts(m, legal)
	if !strings.HasPrefix(text, squares) {
		return false
	}
	tail := text[len(squares):]
	if strings.EqualFold(tail, rest) {
		return true
	}
	if m.Cap1() == NoSquare {
		return false
	}
	promo := ""
	if t := m.Promotion(); t >= 0 {
		promo = p.promotionText(m, t)
	}
	return strings.EqualFold(tail, promo+p.passedCaptures(m, false)) ||
		m.Cap2() != NoSquare && strings.EqualFold(tail, promo+p.passedCaptures(m, true))
}

// bareCastle reads O-O or O-O-O written without the royal's square where the rules give
// that side a choice (O-O/i1): the one legal castling that way, if there is one.
func (p *Position) bareCastle(in, norm string, legal []Move) (Move, error) {
	var hits []Move
	var named []string
	for _, m := range legal {
		if m.Kind() == KindCastle && m.Gated() < 0 && (m.Aux() > m.From()) == (norm == "O-O") {
			hits = append(hits, m)
			named = append(named, p.castleSAN(m))
		}
	}
	switch len(hits) {
	case 0:
		return NoMove, p.illegalMoveError(in, norm, legal)
	case 1:
		return hits[0], nil
	}
	return NoMove, fmt.Errorf("move %s is ambiguous: the king may castle onto %d squares that way; give its square: %s", defs.Quote(in), len(hits), strings.Join(named, " "))
}

func (p *Position) sanMatches(m Move, g []string) bool {
	rs := p.Ruleset()
	if m.Kind() == KindCastle || m.IsDrop() {
		return false
	}
	pt := rs.Piece(p.At(m.From()).Type())
	letter, file, rank, capt, to, promo := g[1], g[2], g[3], g[4], g[5], g[6]
	if letter != pt.SAN && !(letter == "" && pt.SAN == "") && letter != pt.LetterText {
		return false
	}
	if rs.SquareName(m.To()) != to {
		return false
	}
	name := rs.SquareName(m.From())
	if file != "" && name[:1] != file || rank != "" && name[1:] != rank {
		return false
	}
	if capt != "" && p.At(m.To()) == NoPiece && m.Cap1() == NoSquare {
		return false
	}
	if promo == "" {
		return m.Promotion() < 0
	}
	t := rs.TypeOfText(promo) // a letter, +X, or one dressed with a mark
	return t >= 0 && m.Promotion() == t
}

func (p *Position) illegalMoveError(in, clean string, legal []Move) error {
	rs := p.Ruleset()
	text := clean
	if g := longRE.FindStringSubmatch(clean); g != nil {
		text = g[2] + g[3] + strings.ToLower(g[4])
	}
	crossTaken := ""
	if m := coordRE.FindStringSubmatch(text); m != nil {
		if sq, ok := rs.ParseSquare(m[1]); ok {
			sq = p.occupiedCopy(sq)
			if to, ok := rs.ParseSquare(m[2]); ok && rs.Crossing && p.At(sq) != NoPiece {
				if to = rs.BoardSquare(rs.BoardOf(sq), rs.LocalFile(to), rs.RankOf(to)); to != NoSquare && p.At(rs.Cross(to)) != NoPiece {
					crossTaken = fmt.Sprintf("the man would cross to %s of board %c, where a man stands", rs.SquareName(to), 'A'+rs.BoardOf(rs.Cross(to)))
				}
			}
			if p.At(sq) == NoPiece {
				return fmt.Errorf("illegal move %s: no piece on %s", defs.Quote(in), m[1])
			}
			if p.At(sq).Color() != p.Side() {
				return fmt.Errorf("illegal move %s: the piece on %s is not %s's", defs.Quote(in), m[1], sideName[p.Side()])
			}
		} else {
			return fmt.Errorf("illegal move %s: %s is not a square of the board", defs.Quote(in), defs.Clip(m[1]))
		}
	}
	// A promotion written without its letter (a7a8, a8): the moves it would be with one.
	var choices []string
	for _, lm := range legal {
		if lm.Promotion() < 0 {
			continue
		}
		letter := rs.Piece(lm.Promotion()).LetterText
		coord, san := p.plainCoord(lm), p.sanBody(lm, legal)
		switch {
		case strings.EqualFold(strings.TrimSuffix(coord, strings.ToLower(letter)), text):
			choices = append(choices, coord)
		case strings.TrimSuffix(strings.TrimSuffix(san, letter), "=") == clean:
			choices = append(choices, san)
		}
	}
	if len(choices) > 0 {
		return fmt.Errorf("illegal move %s: the move promotes and needs a promotion letter: %s", defs.Quote(in), strings.Join(choices, ", "))
	}
	if p.Result() != Ongoing {
		return fmt.Errorf("illegal move %s: the game is over (%s)", defs.Quote(in), p.Result().Reason)
	}
	if !coordRE.MatchString(text) && !sanRE.MatchString(clean) && !strings.HasPrefix(clean, "O-O") {
		return fmt.Errorf("%s is not a move in a form Chimera reads: write SAN (e4, Nf3, exd5, O-O, e8=Q), coordinates (e2e4, e7e8q) or long algebraic (e2-e4, Ng1-f3)", defs.Quote(in))
	}
	if crossTaken != "" {
		return fmt.Errorf("illegal move %s: %s", defs.Quote(in), crossTaken)
	}
	return fmt.Errorf("illegal move %s in this position (%s to move)", defs.Quote(in), sideName[p.Side()])
}

// occupiedCopy is, with several boards, the copy of square sq (a cell of the first board)
// on the board where a man stands on it, or sq itself.
func (p *Position) occupiedCopy(sq Square) Square {
	rs := p.Ruleset()
	for k := 0; k < rs.Boards && p.At(sq) == NoPiece; k++ {
		if c := rs.BoardSquare(k, rs.LocalFile(sq), rs.RankOf(sq)); p.At(c) != NoPiece {
			return c
		}
	}
	return sq
}

// wonAtOnce reports whether the game is over, lost for the side to move, without its
// having to be mated: a goal reached, or a repetition it loses (perpetual check given by
// it, or a side that loses repetitions).
func (p *Position) wonAtOnce() bool {
	e := p.Ended()
	return e.Over && e.Outcome == compiler.Loss
}

// SideName is "white" or "black".
func SideName(c Color) string { return sideName[c] }

// Opponent of c.
func Opponent(c Color) Color { return c ^ 1 }

// dropText writes a drop (N@f3) or an exchange: in SAN (B-N)N@g7, or (P-P)@g2 for a man
// written without a SAN letter; in coordinate notation B-N@g7. A dropped man without a
// SAN letter (a pawn) is written with its letter in drops, P@g5, as protocols do.
func (p *Position) dropText(m Move, san bool) string {
	rs := p.Ruleset()
	letter := func(t int) string { return rs.Piece(t).LetterText }
	to := rs.SquareName(m.To())
	if m.Kind() == KindDrop {
		if m.Promotion() >= 0 {
			return "+" + letter(m.Dropped()) + "@" + to // dropped as its promoted type
		}
		return letter(m.Dropped()) + "@" + to
	}
	if !san {
		return letter(m.Given()) + "-" + letter(m.Dropped()) + "@" + to
	}
	return "(" + letter(m.Given()) + "-" + letter(m.Dropped()) + ")" + rs.Piece(m.Dropped()).SAN + "@" + to
}

// dropRE reads the forms of drops and exchanges: N@f3, @g5, (B-N)N@g7, (P-P)@g2, B-N@g7.
var dropRE = regexp.MustCompile(`^(?:\(([A-Za-z])-([A-Za-z])\)|([A-Za-z])-([A-Za-z]))?([A-Za-z])?@([a-z][0-9]+)$`)

// parseDrop finds the legal drop or exchange that text names.
func (p *Position) parseDrop(in, text string, legal []Move) (Move, error) {
	rs := p.Ruleset()
	for _, m := range legal {
		if m.Kind() == KindDrop && m.Promotion() >= 0 && strings.EqualFold(text, p.dropText(m, false)) {
			return m, nil // a man dropped as its promoted type: +P@a2
		}
	}
	g := dropRE.FindStringSubmatch(text)
	if g == nil {
		return NoMove, fmt.Errorf("move %s: a drop is written like N@f3 (or @f3 for a pawn), an exchange like (B-N)N@g7 or B-N@g7", defs.Quote(in))
	}
	give, take := g[1]+g[3], g[2]+g[4]
	typeOf := func(l string) int {
		if l == "" {
			return -1
		}
		return rs.TypeOfText(l)
	}
	for _, l := range []string{give, take, g[5]} {
		if l != "" && typeOf(l) < 0 {
			return NoMove, fmt.Errorf("move %s: unknown piece letter %q", defs.Quote(in), l)
		}
	}
	if take != "" && g[5] != "" && typeOf(take) != typeOf(g[5]) {
		return NoMove, fmt.Errorf("move %s: the man rescued (%s) must be the man dropped (%s)", defs.Quote(in), take, g[5])
	}
	for _, m := range legal {
		if !m.IsDrop() || rs.SquareName(m.To()) != g[6] || (give != "") != (m.Kind() == KindExchange) {
			continue
		}
		t := m.Dropped()
		switch {
		case g[5] == "" && take == "" && rs.Piece(t).SAN != "":
			continue // "@g5" drops a man written without a letter (a pawn)
		case g[5] != "" && typeOf(g[5]) != t, take != "" && typeOf(take) != t:
			continue
		case give != "" && typeOf(give) != m.Given():
			continue
		}
		return m, nil
	}
	if !p.hasPools() {
		return NoMove, fmt.Errorf("illegal move %s: %s has no drops", defs.Quote(in), rs.Name)
	}
	return NoMove, fmt.Errorf("illegal move %s: no such drop or exchange is legal here (%s to move)", defs.Quote(in), sideName[p.Side()])
}

// pickUpRE reads the forms of a pick-up: @@e2 (coordinates) and N^e2 or ^e2 (SAN).
var pickUpRE = regexp.MustCompile(`^(?:@@|(\+?[A-Za-z])?\^)([a-z])([0-9]+)$`)

// parsePickUp finds the legal pick-up of the man on the cell named sq (of the type whose
// letter is letter, when given).
func (p *Position) parsePickUp(in, letter, sq string, legal []Move) (Move, error) {
	rs := p.Ruleset()
	if rs.Hands == nil || rs.Hands.PickUp == 0 {
		return NoMove, fmt.Errorf("illegal move %s: %s has no pick-ups", defs.Quote(in), rs.Name)
	}
	for _, m := range legal {
		if m.Kind() != KindPickUp || rs.SquareName(m.From()) != sq {
			continue
		}
		if letter != "" && rs.TypeOfText(letter) != p.At(m.From()).Type() {
			return NoMove, fmt.Errorf("move %s: the man on %s is not a %s", defs.Quote(in), sq, letter)
		}
		return m, nil
	}
	return NoMove, fmt.Errorf("illegal move %s: no pick-up from %s is legal here (%s to move)", defs.Quote(in), sq, sideName[p.Side()])
}

// hasPools reports whether the ruleset has drops or exchanges.
func (p *Position) hasPools() bool {
	h := p.Ruleset().Hands
	return h != nil && (h.DropFrom >= 0 || h.Exchange != nil)
}

var (
	parenOriginRE  = regexp.MustCompile(`^([A-Z])\(([a-z]?[0-9]*)\)(x?[a-z][0-9]+.*)$`)
	namedCaptureRE = regexp.MustCompile(`^([A-Z]?)x([A-Z])$`)
)

// parseNamedCapture finds the one legal capture by a piece written mover (its SAN letter;
// "" for a letterless man) of a piece whose letter is victim: KxR.
func (p *Position) parseNamedCapture(in, mover, victim string, legal []Move) (Move, error) {
	rs := p.Ruleset()
	var hits []Move
	for _, m := range legal {
		if m.IsDrop() || m.Kind() == KindCastle {
			continue
		}
		v := p.At(m.To())
		if m.Kind() == KindEP {
			v = p.At(m.Cap1())
		}
		if v == NoPiece || v.Color() == p.Side() || rs.Piece(v.Type()).Letter != victim[0] {
			continue
		}
		if pt := rs.Piece(p.At(m.From()).Type()); pt.SAN != mover && pt.LetterText != mover {
			continue
		}
		if len(hits) > 0 && hits[0].From() == m.From() && hits[0].To() == m.To() {
			continue // promotion choices of one capture: the first stands for them
		}
		hits = append(hits, m)
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return NoMove, fmt.Errorf("illegal move %s: no %s can capture a %s here", defs.Quote(in), orPawn(mover), victim)
	}
	return NoMove, fmt.Errorf("move %s is ambiguous: %d legal captures match; give the squares", defs.Quote(in), len(hits))
}

func orPawn(letter string) string {
	if letter == "" {
		return "pawn"
	}
	return letter
}
