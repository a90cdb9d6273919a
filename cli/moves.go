// The moves command: the legal moves of a position, after optional moves, in SAN and coordinates.

package cli

import (
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"chimera/engine/rulebook"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

var movesCommand = &command{
	name:    "moves",
	args:    "VARIANT",
	summary: "list the legal moves of a position, after optional moves",
	details: `Sets up the position (the default setup, --setup NAME or --fen FEN), plays the
moves given with --moves (SAN or coordinate notation, move numbers allowed), then prints
the legal moves one a line, SAN then coordinate notation, sorted by coordinates; then the
position (FEN), the side to move, the number of moves, whether the side to move is in
check, and the result when the game is over (e.g. "Result: 0-1 (checkmate)").

A game over by any rule (checkmate, a goal, the fifty-move rule, repetition) takes no
more moves: a move after the end is an error. A number without dots is read only as the
current move number ("1 e4 e5 2 Nf3"); 0000 (a null move) is not a move of the game.

--notation prints, and reads besides SAN and coordinates, the moves in another notation,
as Fairy-Stockfish's tools write them: wxf (xiangqi's WXF: C2=5, H8+7, no check marks),
janggi (rank then file, both numbers: R01-91, H02-83), hosking, hodges and
hodges-number (shogi's Western forms: P76, P-7f, P-76, S*34, Bx22+ promoting, = declining).

` + hookErrorsHelp,
	examples: []string{
		"chimera moves chess",
		"chimera moves xiangqi --notation wxf --moves 'C2=5 H8+7'",
		`chimera moves chess --moves "e2e4 e7e5 g1f3"`,
		`chimera moves chess --moves "1. f3 e5 2. g4 Qh4#"`,
		"chimera moves chess --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionInputFlags(fs)
		moves := fs.StringP("moves", "m", "", "moves to play first (SAN or coordinate)")
		notation := fs.String("notation", "san", "notation of the moves printed and read besides coordinates: "+strings.Join(interpreter.NotationNames, ", "))
		return func(c *context, args []string) int {
			n, err := interpreter.ParseNotation(*notation)
			if err != nil {
				return c.usage("--notation: %v", err)
			}
			_, p, _, code := c.open(in, args)
			if code != exitOK {
				return code
			}
			if err := gametext.PlayGameIn(p, *moves, n); err != nil {
				c.reportHooks(*in.allowHooks, p.HookFailures())
				return c.inputError(fmt.Errorf("--moves: %w", err))
			}
			printMoves(c, p, n)
			return c.reportHooks(*in.allowHooks, p.HookFailures())
		}
	},
}

func printMoves(c *context, p *interpreter.Position, n interpreter.Notation) {
	type line struct{ san, coord string }
	legal := p.LegalMoves(nil)
	texts := p.NotateAll(legal, n)
	lines := make([]line, len(legal))
	for i, m := range legal {
		lines[i] = line{texts[i], p.Coord(m)}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].coord < lines[j].coord })
	tw := tabwriter.NewWriter(c.out, 0, 0, 2, ' ', 0)
	for _, l := range lines {
		fmt.Fprintf(tw, "%s\t%s\n", l.san, l.coord)
	}
	tw.Flush()
	if len(lines) > 0 {
		fmt.Fprintln(c.out)
	}
	fmt.Fprintf(c.out, "FEN: %s\n", p.FEN())
	if line := rulebook.StatusLine(p); line != "" {
		fmt.Fprintln(c.out, line)
	}
	fmt.Fprintf(c.out, "To move: %s\n", interpreter.SideName(p.Side()))
	fmt.Fprintf(c.out, "Moves: %d\n", len(lines))
	fmt.Fprintf(c.out, "Check: %s\n", yesNo(p.InCheck()))
	if r := p.Result(); r != interpreter.Ongoing {
		fmt.Fprintf(c.out, "Result: %s (%s)\n", r.Score, r.Reason)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
