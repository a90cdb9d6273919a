// Game results: goals reached by a move, no legal move, the fifty-move rule, repetition.
package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/vm"

	"chimera/compiler"
)

// goalReached evaluates the ruleset's goals after the mover's piece pc made move m, which
// captured caps pieces (the side has not been switched yet). It returns the value for
// Position.ended (0: no goal) and the index of the goal reached.
func (p *Position) goalReached(m Move, pc Piece, caps int) (int8, int) {
	rs := p.rs
	us := p.side
	for i := range rs.Goals {
		g := &rs.Goals[i]
		if g.Types>>uint(pc.Type())&1 == 0 || g.HasZ && !g.Zone[us].Has(m.To()) {
			continue
		}
		if g.Hook != nil && !p.runGoalHook(g, m, pc, caps) {
			continue
		}
		return int8(g.Result) + 2, i
	}
	return 0, -1
}

// standingGoal applies the zone goals without hooks to a position read from FEN: if a
// counted piece of the side that just moved stands on its zone, that side reached the goal
// on its last move. (Hook goals need the move itself and are not evaluated here.)
func (p *Position) standingGoal() {
	rs := p.rs
	c := p.side ^ 1
	for i := range rs.Goals {
		g := &rs.Goals[i]
		if !g.HasZ || g.Hook != nil {
			continue
		}
		for t := range rs.Pieces {
			if g.Types>>uint(t)&1 != 0 && p.Pieces(c, t)&g.Zone[c] != 0 {
				p.ended, p.endGoal = int8(g.Result)+2, int16(i)
				p.hash ^= rs.Zobrist.Ended[p.ended]
				return
			}
		}
	}
}

// goalName is the reason shown for the goal with index i.
func (p *Position) goalName(i int) string {
	if i >= 0 {
		return p.rs.Goals[i].Name
	}
	return "goal reached"
}

// runGoalHook evaluates a goal's hook in the middle of Make: the board is updated, the side
// to move not yet switched.
func (p *Position) runGoalHook(g *compiler.Goal, m Move, pc Piece, caps int) bool {
	rs := p.rs
	if p.hook == nil {
		p.hook = &hookState{vm: &vm.VM{}}
		p.hook.env.Count = p.countLetter
	}
	env := &p.hook.env
	env.Mover, env.Piece = sideName[p.side], rs.Pieces[pc.Type()].LetterText
	env.From, env.To = rs.Names[m.From()], rs.Names[m.To()]
	env.Captures, env.Ply, env.Check = caps, p.startPly+len(p.undo), false
	if g.HookReadsCheck {
		env.Check = p.sideInCheck(p.side ^ 1)
	}
	out, err := p.hook.vm.Run(g.Hook, env)
	if err != nil {
		if p.hook.err == nil {
			p.hook.err = fmt.Errorf("%s: %v", g.HookWhere, err)
		}
		return false
	}
	b, _ := out.(bool)
	return b
}

// hookState is a position's scratch for hooks: one VM and one environment, reused.
type hookState struct {
	vm  *vm.VM
	env compiler.HookEnv
	err error // the first run-time error of any hook
}

// HookError returns the first run-time error a hook raised in this position's games
// (the hook then counted as false), or nil.
func (p *Position) HookError() error {
	if p.hook == nil {
		return nil
	}
	return p.hook.err
}

// countLetter is count(letter, side) for hooks: the side's pieces with the letter on the board.
func (p *Position) countLetter(letter, side string) int {
	if len(letter) != 1 {
		return 0
	}
	t := p.rs.TypeOf(letter[0])
	if t < 0 {
		return 0
	}
	c := compiler.White
	if side == "black" {
		c = compiler.Black
	}
	return p.Pieces(c, t).Count()
}

var sideName = [2]string{"white", "black"}

// Result is the outcome of a finished game, or Ongoing.
type Result struct {
	Score  string // "1-0", "0-1", "1/2-1/2" or "*"
	Reason string // checkmate, stalemate, goal, fifty-move rule, repetition
}

// Ongoing is the result of a game that goes on.
var Ongoing = Result{Score: "*"}

func scoreFor(winner Color) string {
	if winner == compiler.White {
		return "1-0"
	}
	return "0-1"
}

func (p *Position) outcomeResult(side Color, o compiler.Outcome, reason string) Result {
	switch o {
	case compiler.Win:
		return Result{scoreFor(side), reason}
	case compiler.Loss:
		return Result{scoreFor(side ^ 1), reason}
	}
	return Result{"1/2-1/2", reason}
}

// Result reports whether the game is over in this position and how. A side without a
// legal move loses or draws by the no-moves rule even when the fifty-move rule or
// repetition would also apply.
func (p *Position) Result() Result {
	if p.ended != 0 {
		e := p.Ended()
		return p.outcomeResult(p.side, e.Outcome, e.Reason)
	}
	p.scratch = p.LegalMoves(p.scratch)
	if len(p.scratch) == 0 {
		o, reason := p.NoMoves()
		return p.outcomeResult(p.side, o, reason)
	}
	if e := p.Ended(); e.Over {
		return p.outcomeResult(p.side, e.Outcome, e.Reason)
	}
	return Ongoing
}

// Repetitions counts how often the current position occurred in the moves made so far
// (including now), looking back no further than the last irreversible move.
func (p *Position) Repetitions() int {
	n := 1
	for i := len(p.undo) - 1; i >= 0; i-- {
		u := &p.undo[i]
		if u.move.Kind() == KindNull {
			break // a position before a pass is not repeated by the game itself
		}
		if u.hash == p.hash {
			n++
		}
		if u.halfmove == 0 {
			break // nothing before an irreversible move can repeat
		}
	}
	return n
}
