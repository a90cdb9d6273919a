// The match command: two engines, UCI (or USI, UCCI) or XBoard, play a match refereed by the interpreter.

package cli

import (
	stdctx "context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/engine/match"
	"chimera/engine/records"
	"chimera/interpreter"
)

var matchCommand = &command{
	name:    "match",
	args:    "VARIANT --engine CMD --engine CMD",
	summary: "play a match between two engines (UCI, USI, UCCI or XBoard), Chimera refereeing",
	details: `Plays a match between two engines on VARIANT, any built-in or definition file,
with Chimera as the referee: it starts the engines as processes, tells each the variant
and the positions in its protocol, keeps the clocks itself, checks every move, and
adjudicates. Engine 1 (the first --engine) is the one the score is given for.

An engine is a command line, split into words as a shell does for quotes and
backslashes (no variables, pipes or redirections: write a script for those), run
directly. A prefix uci:, usi:, ucci:, xboard: or xboard-usi: names the protocol; without
one it is detected: the referee sends "uci" and waits for "uciok" (up to
--start-timeout), else speaks XBoard's protocol (xboard, protover 2) and waits for its
features. A line on standard error says what each engine was found to speak (UCI and
its id name, or XBoard and why not UCI). An engine that answers neither within
--start-timeout, ends, or cannot be started stops the match before it begins, with a
message saying what was sent and what came back (exit status 2); an XBoard engine of
protocol 1, which says nothing at start, needs the prefix xboard:. Engines that speak
both (Sjaak II) are detected as UCI: give xboard: to use XBoard's. usi: and ucci: are
UCI's dialects for shogi and xiangqi (Fairy-Stockfish speaks both when told so by the
first command, as the referee does); xboard-usi: is XBoard's protocol with USI's
squares (7g7f, P*5e) and no variant command, as GNU Shogi speaks it. Each of the
--concurrency workers runs its own pair of processes, started again after a crash or a hang; all are stopped at the end.

The variant: UCI engines get "setoption name UCI_Variant value NAME" (Chimera's name,
which Fairy-Stockfish shares for its built-ins: crazyhouse, capablanca, xiangqi, ...) or
UCI_Chess960 for chess960, nothing for chess; a variant read from a file is also offered
as VariantPath to UCI engines that have that option but not the variant. XBoard engines
get "variant NAME" (normal for chess, fischerandom for chess960). An engine that does
not list the variant stops the match before it begins. Positions go to UCI engines as
"position startpos|fen FEN moves ...", to XBoard engines as moves (usermove when asked
for) after "setboard FEN" when the game does not start from the standard start. USI
and UCCI engines are told nothing for their protocol's own game (the definition's
usi.default, ucci.default: shogi, xiangqi), else UCI_Variant (or USI_Variant) in their
option form; USI positions are SFEN and USI moves, UCCI's count ranks from 0 on a
board of 10 ranks (h2e2). A UCCI engine that offers usemillisec is told to use it.

Clocks: --tc [MOVES/]BASE[+INC] (seconds, or M:SS; default 10+0.1) or --movetime MS.
Given twice, each is one engine's (in --engine order): a time handicap, such as
--movetime 200 --movetime 50 to see what four times the time is worth. In their place,
--nodes N and --depth D are a fixed search a move and no clocks ("go nodes N", "go depth
D" in UCI and its dialects; "sd D" for XBoard engines, which have no node limit), each
also given once or twice; the referee waits --move-timeout for such a move. Chimera's
engine searches the same way each time with a node or depth limit, so that its games are
the same on any machine and in any shard. Under fog of war (a variant with fog:),
Chimera's engines are told the whole board, as every engine is, but play from their
side's view with the fog player (docs/fog-rules.md); another engine is trusted not to
look.
UCI engines get wtime/btime/winc/binc (movestogo), XBoard engines level and time/otim
(the base in whole seconds) or st (XBoard itself sends whole seconds, and engines such
as MaxQi read "st 0.5" as no time: give XBoard engines a --movetime in whole seconds). USI engines get btime/wtime/binc/winc (b is the first
player), or "btime 0 wtime 0 byoyomi MS" for a fixed move time; UCCI engines get time,
increment (or movestogo), opptime and oppincrement in milliseconds, or "time MS
movestogo 1". The time of a move is the wall time from sending the
command that starts the search to receiving the move. An engine loses on time when a
move takes longer than its clock (or the move time) by more than --grace plus 5 %; one
that sends nothing by then is killed and started again for the next game.

Games end on the interpreter's verdict (checkmate, stalemate, goals, repetition, the
fifty-move rule), on a time forfeit, on an illegal move (checked by the interpreter; the
offender loses), on a legal move an XBoard engine refuses, on a crash, on a resignation
(bestmove resign in USI, nobestmove in UCCI),
or at --max-plies (a draw). Result claims of engines are not taken.

Openings: each pair of games starts from the same position, engine 1 White in the
first game and Black in the second. --openings FILE gives one opening a line (a FEN or
EPD, or moves from the start in SAN or coordinates, "1. e4 e5 2. Nf3"), or a PGN file
(its [FEN] tags and moves), used in order and repeated when there are fewer than the
pairs; --random-plies K plays K random legal moves (after the opening, if any), drawn for
each pair from --seed and the pair's number, so that results do not depend on how games
are scheduled. Without openings the games start from the variant's first setup, or from
--setup NAME (NAME:N for one arrangement of a shuffled setup); a shuffled setup draws an
arrangement for each pair.

Output: a line per game on standard error (the game, its result, the score so far); at
the end, on standard output, the score W/D/L from engine 1's side, the Elo difference
with its 95 % margin (logistic Elo, the score's variance from the observed win, draw
and loss rates: the trinomial model), the likelihood of superiority (LOS), how games
ended, and with --sprt the test's state. --pgn FILE writes the games (tags Variant, FEN,
Result, Termination, TimeControl, engine names as the engines give them; each move with
the score and depth the engine reported and its time). --log FILE writes everything
said to and by the engines. The referee keeps the first MiB of a line from an engine and
reads past the rest: a longer line (a huge info line) is cut, with a note on standard
error and in the log, and the engine's next line is read as usual.

--sprt elo0=E0,elo1=E1[,alpha=A,beta=B] (alpha and beta default to 0.05) stops the match
as soon as a GSPRT accepts H0 (Elo <= E0) or H1 (Elo >= E1). Elo is logistic; the
log-likelihood ratio is the normal approximation on the trinomial results used by
c-chess-cli and fastchess, LLR = n (s1 - s0)(2s - s0 - s1) / (2 var), with the bounds
ln(beta/(1-alpha)) and ln((1-beta)/alpha).

Past one machine: --shard I/N plays only the pairs of games k (games 2k and 2k+1, both
colours of one opening) with k mod N = I, each started as in the whole match, and writes
its games as JSON lines (a header line describing the match, then one line a game) to
standard output or --out FILE instead of a summary; --sprt is not applied to a shard.
chimera merge checks that the files come from one match, replays every game (its moves
legal, its result one the referee gives), refuses a game found twice or a key Chimera
does not write, and prints the summary the whole match gives: the score, Elo, LOS and
endings, and the SPRT applied to the games in their order (stopping at its decision, as
a match on one worker does). With --nodes or --depth and Chimera's engine the merged
summary is exactly the unsharded one. Ctrl-C (SIGINT), SIGTERM or SIGHUP stops a shard:
the games that finished are written, marked partial, and the exit status is 128 and the
signal's number (130, 143, 129); chimera merge --partial reads such files.

Exit status: 0 when the match was played (whatever its result), 1 when it was
interrupted (a shard: 130, 143 or 129), 2 for bad usage or an engine that cannot play the
match.`,
	examples: []string{
		"chimera match chess --engine 'chimera uci' --engine /usr/games/fairymax -n 40 --tc 10+0.1 --random-plies 4 --pgn fm.pgn",
		"chimera match crazyhouse --engine 'chimera uci' --engine uci:/usr/games/fairy-stockfish -n 6 --tc 10+0.1",
		"chimera match capablanca --engine 'chimera xboard' --engine xboard:/usr/games/sjaakii -n 6 --tc 10+0.1",
		"chimera match chess --engine 'chimera uci' --engine 'chimera xboard' --movetime 50 -n 100 -j 2 --sprt elo0=-10,elo1=10",
		"chimera match chess --engine 'chimera uci' --engine 'chimera uci' --option '1:Skill Level=3' --tc 10+0.1 -n 40",
		"chimera match chess --engine 'chimera uci' --engine 'stockfish' --openings openings.epd -n 200 -j 4",
		"chimera match myvariant.yaml --engine 'chimera uci' --engine 'chimera uci' --random-plies 6",
		"chimera match myvariant.yaml --setup shuffle --engine 'chimera uci' --engine 'chimera uci' --movetime 160 --movetime 40 -n 60 --random-plies 2",
		"chimera match chess --engine 'chimera uci' --engine 'chimera uci' --tc 40+0.4 --tc 10+0.1 -n 50 --random-plies 6",
		"chimera match chess --engine 'chimera uci' --engine 'chimera uci' --nodes 20000 --nodes 5000 -n 100 --random-plies 4",
		"chimera match chess --engine 'chimera uci' --engine 'chimera uci' --nodes 20000 --nodes 5000 -n 400 --random-plies 4 --shard 3/8 --out m3.jsonl",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		engines := fs.StringArray("engine", nil, "an engine's command, with an optional uci: or xboard: prefix (give it twice)")
		names := fs.StringArray("name", nil, "a name for the engine of the same place, in place of the one it gives")
		options := fs.StringArray("option", nil, "N:NAME=VALUE: set engine N's (1 or 2) option as it starts (UCI setoption, XBoard option); repeatable")
		games := fs.IntP("games", "n", 10, "number of games")
		tcs := fs.StringArray("tc", nil, "time control [MOVES/]BASE[+INC], seconds or M:SS (default 10+0.1); twice: one per engine")
		movetimes := fs.IntSlice("movetime", nil, "a fixed time per move, in milliseconds, in place of --tc; twice: one per engine")
		concurrency := fs.IntP("concurrency", "j", 1, "games played at once, each by its own pair of engine processes")
		openings := fs.String("openings", "", "openings file: a FEN, EPD or moves a line, or PGN")
		setupName := fs.String("setup", "", "start the games from this named setup (default: the first); NAME:N is one arrangement of a shuffled setup")
		randomPlies := fs.Int("random-plies", 0, "random legal plies played at the start of each pair of games")
		pgn := fs.String("pgn", "", "write the games to this PGN file")
		sprt := fs.String("sprt", "", "stop on a GSPRT decision: elo0=E0,elo1=E1[,alpha=A,beta=B]")
		seed := fs.Uint64("seed", 1, "seed of the random plies and shuffled setups")
		maxPlies := fs.Int("max-plies", 400, "draw a game still going after this many plies (0: no cap)")
		grace := fs.Int("grace", 20, "milliseconds over its time an engine may take (plus 5 %) before it forfeits")
		startTimeout := fs.Duration("start-timeout", 10*time.Second, "how long an engine may take to start and answer uci, protover, isready or ping")
		logFile := fs.String("log", "", "write the engines' traffic to this file")
		nodes := fs.Int64Slice("nodes", nil, "a fixed search of this many nodes a move (go nodes N), in place of --tc; twice: one per engine")
		depth := fs.IntSlice("depth", nil, "a fixed search to this depth a move (go depth D; XBoard: sd D), in place of --tc; twice: one per engine")
		moveTimeout := fs.Duration("move-timeout", time.Minute, "with --nodes or --depth: how long an engine may take over a move before it loses")
		shardSpecFlag := fs.String("shard", "", "play shard I of N of the pairs of games (I/N, I from 0) and write JSON lines for chimera merge")
		out := fs.StringP("out", "o", "", "with --shard: write the JSON lines to this file (default: standard output)")
		return func(c *context, args []string) int {
			rs, rest, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if code := c.noMoreArgs(rest); code != exitOK {
				return code
			}
			cfg := match.Config{Ruleset: rs, Setup: *setupName, Games: *games, Concurrency: *concurrency, RandomPlies: *randomPlies,
				Seed: *seed, MaxPlies: *maxPlies, Grace: time.Duration(*grace) * time.Millisecond, StartTimeout: *startTimeout,
				MoveTimeout: *moveTimeout}
			if len(*engines) != 2 {
				return c.usage("give two engines with --engine (found %d)", len(*engines))
			}
			if len(*names) > 2 {
				return c.usage("give at most two --name")
			}
			for i, e := range *engines {
				spec, err := match.ParseEngine(e)
				if err != nil {
					return c.usage("%v", err)
				}
				if i < len(*names) {
					spec.Name = (*names)[i]
				}
				cfg.Engines[i] = spec
			}
			for _, o := range *options {
				who, rest, ok1 := strings.Cut(o, ":")
				name, value, ok2 := strings.Cut(rest, "=")
				if !ok1 || !ok2 || (who != "1" && who != "2") || strings.TrimSpace(name) == "" {
					return c.usage("--option %q: expected N:NAME=VALUE with N 1 or 2 (e.g. '2:Skill Level=3')", o)
				}
				i := int(who[0] - '1')
				cfg.Engines[i].Options = append(cfg.Engines[i].Options, match.EngineOption{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
			}
			switch {
			case *games < 1 || *games > maxGames:
				return c.usage("-n must be from 1 to %d, found %d", maxGames, *games)
			case *concurrency < 1:
				return c.usage("--concurrency must be at least 1")
			case *randomPlies < 0 || *maxPlies < 0 || *grace < 0:
				return c.usage("--random-plies, --max-plies and --grace cannot be negative")
			case len(*tcs) > 0 && len(*movetimes) > 0:
				return c.usage("give --tc or --movetime, not both")
			case len(*tcs) > 2 || len(*movetimes) > 2:
				return c.usage("give --tc or --movetime once (both engines) or twice (one per engine, in --engine order)")
			case len(*nodes) > 2 || len(*depth) > 2:
				return c.usage("give --nodes or --depth once (both engines) or twice (one per engine, in --engine order)")
			case len(*nodes)+len(*depth) > 0 && len(*tcs)+len(*movetimes) > 0:
				return c.usage("give --nodes or --depth (a fixed search), or --tc or --movetime (clocks), not both")
			case *moveTimeout <= 0:
				return c.usage("--move-timeout must be positive")
			case *startTimeout <= 0:
				return c.usage("--start-timeout must be positive, found %v", *startTimeout)
			case fs.Changed("setup") && *openings != "":
				return c.usage("give --setup or --openings, not both: an opening starts from the first setup, or from its own FEN")
			case fs.Changed("setup") && strings.TrimSpace(*setupName) == "":
				return c.usage("--setup is empty: give a setup name (chimera list shows them), or leave --setup out for the first")
			case *maxPlies > 0 && *randomPlies >= *maxPlies:
				// The games would end before an engine moves: a result of random play.
				return c.usage("--random-plies %d reaches --max-plies %d: no game would have an engine move (lower --random-plies or raise --max-plies)", *randomPlies, *maxPlies)
			}
			if *setupName != "" {
				if _, _, err := interpreter.SetupFEN(rs, *setupName); err != nil {
					return c.usage("--setup: %v", err)
				}
			}
			sh := &shardFlag{spec: shardSpecFlag, out: out, resume: new(string)}
			shard, code := sh.parse(c)
			if code != exitOK {
				return code
			}
			var clocks []match.TimeControl
			for _, ms := range *movetimes {
				if ms <= 0 {
					return c.usage("--movetime must be positive (found %d)", ms)
				}
				clocks = append(clocks, match.TimeControl{MoveTime: time.Duration(ms) * time.Millisecond})
			}
			for _, s := range *tcs {
				t, err := match.ParseTimeControl(s)
				if err != nil {
					return c.usage("%v", err)
				}
				clocks = append(clocks, t)
			}
			for _, n := range *nodes {
				if n <= 0 {
					return c.usage("--nodes must be positive (found %d)", n)
				}
			}
			for _, d := range *depth {
				if d <= 0 || d > 100 {
					return c.usage("--depth must be from 1 to 100 (found %d)", d)
				}
			}
			for e := 0; e < max(len(*nodes), len(*depth)); e++ {
				var tc match.TimeControl
				if len(*nodes) > 0 {
					tc.Nodes = (*nodes)[min(e, len(*nodes)-1)]
				}
				if len(*depth) > 0 {
					tc.Depth = (*depth)[min(e, len(*depth)-1)]
				}
				clocks = append(clocks, tc)
			}
			if len(clocks) == 0 { // the default, 10+0.1
				clocks = append(clocks, match.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond})
			}
			cfg.TC = clocks[0]
			if len(clocks) == 2 && clocks[1] != clocks[0] {
				cfg.TC2 = &clocks[1]
			}
			if *sprt != "" {
				t, err := match.ParseSPRT(*sprt)
				if err != nil {
					return c.usage("%v", err)
				}
				cfg.SPRT = &t
			}
			if *openings != "" {
				ops, err := readOpenings(rs, *openings, "")
				if err != nil {
					return c.inputError(err)
				}
				cfg.Openings = ops
			}
			// A variant from a file is offered to UCI engines that read files.
			file := *def
			if file == "" && len(args) > 0 {
				file = args[0]
			}
			if st, err := os.Stat(file); err == nil && st.Mode().IsRegular() {
				if abs, err := filepath.Abs(file); err == nil {
					cfg.VariantFile = abs
				}
			}
			if code := c.openOutputs(runInputs(*def, args, *openings), namedPath{flag: "--out", path: *out},
				namedPath{flag: "--pgn", path: *pgn, stream: true}, namedPath{flag: "--log", path: *logFile, stream: true}); code != exitOK {
				return code
			}
			var files []outFile // --pgn and --log: each write error is reported
			for _, o := range []struct {
				path string
				to   *io.Writer
			}{{*pgn, &cfg.PGN}, {*logFile, &cfg.Log}} {
				if o.path == "" {
					continue
				}
				f := c.output(o.path)
				w := &errWriter{w: f.inPlace}
				files = append(files, outFile{o.path, f, w})
				*o.to = w
			}
			cfg.Progress = c.err
			ctx, release := signalContext()
			defer release()
			if shard.n > 0 {
				variant := variantName(*def, rs)
				if cfg.VariantFile != "" {
					variant = file // the path as given: merge reopens the variant from it
				}
				return c.matchShard(ctx, cfg, shard, variant, *engines, *options, *openings, *out)
			}
			fmt.Fprintf(c.err, "match: %s, %d games, %s, seed %d, %d at once\n", rs.Name, cfg.Games, tcText(cfg.TC, cfg.TC2), cfg.Seed, cfg.Concurrency)
			s, err := match.Run(ctx, cfg)
			if err != nil && ctx.Err() != nil {
				fmt.Fprintf(c.err, "chimera match: interrupted as the engines started\n")
				return exitFail
			}
			if err != nil {
				return c.inputError(err)
			}
			printSummary(c.out, cfg, s)
			status := exitOK
			for _, f := range files {
				err := f.out.err
				if cerr := f.file.finish(); err == nil {
					err = cerr
				}
				if err != nil {
					fmt.Fprintf(c.err, "chimera match: writing %s: %v\n", f.path, err)
					status = exitFail
				}
			}
			if ctx.Err() != nil {
				return exitFail
			}
			return status
		}
	},
}

// outFile is a file a match writes, with the writer that keeps its first error.
type outFile struct {
	path string
	file *output
	out  *errWriter
}

// matchShard plays shard sh of the match and writes its games as JSON lines for chimera
// merge. The SPRT, if any, is not applied to a shard's games: merge applies it to the
// whole match's. An interrupted shard writes the games that finished, marked partial.
func (c *context) matchShard(ctx stdctx.Context, cfg match.Config, sh shardSpec, variant string, engines, options []string, openings, out string) int {
	h := match.Header{Chimera: "match", Variant: variant, Games: cfg.Games, TC: match.TCRecordOf(cfg.TC), Seed: cfg.Seed,
		RandomPlies: cfg.RandomPlies, Setup: cfg.Setup, Openings: openings, MaxPlies: cfg.MaxPlies, Shard: sh.String()}
	copy(h.Engines[:], engines)
	h.Options = options
	if cfg.TC2 != nil {
		tc := match.TCRecordOf(*cfg.TC2)
		h.TC2 = &tc
	}
	if t := cfg.SPRT; t != nil {
		h.SPRT = &match.SPRTRecord{Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta}
		cfg.SPRT = nil
	}
	cfg.Shard = match.Shard{I: sh.i, N: sh.n}
	n := cfg.Shard.Games(cfg.Games)
	fmt.Fprintf(c.err, "match: %s, shard %s: %d of %d games, %s, seed %d, %d at once\n", cfg.Ruleset.Name, sh, n, cfg.Games, tcText(cfg.TC, cfg.TC2), cfg.Seed, cfg.Concurrency)
	s, err := match.Run(ctx, cfg)
	sig := caughtSignal(ctx)
	switch {
	case err != nil && sig == nil:
		return c.inputError(err)
	case err != nil: // interrupted as the engines started
		s = &match.Summary{}
	}
	h.Names = s.Names
	if sig != nil {
		h.Partial = records.Partial(sig.String(), len(s.Games), n)
		fmt.Fprintf(c.err, "chimera match: interrupted (%v): %d of %d games finished; writing those (marked partial)\n", sig, len(s.Games), n)
	}
	return signalStatus(c.writeMatchRecords(out, h, s.Games), sig)
}

// tcText names the time control, or each engine's in a time-handicap match.
func tcText(tc match.TimeControl, tc2 *match.TimeControl) string {
	if tc2 == nil {
		return tc.Text()
	}
	return tc.Text() + " for engine 1, " + tc2.Text() + " for engine 2"
}

// printSummary writes the score, Elo, LOS, the endings and the SPRT's state.
func printSummary(w io.Writer, cfg match.Config, s *match.Summary) {
	e := s.Estimate
	n := e.Games()
	fmt.Fprintf(w, "%s vs %s, %s, %s: %d games", s.Names[0], s.Names[1], cfg.Ruleset.Name, tcText(cfg.TC, cfg.TC2), n)
	if s.Stopped {
		fmt.Fprintf(w, " (stopped: %d planned)", cfg.Games)
	}
	fmt.Fprintln(w)
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "Score of %s: +%d =%d -%d (W/D/L), %.1f/%d = %.1f %%\n", s.Names[0], e.W, e.D, e.L, float64(e.W)+float64(e.D)/2, n, 100*e.Score)
	fmt.Fprintf(w, "Elo difference: %s (95 %%, trinomial)\n", e.EloText())
	fmt.Fprintf(w, "LOS: %.1f %%\n", 100*e.LOS)
	fmt.Fprintf(w, "White: +%d =%d -%d\n", s.White[0], s.White[1], s.White[2])
	var reasons []string
	for r := range s.Endings {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if s.Endings[reasons[i]] != s.Endings[reasons[j]] {
			return s.Endings[reasons[i]] > s.Endings[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	fmt.Fprintln(w, "Endings:")
	for _, r := range reasons {
		fmt.Fprintf(w, "  %3d  %s\n", s.Endings[r], r)
	}
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		verdict := "no decision yet"
		switch s.Decision {
		case "H1":
			verdict = fmt.Sprintf("H1 accepted: %s is at least %g Elo stronger", s.Names[0], cfg.SPRT.Elo1)
		case "H0":
			verdict = fmt.Sprintf("H0 accepted: %s is not %g Elo stronger (at most %g)", s.Names[0], cfg.SPRT.Elo1, cfg.SPRT.Elo0)
		}
		fmt.Fprintf(w, "SPRT (%s; GSPRT, logistic Elo, normal approximation): LLR %.2f, bounds [%.2f, %.2f]: %s\n",
			cfg.SPRT, s.LLR, lo, hi, verdict)
	}
}
