// Board pictures as SVG for rules pages and the web page: cells, zones with a legend,
// pieces, coordinates, status counters, promoted marks, pools (as trays), arrows for moves.

package rulebook

import (
	"encoding/xml"
	"fmt"
	"math"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// svgArrow is a move drawn on the picture: from origin to destination, or a ring on the
// destination of a drop (or of a move that ends where it starts); a turn's wall as a
// dashed square on its cell.
type svgArrow struct {
	from, to compiler.Square
	wall     compiler.Square // compiler.NoSquare when the move places none
	drop     bool
	side     compiler.Color
	label    string // the move in SAN, for the legend
}

// Picture geometry, in SVG user units (pixels).
const (
	svgCell     = 48 // a cell's side
	svgLeft     = 30 // room for the rank labels
	svgTop      = 36 // room for the title
	svgRight    = 14
	svgLine     = 17 // a legend line
	svgMinWidth = 420
	svgHexH     = 42 // a hexagonal cell's height, svgCell·√3/2 rounded (41.6)
	svgFont     = `font-family="DejaVu Sans, Verdana, Arial, sans-serif"`
)

var (
	svgLight  = "#f0d9b5"
	svgDark   = "#b58863"
	svgMid    = "#d2a97e" // a hexagonal board's third colour
	svgZones  = []string{"#d9342b", "#2f6fd6", "#2e9e44", "#e3a008", "#8e44ad", "#129eaf"}
	svgArrows = [2]string{"#15803d", "#1d4ed8"} // White's moves, Black's moves
	// The solid chess symbols; U+FE0E asks for text, not emoji, presentation.
	orthodoxSymbols = map[string]string{"K King": "\u265a", "Q Queen": "\u265b", "R Rook": "\u265c", "B Bishop": "\u265d", "N Knight": "\u265e", "P Pawn": "\u265f"}
	// The outlined symbols, drawn over a white solid one for White's men.
	outlineSymbols = map[string]string{"\u265a": "\u2654", "\u265b": "\u2655", "\u265c": "\u2656", "\u265d": "\u2657", "\u265e": "\u2658", "\u265f": "\u2659"}
)

// pieceSymbol is the chess symbol of piece type t when it is an orthodox piece (its
// letter and name are chess's: K King, Q Queen, R Rook, B Bishop, N Knight, P Pawn), or "".
func pieceSymbol(rs *compiler.Ruleset, t int) string {
	return orthodoxSymbols[rs.Piece(t).LetterText+" "+rs.Def.Pieces[t].Name]
}

// svgWriter accumulates the picture's elements.
type svgWriter struct{ b strings.Builder }

func (s *svgWriter) f(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }

// esc escapes text for XML character data and attribute values.
func esc(text string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(text))
	return b.String()
}

// svgOptions vary the picture for the web page (chimera serve).
type svgOptions struct {
	flip  bool // Black's side at the bottom
	trays bool // each side's pools as a tray of pieces with counts, above or below the board
	// view: a side's view under fog of war; its fogged cells are veiled grey with '?'.
	view *interpreter.View
}

// SVG draws p as an SVG picture, with an arrow for each of moves, played in turn from p
// (legal moves: a game's continuation).
func SVG(p *interpreter.Position, moves []interpreter.Move) string {
	var arrows []svgArrow
	q := p.Clone()
	for _, m := range moves {
		arrows = append(arrows, svgArrow{from: m.From(), to: m.To(), wall: m.Wall(), drop: m.IsDrop(), side: q.Side(), label: q.SAN(m)})
		q.Make(m)
	}
	return boardSVGWith(p, arrows, svgOptions{})
}

// ViewSVG draws a side's view under fog of war (interpreter.View): its fogged cells veiled
// grey and marked '?', the viewer's side at the bottom.
func ViewSVG(v *interpreter.View) string {
	return boardSVGWith(v.Position, nil, svgOptions{flip: v.Viewer == compiler.Black, view: v})
}

