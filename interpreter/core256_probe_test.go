// Test probes into the 256-cell core: a snapshot of every field a move may change, and the internals the tests drive.
package interpreter

import "fmt"

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

// pathProbe compares the path tables with the walker on the position, for every path of
// every man on the board (either side): the fixed walks' moves (for the side to move) and
// attacks on every cell against the walker's, and every walker attack against the reverse
// table of path origins. It returns the first difference ("" for none) and how many table
// answers it compared.
func (p *core256) pathProbe() (string, int) {
	us := p.side
	n := 0
	for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
		pt := pts.At(t)
		for c := Color(0); c < 2; c++ {
			for paths, i := pt.Paths(c), 0; i < paths.Len(); i++ {
				path := paths.At(i)
				for b := p.pieces(c, t); b.Any(); b = b.Rest() {
					from := b.First()
					if path.RayHop && c == us && path.From.Has(from) {
						land, capturable := pt.Land[us], p.byColor[us^1].AndNot(p.immune)
						got := p.genRayHop(nil, pt, path, from, land, capturable)
						w := walker256{p: p, path: path, color: us, from: from, target: NoSquare, pt: pt, land: land, capturable: capturable, stop: NoSquare}
						w.leg(0, from, NoSquare, NoSquare)
						if fmt.Sprint(got) != fmt.Sprint(w.buf) {
							return fmt.Sprintf("%s path %d from %s: ray hop moves %v, walker %v", pt.Name, i, p.rs.SquareName(from), got, w.buf), n
						}
						n++
					}
					if path.Fixed && c == us {
						land, capturable := pt.Land[us], p.byColor[us^1].AndNot(p.immune)
						got := p.genHop(nil, pt, path, from, land, capturable)
						var want []Move
						if path.From.Has(from) {
							w := walker256{p: p, path: path, color: us, from: from, target: NoSquare, pt: pt, land: land, capturable: capturable, stop: NoSquare}
							w.leg(0, from, NoSquare, NoSquare)
							want = w.buf
						}
						if len(got) != len(want) || len(got) > 0 && got[0] != want[0] {
							return fmt.Sprintf("%s path %d from %s: table moves %v, walker %v", pt.Name, i, p.rs.SquareName(from), got, want), n
						}
						n++
					}
					for sq := Square(0); int(sq) < p.rs.Cells; sq++ {
						w := walker256{p: p, path: path, color: c, from: from, target: sq}
						w.leg(0, from, NoSquare, NoSquare)
						want := path.Captures && path.ReachAt(from).Has(sq) && w.found // as pathAttack asks
						if want && !p.tb.PathFromAt(c, t, sq).Has(from) {
							return fmt.Sprintf("%s path %d from %s attacks %s, not in the reverse table", pt.Name, i, p.rs.SquareName(from), p.rs.SquareName(sq)), n
						}
						if path.RayHop {
							if got := path.Captures && path.ReachAt(from).Has(sq) && p.rayHopAttack(path, from, sq); got != want {
								return fmt.Sprintf("%s path %d from %s on %s: ray hop attack %v, walker %v", pt.Name, i, p.rs.SquareName(from), p.rs.SquareName(sq), got, want), n
							}
							n++
						}
						if !path.Fixed {
							continue
						}
						if got := path.Captures && p.fixedAttack(path, from, sq); got != want {
							return fmt.Sprintf("%s path %d from %s on %s: table attack %v, walker %v", pt.Name, i, p.rs.SquareName(from), p.rs.SquareName(sq), got, want), n
						}
						n++
					}
				}
			}
		}
	}
	return "", n
}
