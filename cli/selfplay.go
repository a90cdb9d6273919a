// The selfplay command: engine-against-engine games and a designer's report on them.

package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/records"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

var selfplayCommand = &command{
	name:    "selfplay",
	args:    "VARIANT",
	summary: "play the engine against itself and report on the variant's balance",
	details: `Plays N games of the engine against itself on J workers (one engine each) and reports
what a designer asks of them: White's, Black's and the draw rate with 95 % confidence
intervals (Wilson), the first-move advantage in Elo with its 95 % margin (from White's
score, with the trinomial variance of wins, draws and losses), the average and spread
of game length, how games ended (checkmate, a goal by name, stalemate, repetition, the
fifty-move rule, the move cap, adjudicated as a draw), the most common first moves with
White's score after them, how often each piece type moved, and warnings when something
looks broken: a side never wins, most games hit the move cap, a piece never moves.

Games start from the setup (--setup; a shuffled setup draws an arrangement per pair of
games from --seed), from the openings of --openings FILE (one a line: a FEN or EPD, or
moves from the setup in SAN or coordinates; # starts a comment; or a PGN file, its [FEN]
tags and moves; the two games of a pair share an opening, cycling through the file), or
after --random-plies K random legal moves (drawn per pair from --seed and the pair's
number, never ending the game). Both sides are the same engine, so the two games
of a pair (the colours alternated over one opening) differ only by their jitter: with
--nodes, each move's node budget varies by
up to --jitter per cent either way, drawn from the game's own seed, so that games from
one position differ while every game stays reproducible: with --nodes (or --depth) the
games, and so the report, are the same on any number of --jobs and any machine. With
--movetime they depend on the machine's speed. From one position the engine tends to
repeat itself even so; the report counts the distinct games and warns when too few
differ, since its intervals count games as independent. For a balance study,
--random-plies 2 is a good start.

Budget: --nodes N (default 3000 when no limit is given), --movetime MS or --depth D per
move; the first reached stops a search. Each game stops at --max-plies, a draw. Under
fog of war (a variant with fog:) each side plays from its own view with the fog player,
the budget shared among the positions it samples (docs/fog-rules.md).

Output: the report as text, or --json; --html FILE writes it as a page with inline SVG
charts (results over game length, outcome by reason); --pgn FILE writes the games with
[Variant], [FEN], [Result] and [Termination] tags. A progress line on standard error
shows games done, White wins/draws/Black wins so far and the time left (updated in place
on a terminal, one line every few seconds otherwise); -q silences it.

Boards played apart by partners (board.apart, as bughouse): a run plays matches of four,
one engine a seat; of the two seats to move, the one whose clock has used least moves next
(a move's time is its node count under --nodes or --depth, its time under --movetime), and
a seat without a legal move waits. With --team2 random, team 2's seats (Black on A, White
on B) play legal moves drawn at random: the engine's measure against a random team. The
report gives each team's wins; --pgn writes each
match as one game per board with a [Board] tag and a [Match] tag holding the moves of both
boards in the order played (A:e2e4 B:P@f7 ...), from which the match replays.

Past one machine: --shard I/N plays only pairs of games k with k mod N = I and writes
the games as JSON lines (a header line, then one line a game) to standard output or
--out FILE instead of a report; chimera merge combines the shards' files into the report
the whole run would have given (exactly, with --nodes or --depth). For example as a Slurm
array job: "#SBATCH --array=0-15" then "chimera selfplay chess -n 1600 --nodes 5000
--jobs 1 --shard $SLURM_ARRAY_TASK_ID/16 --out chess-$SLURM_ARRAY_TASK_ID.jsonl", and
"chimera merge chess-*.jsonl" when all are done. GNU parallel over ssh does the same
with "parallel -S host1,host2 --return s{}.jsonl chimera selfplay ... --shard {}/16 --out s{}.jsonl
::: $(seq 0 15)".

` + interruptHelp + hookErrorsHelp,
	examples: []string{
		"chimera selfplay myvariant.yaml -n 200 --nodes 3000 --random-plies 2",
		"chimera selfplay --def myvariant.yaml -n 400 --movetime 50 --jobs 4 --pgn my.pgn --html my.html",
		"chimera selfplay chess -n 100 --random-plies 4 --seed 7 --json > report.json",
		"chimera selfplay chess -n 1000 --shard 2/8 --out chess-2.jsonl",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		setup := fs.String("setup", "", "start from this named setup (default: the first)")
		n := fs.IntP("games", "n", 100, "number of games")
		b := budgetFlags(fs)
		pgn := fs.String("pgn", "", "write the games to this PGN file")
		openings := fs.String("openings", "", "start from the openings of this file: a FEN, EPD or moves from the setup a line, or PGN")
		random := fs.Int("random-plies", 0, "start each pair of games with this many random legal plies")
		asJSON := fs.Bool("json", false, "write the report as JSON")
		html := fs.String("html", "", "write the report as an HTML page with SVG charts to this file")
		team2 := fs.String("team2", "engine", "boards played apart: who plays team 2's seats, engine or random (legal moves drawn at random)")
		sh := shardFlags(fs)
		return func(c *context, args []string) int {
			rs, rest, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if code := c.noMoreArgs(rest); code != exitOK {
				return code
			}
			if *n < 1 || *n > maxGames {
				return c.usage("-n must be from 1 to %d, found %d", maxGames, *n)
			}
			if *openings != "" && *random > 0 {
				return c.usage("give --openings or --random-plies, not both")
			}
			opt, code := b.options(c, *random)
			if code != exitOK {
				return code
			}
			shard, code := sh.parse(c)
			if code != exitOK {
				return code
			}
			if rs.Partners > 0 {
				switch {
				case *openings != "" || shard.n > 0 || *html != "" || *sh.resume != "":
					return c.usage("%s is played by four on boards apart: its self-play takes no --openings, --shard, --resume or --html", rs.Name)
				}
				if code := c.openOutputs(runInputs(*def, args, ""), namedPath{flag: "--pgn", path: *pgn}); code != exitOK {
					return code
				}
				if *team2 != "engine" && *team2 != "random" {
					return c.usage("--team2 is engine or random, found %q", *team2)
				}
				return c.partnersSelfplay(rs, *setup, *n, *random, b, opt, *pgn, *asJSON, *team2 == "random")
			}
			if fs.Changed("team2") {
				return c.usage("--team2 is for boards played apart by partners (as bughouse); %s is played by two", rs.Name)
			}
			outs := []namedPath{{flag: "--pgn", path: *pgn}, {flag: "--html", path: *html}}
			if shard.n > 0 {
				outs = []namedPath{{flag: "--out", path: *sh.out}}
			}
			if code := c.openOutputs(runInputs(*def, args, *openings), outs...); code != exitOK {
				return code
			}
			bt, err := selfplayBatch(rs, *def, *setup, *openings, *n, *random, b, opt, shard)
			if err != nil {
				return c.inputError(err)
			}
			run, sig, code := c.runBatch(rs, bt, *sh.resume, opt, b)
			if code != exitOK {
				return code
			}
			if shard.n > 0 {
				return signalStatus(c.gameHooks(c.writeRecords(*sh.out, run.Header, run.Games), *b.allowHooks, run.Played), sig)
			}
			return signalStatus(c.gameHooks(c.selfplayOutput(rs, run.Header, run.Games, *pgn, *html, *asJSON), *b.allowHooks, run.Played), sig)
		}
	},
}

