// Match records: the JSON lines of chimera match --shard, and their merge into the whole match's summary.

package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"chimera/engine/match"
	"chimera/interpreter"
)

// matchHeader is the first JSON line of a match shard's records: what the match was.
type matchHeader struct {
	Chimera     string      `json:"chimera"` // "match"
	Variant     string      `json:"variant"`
	Engines     [2]string   `json:"engines"`           // the --engine commands
	Options     []string    `json:"options,omitempty"` // the --option settings
	Names       [2]string   `json:"names"`             // the names the engines go by in the match
	Games       int         `json:"games"`             // of the whole match
	TC          tcRecord    `json:"tc"`
	TC2         *tcRecord   `json:"tc2,omitempty"` // engine 2's, in a time handicap
	Seed        uint64      `json:"seed"`
	RandomPlies int         `json:"random_plies,omitempty"`
	Setup       string      `json:"setup,omitempty"` // --setup
	Openings    string      `json:"openings,omitempty"`
	MaxPlies    int         `json:"max_plies"`
	SPRT        *sprtRecord `json:"sprt,omitempty"`
	Shard       string      `json:"shard,omitempty"`
	// Partial: the shard was interrupted, and holds only the games that finished.
	Partial string `json:"partial,omitempty"`
}

// tcRecord is a time control in a header, in milliseconds.
type tcRecord struct {
	Moves    int   `json:"moves,omitempty"`
	Base     int64 `json:"base_ms,omitempty"`
	Inc      int64 `json:"inc_ms,omitempty"`
	MoveTime int64 `json:"movetime_ms,omitempty"`
	Nodes    int64 `json:"nodes,omitempty"`
	Depth    int   `json:"depth,omitempty"`
}

func tcRecordOf(tc match.TimeControl) tcRecord {
	return tcRecord{Moves: tc.Moves, Base: tc.Base.Milliseconds(), Inc: tc.Inc.Milliseconds(),
		MoveTime: tc.MoveTime.Milliseconds(), Nodes: tc.Nodes, Depth: tc.Depth}
}

func (r tcRecord) timeControl() match.TimeControl {
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	return match.TimeControl{Moves: r.Moves, Base: ms(r.Base), Inc: ms(r.Inc), MoveTime: ms(r.MoveTime), Nodes: r.Nodes, Depth: r.Depth}
}

type sprtRecord struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// config is the match a header describes, as far as summing it up needs.
func (h matchHeader) config() match.Config {
	cfg := match.Config{Games: h.Games, TC: h.TC.timeControl(), MaxPlies: h.MaxPlies, Seed: h.Seed, RandomPlies: h.RandomPlies}
	if h.TC2 != nil {
		tc := h.TC2.timeControl()
		cfg.TC2 = &tc
	}
	if h.SPRT != nil {
		cfg.SPRT = &match.SPRT{Elo0: h.SPRT.Elo0, Elo1: h.SPRT.Elo1, Alpha: h.SPRT.Alpha, Beta: h.SPRT.Beta}
	}
	return cfg
}

// same reports whether two headers describe the same match (shards aside).
func (h matchHeader) same(o matchHeader) bool {
	h.Shard, o.Shard, h.Partial, o.Partial = "", "", "", ""
	if h.Names == [2]string{} || o.Names == [2]string{} { // a shard interrupted before its engines gave names
		h.Names, o.Names = [2]string{}, [2]string{}
	}
	a, _ := json.Marshal(h)
	b, _ := json.Marshal(o)
	return bytes.Equal(a, b)
}

// writeMatchRecords writes a header line and one JSON line a game, to path or standard
// output.
func (c *context) writeMatchRecords(path string, h matchHeader, games []*match.Game) int {
	return c.writeOut(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		if err := enc.Encode(h); err != nil {
			return err
		}
		for _, g := range games {
			if err := enc.Encode(match.RecordOf(g)); err != nil {
				return err
			}
		}
		return nil
	})
}

// mergeMatch reads the records of a sharded match, replays every game, and prints the
// summary the whole match gives (on one worker: the SPRT stops at its first decision in
// the games' order).
func (c *context) mergeMatch(paths []string, def string, partial bool, pgn, out string) int {
	var h *matchHeader
	byIndex := map[int]match.Record{}
	where := map[int]string{}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return c.inputError(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		line := 0
		for sc.Scan() {
			line++
			if len(sc.Bytes()) == 0 {
				continue
			}
			dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
			dec.DisallowUnknownFields()
			if line == 1 {
				var fh matchHeader
				if err := dec.Decode(&fh); err != nil || fh.Chimera != "match" {
					f.Close()
					return c.inputError(fmt.Errorf("%s:1: not the header of chimera match records (%v)", path, err))
				}
				if h == nil {
					h = &fh
				} else if !h.same(fh) {
					f.Close()
					return c.inputError(fmt.Errorf("%s comes from another match than %s: headers differ", path, paths[0]))
				} else if h.Names == [2]string{} {
					h.Names = fh.Names
				}
				continue
			}
			var r match.Record
			if err := dec.Decode(&r); err != nil {
				f.Close()
				return c.inputError(fmt.Errorf("%s:%d: %v", path, line, err))
			}
			at := fmt.Sprintf("%s:%d", path, line)
			if first, ok := where[r.Index]; ok {
				f.Close()
				return c.inputError(fmt.Errorf("%s: game %d again (first at %s): each game is in one shard once", at, r.Index, first))
			}
			if r.Index < 0 || r.Index >= h.Games {
				f.Close()
				return c.inputError(fmt.Errorf("%s: game number %d, outside the match's %d games", at, r.Index, h.Games))
			}
			byIndex[r.Index], where[r.Index] = r, at
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return c.inputError(scanError(path, line, err))
		}
		if line == 0 {
			return c.inputError(fmt.Errorf("%s: empty", path))
		}
	}
	name := h.Variant
	if def != "" {
		name = def
	}
	rs, err := interpreter.Open(name)
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
	cfg := h.config()
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
