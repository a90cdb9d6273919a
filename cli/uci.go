// The uci command: the Universal Chess Interface with Fairy-Stockfish's variant extensions, spoken by package engine/uci on standard input and output.

package cli

import (
	"github.com/spf13/pflag"

	"chimera/engine/protocol"
	"chimera/engine/uci"
)

var uciCommand = &command{
	name:    "uci",
	args:    "",
	summary: "run as a UCI engine (with Fairy-Stockfish's variant options)",
	details: `Speaks the Universal Chess Interface on standard input and output, as GUIs and
match programs expect, with the extensions of Fairy-Stockfish so that programs written
for it drive Chimera unchanged:

  setoption name UCI_Variant value NAME   a built-in (name or alias) or loaded variant
  setoption name VariantPath value FILES  load definition files (separated by ';'); a
                                          Fairy-Stockfish variants.ini (.ini) loads
                                          every section it can import, and names
                                          each one it cannot with why
  setoption name UCI_Chess960 value true  Chess960 castling notation in chess
  go perft N                              per-move counts and "Nodes searched: N"

Moves are in coordinate notation (e2e4, e7e8q, drops P@e4, exchanges B-N@g7). On a
variant change the engine says "info string variant NAME files W ranks H pocket N
template fairy startpos FEN". A line it cannot carry out gets "info string" with the
reason, and the engine goes on.

As in Fairy-Stockfish, setoption name Protocol value usi|ucci switches to the Universal
Shogi Interface or the Universal Chinese Chess Protocol (as "chimera usi" and "chimera
ucci" speak them), and the command usi or ucci switches to it with its own game.

go perft N runs in the background, as a search does: isready is answered at once, and
stop ends the count early with the root moves counted in full and "Nodes searched
(partial, K of N root moves): TOTAL". quit or the end of the input lets the count finish
(as Stockfish, which counts before reading on): send stop first to end it early.

After a position line that is refused (a bad FEN, an illegal move), go answers
"bestmove (none)" with the reason in an info string until a position is accepted.

` + lineBoundHelp(`"info string error: line too long (...)"`),
	examples: []string{
		"chimera uci",
		`printf 'uci\nsetoption name UCI_Variant value crazyhouse\nposition startpos moves e2e4\ngo depth 6\nquit\n' | chimera uci`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			uci.New(c.out, uci.UCI, protocol.Config{}).Run(c.in)
			return exitOK
		}
	},
}

// lineBoundHelp states the protocols' bound on an input line in a command's help, with
// form, the error line.
func lineBoundHelp(form string) string {
	return "An input line may be up to 1 MiB (1,048,576 bytes) long, its ending not counted; a longer one is skipped with " + form + ", and the engine goes on with the next."
}
