// The show command: a variant's board drawn as text, its pieces and rules in words.
package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

var showCommand = &command{
	name:    "show",
	args:    "VARIANT",
	summary: "draw the board and describe the pieces and rules, or draw it as SVG",
	details: `Prints the variant's title and description, the position (the default setup,
--setup NAME or --fen FEN) drawn as text with a legend, how each piece moves (generated
from its movement atoms unless the definition gives a describe: text), a summary of the
rules, the side to move, and the result when the position is already decided.

Board: ranks from the top, files labelled below; pieces as FEN letters (upper case
White, lower case Black), '.' an empty square, '-' an unused cell (passed over, never
stood on), a blank a cell that does not exist. Squares of restricted zones and goal
zones are bracketed, a bracket pair per zone, named in the legend.

--svg FILE writes a picture of the board instead, for a rules page (- writes it to
standard output): the cells (squares checkered, unused cells hatched, missing cells
left out), each zone shaded in its own colour and named in the legend with what it
means (a zone covering every square is named, not shaded), file and rank labels, the pieces (orthodox ones, a King, Queen, Rook, Bishop,
Knight or Pawn under its usual letter, as chess symbols; others as their letter; White's
light with a dark outline, Black's dark), status counters as small digits in a corner,
promoted pieces (those demoted when captured) marked with a ~ in the other corner, the
side to move, the pieces' names, and the pools as text rows (chimera serve draws the
same picture with the pools as trays of pieces, and flipped on request). --moves "e2e4 e7e5 ..."
(SAN or coordinates) draws each move as a numbered arrow from origin to destination,
White's green and Black's blue, a drop as a dashed ring; the position shown is the one
before the moves. The picture is plain SVG text, the same for the same input.

Each piece's moves are also given in XBetza notation (the notation of XBoard's piece
command and of betza: in a definition), or the reason they have none that reads back
exactly; --betza prints only that, a piece a line: letter, XBetza (or -), name.`,
	examples: []string{
		"chimera show chess",
		"chimera show chess --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'",
		"chimera show myvariant.yaml --setup shuffle --generated",
		"chimera show chess960 --setup 518 --svg chess960.svg",
		`chimera show chess --svg opening.svg --moves "e4 e5 Nf3 Nc6 Bb5"`,
		"chimera show --def myvariant.yaml --fen 'rnbqkbnr/ppp2ppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3' --svg - > my.svg",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionOnlyFlags(fs)
		generated := fs.Bool("generated", false, "describe pieces from their atoms, not describe: texts")
		svg := fs.String("svg", "", "write the board as an SVG picture to FILE (- for standard output) instead")
		moves := fs.StringP("moves", "m", "", "with --svg: draw these moves (SAN or coordinate) as arrows")
		betza := fs.Bool("betza", false, "print each piece's moves in XBetza notation only (letter, XBetza or - and why not)")
		return func(c *context, args []string) int {
			// Each of these flags picks what is printed: one would be dropped unsaid.
			switch {
			case *betza && *svg != "":
				return c.usage("give --betza (the XBetza lines) or --svg (a picture), not both")
			case *generated && (*betza || *svg != ""):
				return c.usage("--generated describes the pieces in the text output: leave it out with --betza or --svg")
			}
			rs, p, _, code := c.open(in, args)
			if code != exitOK {
				return code
			}
			if *betza {
				for i := range rs.Def.Pieces {
					pc := &rs.Def.Pieces[i]
					text, why := defs.WriteBetza(pc.Moves)
					if why != "" {
						fmt.Fprintf(c.out, "%s\t-\t%s: %s\n", pc.Letter, pc.Name, why)
						continue
					}
					fmt.Fprintf(c.out, "%s\t%s\t%s\n", pc.Letter, text, pc.Name)
				}
				return exitOK
			}
			if *svg == "" {
				if *moves != "" {
					return c.usage("--moves draws arrows on a picture: give --svg FILE too")
				}
				show(c.out, p, *generated)
				return exitOK
			}
			return c.writeSVG(p, *moves, *svg)
		}
	},
}

