// Match records: games as JSON lines for sharded matches, checked by replaying them, and summed up as a whole match would be.

package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"chimera/compiler"
	"chimera/engine/records"
	"chimera/interpreter"
)

// Record is a game of a match as a JSON line: what a merge of shards needs to check the
// game by replaying it and to sum the match up (the engines' names are the run's).
type Record struct {
	Index       int      `json:"index"`
	White       int      `json:"white"`             // the engine that played White: 0 (engine 1) in even games
	FEN         string   `json:"fen,omitempty"`     // the start, when not the variant's standard one
	Opening     string   `json:"opening,omitempty"` // where the start came from
	Book        int      `json:"book"`              // the first plies, from the opening (not searched)
	Moves       []string `json:"moves"`             // coordinate notation
	SAN         []string `json:"san"`
	Millis      []int64  `json:"ms"`    // each move's time (0 for book moves)
	Evals       []string `json:"evals"` // the score and depth each engine move came with, or ""
	Result      string   `json:"result"`
	Reason      string   `json:"reason"`
	Termination string   `json:"termination"`
	Date        string   `json:"date"` // yyyy.mm.dd
}

// RecordOf writes game g as a record.
func RecordOf(g *Game) Record {
	r := Record{Index: g.Index, White: g.White, FEN: g.FEN, Opening: g.Opening, Result: g.Result, Reason: g.Reason,
		Termination: g.Termination, Date: g.Date.Format("2006.01.02"),
		Moves: []string{}, SAN: []string{}, Millis: []int64{}, Evals: []string{}}
	for _, m := range g.Moves {
		if m.Book {
			r.Book++
		}
		r.Moves, r.SAN = append(r.Moves, m.Coord), append(r.SAN, m.SAN)
		r.Millis, r.Evals = append(r.Millis, m.Elapsed.Milliseconds()), append(r.Evals, m.Eval)
	}
	return r
}

// Game reads a record back as a game of the engines names (a record Verify accepted).
func (r Record) Game(names [2]string) *Game {
	g := &Game{Index: r.Index, White: r.White, Names: names, FEN: r.FEN, Opening: r.Opening, Result: r.Result,
		Reason: r.Reason, Termination: r.Termination}
	g.Date, _ = time.Parse("2006.01.02", r.Date)
	for i, m := range r.Moves {
		g.Moves = append(g.Moves, PlayedMove{Coord: m, SAN: r.SAN[i], Book: i < r.Book,
			Elapsed: time.Duration(r.Millis[i]) * time.Millisecond, Eval: r.Evals[i]})
	}
	return g
}

// Header is the first JSON line of a match shard's records: what the match was.
type Header struct {
	Chimera     string      `json:"chimera"` // "match"
	Variant     string      `json:"variant"`
	Engines     [2]string   `json:"engines"`           // the --engine commands
	Options     []string    `json:"options,omitempty"` // the --option settings
	Names       [2]string   `json:"names"`             // the names the engines go by in the match
	Games       int         `json:"games"`             // of the whole match
	TC          TCRecord    `json:"tc"`
	TC2         *TCRecord   `json:"tc2,omitempty"` // engine 2's, in a time handicap
	Seed        uint64      `json:"seed"`
	RandomPlies int         `json:"random_plies,omitempty"`
	Setup       string      `json:"setup,omitempty"` // --setup
	Openings    string      `json:"openings,omitempty"`
	MaxPlies    int         `json:"max_plies"`
	SPRT        *SPRTRecord `json:"sprt,omitempty"`
	Shard       string      `json:"shard,omitempty"`
	// Partial: the shard was interrupted, and holds only the games that finished.
	Partial string `json:"partial,omitempty"`
}

// TCRecord is a time control in a header, in milliseconds.
type TCRecord struct {
	Moves    int   `json:"moves,omitempty"`
	Base     int64 `json:"base_ms,omitempty"`
	Inc      int64 `json:"inc_ms,omitempty"`
	MoveTime int64 `json:"movetime_ms,omitempty"`
	Nodes    int64 `json:"nodes,omitempty"`
	Depth    int   `json:"depth,omitempty"`
}

