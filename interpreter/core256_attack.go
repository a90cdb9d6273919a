// Attack queries on the 256-cell core (reverse tables, ray scans, path probes), standing freeze effects and check.

package interpreter

import (
	"math/bits"

	"chimera/compiler"
)

// frozen is the set of c's pieces frozen by enemy freezers (a frozen freezer still freezes).
func (p *core256) frozen(c Color) bb256 {
	var f bb256
	for fzs, i := p.tb.Freezes(), 0; i < fzs.Len(); i++ {
		fz := fzs.At(i)
		var near, targets bb256
		for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
			if fz.By>>uint(t)&1 != 0 {
				for b := p.byType[t].And(p.byColor[c^1]); b.Any(); b = b.Rest() {
					near = near.Or(fz.NearAt(b.First()))
				}
			}
			if fz.Targets>>uint(t)&1 != 0 {
				targets = targets.Or(p.byType[t])
			}
		}
		f = f.Or(near.And(targets).And(p.byColor[c]))
	}
	return f
}

// Frozen is the set of pieces of side c that cannot move or attack now.
func (p *core256) Frozen(c Color) compiler.Bitboard {
	if !p.freezes {
		return compiler.Bitboard{}
	}
	return p.frozen(c).Wide()
}

// active is the set of c's pieces able to attack: not frozen, not held by a harmless
// status. (movers is the set of those able to move.)
func (p *core256) active(c Color) bb256 {
	if !p.disarmed {
		return p.byColor[c]
	}
	return p.activeSlow(c)
}

func (p *core256) activeSlow(c Color) bb256 {
	a := p.byColor[c]
	if p.freezes {
		a = a.AndNot(p.frozen(c))
	}
	if p.harmless {
		a = a.AndNot(p.statused)
	}
	return a
}

// Attacked reports whether side by could capture a piece standing on sq (an enemy piece
// is assumed there), ignoring landing restrictions and immunity, as check requires.
// (Explosions aside: Attacked is the attack itself, as Attackers lists them.)
func (p *core256) Attacked(sq Square, by Color) bool {
	var one [1]attack256
	return p.attacks(sq, by, p.occupied(), p.active(by), true, one[:]) > 0
}

// attackedBy answers the attack query on a royal square (check, castling) with explicit
// occupancy and attacker set: with explosions, an attack that would blow up the
// attacker's own royal does not count.
func (p *core256) attackedBy(sq Square, by Color, occ, active bb256) bool {
	var one [1]attack256
	if !p.royalAttackFx {
		return p.attacksBy(sq, by, occ, active, true, one[:]) > 0 // the check's hot path
	}
	if p.explode {
		// Capturing on sq would blow up side by's own royal standing next to it, and a
		// side whose royal is gone attacks nothing any more (the game is over; where a
		// side may have no royal, such a side attacks as any other).
		if r := p.royals(by); r.Empty() && !p.rs.RoyalOptional || r.Meets(p.tb.ExplodeNear(sq)) {
			return false
		}
	}
	return p.attacks(sq, by, occ, active, true, one[:]) > 0
}

// snipers is the set of men of side c's sliding types that would slide onto sq on an
// empty board (with compiler.AttackTables.Snipes; either side's men: the caller keeps c's).
func (p *core256) snipers(c Color, sq Square) bb256 {
	at := &p.tb.AttackTables
	var s bb256
	for ts, ti := at.SlideTypes(c), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		s = s.Or(at.SlideFromAt(c, t, sq).And(p.byType[t]))
	}
	return s
}

// attack256 is one attack on a square: the attacker's square, and the cells the attack
// depends on (the attacker's square; for a ride also the cells up to the target; for a
// path every cell the path may touch).
type attack256 struct {
	from Square
	deps bb256
}

// attacks is the one attack walk: it finds up to len(out) attacks by the pieces in active
// (of side by) on sq, and returns how many it found, stopping once out is full. Check,
// Attackers and the keepers shortcut all read it. With royal false, atoms that capture only
// royal pieces are left out (sq holds no royal piece of the other side); check assumes one.
//
// With borrowed moves, the men of active that borrow (lent) attack with their lender's
// atoms: the tables by type see only the others (own), the slides and rides ask each
// blocker's type of moves (movesOf), and lentAttacks adds the lent men's leaps and paths.
func (p *core256) attacks(sq Square, by Color, occ, active bb256, royal bool, out []attack256) int {
	n := p.attacksBy(sq, by, occ, active, royal, out)
	if p.burning && n < len(out) {
		n = p.burnAttacks(sq, by, occ, active, out, n)
	}
	return n
}