// WebSVG draws p for the web page: each side's pools as a tray, Black at the bottom when
// flip is set.
func WebSVG(p *interpreter.Position, flip bool) string {
	return boardSVGWith(p, nil, svgOptions{flip: flip, trays: true})
}

// WebViewSVG draws a side's view under fog of war for the web page: as WebSVG draws a
// position, its fogged cells veiled as ViewSVG veils them (no man is drawn on them).
func WebViewSVG(v *interpreter.View, flip bool) string {
	return boardSVGWith(v.Position, nil, svgOptions{flip: flip, trays: true, view: v})
}

// boardSVGWith is boardSVG with options.
func boardSVGWith(p *interpreter.Position, arrows []svgArrow, opt svgOptions) string {
	rs := p.Ruleset()
	marks := boardZones(rs)
	boardW, boardH := rs.Files*svgCell, rs.Ranks*svgCell
	if rs.Hex {
		// Flat-topped hexagons of width svgCell in columns (one a file), each column
		// 3/4 of a cell from the last, cells svgHexH apart along a file.
		boardW, boardH = rs.Files*svgCell*3/4+svgCell/4, rs.Ranks*svgHexH
	}
	width := max(svgLeft+boardW+svgRight, svgMinWidth)
	trayRows := 0 // per side
	if opt.trays && rs.Hands != nil {
		trayRows = len(rs.Pools())
	}
	ox, oy := svgLeft, svgTop+trayRows*svgCell
	// The column and row a cell is drawn in, counted from the left and from the top.
	col := func(f int) int {
		if opt.flip {
			return rs.Files - 1 - f
		}
		return f
	}
	row := func(r int) int {
		if opt.flip {
			return r
		}
		return rs.Ranks - 1 - r
	}
	cellX := func(sq compiler.Square) int { return ox + col(rs.FileOf(sq))*svgCell }
	cellY := func(sq compiler.Square) int { return oy + row(rs.RankOf(sq))*svgCell }
	if rs.Hex {
		// A cell's box (svgCell square, the hexagon centred in it): its height on the board
		// in half cells is 2·row − file + (files−1)/2 (defs/hex.go), counted from the
		// bottom edge of the middle file.
		half := func(sq compiler.Square) int {
			h := 2*rs.RankOf(sq) - rs.FileOf(sq) + (rs.Files-1)/2
			if opt.flip {
				return 2*(rs.Ranks-1) - h
			}
			return h
		}
		cellX = func(sq compiler.Square) int { return ox + col(rs.FileOf(sq))*svgCell*3/4 }
		cellY = func(sq compiler.Square) int {
			return oy + (2*(rs.Ranks-1)-half(sq))*svgHexH/2 - (svgCell-svgHexH)/2
		}
	}
	// shape writes the cell of sq, inset by in pixels, as a square or a hexagon, with the
	// attributes attrs.
	shape := func(s *svgWriter, sq compiler.Square, in int, attrs string) {
		x, y := cellX(sq), cellY(sq)
		if !rs.Hex {
			s.f(`<rect %s x="%d" y="%d" width="%d" height="%d"/>`+"\n", attrs, x+in, y+in, svgCell-2*in, svgCell-2*in)
			return
		}
		cx, cy, r := float64(x)+float64(svgCell)/2, float64(y)+float64(svgCell)/2, float64(svgCell)/2-float64(in)
		var pts []string
		for k := range 6 {
			a := math.Pi / 3 * float64(k)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", cx+r*math.Cos(a), cy+r*math.Sin(a)))
		}
		s.f(`<polygon %s points="%s"/>`+"\n", attrs, strings.Join(pts, " "))
	}

	// The legend, as lines: a swatch (or none) and a text.
	type legendLine struct {
		swatch string // a zone colour, "unused", "status", or ""
		indent bool   // the text is beside a swatch (on its line or one above)
		text   string
	}
	var legend []legendLine
	chars := (width - 2*svgRight - 22) * 10 / 68 // about 6.8 units a character at size 12
	add := func(swatch, text string) {
		n := chars
		if swatch != "" {
			n -= 3
		}
		for i, l := range strings.Split(Wrap(text, n, "", ""), "\n") {
			line := legendLine{swatch: swatch, indent: swatch != "", text: l}
			if i > 0 {
				line.swatch = ""
			}
			legend = append(legend, line)
		}
	}
	toMove := ToMove(p)
	switch r := p.Result(); {
	case opt.view != nil:
		// A view's position lacks the fogged men: its result is not the game's.
		toMove += fmt.Sprintf("; %s's view: grey cells (?) are fogged", interpreter.SideName(opt.view.Viewer))
	case r != interpreter.Ongoing:
		toMove = fmt.Sprintf("Game over: %s (%s)", r.Score, r.Reason)
	}
	add("", toMove)
	var pieces []string
	for t := range rs.NumPieces() {
		name := rs.Def.Pieces[t].Name
		if sym := pieceSymbol(rs, t); sym != "" {
			pieces = append(pieces, sym+"\ufe0e "+name)
		} else {
			pieces = append(pieces, rs.Piece(t).LetterText+" "+name)
		}
	}
	add("", "Pieces: "+strings.Join(pieces, ", "))
	// A zone covering every square (xiangqi's own halves, both sides' together) is named
	// but not shaded: shading would say nothing.
	shaded := make([]bool, len(marks))
	for i, m := range marks {
		swatch := ""
		for sq := compiler.Square(0); int(sq) < rs.Cells; sq++ {
			if rs.KindOf(sq) == compiler.CellSquare && !m.cells.Has(sq) {
				shaded[i], swatch = true, svgZones[i%len(svgZones)]
				break
			}
		}
		text := fmt.Sprintf("zone %s: %s", zoneText(rs, m.name), strings.Join(m.duties, "; "))
		if swatch == "" {
			text = "(not shaded) " + text
		}
		add(swatch, text)
	}
	var unused, missing, stunned bool
	promoted := p.Marked().Any()
	for sq := compiler.Square(0); int(sq) < rs.Cells; sq++ {
		switch rs.KindOf(sq) {
		case compiler.CellUnused:
			unused = true
		case compiler.CellMissing:
			missing = true
		default:
			stunned = stunned || p.Status(sq) > 0
		}
	}
	if unused {
		add("unused", "unused cell: passed over, never stood on")
	}
	if missing {
		add("", "blank: no cell")
	}
	if stunned {
		add("status", fmt.Sprintf("%s, with that many half-moves left", rs.Status.Name))
	}
	if promoted {
		add("promoted", "promoted: demoted when captured")
	}
	if rs.Walls != nil {
		add("wall", wallLegend)
	}
	if rs.Hands != nil && trayRows == 0 {
		line := poolLine(p)
		for _, side := range strings.Split(strings.TrimPrefix(line, "Pools: "), "; ") {
			add("", "Pool: "+side)
		}
	}
	if len(arrows) > 0 {
		var labels []string
		for i, a := range arrows {
			labels = append(labels, fmt.Sprintf("%d %s", i+1, a.label))
		}
		add("", "Arrows (moves from the position shown): "+strings.Join(labels, ", "))
	}
	legendTop := oy + boardH + trayRows*svgCell + 40
	height := legendTop + len(legend)*svgLine + 8

	s := &svgWriter{}
	s.f(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	s.f("<title>%s (%s)</title>\n", esc(rs.Title), esc(rs.Name))
	s.f("<desc>FEN: %s</desc>\n", esc(p.FEN()))
	s.f("<defs>\n")
	s.f(`<pattern id="unused" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#d4d4d4"/><line x1="0" y1="0" x2="0" y2="8" stroke="#8a8a8a" stroke-width="3"/></pattern>` + "\n")
	for c, colour := range svgArrows {
		s.f(`<marker id="head%d" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`+"\n", c, colour)
	}
	s.f("</defs>\n")
	s.f(`<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	s.f(`<text x="%d" y="24" %s font-size="16" font-weight="bold" fill="#222">%s</text>`+"\n", svgRight, svgFont, esc(rs.Title))

	// Cells: squares checkered (a1 dark), unused cells hatched, missing cells left out.
	s.f(`<g id="cells">` + "\n")
	for r := rs.Ranks - 1; r >= 0; r-- {
		for f := 0; f < rs.Files; f++ {
			sq := rs.SquareAt(f, r)
			x, y := cellX(sq), cellY(sq)
			switch rs.KindOf(sq) {
			case compiler.CellMissing:
				continue
			case compiler.CellUnused:
				s.f(`<rect class="unused" id="%s" x="%d" y="%d" width="%d" height="%d" fill="url(#unused)"/>`+"\n", rs.CellName(sq), x, y, svgCell, svgCell)
			default:
				fill := []string{svgDark, svgLight, svgMid}[rs.Colour(sq)]
				if rs.Hex {
					// Three colours, the middle cell the medium one.
					fill = []string{svgLight, svgMid, svgDark}[(rs.Colour(sq)+3-rs.Colour(rs.SquareAt(rs.Files/2, rs.Ranks/2))+1)%3]
				}
				shape(s, sq, 0, fmt.Sprintf(`class="square" id="%s" fill="%s"`, rs.CellName(sq), fill))
			}
		}
	}
	s.f("</g>\n")

	// Zones: each cell of a zone shaded in its colour, with an inner border.
	for i, m := range marks {
		if !shaded[i] {
			continue
		}
		colour := svgZones[i%len(svgZones)]
		s.f(`<g class="zone" id="zone-%s">`+"\n", esc(m.name))
		for b := m.cells; b.Any(); b = b.Rest() {
			sq := b.First()
			if rs.KindOf(sq) == compiler.CellMissing {
				continue
			}
			shape(s, sq, 2, fmt.Sprintf(`fill="%s" fill-opacity="0.35" stroke="%s" stroke-width="3"`, colour, colour))
		}
		s.f("</g>\n")
	}

	// Coordinates.
	s.f(`<g class="coordinates" %s font-size="12" fill="#444" text-anchor="middle">`+"\n", svgFont)
	if rs.Hex {
		// Each file's letter under its lowest cell; each rank's number left of its
		// leftmost cell (ranks bend at the middle file, or are straight lines).
		first := map[int]compiler.Square{}
		for b := rs.Squares; b.Any(); b = b.Rest() {
			sq := b.First()
			r := rs.HexRank(sq, compiler.White)
			if rs.HexShape.Straight {
				r = rs.RankOf(sq) + 1
			}
			if old, ok := first[r]; !ok || rs.FileOf(sq) < rs.FileOf(old) {
				first[r] = sq
			}
		}
		for b := rs.Squares; b.Any(); b = b.Rest() {
			if sq := b.First(); rs.HexRank(sq, compiler.White) == 1 {
				name := rs.SquareName(sq)
				s.f(`<text x="%d" y="%d">%s</text>`+"\n", cellX(sq)+svgCell/2, cellY(sq)+svgCell/2+svgHexH/2+13, name[:1])
			}
		}
		for r := 1; r <= len(first); r++ {
			sq := first[r]
			s.f(`<text x="%d" y="%d">%d</text>`+"\n", cellX(sq)-2, cellY(sq)+svgCell/2-svgHexH/4, r)
		}
	} else {
		for f := 0; f < rs.Files; f++ {
			if rs.BoardOf(rs.SquareAt(f, 0)) < 0 {
				continue // the column between two boards
			}
			s.f(`<text x="%d" y="%d">%c</text>`+"\n", ox+col(f)*svgCell+svgCell/2, oy+boardH+15, 'a'+rs.LocalFile(rs.SquareAt(f, 0)))
		}
		for r := 0; r < rs.Ranks; r++ {
			s.f(`<text x="%d" y="%d">%d</text>`+"\n", svgLeft/2, oy+row(r)*svgCell+svgCell/2+4, r+1)
		}
	}
	s.f("</g>\n")

	// Walls: dark blocks of brick.
	if walls := p.Walls(); walls.Any() {
		s.f(`<g id="walls">` + "\n")
		for b := walls; b.Any(); b = b.Rest() {
			sq := b.First()
			writeWall(s, cellX(sq), cellY(sq), svgCell, rs.CellName(sq))
		}
		s.f("</g>\n")
	}

	// Fog: a grey veil with '?' on each cell the viewer does not see.
	if opt.view != nil {
		s.f(`<g id="fog" text-anchor="middle">` + "\n")
		for b := opt.view.Fogged; b.Any(); b = b.Rest() {
			sq := b.First()
			shape(s, sq, 0, fmt.Sprintf(`class="fog" data-square="%s" fill="#6b7280" fill-opacity="0.85"`, rs.CellName(sq)))
			s.f(`<text x="%d" y="%d" %s font-size="22" fill="#e5e7eb">?</text>`+"\n", cellX(sq)+svgCell/2, cellY(sq)+svgCell/2+8, svgFont)
		}
		s.f("</g>\n")
	}

	// Pieces, and status counters as small digits in a corner.
	s.f(`<g id="pieces" text-anchor="middle">` + "\n")
	for r := rs.Ranks - 1; r >= 0; r-- {
		for f := 0; f < rs.Files; f++ {
			sq := rs.SquareAt(f, r)
			pc := p.At(sq)
			if rs.KindOf(sq) == compiler.CellMissing || pc == interpreter.NoPiece {
				continue
			}
			cx, cy := cellX(sq)+svgCell/2, cellY(sq)+svgCell/2
			writePiece(s, rs, pc, cx, cy, rs.CellName(sq))
			if p.Marked().Has(sq) {
				x, y := cellX(sq)+9, cellY(sq)+svgCell-9
				s.f(`<g class="promoted" data-square="%s"><circle cx="%d" cy="%d" r="6.5" fill="#0e7490" stroke="#fff"/><text x="%d" y="%d" %s font-size="11" font-weight="bold" fill="#fff">~</text></g>`+"\n", rs.CellName(sq), x, y, x, y+4, svgFont)
			}
			if n := p.Status(sq); n > 0 {
				x, y := cellX(sq)+svgCell-9, cellY(sq)+9
				s.f(`<g class="status"><circle cx="%d" cy="%d" r="7.5" fill="#a21caf" stroke="#fff"/><text x="%d" y="%d" %s font-size="11" font-weight="bold" fill="#fff">%d</text></g>`+"\n", x, y, x, y+4, svgFont, n)
			}
		}
	}
	s.f("</g>\n")

	if trayRows > 0 {
		writeTrays(s, p, opt.flip, ox, svgTop, oy+boardH+24)
	}

	// Arrows.
	if len(arrows) > 0 {
		s.f(`<g id="arrows" %s font-size="11" font-weight="bold" text-anchor="middle">`+"\n", svgFont)
		for i, a := range arrows {
			colour := svgArrows[a.side]
			tx, ty := cellX(a.to)+svgCell/2, cellY(a.to)+svgCell/2
			lx, ly := tx, ty-svgCell/2+8 // where the number goes
			if a.drop || a.from == a.to {
				s.f(`<circle class="arrow" cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="4" stroke-opacity="0.8" stroke-dasharray="6 3"/>`+"\n", tx, ty, svgCell/2-5, colour)
			} else {
				fx, fy := cellX(a.from)+svgCell/2, cellY(a.from)+svgCell/2
				// Stop short of the centre so that the head's tip lands there.
				dx, dy := float64(tx-fx), float64(ty-fy)
				l := math.Hypot(dx, dy)
				ex, ey := float64(tx)-dx/l*10, float64(ty)-dy/l*10
				s.f(`<line class="arrow" x1="%d" y1="%d" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="7" stroke-opacity="0.8" stroke-linecap="round" marker-end="url(#head%d)"/>`+"\n", fx, fy, ex, ey, colour, a.side)
				lx, ly = fx, fy
			}
			s.f(`<circle cx="%d" cy="%d" r="7.5" fill="%s"/><text x="%d" y="%d" fill="#fff">%d</text>`+"\n", lx, ly, colour, lx, ly+4, i+1)
			if a.wall != compiler.NoSquare {
				wx, wy := cellX(a.wall), cellY(a.wall)
				s.f(`<rect class="arrow-wall" data-square="%s" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="4" stroke-opacity="0.8" stroke-dasharray="6 3"/>`+"\n",
					rs.CellName(a.wall), wx+5, wy+5, svgCell-10, svgCell-10, colour)
				s.f(`<circle cx="%d" cy="%d" r="7.5" fill="%s"/><text x="%d" y="%d" fill="#fff">%d</text>`+"\n", wx+svgCell/2, wy+svgCell/2, colour, wx+svgCell/2, wy+svgCell/2+4, i+1)
			}
		}
		s.f("</g>\n")
	}

	// The legend.
	s.f(`<g id="legend" %s font-size="12" fill="#222">`+"\n", svgFont)
	for i, l := range legend {
		y := legendTop + i*svgLine
		x := svgRight
		switch l.swatch {
		case "":
		case "unused":
			s.f(`<rect x="%d" y="%d" width="14" height="14" fill="url(#unused)" stroke="#666"/>`+"\n", x, y-11)
		case "promoted":
			s.f(`<circle cx="%d" cy="%d" r="7" fill="#0e7490"/><text x="%d" y="%d" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">~</text>`+"\n", x+7, y-4, x+7, y)
		case "wall":
			writeWall(s, x, y-12, 16, "")
		case "status":
			s.f(`<circle cx="%d" cy="%d" r="7" fill="#a21caf"/><text x="%d" y="%d" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">n</text>`+"\n", x+7, y-4, x+7, y-1)
		default:
			s.f(`<rect x="%d" y="%d" width="14" height="14" fill="%s" fill-opacity="0.35" stroke="%s" stroke-width="2"/>`+"\n", x, y-11, l.swatch, l.swatch)
		}
		if l.indent {
			x += 20
		}
		s.f(`<text x="%d" y="%d">%s</text>`+"\n", x, y, esc(l.text))
	}
	s.f("</g>\n")
	s.f("</svg>\n")
	return s.b.String()
}

