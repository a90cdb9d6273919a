// Players and games of seats: the engine, a random and a greedy player, a game among them
// and its record (docs/fourplayer-rules.md, "Records").

package seats

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// Player chooses a move of the seat to move; an error (an engine process that failed)
// ends the game.
type Player interface {
	Name() string
	Move(t *interpreter.Table) (interpreter.TableMove, error)
}

// Engine is the searcher as a player, each move within its limits.
type Engine struct {
	S   *Searcher
	Lim Limits
}

func (e *Engine) Name() string {
	switch {
	case e.Lim.Nodes > 0:
		return fmt.Sprintf("chimera (paranoid, %d nodes)", e.Lim.Nodes)
	case e.Lim.Depth > 0:
		return fmt.Sprintf("chimera (paranoid, depth %d)", e.Lim.Depth)
	}
	return fmt.Sprintf("chimera (paranoid, %v)", e.Lim.Time)
}

func (e *Engine) Move(t *interpreter.Table) (interpreter.TableMove, error) {
	return e.S.Best(t, e.Lim).Move, nil
}

// Random plays a legal move drawn at random.
type Random struct{ R *rand.Rand }

func (Random) Name() string { return "random" }

func (p Random) Move(t *interpreter.Table) (interpreter.TableMove, error) {
	ms := t.LegalMoves(nil)
	return ms[p.R.IntN(len(ms))], nil
}

// Greedy takes the most valuable man it can (a royal man first; among equals the first
// found), else plays a move drawn at random.
type Greedy struct {
	R *rand.Rand
	S *Searcher // for the men's worth
}

func (Greedy) Name() string { return "greedy" }

func (p Greedy) Move(t *interpreter.Table) (interpreter.TableMove, error) {
	ms := t.LegalMoves(nil)
	best, worth := -1, 0
	for i, m := range ms {
		if v := p.S.taken(t, m); v > worth {
			best, worth = i, v
		}
	}
	if best >= 0 {
		return ms[best], nil
	}
	return ms[p.R.IntN(len(ms))], nil
}

// Game is a game of seats played: its start, its moves (as Table.Coord writes them, in
// the order played), the players by seat, how it ended (Winner: the winning team, -1 a
// draw) and each seat's points.
type Game struct {
	FEN     string
	Moves   []string
	Players []string
	Winner  int
	Reason  string
	Points  []int
	Out     []bool
}

// ReasonMoveCap ends a game that reached the cap on moves: decided by points where the
// rules score them, else a draw.
const ReasonMoveCap = "move cap"

// Play plays a game from t (which it plays on) between players, one a seat, for at most
// maxMoves moves.
func Play(t *interpreter.Table, players []Player, maxMoves int) (Game, error) {
	rs := t.Ruleset()
	sr := rs.Seats
	if len(players) != sr.Seats() {
		return Game{}, fmt.Errorf("%d players for %d seats", len(players), sr.Seats())
	}
	g := Game{FEN: t.FEN(), Winner: -1}
	for _, p := range players {
		g.Players = append(g.Players, p.Name())
	}
	for len(g.Moves) < maxMoves && !t.Result().Over {
		m, err := players[t.Mover()].Move(t)
		if err != nil {
			return g, fmt.Errorf("move %d, %s: %w", len(g.Moves)+1, t.Ruleset().Seats.Name(t.Mover()), err)
		}
		g.Moves = append(g.Moves, t.Coord(m))
		if err := t.Make(m); err != nil {
			return g, fmt.Errorf("move %d (%s): %w", len(g.Moves), g.Moves[len(g.Moves)-1], err)
		}
	}
	r := t.Result()
	g.Winner, g.Reason = r.Winner, r.Reason
	if !r.Over {
		g.Reason = ReasonMoveCap
		g.Winner = capWinner(t)
	}
	for k := range sr.Seats() {
		g.Points = append(g.Points, t.Points(k))
		g.Out = append(g.Out, t.Out(k))
	}
	return g, nil
}