// burnAttacks adds to out[n:] the burning attacks on sq of side by's burning men in active,
// and returns the new count (it stops once out is full). A burner attacks each cell it
// would burn from a cell it may stop on: one its captures reach (its moves both move and
// capture, defs.Piece.Burns) that holds no man of its own side, or one it may take under
// self-capture (not royal, not immune). (The burning offsets take all their images, so
// the cells from which it would burn sq are sq's own burn cells.)
func (p *core256) burnAttacks(sq Square, by Color, occ, active bb256, out []attack256, n int) int {
	var burners bb256
	for ts := p.rs.BurnTypes; ts != 0; ts &= ts - 1 {
		burners = burners.Or(p.byType[bits.TrailingZeros64(ts)])
	}
	var one [1]attack256
	blocked := p.byColor[by] // the burner's own men: no cell to stop on
	if p.selfCapture {
		blocked = blocked.And(p.royals(by).Or(p.immune))
	}
	for b := burners.And(active).And(p.byColor[by]); b.Any(); b = b.Rest() {
		from := b.First()
		slot := p.tb.Piece(p.board[from].Type()).BurnSlot
		for c := p.tb.BurnNear(slot, sq).AndNot(blocked).AndNot(p.walls); c.Any(); c = c.Rest() {
			if p.attacksBy(c.First(), by, occ, compiler.Bit256(from), false, one[:]) > 0 {
				out[n] = attack256{from, compiler.Full256()}
				if n++; n == len(out) {
					return n
				}
				break
			}
		}
	}
	return n
}

// attacksBy is the attack walk of attacks without the burning men's attacks around the
// cells they may stop on.
func (p *core256) attacksBy(sq Square, by Color, occ, active bb256, royal bool, out []attack256) int {
	rs := p.rs
	at := &p.tb.AttackTables
	n := 0
	royalOnly := !royal && rs.Uses(compiler.MechCaptureRoyal)
	own, lent := active, bb256{}
	if p.borrows {
		lent = p.borrowers(by).And(active)
		own = active.AndNot(lent)
	}
	for ts, ti := at.LeapTypes(by), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		for b := at.AttackFromAt(by, t, sq).And(p.byType[t]).And(own); b.Any(); b = b.Rest() {
			from := b.First()
			if royalOnly && !p.tb.Piece(t).LeapCaptureAt(by, from).Has(sq) {
				continue // only a capture-royal leap reaches sq
			}
			out[n] = attack256{from, compiler.Bit256(from)}
			if n++; n == len(out) {
				return n
			}
		}
	}
	if p.firstMoves {
		if n = p.initialAttacks(sq, by, own, out, n); n == len(out) {
			return n
		}
	}
	if at.Snipes(by) && !p.borrows && !noSnipes {
		// The sliders that would reach sq on an empty board, kept when nothing stands
		// between.
		for b := p.snipers(by, sq).And(active).And(occ); b.Any(); b = b.Rest() {
			s := b.First()
			d := p.tb.Dir(at.LineDirAt(sq, s))
			line := d.RayAt(sq).Xor(d.RayAt(s))
			if line.And(occ).Without(s).Empty() {
				out[n] = attack256{s, line}
				if n++; n == len(out) {
					return n
				}
			}
		}
	} else {
		for gs, gi := at.SlideGroups(by), 0; gi < gs.Len(); gi++ {
			g := gs.At(gi)
			d := p.tb.Dir(g.Back)
			blk := d.RayAt(sq).And(occ)
			if blk.Empty() {
				continue
			}
			b := nearest256(d, blk)
			if !active.Has(b) {
				continue
			}
			t := p.board[b].Type()
			if p.borrows {
				t = p.movesOf(p.board[b], b)
			}
			if g.Types>>uint(t)&1 != 0 {
				out[n] = attack256{b, d.RayAt(sq).Xor(d.RayAt(b))}
				if n++; n == len(out) {
					return n
				}
			}
		}
	}
	for ras, i := at.RideAttacks(by), 0; i < ras.Len(); i++ {
		r := ras.At(i)
		d := p.tb.Dir(r.Back)
		blk := d.RayAt(sq).And(occ)
		if blk.Empty() || r.RoyalOnly && !royal {
			continue
		}
		b := nearest256(d, blk)
		t := p.board[b].Type()
		if p.borrows {
			t = p.movesOf(p.board[b], b)
		}
		if !active.Has(b) || t != r.Type || !r.From.Has(b) {
			if r.Rank > 0 {
				if from := p.rangeAttacker(r, d, sq, blk, active); from != NoSquare {
					out[n] = attack256{from, d.RayAt(sq).Xor(d.RayAt(from))}
					if n++; n == len(out) {
						return n
					}
				}
			}
			continue
		}
		if k := steps(rs, b, sq, r.V); k >= r.Min && (r.Max == 0 || k <= r.Max) {
			out[n] = attack256{b, d.RayAt(sq).Xor(d.RayAt(b))}
			if n++; n == len(out) {
				return n
			}
		}
	}
	if at.PathTypes[by] != 0 {
		for ts, ti := at.PathTypeList(by), 0; ti < ts.Len(); ti++ {
			t := ts.At(ti)
			for b := p.byType[t].And(own).And(at.PathFromAt(by, t, sq)); b.Any(); b = b.Rest() {
				from := b.First()
				if path := p.pathAttack(p.tb.Piece(t), by, from, sq); path != nil {
					out[n] = attack256{from, path.VisitAt(from).With(from)}
					if n++; n == len(out) {
						return n
					}
				}
			}
		}
	}
	if lent.Any() {
		n = p.lentAttacks(sq, by, lent, royalOnly, out, n)
	}
	return n
}