func show(w io.Writer, p *interpreter.Position, generated bool) {
	rs := p.Ruleset()
	def := rs.Def
	fmt.Fprintf(w, "%s (%s), board %s\n", rs.Title, rs.Name, boardSize(rs))
	if d := strings.TrimSpace(def.Description); d != "" {
		fmt.Fprintf(w, "\n%s\n", wrap(d, 78, "  ", "  "))
	}
	fmt.Fprintln(w)
	drawBoard(w, p)

	fmt.Fprintln(w, "\nPieces:")
	for i := range def.Pieces {
		head, lines := describePiece(rs, &def.Pieces[i], generated)
		fmt.Fprintf(w, "  %s\n", head)
		for _, l := range lines {
			fmt.Fprintf(w, "%s\n", wrap(l, 78, "     - ", "       "))
		}
		fmt.Fprintf(w, "%s\n", wrap(betzaLine(&def.Pieces[i]), 78, "     ", "       "))
	}
	fmt.Fprintln(w, "\nRules:")
	for _, l := range describeRules(rs) {
		fmt.Fprintf(w, "%s\n", wrap(l, 78, "  ", "    "))
	}

	fmt.Fprintf(w, "\nSetups (--setup NAME, the first by default): %s\n", setupList(rs))
	var shuffled []compiler.Setup
	for _, s := range rs.Setups() {
		if s.Shuffled() {
			shuffled = append(shuffled, s)
		}
	}
	for _, s := range shuffled {
		alone := ""
		if len(shuffled) == 1 {
			alone = " (or --setup N)"
		}
		fmt.Fprintf(w, "  %s: arrangement N from 0 to %d with --setup %s:N%s, at random without N\n", s.Name, s.Count()-1, s.Name, alone)
	}
	fmt.Fprintf(w, "\nFEN: %s\n", p.FEN())
	side := interpreter.SideName(p.Side())
	fmt.Fprintf(w, "To move: %s", side)
	if p.InCheck() {
		fmt.Fprintf(w, " (in check)")
	}
	fmt.Fprintln(w)
	for c := compiler.White; c <= compiler.Black; c++ {
		if f := p.Frozen(c); f.Any() {
			fmt.Fprintf(w, "Frozen %s pieces: %s\n", interpreter.SideName(c), squareList(rs, f))
		}
	}
	if line := statusLine(p); line != "" {
		fmt.Fprintln(w, line)
	}
	if r := p.Result(); r != interpreter.Ongoing {
		fmt.Fprintf(w, "Result: %s (%s)\n", r.Score, r.Reason)
	}
}

// wrap folds text at width columns; the first line starts with first, the others with indent.
func wrap(text string, width int, first, indent string) string {
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

// drawBoard draws the position with rank and file labels and a legend.
func drawBoard(w io.Writer, p *interpreter.Position) { drawBoardStyled(w, p, false, true) }

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

// drawBoardStyled is drawBoard, with the cells coloured by ANSI escapes when ansi is set
// (for a terminal): the characters are the same. Without legend it leaves out the legend
// and the zones' lines, but not the pools.
func drawBoardStyled(w io.Writer, p *interpreter.Position, ansi, legend bool) {
	rs := p.Ruleset()
	marks := boardZones(rs)
	labelWidth := len(fmt.Sprint(rs.Ranks))
	kinds := map[compiler.CellKind]bool{}
	for r := rs.Ranks - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "  %*d ", labelWidth, r+1)
		for f := 0; f < rs.Files; f++ {
			sq := rs.SquareAt(f, r)
			kinds[rs.KindOf(sq)] = true
			ch := byte('.')
			switch rs.KindOf(sq) {
			case compiler.CellMissing:
				ch = ' '
			case compiler.CellUnused:
				ch = '-'
			default:
				if p.Walls().Has(sq) {
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
		fmt.Fprintf(&files, " %c ", 'a'+f)
	}
	fmt.Fprintln(w, strings.TrimRight(files.String(), " "))

	if !legend {
		if line := poolLine(p); line != "" {
			fmt.Fprintf(w, "\n%s\n", wrap(line, 78, "  ", "    "))
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
	if kinds[statusKind] {
		texts = append(texts, fmt.Sprintf("a digit after a piece: %s, with that many half-moves left ('+': more than 9)", rs.Status.Name))
	}
	fmt.Fprintf(w, "\n%s\n", wrap("Legend: "+strings.Join(texts, "; "), 78, "  ", "          "))
	for _, m := range marks {
		text := fmt.Sprintf("%c%c zone %s: %s", m.open, m.close, zoneText(rs, m.name), strings.Join(m.duties, "; "))
		fmt.Fprintln(w, wrap(text, 78, "  ", "       "))
	}
	if line := poolLine(p); line != "" {
		fmt.Fprintln(w, wrap(line, 78, "  ", "    "))
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

// statusKind marks, among the cell kinds drawBoard has seen, a piece with a timed status.
const statusKind compiler.CellKind = 255

// statusMark is the character drawn after a piece whose status has n half-moves left.
func statusMark(n int) byte {
	if n > 9 {
		return '+'
	}
	return byte('0' + n)
}

// statusLine lists the pieces with a timed status and their counters, e.g.
// "Stunned (half-moves left): b8 r 4, e5 p 3", or "" when there is none.
func statusLine(p *interpreter.Position) string {
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

// betzaLine gives a piece's moves in XBetza, or why they have no exact XBetza.
func betzaLine(p *defs.Piece) string {
	text, why := defs.WriteBetza(p.Moves)
	if why != "" {
		return "XBetza: none exact (" + why + ")"
	}
	return "XBetza: " + text
}
