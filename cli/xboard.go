// The xboard command: the engine side of the XBoard/WinBoard protocol (CECP version 2), spoken by package engine/xboard on standard input and output.

package cli

import (
	"github.com/spf13/pflag"

	"chimera/engine/protocol"
	"chimera/engine/xboard"
)

var xboardCommand = &command{
	name:    "xboard",
	args:    "",
	summary: "run as an XBoard/WinBoard engine (CECP version 2, engine-defined variants)",
	details: `Speaks the XBoard/WinBoard protocol (CECP version 2) on standard input and
output, for XBoard, WinBoard, Cute Chess and other programs that drive engines that way.
Start it from the GUI as the engine command "chimera xboard".

Every built-in variant is offered: under XBoard's own name where XBoard has the same
game (chess as normal, chess960 as fischerandom, crazyhouse, xiangqi, capablanca,
courier, knightmate, nocastle), otherwise under Chimera's name. For a variant XBoard
does not know, the engine answers "variant NAME" with "setup (PIECETOCHAR) WxH+S_fairy
FEN" so that XBoard sets up the board, the pieces and the holdings, and it answers
"lift SQUARE" with "highlight" so that XBoard marks where the lifted piece may go (Y),
where it captures (R) and where it promotes (M). Courier starts from XBoard's array
(pawns on the second rank, no opening moves played), as XBoard plays it.

Moves are read and written in coordinate notation as XBoard does: e2e4, e7e8q, P@e4,
castling as the king's move (O-O and O-O-O in fischerandom), a capture in passing as
legs (a1a5,a5a6); exchanges as Chimera writes them (B-N@g7). On boards of exactly 10
ranks the ranks count from 0, as in XBoard. Commands: new, variant, force, go, usermove,
?, ping, setboard, undo, remove, result, time, otim, level, st, sd, cores, memory,
post, nopost, analyze, exit, lift, quit; hard, easy, random, computer, name, rating,
draw, accepted, rejected, put and hover are accepted and ignored. Anything else gets
"Error (unknown command): LINE", an illegal move "Illegal move: MOVE", a bad position
"tellusererror Illegal position: REASON", and the engine goes on.

A number that is not of the command's form (text, a fraction for a count, zero or less
for a count or a time) gets "Error (bad argument): LINE"; one out of the engine's range
gets "Error (bad value): LINE" (st from 0.001 to 1000000 seconds; level: at most 10000
moves, MIN below 1000000, SEC below 60, INC at most 1000000 seconds, not BASE and INC
both 0), and the setting stays as it was. Where the protocol makes a number a limit or
a fact, the engine takes it and says what it does in a comment line ("# ..."): cores
above 64 search with 64 threads, memory above 4096 makes a 4096 MB table, sd above 100
searches 100 plies at most, and a clock (time, otim) below zero counts as zero.

` + lineBoundHelp(`"Error (line too long): START"`),
	examples: []string{
		"chimera xboard",
		"xboard -fcp 'chimera xboard'",
		`printf 'xboard\nprotover 2\nvariant capablanca\nnew\nsd 4\nusermove e2e4\nping 1\n' | chimera xboard`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			xboard.New(c.out, protocol.Config{}).Run(c.in)
			return exitOK
		}
	},
}
