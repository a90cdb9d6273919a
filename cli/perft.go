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
	"chimera/interpreter/gametext"
)

// Limits of the perft command's numbers: deeper trees could never be counted anyway, and
// each thread is a goroutine with its own copy of the position.
const (
	maxPerftDepth   = 40
	maxPerftThreads = 1024
)

var perftCommand = &command{
	name:    "perft",
	seats:   true,
	args:    "VARIANT DEPTH",
	summary: "count the leaf nodes of the legal move tree to DEPTH",
	details: `Counts every sequence of DEPTH legal moves from the position (the default setup,
--setup NAME or --fen FEN, then the moves of --moves, in SAN or coordinates), with the root moves shared out among --threads goroutines.
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
		`chimera perft chess 4 --moves "e4 e5 Nf3"`,
		"chimera perft chess 7 --shard 0/4 --out p0.jsonl   # then chimera merge p*.jsonl",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		in := positionInputFlags(fs)
		moves := fs.StringP("moves", "m", "", "moves to play first (SAN or coordinate), then count from the position they reach")
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
			if rs.Seats != nil {
				// A game of seats: a node is one seat's move, counted on one thread.
				if *shardSpecFlag != "" || *out != "" {
					return c.usage("%s is a game of seats: its perft is counted whole (leave out --shard and --out)", rs.Name)
				}
				t, err := openTable(rs, *in.fen, *in.setup, *moves)
				if err != nil {
					return c.inputError(err)
				}
				return seatsPerft(c, t, depth, *divide)
			}
			if err := gametext.PlayGame(p, *moves); err != nil {
				c.reportHooks(*in.allowHooks, p.HookFailures())
				return c.inputError(fmt.Errorf("--moves: %w", err))
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

// rootCount is a perft count by root moves, as perftRun and perftShard make it.
type rootCount struct {
	moves   []interpreter.Move
	names   map[interpreter.Move]string // each root move in coordinates
	entries []perft.DivideEntry         // the root moves counted in full
	nodes   int64                       // every node counted, the unfinished root moves' too
	stopped int                         // the exit status a stop signal gives, 0 when none came
}

// countRoots counts to depth, on threads goroutines, the root moves of p whose name in
// coordinates only keeps (every one when only is nil), with progress on standard error
// under title; line, if not nil, is the progress line of a root move counted in full. A
// stop signal (Ctrl-C, SIGTERM, SIGHUP) ends the count with the root moves finished.
func countRoots(c *context, p *interpreter.Position, depth, threads int, quiet bool, title string, only func(name string) bool, line func(name string, nodes int64) string) rootCount {
	// Move names are written before the count: Coord works on p, which the workers'
	// reports must not touch while the count runs.
	rc := rootCount{moves: p.LegalMoves(nil)}
	rc.names = make(map[interpreter.Move]string, len(rc.moves))
	total := 0
	for _, m := range rc.moves {
		rc.names[m] = p.Coord(m)
		if only == nil || only(rc.names[m]) {
			total++
		}
	}
	w := perft.Watch{}
	if only != nil {
		w.Only = func(m interpreter.Move) bool { return only(rc.names[m]) }
	}
	prog := newProgress(c, quiet, title, "root moves", total, 0)
	w.Nodes = &prog.nodes
	w.OnDone = func(e perft.DivideEntry) {
		l := ""
		if line != nil {
			l = line(rc.names[e.Move], e.Nodes)
		}
		prog.unitDone(e.Nodes, l)
		if afterUnit != nil {
			afterUnit()
		}
	}
	ctx, release := signalContext()
	defer release()
	prog.begin()
	entries, err := perft.DivideContext(ctx, p, depth, threads, w)
	prog.end()
	rc.entries, rc.nodes = entries, prog.nodes.Load()
	if err != nil {
		rc.stopped = interruptedStatus(ctx)
	}
	return rc
}

// perftRun counts, with progress on stderr, and prints the result; after Ctrl-C it prints
// the root moves counted in full and a partial total, and returns exitInterrupted.
func perftRun(c *context, p *interpreter.Position, depth, threads int, divide, quiet, allowHooks bool) int {
	start := time.Now()
	var line func(string, int64) string
	if divide {
		line = func(name string, nodes int64) string { return fmt.Sprintf("%s: %d", name, nodes) }
	}
	rc := countRoots(c, p, depth, threads, quiet, fmt.Sprintf("perft depth %d", depth), nil, line)
	interrupted := rc.stopped != 0
	var nodes int64
	if divide || interrupted {
		lines := make([]string, len(rc.entries))
		for i, e := range rc.entries {
			lines[i] = fmt.Sprintf("%s: %d", rc.names[e.Move], e.Nodes)
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Fprintln(c.out, l)
		}
		fmt.Fprintln(c.out)
	}
	for _, e := range rc.entries {
		nodes += e.Nodes
	}
	elapsed := time.Since(start)
	speed := nodes
	if interrupted {
		speed = rc.nodes // the unfinished root moves' nodes were counted too
	}
	fmt.Fprintf(c.out, "Time: %.3f s\n", elapsed.Seconds())
	fmt.Fprintf(c.out, "Nodes/s: %.0f\n", float64(speed)/max(elapsed.Seconds(), 1e-9))
	if interrupted {
		fmt.Fprintf(c.out, "Nodes searched (partial, %d of %d root moves): %d\n", len(rc.entries), len(rc.moves), nodes)
		fmt.Fprintf(c.err, "chimera perft: interrupted; %d of %d root moves counted in full\n", len(rc.entries), len(rc.moves))
		return rc.stopped
	}
	fmt.Fprintf(c.out, "Nodes searched: %d\n", nodes)
	return c.reportHooks(allowHooks, p.HookFailures())
}

// perftShard counts shard sh of the root moves (sorted by their coordinates and dealt in
// turn) and writes the JSON lines.
func perftShard(c *context, p *interpreter.Position, variant string, depth int, sh shardSpec, out string, threads int, quiet, allowHooks bool) int {
	var sorted []string
	for _, m := range p.LegalMoves(nil) {
		sorted = append(sorted, p.Coord(m))
	}
	sort.Strings(sorted)
	mine := map[string]bool{}
	for k, n := range sorted {
		if k%sh.n == sh.i {
			mine[n] = true
		}
	}
	rc := countRoots(c, p, depth, threads, quiet, fmt.Sprintf("perft depth %d, shard %s", depth, sh), func(name string) bool { return mine[name] }, nil)
	h := perft.Header{Chimera: "perft", Variant: variant, FEN: p.FEN(), Depth: depth, RootMoves: len(rc.moves), Shard: sh.String()}
	if rc.stopped != 0 {
		h.Partial = fmt.Sprintf("interrupted after %d of %d root moves", len(rc.entries), len(mine))
	}
	recs := make([]perft.Record, len(rc.entries))
	for i, e := range rc.entries {
		recs[i] = perft.Record{Move: rc.names[e.Move], Nodes: e.Nodes}
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Move < recs[j].Move })
	code := c.writeOut(out, func(w io.Writer) error { return records.Write(w, h, recs) })
	if rc.stopped != 0 {
		fmt.Fprintf(c.err, "chimera perft: interrupted; %d of %d root moves of the shard counted in full (written)\n", len(rc.entries), len(mine))
		return max(code, rc.stopped)
	}
	if code != exitOK {
		return code
	}
	return c.reportHooks(allowHooks, p.HookFailures())
}
