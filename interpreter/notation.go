// Move notation: coordinate (e2e4, e7e8q) and SAN (Nf3, exd5, O-O, e8=Q+, Bxc3-b2),
// both written and read; reading matches the input against the legal moves.
package interpreter

import (
	"fmt"
	"regexp"
	"strings"
)

// Coord writes m in coordinate notation: origin, destination, promotion letter in lower
// case. Castling writes the king's destination, or the partner's square when the ruleset
// says king-to-partner (Chess960 style).
func (p *Position) Coord(m Move) string {
	rs := p.rs
	to := m.To()
	if m.Kind() == KindCastle && rs.Castling.KingToPartner {
		to = m.Aux()
	}
	s := rs.Names[m.From()] + rs.Names[to]
	if t := m.Promotion(); t >= 0 {
		s += strings.ToLower(string(rs.Pieces[t].Letter))
	}
	return s
}

// SAN writes m (legal in p) in standard algebraic notation with + or # appended.
func (p *Position) SAN(m Move) string {
	var legal [256]Move
	s := p.sanBody(m, p.LegalMoves(legal[:0]))
	p.Make(m)
	var buf [256]Move
	switch {
	case p.ended == 3: // the move reached a winning goal
		s += "#"
	case p.InCheck():
		if len(p.LegalMoves(buf[:0])) == 0 {
			s += "#"
		} else {
			s += "+"
		}
	}
	p.Unmake()
	return s
}

// sanBody writes m without the check suffix; legal are the legal moves of p, for
// disambiguation.
func (p *Position) sanBody(m Move, legal []Move) string {
	rs := p.rs
	if m.Kind() == KindCastle {
		if m.Aux() > m.From() {
			return "O-O"
		}
		return "O-O-O"
	}
	pc := p.board[m.From()]
	pt := &rs.Pieces[pc.Type()]
	from, to := m.From(), m.To()
	capture := p.board[to] != NoPiece || m.Cap1() != NoSquare
	var b strings.Builder
	b.WriteString(pt.SAN)
	if pt.SAN == "" {
		if capture {
			b.WriteByte(rs.Names[from][0])
		}
	} else {
		b.WriteString(p.disambiguation(m, legal))
	}
	if m.Kind() == KindEP {
		b.WriteString("x" + rs.Names[to])
	} else {
		locust := false
		for _, c := range []Square{m.Cap1(), m.Cap2()} {
			if c != NoSquare {
				b.WriteString("x" + rs.Names[c])
				locust = true
			}
		}
		switch {
		case p.board[to] != NoPiece:
			b.WriteString("x")
		case locust:
			b.WriteString("-")
		}
		b.WriteString(rs.Names[to])
	}
	if t := m.Promotion(); t >= 0 {
		b.WriteString("=" + string(rs.Pieces[t].Letter))
	}
	return b.String()
}

