// The usi and ucci commands: the Universal Shogi Interface and the Universal Chinese Chess Protocol, spoken by the UCI session of package engine/uci.

package cli

import (
	"github.com/spf13/pflag"

	"chimera/engine/protocol"
	"chimera/engine/uci"
)

var usiCommand = &command{
	name:    "usi",
	args:    "",
	summary: "run as a USI engine (the Universal Shogi Interface)",
	details: `Speaks the Universal Shogi Interface on standard input and output, as USI GUIs
expect: usi, isready, usinewgame, position startpos|sfen SFEN [moves ...], go (btime,
wtime, byoyomi, binc, winc, depth, nodes, movetime, infinite, perft N), stop,
ponderhit, gameover, quit. The variant is USI's own game (the built-in whose
definition says usi: {default: true}) unless setoption name USI_Variant (or
UCI_Variant) value NAME picks another built-in.

Positions are SFEN (b, the side that moves first, is White in Chimera's FEN) and
moves USI's (7g7f, 7g7f+, P*5e); "bestmove resign" when the side to move has no
move, and "info string" with the reason for a line the engine cannot carry out.
Everything else is Chimera's UCI engine, as "chimera uci" describes it.

The dialect can change on the way, as in Fairy-Stockfish: the command uci, usi or
ucci switches to that protocol and its own game; setoption name Protocol value
uci|usi|ucci switches the protocol alone.

` + lineBoundHelp(`"info string error: line too long (...)"`),
	examples: []string{
		"chimera usi",
		`printf 'usi\nposition startpos moves 7g7f 3c3d\ngo byoyomi 1000\nquit\n' | chimera usi`,
	},
	setup: protocolSetup(uci.USI),
}

var ucciCommand = &command{
	name:    "ucci",
	args:    "",
	summary: "run as a UCCI engine (the Universal Chinese Chess Protocol)",
	details: `Speaks the Universal Chinese Chess Protocol on standard input and output, as
xiangqi GUIs expect: ucci, isready, setoption NAME [VALUE], position startpos|fen FEN
[moves ...], banmoves MOVE..., go [ponder|draw] (depth, nodes, time, movestogo,
increment, opptime, oppmovestogo, oppincrement), ponderhit, stop, probe, quit.
The variant is UCCI's own game (the built-in whose definition says ucci: {default:
true}) unless setoption UCI_Variant NAME picks another built-in.

On a board of 10 ranks, squares count ranks from 0 (a0 to i9; Chimera's h3e3 is
h2e2), as UCCI and Fairy-Stockfish's UCCI mode write them; other boards keep
Chimera's squares. Times are in milliseconds (option usemillisec, default true;
setoption usemillisec false makes them seconds). banmoves excludes moves from the
next search, until the next position. The engine answers "nobestmove" when it has
no move (or all its moves are banned, or stop comes while it is idle), "pophash"
to probe (it keeps nothing for the GUI to read), "bye" to quit, and "info message"
with the reason for a line it cannot carry out.

The dialect can change on the way, as in Fairy-Stockfish: the command uci, usi or
ucci switches to that protocol and its own game; setoption Protocol uci|usi|ucci
switches the protocol alone.

` + lineBoundHelp(`"info message error: line too long (...)"`),
	examples: []string{
		"chimera ucci",
		`printf 'ucci\nposition startpos moves h2e2 h9g7\ngo time 10000 increment 100\nquit\n' | chimera ucci`,
	},
	setup: protocolSetup(uci.UCCI),
}

// protocolSetup runs a session in dialect d on the command's input and output.
func protocolSetup(d uci.Dialect) func(fs *pflag.FlagSet) func(c *context, args []string) int {
	return func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			uci.New(c.out, d, protocol.Config{}).Run(c.in)
			return exitOK
		}
	}
}
