// The tune command: fit the evaluation's weights to self-play games (Texel's method) and write them as an evaluation: section.

package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/engine/tune"
	"chimera/interpreter"
)

var tuneCommand = &command{
	name:    "tune",
	args:    "VARIANT",
	summary: "fit the evaluation's weights to self-play games and write them as a definition",
	details: `Plays N games of the engine against itself (as chimera selfplay does, with its budget,
opening and --jobs flags), or reads games from --from FILE (selfplay's JSON lines: a
--shard file or the --out of chimera merge), and fits the weights of the evaluation to
their results by Texel's method.

Positions: every position of every game after its opening (the random plies) and
--skip-plies more, with the side to move not in check, is taken to the end of its
quiescence search (captures played out); the quiet position there is the sample, and
the game's result (1, 1/2, 0 for White) its target.

K: the scale of the sigmoid 1/(1+10^(-K·eval/400)) that best predicts the results with
the weights the variant has now.

Weights: the evaluation is linear in its weights (piece values, per-square tables, men
within two king steps of a royal man, men held immobile by a status, pool values, goal
distance, checks given, each type's mobility, the move's bonus), so each sample is a vector of features and
the fit needs no search:
Levenberg–Marquardt steps minimise the mean squared error between result and
prediction, plus a ridge that keeps the weights few positions speak of near where they
were. The ridge's strength is chosen on every tenth game held out (--ridge sets it
instead); when no fit predicts those games better than the weights the variant has, they
stay. The side to move's bonus stays as it is unless --tempo: at quiescence's leaves the
side to move is often the one facing a threat, and the negative bonus fitted there lost
games in play. The men near the royal men stay as they are (0 unless the definition
gives them) unless --near: fitted, they lowered the held-out error and lost games in
every variant tried (docs/matches.md).

The weights are written as an evaluation: section of a definition that extends the
variant (--out, default VARIANT-tuned.yaml): "chimera search VARIANT-tuned.yaml" and every
other command then play with them. --squares=false fits the values and terms only (the
square tables stay those derived from mobility): fewer weights, for few games. A report
says what changed (values before -> after, each square table's mean change), the error
before -> after (on all positions, and on the held-out games by the fit made without
them) and the numbers of games and positions.

Past one machine: --shard I/N plays only its share of the games and writes them as JSON
lines (to standard output or --out) instead of fitting; "chimera merge --out games.jsonl
shard-*.jsonl" combines the shards (and prints their selfplay report), and
"chimera tune VARIANT --from games.jsonl" fits. --from may be given more than once.

` + interruptHelp + `Without --shard, tune then fits the games that finished.`,
	examples: []string{
		"chimera tune gardner -n 200 --nodes 2000 --random-plies 6",
		"chimera tune chess -n 400 --nodes 3000 --random-plies 8 --out chess-tuned.yaml && chimera search chess-tuned.yaml",
		"chimera tune chess -n 1000 --shard 3/8 --out chess-3.jsonl",
		"chimera merge --out chess-games.jsonl chess-*.jsonl > /dev/null && chimera tune chess --from chess-games.jsonl",
		"chimera tune myvariant.yaml --from games.jsonl --squares=false --ridge 1e-7",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		setup := fs.String("setup", "", "start from this named setup (default: the first)")
		n := fs.IntP("games", "n", 200, "number of games to play")
		b := budgetFlags(fs)
		openings := fs.String("openings", "", "start from the openings of this file: a FEN, EPD or moves from the setup a line, or PGN")
		random := fs.Int("random-plies", 8, "start each pair of games with this many random legal plies")
		sh := shardFlags(fs)
		fs.Lookup("out").Usage = "the tuned definition (default VARIANT-tuned.yaml); with --shard, the JSON lines of the games (default: standard output)"
		from := fs.StringArray("from", nil, "fit to the games of this JSON lines file (selfplay --shard, or merge --out) instead of playing")
		skip := fs.Int("skip-plies", 4, "leave out this many plies after each game's opening")
		squares := fs.Bool("squares", true, "fit the per-square tables (false: values and terms only)")
		ridgeFlag := fs.String("ridge", "auto", "the ridge's strength, a number from 0 (auto: chosen on held-out games)")
		tempo := fs.Bool("tempo", false, "fit the side to move's bonus too (it stays as it is by default)")
		near := fs.Bool("near", false, "fit the weights of men near the royal men too (they stay as they are by default)")
		return func(c *context, args []string) int {
			name := *def
			if name == "" && len(args) > 0 {
				name = args[0]
			}
			rs, args, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			switch {
			case *n < 1:
				return c.usage("-n must be at least 1, found %d", *n)
			case *random < 0:
				return c.usage("--random-plies must not be negative, found %d", *random)
			case *skip < 0:
				return c.usage("--skip-plies must not be negative, found %d", *skip)
			case *ridgeFlag != "auto" && !validRidge(*ridgeFlag):
				return c.usage("--ridge must be auto or a number from 0, found %s", defs.Quote(*ridgeFlag))
			case len(*from) > 0 && *sh.spec != "":
				return c.usage("--from fits games already played; --shard plays them: give one of them")
			}
			ridge := -1.0
			if *ridgeFlag != "auto" {
				ridge, _ = strconv.ParseFloat(*ridgeFlag, 64)
			}
			if fs.Changed("openings") && fs.Changed("random-plies") && *random > 0 {
				return c.usage("give --openings or --random-plies, not both")
			}
			if *openings != "" {
				*random = 0
			}
			// The output is checked and opened before any game is played.
			out := *sh.out
			if *sh.spec == "" {
				var err error
				if _, out, err = tuneTarget(rs, name, *sh.out); err != nil {
					return c.usage("%v", err)
				}
			}
			inputs := runInputs(name, nil, *openings)
			for _, f := range *from {
				inputs = append(inputs, namedPath{flag: "--from", path: f})
			}
			if code := c.openOutputs(inputs, namedPath{flag: "--out", path: out}); code != exitOK {
				return code
			}
			if len(*from) > 0 {
				if code := c.onlyFrom(fs, "seed"); code != exitOK {
					return code
				}
				games, source, code := c.readTuneGames(rs, *from)
				if code != exitOK {
					return code
				}
				return c.fit(rs, name, games, tuneFit{out: *sh.out, skip: *skip, squares: *squares, ridge: ridge, tempo: *tempo, near: *near, quiet: *b.quiet, source: source})
			}
			games, source, sig, code, done := c.playToLearn(rs, *def, *setup, *openings, *n, *random, b, sh)
			if done {
				return code
			}
			return signalStatus(c.fit(rs, name, games, tuneFit{out: *sh.out, skip: *skip, squares: *squares, ridge: ridge, tempo: *tempo, near: *near, quiet: *b.quiet, source: source}), sig)
		}
	},
}

