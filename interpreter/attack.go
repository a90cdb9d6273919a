// Attack queries (reverse tables, ray scans, path probes), standing freeze effects and check.
package interpreter

import "chimera/compiler"

// frozen is the set of c's pieces frozen by enemy freezers (a frozen freezer still freezes).
func (p *Position) frozen(c Color) bb {
	var f bb
	for i := range p.tb.Freezes {
		fz := &p.tb.Freezes[i]
		var near, targets bb
		for t := range p.tb.Pieces {
			if fz.By>>uint(t)&1 != 0 {
				for b := p.byType[t] & p.byColor[c^1]; b != 0; b &= b - 1 {
					near |= fz.Near[b.First()]
				}
			}
			if fz.Targets>>uint(t)&1 != 0 {
				targets |= p.byType[t]
			}
		}
		f |= near & targets & p.byColor[c]
	}
	return f
}

// Frozen is the set of pieces of side c that cannot move or attack now.
func (p *Position) Frozen(c Color) compiler.Bitboard {
	if len(p.tb.Freezes) == 0 {
		return compiler.Bitboard{}
	}
	return p.frozen(c).Wide()
}

// active is the set of c's pieces able to move and attack.
func (p *Position) active(c Color) bb {
	if len(p.tb.Freezes) == 0 {
		return p.byColor[c]
	}
	return p.byColor[c] &^ p.frozen(c)
}

// Attacked reports whether side by could capture a piece standing on sq (an enemy piece
// is assumed there), ignoring landing restrictions and immunity, as check requires.
func (p *Position) Attacked(sq Square, by Color) bool {
	return p.attackedBy(sq, by, p.occupied(), p.active(by))
}

// attackedBy answers the attack query with explicit occupancy and attacker set.
func (p *Position) attackedBy(sq Square, by Color, occ, active bb) bool {
	var one [1]bb
	return p.attacks(sq, by, occ, active, one[:]) > 0
}

// attacks finds up to len(out) attacks by the pieces in active (of side by) on sq and
// records each as the set of cells it depends on: the attacker's square, for a ride also
// the cells up to sq, for a path every cell the path may touch. It returns how many it
// found, stopping once out is full.
func (p *Position) attacks(sq Square, by Color, occ, active bb, out []bb) int {
	rs := p.rs
	at := &p.tb.AttackTables
	n := 0
	for _, t := range at.LeapTypes[by] {
		for b := at.AttackFrom[by][t][sq] & p.byType[t] & active; b != 0; b &= b - 1 {
			out[n] = compiler.Bit64(b.First())
			if n++; n == len(out) {
				return n
			}
		}
	}
	for _, g := range at.SlideGroups[by] {
		d := &p.tb.Dirs[g.Back]
		blk := d.Ray[sq] & occ
		if blk == 0 {
			continue
		}
		if b := nearest(d, blk); active.Has(b) && g.Types>>uint(p.board[b].Type())&1 != 0 {
			out[n] = d.Ray[sq] ^ d.Ray[b]
			if n++; n == len(out) {
				return n
			}
		}
	}
	for i := range at.RideAttacks[by] {
		r := &at.RideAttacks[by][i]
		d := &p.tb.Dirs[r.Back]
		blk := d.Ray[sq] & occ
		if blk == 0 {
			continue
		}
		b := nearest(d, blk)
		if !active.Has(b) || p.board[b].Type() != r.Type || !r.From.Has(b) {
			continue
		}
		if k := steps(rs, b, sq, r.V); k >= r.Min && (r.Max == 0 || k <= r.Max) {
			out[n] = d.Ray[sq] ^ d.Ray[b]
			if n++; n == len(out) {
				return n
			}
		}
	}
	if pm := at.PathTypes[by]; pm != 0 {
		for t := range p.tb.Pieces {
			if pm>>uint(t)&1 == 0 {
				continue
			}
			pt := &p.tb.Pieces[t]
			for b := p.byType[t] & active; b != 0; b &= b - 1 {
				from := b.First()
				for i := range pt.Paths[by] {
					path := &pt.Paths[by][i]
					if !path.Captures || !path.Reach[from].Has(sq) {
						continue
					}
					w := walker{p: p, path: path, color: by, from: from, target: sq}
					w.leg(0, from, NoSquare, NoSquare)
					if w.found {
						out[n] = path.Visit[from] | compiler.Bit64(from)
						if n++; n == len(out) {
							return n
						}
						break
					}
				}
			}
		}
	}
	return n
}

// steps is the number of steps of v from a to b (b lies on a's ray along v).
func steps(rs *compiler.Ruleset, a, b Square, v compiler.Vec) int {
	if v.DX != 0 {
		return (rs.FileOf(b) - rs.FileOf(a)) / v.DX
	}
	return (rs.RankOf(b) - rs.RankOf(a)) / v.DY
}

// royals is the set of c's royal pieces.
func (p *Position) royals(c Color) bb {
	var b bb
	for _, t := range p.rs.RoyalList {
		b |= p.byType[t]
	}
	return b & p.byColor[c]
}

// sideInCheck applies the ruleset's check rule to side c.
func (p *Position) sideInCheck(c Color) bool {
	switch p.rs.Check {
	case compiler.CheckRoyalAttacked:
		r := p.royals(c)
		if r == 0 {
			return false
		}
		occ, active := p.occupied(), p.active(c^1)
		for ; r != 0; r &= r - 1 {
			if p.attackedBy(r.First(), c^1, occ, active) {
				return true
			}
		}
	case compiler.CheckEnemyRoyalUnattacked:
		r := p.royals(c ^ 1)
		if r == 0 {
			return false
		}
		occ, active := p.occupied(), p.active(c)
		for ; r != 0; r &= r - 1 {
			if !p.attackedBy(r.First(), c, occ, active) {
				return true
			}
		}
	}
	return false
}

// InCheck reports whether the side to move is in check under the ruleset's check rule.
func (p *Position) InCheck() bool { return p.sideInCheck(p.side) }
