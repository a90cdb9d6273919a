// The merge command: combine the JSON lines of sharded selfplay or values runs.

package cli

import (
	"fmt"
	"sort"

	"github.com/spf13/pflag"

	"chimera/engine/perft"
	"chimera/engine/records"
	"chimera/engine/selfplay"
	"chimera/interpreter"
)

var mergeCommand = &command{
	name:    "merge",
	args:    "FILE...",
	summary: "combine the JSON lines of sharded selfplay, values, perft or match runs into their report",
	details: `Reads the JSON lines that chimera selfplay or chimera values write with --shard I/N (a
header line describing the run, then one line a game), checks that every file comes
from the same run (variant, budget, seed, number of games and the rest of the header;
the shard aside), puts the games in order by their index and writes the report the
unsharded run gives: games are numbered and seeded by index, so with --nodes or --depth
the merged report is exactly the one a single machine would have printed.

Every game is replayed before it is counted: its moves must be legal and written as
Chimera writes them, and its result the one the rules give (a record edited by hand is
refused, with its file and line). A game found twice, or a key Chimera does not write,
is an error; missing games are reported on standard error and left out of the report
(exit status 1 unless --partial; the report is then marked partial).

The shards of chimera perft --shard I/N add up to the unsharded count: merge checks that
the files count the same position to the same depth, that each root move is a legal move
of it counted once, and prints the root moves' counts (as --divide does) and the total
("Nodes searched: N"); root moves missing are an error (exit status 1) unless --partial. The
variant is reopened by the name or path in the header, or from --def.

The shards of chimera match --shard I/N give the match's summary (as chimera match prints
it): the files must come from one match (variant, engines, their names, games, clocks or
search limits, openings, seed, move cap, SPRT), every game is replayed (colours, moves,
and a result the referee gives: the rules', a draw at the move cap, or a forfeit, illegal
move, crash or resignation of the side to move), and the SPRT is applied to the games in
their order, stopping at its decision as a match on one worker does. --pgn writes the
games counted; --json and --html are for selfplay and values records.`,
	examples: []string{
		"chimera merge shard-*.jsonl",
		"chimera merge --html report.html --pgn games.pgn s0.jsonl s1.jsonl s2.jsonl s3.jsonl",
		"chimera merge --json values-*.jsonl",
		"chimera merge --pgn match.pgn m0.jsonl m1.jsonl m2.jsonl m3.jsonl",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		pgn := fs.String("pgn", "", "write the games to this PGN file")
		asJSON := fs.Bool("json", false, "write the report as JSON")
		html := fs.String("html", "", "selfplay: write the report as an HTML page with SVG charts to this file")
		out := fs.StringP("out", "o", "", "also write the merged JSON lines to this file")
		partial := fs.Bool("partial", false, "report on the games present even when some are missing")
		return func(c *context, args []string) int {
			if len(args) == 0 {
				return c.usage("missing FILE: the JSON lines of the shards")
			}
			var inputs []namedPath
			for _, a := range args {
				inputs = append(inputs, namedPath{flag: "an input", path: a})
			}
			if *def != "" {
				inputs = append(inputs, namedPath{flag: "--def", path: *def})
			}
			if code := c.openOutputs(inputs, namedPath{flag: "--out", path: *out}, namedPath{flag: "--pgn", path: *pgn}, namedPath{flag: "--html", path: *html}); code != exitOK {
				return code
			}
			kind, kindErr := records.Kind(args[0])
			if kindErr == nil {
				// Files of different commands: say so, rather than the first field that
				// one command's records have and the other's lack.
				for _, path := range args[1:] {
					if k, err := records.Kind(path); err == nil && k != "" && k != kind {
						return c.inputError(fmt.Errorf("%s holds records of chimera %s, %s of chimera %s: merge the files of one run", path, k, args[0], kind))
					}
				}
			}
			if kindErr == nil && kind == "perft" {
				if *asJSON || *html != "" || *pgn != "" {
					return c.usage("--json, --html and --pgn are for selfplay, values and match records: perft records have no games")
				}
				return c.mergePerft(args, *def, *partial)
			} else if kindErr == nil && kind == "match" {
				if *asJSON || *html != "" {
					return c.usage("--json and --html are for selfplay and values records")
				}
				return c.mergeMatch(args, *def, *partial, *pgn, *out)
			}
			var h *selfplay.Header
			byIndex := map[int]selfplay.Game{}
			where := map[int]string{} // file:line of each game
			for _, path := range args {
				recs, err := selfplay.ReadRecords(path, false)
				if err != nil {
					return c.inputError(err)
				}
				fh, games, lines := recs.Header, recs.Records, recs.Lines
				if h == nil {
					h = &fh
				} else if !h.Same(fh) {
					return c.inputError(fmt.Errorf("%s comes from another run than %s: headers differ", path, args[0]))
				}
				for i, g := range games {
					at := fmt.Sprintf("%s:%d", path, lines[i])
					if g.Index < 0 {
						return c.inputError(fmt.Errorf("%s: game number %d", at, g.Index))
					}
					if _, ok := byIndex[g.Index]; ok {
						return c.inputError(fmt.Errorf("%s: game %d again (first at %s): each game is in one shard once", at, g.Index, where[g.Index]))
					}
					byIndex[g.Index], where[g.Index] = g, at
				}
			}
			total := h.Games
			if h.Chimera == "values" {
				total = h.Games * (len(h.Types) + len(tradeList(h.Trades)))
			}
			if h.Games < 1 || h.Games > maxGames || total > maxGames {
				return c.inputError(fmt.Errorf("%s:1: the header's games, %d, is not a number of games Chimera plays in a run (1 to %d): a header edited by hand?", args[0], h.Games, maxGames))
			}
			games := make([]selfplay.Game, 0, len(byIndex))
			missing := 0
			for i := 0; i < total; i++ {
				if g, ok := byIndex[i]; ok {
					games = append(games, g)
				} else {
					missing++
				}
			}
			if missing > 0 {
				fmt.Fprintf(c.err, "chimera merge: %d of %d games missing (first missing: game %d)\n", missing, total, firstMissing(byIndex, total))
				if !*partial {
					return exitFail
				}
			}
			if len(byIndex) > len(games) {
				return c.inputError(fmt.Errorf("games numbered beyond the run's %d", total))
			}
			name := h.Variant
			if *def != "" {
				name = *def
			}
			rs, err := interpreter.Open(name)
			if err == nil {
				err = c.twoSided(rs)
			}
			if err != nil {
				return c.inputError(err)
			}
			// Every game is replayed: its moves legal, its result the rules'.
			for _, g := range games {
				if err := selfplay.Verify(rs, g, h.MaxPlies); err != nil {
					return c.inputError(fmt.Errorf("%s: game %d: %v", where[g.Index], g.Index, err))
				}
			}
			merged := *h
			merged.Shard, merged.Partial = "", ""
			if missing > 0 {
				merged.Partial = fmt.Sprintf("%d of %d games missing", missing, total)
			}
			if *out != "" {
				if code := c.writeRecords(*out, merged, games); code != exitOK {
					return code
				}
			}
			switch h.Chimera {
			case "selfplay":
				return c.selfplayOutput(rs, merged, games, *pgn, *html, *asJSON)
			case "values":
				if *html != "" {
					return c.usage("--html is for selfplay records")
				}
				return c.valuesOutput(rs, merged, games, *pgn, *asJSON)
			}
			return c.inputError(fmt.Errorf("%s: records of an unknown command %q", args[0], h.Chimera))
		}
	},
}

