// The perft command: leaf counts of the legal move tree, split per root move with --divide.
package cli

import (
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"chimera/engine/perft"
)

// Limits of the perft command's numbers: deeper trees could never be counted anyway, and
// each thread is a goroutine with its own copy of the position.
const (
	maxPerftDepth   = 40
	maxPerftThreads = 1024
)

var perftCommand = &command{
	name:    "perft",
	args:    "VARIANT DEPTH",
	summary: "count the leaf nodes of the legal move tree to DEPTH",
	details: `Counts every sequence of DEPTH legal moves from the position (the default setup,
--setup NAME or --fen FEN), with the root moves shared out among --threads goroutines.
With --divide, first prints one "move: count" line per root move (coordinate notation,
sorted) and a blank line. The output always ends with the time, the speed and a last
line "Nodes searched: N". DEPTH is 1 to 40; --threads is 1 to 1024 (more threads than
root moves are not started).

` + hookErrorsHelp,
	examples: []string{
		"chimera perft chess 5",
		"chimera perft chess 3 --divide",
		"chimera perft chess 4 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'",
		"chimera perft --def myvariant.yaml 4 --threads 1",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		fen, setup := positionFlags(fs)
		divide := fs.Bool("divide", false, "print the count under each root move")
		threads := fs.IntP("threads", "t", min(runtime.NumCPU(), maxPerftThreads), "goroutines sharing the root moves (1 to 1024)")
		allowHooks := allowHookErrorsFlag(fs)
		return func(c *context, args []string) int {
			if *threads < 1 || *threads > maxPerftThreads {
				return c.usage("--threads must be between 1 and %d, got %d", maxPerftThreads, *threads)
			}
			rs, args, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if len(args) == 0 {
				return c.usage("missing DEPTH")
			}
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 1 || depth > maxPerftDepth {
				return c.usage("DEPTH must be a whole number from 1 to %d, got %q", maxPerftDepth, args[0])
			}
			if code := c.noMoreArgs(args[1:]); code != exitOK {
				return code
			}
			p, code := c.position(rs, *fen, *setup)
			if code != exitOK {
				return code
			}
			start := time.Now()
			var nodes int64
			if *divide {
				entries := perft.Divide(p, depth, *threads)
				lines := make([]string, len(entries))
				for i, e := range entries {
					lines[i] = fmt.Sprintf("%s: %d", p.Coord(e.Move), e.Nodes)
					nodes += e.Nodes
				}
				sort.Strings(lines)
				for _, l := range lines {
					fmt.Fprintln(c.out, l)
				}
				fmt.Fprintln(c.out)
			} else {
				nodes = perft.ParallelPerft(p, depth, *threads)
			}
			elapsed := time.Since(start)
			fmt.Fprintf(c.out, "Time: %.3f s\n", elapsed.Seconds())
			fmt.Fprintf(c.out, "Nodes/s: %.0f\n", float64(nodes)/max(elapsed.Seconds(), 1e-9))
			fmt.Fprintf(c.out, "Nodes searched: %d\n", nodes)
			return c.reportHooks(*allowHooks, p.HookFailures())
		}
	},
}