// disambiguation returns the origin file, rank or both when another piece of the same
// type can make a move with the same destination and captures.
func (p *Position) disambiguation(m Move, moves []Move) string {
	rs := p.rs
	from := m.From()
	t := p.board[from].Type()
	sameFile, sameRank, others := false, false, false
	key := m &^ 0xff // everything but the origin
	for _, o := range moves {
		if o.From() == from || o&^0xff != key || p.board[o.From()].Type() != t {
			continue
		}
		others = true
		sameFile = sameFile || rs.FileOf(o.From()) == rs.FileOf(from)
		sameRank = sameRank || rs.RankOf(o.From()) == rs.RankOf(from)
	}
	name := rs.Names[from]
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

var coordRE = regexp.MustCompile(`^([a-z][0-9]+)([a-z][0-9]+)`)

var sanRE = regexp.MustCompile(`^([A-Z])?([a-z])?([0-9]+)?(x)?([a-z][0-9]+)(?:=?([A-Za-z]))?$`)

// ParseMove reads a move in coordinate notation or SAN and returns the legal move it names.
func (p *Position) ParseMove(s string) (Move, error) {
	in := strings.TrimSpace(s)
	if in == "" {
		return NoMove, fmt.Errorf("empty move")
	}
	clean := strings.TrimRight(in, "+#!?")
	clean = strings.TrimSpace(strings.TrimSuffix(clean, "e.p."))
	legal := p.LegalMoves(nil)
	var hits []Move
	// Coordinate notation. Castling is also read in the other style (king-to-square or
	// king-to-partner), but only when no move has that exact text: in Chess960 the king's
	// castled square can also be the destination of an ordinary king move.
	var castles []Move
	for _, m := range legal {
		c := p.Coord(m)
		if c == clean || strings.EqualFold(c, clean) && len(c) > 4 && c[:4] == clean[:4] {
			hits = append(hits, m)
			continue
		}
		if m.Kind() == KindCastle && (p.rs.Names[m.From()]+p.rs.Names[m.Aux()] == clean || p.rs.Names[m.From()]+p.rs.Names[m.To()] == clean) {
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
		return NoMove, fmt.Errorf("move %q is ambiguous: %d legal moves match", in, len(hits))
	}
	// Exact SAN.
	norm := strings.ReplaceAll(strings.ReplaceAll(clean, "0-0-0", "O-O-O"), "0-0", "O-O")
	for _, m := range legal {
		if p.sanBody(m, legal) == norm {
			hits = append(hits, m)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	// Loose SAN: letter, optional origin file/rank, optional x, destination, promotion.
	if g := sanRE.FindStringSubmatch(norm); g != nil {
		for _, m := range legal {
			if p.sanMatches(m, g) {
				hits = append(hits, m)
			}
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return NoMove, p.illegalMoveError(in)
	}
	return NoMove, fmt.Errorf("move %q is ambiguous: %d legal moves match; give the origin square", in, len(hits))
}

func (p *Position) sanMatches(m Move, g []string) bool {
	rs := p.rs
	if m.Kind() == KindCastle {
		return false
	}
	pt := &rs.Pieces[p.board[m.From()].Type()]
	letter, file, rank, capt, to, promo := g[1], g[2], g[3], g[4], g[5], g[6]
	if letter != pt.SAN && !(letter == "" && pt.SAN == "") && letter != string(pt.Letter) {
		return false
	}
	if rs.Names[m.To()] != to {
		return false
	}
	name := rs.Names[m.From()]
	if file != "" && name[:1] != file || rank != "" && name[1:] != rank {
		return false
	}
	if capt != "" && p.board[m.To()] == NoPiece && m.Cap1() == NoSquare {
		return false
	}
	if promo == "" {
		return m.Promotion() < 0
	}
	t := rs.TypeOf(promo[0])
	return t >= 0 && m.Promotion() == t
}

func (p *Position) illegalMoveError(in string) error {
	rs := p.rs
	if m := coordRE.FindStringSubmatch(in); m != nil {
		if sq, ok := rs.ParseSquare(m[1]); ok {
			if p.board[sq] == NoPiece {
				return fmt.Errorf("illegal move %q: no piece on %s", in, m[1])
			}
			if p.board[sq].Color() != p.side {
				return fmt.Errorf("illegal move %q: the piece on %s is not %s's", in, m[1], sideName[p.side])
			}
		} else {
			return fmt.Errorf("illegal move %q: %s is not a square of the board", in, m[1])
		}
	}
	if p.ended != 0 || p.Result() != Ongoing {
		return fmt.Errorf("illegal move %q: the game is over (%s)", in, p.Result().Reason)
	}
	return fmt.Errorf("illegal move %q in this position (%s to move)", in, sideName[p.side])
}

// SideName is "white" or "black".
func SideName(c Color) string { return sideName[c] }

// Opponent of c.
func Opponent(c Color) Color { return c ^ 1 }