func firstMissing(byIndex map[int]selfplay.Game, total int) int {
	for i := 0; i < total; i++ {
		if _, ok := byIndex[i]; !ok {
			return i
		}
	}
	return -1
}

// mergePerft adds up the shards of a perft count.
func (c *context) mergePerft(paths []string, def string, partial bool) int {
	var h *perft.Header
	counts := map[string]int64{}
	where := map[string]string{}
	for _, path := range paths {
		recs, err := perft.ReadRecords(path)
		if err != nil {
			return c.inputError(err)
		}
		switch fh := recs.Header; {
		case h == nil:
			h = &fh
		case fh.Variant != h.Variant || fh.FEN != h.FEN || fh.Depth != h.Depth || fh.RootMoves != h.RootMoves:
			return c.inputError(fmt.Errorf("%s counts another position or depth than %s: headers differ", path, paths[0]))
		}
		for i, r := range recs.Records {
			at := fmt.Sprintf("%s:%d", path, recs.Lines[i])
			if first, ok := where[r.Move]; ok {
				return c.inputError(fmt.Errorf("%s: root move %s again (first at %s)", at, r.Move, first))
			}
			if r.Nodes < 0 {
				return c.inputError(fmt.Errorf("%s: root move %s with %d nodes", at, r.Move, r.Nodes))
			}
			counts[r.Move], where[r.Move] = r.Nodes, at
		}
	}
	name := h.Variant
	if def != "" {
		name = def
	}
	rs, err := interpreter.Open(name)
	if err == nil {
		err = c.twoSided(rs)
	}
	if err != nil {
		return c.inputError(err)
	}
	p, err := interpreter.FromFEN(rs, h.FEN)
	if err != nil {
		return c.inputError(err)
	}
	legal := map[string]bool{}
	for _, m := range p.LegalMoves(nil) {
		legal[p.Coord(m)] = true
	}
	if len(legal) != h.RootMoves {
		return c.inputError(fmt.Errorf("the records count %d root moves, the position has %d", h.RootMoves, len(legal)))
	}
	moves := make([]string, 0, len(counts))
	var total int64
	for m, n := range counts {
		if !legal[m] {
			return c.inputError(fmt.Errorf("%s: %s is not a legal move of %s", where[m], m, h.FEN))
		}
		moves = append(moves, m)
		total += n
	}
	sort.Strings(moves)
	for _, m := range moves {
		fmt.Fprintf(c.out, "%s: %d\n", m, counts[m])
	}
	fmt.Fprintln(c.out)
	if missing := h.RootMoves - len(counts); missing > 0 {
		fmt.Fprintf(c.out, "Nodes searched (partial, %d of %d root moves): %d\n", len(counts), h.RootMoves, total)
		fmt.Fprintf(c.err, "chimera merge: %d of %d root moves missing\n", missing, h.RootMoves)
		if !partial {
			return exitFail
		}
		return exitOK
	}
	fmt.Fprintf(c.out, "Nodes searched: %d\n", total)
	return exitOK
}
