// The values command: piece values measured by handicap self-play.

package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/engine/selfplay"
)

var valuesCommand = &command{
	name:    "values",
	args:    "VARIANT",
	summary: "measure piece values by handicap self-play",
	details: `Measures what each piece type is worth by self-play, and sets the result next to the
values the definition declares (value: in the YAML).

Method. For each piece type that is not royal and stands on both sides' boards at the
start, the engine plays N games against itself from the start position with one piece
of that type removed from one side: from White in the even games, from Black in the odd
ones, so that the handicapped side alternates colours and the first-move advantage
cancels out of each pair. Each pair removes the next piece of the type in square order
(Black loses the mirror image of White's piece), so every piece of the type is taken in
turn. The score s of the full side, over the N games, becomes an Elo difference,
D = -400 log10(1/s - 1), with a 95 % interval from the trinomial variance of wins,
draws and losses. D is the piece's worth in Elo at this budget; it is then expressed in
units of the calibration piece U (--unit; by default the pawn, P, or else the piece with
the lowest declared value): value(T) = D(T) / D(U), with a margin from both Elo margins
(first-order error propagation). A score of 0 or 1 only bounds D (it is taken as 1/(2N)
from the end), and the value is then a lower bound (marked ≥).

When the unit's own handicap is within its margin of nothing (a pawn may be worth
almost no Elo at a small budget), it gives no scale; the table then also reads every
value on a fitted scale: the Elo per unit that best fits all the declared values at
once (weighted least squares through the origin, weights from the Elo margins), which
checks the declared values' ratios rather than the unit's own worth. The verdict uses
the unit's scale when it is determined, else the fitted one, and says so.

Read it with its margins. Elo per pawn grows with the search budget and is not linear
in material: a strong piece missing may lose nearly every game (a bound, not a value),
and at a small budget a pawn may be worth little Elo, which makes every ratio
uncertain; the report says so when the unit's own handicap is within its margin of
nothing. A declared value agrees when it lies within the measured value's margin;
"DISAGREES" flags one beyond it. Values are the declared centipawns over the unit's,
so a pawn at 100 makes a knight at 320 "3.20".

Trades (--trades NB,RB, or all for every pair of measured types) add N games for each
pair: one side without a piece of the first type, the other without one of the second
(the side lacking the first alternating colours), so the score of the side that kept its
first piece measures the first's worth less the second's directly, in Elo and in units.
The table sets it next to the same difference from the two single handicaps (a check of
consistency: values that add up) and the declared difference.

Each pair of games starts with --random-plies random legal moves (2 by default: one
a side), drawn per pair from --seed: from one position the engine repeats itself, and
repeated games would make the margins look narrower than they are (the table counts the
distinct games and says when too few differ).

Budget, jitter, seeds, --jobs and --shard as for chimera selfplay (the games of piece
type j are numbers j*N to (j+1)*N-1, the trades' follow); chimera merge reads the shards back into the table.

` + interruptHelp + hookErrorsHelp,
	examples: []string{
		"chimera values myvariant.yaml -n 60 --nodes 2000",
		"chimera values --def myvariant.yaml -n 40 --movetime 50 --jobs 2",
		"chimera values chess -n 400 --types QRBNP --unit P --json",
		"chimera values chess -n 200 --types NBP --trades NB --nodes 5000",
		"chimera values chess -n 200 --shard 0/4 --out cv-0.jsonl",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		setup := fs.String("setup", "", "start from this named setup (default: the first)")
		n := fs.IntP("games", "n", 40, "games per piece type (made even)")
		b := budgetFlags(fs)
		unit := fs.String("unit", "", "the calibration piece's letter (default: P, or the lowest declared value)")
		types := fs.String("types", "", "measure only these piece letters (the unit is always measured)")
		tradeFlag := fs.String("trades", "", "also play these pairs traded, as letter pairs (NB,RB), or all: every pair of measured types")
		random := fs.Int("random-plies", 2, "start each pair of games with this many random legal plies")
		pgn := fs.String("pgn", "", "write the games to this PGN file")
		asJSON := fs.Bool("json", false, "write the table as JSON")
		sh := shardFlags(fs)
		return func(c *context, args []string) int {
			rs, rest, code := c.variant(*def, args)
			if code != exitOK {
				return code
			}
			if code := c.noMoreArgs(rest); code != exitOK {
				return code
			}
			if *n < 2 || *n > maxGames {
				return c.usage("-n must be from 2 to %d, found %d", maxGames, *n)
			}
			opt, code := b.options(c, *random)
			if code != exitOK {
				return code
			}
			shard, code := sh.parse(c)
			if code != exitOK {
				return code
			}
			outs := []namedPath{{flag: "--pgn", path: *pgn}}
			if shard.n > 0 {
				outs = []namedPath{{flag: "--out", path: *sh.out}}
			}
			if code := c.openOutputs(runInputs(*def, args, ""), outs...); code != exitOK {
				return code
			}
			starts, err := startsFor(rs, *setup, "", 1, b.seed())
			if err != nil {
				return c.inputError(err)
			}
			fen := starts[0].FEN
			all, err := selfplay.Handicaps(rs, fen)
			if err != nil {
				return c.inputError(err)
			}
			if len(all) == 0 {
				return c.inputError(fmt.Errorf("no piece type to measure: every non-royal type must stand on both sides at the start"))
			}
			u, err := unitOf(rs, all, *unit)
			if err != nil {
				return c.usage("%v", err)
			}
			measured, err := chosenTypes(rs, all, *types, u)
			if err != nil {
				return c.usage("%v", err)
			}
			perType := *n + *n%2
			trades, err := chosenTrades(rs, measured, *tradeFlag)
			if err != nil {
				return c.usage("%v", err)
			}
			if total := perType * (len(measured) + len(trades)); total > maxGames {
				return c.usage("-n %d for %d piece types and %d trades is %d games, more than a run plays (%d): lower -n, or measure fewer types (--types)", *n, len(measured), len(trades), total, maxGames)
			}
			specs, err := selfplay.ValueSpecs(rs, fen, measured, perType, *random, b.seed())
			if err != nil {
				return c.inputError(err)
			}
			tradeSpecs, err := selfplay.TradeSpecs(rs, fen, trades, perType, *random, b.seed(), len(specs))
			if err != nil {
				return c.inputError(err)
			}
			specs = append(specs, tradeSpecs...)
			var letters strings.Builder
			for _, t := range measured {
				letters.WriteString(rs.Piece(t).LetterText)
			}
			header := selfplay.Header{Chimera: "values", Variant: variantName(*def, rs), Games: perType,
				Seed: b.seed(), Budget: b.text(), Nodes: *b.nodes, MoveTime: *b.movetime, Depth: *b.depth,
				MaxPlies: opt.MaxPlies, Jitter: opt.Jitter, RandomPlies: *random, Setup: *setup,
				Unit: rs.Piece(u).LetterText, Types: letters.String(), Trades: tradeText(rs, trades)}
			run, sig, code := c.runBatch(rs, selfplay.NewBatch(header, specs, shard.i, shard.n), *sh.resume, opt, b)
			if code != exitOK {
				return code
			}
			if shard.n > 0 {
				return signalStatus(c.gameHooks(c.writeRecords(*sh.out, run.Header, run.Games), *b.allowHooks, run.Played), sig)
			}
			return signalStatus(c.gameHooks(c.valuesOutput(rs, run.Header, run.Games, *pgn, *asJSON), *b.allowHooks, run.Played), sig)
		}
	},
}