// budget holds the flags common to selfplay and values.
type budget struct {
	movetime, depth, jobs, hash, maxPlies *int
	nodes                                 *int64
	jitter                                *float64
	seedFlag                              *uint64
	quiet, allowHooks                     *bool
}

func budgetFlags(fs *pflag.FlagSet) *budget {
	b := &budget{}
	b.nodes = fs.Int64("nodes", 0, "search at most this many nodes a move (default 3000 when no limit is given)")
	b.movetime = fs.Int("movetime", 0, "search for this many milliseconds a move")
	b.depth = fs.Int("depth", 0, "search to this depth a move (plies)")
	b.jobs = fs.IntP("jobs", "j", runtime.NumCPU(), "games played at once (one engine each)")
	b.hash = fs.Int("hash", 16, "transposition table per engine, in MB")
	b.maxPlies = fs.Int("max-plies", 300, "stop a game at this many plies and count it a draw")
	b.jitter = fs.Float64("jitter", 20, "vary each move's node budget by up to this per cent either way")
	b.seedFlag = fs.Uint64("seed", 1, "seed of the openings and the node jitter")
	b.quiet = fs.BoolP("quiet", "q", false, "no progress line on standard error")
	b.allowHooks = allowHookErrorsFlag(fs)
	return b
}

// gameHooks reports the goal hooks that failed as they ran in games (after the report:
// its warnings name them too), as every command that plays moves does.
func (c *context) gameHooks(code int, allow bool, games []selfplay.Game) int {
	if code != exitOK {
		return code
	}
	var lists [][]interpreter.HookFailure
	for _, g := range games {
		lists = append(lists, g.Hooks)
	}
	return c.reportHooks(allow, interpreter.MergeHookFailures(lists...))
}

