// The train command: learn an evaluation network from self-play games and write it as a net file and a definition that names it.

package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/nnue"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/interpreter"
)

var trainCommand = &command{
	name:    "train",
	args:    "VARIANT",
	summary: "train an evaluation network on self-play games and write it with a definition that uses it",
	details: `Plays N games of the engine against itself (as chimera selfplay does, with its budget,
opening and --jobs flags), or reads games from --from FILE (selfplay's JSON lines: a
--shard file or the --out of chimera merge), and trains the variant's evaluation network
on their positions (docs/train.md).

Positions: every position the engine searched, with the side to move not in check, the
move played not a capture and the search's score within 3000 centipawns; the target is
--lambda times the score through the sigmoid 1/(1+10^(-score/400)), plus the rest times
the game's result for the side to move. Every tenth game is held out: its error is shown
after each epoch beside the training error.

Training: Adam on mean squared error, in float32 on --threads cores, --epochs passes over
the positions in mini-batches of --batch. --checkpoint FILE is written after each epoch;
--continue resumes from it (the same games and flags: the run then ends as an unbroken
one would).

Writes the quantised net (--out, default VARIANT-net.nnue; its header records the games,
positions, node budget, seed and epochs) and, beside it, a definition that extends the
variant and names the net (the net's name with .yaml, the variant's name with -net):
"chimera search FILE.yaml" and every
other command then play with it.

Past one machine: --shard I/N plays only its share of the games and writes them as JSON
lines (to standard output or --out) instead of training; "chimera merge --out games.jsonl
shard-*.jsonl" combines the shards, and "chimera train VARIANT --from games.jsonl" trains.

` + interruptHelp + `Without --shard, train then trains on the games that finished.`,
	examples: []string{
		"chimera train gardner -n 20 --nodes 300 --epochs 3 && chimera search gardner-net.yaml",
		"chimera train chess -n 2000 --nodes 2000 --random-plies 8 --epochs 20 --checkpoint chess.ckpt --out chess.nnue",
		"chimera train chess -n 2000 --nodes 2000 --shard 0/4 --out chess-0.jsonl",
		"chimera train chess --from chess-games.jsonl --epochs 20 --out chess.nnue",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		setup := fs.String("setup", "", "start from this named setup (default: the first)")
		n := fs.IntP("games", "n", 200, "number of games to play")
		b := budgetFlags(fs)
		openings := fs.String("openings", "", "start from the openings of this file: a FEN, EPD or moves from the setup a line, or PGN")
		random := fs.Int("random-plies", 8, "start each pair of games with this many random legal plies")
		sh := shardFlags(fs)
		fs.Lookup("out").Usage = "the net file (default VARIANT-net.nnue; the definition goes beside it as .yaml); with --shard, the JSON lines of the games (default: standard output)"
		from := fs.StringArray("from", nil, "train on the games of this JSON lines file (selfplay --shard, or merge --out) instead of playing")
		epochs := fs.Int("epochs", 10, "passes over the positions")
		batch := fs.Int("batch", 256, "positions per Adam step")
		rate := fs.Float64("rate", 0.001, "Adam's learning rate")
		lambda := fs.Float64("lambda", 0.75, "the target's share of the search's score (the rest: the game's result)")
		threads := fs.Int("threads", runtime.NumCPU(), "cores computing the gradient")
		ckpt := fs.String("checkpoint", "", "write the training's state to this file after each epoch")
		cont := fs.Bool("continue", false, "resume training from --checkpoint")
		residual := fs.Bool("residual", false, "train the net to learn what the linear evaluation misses: its score is added to that evaluation's, which the definition keeps")
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
			case *epochs < 1 || *epochs > 100000:
				return c.usage("--epochs must be from 1 to 100000, found %d", *epochs)
			case *batch < 1 || *batch > 1<<20:
				return c.usage("--batch must be from 1 to %d, found %d", 1<<20, *batch)
			case !(*rate > 0 && *rate <= 1):
				return c.usage("--rate must be above 0 and at most 1, found %g", *rate)
			case !(*lambda >= 0 && *lambda <= 1):
				return c.usage("--lambda must be from 0 to 1, found %g", *lambda)
			case *threads < 1 || *threads > 1024:
				return c.usage("--threads must be from 1 to 1024, found %d", *threads)
			case *cont && *ckpt == "":
				return c.usage("--continue resumes from --checkpoint FILE: give it")
			case *residual && rs.Net() != nil:
				return c.usage("--residual: %s evaluates with a net already; train over a definition with the linear evaluation alone", rs.Name)
			case len(*from) > 0 && *sh.spec != "":
				return c.usage("--from trains on games already played; --shard plays them: give one of them")
			}
			if fs.Changed("openings") && fs.Changed("random-plies") && *random > 0 {
				return c.usage("give --openings or --random-plies, not both")
			}
			if *openings != "" {
				*random = 0
			}
			t := trainRun{epochs: *epochs, quiet: *b.quiet, checkpoint: *ckpt, cont: *cont,
				opt: nnue.Options{Batch: *batch, Rate: *rate, Lambda: *lambda, Seed: b.seed(), Threads: *threads, Adds: *residual}}
			out, defOut := *sh.out, ""
			if *sh.spec == "" {
				var err error
				if out, defOut, t.base, err = trainTargets(rs, name, *sh.out); err != nil {
					return c.usage("%v", err)
				}
			}
			t.out, t.defOut = out, defOut
			inputs := runInputs(name, nil, *openings)
			for _, f := range *from {
				inputs = append(inputs, namedPath{flag: "--from", path: f})
			}
			if *cont {
				inputs = append(inputs, namedPath{flag: "--checkpoint", path: *ckpt})
			}
			if code := c.openOutputs(inputs, namedPath{flag: "--out", path: out}, namedPath{flag: "the definition", path: defOut}); code != exitOK {
				return code
			}
			if len(*from) > 0 {
				if code := c.onlyFrom(fs); code != exitOK {
					return code
				}
				games, source, code := c.readTuneGames(rs, *from)
				if code != exitOK {
					return code
				}
				t.source = source
				return c.train(rs, games, t)
			}
			games, source, sig, code, done := c.playToLearn(rs, *def, *setup, *openings, *n, *random, b, sh)
			if done {
				return code
			}
			t.nodes, t.source = *b.nodes, source
			return signalStatus(c.train(rs, games, t), sig)
		}
	},
}

