// The seats command: games of seats (four-player chess) with the engine in one seat and
// random, greedy or engine players in the others, reported and recorded (engine/seats).

package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/engine/match"
	"chimera/engine/seats"
	"chimera/interpreter"
)

var seatsCommand = &command{
	name:    "seats",
	seats:   true,
	args:    "VARIANT",
	summary: "play games of seats: the engine in one seat, random, greedy or engine players in the others",
	details: `Plays --games games of a game of seats (a variant with seats:, as fourplayer and
fourplayer-ffa) from its setup: the engine in one seat, rotating over the seats game by
game (Red in the first game, then Blue, ...), and --opponent in every other seat: random
(a legal move drawn at random), greedy (it takes the most valuable man it can, a royal
man first, else plays at random), engine, or cmd: an engine program that speaks the seats
protocol (docs/seats-protocol.md; chimera seat-engine does), started by --cmd (a command
line, split as a shell splits it) once for each of those seats and told the variant's name (or the
definition's path) and "go" with --nodes (or --depth) a move. An engine that fails (no
answer within --wait, an illegal move, an exit) ends the run with its reason, exit 1. The engine is a paranoid alpha-beta search
(its team maximises, every other seat minimises), deepened by iteration within --nodes
a move (default 2000), or --depth seats' moves, then captures; it counts the men's worth
from the evaluation of two-sided games, where each seat's men stand in its frame, and
the points where the rules score them.

A game stops after --max-moves moves (every seat's counting one), decided then by points
where the rules score them, else a draw. The report gives the engine's wins, draws and
losses (a win is its team's) and its score (a draw a half), and how the games ended.
--pgn4 FILE writes the games as PGN4-like records (docs/fourplayer-rules.md, Records),
each of which replays to its result; the games are the same for the same --seed.`,
	examples: []string{
		"chimera seats fourplayer-ffa --games 100 --opponent random",
		"chimera seats fourplayer --games 20 --opponent greedy --nodes 5000 --pgn4 games.pgn4",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		n := fs.IntP("games", "n", 10, "number of games")
		opponent := fs.String("opponent", "random", "the other seats' player: random, greedy, engine or cmd (an engine program, --cmd)")
		cmdLine := fs.String("cmd", "", "with --opponent cmd: the engine program's command line (the seats protocol)")
		wait := fs.Duration("wait", 30*time.Second, "with --opponent cmd: the longest wait for an engine's answer")
		nodes := fs.Int64("nodes", 0, "search at most this many nodes a move (default 2000 when no depth is given)")
		depth := fs.Int("depth", 0, "search this many seats' moves deep (then captures)")
		maxMoves := fs.Int("max-moves", 400, "stop a game after this many moves (all seats')")
		seed := fs.Uint64("seed", 1, "seed of the random and greedy players")
		pgn4 := fs.String("pgn4", "", "write the games to this file as PGN4-like records")
		quiet := fs.BoolP("quiet", "q", false, "no line a game on standard error")
		return func(c *context, args []string) int {
			rs, rest, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if code := c.noMoreArgs(rest); code != exitOK {
				return code
			}
			if rs.Seats == nil {
				return c.usage("%s is played by two sides: use chimera selfplay or match", rs.Name)
			}
			switch {
			case *n < 1 || *n > 100000:
				return c.usage("--games must be from 1 to 100000, got %d", *n)
			case *nodes < 0 || *depth < 0 || *depth > 20:
				return c.usage("--nodes must not be negative and --depth must be from 0 to 20")
			case *maxMoves < 1 || *maxMoves > 100000:
				return c.usage("--max-moves must be from 1 to 100000, got %d", *maxMoves)
			case *opponent != "random" && *opponent != "greedy" && *opponent != "engine" && *opponent != "cmd":
				return c.usage("--opponent must be random, greedy, engine or cmd, got %q", *opponent)
			case (*opponent == "cmd") != (strings.TrimSpace(*cmdLine) != ""):
				return c.usage("--cmd gives the engine program of --opponent cmd: give both or neither")
			case *wait <= 0:
				return c.usage("--wait must be positive, got %v", *wait)
			}
			lim := seats.Limits{Nodes: *nodes, Depth: *depth}
			if lim.Nodes == 0 && lim.Depth == 0 {
				lim.Nodes = 2000
			}
			sr := rs.Seats
			var out *os.File
			if *pgn4 != "" {
				f, err := os.Create(*pgn4)
				if err != nil {
					return c.inputError(err)
				}
				defer f.Close()
				out = f
			}
			var external []*match.SeatsEngine // by seat, with --opponent cmd
			defer func() {
				for _, e := range external {
					if e != nil {
						e.Close()
					}
				}
			}()
			if *opponent == "cmd" {
				goArgs := fmt.Sprintf("nodes %d", lim.Nodes)
				if lim.Depth > 0 {
					goArgs = fmt.Sprintf("depth %d", lim.Depth)
				}
				variant := rs.Name // a built-in's name, else the definition's path
				if *def != "" {
					variant = *def
				} else if len(args) > 0 && !namesVariant(args[0]) {
					variant = args[0]
				}
				argv, err := match.SplitCommand(*cmdLine)
				if err != nil {
					return c.usage("--cmd: %v", err)
				}
				external = make([]*match.SeatsEngine, sr.Seats())
				for k := range external {
					e, err := match.StartSeatsEngine(argv, variant, goArgs, *wait)
					if err != nil {
						fmt.Fprintf(c.err, "chimera %s: %v\n", c.cmd.name, err)
						return exitFail
					}
					external[k] = e
				}
			}
			start := time.Now()
			var wins, draws, losses int
			reasons := map[string]int{}
			for i := range *n {
				t, err := interpreter.StartTable(rs, "")
				if err != nil {
					return c.inputError(err)
				}
				seat := sr.Order(i % sr.Seats())
				r := rand.New(rand.NewPCG(*seed, uint64(i)))
				players := make([]seats.Player, sr.Seats())
				for k := range players {
					switch {
					case k == seat || *opponent == "engine":
						players[k] = &seats.Engine{S: seats.NewSearcher(rs), Lim: lim}
					case *opponent == "cmd":
						players[k] = external[k]
					case *opponent == "greedy":
						players[k] = seats.Greedy{R: r, S: seats.NewSearcher(rs)}
					default:
						players[k] = seats.Random{R: r}
					}
				}
				g, err := seats.Play(t, players, *maxMoves)
				if err != nil { // an engine program that failed
					fmt.Fprintf(c.err, "chimera %s: game %d: %v\n", c.cmd.name, i+1, err)
					return exitFail
				}
				result := "draw"
				switch {
				case g.Winner < 0:
					draws++
				case g.Winner == sr.Team(seat):
					wins++
					result = "won"
				default:
					losses++
					result = "lost"
				}
				reasons[g.Reason]++
				if !*quiet {
					fmt.Fprintf(c.err, "game %d: engine %s, %s in %d moves (%s)\n", i+1, sr.Name(seat), result, len(g.Moves), g.Reason)
				}
				if out != nil {
					rec := seats.Record(rs, g, map[string]string{"Event": "chimera seats", "Round": fmt.Sprint(i + 1)})
					if _, err := fmt.Fprintln(out, rec); err != nil {
						return c.inputError(err)
					}
				}
			}
			others := *opponent
			if len(external) > 0 {
				others = external[0].Name() + " (seats protocol)"
			}
			fmt.Fprintf(c.out, "%s: %d games, the engine (%s) against %s players, a seat each game in turn\n", rs.Name, *n, (&seats.Engine{Lim: lim}).Name(), others)
			fmt.Fprintf(c.out, "Engine: %d wins, %d draws, %d losses: score %.1f / %d (%.1f %%)\n", wins, draws, losses, float64(wins)+float64(draws)/2, *n, 100*(float64(wins)+float64(draws)/2)/float64(*n))
			var rs2 []string
			for r, k := range reasons {
				rs2 = append(rs2, fmt.Sprintf("%s %d", r, k))
			}
			sort.Strings(rs2)
			fmt.Fprintf(c.out, "Ended: %s\n", strings.Join(rs2, ", "))
			fmt.Fprintf(c.out, "Time: %.1f s\n", time.Since(start).Seconds())
			return exitOK
		}
	},
}
