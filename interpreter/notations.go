// Other notations than SAN, written and read as Fairy-Stockfish's tools (pyffish 11.1) write them: WXF for xiangqi, janggi's numbers, and shogi's Hosking and Hodges forms.

package interpreter

import (
	"fmt"
	"strconv"
	"strings"

	"chimera/compiler"
)

// Notation is a way of writing moves for people.
type Notation int

// Notations. Their names (NotationNames) are what --notation takes.
const (
	// NotationSAN is standard algebraic notation (SAN), Chimera's own.
	NotationSAN Notation = iota
	// NotationWXF is the World Xiangqi Federation's: piece, file (numbered 1-9 from the
	// mover's right) or + / - for the front or rear of two men on a file, the direction
	// (+ forward, - back, = along the rank), then the destination file or the number of
	// ranks moved: C2=5, H2+3, R1-2.
	NotationWXF
	// NotationJanggi writes squares as rank then file, both numbers (ranks 1-9 and 0
	// from the top, files from the left), origin and destination: R01-08.
	NotationJanggi
	// NotationHosking is shogi's Western short form: P76, S'34, +R23.
	NotationHosking
	// NotationHodges is shogi's form with letters for ranks: P-7f, S*3d, Bx2b+.
	NotationHodges
	// NotationHodgesNumber is Hodges' form with numbers: P-76, S*34, Bx22+.
	NotationHodgesNumber
)

// NotationNames are the notations' names, by Notation.
var NotationNames = []string{"san", "wxf", "janggi", "hosking", "hodges", "hodges-number"}

// ParseNotation reads a notation's name.
func ParseNotation(name string) (Notation, error) {
	for i, n := range NotationNames {
		if strings.EqualFold(name, n) {
			return Notation(i), nil
		}
	}
	return 0, fmt.Errorf("unknown notation %q (expected one of: %s)", name, strings.Join(NotationNames, ", "))
}

func (n Notation) String() string { return NotationNames[n] }

func (n Notation) shogi() bool {
	return n == NotationHosking || n == NotationHodges || n == NotationHodgesNumber
}

// The disambiguations a notation adds after the piece.
const (
	noDisambiguation = iota
	fileDisambiguation
	rankDisambiguation
	squareDisambiguation
)

// Notate writes m, legal in p, in notation n, with the check suffix (+, or # for a mate)
// where the notation has one (SAN, janggi; not WXF, whose + is a direction, nor the shogi
// forms).
func (p *Position) Notate(m Move, n Notation) string {
	if n == NotationSAN {
		return p.SAN(m)
	}
	var legal [256]Move
	return p.notateAmong(m, n, p.legalMoves(legal[:0]))
}

// NotateAll writes each of legal, which must be p's legal moves (LegalMoves), in notation
// n as Notate writes it: the moves are told apart from that list rather than generated
// again for each.
func (p *Position) NotateAll(legal []Move, n Notation) []string {
	out := make([]string, len(legal))
	var base []Move // the moves without their walls, for SAN's moves with a wall
	for i, m := range legal {
		switch {
		case n != NotationSAN:
			out[i] = p.notateAmong(m, n, legal)
		case m.Wall() != NoSquare:
			if base == nil {
				base = p.baseMoves(nil)
			}
			out[i] = p.sanAmong(m, base)
		default:
			out[i] = p.sanAmong(m, legal)
		}
	}
	return out
}

// notateAmong is Notate in a notation other than SAN, with p's legal moves.
func (p *Position) notateAmong(m Move, n Notation, legal []Move) string {
	s := p.notateBody(m, n, legal)
	if n.shogi() || n == NotationWXF {
		return s // no check marks (as ffish writes them)
	}
	side := p.Side()
	p.Make(m)
	if p.Side() != side && p.InCheck() { // (no check while the mover's turn goes on)
		var buf [256]Move
		if len(p.LegalMoves(buf[:0])) == 0 {
			s += "#"
		} else {
			s += "+"
		}
	}
	p.Unmake()
	return s
}