// writeWall draws a wall filling the cell of side size at x, y: a dark block of brick
// (its group carries the square, for the web page's clicks; none in the legend).
func writeWall(s *svgWriter, x, y, size int, square string) {
	in := max(size/16, 1) // the block's margin in the cell
	w := size - 2*in
	attr := ""
	if square != "" {
		attr = fmt.Sprintf(` data-square="%s"`, square)
	}
	s.f(`<g class="wall"%s><rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="#3f3a36" stroke="#1c1917" stroke-width="1.5"/>`, attr, x+in, y+in, w, w, max(size/12, 1))
	// Three courses of brick, the middle one offset by half a brick.
	h := float64(w) / 3
	x0, y0 := float64(x+in), float64(y+in)
	s.f(`<path d="M%.1f,%.1fh%dM%.1f,%.1fh%d`, x0, y0+h, w, x0, y0+2*h, w)
	for i, k := range []float64{0.5, 0.25, 0.5} {
		for xs := k; xs < 1; xs += 0.5 {
			s.f(`M%.1f,%.1fv%.1f`, x0+xs*float64(w), y0+float64(i)*h, h)
		}
	}
	s.f(`" stroke="#8a817c" stroke-width="%.1f" fill="none"/></g>`+"\n", max(float64(size)/32, 0.6))
}