// playingFlags are the flags of tune and train for playing games, which --from leaves out.
var playingFlags = []string{"games", "nodes", "movetime", "depth", "jobs", "openings", "random-plies", "setup", "max-plies", "jitter", "hash", "resume"}

// onlyFrom refuses a flag for playing games (playingFlags, and more) given with --from.
func (c *context) onlyFrom(fs *pflag.FlagSet, more ...string) int {
	for _, f := range append(more, playingFlags...) {
		if fs.Changed(f) {
			return c.usage("--%s is for playing games; --from reads games already played (leave it out)", f)
		}
	}
	return exitOK
}

// playToLearn plays the games tune and train learn from, as selfplay plays them. With
// --shard it writes them as JSON lines for chimera merge, and the command is done: done
// is then true and code the exit status, as when a stop signal came before any game
// finished. Otherwise it returns the games, where they came from (for the output's
// header) and the signal that cut the run short, if any.
func (c *context) playToLearn(rs *compiler.Ruleset, def, setup, openings string, n, random int, b *budget, sh *shardFlag) (games []selfplay.Game, source string, sig os.Signal, code int, done bool) {
	opt, code := b.options(c, random)
	if code != exitOK {
		return nil, "", nil, code, true
	}
	var shard shardSpec
	if *sh.spec != "" {
		if shard, code = sh.parse(c); code != exitOK {
			return nil, "", nil, code, true
		}
	} else if *sh.resume != "" {
		return nil, "", nil, c.usage("--resume goes with --shard (use --shard 0/1 for a whole run)"), true
	}
	bt, err := selfplayBatch(rs, def, setup, openings, n, random, b, opt, shard)
	if err != nil {
		return nil, "", nil, c.inputError(err), true
	}
	run, sig, code := c.runBatch(rs, bt, *sh.resume, opt, b)
	switch {
	case code != exitOK:
		return nil, "", nil, code, true
	case shard.n > 0:
		return nil, "", nil, signalStatus(c.writeRecords(*sh.out, run.Header, run.Games), sig), true
	case len(run.Games) == 0:
		return nil, "", nil, signalStatus(exitOK, sig), true // interrupted before a game finished
	}
	return run.Games, fmt.Sprintf("%d games of self-play, %s, %s", len(run.Games), run.Header.Budget, startsText(run.Header)), sig, exitOK, false
}

// startsText says where a run's games started.
func startsText(h selfplay.Header) string {
	switch {
	case h.Openings != "":
		return "from the openings of " + h.Openings
	case h.RandomPlies > 0:
		return fmt.Sprintf("%d random plies (seed %d)", h.RandomPlies, h.Seed)
	}
	return "from the setup"
}

