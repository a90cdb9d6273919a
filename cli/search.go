// The search command: the engine's best move in a position, one line per iteration.

package cli

import (
	stdcontext "context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/engine/protocol"
	"chimera/engine/search"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// Bounds of the search command's limits: about eleven days, and more nodes than a search
// visits in a year.
const (
	maxMoveTime = 1_000_000_000     // milliseconds
	maxNodes    = 1_000_000_000_000 // nodes
	// maxGames bounds the games of a selfplay, values or match run (and of a run's
	// records read by merge): their plans are built before the first game.
	maxGames = 1_000_000
)

var searchCommand = &command{
	name:    "search",
	args:    "VARIANT",
	summary: "search a position for the best move",
	details: `Sets up the position (the default setup, --setup NAME or --fen FEN), plays the
moves of --moves, then searches it: one line per completed iteration (depth, score,
nodes, nodes per second, time, principal variation in SAN), then "bestmove MOVE" in
coordinate notation. Scores are in centipawns for the side to move; "win in N" or
"loss in N" count moves to a decided end (checkmate, a goal reached).

Without a limit the search runs for 5 seconds. --depth, --movetime and --nodes
combine: the first reached stops it. With one thread a search to a fixed depth or
node count is deterministic.

` + hookErrorsHelp,
	examples: []string{
		"chimera search chess --depth 8",
		"chimera search myvariant.yaml --movetime 2000",
		`chimera search crazyhouse --moves "e4 d5 exd5 Qxd5" --nodes 200000`,
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionInputFlags(fs)
		moves := fs.StringP("moves", "m", "", "moves to play first (SAN or coordinate)")
		depth := fs.Int("depth", 0, "search to this depth (plies; 1 to 100)")
		movetime := fs.Int("movetime", 0, "search for this many milliseconds")
		nodes := fs.Int64("nodes", 0, "search at most this many nodes")
		hash := fs.Int("hash", 64, "transposition table size in MB (1 to 4096)")
		threads := fs.Int("threads", 1, "search threads (lazy SMP; 1 is deterministic at a fixed depth)")
		return func(c *context, args []string) int {
			if n := c.givenZero("depth", "movetime", "nodes"); n != "" {
				return c.usage("--%s 0 is a limit of nothing: give a positive number, or leave --%s out", n, n)
			}
			switch {
			case *depth < 0 || *depth > 100:
				return c.usage("--depth must be from 1 to 100, found %d", *depth)
			case *movetime < 0 || *movetime > maxMoveTime:
				return c.usage("--movetime must be from 1 to %d milliseconds, found %d", maxMoveTime, *movetime)
			case *nodes < 0 || *nodes > maxNodes:
				return c.usage("--nodes must be from 1 to %d, found %d", int64(maxNodes), *nodes)
			case *hash < 1 || *hash > 4096:
				return c.usage("--hash must be from 1 to 4096 MB, found %d", *hash)
			case *threads < 1 || *threads > protocol.MaxThreads:
				return c.usage("--threads must be from 1 to %d, found %d", protocol.MaxThreads, *threads)
			}
			rs, p, _, code := c.open(in, args)
			if code != exitOK {
				return code
			}
			if err := gametext.PlayGame(p, *moves); err != nil {
				c.reportHooks(*in.allowHooks, p.HookFailures())
				return c.inputError(fmt.Errorf("--moves: %w", err))
			}
			lim := search.Limits{Depth: *depth, Nodes: *nodes, MoveTime: time.Duration(*movetime) * time.Millisecond}
			if lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 {
				lim.MoveTime = 5 * time.Second
			}
			if r := p.Result(); r != interpreter.Ongoing {
				fmt.Fprintf(c.out, "The game is over: %s (%s)\n", r.Score, r.Reason)
				return c.reportHooks(*in.allowHooks, p.HookFailures())
			}
			e := search.New(rs, *hash)
			e.SetThreads(*threads)
			res := e.Search(stdcontext.Background(), p, lim, func(in search.Info) {
				secs := max(in.Time.Seconds(), 1e-3)
				fmt.Fprintf(c.out, "depth %2d  score %-12s  nodes %10d  nps %9.0f  time %6.2fs  pv %s\n",
					in.Depth, ScoreText(in.Score), in.Nodes, float64(in.Nodes)/secs, in.Time.Seconds(), sanLine(p, in.PV))
			})
			fmt.Fprintf(c.out, "bestmove %s\n", p.Coord(res.Best))
			return c.reportHooks(*in.allowHooks, p.HookFailures())
		}
	},
}

// ScoreText writes a score: centipawns, or "win in N" / "loss in N" (moves) when decided.
func ScoreText(s int) string { return search.ScoreText(s) }

// sanLine writes a line of moves from p in SAN (p is restored); the moves of a turn of
// several moves are joined as one turn (e5/Nc6).
func sanLine(p *interpreter.Position, pv []interpreter.Move) string {
	var out []string
	n := 0
	joined := false
	for _, m := range pv {
		if !p.IsLegal(m) {
			break
		}
		if text := p.SAN(m); joined && len(out) > 0 {
			out[len(out)-1] += gametext.TurnSeparator + text
		} else {
			out = append(out, text)
		}
		side := p.Side()
		p.Make(m)
		joined = p.Side() == side
		n++
	}
	for ; n > 0; n-- {
		p.Unmake()
	}
	return strings.Join(out, " ")
}