// TCRecordOf is tc as a header records it.
func TCRecordOf(tc TimeControl) TCRecord {
	return TCRecord{Moves: tc.Moves, Base: tc.Base.Milliseconds(), Inc: tc.Inc.Milliseconds(),
		MoveTime: tc.MoveTime.Milliseconds(), Nodes: tc.Nodes, Depth: tc.Depth}
}

// TimeControl is the time control r records.
func (r TCRecord) TimeControl() TimeControl {
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	return TimeControl{Moves: r.Moves, Base: ms(r.Base), Inc: ms(r.Inc), MoveTime: ms(r.MoveTime), Nodes: r.Nodes, Depth: r.Depth}
}

// SPRTRecord is an SPRT in a header.
type SPRTRecord struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// Config is the match a header describes, as far as summing it up needs.
func (h Header) Config() Config {
	cfg := Config{Games: h.Games, TC: h.TC.TimeControl(), MaxPlies: h.MaxPlies, Seed: h.Seed, RandomPlies: h.RandomPlies}
	if h.TC2 != nil {
		tc := h.TC2.TimeControl()
		cfg.TC2 = &tc
	}
	if h.SPRT != nil {
		cfg.SPRT = &SPRT{Elo0: h.SPRT.Elo0, Elo1: h.SPRT.Elo1, Alpha: h.SPRT.Alpha, Beta: h.SPRT.Beta}
	}
	return cfg
}

// Same reports whether two headers describe the same match (shards aside).
func (h Header) Same(o Header) bool {
	h.Shard, o.Shard, h.Partial, o.Partial = "", "", "", ""
	if h.Names == [2]string{} || o.Names == [2]string{} { // a shard interrupted before its engines gave names
		h.Names, o.Names = [2]string{}, [2]string{}
	}
	a, _ := json.Marshal(h)
	b, _ := json.Marshal(o)
	return bytes.Equal(a, b)
}

// ReadRecords reads the records of a match's shard.
func ReadRecords(path string) (*records.File[Header, Record], error) {
	return records.Read[Header, Record](path, records.Format[Header]{MaxLine: 1 << 26, Header: func(h *Header, err error) error {
		if err != nil || h.Chimera != "match" {
			return fmt.Errorf("not the header of chimera match records (%v)", err)
		}
		return nil
	}})
}

// Verify replays record r of a match of rs with the move cap maxPlies (0: none): the
// colours as the game's number gives them, every move legal and written as Chimera writes
// it, and the result one the referee gives: the rules' verdict at the end of the moves,
// a draw at the move cap, or (a forfeit, an illegal move, a crash, a resignation) a loss
// in a game still going, of the side to move unless the engine could not start.
func Verify(rs *compiler.Ruleset, r Record, maxPlies int) error {
	if r.Index < 0 || r.White != r.Index%2 {
		return fmt.Errorf("engine %d White in game %d: engine 1 is White in even games", r.White+1, r.Index)
	}
	fen := r.FEN
	if fen == "" {
		var err error
		if fen, err = standardStart(rs); err != nil {
			return err
		}
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return err
	}
	n := len(r.Moves)
	if len(r.SAN) != n || len(r.Millis) != n || len(r.Evals) != n {
		return fmt.Errorf("%d moves but %d SAN moves, %d times and %d scores", n, len(r.SAN), len(r.Millis), len(r.Evals))
	}
	if r.Book < 0 || r.Book > n {
		return fmt.Errorf("an opening of %d plies in a game of %d", r.Book, n)
	}
	if maxPlies > 0 && n > maxPlies {
		return fmt.Errorf("%d moves, beyond the match's move cap of %d", n, maxPlies)
	}
	for i, text := range r.Moves {
		if res := p.Result(); res != interpreter.Ongoing {
			return fmt.Errorf("move %d, %s: the game was over (%s, %s)", i+1, text, res.Score, res.Reason)
		}
		m, err := p.ParseMove(text)
		if err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		if c := p.Coord(m); c != text {
			return fmt.Errorf("move %d: %s is written %s", i+1, text, c)
		}
		if san := p.SAN(m); san != r.SAN[i] {
			return fmt.Errorf("move %d, %s: its SAN is %s, not %s", i+1, text, san, r.SAN[i])
		}
		p.Make(m)
	}
	res := p.Result()
	// loser is the result of a loss of the side to move.
	loser := "1-0"
	if p.Side() == compiler.White {
		loser = "0-1"
	}
	resigned := r.Termination == "normal" && strings.HasSuffix(r.Reason, " resigns")
	switch {
	case !validResult(r.Result):
		return fmt.Errorf("the result %q (1-0, 0-1, 1/2-1/2, or 3/4-1/4 and 1/4-3/4 where the rules score so)", r.Result)
	case r.Termination == "normal" && !resigned:
		if res.Score != r.Result || res.Reason != r.Reason {
			return fmt.Errorf("the result %s (%s), but the moves end in %s (%s)", r.Result, r.Reason, res.Score, res.Reason)
		}
		return nil
	case res != interpreter.Ongoing:
		return fmt.Errorf("the result %s (%s, %s), but the moves end the game: %s (%s)", r.Result, r.Termination, r.Reason, res.Score, res.Reason)
	case r.Termination == "adjudication":
		if r.Result != "1/2-1/2" || maxPlies <= 0 || n != maxPlies {
			return fmt.Errorf("%s by adjudication after %d plies, the move cap being %d", r.Result, n, maxPlies)
		}
	case resigned, r.Termination == "time forfeit", r.Termination == "rules infraction":
		if r.Result != loser {
			return fmt.Errorf("the result %s (%s), but the side to move is the one that lost", r.Result, r.Reason)
		}
	case r.Termination == "abandoned":
		if r.Result == "1/2-1/2" {
			return fmt.Errorf("a draw by %s", r.Termination)
		}
	default:
		return fmt.Errorf("a game ended by %q (normal, adjudication, time forfeit, rules infraction, abandoned)", r.Termination)
	}
	return nil
}