// readTuneGames reads and replays the games of selfplay record files.
func (c *context) readTuneGames(rs *compiler.Ruleset, files []string) ([]selfplay.Game, string, int) {
	var games []selfplay.Game
	var runs []string
	for _, path := range files {
		recs, err := selfplay.ReadRecords(path, false)
		if err != nil {
			return nil, "", c.inputError(err)
		}
		h, gs, lines := recs.Header, recs.Records, recs.Lines
		if h.Chimera != "selfplay" {
			return nil, "", c.inputError(fmt.Errorf("%s: the records of chimera %s; %s reads self-play games (selfplay, tune or train --shard, merge --out)", path, h.Chimera, c.cmd.name))
		}
		for i, g := range gs {
			if err := selfplay.Verify(rs, g, h.MaxPlies); err != nil {
				return nil, "", c.inputError(fmt.Errorf("%s:%d: game %d: %v (are these games of %s?)", path, lines[i], g.Index, err, rs.Name))
			}
		}
		games = append(games, gs...)
		runs = append(runs, fmt.Sprintf("%d games of self-play in %s (%s, %s)", len(gs), filepath.Base(path), h.Budget, startsText(h)))
	}
	if len(games) == 0 {
		return nil, "", c.inputError(fmt.Errorf("%s: no games", strings.Join(files, ", ")))
	}
	return games, strings.Join(runs, "; "), exitOK
}

type tuneFit struct {
	out     string
	skip    int
	squares bool
	ridge   float64
	tempo   bool
	near    bool // fit the near-royal weights
	quiet   bool
	source  string
}

