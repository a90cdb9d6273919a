// Package partners referees games of four on boards played apart by partners
// (defs.Board.Apart): four engines, one a seat, each thinking on its own board with the
// pockets it has when it moves, while the two boards' games run at once.
//
// Scheduling (the rules text of the built-in played apart by partners, rule 10): of the seats to move, one on each board,
// the one whose clock has used the least moves next (board A first on a tie); a seat
// without a legal move waits and its clock stands. A move's time is its search's node
// count under a node or depth limit (so that games replay exactly on any machine), the
// time the search took under a move-time limit.
package partners

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"time"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// Reasons of a match that no board's game decided.
const (
	ReasonMoveCap = selfplay.ReasonMoveCap // the plies of both boards together reached the cap: a draw
	ReasonBlocked = "both boards blocked"  // no seat to move has a legal move: a draw
)

// Spec describes one match before it is played: its start (a pair's FEN), random plies
// (boards and moves drawn from OpeningSeed) and the jitter of the node budget (PlaySeed).
type Spec struct {
	Index       int
	FEN         string
	RandomPlies int
	OpeningSeed uint64
	PlaySeed    uint64
}

// Game is the record of one match. Moves are in the order played, each with its board
// ("A:e2e4"); SAN is each move's SAN on its board. Clocks holds each seat's time used,
// by board and side (nodes, or milliseconds under a move-time limit).
type Game struct {
	Index   int        `json:"index"`
	FEN     string     `json:"fen"`
	Opening int        `json:"opening"`
	Moves   []string   `json:"moves"`
	SAN     []string   `json:"san"`
	Result  string     `json:"result"` // 1-0: team 1 (White on A, Black on B) won
	Reason  string     `json:"reason"`
	Board   int        `json:"board"` // the board that decided the match, -1 for none
	Clocks  [][2]int64 `json:"clocks"`
	Nodes   int64      `json:"nodes"`
	Millis  int64      `json:"ms"`
	Passed  int        `json:"passed"` // men passed to a partner
	Final   string     `json:"final"`  // the pair's FEN at the end
}

// Play plays the match of spec with engines, one per seat in the order A white, A black,
// B white, B black (each cleared first). A nil engine's seat plays a legal move drawn at
// random (from the match's play seed), which uses one unit of its clock.
func Play(rs *compiler.Ruleset, engines []*search.Engine, spec Spec, opt selfplay.Options) (Game, error) {
	if opt.MaxPlies <= 0 {
		opt.MaxPlies = 600
	}
	start := time.Now()
	g := Game{Index: spec.Index, FEN: spec.FEN, Board: -1}
	q, err := interpreter.NewPair(rs, spec.FEN)
	if err != nil {
		return g, fmt.Errorf("match %d: %w", spec.Index, err)
	}
	if len(engines) != 2*len(q.Boards) {
		return g, fmt.Errorf("match %d: %d engines for %d seats", spec.Index, len(engines), 2*len(q.Boards))
	}
	for _, e := range engines {
		if e != nil {
			e.Clear()
		}
	}
	g.Clocks = make([][2]int64, len(q.Boards))
	var passed []interpreter.Captured
	play := func(k int, m interpreter.Move) error {
		g.Moves = append(g.Moves, q.Coord(k, m))
		g.SAN = append(g.SAN, q.Boards[k].SAN(m))
		passed, err = q.Play(k, m, passed[:0])
		g.Passed += len(passed)
		return err
	}
	openRNG := rand.New(rand.NewPCG(spec.OpeningSeed, 1))
	for i := 0; i < spec.RandomPlies && q.Result().Score == "*"; i++ {
		k := openRNG.IntN(len(q.Boards))
		moves := q.Boards[k].LegalMoves(nil)
		if len(moves) == 0 {
			continue
		}
		if err := play(k, moves[openRNG.IntN(len(moves))]); err != nil {
			return g, err
		}
	}
	g.Opening = len(g.Moves)
	ctx, cancel := selfplay.StopContext(opt.Stop)
	defer cancel()
	rng := rand.New(rand.NewPCG(spec.PlaySeed, 2))
	for {
		if r := q.Result(); r.Score != "*" {
			g.Result, g.Reason, g.Board = r.Score, r.Reason, r.Board
			break
		}
		if len(g.Moves) >= opt.MaxPlies {
			g.Result, g.Reason = "1/2-1/2", ReasonMoveCap
			break
		}
		k := Next(q, g.Clocks)
		if k < 0 {
			g.Result, g.Reason = "1/2-1/2", ReasonBlocked
			break
		}
		if ctx.Err() != nil {
			return g, selfplay.ErrInterrupted
		}
		lim := opt.Limits
		if lim.Nodes > 0 && opt.Jitter > 0 {
			lim.Nodes = max(1, int64(float64(lim.Nodes)*(1+opt.Jitter*(2*rng.Float64()-1))))
		}
		p := q.Boards[k]
		side := p.Side()
		if e := engines[2*k+int(side)]; e == nil {
			moves := p.LegalMoves(nil) // Next chose a board with a legal move
			g.Clocks[k][side]++
			if err := play(k, moves[rng.IntN(len(moves))]); err != nil {
				return g, fmt.Errorf("match %d: %w", spec.Index, err)
			}
			continue
		}
		t0 := time.Now()
		res := engines[2*k+int(side)].Search(ctx, p, lim, nil)
		if ctx.Err() != nil {
			return g, selfplay.ErrInterrupted
		}
		g.Nodes += res.Nodes
		used := res.Nodes
		if lim.Nodes <= 0 && lim.Depth <= 0 {
			used = time.Since(t0).Milliseconds()
		}
		g.Clocks[k][side] += max(used, 1)
		m := res.Best
		if m == interpreter.NoMove || !p.IsLegal(m) {
			m = p.LegalMoves(nil)[0] // Next chose a board with a legal move
		}
		if err := play(k, m); err != nil {
			return g, fmt.Errorf("match %d: %w", spec.Index, err)
		}
	}
	g.Final = q.FEN()
	g.Millis = time.Since(start).Milliseconds()
	return g, nil
}

