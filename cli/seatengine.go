// The seat-engine command: the engine of games of seats, speaking the seats protocol
// (engine/seats, docs/seats-protocol.md) on standard input and output.

package cli

import (
	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/engine/seats"
	"chimera/interpreter"
)

var seatEngineCommand = &command{
	name:    "seat-engine",
	seats:   true,
	args:    "[VARIANT]",
	summary: "run as an engine of games of seats (the seats protocol, a line protocol like UCI)",
	details: `Speaks the seats protocol on standard input and output (docs/seats-protocol.md): a
referee (chimera seats --opponent cmd, or a program of its own) asks for the move of the
seat to move in a game of seats, which no UCI or XBoard variant says. The commands:

  seats                          answered by "id name ...", then "seatsok"
  isready                        answered by "readyok"
  variant NAME                   a built-in game of seats (fourplayer, fourplayer-ffa) or a definition's path
  newgame                        forget the last game
  position startpos [moves M...] the setup, then moves (h2h4, or with the seat's letter: r:h2h4)
  position fen FEN [moves M...]  a position in the notation of docs/fourplayer-rules.md (one word)
  go [nodes N] [depth D] [movetime MS]
                                 answered by "info depth D nodes N score S", then
                                 "bestmove x:MOVE" (the seat's letter, the move)
  quit

The search is the paranoid search of chimera seats (2000 nodes when no limit is given).
A line the engine cannot follow is answered by "error COMMAND: why", and it goes on.

` + lineBoundHelp(`"error: line too long (...)"`),
	examples: []string{
		"chimera seat-engine",
		`printf 'seats\nvariant fourplayer-ffa\nposition startpos moves h2h4\ngo nodes 500\nquit\n' | chimera seat-engine`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		return func(c *context, args []string) int {
			srv := &seats.Server{Open: openSeats, Name: "chimera " + Version}
			if *def != "" || len(args) > 0 {
				rs, rest, code := c.variant(*def, args)
				if code != exitOK {
					return code
				}
				if code := c.noMoreArgs(rest); code != exitOK {
					return code
				}
				if rs.Seats == nil {
					return c.usage("%s is played by two sides: use chimera uci or xboard", rs.Name)
				}
				srv.Variant = rs
			}
			if err := srv.Serve(c.in, c.out); err != nil {
				return c.inputError(err)
			}
			return exitOK
		}
	},
}

// openSeats opens a variant for the seats protocol: a built-in's name or a path.
func openSeats(name string) (*compiler.Ruleset, error) { return interpreter.Open(name) }