// trainRun is what a training run was asked for.
type trainRun struct {
	epochs            int
	opt               nnue.Options
	quiet, cont       bool
	checkpoint        string
	out, defOut, base string
	source            string
	nodes             int64
}

// trainTargets returns the net file, the definition written beside it and what the
// definition extends (as tune's: a built-in by name, a file by its path from there).
func trainTargets(rs *compiler.Ruleset, variant, out string) (net, def, base string, err error) {
	if out == "" {
		out = rs.Name + "-net.nnue"
	}
	if !strings.HasSuffix(out, ".nnue") {
		return "", "", "", fmt.Errorf("--out %s: the net is a .nnue file", defs.Quote(out))
	}
	def = strings.TrimSuffix(out, ".nnue") + ".yaml"
	base, _, err = tuneTarget(rs, variant, def)
	if err != nil {
		return "", "", "", err
	}
	if filepath.Base(def) == filepath.Base(variant) && sameFile(def, variant) {
		return "", "", "", fmt.Errorf("--out %s: the definition %s would overwrite the variant's", defs.Quote(out), defs.Quote(def))
	}
	return out, def, base, nil
}

// train samples the games' positions, trains the network, writes it and its definition.
func (c *context) train(rs *compiler.Ruleset, played []selfplay.Game, t trainRun) int {
	say := func(format string, args ...any) {
		if !t.quiet {
			fmt.Fprintf(c.err, "chimera train: "+format+"\n", args...)
		}
	}
	started := time.Now()
	games := make([]nnue.Game, len(played))
	for i, g := range played {
		games[i] = nnue.Game{Index: g.Index, FEN: g.FEN, Moves: g.Moves, Opening: g.Opening, Scores: g.Scores, WhiteScore: g.WhiteScore()}
	}
	var base func(*interpreter.Position) int
	if t.opt.Adds {
		base = search.New(rs, 1).Evaluate
	}
	samples, err := nnue.Samples(rs, games, base, nil)
	if err != nil {
		return c.inputError(err)
	}
	train, held := nnue.Split(samples)
	if len(train) == 0 {
		return c.inputError(fmt.Errorf("no positions to train on in the %d games (quiet searched positions, scores within %d): play more or longer games", len(games), nnue.MaxLabel))
	}
	say("%d positions from %d games, %d of them held out (%s)", len(samples), len(games), len(held), time.Since(started).Round(time.Millisecond))
	f := compiler.Features(rs)
	var tr *nnue.Trainer
	if t.cont {
		data, err := defs.ReadRegular(t.checkpoint, "a checkpoint", 1<<30)
		if err != nil {
			return c.inputError(err)
		}
		if tr, err = nnue.Resume(data, f.Hash, len(samples)); err != nil {
			return c.inputError(fmt.Errorf("--checkpoint %s: %v", t.checkpoint, err))
		}
		tr.Opt.Threads = t.opt.Threads
		if tr.Opt.Adds != t.opt.Adds {
			return c.usage("--checkpoint %s: a run with --residual=%v; give the same", t.checkpoint, tr.Opt.Adds)
		}
		say("resuming at epoch %d of %d", tr.Epoch, t.epochs)
	} else {
		m := nnue.NewModel(f.Count, t.opt.Seed)
		if t.opt.Adds {
			m.ZeroOutput()
		}
		tr = nnue.NewTrainer(m, t.opt)
	}
	alone := ""
	if tr.Opt.Adds {
		alone = " (the linear evaluation's alone)"
	}
	say("%d inputs, %d units a side, then %d and %d: held-out error %.5f before training%s", f.Count, compiler.NetWidth, compiler.NetHidden1, compiler.NetHidden2, tr.Loss(held), alone)
	before := tr.Loss(held)
	for tr.Epoch < t.epochs {
		start := time.Now()
		last := time.Now()
		loss := tr.TrainEpoch(train, func(done, total int) {
			if !t.quiet && time.Since(last) > 2*time.Second {
				last = time.Now()
				fmt.Fprintf(c.err, "chimera train: epoch %d: %d/%d positions\n", tr.Epoch+1, done, total)
			}
		})
		say("epoch %d/%d: training error %.5f, held-out %.5f (%s)", tr.Epoch, t.epochs, loss, tr.Loss(held), time.Since(start).Round(time.Millisecond))
		if t.checkpoint != "" {
			data, err := tr.Checkpoint(f.Hash, len(samples))
			if err == nil {
				err = writeAtomic(t.checkpoint, data)
			}
			if err != nil {
				fmt.Fprintf(c.err, "chimera train: writing the checkpoint: %v\n", err)
				return exitFail
			}
		}
	}
	after := tr.Loss(held)
	q := tr.Model.Quantise(rs, nnue.Provenance{Games: len(games), Positions: len(samples), Nodes: t.nodes, Seed: t.opt.Seed, Epochs: tr.Epoch, Adds: tr.Opt.Adds})
	if code := c.writeFile(t.out, func(w io.Writer) error { _, err := w.Write(q.Encode()); return err }); code != exitOK {
		return code
	}
	rel, err := filepath.Rel(filepath.Dir(t.defOut), t.out)
	if err != nil {
		rel = filepath.Base(t.out)
	}
	code := c.writeFile(t.defOut, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "# Written by chimera train: %s.\n# %d positions, %d epochs; held-out error %.5f -> %.5f.\nextends: %s\nname: %s\nevaluation:\n  net: %s\n",
			t.source, len(samples), tr.Epoch, before, after, t.base, rs.Name+"-net", filepath.ToSlash(rel))
		return err
	})
	if code != exitOK {
		return code
	}
	if _, err := interpreter.Open(t.defOut); err != nil {
		fmt.Fprintf(c.err, "chimera train: the definition written does not load: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(c.out, "Trained %s: %d games, %d positions (%d held out), %d epochs\n", rs.Name, len(games), len(samples), len(held), tr.Epoch)
	if len(held) > 0 {
		fmt.Fprintf(c.out, "Held-out error: %.5f -> %.5f\n", before, after)
	} else {
		fmt.Fprintf(c.out, "No game held out (every tenth game is: play at least 10)\n")
	}
	fmt.Fprintf(c.out, "Wrote %s and %s (chimera search %s)\n", t.out, t.defOut, t.defOut)
	return exitOK
}

// writeAtomic writes data to path through a temporary file beside it, so that a run
// stopped as it writes leaves the last checkpoint whole.
func writeAtomic(path string, data []byte) error {
	tmp := path + partSuffix
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