// rangeAttacker is the man of side by's range capture r (compiler.RideAttack.Rank) in
// active that takes the man on sq past other men, along d (r's back direction) from sq,
// whose men are blk, or NoSquare: the men between are all of lower rank than r's, and so
// is the man on sq (an empty sq is taken by no range capture past a man).
func (p *core256) rangeAttacker(r *compiler.RideAttack[bb256], d *compiler.Dir[bb256], sq Square, blk, active bb256) Square {
	if pc := p.board[sq]; pc == NoPiece || p.tb.Piece(pc.Type()).Rank >= r.Rank {
		return NoSquare
	}
	for first := true; blk.Any(); first = false {
		b := nearest256(d, blk)
		blk = blk.Without(b)
		pc := p.board[b]
		if pc == NoPiece {
			return NoSquare // a wall
		}
		t := pc.Type()
		if p.borrows {
			t = p.movesOf(pc, b)
		}
		if !first && active.Has(b) && t == r.Type && r.From.Has(b) {
			if k := steps(p.rs, b, sq, r.V); k >= r.Min && (r.Max == 0 || k <= r.Max) {
				return b
			}
		}
		if p.tb.Piece(pc.Type()).Rank >= r.Rank {
			return NoSquare
		}
	}
	return NoSquare
}

// lentAttacks adds to out[n:] the leap and path attacks on sq of side by's men in lent,
// which move with the moves of the friendly man on their lending square, and returns the
// new count (it stops once out is full). Their slides and rides are the attack walk's.
func (p *core256) lentAttacks(sq Square, by Color, lent bb256, royalOnly bool, out []attack256, n int) int {
	at := &p.tb.AttackTables
	for ; lent.Any(); lent = lent.Rest() {
		from := lent.First()
		t := p.movesOf(p.board[from], from)
		pt := p.tb.Piece(t)
		if at.AttackFromAt(by, t, sq).Has(from) && (!royalOnly || pt.LeapCaptureAt(by, from).Has(sq)) {
			out[n] = attack256{from, compiler.Bit256(from)}
			if n++; n == len(out) {
				return n
			}
			continue
		}
		if at.PathTypes[by]>>uint(t)&1 != 0 {
			if path := p.pathAttack(pt, by, from, sq); path != nil {
				out[n] = attack256{from, path.VisitAt(from).With(from)}
				if n++; n == len(out) {
					return n
				}
			}
		}
	}
	return n
}

