// Boards drawn as text, for a terminal (colours by ANSI escapes) or a file: cells, zones in
// brackets with their meaning, pieces, timed statuses, walls, pools; and the XBetza line of a piece.

package rulebook

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// Wrap folds text at width columns; the first line starts with first, the others with indent.
func Wrap(text string, width int, first, indent string) string {
	var b strings.Builder
	line, empty := first, true
	for _, word := range strings.Fields(text) {
		if !empty && len(line)+1+len(word) > width {
			b.WriteString(line + "\n")
			line, empty = indent, true
		}
		if !empty {
			line += " "
		}
		line += word
		empty = false
	}
	b.WriteString(line)
	return b.String()
}

// zoneMark is a zone drawn on the board with a bracket pair.
type zoneMark struct {
	name   string
	open   byte
	close  byte
	cells  compiler.Bitboard
	duties []string // what the zone means: restrictions, goals
}

var brackets = [][2]byte{{'[', ']'}, {'(', ')'}, {'{', '}'}, {'<', '>'}, {'|', '|'}, {':', ':'}}

// boardZones collects the restricted and goal zones, in the order the definition names them.
func boardZones(rs *compiler.Ruleset) []*zoneMark {
	var marks []*zoneMark
	get := func(name string) *zoneMark {
		for _, m := range marks {
			if m.name == name {
				return m
			}
		}
		z := zoneSets(rs, name)
		m := &zoneMark{name: name, cells: z[0].Or(z[1])}
		b := brackets[min(len(marks), len(brackets)-1)]
		m.open, m.close = b[0], b[1]
		marks = append(marks, m)
		return m
	}
	for _, r := range rs.Def.Board.Restricted {
		m := get(r.Zone)
		m.duties = append(m.duties, "only "+orList(r.Only)+" may end a move here")
	}
	for _, p := range rs.Def.Pieces {
		if p.Confined != "" {
			m := get(p.Confined)
			m.duties = append(m.duties, p.Letter+" ends its moves only on its own side's squares here")
		}
	}
	for i := range rs.NumGoals() {
		g := rs.Goal(i)
		if g.Def.Reach == "" {
			continue
		}
		m := get(g.Def.Reach)
		goal := "goal"
		if g.Def.Name != "" {
			goal = fmt.Sprintf("goal %q", g.Def.Name)
		}
		reach := "reaching it"
		switch z := zoneSets(rs, g.Def.Reach); {
		case z[0] != z[1] && g.Def.Whose == "opponent":
			reach = "reaching the opponent's squares of it"
		case z[0] != z[1]:
			reach = "reaching its own side's squares of it"
		}
		if g.Def.Full {
			reach += ", or standing there after any move once every cell of it holds a man,"
		}
		m.duties = append(m.duties, fmt.Sprintf("%s: a %s of the mover %s %s", goal, typeLetters(rs, g.Types), reach, goalResult(g.Def.Result)))
	}
	return marks
}

func goalResult(r string) string {
	switch r {
	case "loss":
		return "loses"
	case "draw":
		return "draws"
	}
	return "wins"
}

// ANSI colours of the board drawn for a terminal.
const (
	ansiReset  = "\x1b[0m"
	ansiWhite  = "\x1b[1;36m" // White's pieces: bold cyan
	ansiBlack  = "\x1b[1;31m" // Black's pieces: bold red
	ansiDim    = "\x1b[2m"    // empty squares and unused cells
	ansiZone   = "\x1b[32m"   // zone brackets
	ansiStatus = "\x1b[1;35m" // status counters
	ansiWall   = "\x1b[1;33m" // walls: bold yellow
)

// wallMark is the character a wall is drawn as.
const wallMark = '*'

// wallLegend says what a wall is, for the legends of rulesets with walls.
const wallLegend = "a wall: it blocks every man of both sides and is never taken"

// textLines are the lines of cells the text board draws, from the top: the ranks, or on a
// hexagonal board the half rows (each file's cells on every other line, NoSquare between).
func textLines(rs *compiler.Ruleset) [][]compiler.Square {
	var out [][]compiler.Square
	if !rs.Hex {
		for r := rs.Ranks - 1; r >= 0; r-- {
			line := make([]compiler.Square, rs.Files)
			for f := range line {
				line[f] = rs.SquareAt(f, r)
			}
			out = append(out, line)
		}
		return out
	}
	for h := 2 * (rs.Ranks - 1); h >= 0; h-- {
		line := make([]compiler.Square, rs.Files)
		for x := range line {
			line[x] = compiler.NoSquare
			if twice := h + x - (rs.Files-1)/2; twice%2 == 0 {
				if y := twice / 2; rs.HexShape.OnBoard(x, y) {
					line[x] = rs.SquareAt(x, y)
				}
			}
		}
		out = append(out, line)
	}
	return out
}