// validResult reports whether r is a finished game's result.
func validResult(r string) bool {
	_, ok := interpreter.WhitePoints(r)
	return ok
}

// scorer sums games up as they finish: the score for engine 1, White's results, the
// endings, and the SPRT's state.
type scorer struct {
	s       *Summary
	sprt    *SPRT
	w, d, l int
}

func newScorer(names [2]string, sprt *SPRT) *scorer {
	return &scorer{s: &Summary{Names: names, Endings: map[string]int{}}, sprt: sprt}
}

// add counts game g and reports whether the SPRT has just reached its decision.
func (sc *scorer) add(g *Game) bool {
	s := sc.s
	s.Games = append(s.Games, g)
	// A 3/4 or 1/4 result (where the rules score so) counts as a win or a loss in the
	// tallies and the SPRT; the points (Game.Score) are exact.
	switch pts := g.Score(0); {
	case pts > 0.5:
		sc.w++
	case pts == 0.5:
		sc.d++
	default:
		sc.l++
	}
	switch w, _ := interpreter.WhitePoints(g.Result); {
	case w > 0.5:
		s.White[0]++
	case w == 0.5:
		s.White[1]++
	default:
		s.White[2]++
	}
	s.Endings[g.Reason]++
	s.Estimate = NewEstimate(sc.w, sc.d, sc.l)
	if sc.sprt == nil {
		return false
	}
	s.LLR = sc.sprt.LLR(sc.w, sc.d, sc.l)
	if dec := sc.sprt.Decision(sc.w, sc.d, sc.l); dec != "" && s.Decision == "" {
		s.Decision = dec
		return true
	}
	return false
}

// Tally sums up the games of a match of total games between engines names, as Run does
// when it plays them on one worker: in the order of their numbers, stopping at the
// SPRT's decision (the games after it are left out).
func Tally(names [2]string, games []*Game, total int, sprt *SPRT) *Summary {
	games = append([]*Game(nil), games...)
	sort.Slice(games, func(i, j int) bool { return games[i].Index < games[j].Index })
	sc := newScorer(names, sprt)
	for _, g := range games {
		if sc.add(g) {
			break
		}
	}
	sc.s.Stopped = len(sc.s.Games) < total
	return sc.s
}

// WritePGN writes the games as Run does (cfg gives the variant, the clocks and the Event
// tag); it stops at the first error.
func WritePGN(w io.Writer, cfg Config, games []*Game) error {
	if cfg.Event == "" {
		cfg.Event = "chimera match"
	}
	for _, g := range games {
		if err := writePGN(w, cfg, g); err != nil {
			return err
		}
	}
	return nil
}
