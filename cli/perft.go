// The perft command: leaf counts of the legal move tree, split per root move with --divide.

package cli

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"chimera/defs"
	"chimera/engine/perft"
	"chimera/engine/records"
	"chimera/interpreter"
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
--shard I/N counts only shard I of N of the root moves (sorted by their coordinates and
dealt in turn: the k-th goes to shard k mod N) and writes JSON lines, a header then one
line a root move; chimera merge adds the shards up to the unsharded count, checking
that every root move is counted once.
With --divide, first prints one "move: count" line per root move (coordinate notation,
sorted) and a blank line. The output always ends with the time, the speed and a last
line "Nodes searched: N". DEPTH is 1 to 40; --threads is 1 to 1024 (more threads than
root moves are not started).

A count that runs past two seconds shows its progress on standard error (root moves
done, nodes, nodes/s, an estimate of the time left): a bar redrawn in place on a
terminal, a line every few seconds otherwise; with --divide each root move's line is
also shown there as soon as that move is counted (the sorted list on standard output
still comes at the end). --quiet shows none of it.

Ctrl-C (or SIGTERM, or SIGHUP from a closed terminal) stops the count: the root moves
counted in full are printed as with --divide, then the time, the speed (of every node
counted) and a last line "Nodes searched (partial, K of N root moves): COUNT" (the sum
of those K moves), and the exit status is 128 and the signal's number (130 for Ctrl-C).