// Board draws the position with rank and file labels and a legend, the cells coloured by
// ANSI escapes when ansi is set (for a terminal): the characters are the same. Without legend it leaves out the legend
// and the zones' lines, but not the pools.
func Board(w io.Writer, p *interpreter.Position, ansi, legend bool) {
	board(w, p, nil, ansi, legend)
}

// ViewBoard draws a side's view under fog of war as Board draws a position, each fogged
// cell '?'.
func ViewBoard(w io.Writer, v *interpreter.View, ansi, legend bool) {
	board(w, v.Position, v, ansi, legend)
}

func board(w io.Writer, p *interpreter.Position, view *interpreter.View, ansi, legend bool) {
	rs := p.Ruleset()
	marks := boardZones(rs)
	labelWidth := len(fmt.Sprint(rs.Ranks))
	kinds := map[compiler.CellKind]bool{}
	for i, line := range textLines(rs) {
		var b strings.Builder
		if rs.Hex {
			fmt.Fprintf(&b, "  %*s ", labelWidth, "")
		} else {
			fmt.Fprintf(&b, "  %*d ", labelWidth, rs.Ranks-i)
		}
		for _, sq := range line {
			if sq == compiler.NoSquare {
				b.WriteString("   ") // a hexagonal board's cell half a row away
				continue
			}
			kinds[rs.KindOf(sq)] = true
			ch := byte('.')
			switch rs.KindOf(sq) {
			case compiler.CellMissing:
				ch = ' '
			case compiler.CellUnused:
				ch = '-'
			default:
				if view != nil && view.Fogged.Has(sq) {
					ch = fogMark
					kinds[fogKind] = true
				} else if p.Walls().Has(sq) {
					ch = wallMark
				} else if pc := p.At(sq); pc != interpreter.NoPiece {
					ch = rs.Piece(pc.Type()).Letter
					if pc.Color() == compiler.Black {
						ch += 'a' - 'A'
					}
				}
			}
			open, close := byte(' '), byte(' ')
			for _, m := range marks {
				if m.cells.Has(sq) {
					open, close = m.open, m.close
					break
				}
			}
			if n := p.Status(sq); n > 0 {
				close = statusMark(n)
				kinds[statusKind] = true
			}
			if pc := p.At(sq); pc != interpreter.NoPiece && open == ' ' {
				if l := rs.Piece(pc.Type()).Promoted; l != 0 {
					// A piece written +X in a FEN shows so: +p.
					open, ch = '+', l
					if pc.Color() == compiler.Black {
						ch += 'a' - 'A'
					}
				}
			}
			if !ansi {
				b.WriteByte(open)
				b.WriteByte(ch)
				b.WriteByte(close)
				continue
			}
			closeColour := ansiZone
			if p.Status(sq) > 0 {
				closeColour = ansiStatus
			}
			chColour := ansiDim
			switch {
			case ch == wallMark:
				chColour = ansiWall
			case ch >= 'A' && ch <= 'Z':
				chColour = ansiWhite
			case ch >= 'a' && ch <= 'z':
				chColour = ansiBlack
			}
			writeColoured(&b, open, ansiZone)
			writeColoured(&b, ch, chColour)
			writeColoured(&b, close, closeColour)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	var files strings.Builder
	fmt.Fprintf(&files, "  %*s ", labelWidth, "")
	for f := 0; f < rs.Files; f++ {
		switch {
		case rs.Hex:
			fmt.Fprintf(&files, " %c ", defs.HexFileLetter(f))
		case rs.BoardOf(rs.SquareAt(f, 0)) < 0:
			files.WriteString("   ") // the column between two boards
		default:
			fmt.Fprintf(&files, " %c ", 'a'+rs.LocalFile(rs.SquareAt(f, 0)))
		}
	}
	fmt.Fprintln(w, strings.TrimRight(files.String(), " "))

	if !legend {
		if line := poolLine(p); line != "" {
			fmt.Fprintf(w, "\n%s\n", Wrap(line, 78, "  ", "    "))
		}
		return
	}
	texts := []string{"upper case White, lower case Black", "'.' empty square"}
	if rs.Walls != nil {
		texts = append(texts, fmt.Sprintf("'%c' %s", wallMark, wallLegend))
	}
	if kinds[compiler.CellUnused] {
		texts = append(texts, "'-' unused cell (passed over, never stood on)")
	}
	if kinds[compiler.CellMissing] {
		texts = append(texts, "blank: no cell")
	}
	if kinds[fogKind] {
		texts = append(texts, fmt.Sprintf("'%c' a cell %s does not see (fog)", fogMark, interpreter.SideName(view.Viewer)))
	}
	if kinds[statusKind] {
		texts = append(texts, fmt.Sprintf("a digit after a piece: %s, with that many half-moves left ('+': more than 9)", rs.Status.Name))
	}
	fmt.Fprintf(w, "\n%s\n", Wrap("Legend: "+strings.Join(texts, "; "), 78, "  ", "          "))
	for _, m := range marks {
		text := fmt.Sprintf("%c%c zone %s: %s", m.open, m.close, zoneText(rs, m.name), strings.Join(m.duties, "; "))
		fmt.Fprintln(w, Wrap(text, 78, "  ", "       "))
	}
	if line := poolLine(p); line != "" {
		fmt.Fprintln(w, Wrap(line, 78, "  ", "    "))
	}
}

// writeColoured writes ch in colour, a blank as it is (so that lines still end in blanks
// to trim).
func writeColoured(b *strings.Builder, ch byte, colour string) {
	if ch == ' ' {
		b.WriteByte(ch)
		return
	}
	b.WriteString(colour)
	b.WriteByte(ch)
	b.WriteString(ansiReset)
}

// poolLine lists what each side holds in its pools, each man in its own colour's case:
// "Pools: White captured [rp] ready [Q]; Black captured [B] ready []" (two pools named so).
func poolLine(p *interpreter.Position) string {
	rs := p.Ruleset()
	if rs.Hands == nil {
		return ""
	}
	var sides []string
	for c := compiler.White; c <= compiler.Black; c++ {
		var parts []string
		for pool, name := range rs.Pools() {
			parts = append(parts, fmt.Sprintf("%s [%s]", name, p.PoolLetters(c, pool)))
		}
		side := interpreter.SideName(c)
		sides = append(sides, strings.ToUpper(side[:1])+side[1:]+" "+strings.Join(parts, " "))
	}
	return "Pools: " + strings.Join(sides, "; ")
}

// statusKind marks, among the cell kinds Board has seen, a piece with a timed status.
const statusKind compiler.CellKind = 255

// fogKind marks, among the cell kinds drawn, a fogged cell of a view; fogMark draws it.
const (
	fogKind compiler.CellKind = 254
	fogMark                   = '?'
)

// statusMark is the character drawn after a piece whose status has n half-moves left.
func statusMark(n int) byte {
	if n > 9 {
		return '+'
	}
	return byte('0' + n)
}

// StatusLine lists the pieces with a timed status and their counters, e.g.
// "Stunned (half-moves left): b8 r 4, e5 p 3", or "" when there is none.
func StatusLine(p *interpreter.Position) string {
	rs := p.Ruleset()
	if rs.Status == nil {
		return ""
	}
	var items []string
	for r := rs.Ranks - 1; r >= 0; r-- {
		for f := 0; f < rs.Files; f++ {
			sq := rs.SquareAt(f, r)
			if n := p.Status(sq); n > 0 {
				pc := p.At(sq)
				l := rs.Piece(pc.Type()).Letter
				if pc.Color() == compiler.Black {
					l += 'a' - 'A'
				}
				items = append(items, fmt.Sprintf("%s %c %d", rs.SquareName(sq), l, n))
			}
		}
	}
	if len(items) == 0 {
		return ""
	}
	name := rs.Status.Name
	return strings.ToUpper(name[:1]) + name[1:] + " (half-moves left): " + strings.Join(items, ", ")
}

// Betza gives a piece's moves in XBetza, or why they have no exact XBetza.
func Betza(def *defs.Definition, p *defs.Piece) string {
	text, why := defs.WriteBetzaOn(def.Board.Geometry == "hex", p.Moves)
	if why != "" {
		return "XBetza: none exact (" + why + ")"
	}
	return "XBetza: " + text
}

// Plural is one or many by n: Plural(n, "move", "moves").
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Capitalized is s with its first letter in upper case ("" stays "").
func Capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// ToMove is the line naming the side to move: "White to move", with "(in check)" and,
// in rules whose turns are several moves, which move of its turn it makes ("move 2 of
// 2").
func ToMove(p *interpreter.Position) string {
	s := Capitalized(interpreter.SideName(p.Side())) + " to move"
	var notes []string
	if n := p.TurnMoves(); n > 1 {
		notes = append(notes, fmt.Sprintf("move %d of %d", p.TurnPart()+1, n))
	}
	if p.InCheck() {
		notes = append(notes, "in check")
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	return s
}
