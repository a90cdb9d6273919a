// Game results on the 256-cell core: goals reached by a move, no legal move, the fifty-move rule, repetition.
package interpreter

import (
	"fmt"

	"github.com/expr-lang/expr/vm"

	"chimera/compiler"
)

// goalReached evaluates the ruleset's goals after the mover's piece pc made move m, which
// captured caps pieces (the side has not been switched yet). It returns the value for
// core256.ended (0: no goal) and the index of the goal reached.
func (p *core256) goalReached(m Move, pc Piece, caps int) (int8, int) {
	us := p.side
	for gls, i := p.tb.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if g.Types>>uint(pc.Type())&1 == 0 || g.HasZ && !g.Zone[us].Has(m.To()) {
			continue
		}
		result := g.Result
		if g.Hit != 0 {
			var reached bool
			if result, reached = p.hitGoal(g, us); !reached {
				continue
			}
		}
		if g.Hook != nil && !p.runGoalHook(g, m, pc, caps) {
			continue
		}
		return int8(result) + 2, i
	}
	return 0, -1
}

// standingGoal applies the zone goals without hooks to a position read from FEN: if a
// counted piece of the side that just moved stands on its zone, that side reached the goal
// on its last move. (Hook goals need the move itself and are not evaluated here.)
func (p *core256) standingGoal() {
	rs := p.rs
	c := p.side ^ 1
	for gls, i := p.tb.Goals(), 0; i < gls.Len(); i++ {
		g := gls.At(i)
		if !g.HasZ || g.Hook != nil {
			continue
		}
		for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
			if g.Types>>uint(t)&1 != 0 && p.pieces(c, t).Meets(g.Zone[c]) {
				p.ended, p.endGoal = int8(g.Result)+2, int16(i)
				p.hash ^= rs.Zobrist.Ended[p.ended]
				return
			}
		}
	}
}

// goalName is the reason shown for the goal with index i.
func (p *core256) goalName(i int) string {
	if i >= 0 {
		return p.tb.Goal(i).Name
	}
	return "goal reached"
}

// runGoalHook evaluates a goal's hook in the middle of Make: the board is updated, the side
// to move not yet switched.
func (p *core256) runGoalHook(g *compiler.Goal[bb256], m Move, pc Piece, caps int) bool {
	rs := p.rs
	if p.hook == nil {
		p.hook = &hookState{vm: &vm.VM{}}
		p.hook.env.Count = p.countLetter
	}
	env := &p.hook.env
	env.Mover, env.Piece = sideName[p.side], p.tb.Piece(pc.Type()).LetterText
	env.From, env.To = rs.SquareName(m.From()), rs.SquareName(m.To())
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

// HookError returns the first run-time error a hook raised in this position's games
// (the hook then counted as false), or nil.
func (p *core256) HookError() error {
	if p.hook == nil {
		return nil
	}
	return p.hook.err
}

// countLetter is count(letter, side) for hooks: the side's pieces with the letter on the board.
func (p *core256) countLetter(letter, side string) int {
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
	return p.pieces(c, t).Count()
}

// Result reports whether the game is over in this position and how. A side without a
// legal move loses or draws by the no-moves rule even when the fifty-move rule or
// repetition would also apply.
func (p *core256) Result() Result {
	if p.ended != 0 {
		e := p.Ended()
		return outcomeResult(p.side, e.Outcome, e.Reason)
	}
	p.scratch = p.LegalMoves(p.scratch)
	if len(p.scratch) == 0 {
		o, reason := p.NoMoves()
		return outcomeResult(p.side, o, reason)
	}
	if e := p.Ended(); e.Over {
		return outcomeResult(p.side, e.Outcome, e.Reason)
	}
	return Ongoing
}

// Repetitions counts how often the current position occurred in the moves made so far
// (including now), looking back no further than the last irreversible move.
func (p *core256) Repetitions() int {
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
