// Pictures of a game of seats (interpreter.Table) as SVG: the board turned so that a
// chosen seat sits at the bottom, each seat's men in its colour, dead men grey.

package rulebook

import (
	"fmt"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// seatColours are the colours of seats named after one (the name in lower case), and
// seatPalette those of the others, by seat index: the four armies' colours of four-player
// chess boards (red, blue, yellow, green) first.
var (
	seatColours = map[string]string{
		"red": "#bf3b43", "blue": "#4185bf", "yellow": "#c09526", "green": "#4e9161",
		"orange": "#e07b24", "purple": "#8e44ad", "violet": "#8e44ad", "pink": "#d6589b",
		"brown": "#8b5a2b", "black": "#2b2b2b", "white": "#f4f4f4", "grey": "#7b7b7b",
		"gray": "#7b7b7b", "teal": "#17868f", "cyan": "#1ba1b5", "gold": "#c9a227",
	}
	seatPalette = []string{"#bf3b43", "#4185bf", "#c09526", "#4e9161"}
	deadColour  = "#a8a29e"
)

// SeatColour is seat k's colour (#rrggbb): the colour its name names (a seat named Red is
// red), else one by its index.
func SeatColour(sr *compiler.SeatRules, k int) string {
	if c, ok := seatColours[strings.ToLower(strings.TrimSpace(sr.Name(k)))]; ok {
		return c
	}
	return seatPalette[k%len(seatPalette)]
}

// TableView turns a board for a seat: the column and row (from the left and from the
// top) where square sq is drawn with seat bottom's edge at the bottom of the picture,
// and the picture's size in cells.
type TableView struct {
	rs   *compiler.Ruleset
	edge int // quarter turns clockwise from the bottom of the seat drawn at the bottom
}

// NewTableView is the view of rs's board with seat bottom at the bottom; turn adds half
// a turn (the seat across at the bottom).
func NewTableView(rs *compiler.Ruleset, bottom int, turn bool) TableView {
	e := rs.Seats.Edge(bottom)
	if turn {
		e += 2
	}
	if rs.Files != rs.Ranks {
		e &^= 1 // a seat on a side edge needs a square board: the compiler refuses it otherwise
	}
	return TableView{rs: rs, edge: e % 4}
}

// Size is the picture's columns and rows.
func (v TableView) Size() (cols, rows int) {
	if v.edge%2 == 1 {
		return v.rs.Ranks, v.rs.Files
	}
	return v.rs.Files, v.rs.Ranks
}

// Place is the column and row where square sq is drawn.
func (v TableView) Place(sq compiler.Square) (col, row int) {
	f, r, nf, nr := v.rs.FileOf(sq), v.rs.RankOf(sq), v.rs.Files, v.rs.Ranks
	switch v.edge {
	case 1: // the left edge at the bottom: the board turned a quarter turn counterclockwise
		return nr - 1 - r, nf - 1 - f
	case 2:
		return nf - 1 - f, r
	case 3: // the right edge at the bottom: a quarter turn clockwise
		return r, f
	}
	return f, nr - 1 - r
}

// label is what a column (along) or row (!along) of the picture is labelled with: the
// file letter or the rank number its squares share.
func (v TableView) label(sq compiler.Square, along bool) string {
	if along == (v.edge%2 == 0) {
		return string(rune('a' + v.rs.FileOf(sq)))
	}
	return fmt.Sprint(v.rs.RankOf(sq) + 1)
}

// TableSVG draws a game of seats with seat bottom at the bottom (turned half round when
// turn is set): its cells (missing cells left out), each seat's men in its colour (dead
// men grey), promoted men marked ~, the coordinates, then a legend of the seats: their
// colours, points, and who is out or to move, and the result once the game is over. The
// cells and men carry their squares (id, data-square) for the web page's clicks.
func TableSVG(t *interpreter.Table, bottom int, turn bool) string {
	rs := t.Ruleset()
	sr := rs.Seats
	v := NewTableView(rs, bottom, turn)
	cols, rows := v.Size()
	boardW, boardH := cols*svgCell, rows*svgCell
	width := max(svgLeft+boardW+svgRight, svgMinWidth)
	ox, oy := svgLeft, svgTop
	cellX := func(sq compiler.Square) int { c, _ := v.Place(sq); return ox + c*svgCell }
	cellY := func(sq compiler.Square) int { _, r := v.Place(sq); return oy + r*svgCell }

	var legend []string
	for i := range sr.Seats() {
		k := sr.Order(i)
		line := fmt.Sprintf("%s (%c)", sr.Name(k), sr.Letter(k))
		if sr.Scored() {
			line += fmt.Sprintf(": %d points", t.Points(k))
		}
		switch r := t.Result(); {
		case t.Out(k):
			line += ", out"
		case !r.Over && t.Mover() == k:
			line += ", to move"
			if t.InCheck(k) {
				line += " (in check)"
			}
		}
		legend = append(legend, line)
	}
	if r := t.Result(); r.Over {
		legend = append(legend, fmt.Sprintf("Game over: %s (%s)", TableResultText(rs, r.Winner), r.Reason))
	}
	legendTop := oy + boardH + 40
	height := legendTop + len(legend)*svgLine + 8

	s := &svgWriter{}
	s.f(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	s.f("<title>%s (%s)</title>\n", esc(rs.Title), esc(rs.Name))
	s.f("<desc>FEN: %s</desc>\n", esc(t.FEN()))
	s.f(`<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	s.f(`<text x="%d" y="24" %s font-size="16" font-weight="bold" fill="#222">%s</text>`+"\n", svgRight, svgFont, esc(rs.Title))

	s.f(`<g id="cells">` + "\n")
	for sq := compiler.Square(0); sq < rs.Cells; sq++ {
		if rs.KindOf(sq) == compiler.CellMissing {
			continue
		}
		class, fill := "square", []string{svgDark, svgLight, svgMid}[rs.Colour(sq)]
		if rs.KindOf(sq) == compiler.CellUnused {
			class, fill = "unused", "#d4d4d4"
		}
		s.f(`<rect class="%s" id="%s" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", class, rs.CellName(sq), cellX(sq), cellY(sq), svgCell, svgCell, fill)
	}
	s.f("</g>\n")

	// Coordinates: below each column and left of each row, at the picture's edge.
	s.f(`<g class="coordinates" %s font-size="12" fill="#444" text-anchor="middle">`+"\n", svgFont)
	colLabel, rowLabel := make([]string, cols), make([]string, rows)
	for sq := compiler.Square(0); sq < rs.Cells; sq++ {
		c, r := v.Place(sq)
		colLabel[c], rowLabel[r] = v.label(sq, true), v.label(sq, false)
	}
	for c, l := range colLabel {
		s.f(`<text x="%d" y="%d">%s</text>`+"\n", ox+c*svgCell+svgCell/2, oy+boardH+15, l)
	}
	for r, l := range rowLabel {
		s.f(`<text x="%d" y="%d">%s</text>`+"\n", svgLeft/2, oy+r*svgCell+svgCell/2+4, l)
	}
	s.f("</g>\n")

	s.f(`<g id="pieces" text-anchor="middle">` + "\n")
	for sq, m := range t.Board {
		if m.Empty() || rs.KindOf(sq) == compiler.CellMissing {
			continue
		}
		cx, cy := cellX(sq)+svgCell/2, cellY(sq)+svgCell/2
		writeSeatMan(s, t, m, cx, cy, rs.CellName(sq))
		if m.Promoted {
			x, y := cellX(sq)+9, cellY(sq)+svgCell-9
			s.f(`<g class="promoted" data-square="%s"><circle cx="%d" cy="%d" r="6.5" fill="#0e7490" stroke="#fff"/><text x="%d" y="%d" %s font-size="11" font-weight="bold" fill="#fff">~</text></g>`+"\n", rs.CellName(sq), x, y, x, y+4, svgFont)
		}
	}
	s.f("</g>\n")

	s.f(`<g id="legend" %s font-size="12" fill="#222">`+"\n", svgFont)
	for i, l := range legend {
		y := legendTop + i*svgLine
		x := svgRight
		if i < sr.Seats() {
			s.f(`<rect class="seat-swatch" x="%d" y="%d" width="14" height="14" fill="%s" stroke="#444"/>`+"\n", x, y-11, SeatColour(sr, sr.Order(i)))
			x += 20
		}
		s.f(`<text x="%d" y="%d">%s</text>`+"\n", x, y, esc(l))
	}
	s.f("</g>\n")
	s.f("</svg>\n")
	return s.b.String()
}

// writeSeatMan draws man m centred at cx, cy in its seat's colour (a dead man grey): an
// orthodox piece as its chess symbol, solid in the colour under the outlined one; others
// as their letter in the colour with a dark outline. Its data-piece is its FEN token
// ("rK", "dQ").
func writeSeatMan(s *svgWriter, t *interpreter.Table, m interpreter.TableMan, cx, cy int, square string) {
	rs := t.Ruleset()
	sr := rs.Seats
	letter := rs.Piece(int(m.Type)).LetterText
	colour, seat, token := deadColour, "dead", "d"+letter
	if !m.Dead {
		colour, seat, token = SeatColour(sr, int(m.Seat)), string(sr.Letter(int(m.Seat))), string(sr.Letter(int(m.Seat)))+letter
	}
	sym := pieceSymbol(rs, int(m.Type))
	if sym == "" {
		s.f(`<text class="piece seat" data-square="%s" data-piece="%s" data-seat="%s" x="%d" y="%d" %s font-size="30" font-weight="bold" fill="%s" stroke="#111111" stroke-width="1.6" paint-order="stroke">%s</text>`+"\n",
			square, token, seat, cx, cy+11, svgFont, colour, esc(letter))
		return
	}
	font := `font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Apple Symbols, serif" font-size="38"`
	y := cy + 13
	s.f(`<g class="piece seat" data-square="%s" data-piece="%s" data-seat="%s"><text x="%d" y="%d" %s fill="%s">%s&#xFE0E;</text><text x="%d" y="%d" %s fill="#111111">%s&#xFE0E;</text></g>`+"\n",
		square, token, seat, cx, y, font, colour, sym, cx, y, font, outlineSymbols[sym])
}

// TableResultText names a game of seats' winner: the winning team's seats ("Red wins",
// "Red and Yellow win"), or "draw" (winner -1).
func TableResultText(rs *compiler.Ruleset, winner int) string {
	if winner < 0 {
		return "draw"
	}
	names := rs.Seats.TeamNames(winner)
	if len(names) == 1 {
		return names[0] + " wins"
	}
	return strings.Join(names, " and ") + " win"
}
