// Match records: the JSON lines of chimera match --shard, and their merge into the whole match's summary.

package cli

import (
	"fmt"
	"io"

	"chimera/engine/match"
	"chimera/engine/records"
	"chimera/interpreter"
)

// writeMatchRecords writes a header line and one JSON line a game, to path or standard
// output.
func (c *context) writeMatchRecords(path string, h match.Header, games []*match.Game) int {
	recs := make([]match.Record, len(games))
	for i, g := range games {
		recs[i] = match.RecordOf(g)
	}
	return c.writeOut(path, func(w io.Writer) error { return records.Write(w, h, recs) })
}

// mergeMatch reads the records of a sharded match, replays every game, and prints the
// summary the whole match gives (on one worker: the SPRT stops at its first decision in
// the games' order).
func (c *context) mergeMatch(paths []string, def string, partial bool, pgn, out string) int {
	var h *match.Header
	byIndex := map[int]match.Record{}
	where := map[int]string{}
	for _, path := range paths {
		recs, err := match.ReadRecords(path)
		if err != nil {
			return c.inputError(err)
		}
		switch fh := recs.Header; {
		case h == nil:
			h = &fh
		case !h.Same(fh):
			return c.inputError(fmt.Errorf("%s comes from another match than %s: headers differ", path, paths[0]))
		case h.Names == [2]string{}:
			h.Names = fh.Names
		}
		for i, r := range recs.Records {
			at := fmt.Sprintf("%s:%d", path, recs.Lines[i])
			if first, ok := where[r.Index]; ok {
				return c.inputError(fmt.Errorf("%s: game %d again (first at %s): each game is in one shard once", at, r.Index, first))
			}
			if r.Index < 0 || r.Index >= h.Games {
				return c.inputError(fmt.Errorf("%s: game number %d, outside the match's %d games", at, r.Index, h.Games))
			}
			byIndex[r.Index], where[r.Index] = r, at
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
	var games []*match.Game
	missing := 0
	for i := 0; i < h.Games; i++ {
		r, ok := byIndex[i]
		if !ok {
			missing++
			continue
		}
		// Every game is replayed: its moves legal, its result one the referee gives.
		if err := match.Verify(rs, r, h.MaxPlies); err != nil {
			return c.inputError(fmt.Errorf("%s: game %d: %v", where[i], i, err))
		}
		games = append(games, r.Game(h.Names))
	}
	cfg := h.Config()
	cfg.Ruleset = rs
	s := match.Tally(h.Names, games, h.Games, cfg.SPRT)
	if missing > 0 {
		first := 0
		for _, ok := byIndex[first]; ok; _, ok = byIndex[first] {
			first++
		}
		fmt.Fprintf(c.err, "chimera merge: %d of %d games missing (first missing: game %d)\n", missing, h.Games, first)
		if !partial {
			return exitFail
		}
	}
	merged := *h
	merged.Shard, merged.Partial = "", ""
	if missing > 0 {
		merged.Partial = fmt.Sprintf("%d of %d games missing", missing, h.Games)
	}
	if out != "" {
		if code := c.writeMatchRecords(out, merged, games); code != exitOK {
			return code
		}
	}
	if pgn != "" {
		if code := c.writeFile(pgn, func(w io.Writer) error {
			return match.WritePGN(w, cfg, s.Games)
		}); code != exitOK {
			return code
		}
	}
	printSummary(c.out, cfg, s)
	if merged.Partial != "" {
		fmt.Fprintf(c.out, "Partial: %s\n", merged.Partial)
	}
	return exitOK
}
