// A run's records (a header, then its games, as JSON lines) and its batch: the games one
// machine plays of it, its shard's less those an interrupted run already wrote.

package selfplay

import (
	"errors"
	"fmt"

	"chimera/compiler"
	"chimera/engine/records"
)

// Header is the first JSON line of a run's records: what the run was.
type Header struct {
	Chimera     string  `json:"chimera"` // the command: selfplay or values
	Variant     string  `json:"variant"`
	Games       int     `json:"games"` // of the whole run (values: per piece type)
	Seed        uint64  `json:"seed"`
	Budget      string  `json:"budget"`
	Nodes       int64   `json:"nodes,omitempty"`
	MoveTime    int     `json:"movetime,omitempty"`
	Depth       int     `json:"depth,omitempty"`
	MaxPlies    int     `json:"max_plies"`
	Jitter      float64 `json:"jitter"`
	RandomPlies int     `json:"random_plies,omitempty"`
	Openings    string  `json:"openings,omitempty"`
	Setup       string  `json:"setup,omitempty"`
	Unit        string  `json:"unit,omitempty"`   // values: the unit piece's letter
	Types       string  `json:"types,omitempty"`  // values: the letters measured
	Trades      string  `json:"trades,omitempty"` // values: the pairs traded, as NB,RB
	Shard       string  `json:"shard,omitempty"`
	// Partial: the run was interrupted, and holds only the games that finished.
	Partial string `json:"partial,omitempty"`
}

// Same reports whether two headers describe the same run (shards aside).
func (h Header) Same(o Header) bool {
	h.Shard, o.Shard, h.Partial, o.Partial = "", "", "", ""
	return h == o
}

// Records are the contents of a file of a run's records.
type Records = records.File[Header, Game]

// recordsFormat reads the records of selfplay and values: a header naming its command.
func recordsFormat(cutOK bool) records.Format[Header] {
	return records.Format[Header]{MaxLine: 1 << 26, CutOK: cutOK, Header: func(h *Header, err error) error {
		switch {
		case err != nil && h.Chimera != "":
			return err
		case err != nil || h.Chimera == "":
			return errors.New("not the header of chimera selfplay or values records")
		}
		return nil
	}}
}

// ReadRecords reads a file of a run's records. With cutOK, a last line cut short (the
// run that wrote it stopped as it wrote it) is left out, its number in Cut.
func ReadRecords(path string, cutOK bool) (*Records, error) {
	return records.Read[Header, Game](path, recordsFormat(cutOK))
}

// A Batch is the games one machine plays of a run: the specs of its shard (all of the
// run's without shards), less the games an interrupted run of the same flags wrote
// (Resume), played and put back together with those (Finish).
type Batch struct {
	Header Header // the run's, with its shard, and Partial once Finish knows it
	Specs  []Spec // the games of the shard
	Kept   []Game // the games resumed
	Todo   []Spec // the games still to play
	Played []Game // the games played (Finish)
	Games  []Game // the games kept and played, in order (Finish)
}

// NewBatch is the batch of shard i of n of the run of specs h describes (n 0: the whole
// run): the pairs of games k with k mod n = i, as Shard keeps them.
func NewBatch(h Header, specs []Spec, i, n int) *Batch {
	if n > 0 {
		h.Shard = fmt.Sprintf("%d/%d", i, n)
		specs = Shard(specs, i, n)
	}
	return &Batch{Header: h, Specs: specs, Todo: specs}
}

// Resume keeps the games of recs, the records (read from path) of an interrupted run of
// the same header and shard, and leaves the others to play. Each game kept is checked as
// a merge checks it: replayed by rs, a game of the batch's shard, found once; an error
// names the file and line.
func (b *Batch) Resume(rs *compiler.Ruleset, recs *Records, path string) error {
	if fh := recs.Header; !b.Header.Same(fh) || fh.Shard != b.Header.Shard {
		return fmt.Errorf("%s: its records come from another run or shard than these flags describe: headers differ", path)
	}
	want := map[int]bool{}
	for _, sp := range b.Specs {
		want[sp.Index] = true
	}
	where := map[int]string{}
	var kept []Game
	for i, g := range recs.Records {
		at := fmt.Sprintf("%s:%d", path, recs.Lines[i])
		if first, ok := where[g.Index]; ok {
			return fmt.Errorf("%s: game %d again (first at %s)", at, g.Index, first)
		}
		if !want[g.Index] {
			return fmt.Errorf("%s: game number %d is not a game of this run's shard %s", at, g.Index, b.Header.Shard)
		}
		if err := Verify(rs, g, b.Header.MaxPlies); err != nil {
			return fmt.Errorf("%s: game %d: %v", at, g.Index, err)
		}
		where[g.Index] = at
		kept = append(kept, g)
	}
	var todo []Spec
	for _, sp := range b.Specs {
		if where[sp.Index] == "" {
			todo = append(todo, sp)
		}
	}
	b.Kept, b.Todo = kept, todo
	return nil
}

// Finish puts the games played back among the games kept, in order, and, when stop
// (what stopped the run early, "" when nothing did) left games unplayed, notes so in
// the header.
func (b *Batch) Finish(played []Game, stop string) {
	b.Played, b.Games = played, played
	if len(b.Kept) > 0 {
		b.Games = append(append([]Game(nil), b.Kept...), played...)
		SortGames(b.Games)
	}
	if stop != "" {
		b.Header.Partial = records.Partial(stop, len(b.Games), len(b.Specs))
	}
}