// writeTrays draws each side's pools as trays, one row a pool: the side at the top of the
// board above it (from top, its rows end at the board), the other below it (from bottom).
// Each man held is drawn once with its count; its group carries the side, the pool and
// the type, for the web page's drops.
func writeTrays(s *svgWriter, p *interpreter.Position, flip bool, ox, top, bottom int) {
	rs := p.Ruleset()
	pools := rs.Pools()
	topSide := compiler.Black
	if flip {
		topSide = compiler.White
	}
	s.f(`<g id="trays" %s font-size="12" fill="#222">`+"\n", svgFont)
	for _, c := range []compiler.Color{topSide, topSide ^ 1} {
		y := bottom
		if c == topSide {
			y = top
		}
		for pool, name := range pools {
			man := c
			if rs.Hands.Enemy(pool) {
				man ^= 1
			}
			side := interpreter.SideName(c)
			s.f(`<g class="tray" data-side="%s" data-pool="%s"><rect x="%d" y="%d" width="%d" height="%d" fill="#eee6d8" stroke="#b9a98f"/>`+"\n",
				side, esc(name), ox, y, rs.Files*svgCell, svgCell)
			label := Capitalized(side) + " " + name
			s.f(`<text x="%d" y="%d" fill="#666">%s</text>`+"\n", ox+4, y+svgCell/2+4, esc(label))
			x := ox + 12 + len(label)*7 // about 7 units a character at size 12
			for t := range rs.NumPieces() {
				n := p.PoolCount(c, pool, t)
				if n == 0 {
					continue
				}
				s.f(`<g class="tray-piece" data-side="%s" data-pool="%s" data-type="%d" data-letter="%c" data-count="%d"><rect class="tray-cell" x="%d" y="%d" width="%d" height="%d" fill="#ffffff" fill-opacity="0.01"/>`+"\n",
					side, esc(name), t, rs.Piece(t).Letter, n, x, y, svgCell, svgCell)
				writePiece(s, rs, interpreter.MakePiece(t, man), x+svgCell/2, y+svgCell/2, "")
				if n > 1 {
					s.f(`<circle cx="%d" cy="%d" r="7.5" fill="#374151" stroke="#fff"/><text x="%d" y="%d" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">%d</text>`+"\n", x+svgCell-8, y+9, x+svgCell-8, y+13, n)
				}
				s.f("</g>\n")
				x += svgCell
			}
			s.f("</g>\n")
			y += svgCell
		}
	}
	s.f("</g>\n")
}

