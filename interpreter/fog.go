// Fog of war (compiler.FogRule): the cells a side sees, and its view of a position as a
// position of its own, written as a FEN with unknown cells and read back.

package interpreter

import (
	"fmt"
	"strconv"
	"strings"

	"chimera/compiler"
)

// ViewFog is the token of a fogged cell in a view's FEN.
const ViewFog = "?"

// Seen is the set of cells side c sees under the ruleset's fog: the cells its men stand
// on, the cells its men's moves (as if it were c's turn; en passant only for the side to
// move) land on or capture on, and the cells the fog's sees adds for each man. Without
// fog a side sees every square.
func (p *Position) Seen(c Color, buf []Move) (compiler.Bitboard, []Move) {
	rs := p.Ruleset()
	if rs.Fog == nil {
		return rs.Squares, buf
	}
	seen := p.Men(c)
	buf = p.FogMoves(c, buf)
	for _, m := range buf {
		seen = seen.With(m.To())
		if m.Kind() == KindNormal || m.Kind() == KindEP {
			for _, s := range [2]Square{m.Cap1(), m.Cap2()} {
				if s != NoSquare {
					seen = seen.With(s)
				}
			}
		}
	}
	for b := p.Men(c); b.Any(); b = b.Rest() {
		sq := b.First()
		sees := rs.Fog.Sees(c, p.At(sq).Type())
		for i := range sees.Len() {
			if to := rs.Step(sq, sees.At(i)); to != NoSquare && rs.KindOf(to) == compiler.CellSquare {
				seen = seen.With(to)
			}
		}
	}
	return seen, buf
}

// View is one side's view of a position under fog of war: the position as the viewer
// knows it, with the fogged cells empty in Position and listed in Fogged. Halfmove is -1
// when the view does not know the half-move clock (always, as ViewFEN writes it).
type View struct {
	Viewer   Color
	Position *Position
	Fogged   compiler.Bitboard
	Halfmove int
}

// ViewFEN is side c's view of the position as a FEN (docs/definitions.md, "Fog"): the
// placement with every cell c does not see written '?', the side to move, c's own
// castling rights only, the en-passant target only when c is to move and may take en
// passant, '?' for the half-move clock, the move number, and "view=w" or "view=b".
func (p *Position) ViewFEN(c Color) string {
	rs := p.Ruleset()
	seen, _ := p.Seen(c, nil)
	fields := strings.Fields(p.FEN())
	var b strings.Builder
	rows := strings.Split(fields[0], "/")
	for i, row := range rows {
		if i > 0 {
			b.WriteByte('/')
		}
		r := rs.Ranks - 1 - i
		empty := 0
		for f, cell := range fenCells(row) {
			sq := rs.BoardSquare(0, f, r)
			if sq != NoSquare && rs.KindOf(sq) == compiler.CellSquare && !seen.Has(sq) && cell != "*" {
				cell = ViewFog
			}
			if cell == "" {
				empty++
				continue
			}
			flushEmpty(&b, &empty)
			b.WriteString(cell)
		}
		flushEmpty(&b, &empty)
	}
	castling := ownCastling(fields[2], c)
	ep := fields[3]
	if ep != "-" && (c != p.Side() || !p.hasEPCapture()) {
		ep = "-"
	}
	fmt.Fprintf(&b, " %s %s %s %s %s view=%s", fields[1], castling, ep, ViewFog, fields[5], "wb"[c:c+1])
	return b.String()
}

// hasEPCapture reports whether the side to move may take en passant.
func (p *Position) hasEPCapture() bool {
	for _, m := range p.FogMoves(p.Side(), nil) {
		if m.Kind() == KindEP {
			return true
		}
	}
	return false
}