` + hookErrorsHelp,
	examples: []string{
		"chimera perft chess 5",
		"chimera perft chess 3 --divide",
		"chimera perft chess 4 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'",
		"chimera perft --def myvariant.yaml 4 --threads 1",
		"chimera perft chess 7 --shard 0/4 --out p0.jsonl   # then chimera merge p*.jsonl",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionInputFlags(fs)
		divide := fs.Bool("divide", false, "print the count under each root move")
		quiet := fs.Bool("quiet", false, "show no progress on standard error")
		threads := fs.IntP("threads", "t", min(runtime.NumCPU(), maxPerftThreads), "goroutines sharing the root moves (1 to 1024)")
		shardSpecFlag := fs.String("shard", "", "count shard I of N of the root moves (I/N, I from 0; the sorted root moves dealt in turn) and write JSON lines for chimera merge")
		out := fs.StringP("out", "o", "", "with --shard: write the JSON lines to this file (default: standard output)")
		return func(c *context, args []string) int {
			if *threads < 1 || *threads > maxPerftThreads {
				return c.usage("--threads must be between 1 and %d, got %d", maxPerftThreads, *threads)
			}
			rs, p, operands, code := c.open(in, args, "DEPTH")
			if code != exitOK {
				return code
			}
			depth, err := strconv.Atoi(operands[0])
			if err != nil || depth < 1 || depth > maxPerftDepth {
				return c.usage("DEPTH must be a whole number from 1 to %d, got %s", maxPerftDepth, defs.Quote(operands[0]))
			}
			sh := &shardFlag{spec: shardSpecFlag, out: out, resume: new(string)}
			shard, code := sh.parse(c)
			if code != exitOK {
				return code
			}
			if shard.n > 0 {
				if code := c.openOutputs(runInputs(*in.def, args, ""), namedPath{flag: "--out", path: *out}); code != exitOK {
					return code
				}
				name := rs.Name
				if *in.def != "" {
					name = *in.def
				}
				return perftShard(c, p, name, depth, shard, *out, *threads, *quiet, *in.allowHooks)
			}
			return perftRun(c, p, depth, *threads, *divide, *quiet, *in.allowHooks)
		}
	},
}

// perftRun counts, with progress on stderr, and prints the result; after Ctrl-C it prints
// the root moves counted in full and a partial total, and returns exitInterrupted.
func perftRun(c *context, p *interpreter.Position, depth, threads int, divide, quiet, allowHooks bool) int {
	start := time.Now()
	// Move names are written before the count: Coord works on p, which the workers'
	// reports must not touch while the count runs.
	moves := p.LegalMoves(nil)
	names := make(map[interpreter.Move]string, len(moves))
	for _, m := range moves {
		names[m] = p.Coord(m)
	}
	prog := newProgress(c, quiet, fmt.Sprintf("perft depth %d", depth), "root moves", len(moves), 0)
	ctx, release := signalContext()
	defer release()
	prog.begin()
	entries, err := perft.DivideContext(ctx, p, depth, threads, perft.Watch{
		OnDone: func(e perft.DivideEntry) {
			line := ""
			if divide {
				line = fmt.Sprintf("%s: %d", names[e.Move], e.Nodes)
			}
			prog.unitDone(e.Nodes, line)
			if afterUnit != nil {
				afterUnit()
			}
		},
		Nodes: &prog.nodes,
	})
	prog.end()
	interrupted := err != nil
	var nodes int64
	if divide || interrupted {
		lines := make([]string, len(entries))
		for i, e := range entries {
			lines[i] = fmt.Sprintf("%s: %d", names[e.Move], e.Nodes)
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(c.out, l)
		}
		fmt.Fprintln(c.out)
	}
	for _, e := range entries {
		nodes += e.Nodes
	}
	elapsed := time.Since(start)
	speed := nodes
	if interrupted {
		speed = prog.nodes.Load() // the unfinished root moves' nodes were counted too
	}
	fmt.Fprintf(c.out, "Time: %.3f s\n", elapsed.Seconds())
	fmt.Fprintf(c.out, "Nodes/s: %.0f\n", float64(speed)/max(elapsed.Seconds(), 1e-9))
	if interrupted {
		fmt.Fprintf(c.out, "Nodes searched (partial, %d of %d root moves): %d\n", len(entries), len(moves), nodes)
		fmt.Fprintf(c.err, "chimera perft: interrupted; %d of %d root moves counted in full\n", len(entries), len(moves))
		return interruptedStatus(ctx)
	}
	fmt.Fprintf(c.out, "Nodes searched: %d\n", nodes)
	return c.reportHooks(allowHooks, p.HookFailures())
}

// perftShard counts shard sh of the root moves and writes the JSON lines.
func perftShard(c *context, p *interpreter.Position, variant string, depth int, sh shardSpec, out string, threads int, quiet, allowHooks bool) int {
	moves := p.LegalMoves(nil)
	names := make(map[interpreter.Move]string, len(moves))
	sorted := make([]string, 0, len(moves))
	for _, m := range moves {
		names[m] = p.Coord(m)
		sorted = append(sorted, names[m])
	}
	sort.Strings(sorted)
	mine := map[string]bool{}
	for k, n := range sorted {
		if k%sh.n == sh.i {
			mine[n] = true
		}
	}
	prog := newProgress(c, quiet, fmt.Sprintf("perft depth %d, shard %s", depth, sh), "root moves", len(mine), 0)
	ctx, release := signalContext()
	defer release()
	prog.begin()
	entries, err := perft.DivideContext(ctx, p, depth, threads, perft.Watch{
		OnDone: func(e perft.DivideEntry) { prog.unitDone(e.Nodes, "") },
		Nodes:  &prog.nodes,
		Only:   func(m interpreter.Move) bool { return mine[names[m]] },
	})
	prog.end()
	h := perft.Header{Chimera: "perft", Variant: variant, FEN: p.FEN(), Depth: depth, RootMoves: len(moves), Shard: sh.String()}
	if err != nil {
		h.Partial = fmt.Sprintf("interrupted after %d of %d root moves", len(entries), len(mine))
	}
	recs := make([]perft.Record, len(entries))
	for i, e := range entries {
		recs[i] = perft.Record{Move: names[e.Move], Nodes: e.Nodes}
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Move < recs[j].Move })
	code := c.writeOut(out, func(w io.Writer) error { return records.Write(w, h, recs) })
	if err != nil {
		fmt.Fprintf(c.err, "chimera perft: interrupted; %d of %d root moves of the shard counted in full (written)\n", len(entries), len(mine))
		return max(code, interruptedStatus(ctx))
	}
	if code != exitOK {
		return code
	}
	return c.reportHooks(allowHooks, p.HookFailures())
}