// notateBody writes m without its check suffix; legal are p's legal moves.
func (p *Position) notateBody(m Move, n Notation, legal []Move) string {
	rs := p.Ruleset()
	if m.Kind() == KindCastle {
		return p.castleSAN(m)
	}
	from, to := m.From(), m.To() // a pass is its royal's move onto its own square here
	var b strings.Builder
	b.WriteString(p.notationPiece(m, n))
	d := p.disambiguationLevel(m, n, legal)
	switch d {
	case fileDisambiguation:
		b.WriteString(p.notationFile(from, n))
	case rankDisambiguation:
		b.WriteString(p.notationRank(from, n))
	case squareDisambiguation:
		b.WriteString(p.notationSquare(from, n))
	}
	capture := !m.IsDrop() && (p.At(to) != NoPiece && p.At(to).Color() != p.Side() || m.Cap1() != NoSquare)
	switch {
	case m.IsDrop() && n == NotationHosking:
		b.WriteByte('\'')
	case m.IsDrop() && n.shogi():
		b.WriteByte('*')
	case m.IsDrop():
		b.WriteByte('@')
	case n == NotationWXF:
		fr, tr := p.relativeRank(from), p.relativeRank(to)
		switch {
		case rs.RankOf(from) == rs.RankOf(to):
			b.WriteByte('=')
		case tr > fr:
			b.WriteByte('+')
		default:
			b.WriteByte('-')
		}
	case capture:
		b.WriteByte('x')
	case n.shogi() && (n != NotationHosking || d == squareDisambiguation) || n == NotationJanggi:
		b.WriteByte('-')
	}
	if n == NotationWXF && !m.IsDrop() {
		if rs.FileOf(to) == rs.FileOf(from) {
			b.WriteString(strconv.Itoa(abs(rs.RankOf(to) - rs.RankOf(from))))
		} else {
			b.WriteString(p.notationFile(to, n))
		}
	} else {
		b.WriteString(p.notationSquare(to, n))
	}
	if t := m.Promotion(); t >= 0 && !m.IsDrop() {
		switch text := p.promotionText(m, t); {
		case n.shogi() && (text == "+" || text == "-"):
			b.WriteString(text)
		default:
			b.WriteString("=" + p.notationLetter(t))
		}
	} else if n.shogi() && !m.IsDrop() {
		for _, o := range legal {
			if o.From() == from && o.To() == to && o.Promotion() >= 0 && !o.IsDrop() {
				b.WriteByte('=') // declined a promotion it could make
				break
			}
		}
	}
	return b.String()
}

// notationLetter is type t's letter in the notations: its SAN letter, or its FEN letter
// where it has none (a xiangqi soldier is P).
func (p *Position) notationLetter(t int) string {
	pt := p.Ruleset().Piece(t)
	if pt.SAN != "" {
		return pt.SAN
	}
	return string(pt.Letter)
}

// notationPiece writes the moving (or dropped) man: in WXF, more than two men of the
// type on the origin's file are numbered from the front; in the shogi forms a promoted
// man is + and the letter of what it promoted from.
func (p *Position) notationPiece(m Move, n Notation) string {
	rs := p.Ruleset()
	if m.IsDrop() {
		if n.shogi() && m.Promotion() >= 0 {
			return "+" + p.notationLetter(m.Dropped())
		}
		return p.notationLetter(m.Dropped())
	}
	t := p.At(m.From()).Type()
	if n == NotationWXF {
		// Three men of a type on a file, or two on each of two files, are numbered from
		// the front.
		if on := p.sameOnFile(m.From(), t); on > 2 || on == 2 && p.tandems(t) >= 2 {
			return strconv.Itoa(p.ahead(m.From(), t) + 1)
		}
	}
	if n.shogi() {
		if l := rs.Piece(t).Promoted; l != 0 {
			if u := rs.TypeOf(l); u >= 0 {
				return "+" + p.notationLetter(u)
			}
		}
	}
	return p.notationLetter(t)
}

// sameOnFile counts the mover's men of type t on sq's file.
func (p *Position) sameOnFile(sq Square, t int) int {
	rs := p.Ruleset()
	n := 0
	for r := 0; r < rs.Ranks; r++ {
		if s := rs.SquareAt(rs.FileOf(sq), r); s != NoSquare {
			if pc := p.At(s); pc != NoPiece && pc.Color() == p.Side() && pc.Type() == t {
				n++
			}
		}
	}
	return n
}

// tandems counts the files holding two or more of the mover's men of type t.
func (p *Position) tandems(t int) int {
	rs := p.Ruleset()
	n := 0
	for f := 0; f < rs.Files; f++ {
		k := 0
		for r := 0; r < rs.Ranks; r++ {
			if s := rs.SquareAt(f, r); s != NoSquare {
				if pc := p.At(s); pc != NoPiece && pc.Color() == p.Side() && pc.Type() == t {
					k++
				}
			}
		}
		if k >= 2 {
			n++
		}
	}
	return n
}

// ahead counts the mover's men of type t on sq's file in front of sq (from its side).
func (p *Position) ahead(sq Square, t int) int {
	rs := p.Ruleset()
	n := 0
	for r := 0; r < rs.Ranks; r++ {
		s := rs.SquareAt(rs.FileOf(sq), r)
		if s == NoSquare || p.relativeRank(s) <= p.relativeRank(sq) {
			continue
		}
		if pc := p.At(s); pc != NoPiece && pc.Color() == p.Side() && pc.Type() == t {
			n++
		}
	}
	return n
}

