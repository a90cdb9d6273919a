// The moves command: the legal moves of a position, after optional moves, in SAN and coordinates.
package cli

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"chimera/engine/wxf"
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

--wxf writes the moves in WXF notation in place of SAN (C2=5, H8+7; files counted from
the right of the side to move), and reads --moves in it too (with . or = for a move
along the rank; SAN and coordinates still work), for a variant whose definition has a
wxf: key (xiangqi). The notation is Fairy-Stockfish's (its tools' NOTATION_XIANGQI_WXF).

` + hookErrorsHelp,
	examples: []string{
		"chimera moves chess",
		`chimera moves chess --moves "e2e4 e7e5 g1f3"`,
		`chimera moves chess --moves "1. f3 e5 2. g4 Qh4#"`,
		"chimera moves chess --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'",
		`chimera moves xiangqi --wxf --moves "C2.5 H8+7"`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		fen, setup := positionFlags(fs)
		moves := fs.StringP("moves", "m", "", "moves to play first (SAN or coordinate)")
		allowHooks := allowHookErrorsFlag(fs)
		useWXF := fs.Bool("wxf", false, "write and read moves in WXF notation (xiangqi)")
		return func(c *context, args []string) int {
			rs, args, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			p, code := c.position(rs, *fen, *setup)
			if code != exitOK {
				return code
			}
			var notation *wxf.Notation
			if *useWXF {
				n, err := wxf.New(rs)
				if err != nil {
					return c.usage("--wxf: %v", err)
				}
				notation = &n
			}
			var err error
			if notation != nil {
				err = playWXF(p, *notation, *moves)
			} else {
				err = gametext.PlayGame(p, *moves)
			}
			if err != nil {
				c.reportHooks(*allowHooks, p.HookFailures())
				return c.inputError(fmt.Errorf("--moves: %w", err))
			}
			printMoves(c, p, notation)
			return c.reportHooks(*allowHooks, p.HookFailures())
		}
	},
}

var moveNumberRE = regexp.MustCompile(`^[0-9]+\.*$`)

// playWXF plays moves in WXF notation (or SAN, or coordinates), move numbers skipped.
func playWXF(p *interpreter.Position, n wxf.Notation, moves string) error {
	for _, tok := range strings.Fields(moves) {
		if moveNumberRE.MatchString(tok) {
			continue
		}
		if r := p.Result(); r != interpreter.Ongoing {
			return fmt.Errorf("%s: the game is over (%s, %s)", tok, r.Score, r.Reason)
		}
		m, err := n.Parse(p, tok)
		if err != nil {
			var err2 error
			if m, err2 = p.ParseMove(tok); err2 != nil {
				return err
			}
		}
		p.Make(m)
	}
	return nil
}

func printMoves(c *context, p *interpreter.Position, notation *wxf.Notation) {
	type line struct{ san, coord string }
	var lines []line
	for _, m := range p.LegalMoves(nil) {
		text := ""
		if notation != nil {
			text = notation.Text(p, m)
		} else {
			text = p.SAN(m)
		}
		lines = append(lines, line{text, p.Coord(m)})
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
	if line := statusLine(p); line != "" {
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