// unitOf picks the calibration piece among the measurable types: the letter given, else
// P, else the lowest declared value, else the first type.
func unitOf(rs *compiler.Ruleset, types []int, letter string) (int, error) {
	if letter != "" {
		t := -1
		if len(letter) == 1 {
			t = rs.TypeOfText(letter)
		}
		if t < 0 || !slices.Contains(types, t) {
			return 0, fmt.Errorf("--unit %q is not a piece letter that can be measured here (%s)", letter, listLetters(rs, types))
		}
		return t, nil
	}
	for _, t := range types {
		if rs.Piece(t).Letter == 'P' {
			return t, nil
		}
	}
	best := types[0]
	for _, t := range types {
		if v := rs.Piece(t).Value; v > 0 && (rs.Piece(best).Value <= 0 || v < rs.Piece(best).Value) {
			best = t
		}
	}
	return best, nil
}

// chosenTypes is the types to measure: those of letters (all when empty), with the unit.
func chosenTypes(rs *compiler.Ruleset, all []int, letters string, unit int) ([]int, error) {
	if letters == "" {
		return all, nil
	}
	var out []int
	for i := 0; i < len(letters); i++ {
		t := rs.TypeOf(letters[i])
		if t < 0 || !slices.Contains(all, t) {
			return nil, fmt.Errorf("--types: %q is not a piece letter that can be measured here (%s)", letters[i], listLetters(rs, all))
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if !slices.Contains(out, unit) {
		out = append(out, unit)
	}
	slices.Sort(out)
	return out, nil
}

// chosenTrades reads --trades: pairs of letters of measured types (NB,RB), or all.
func chosenTrades(rs *compiler.Ruleset, measured []int, text string) ([][2]int, error) {
	var out [][2]int
	if text == "all" {
		for i, a := range measured {
			for _, b := range measured[i+1:] {
				out = append(out, [2]int{b, a})
			}
		}
		return out, nil
	}
	for _, pair := range tradeList(text) {
		t := [2]int{-1, -1}
		if len(pair) == 2 {
			t = [2]int{rs.TypeOf(pair[0]), rs.TypeOf(pair[1])}
		}
		switch {
		case len(pair) != 2:
			return nil, fmt.Errorf("--trades: %q is not a pair of piece letters (write NB,RB, or all)", pair)
		case !slices.Contains(measured, t[0]) || !slices.Contains(measured, t[1]):
			return nil, fmt.Errorf("--trades: %q: both letters must be measured types (%s)", pair, listLetters(rs, measured))
		case t[0] == t[1]:
			return nil, fmt.Errorf("--trades: %q trades a piece for its own kind", pair)
		case slices.ContainsFunc(out, func(o [2]int) bool { return o == t || o == [2]int{t[1], t[0]} }):
			return nil, fmt.Errorf("--trades: %q is given twice", pair)
		}
		out = append(out, t)
	}
	return out, nil
}

// tradeList splits NB,RB into its pairs.
func tradeList(text string) []string {
	var out []string
	for _, p := range strings.Split(text, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// tradeText writes trades as --trades reads them.
func tradeText(rs *compiler.Ruleset, trades [][2]int) string {
	var parts []string
	for _, t := range trades {
		parts = append(parts, rs.Piece(t[0]).LetterText+rs.Piece(t[1]).LetterText)
	}
	return strings.Join(parts, ",")
}

func listLetters(rs *compiler.Ruleset, types []int) string {
	var b strings.Builder
	for _, t := range types {
		b.WriteString(rs.Piece(t).LetterText)
	}
	return b.String()
}

// valuesOutput writes the values table, then the games as PGN.
func (c *context) valuesOutput(rs *compiler.Ruleset, h selfplay.Header, games []selfplay.Game, pgn string, asJSON bool) int {
	r := selfplay.AnalyzeValues(runInfo(rs, h, games), games, h.Unit)
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
	return max(code, c.writePGN(rs, pgn, "chimera values", h, games))
}