// writePiece draws piece pc centred at cx, cy: an orthodox piece as its chess symbol
// (White's a white solid symbol under the outlined one, Black's the solid one in black),
// others as their letter (White's light with a dark outline, Black's dark).
func writePiece(s *svgWriter, rs *compiler.Ruleset, pc interpreter.Piece, cx, cy int, square string) {
	t := pc.Type()
	letter := rs.Piece(t).LetterText
	side, fen := "white", letter
	if pc.Color() == compiler.Black {
		side, fen = "black", strings.ToLower(letter)
	}
	sym := pieceSymbol(rs, t)
	if sym == "" {
		fill, stroke := "#ffffff", "#111111"
		if pc.Color() == compiler.Black {
			fill, stroke = "#1a1a1a", "#1a1a1a"
		}
		shown, size := letter, 30
		if l := rs.Piece(t).Promoted; l != 0 {
			shown, size = "+"+string(l), 24 // as the FEN writes it: +P
		}
		s.f(`<text class="piece %s" data-square="%s" data-piece="%s" x="%d" y="%d" %s font-size="%d" font-weight="bold" fill="%s" stroke="%s" stroke-width="1.6" paint-order="stroke">%s</text>`+"\n",
			side, square, fen, cx, cy+11, svgFont, size, fill, stroke, shown)
		return
	}
	font := `font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Apple Symbols, serif" font-size="38"`
	y := cy + 13
	if pc.Color() == compiler.White {
		s.f(`<g class="piece white" data-square="%s" data-piece="%s"><text x="%d" y="%d" %s fill="#ffffff">%s&#xFE0E;</text><text x="%d" y="%d" %s fill="#111111">%s&#xFE0E;</text></g>`+"\n",
			square, fen, cx, y, font, sym, cx, y, font, outlineSymbols[sym])
		return
	}
	s.f(`<g class="piece black" data-square="%s" data-piece="%s"><text x="%d" y="%d" %s fill="#111111">%s&#xFE0E;</text></g>`+"\n",
		square, fen, cx, y, font, sym)
}