func (b *budget) seed() uint64 { return *b.seedFlag }

// options checks the flags, with random, the random plies that start each pair of games,
// and returns the engines' options.
func (b *budget) options(c *context, random int) (selfplay.Options, int) {
	switch {
	case random < 0:
		return selfplay.Options{}, c.usage("--random-plies must not be negative, found %d", random)
	case c.givenZero("nodes", "movetime", "depth") != "":
		n := c.givenZero("nodes", "movetime", "depth")
		return selfplay.Options{}, c.usage("--%s 0 is a limit of nothing: give a positive number, or leave --%s out", n, n)
	case *b.nodes < 0:
		return selfplay.Options{}, c.usage("--nodes must be positive, found %d", *b.nodes)
	case *b.movetime < 0:
		return selfplay.Options{}, c.usage("--movetime must be positive, found %d", *b.movetime)
	case *b.depth < 0 || *b.depth > 100:
		return selfplay.Options{}, c.usage("--depth must be from 1 to 100, found %d", *b.depth)
	case *b.jobs < 1:
		return selfplay.Options{}, c.usage("--jobs must be at least 1, found %d", *b.jobs)
	case *b.hash < 1 || *b.hash > 4096:
		return selfplay.Options{}, c.usage("--hash must be from 1 to 4096 MB, found %d", *b.hash)
	case *b.maxPlies < 1:
		return selfplay.Options{}, c.usage("--max-plies must be at least 1, found %d", *b.maxPlies)
	case !(*b.jitter >= 0 && *b.jitter < 100): // NaN too
		return selfplay.Options{}, c.usage("--jitter must be from 0 to 99 per cent, found %g", *b.jitter)
	}
	if random >= *b.maxPlies {
		// The games would end before the engine makes a move: a report of random play
		// presented as the engine's.
		return selfplay.Options{}, c.usage("--random-plies %d reaches --max-plies %d: no game would have an engine move (lower --random-plies or raise --max-plies)", random, *b.maxPlies)
	}
	if *b.nodes == 0 && *b.movetime == 0 && *b.depth == 0 {
		*b.nodes = 3000
	}
	lim := search.Limits{Nodes: *b.nodes, Depth: *b.depth, MoveTime: time.Duration(*b.movetime) * time.Millisecond}
	return selfplay.Options{Limits: lim, HashMB: *b.hash, MaxPlies: *b.maxPlies, Jitter: *b.jitter / 100}, exitOK
}

// text writes the budget in words: "nodes 3000 (±20 %) a move".
func (b *budget) text() string {
	var parts []string
	if *b.nodes > 0 {
		s := fmt.Sprintf("%d nodes", *b.nodes)
		if *b.jitter > 0 {
			s += fmt.Sprintf(" (±%g %%)", *b.jitter)
		}
		parts = append(parts, s)
	}
	if *b.depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", *b.depth))
	}
	if *b.movetime > 0 {
		parts = append(parts, fmt.Sprintf("%d ms", *b.movetime))
	}
	return strings.Join(parts, ", ") + " a move"
}

// shardFlags registers --shard and --out.
type shardFlag struct {
	spec, out, resume *string
}

type shardSpec struct{ i, n int }

func (s shardSpec) String() string { return fmt.Sprintf("%d/%d", s.i, s.n) }

func shardFlags(fs *pflag.FlagSet) *shardFlag {
	return &shardFlag{
		spec:   fs.String("shard", "", "play shard I of N (I/N, I from 0) and write JSON lines for chimera merge"),
		out:    fs.StringP("out", "o", "", "with --shard: write the JSON lines to this file (default: standard output)"),
		resume: fs.String("resume", "", "with --shard: keep the games this file of the same run holds (an interrupted run's JSON lines) and play only the others"),
	}
}