// relativeRank is sq's rank counted from the side to move's side (0 its first rank).
func (p *Position) relativeRank(sq Square) int {
	rs := p.Ruleset()
	if p.Side() == compiler.White {
		return rs.RankOf(sq)
	}
	return rs.Ranks - 1 - rs.RankOf(sq)
}

func (p *Position) notationFile(sq Square, n Notation) string {
	rs := p.Ruleset()
	f := rs.FileOf(sq)
	switch {
	case n.shogi():
		return strconv.Itoa(rs.Files - f)
	case n == NotationJanggi:
		return strconv.Itoa(f + 1)
	case n == NotationWXF && p.Side() == compiler.White:
		return strconv.Itoa(rs.Files - f)
	case n == NotationWXF:
		return strconv.Itoa(f + 1)
	}
	return string(rune('a' + f))
}

func (p *Position) notationRank(sq Square, n Notation) string {
	rs := p.Ruleset()
	r := rs.RankOf(sq)
	switch n {
	case NotationHosking, NotationHodgesNumber:
		return strconv.Itoa(rs.Ranks - r)
	case NotationHodges:
		return string(rune('a' + rs.Ranks - 1 - r))
	case NotationJanggi:
		return strconv.Itoa((rs.Ranks - r) % 10)
	case NotationWXF:
		pc := p.At(sq)
		if pc == NoPiece {
			return strconv.Itoa(p.relativeRank(sq) + 1)
		}
		if p.ahead(sq, pc.Type()) > 0 {
			return "-" // the rear of two
		}
		return "+"
	}
	return strconv.Itoa(r + 1)
}

func (p *Position) notationSquare(sq Square, n Notation) string {
	if n == NotationJanggi {
		return p.notationRank(sq, n) + p.notationFile(sq, n)
	}
	return p.notationFile(sq, n) + p.notationRank(sq, n)
}

// disambiguationLevel is how much of the origin m's text names: janggi always names
// the square; WXF the file, or + / - when two men of the type share the file and the
// other could make the same displacement; the shogi forms the square when another man of
// the type may make the same move (promoting alike) to the destination, as Fairy-Stockfish
// decides it.
func (p *Position) disambiguationLevel(m Move, n Notation, legal []Move) int {
	if m.IsDrop() {
		return noDisambiguation
	}
	rs := p.Ruleset()
	from, to := m.From(), m.To()
	t := p.At(from).Type()
	switch {
	case n == NotationJanggi:
		return squareDisambiguation
	case n == NotationWXF:
		if p.sameOnFile(from, t) == 2 && p.tandems(t) < 2 {
			for r := 0; r < rs.Ranks; r++ {
				o := rs.SquareAt(rs.FileOf(from), r)
				if o == NoSquare || o == from {
					continue
				}
				if pc := p.At(o); pc == NoPiece || pc.Color() != p.Side() || pc.Type() != t {
					continue
				}
				ot := rs.SquareAt(rs.FileOf(o)+rs.FileOf(to)-rs.FileOf(from), rs.RankOf(o)+rs.RankOf(to)-rs.RankOf(from))
				if ot != NoSquare && rs.Piece(t).Land[p.Side()].Has(ot) {
					return rankDisambiguation
				}
			}
		}
		return fileDisambiguation
	}
	for _, o := range legal {
		// Another man of the type making the same move (promoting alike) to the square.
		if o.To() == to && o.From() != from && !o.IsDrop() && o.Kind() == m.Kind() && o.Promotion() == m.Promotion() && p.At(o.From()).Type() == t {
			return squareDisambiguation
		}
	}
	return noDisambiguation
}

// ParseNotated finds the legal move that text names in notation n: a move whose text in
// n, with or without its check suffix, is text. SAN is read by ParseMove, which also
// takes coordinates; so do the other notations, when no move has text as its text.
func (p *Position) ParseNotated(text string, n Notation) (Move, error) {
	if n == NotationSAN {
		return p.ParseMove(text)
	}
	in := strings.TrimSpace(text)
	if n == NotationWXF {
		in = strings.ReplaceAll(in, ".", "=") // C2.5: the older form of a move along the rank
	}
	legal := p.LegalMoves(nil)
	var hits []Move
	for _, m := range legal {
		body := p.notateBody(m, n, legal)
		if in == body || in == p.Notate(m, n) {
			hits = append(hits, m)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return p.ParseMove(in)
	}
	return NoMove, fmt.Errorf("ambiguous move %q in %s notation: %d legal moves are written so", in, n, len(hits))
}
