// The show command: a variant's board drawn as text, its pieces and rules in words.

package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/rulebook"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

var showCommand = &command{
	name:    "show",
	seats:   true,
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
before the moves. The picture is plain SVG text, the same for the same input. A game of
seats (four-player chess) is drawn with each seat's men in its colour (dead men grey),
the seat --view names (its letter or name; the first listed by default) at the bottom,
and the seats' points and who is out or to move in the legend.

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
		viewSide := fs.String("view", "", "under fog of war: draw only what this side sees (white or black), fogged cells '?'; in a game of seats, with --svg: the seat drawn at the bottom")
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
			if rs.Seats != nil && *svg != "" {
				return c.tableSVG(rs, in, *viewSide, *moves, *svg)
			}
			if rs.Seats != nil && *viewSide != "" {
				return c.usage("%s is a game of seats: --view names the seat drawn at the bottom of the --svg picture; give --svg FILE too", rs.Name)
			}
			var view *interpreter.View
			if *viewSide != "" {
				if *betza || *moves != "" {
					return c.usage("--view draws a side's view: leave out --betza and --moves")
				}
				if view, code = c.sideView(p, *viewSide); code != exitOK {
					return code
				}
			}
			if *betza {
				pieces := len(rs.Def.Pieces)
				if rs.Seats != nil {
					pieces = rs.Seats.Men // the definition's own, not the compiler's turned copies
				}
				for i := range pieces {
					pc := &rs.Def.Pieces[i]
					text, why := defs.WriteBetzaOn(rs.Hex, pc.Moves)
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
				var table *interpreter.Table
				if rs.Seats != nil {
					t, err := openTable(rs, *in.fen, *in.setup, "")
					if err != nil {
						return c.inputError(err)
					}
					table = t
				}
				show(c.out, p, view, table, *generated)
				return exitOK
			}
			if view != nil {
				return c.writeText(rulebook.ViewSVG(view), *svg)
			}
			return c.writeSVG(p, *moves, *svg)
		}
	},
}

// sideView is the view of the side named (white or black) under the position's fog.
func (c *context) sideView(p *interpreter.Position, side string) (*interpreter.View, int) {
	var who compiler.Color
	switch strings.ToLower(side) {
	case "white", "w":
		who = compiler.White
	case "black", "b":
		who = compiler.Black
	default:
		return nil, c.usage("--view must be white or black, found %q", side)
	}
	if p.Ruleset().Fog == nil {
		return nil, c.usage("--view draws a side's view under fog of war: %s has no fog (every side sees the whole board)", p.Ruleset().Name)
	}
	v, err := p.View(who)
	if err != nil {
		return nil, c.inputError(err)
	}
	return v, exitOK
}

// show describes the variant and draws p; with view, only what the view shows of p.
// A game of seats is drawn from its table, and its pieces listed without the turned
// copies its frames use.
func show(w io.Writer, p *interpreter.Position, view *interpreter.View, table *interpreter.Table, generated bool) {
	rs := p.Ruleset()
	def := rs.Def
	fmt.Fprintf(w, "%s (%s), board %s\n", rs.Title, rs.Name, boardSize(rs))
	if d := strings.TrimSpace(def.Description); d != "" {
		fmt.Fprintf(w, "\n%s\n", rulebook.Wrap(d, 78, "  ", "  "))
	}
	fmt.Fprintln(w)
	switch {
	case table != nil:
		writeTableTo(w, table)
	case view != nil:
		rulebook.ViewBoard(w, view, false, true)
	default:
		rulebook.Board(w, p, false, true)
	}

	fmt.Fprintln(w, "\nPieces:")
	pieces := len(def.Pieces)
	if rs.Seats != nil {
		pieces = rs.Seats.Men
	}
	for i := range pieces {
		head, lines := rulebook.Piece(rs, &def.Pieces[i], generated)
		fmt.Fprintf(w, "  %s\n", head)
		for _, l := range lines {
			fmt.Fprintf(w, "%s\n", rulebook.Wrap(l, 78, "     - ", "       "))
		}
		fmt.Fprintf(w, "%s\n", rulebook.Wrap(rulebook.Betza(def, &def.Pieces[i]), 78, "     ", "       "))
	}
	fmt.Fprintln(w, "\nRules:")
	for _, l := range rulebook.Rules(rs) {
		fmt.Fprintf(w, "%s\n", rulebook.Wrap(l, 78, "  ", "    "))
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
	if view != nil {
		fmt.Fprintf(w, "\nView: %s\n", view.FEN())
	} else {
		fmt.Fprintf(w, "\nFEN: %s\n", p.FEN())
	}
	side := interpreter.SideName(p.Side())
	fmt.Fprintf(w, "To move: %s", side)
	if p.InCheck() {
		fmt.Fprintf(w, " (in check)")
	}
	fmt.Fprintln(w)
	for c := compiler.White; c <= compiler.Black; c++ {
		if f := p.Frozen(c); f.Any() {
			fmt.Fprintf(w, "Frozen %s pieces: %s\n", interpreter.SideName(c), rulebook.SquareList(rs, f))
		}
	}
	if line := rulebook.StatusLine(p); line != "" {
		fmt.Fprintln(w, line)
	}
	if r := p.Result(); r != interpreter.Ongoing {
		fmt.Fprintf(w, "Result: %s (%s)\n", r.Score, r.Reason)
	}
}

// tableSVG writes the picture of a game of seats (from --fen or --setup) to file, the
// seat --view names (its letter or name; the first listed by default) at the bottom.
func (c *context) tableSVG(rs *compiler.Ruleset, in *positionInput, view, moves, file string) int {
	if moves != "" {
		return c.usage("--moves draws arrows on a board of two sides: %s is a game of seats (leave out --moves)", rs.Name)
	}
	bottom := 0
	if view != "" {
		if bottom = rs.Seats.SeatNamed(view); bottom < 0 {
			return c.usage("--view names the seat drawn at the bottom, its letter or name: one of %s; found %q", rs.Seats.SeatList(), view)
		}
	}
	t, err := openTable(rs, *in.fen, *in.setup, "")
	if err != nil {
		return c.inputError(err)
	}
	return c.writeText(rulebook.TableSVG(t, bottom, false), file)
}

// writeSVG writes the picture of p, with arrows for moves, to file ("-": standard output).
func (c *context) writeSVG(p *interpreter.Position, moves, file string) int {
	var played []interpreter.Move
	if strings.TrimSpace(moves) != "" {
		r := gametext.ReplayGame(p.Clone(), moves)
		if r.Stop != nil {
			return c.inputError(fmt.Errorf("--moves: %w", r.Stop))
		}
		for _, pl := range r.Moves {
			played = append(played, pl.Move)
		}
	}
	return c.writeText(rulebook.SVG(p, played), file)
}

// writeText writes text to file ("-": standard output).
func (c *context) writeText(text, file string) int {
	if file == "-" {
		fmt.Fprint(c.out, text)
		return exitOK
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return c.inputError(err)
	}
	return exitOK
}
