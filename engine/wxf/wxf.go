// WXF notation (the World Xiangqi Federation's): moves written and read as Fairy-Stockfish's tools write them.
package wxf

import (
	"fmt"
	"strconv"
	"strings"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// Notation writes and reads one variant's moves in WXF notation, as Fairy-Stockfish's
// move_to_san does with NOTATION_XIANGQI_WXF (src/apiutil.h; pyffish's get_san and
// ffish.js's sanMove take it): a piece letter (or, for three men of a kind on a file, or
// two on each of two files, their number from the front), the file it stands on
// (counted from the right of the side to move, 1 to 9), or + (front) or - (rear) when
// two of a kind share the file and the other could make the same step; then + for a
// move forward, - backward, = along the rank; then the file it goes to, or the number of
// ranks it moves along its file. No check mark is written (Fairy-Stockfish 11.1's pyffish
// still appended + or #; later versions do not, since + is a direction).
type Notation struct {
	rs      *compiler.Ruleset
	letters map[byte]byte // the definition's letter to WXF's, where they differ
}

// New is the notation of rs, which must declare WXF's conventions (its definition's wxf:
// key, with the letters WXF gives its pieces where they differ: H for the horse, E for
// the elephant).
func New(rs *compiler.Ruleset) (Notation, error) {
	if rs.Def == nil || rs.Def.WXF == nil {
		return Notation{}, fmt.Errorf("%s is not written in WXF notation (its definition has no wxf: key)", rs.Name)
	}
	n := Notation{rs: rs, letters: map[byte]byte{}}
	for from, to := range rs.Def.WXF.Letters {
		n.letters[strings.ToUpper(from)[0]] = strings.ToUpper(to)[0]
	}
	return n, nil
}

// file is the WXF file of a cell: from the right of the side to move, from 1.
func (n Notation) file(us compiler.Color, sq interpreter.Square) int {
	f := n.rs.FileOf(sq)
	if us == compiler.White {
		return n.rs.Files - f
	}
	return f + 1
}

// relRank is the rank of sq counted from us's side, from 0.
func (n Notation) relRank(us compiler.Color, sq interpreter.Square) int {
	r := n.rs.RankOf(sq)
	if us == compiler.Black {
		return n.rs.Ranks - 1 - r
	}
	return r
}

// kin are the cells of p holding us's men of type t.
func (n Notation) kin(p *interpreter.Position, us compiler.Color, t int) []interpreter.Square {
	var out []interpreter.Square
	for sq := interpreter.Square(0); int(sq) < n.rs.Cells; sq++ {
		if pc := p.At(sq); pc != interpreter.NoPiece && pc.Color() == us && pc.Type() == t {
			out = append(out, sq)
		}
	}
	return out
}

// Text writes m, legal in p, in WXF notation.
func (n Notation) Text(p *interpreter.Position, m interpreter.Move) string {
	rs, us := n.rs, p.Side()
	if m.IsDrop() || m.Kind() == interpreter.KindCastle {
		return p.SAN(m) // WXF has neither; written as SAN
	}
	from, to := m.From(), m.To()
	t := p.At(from).Type()
	kin := n.kin(p, us, t)
	onFile := map[int]int{}
	for _, sq := range kin {
		onFile[rs.FileOf(sq)]++
	}
	tandems := 0
	for _, c := range onFile {
		if c > 1 {
			tandems++
		}
	}
	multiTandem := tandems >= 2
	ahead := 0 // us's men of the kind in front of from on its file
	for _, sq := range kin {
		if rs.FileOf(sq) == rs.FileOf(from) && n.relRank(us, sq) > n.relRank(us, from) {
			ahead++
		}
	}
	var b strings.Builder
	threshold := 3
	if multiTandem {
		threshold = 2
	}
	if onFile[rs.FileOf(from)] >= threshold {
		b.WriteString(strconv.Itoa(ahead + 1))
	} else {
		letter := rs.Piece(t).Letter
		if l, ok := n.letters[letter]; ok {
			letter = l
		}
		b.WriteByte(letter)
	}
	// Front or rear when two share the file and the other could make the same step (to a
	// cell of the board where the kind may stand); else the file.
	byRank := false
	if onFile[rs.FileOf(from)] == 2 && !multiTandem {
		for _, sq := range kin {
			if sq == from || rs.FileOf(sq) != rs.FileOf(from) {
				continue
			}
			r := rs.RankOf(sq) + rs.RankOf(to) - rs.RankOf(from)
			if r >= 0 && r < rs.Ranks {
				otherTo := interpreter.Square(r*rs.Files + rs.FileOf(to))
				byRank = rs.Piece(t).Land[us].Has(otherTo)
			}
		}
	}
	switch {
	case byRank && ahead > 0:
		b.WriteByte('-')
	case byRank:
		b.WriteByte('+')
	default:
		b.WriteString(strconv.Itoa(n.file(us, from)))
	}
	switch {
	case rs.RankOf(from) == rs.RankOf(to):
		b.WriteByte('=')
	case n.relRank(us, to) > n.relRank(us, from):
		b.WriteByte('+')
	default:
		b.WriteByte('-')
	}
	if rs.FileOf(from) == rs.FileOf(to) {
		d := rs.RankOf(to) - rs.RankOf(from)
		b.WriteString(strconv.Itoa(max(d, -d)))
	} else {
		b.WriteString(strconv.Itoa(n.file(us, to)))
	}
	if pr := m.Promotion(); pr >= 0 {
		b.WriteString("=" + string(rs.Piece(pr).Letter))
	}
	return b.String()
}

// Parse reads a move in WXF notation (. is taken for =, as WXF's own texts write a move
// along the rank) and returns the legal move of p it names.
func (n Notation) Parse(p *interpreter.Position, s string) (interpreter.Move, error) {
	want := strings.ReplaceAll(strings.TrimSpace(s), ".", "=")
	if want == "" {
		return interpreter.NoMove, fmt.Errorf("empty move")
	}
	found := interpreter.NoMove
	for _, m := range p.LegalMoves(nil) {
		if n.Text(p, m) == want {
			if found != interpreter.NoMove {
				return interpreter.NoMove, fmt.Errorf("%s names more than one legal move here", defs.Quote(s))
			}
			found = m
		}
	}
	if found == interpreter.NoMove {
		return found, fmt.Errorf("%s is not a legal move in WXF notation here", defs.Quote(s))
	}
	return found, nil
}