// Next is the board whose seat to move moves next: of the boards whose side to move has a
// legal move, the one whose seat's clock (clocks, by board and side) has used the least,
// the first on a tie; -1 when every seat to move waits.
func Next(q *interpreter.Pair, clocks [][2]int64) int {
	best := -1
	for k, p := range q.Boards {
		if len(p.LegalMoves(nil)) == 0 {
			continue
		}
		if best < 0 || clocks[k][p.Side()] < clocks[best][q.Boards[best].Side()] {
			best = k
		}
	}
	return best
}

// Run plays specs one after another (each match's four engines are built once, with
// hashMB each) and returns the matches; done, when not nil, is called after each. The
// seats of team 2 (Black on the first board, White on the second, and so on) play random
// legal moves when randomTeam2 is set.
func Run(rs *compiler.Ruleset, specs []Spec, opt selfplay.Options, randomTeam2 bool, done func(Game)) ([]Game, error) {
	hash := opt.HashMB
	if hash <= 0 {
		hash = 16
	}
	engines := make([]*search.Engine, 2*rs.Partners)
	for i := range engines {
		if randomTeam2 && (interpreter.Seat{Board: i / 2, Side: compiler.Color(i % 2)}).Team() == 1 {
			continue
		}
		engines[i] = search.New(rs, hash)
	}
	var games []Game
	for _, s := range specs {
		g, err := Play(rs, engines, s, opt)
		if err != nil {
			return games, err
		}
		games = append(games, g)
		if done != nil {
			done(g)
		}
	}
	return games, nil
}

// Specs describes n matches from the pair's FEN fen, each with randomPlies random plies
// drawn from Seed(seed, i) and its jitter from Seed(^seed, i).
func Specs(n int, fen string, randomPlies int, seed uint64) []Spec {
	specs := make([]Spec, n)
	for i := range specs {
		specs[i] = Spec{Index: i, FEN: fen, RandomPlies: randomPlies,
			OpeningSeed: selfplay.Seed(seed, i), PlaySeed: selfplay.Seed(^seed, i)}
	}
	return specs
}

