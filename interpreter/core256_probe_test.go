// Test probes into the 256-cell core: a snapshot of every field a move may change, and the internals the tests drive.
package interpreter

// snap copies every field of the core that a move may change, sets widened to Bitboard.
func (p *core256) snap() snapshot {
	var s snapshot
	p.snapInto(&s)
	return s
}

// snapInto is snap into s, reusing its slices (for tests that take a snapshot per move).
func (p *core256) snapInto(s *snapshot) {
	*s = snapshot{
		board: append(s.board[:0], p.board[:p.rs.Cells]...), byColor: [2]Bitboard{p.byColor[0].Wide(), p.byColor[1].Wide()},
		status: append(s.status[:0], p.status...), hand: append(s.hand[:0], p.hand...), byType: s.byType[:0],
		side: p.side, castle: p.castle.Wide(), ep: p.ep.Wide(), immune: p.immune.Wide(), statused: p.statused.Wide(), epVictim: p.epVictim,
		halfmove: p.halfmove, fullmove: p.fullmove, hash: p.hash, ended: p.ended, endGoal: p.endGoal, checks: p.checks,
		undo: len(p.undo), journal: len(p.journal),
	}
	for _, b := range p.byType {
		s.byType = append(s.byType, b.Wide())
	}
}

// menOf is the number of side c's men on the board.
func (p *core256) menOf(c Color) int { return p.byColor[c].Count() }

// endedCode is the core's ended field (0: not decided by a goal).
func (p *core256) endedCode() int8 { return p.ended }

// lostRoyal reports whether the last move made removed a royal piece of its mover.
func (p *core256) lostRoyal() bool { return len(p.undo) > 0 && p.undo[len(p.undo)-1].lostRoyal }