// fit samples the games' quiet positions, fits K and the weights, writes the definition
// and reports what changed.
func (c *context) fit(rs *compiler.Ruleset, variant string, games []selfplay.Game, o tuneFit) int {
	base, out, err := tuneTarget(rs, variant, o.out)
	if err != nil {
		return c.usage("%v", err)
	}
	say := func(format string, args ...any) {
		if !o.quiet {
			fmt.Fprintf(c.err, "chimera tune: "+format+"\n", args...)
		}
	}
	started := time.Now()
	e := search.New(rs, 1)
	m := e.Model()
	samples, err := tune.Positions(rs, e, m, games, o.skip)
	if err != nil {
		return c.inputError(err)
	}
	if len(samples) == 0 {
		return c.inputError(fmt.Errorf("no quiet positions in the %d games past their openings and %d plies (lower --skip-plies, or play longer games)", len(games), o.skip))
	}
	say("%d positions from %d games (%s)", len(samples), len(games), time.Since(started).Round(time.Millisecond))
	start := m.Weights()
	k := tune.FitK(samples, start)
	before := tune.MSE(samples, start, k)
	say("K %.3f: mean squared error %.5f with the weights the variant has", k, before)
	frozen := make([]bool, len(m.Params))
	for i, p := range m.Params {
		near := p.Kind == search.ParamNearEnemyRoyal || p.Kind == search.ParamNearOwnRoyal
		frozen[i] = p.Kind == search.ParamSquare && !o.squares || p.Kind == search.ParamTempo && !o.tempo || near && !o.near
	}
	var train, held []tune.Sample
	for _, s := range samples {
		if s.Game%10 == 9 {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
	}
	fitOpt := tune.Options{Frozen: frozen}
	ridge := o.ridge
	// heldAfter is the error on the held-out games of the fit made without them (NaN
	// when none are held out).
	heldBefore, heldAfter := tune.MSE(held, start, k), math.NaN()
	if ridge >= 0 && len(held) > 0 && len(train) > 0 {
		fitOpt.Lambda = ridge
		w, err := tune.Fit(train, k, start, fitOpt)
		if err != nil {
			return c.tuneTooBig(err)
		}
		heldAfter = tune.MSE(held, w, k)
	}
	if ridge < 0 {
		if len(held) == 0 || len(train) == 0 {
			ridge = 1e-7
			say("too few games to hold some out: ridge %g", ridge)
		} else {
			best := heldBefore
			for _, r := range []float64{1e-9, 3e-9, 1e-8, 3e-8, 1e-7, 3e-7, 1e-6, 3e-6, 1e-5, 1e-4} {
				fitOpt.Lambda = r
				w, err := tune.Fit(train, k, start, fitOpt)
				if err != nil {
					return c.tuneTooBig(err)
				}
				h := tune.MSE(held, w, k)
				say("ridge %g: held-out error %.5f (before %.5f)", r, h, heldBefore)
				if h < best {
					best, ridge = h, r
				}
			}
			if ridge < 0 {
				// No ridge predicts the held-out games better than the weights the
				// variant has: the games do not support a change.
				say("no fit predicts the held-out games better than the weights the variant has: they stay")
				ridge = math.Inf(1)
			}
			heldAfter = best
		}
	}
	w := append([]float64(nil), start...)
	if !math.IsInf(ridge, 1) {
		fitOpt.Lambda = ridge
		fitOpt.Progress = func(iter int, mse float64) { say("step %d: error %.5f", iter, mse) }
		var err error
		if w, err = tune.Fit(samples, k, start, fitOpt); err != nil {
			return c.tuneTooBig(err)
		}
	}
	for i := range w {
		w[i] = math.Round(w[i]) // as written
	}
	after := tune.MSE(samples, w, k)
	res := &tune.Weights{Rules: rs, Params: m.Params, Start: start, Fitted: w, Seen: tune.Count(samples, len(w)), Squares: o.squares}
	code := c.writeFile(out, func(f io.Writer) error {
		fmt.Fprintf(f, "# Written by chimera tune: %s.\n", o.source)
		fmt.Fprintf(f, "# %d positions; mean squared error %.5f -> %.5f (K %.3f, ridge %s).\n", len(samples), before, after, k, ridgeText(ridge))
		fmt.Fprintf(f, "extends: %s\nname: %s\n", base, tunedName(rs.Name))
		return res.WriteSection(f)
	})
	if code != exitOK {
		return code
	}
	if _, err := interpreter.Open(out); err != nil {
		fmt.Fprintf(c.err, "chimera tune: the file written does not load: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(c.out, "Tuned %s: %d games, %d positions, K %.3f, ridge %s\n", rs.Name, len(games), len(samples), k, ridgeText(ridge))
	if math.IsInf(ridge, 1) {
		fmt.Fprintf(c.out, "No fit predicted the held-out games better: the weights written are the variant's own\n")
	}
	fmt.Fprintf(c.out, "Mean squared error: %.5f -> %.5f", before, after)
	if !math.IsNaN(heldAfter) {
		fmt.Fprintf(c.out, "; on every tenth game, fitted without them: %.5f -> %.5f", heldBefore, heldAfter)
	}
	fmt.Fprintln(c.out)
	res.WriteChanges(c.out)
	fmt.Fprintf(c.out, "Wrote %s (chimera search %s)\n", out, out)
	return exitOK
}

func (c *context) tuneTooBig(err error) int {
	fmt.Fprintf(c.err, "chimera tune: %v: the square tables have too many weights for this variant; use --squares=false\n", err)
	return exitUsage
}

// validRidge reports whether s is a ridge's strength: a finite number from 0.
func validRidge(s string) bool {
	r, err := strconv.ParseFloat(s, 64)
	return err == nil && r >= 0 && !math.IsInf(r, 0)
}

// ridgeText writes the ridge's strength ("infinite" when the weights stayed).
func ridgeText(r float64) string {
	if math.IsInf(r, 1) {
		return "infinite: nothing fitted"
	}
	return fmt.Sprintf("%g", r)
}

// tunedName is the name of the tuned definition.
func tunedName(name string) string { return name + "-tuned" }

// tuneTarget returns what the tuned definition extends and the file it is written to: a
// built-in by its name; a definition file by its path from the output's directory, which
// must be that file's or above it (extends: reads files beside or below).
func tuneTarget(rs *compiler.Ruleset, variant, out string) (base, path string, err error) {
	if out == "" {
		out = tunedName(rs.Name) + ".yaml"
	}
	if !strings.HasSuffix(out, ".yaml") && !strings.HasSuffix(out, ".yml") {
		return "", "", fmt.Errorf("--out %s: the tuned definition is a .yaml file", defs.Quote(out))
	}
	if name, ok := defs.BuiltinName(variant); ok {
		return name, out, nil
	}
	if defs.IsINISpec(variant) {
		return "", "", fmt.Errorf("%s: a variant from an INI file cannot be extended; import it to a .yaml file first (chimera import)", defs.Quote(variant))
	}
	absOut, err1 := filepath.Abs(filepath.Dir(out))
	absVar, err2 := filepath.Abs(variant)
	if err1 != nil || err2 != nil {
		return "", "", fmt.Errorf("cannot place %s beside %s", defs.Quote(out), defs.Quote(variant))
	}
	rel, err := filepath.Rel(absOut, absVar)
	if err != nil || !filepath.IsLocal(rel) {
		return "", "", fmt.Errorf("--out %s: the tuned definition extends %s, so it must be written in that file's directory or above it", defs.Quote(out), defs.Quote(variant))
	}
	return filepath.ToSlash(rel), out, nil
}