// movesOf is the type whose moves the man pc makes from sq (sq may be empty while the man
// is lifted): its own, or with borrowed moves that of the man of its side on its lending
// square, when one stands there.
func (p *core256) movesOf(pc Piece, sq Square) int {
	t := pc.Type()
	if p.borrows {
		c := pc.Color()
		if l := p.rs.BorrowFrom(c, sq); l != NoSquare {
			if q := p.board[l]; q != NoPiece && q.Color() == c {
				t = q.Type()
			}
		}
	}
	return t
}

// borrowers is the set of side c's men that move with another type's moves than their own.
func (p *core256) borrowers(c Color) bb256 {
	var out bb256
	for b := p.byColor[c]; b.Any(); b = b.Rest() {
		sq := b.First()
		if l := p.rs.BorrowFrom(c, sq); l != NoSquare {
			if q, pc := p.board[l], p.board[sq]; q != NoPiece && q.Color() == c && q.Type() != pc.Type() {
				out = out.With(sq)
			}
		}
	}
	return out
}

// initialAttacks adds to out[n:] the attacks on sq by first-move leaps of side by's men
// that still have their right, and returns the new count (it stops once out is full).
func (p *core256) initialAttacks(sq Square, by Color, active bb256, out []attack256, n int) int {
	for b := p.initialFrom(sq, by, active); b.Any(); b = b.Rest() {
		out[n] = attack256{b.First(), compiler.Bit256(b.First())}
		if n++; n == len(out) {
			return n
		}
	}
	return n
}

// initialFrom is the set of side by's men in active whose first-move leap, their right
// still held, would take a man on sq.
func (p *core256) initialFrom(sq Square, by Color, active bb256) bb256 {
	at := &p.tb.AttackTables
	var from bb256
	for ts, ti := at.InitialTypes(by), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		from = from.Or(at.InitialFromAt(by, t, sq).And(p.byType[t]))
	}
	return from.And(active).And(p.gates)
}

// royals is the set of c's royal pieces.
func (p *core256) royals(c Color) bb256 {
	var b bb256
	for ts, ti := p.tb.RoyalList(), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		b = b.Or(p.byType[t])
	}
	return b.And(p.byColor[c])
}

// loneKinds is the royal types (bit per type) of the royal kinds (compiler.Ruleset.RoyalKinds)
// of which side c has at most one man: the men check-royals: lone protects.
func (p *core256) loneKinds(c Color) uint64 {
	var out uint64
	for ks, i := p.rs.RoyalKinds(), 0; i < ks.Len(); i++ {
		if kind := ks.At(i); !p.menOfKinds(kind, c).Many() {
			out |= kind
		}
	}
	return out
}

// menOfKinds is the set of c's men of the types ts (bit per type).
func (p *core256) menOfKinds(ts uint64, c Color) bb256 {
	var b bb256
	for ; ts != 0; ts &= ts - 1 {
		b = b.Or(p.byType[bits.TrailingZeros64(ts)])
	}
	return b.And(p.byColor[c])
}

// sideInCheck applies the ruleset's check rule to side c.
func (p *core256) sideInCheck(c Color) bool {
	switch p.rs.Check {
	case compiler.CheckRoyalAttacked:
		r := p.royals(c)
		if r.Empty() {
			return false
		}
		occ, active := p.occupied(), p.active(c^1)
		switch p.rs.CheckRoyals {
		case compiler.CheckRoyalsAll:
			// In check only when every royal man is attacked.
			for ; r.Any(); r = r.Rest() {
				if !p.attackedBy(r.First(), c^1, occ, active) {
					return false
				}
			}
			return true
		case compiler.CheckRoyalsLone:
			// Only the man of each kind the side has a single man of is checked.
			r = p.menOfKinds(p.loneKinds(c), c)
		}
		for ; r.Any(); r = r.Rest() {
			if p.attackedBy(r.First(), c^1, occ, active) {
				return true
			}
		}
	case compiler.CheckEnemyRoyalUnattacked:
		r := p.royals(c ^ 1)
		if r.Empty() {
			return false
		}
		occ, active := p.occupied(), p.active(c)
		for ; r.Any(); r = r.Rest() {
			if !p.attackedBy(r.First(), c, occ, active) {
				return true
			}
		}
	}
	return false
}