// selfplayBatch plans the n games of a self-play run (selfplay, tune) on shard sh: pairs
// of games from the setup or the openings, then random plies, with the header of their
// records (tune's games are self-play games: their records are selfplay's, which chimera
// merge combines and tune --from reads).
func selfplayBatch(rs *compiler.Ruleset, def, setup, openings string, n, random int, b *budget, opt selfplay.Options, sh shardSpec) (*selfplay.Batch, error) {
	starts, err := startsFor(rs, setup, openings, (n+1)/2, b.seed())
	if err != nil {
		return nil, err
	}
	specs := selfplay.Specs(n, starts, random, b.seed())
	h := selfplay.Header{Chimera: "selfplay", Variant: variantName(def, rs), Games: n,
		Seed: b.seed(), Budget: b.text(), Nodes: *b.nodes, MoveTime: *b.movetime, Depth: *b.depth,
		MaxPlies: opt.MaxPlies, Jitter: opt.Jitter, RandomPlies: random, Openings: openings, Setup: setup}
	return selfplay.NewBatch(h, specs, sh.i, sh.n), nil
}

// runBatch plays a run's batch of games (its shard's): with --resume FILE (resume), the
// games FILE holds of the same run and shard are kept, each checked as chimera merge
// checks it (replayed, numbered within the shard, found once), and only the others are
// played; a last line cut short (the run that wrote FILE stopped as it wrote it) is left
// out, its game played again. The games are played as play plays them (progress, stop
// signals); the batch returned holds the games kept and played, its header marked
// partial when a signal, returned too, stopped the run.
func (c *context) runBatch(rs *compiler.Ruleset, bt *selfplay.Batch, resume string, opt selfplay.Options, b *budget) (*selfplay.Batch, os.Signal, int) {
	if resume != "" {
		if bt.Header.Shard == "" {
			return nil, nil, c.usage("--resume goes with --shard (use --shard 0/1 for a whole run)")
		}
		recs, err := selfplay.ReadRecords(resume, true)
		if err != nil {
			return nil, nil, c.inputError(err)
		}
		if err := bt.Resume(rs, recs, resume); err != nil {
			return nil, nil, c.inputError(fmt.Errorf("--resume %v", err))
		}
		if recs.Cut > 0 {
			fmt.Fprintf(c.err, "chimera %s: resuming %s: line %d is cut short (the run stopped as it wrote it): its game is played again\n", c.cmd.name, resume, recs.Cut)
		}
		fmt.Fprintf(c.err, "chimera %s: resuming %s: %d of %d games kept, %d to play\n", c.cmd.name, resume, len(bt.Kept), len(bt.Specs), len(bt.Todo))
	}
	played, sig, code := c.play(rs, bt.Todo, opt, *b.jobs, *b.quiet)
	if code != exitOK {
		return nil, nil, code
	}
	stop := ""
	if sig != nil {
		stop = sig.String()
	}
	bt.Finish(played, stop)
	return bt, sig, exitOK
}

func (s *shardFlag) parse(c *context) (shardSpec, int) {
	if *s.spec == "" {
		if *s.out != "" {
			return shardSpec{}, c.usage("--out goes with --shard (use --shard 0/1 for the records of a whole run)")
		}
		return shardSpec{}, exitOK
	}
	var sh shardSpec
	if _, err := fmt.Sscanf(*s.spec, "%d/%d", &sh.i, &sh.n); err != nil || sh.n < 1 || sh.i < 0 || sh.i >= sh.n ||
		*s.spec != sh.String() {
		return shardSpec{}, c.usage("--shard must be I/N with 0 <= I < N, found %q", *s.spec)
	}
	return sh, exitOK
}

// runInputs are the files a run reads, which its outputs must not overwrite: the
// variant's definition and the openings.
func runInputs(def string, args []string, openings string) []namedPath {
	return []namedPath{{flag: "the variant's file", path: variantPath(def, args)}, {flag: "--openings", path: openings}}
}

// variantName is what a header records to reopen the variant: the name or path given.
func variantName(def string, rs *compiler.Ruleset) string {
	if def != "" {
		return def
	}
	return rs.Name
}