// capWinner is the winning team of a game stopped by the move cap: the seat with the
// most points where the rules score them (-1 on a tie, or without points).
func capWinner(t *interpreter.Table) int {
	sr := t.Ruleset().Seats
	if !sr.Scored() {
		return -1
	}
	best, ties := 0, 0
	for k := range sr.Seats() {
		switch p := t.Points(k); {
		case k == 0 || p > t.Points(best):
			best, ties = k, 0
		case p == t.Points(best):
			ties++
		}
	}
	if ties > 0 {
		return -1
	}
	return sr.Team(best)
}

// Replay plays a record's moves from its start and checks that it ends as recorded.
func Replay(rs *compiler.Ruleset, g Game, maxMoves int) error {
	t, err := interpreter.NewTable(rs, g.FEN)
	if err != nil {
		return err
	}
	for i, s := range g.Moves {
		m, err := t.ParseMove(s)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := t.Make(m); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	r := t.Result()
	winner, reason := r.Winner, r.Reason
	if !r.Over {
		if len(g.Moves) < maxMoves {
			return fmt.Errorf("the game goes on after its %d moves", len(g.Moves))
		}
		winner, reason = capWinner(t), ReasonMoveCap
	}
	if winner != g.Winner || reason != g.Reason {
		return fmt.Errorf("the moves end the game as %q (team %d), the record says %q (team %d)", reason, winner, g.Reason, g.Winner)
	}
	return nil
}

// Record writes g as a PGN4-like record (docs/fourplayer-rules.md, "Records"): tags, then
// the moves numbered by round, each seat's after "..", a seat out skipped.
func Record(rs *compiler.Ruleset, g Game, tags map[string]string) string {
	sr := rs.Seats
	var b strings.Builder
	fmt.Fprintf(&b, "[Variant %q]\n", rs.Name)
	for k := range sr.Seats() {
		fmt.Fprintf(&b, "[%s %q]\n", sr.Name(k), g.Players[k])
	}
	for _, key := range []string{"Event", "Round"} {
		if v, ok := tags[key]; ok {
			fmt.Fprintf(&b, "[%s %q]\n", key, v)
		}
	}
	fmt.Fprintf(&b, "[StartFen4 %q]\n", g.FEN)
	fmt.Fprintf(&b, "[Result %q]\n", ResultText(rs, g.Winner))
	fmt.Fprintf(&b, "[Termination %q]\n", g.Reason)
	if sr.Scored() {
		var ps []string
		for _, p := range g.Points {
			ps = append(ps, fmt.Sprint(p))
		}
		fmt.Fprintf(&b, "[Points %q]\n", strings.Join(ps, ","))
	}
	b.WriteByte('\n')
	// Moves by round: the round goes up when the turn comes back to an earlier seat.
	t, err := interpreter.NewTable(rs, g.FEN)
	round, last := 1, -1
	for i, s := range g.Moves {
		k := 0
		if err == nil {
			k = t.Mover()
		}
		pos := orderIndex(sr, k)
		switch {
		case i == 0:
			fmt.Fprintf(&b, "%d. ", round)
		case pos <= last:
			round++
			fmt.Fprintf(&b, "\n%d. ", round)
		default:
			b.WriteString(" .. ")
		}
		last = pos
		b.WriteString(s)
		if err == nil {
			if m, e := t.ParseMove(s); e == nil {
				t.Make(m)
			}
		}
	}
	fmt.Fprintf(&b, "\n%s\n", ResultText(rs, g.Winner))
	return b.String()
}

// orderIndex is seat k's place in the turn order.
func orderIndex(sr *compiler.SeatRules, k int) int {
	for i := range sr.Seats() {
		if sr.Order(i) == k {
			return i
		}
	}
	return -1
}

// resultText names the winning team's seats ("Red-Yellow"), or "draw".
func ResultText(rs *compiler.Ruleset, winner int) string {
	if winner < 0 {
		return "draw"
	}
	return strings.Join(rs.Seats.TeamNames(winner), "-")
}