// ownCastling keeps side c's letters of a FEN's castling field: upper case for White,
// lower case for Black ("-" when none is left).
func ownCastling(field string, c Color) string {
	var b strings.Builder
	for i := 0; i < len(field); i++ {
		ch := field[i]
		upper := ch >= 'A' && ch <= 'Z'
		lower := ch >= 'a' && ch <= 'z'
		if (upper && c == compiler.White) || (lower && c == compiler.Black) {
			b.WriteByte(ch)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// FEN writes the view back as ViewFEN writes it.
func (v *View) FEN() string {
	fields := strings.Fields(v.Position.FEN())
	rs := v.Position.Ruleset()
	var b strings.Builder
	for i, row := range strings.Split(fields[0], "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		r := rs.Ranks - 1 - i
		empty := 0
		for f, cell := range fenCells(row) {
			if sq := rs.BoardSquare(0, f, r); sq != NoSquare && v.Fogged.Has(sq) {
				cell = ViewFog
			}
			if cell == "" {
				empty++
				continue
			}
			flushEmpty(&b, &empty)
			b.WriteString(cell)
		}
		flushEmpty(&b, &empty)
	}
	half := ViewFog
	if v.Halfmove >= 0 {
		half = strconv.Itoa(v.Halfmove)
	}
	fmt.Fprintf(&b, " %s %s %s %s %s view=%s", fields[1], fields[2], fields[3], half, fields[5], "wb"[v.Viewer:v.Viewer+1])
	return b.String()
}

// ParseView reads a view's FEN (as ViewFEN writes it) and refuses one that contradicts
// itself: a fogged cell the viewer's men see whatever stands there (a man's own cell, a
// cell its sees names, a cell on an open line of a man that moves and takes along it), a
// cell shown that none of the viewer's men sees, or the opponent's castling rights.
func ParseView(rs *compiler.Ruleset, text string) (*View, error) {
	bad := func(format string, args ...any) error {
		return &FENError{FEN: text, Msg: "view: " + fmt.Sprintf(format, args...)}
	}
	if rs.Fog == nil {
		return nil, bad("%s has no fog: every side sees the whole board (a view is written for a variant with fog:)", rs.Name)
	}
	if rs.Hex || rs.Boards > 1 {
		return nil, bad("a view is one board of ranks")
	}
	fields := strings.Fields(text)
	if len(fields) != 7 || !strings.HasPrefix(fields[6], "view=") {
		return nil, bad("a view has 7 fields: placement, side to move, castling, en passant, half-move clock (or ?), move number, and view=w or view=b (whose view it is); got %d", len(fields))
	}
	var viewer Color
	switch fields[6] {
	case "view=w":
		viewer = compiler.White
	case "view=b":
		viewer = compiler.Black
	default:
		return nil, bad("field 7 is %q: write view=w or view=b (whose view it is)", fields[6])
	}
	if own := ownCastling(fields[2], viewer); fields[2] != "-" && own != fields[2] {
		return nil, bad("castling %q names the opponent's rights, which a view does not know: write the viewer's own (%s)", fields[2], own)
	}
	halfmove := -1
	if fields[4] != ViewFog {
		n, msg := fenNumber(fields[4], 0, MaxHalfmoveClock)
		if msg != "" {
			return nil, bad("half-move clock %q: %s (or ? when unknown)", fields[4], msg)
		}
		halfmove = n
	}
	// The placement with its fogged cells empty, and with them all holding an enemy man.
	rows := strings.Split(fields[0], "/")
	if len(rows) != rs.Ranks {
		return nil, bad("the placement has %d ranks; the board has %d", len(rows), rs.Ranks)
	}
	probe := probeType(rs)
	var fogged compiler.Bitboard
	cells := make([][]string, len(rows))
	for i, row := range rows {
		cells[i] = fenCells(row)
		if len(cells[i]) != rs.BoardFiles {
			return nil, bad("rank %d has %d cells; the board has %d files", rs.Ranks-i, len(cells[i]), rs.BoardFiles)
		}
		for f, cell := range cells[i] {
			if cell != ViewFog {
				continue
			}
			sq := rs.BoardSquare(0, f, rs.Ranks-1-i)
			if sq == NoSquare || rs.KindOf(sq) != compiler.CellSquare {
				return nil, bad("%s is fogged but is no square of the board", cellName(rs, f, rs.Ranks-1-i))
			}
			fogged = fogged.With(sq)
		}
	}
	fill := func(with string, only Square) string {
		var b strings.Builder
		for i := range cells {
			if i > 0 {
				b.WriteByte('/')
			}
			empty := 0
			for f, cell := range cells[i] {
				if cell == ViewFog {
					cell = ""
					if only == NoSquare || rs.BoardSquare(0, f, rs.Ranks-1-i) == only {
						cell = with
					}
				}
				if cell == "" {
					empty++
					continue
				}
				flushEmpty(&b, &empty)
				b.WriteString(cell)
			}
			flushEmpty(&b, &empty)
		}
		half := fields[4]
		if half == ViewFog {
			half = "0"
		}
		return strings.Join([]string{b.String(), fields[1], fields[2], fields[3], half, fields[5]}, " ")
	}
	pos, err := FromFEN(rs, fill("", NoSquare))
	if err != nil {
		if fe, ok := err.(*FENError); ok {
			return nil, bad("%s", fe.Msg)
		}
		return nil, bad("%v", err)
	}
	var buf []Move
	seenEmpty, buf := pos.Seen(viewer, buf)
	seen := seenEmpty
	enemy := ""
	if probe >= 0 {
		var pb strings.Builder
		writeMan(&pb, rs, MakePiece(probe, viewer^1))
		enemy = pb.String()
		if full, err := FromFEN(rs, fill(enemy, NoSquare)); err == nil {
			var s compiler.Bitboard
			s, buf = full.Seen(viewer, buf)
			seen = seen.Or(s)
		}
	}
	// A fogged cell seen when empty must be one an enemy man there would hide (a pawn's
	// step blocked): else the viewer sees it whatever stands there.
	for b := fogged.And(seenEmpty); b.Any(); b = b.Rest() {
		sq := b.First()
		hidden := false
		if probe >= 0 {
			if one, err := FromFEN(rs, fill(enemy, sq)); err == nil {
				var s compiler.Bitboard
				s, buf = one.Seen(viewer, buf)
				hidden = !s.Has(sq)
			}
		}
		if !hidden {
			return nil, bad("%s is fogged, but %s's men see it whatever stands there", rs.SquareName(sq), colorName(viewer))
		}
	}
	for b := rs.Squares.AndNot(fogged).AndNot(pos.Men(viewer)).AndNot(seen); b.Any(); b = b.Rest() {
		sq := b.First()
		if rs.KindOf(sq) != compiler.CellSquare || pos.Walls().Has(sq) {
			continue
		}
		what := "empty"
		if pc := pos.At(sq); pc != NoPiece {
			what = "holds " + string(letterOf(rs, pc))
		}
		return nil, bad("%s is shown (%s), but none of %s's men sees it: write it %s", rs.SquareName(sq), what, colorName(viewer), ViewFog)
	}
	return &View{Viewer: viewer, Position: pos, Fogged: fogged, Halfmove: halfmove}, nil
}

// probeType is the type of man ParseView puts on a fogged cell to see whether an enemy
// man there would be hidden: the first type that may be captured, or -1.
func probeType(rs *compiler.Ruleset) int {
	for t := range rs.NumPieces() {
		if !rs.Piece(t).Immune {
			return t
		}
	}
	return -1
}

func colorName(c Color) string { return [2]string{"White", "Black"}[c] }

// cellName names the cell of file f and rank r (0-based) as a square is named.
func cellName(rs *compiler.Ruleset, f, r int) string {
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// View is side c's view of the position: ViewFEN read back by ParseView (so a view made
// is a view that reads). The error says why the ruleset has none.
func (p *Position) View(c Color) (*View, error) {
	return ParseView(p.Ruleset(), p.ViewFEN(c))
}

// Fill is a position the view could be of: the view's position with the men given put on
// fogged cells (each must be one), the half-move clock 0 when the view does not know it.
// The opponent's castling rights are none (the view does not know them).
func (v *View) Fill(men map[Square]Piece) (*Position, error) {
	rs := v.Position.Ruleset()
	fields := strings.Fields(v.Position.FEN())
	var b strings.Builder
	for i, row := range strings.Split(fields[0], "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for f, cell := range fenCells(row) {
			if sq := rs.BoardSquare(0, f, rs.Ranks-1-i); sq != NoSquare {
				if pc, ok := men[sq]; ok {
					if !v.Fogged.Has(sq) {
						return nil, fmt.Errorf("%s is not fogged in the view", rs.SquareName(sq))
					}
					var t strings.Builder
					writeMan(&t, rs, pc)
					cell = t.String()
				}
			}
			if cell == "" {
				empty++
				continue
			}
			flushEmpty(&b, &empty)
			b.WriteString(cell)
		}
		flushEmpty(&b, &empty)
	}
	fields[0] = b.String()
	if v.Halfmove < 0 {
		fields[4] = "0"
	}
	return FromFEN(rs, strings.Join(fields, " "))
}