// startsFor resolves where the pairs of games start: the lines of an openings file, or the
// setup (a shuffled one drawing an arrangement per pair from seed).
func startsFor(rs *compiler.Ruleset, setup, openings string, pairs int, seed uint64) ([]selfplay.Start, error) {
	if openings != "" {
		ops, err := readOpenings(rs, openings, setup)
		starts := make([]selfplay.Start, len(ops))
		for i, o := range ops {
			starts[i] = selfplay.Start{FEN: o.FEN, Moves: o.Moves}
		}
		return starts, err
	}
	name, num, err := compiler.ParseSetupName(setup)
	if err != nil {
		return nil, err
	}
	for _, s := range rs.Setups() {
		if name != "" && s.Name != name || name == "" && s.Name != rs.SetupAt(0).Name {
			continue
		}
		if s.Shuffled() && num < 0 {
			starts := make([]selfplay.Start, pairs)
			for k := range starts {
				starts[k].FEN = interpreter.ArrangedFEN(rs, s, int(selfplay.Seed(seed, -1-k)%uint64(s.Count())))
			}
			return starts, nil
		}
	}
	fen, _, err := interpreter.SetupFEN(rs, setup)
	if err != nil {
		return nil, err
	}
	return []selfplay.Start{{FEN: fen}}, nil
}

// maxOpeningsSize bounds an openings file (--openings), which is read whole: a big book of
// positions takes some tens of megabytes.
const maxOpeningsSize = 256 << 20

// readOpenings reads the openings file path (--openings of selfplay, tune and match): the
// forms gametext.ReadOpenings reads, moves starting from setup.
func readOpenings(rs *compiler.Ruleset, path, setup string) ([]gametext.Opening, error) {
	data, err := defs.ReadRegular(path, "an openings file", maxOpeningsSize)
	if err != nil {
		return nil, err
	}
	return gametext.ReadOpenings(rs, path, string(data), setup)
}

// play runs the games with a progress line on standard error. A stop signal (Ctrl-C,
// SIGTERM from a cluster pre-empting the job, SIGHUP from a closed terminal) stops the
// run: no game starts after it, the games in progress stop before their next move, and
// the games that finished are returned with the signal, to be written like a whole run's
// (marked partial). A second signal kills.
func (c *context) play(rs *compiler.Ruleset, specs []selfplay.Spec, opt selfplay.Options, jobs int, quiet bool) ([]selfplay.Game, os.Signal, int) {
	ctx, release := signalContext()
	defer release()
	opt.Stop = ctx.Done()
	pr := newGameProgress(c.err, len(specs), quiet)
	games, err := selfplay.Run(rs, specs, opt, jobs, pr.add)
	pr.finish()
	if err == selfplay.ErrInterrupted {
		s := caughtSignal(ctx)
		fmt.Fprintf(c.err, "chimera %s: interrupted (%v): %d of %d games finished; writing those (the report is marked partial)\n", c.cmd.name, s, len(games), len(specs))
		return games, s, exitOK
	}
	if err != nil {
		fmt.Fprintf(c.err, "chimera %s: %v\n", c.cmd.name, err)
		return nil, nil, exitFail
	}
	return games, nil, exitOK
}

// interruptHelp is the paragraph selfplay and values add to their help on interruption.
const interruptHelp = `Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal or ssh session closed) stops the
run: no game starts after it, the games in progress stop before their next move, and the
games that finished are written as a whole run's would be (the report, or with --shard
the JSON lines, marked partial), with a message saying how many; the exit status is then
128 and the signal's number (130, 143, 129).
A second signal kills at once. --resume FILE, with --shard and the same flags, keeps the
games an interrupted run wrote to FILE (each checked as chimera merge checks it; a last
line cut short is played again) and plays only the others.

The files named by --out, --pgn and --html are opened before the first game: a path that
cannot be written, one the run reads (--openings, the definition) or one named twice is
refused at once (exit status 2). Each is written to FILE.part and renamed to FILE once
whole, so that a full disk leaves FILE as it was; a second run given a file a run is
writing refuses to start (exit status 2).

`

// gameProgress writes "games 37/200  1-0 15  draw 10  0-1 12  about 2m13s left" on standard
// error: in place on a terminal, else a line every few seconds.
type gameProgress struct {
	w               io.Writer
	tty, quiet      bool
	total, done     int
	white, draw, bl int
	start, last     time.Time
}