// Verify replays the record g by the rules rs: every move legal on its board in turn and
// written as Chimera writes it (coordinates and SAN), the position at the end g's Final,
// and the result and reason those the moves reach (the move cap a draw at maxPlies, both
// boards blocked a draw when no seat to move has a legal move).
func Verify(rs *compiler.Ruleset, g Game, maxPlies int) error {
	q, err := interpreter.NewPair(rs, g.FEN)
	if err != nil {
		return err
	}
	if len(g.SAN) != len(g.Moves) {
		return fmt.Errorf("%d moves but %d SAN moves", len(g.Moves), len(g.SAN))
	}
	for i, text := range g.Moves {
		if r := q.Result(); r.Score != "*" {
			return fmt.Errorf("move %d, %s: the match was over (%s, %s)", i+1, text, r.Score, r.Reason)
		}
		k, m, err := q.ParseMove(text)
		if err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		if c := q.Coord(k, m); c != text {
			return fmt.Errorf("move %d: %s is written %s", i+1, text, c)
		}
		if san := q.Boards[k].SAN(m); san != g.SAN[i] {
			return fmt.Errorf("move %d, %s: its SAN is %s, not %s", i+1, text, san, g.SAN[i])
		}
		if _, err := q.Play(k, m, nil); err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	if f := q.FEN(); f != g.Final {
		return fmt.Errorf("the moves end in %s, not %s", f, g.Final)
	}
	r := q.Result()
	switch {
	case g.Reason == ReasonMoveCap:
		if r.Score != "*" || len(g.Moves) != maxPlies || g.Result != "1/2-1/2" {
			return fmt.Errorf("%s %s after %d plies: the pair says %s (%s), the cap is %d", g.Result, g.Reason, len(g.Moves), r.Score, r.Reason, maxPlies)
		}
	case g.Reason == ReasonBlocked:
		if r.Score != "*" || Next(q, make([][2]int64, len(q.Boards))) >= 0 || g.Result != "1/2-1/2" {
			return fmt.Errorf("%s %s, but a seat to move has a legal move or the match is decided", g.Result, g.Reason)
		}
	case r.Score == "*":
		return fmt.Errorf("the result %s (%s), but the match goes on after its %d moves", g.Result, g.Reason, len(g.Moves))
	case r.Score != g.Result || r.Reason != g.Reason || r.Board != g.Board:
		return fmt.Errorf("the result %s (%s on board %s), but the moves end in %s (%s on board %s)", g.Result, g.Reason, interpreter.BoardName(g.Board), r.Score, r.Reason, interpreter.BoardName(r.Board))
	}
	return nil
}

// WritePGN writes match g as one PGN game per board, each with a Board tag ("A", "B"),
// the seats' players (its team's player, players[0] or [1], and the seat), the board's result (a team's win is a win
// of its player there), its start and its moves in SAN, and a Match tag holding the
// match's moves in the order played, each with its board, from which the match replays
// (the drops of one board depend on the captures of the other).
func WritePGN(w io.Writer, rs *compiler.Ruleset, event, variant, date string, players [2]string, g Game) error {
	q, err := interpreter.NewPair(rs, g.FEN)
	if err != nil {
		return fmt.Errorf("match %d: its start: %v", g.Index+1, err)
	}
	if date == "" {
		date = "????.??.??"
	}
	order := ""
	for i, m := range g.Moves {
		if i > 0 {
			order += " "
		}
		order += m
	}
	for k, p := range q.Boards {
		var san []string
		for i, m := range g.Moves {
			if len(m) > 1 && m[0] == 'A'+byte(k) {
				san = append(san, g.SAN[i])
			}
		}
		seat := func(c compiler.Color) string {
			s := interpreter.Seat{Board: k, Side: c}
			return fmt.Sprintf("%s (board %s %s, team %d)", players[s.Team()], interpreter.BoardName(k), interpreter.SideName(c), s.Team()+1)
		}
		score := interpreter.BoardScore(k, g.Result)
		end := g.Reason
		if g.Board >= 0 && g.Board != k {
			end += " on board " + interpreter.BoardName(g.Board)
		}
		tags := []gametext.Tag{
			{Name: "Event", Value: event}, {Name: "Site", Value: "?"}, {Name: "Date", Value: date},
			{Name: "Round", Value: strconv.Itoa(g.Index + 1)},
			{Name: "White", Value: seat(compiler.White)}, {Name: "Black", Value: seat(compiler.Black)},
			{Name: "Result", Value: score}, {Name: "Variant", Value: variant},
			{Name: "Board", Value: interpreter.BoardName(k)},
			{Name: "SetUp", Value: "1"}, {Name: "FEN", Value: p.FEN()},
			{Name: "Termination", Value: end}, {Name: "PlyCount", Value: strconv.Itoa(len(san))},
			{Name: "Match", Value: order},
		}
		rec := gametext.Record{Tags: tags, Start: p, SAN: san, End: end, Result: score}
		if err := rec.Write(w); err != nil {
			return err
		}
	}
	return nil
}