// InCheck reports whether the side to move is in check under the ruleset's check rule.
//
// The answer is kept in the last move's frame: a search asks once after making a move
// and again at the node it leads to.
func (p *core256) InCheck() bool {
	n := len(p.undo)
	if p.turnCheck {
		// A look-ahead: kept in the frame as the plain test is (turnChecked makes and
		// takes back moves, so the frame is found again after it).
		if n == 0 {
			return p.turnChecked()
		}
		if !p.undo[n-1].checkKnown {
			c := p.turnChecked()
			p.undo[n-1].checked, p.undo[n-1].checkKnown = c, true
		}
		return p.undo[n-1].checked
	}
	if n == 0 {
		return p.sideInCheck(p.side)
	}
	u := &p.undo[n-1]
	if !u.checkKnown {
		u.checked, u.checkKnown = p.sideInCheck(p.side), true
	}
	return u.checked
}

// pathAttack returns the first of the capturing paths of piece type pt (side by) that,
// walked from from, captures on sq (an enemy piece assumed there), or nil.
func (p *core256) pathAttack(pt *compiler.PieceType[bb256], by Color, from, sq Square) *compiler.Path[bb256] {
	for paths, i := pt.Paths(by), 0; i < paths.Len(); i++ {
		path := paths.At(i)
		if !path.Captures {
			continue
		}
		if path.Fixed {
			if p.fixedAttack(path, from, sq) {
				return path
			}
			continue
		}
		if path.RayHop {
			if p.rayHopAttack(path, from, sq) {
				return path
			}
			continue
		}
		if !path.ReachAt(from).Has(sq) {
			continue
		}
		w := walker256{p: p, path: path, color: by, from: from, target: sq}
		w.leg(0, from, NoSquare, NoSquare)
		if w.found {
			return path
		}
	}
	return nil
}

// fixedAttack reports whether the fixed walk path from from captures on sq (an enemy
// assumed there): it lands on sq, its conditions hold on the board, and sq holds no man of
// a type it may not land on. (It reads the board, as hopOpen does.)
func (p *core256) fixedAttack(path *compiler.Path[bb256], from, sq Square) bool {
	to, empty, screen := path.HopAt(from)
	if to != sq || !p.hopOpen(empty, screen) {
		return false
	}
	pc := p.board[sq]
	return pc == NoPiece || path.NotLand>>uint(pc.Type())&1 == 0
}

// hopOpen reports whether a fixed walk's conditions hold on the board: the cells of empty
// are empty and those of screen occupied. (As the walker does, it reads the board itself,
// whatever occupancy the attack query was given.) Its men alone: walls never meet paths
// (defs.Validate refuses the two together), and the cheaper test keeps it inlined.
func (p *core256) hopOpen(empty, screen bb256) bool {
	occ := p.byColor[0].Or(p.byColor[1])
	return !occ.Meets(empty) && screen.AndNot(occ).Empty()
}

// rayHopAttack reports whether the ray hop path from from captures on sq (an enemy assumed
// there): sq lies on its ray beyond exactly one man, the screen, of a type it may pass
// (with HopOne, just beyond it), and does not hold a man of a type it may not take. (It reads the board, as hopOpen does.)
func (p *core256) rayHopAttack(path *compiler.Path[bb256], from, sq Square) bool {
	d := p.tb.Dir(path.HopDir)
	if !d.RayAt(from).Has(sq) || !p.tb.Squares.Has(sq) {
		return false
	}
	between := d.RayAt(from).AndNot(d.RayAt(sq)).Without(sq).And(p.occupied())
	if between.Empty() || between.Many() || path.NotScreen>>uint(p.board[between.First()].Type())&1 != 0 {
		return false
	}
	if path.HopOne && d.StepAt(between.First()) != sq {
		return false
	}
	pc := p.board[sq]
	return pc == NoPiece || path.NotLand>>uint(pc.Type())&1 == 0
}