func newGameProgress(w io.Writer, total int, quiet bool) *gameProgress {
	return &gameProgress{w: w, total: total, quiet: quiet, start: time.Now(), tty: isTerminal(w)}
}

func (pr *gameProgress) add(g selfplay.Game) {
	pr.done++
	switch g.Result {
	case "1-0":
		pr.white++
	case "0-1":
		pr.bl++
	default:
		pr.draw++
	}
	if pr.quiet {
		return
	}
	now := time.Now()
	if !pr.tty && now.Sub(pr.last) < 5*time.Second && pr.done < pr.total {
		return
	}
	pr.last = now
	line := pr.line()
	if pr.tty {
		fmt.Fprintf(pr.w, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(pr.w, line)
	}
}

func (pr *gameProgress) line() string {
	elapsed := time.Since(pr.start)
	left := "done"
	if pr.done < pr.total {
		est := time.Duration(float64(elapsed) / float64(pr.done) * float64(pr.total-pr.done))
		left = fmt.Sprintf("about %s left", est.Round(time.Second))
	}
	return fmt.Sprintf("games %d/%d  1-0 %d  draw %d  0-1 %d  %s elapsed, %s",
		pr.done, pr.total, pr.white, pr.draw, pr.bl, elapsed.Round(time.Second), left)
}

func (pr *gameProgress) finish() {
	if pr.tty && !pr.quiet && pr.done > 0 {
		fmt.Fprintln(pr.w)
	}
}

// writeRecords writes a header line and one JSON line a game, to path or standard output.
func (c *context) writeRecords(path string, h selfplay.Header, games []selfplay.Game) int {
	return c.writeOut(path, func(w io.Writer) error { return records.Write(w, h, games) })
}

// selfplayOutput writes the report, the PGN file and the HTML page of a selfplay run:
// the report first, so that a file that fails does not take it along.
func (c *context) selfplayOutput(rs *compiler.Ruleset, h selfplay.Header, games []selfplay.Game, pgn, html string, asJSON bool) int {
	r := selfplay.Analyze(runInfo(rs, h, games), games)
	code := exitOK
	if asJSON {
		enc := json.NewEncoder(c.out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			code = exitFail // reported by Main
		}
	} else {
		r.WriteText(c.out)
	}
	code = max(code, c.writePGN(rs, pgn, "chimera selfplay", h, games))
	if html != "" {
		code = max(code, c.writeFile(html, func(w io.Writer) error { return selfplay.WriteHTML(w, r) }))
	}
	return code
}

// runInfo describes a run for its report; the pieces in play are read from the games'
// start positions.
func runInfo(rs *compiler.Ruleset, h selfplay.Header, games []selfplay.Game) selfplay.Info {
	var fens []string
	for _, g := range games {
		fens = append(fens, g.FEN)
	}
	setup := h.Setup
	if setup == "" && rs.NumSetups() > 0 {
		setup = rs.SetupAt(0).Name
	}
	starts := fmt.Sprintf("setup %q", setup)
	if h.Chimera == "values" {
		starts += ", less one piece of the handicapped side"
	}
	switch {
	case h.Openings != "":
		starts = "the openings of " + h.Openings
	case h.RandomPlies > 0:
		starts += fmt.Sprintf(", then %d random plies (per pair of games, seed %d)", h.RandomPlies, h.Seed)
	}
	return selfplay.Info{Variant: h.Variant, Title: rs.Title, Budget: h.Budget, Starts: starts, MaxPlies: h.MaxPlies, Pieces: selfplay.Pieces(rs, fens), Partial: h.Partial}
}

// writePGN writes the games to path ("" writes nothing).
func (c *context) writePGN(rs *compiler.Ruleset, path, event string, h selfplay.Header, games []selfplay.Game) int {
	if path == "" {
		return exitOK
	}
	ph := selfplay.PGNHeader{Event: event, Variant: h.Variant, Date: time.Now().Format("2006.01.02"), Player: "chimera " + strings.TrimSuffix(h.Budget, " a move"), Rules: rs}
	return c.writeFile(path, func(w io.Writer) error {
		for _, g := range games {
			if err := selfplay.WritePGN(w, ph, g); err != nil {
				return err
			}
		}
		return nil
	})
}
