// Move generation on the 256-cell core: pseudo-legal moves from leap tables, ray scans and
// path walks, castling, and the two legality filters (pins and evasions, or make/test/unmake).

package interpreter

import (
	"math/bits"
	"slices"

	"chimera/compiler"
)

// LegalMoves appends the legal moves of the side to move to buf[:0] and returns it.
func (p *core256) LegalMoves(buf []Move) []Move {
	if p.turnCheck {
		return p.turnLegal(p.PseudoMoves(buf))
	}
	buf = p.legalMen(buf)
	if p.walled {
		buf = p.addWalls(buf)
	}
	return buf
}

// legalMen appends to buf[:0] the legal moves of the side to move before any wall is
// placed: LegalMoves in rulesets without walls.
func (p *core256) legalMen(buf []Move) []Move {
	buf = p.legalMoves(buf[:0])
	if p.passing {
		buf = p.passAndFacing(buf)
	}
	if p.noMateIllegal {
		buf = p.keepNoMateDrops(buf)
	}
	if p.noGivingCheck {
		buf = p.keepNonChecking(buf)
	}
	if p.mustCapture {
		buf = p.keepTakesIfAny(buf)
	}
	if p.rs.RoyalTakesCheckerOnly {
		buf = p.keepRoyalCheckerTakes(buf)
	}
	return buf
}

// passAndFacing applies the pass and facing-royals rules to the legal moves: while the
// royal men face each other, only moves that part them stay, and a pass is legal even in
// check; otherwise a pass is legal when not in check (or in check too, by the rules), but
// not while a side that must drop can drop. The other filters (compulsory capture...)
// then judge the pass like any move.
func (p *core256) passAndFacing(buf []Move) []Move {
	if p.ended != 0 {
		return buf
	}
	facing := p.rs.FacingRoyals && p.royalsFace()
	if facing {
		n := 0
		for _, m := range buf {
			p.makeProbe(m)
			still := p.royalsFace()
			p.Unmake()
			if !still {
				buf[n] = m
				n++
			}
		}
		buf = buf[:n]
	}
	if !p.rs.Pass {
		return buf
	}
	if p.mustDrop && slices.ContainsFunc(buf, Move.IsDrop) {
		return buf // a side that must drop may not pass instead
	}
	if p.rs.PassAlone && len(buf) > 0 {
		return buf // a pass only when nothing else is legal
	}
	r := p.royals(p.side)
	if r.Empty() && p.rs.Check == compiler.CheckNone || p.walled && p.rs.Walls.Instead {
		// Without a royal man, or where it places a wall, the pass is written as the first
		// man's.
		r = p.byColor[p.side]
	}
	if r.Any() {
		// Like any move, a pass may not leave the side in check (a timed status running
		// out can expose it), but where the rules allow it.
		m := newMove(r.First(), r.First()).withKind(KindPass)
		// Without timed statuses or capture effects a pass changes nothing a check depends
		// on: it is legal exactly when the side is not in check.
		if facing || p.rs.PassInCheck || !p.fx && !p.sideInCheck(p.side) || p.fx && p.probeLegal(m, p.side) {
			buf = append(buf, m)
		}
	}
	return buf
}

// royalsFace reports whether a royal man of each side stands on one rank or file with
// nothing between them (facing-royals).
func (p *core256) royalsFace() bool {
	occ := p.occupied()
	for a := p.royals(compiler.White); a.Any(); a = a.Rest() {
		for b := p.royals(compiler.Black); b.Any(); b = b.Rest() {
			x, y := a.First(), b.First()
			fx, fy, rx, ry := p.rs.FileOf(x), p.rs.FileOf(y), p.rs.RankOf(x), p.rs.RankOf(y)
			if fx != fy && rx != ry {
				continue
			}
			dx, dy := sign(fy-fx), sign(ry-rx)
			open := true
			for f, r := fx+dx, rx+dy; f != fy || r != ry; f, r = f+dx, r+dy {
				if sq := p.rs.SquareAt(f, r); sq == NoSquare || occ.Has(sq) {
					open = false
					break
				}
			}
			if open {
				return true
			}
		}
	}
	return false
}

// keepNoMateDrops applies no-mate-illegal: a drop of a no-mate type onto the square in
// front of an enemy royal piece (a step forward from it, for the dropper) that leaves the
// opponent without a legal move is no move. The answers are generated into mateBufs, one
// buffer per depth of these nested judgements.
func (p *core256) keepNoMateDrops(buf []Move) []Move {
	rs := p.rs
	fwd := 1
	if p.side == compiler.Black {
		fwd = -1
	}
	royals := p.royals(p.side ^ 1)
	n := 0
	for _, m := range buf {
		if m.IsDrop() && rs.Hands.NoMate>>uint(m.Dropped())&1 != 0 {
			if ahead := rs.SquareAt(rs.FileOf(m.To()), rs.RankOf(m.To())+fwd); ahead != NoSquare && royals.Has(ahead) {
				p.makeProbe(m)
				d := p.mateDepth
				if d == len(p.mateBufs) {
					p.mateBufs = append(p.mateBufs, nil)
				}
				p.mateDepth++
				p.mateBufs[d] = p.LegalMoves(p.mateBufs[d])
				p.mateDepth--
				stuck := len(p.mateBufs[d]) == 0
				p.Unmake()
				if stuck {
					continue
				}
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// keepRoyalCheckerTakes applies royal-takes-checker-only: in check, a royal piece's moves
// are kept only when they take the one piece giving check.
func (p *core256) keepRoyalCheckerTakes(buf []Move) []Move {
	if !p.sideInCheck(p.side) {
		return buf
	}
	checkers := p.attackers(p.royals(p.side).First(), p.side^1)
	n := 0
	for _, m := range buf {
		if !m.IsDrop() && m.Kind() != KindNull && p.rs.RoyalTypes>>uint(p.board[m.From()].Type())&1 != 0 {
			if checkers.Many() || !checkers.Has(m.To()) {
				continue
			}
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}

// keepNonChecking keeps the moves of buf that leave no enemy royal piece attacked.
func (p *core256) keepNonChecking(buf []Move) []Move {
	lines, fast := p.checkLines()
	n := 0
	for _, m := range buf {
		if fast && m.Kind() == KindNormal && m.Promotion() < 0 && m.Cap1() == NoSquare && m.Cap2() == NoSquare &&
			!lines.Has(m.From()) && !lines.Has(m.To()) && !p.leapTakesRoyal(p.board[m.From()].Type(), m.To()) {
			buf[n] = m // see compiler.ShortcutCheckLines
			n++
			continue
		}
		var check bool
		if (p.boardProbe || p.rightsProbe && !p.takesRight(m)) && (m.Kind() == KindNormal || m.Kind() == KindDrop) && (m.IsDrop() || m&gateMask == 0) {
			// (A gated man may give check: a gating move takes the full test here.)
			check = p.checkedOnBoard(m, p.side^1)
		} else {
			p.makeProbe(m)
			check = p.sideInCheck(p.side)
			p.Unmake()
		}
		if !check {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// checkLines is, where compiler.ShortcutCheckLines applies, the union of the lines from
// each enemy royal along which the mover's men slide.
func (p *core256) checkLines() (bb256, bool) {
	if !p.rs.Allows(compiler.ShortcutCheckLines) {
		return bb256{}, false
	}
	var lines bb256
	at := &p.tb.AttackTables
	for r := p.royals(p.side ^ 1); r.Any(); r = r.Rest() {
		for gs, gi := at.SlideGroups(p.side), 0; gi < gs.Len(); gi++ {
			lines = lines.Or(p.tb.Dir(gs.At(gi).Back).RayAt(r.First()))
		}
	}
	return lines, true
}

// leapTakesRoyal reports whether a man of the mover's of type t standing on sq would
// attack an enemy royal by a leap.
func (p *core256) leapTakesRoyal(t int, sq Square) bool {
	for r := p.royals(p.side ^ 1); r.Any(); r = r.Rest() {
		if p.tb.AttackFromAt(p.side, t, r.First()).Has(sq) {
			return true
		}
	}
	return false
}

// keepTakesIfAny applies compulsory capture: when a move of buf captures, only the moves
// that capture are kept.
func (p *core256) keepTakesIfAny(buf []Move) []Move {
	n := 0
	for _, m := range buf {
		if p.takes(m) {
			buf[n] = m
			n++
		}
	}
	if n == 0 {
		return buf
	}
	return buf[:n]
}

// takes reports whether m captures: it removes an enemy man (burning included) or lands
// on one (castling, drops and passes never do).
func (p *core256) takes(m Move) bool {
	switch m.Kind() {
	case KindEP:
		return true
	case KindNormal:
		if m.Cap1() != NoSquare {
			return true
		}
		pc := p.board[m.To()]
		return pc != NoPiece && pc.Color() != p.side || p.burning && p.burnsAny(m)
	}
	return false
}

func (p *core256) legalMoves(buf []Move) []Move {
	if p.ended != 0 {
		return buf
	}
	if p.rs.Allows(compiler.ShortcutPins) {
		if r := p.royals(p.side); r.Any() && !r.Many() {
			return p.genFastLegal(buf, r.First(), compiler.Full256(), true)
		}
	}
	buf = p.genPseudo(buf)
	switch {
	case p.rs.Allows(compiler.ShortcutNoCheck):
		// Without a check rule a move is illegal only when it removes one of the mover's
		// royal pieces, which only a capture effect can do.
		if p.capEffects {
			buf = p.keepRoyals(buf)
		}
	default:
		buf = p.keepLegal(buf[:0], buf, true)
	}
	if p.mustDrop {
		// Must-drop filters the legal moves as a whole, whichever way they were found (it
		// is on no list of the pins shortcut, which returns above).
		buf = p.keepDropsIfAny(buf)
	}
	return buf
}

// checkRelevance returns, when the check rule is royal-attacked and the side to move has
// no royal, no cells; when none of its royal men is in check, the cells whose change could
// expose one of them: for each royal man, along each
// ray from it on which enemy pieces slide or ride, the first man there when the next man
// beyond it is an enemy of a type that slides or rides that way (the royal is not attacked now, so a move opens such a line only by
// taking that first man away: a man it adds only blocks, and a move empties no other cell
// than its origin and those it captures on), and every cell an active enemy path piece that
// could capture on it may touch (for a ray hop, only its origin and the cells between it
// and the royal). A move by a non-royal, non-freezing piece
// that changes none of these cells (origin, destination, captures) leaves every royal man
// unattacked: leaps and frozen statuses of enemy pieces cannot be created by it. (This
// holds while a move changes nothing but the cells it names; the shortcut's allow-list in
// the compiler admits only mechanisms with that property.) With several royal men the
// side is then not in check whether one attacked royal or every one makes a check
// (CheckRoyalsAny, CheckRoyalsAll); under CheckRoyalsLone, which men count depends on the
// counts of kinds, so there is no answer.
func (p *core256) checkRelevance() (bb256, bool) {
	rs := p.rs
	if !rs.Allows(compiler.ShortcutRelevance) {
		return bb256{}, false
	}
	us, them := p.side, p.side^1
	r := p.royals(us)
	if r.Empty() && p.rs.Check == compiler.CheckRoyalAttacked {
		// A side without a royal man is never in check: only a move that makes one (a
		// promotion to, or a drop of, a royal type) needs its test.
		return bb256{}, true
	}
	if r.Empty() || r.Many() && rs.CheckRoyals == compiler.CheckRoyalsLone {
		return bb256{}, false
	}
	active := p.active(them)
	occ := p.occupied()
	var rel bb256
	for ; r.Any(); r = r.Rest() {
		k := r.First()
		if p.attackedBy(k, them, occ, active) {
			return bb256{}, false
		}
		rel = rel.Or(p.exposers(k, them, occ, active))
	}
	return rel, true
}

// exposers is checkRelevance's cells for the royal man on k, not attacked now by them.
func (p *core256) exposers(k Square, them Color, occ, active bb256) bb256 {
	at := &p.tb.AttackTables
	var rel bb256
	enemy := p.byColor[them]
	for gs, gi := at.SlideGroups(them), 0; gi < gs.Len(); gi++ {
		g := gs.At(gi)
		rel = rel.Or(p.screening(p.tb.Dir(g.Back), k, occ, enemy, g.Types))
	}
	for ras, i := at.RideAttacks(them), 0; i < ras.Len(); i++ {
		ra := ras.At(i)
		rel = rel.Or(p.screening(p.tb.Dir(ra.Back), k, occ, enemy, 1<<uint(ra.Type)))
	}
	for ts, ti := at.PathTypeList(them), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		pt := p.tb.Piece(t)
		for b := p.byType[t].And(active).And(at.PathFromAt(them, t, k)); b.Any(); b = b.Rest() {
			from := b.First()
			for paths, i := pt.Paths(them), 0; i < paths.Len(); i++ {
				if path := paths.At(i); path.Captures && path.ReachAt(from).Has(k) {
					if path.RayHop {
						d := p.tb.Dir(path.HopDir)
						line := d.RayAt(from).AndNot(d.RayAt(k)) // up to k, k included
						if rest := line.Without(k); path.HopOne && rest.Any() {
							// Landing on k needs a man on the cell just before it (the
							// screen, the farthest of rest) and none between: a man added
							// between only blocks, so only the men there matter, and the
							// screen's cell.
							screen := rest.First()
							if d.Up {
								screen = rest.Last()
							}
							line = rest.And(occ).With(screen)
						}
						rel = rel.Or(line.With(from))
						continue
					}
					rel = rel.Or(path.VisitAt(from).With(from))
				}
			}
		}
	}
	return rel
}

// screening is, along d from sq, the first man (a cell of occ) when the next man beyond
// it is one of enemy of a type in types; empty otherwise.
func (p *core256) screening(d *compiler.Dir[bb256], sq Square, occ, enemy bb256, types uint64) bb256 {
	blk := d.RayAt(sq).And(occ)
	if blk.Empty() {
		return bb256{}
	}
	b := nearest256(d, blk)
	rest := d.RayAt(b).And(occ)
	if rest.Empty() {
		return bb256{}
	}
	if x := nearest256(d, rest); !enemy.Has(x) || types>>uint(p.board[x].Type())&1 == 0 {
		return bb256{}
	}
	return compiler.Bit256(b)
}

// promotesToRoyal reports whether m promotes to a royal type: a new royal that the
// relevance shortcut, computed for the existing royal, knows nothing about.
func (p *core256) promotesToRoyal(m Move) bool {
	t := m.Promotion()
	return t >= 0 && p.rs.RoyalTypes>>uint(t)&1 != 0
}

// keepers applies when the check rule is enemy-royal-unattacked and the enemy has one
// royal: it records up to maxKeepers of the mover's attacks on that royal, each as the set
// of cells the attack depends on (see attacks). A move that changes none of one keeper's
// cells leaves the royal attacked: the attacker stays, nothing new stands in its way, and
// nothing the mover does can freeze its own piece. It returns how many it found.
func (p *core256) keepers(out *[maxKeepers]attack256) int {
	if !p.rs.Allows(compiler.ShortcutKeepers) {
		return 0
	}
	r := p.royals(p.side ^ 1)
	if r.Empty() || r.Many() {
		return 0
	}
	return p.attacks(r.First(), p.side, p.occupied(), p.active(p.side), true, out[:])
}

// PseudoMoves appends the pseudo-legal moves (before the check rule) to buf[:0].
func (p *core256) PseudoMoves(buf []Move) []Move {
	if p.ended != 0 {
		return buf[:0]
	}
	return p.genPseudo(buf[:0])
}

func (p *core256) genPseudo(buf []Move) []Move {
	us := p.side
	occ := p.occupied()
	capturable := p.capturable(us)
	movers := p.movers(us)
	full := compiler.Full256()
	if p.rs.Crossing {
		full = p.crossFree(occ)
	}
	for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
		pt := pts.At(t)
		plain := p.plainMan(pt)
		men := p.byType[t].And(movers)
		if p.shifting && men.Many() && p.shiftable(pt) {
			if shifts := pt.ShiftsOf(us); shifts.Len() > 0 && 2*men.Count() >= shifts.Len() {
				all := p.shiftMen(pt, men)
				if compiler.CountedShifts256 && p.tallying && !p.specialPromo && !all.Meets(pt.ShiftsPromote[us]) {
					p.countShifts(pt, shifts, all, occ, capturable, full)
				} else {
					buf = p.genShifts(buf, pt, shifts, all, occ, capturable, full)
				}
				men = men.AndNot(all)
			}
		}
		for b := men; b.Any(); b = b.Rest() {
			if plain {
				if compiler.TabledLines256 && p.tallying && pt.LeapsAndLines[us] {
					p.tally += p.landings(pt, b.First(), occ, capturable).Count()
					continue
				}
				buf = p.genPiece(buf, pt, b.First(), occ, capturable, full)
			} else {
				buf = p.genMan(buf, pt, b.First(), occ, capturable, full)
			}
		}
	}
	buf = p.genCastling(buf, movers, NoSquare)
	if p.pools {
		buf = p.genPoolMoves(buf, full)
		if ts := p.rs.Hands.PickUp; ts != 0 {
			buf = p.genPickUps(buf, ts, movers)
		}
	}
	return buf
}

// capturable is the set of men the side us may take by landing on them: the enemy's, and
// under self-capture its own that are not royal; immune men never.
func (p *core256) capturable(us Color) bb256 {
	c := p.byColor[us^1]
	if p.selfCapture {
		c = c.Or(p.byColor[us].AndNot(p.royals(us)))
	}
	return c.AndNot(p.immune)
}

// genPickUps appends the pick-ups of the side to move: each of its men of the types ts
// among movers (a frozen man stays) may leave the board for its drop pool.
func (p *core256) genPickUps(buf []Move, ts uint64, movers bb256) []Move {
	for ; ts != 0; ts &= ts - 1 {
		for b := p.byType[bits.TrailingZeros64(ts)].And(movers); b.Any(); b = b.Rest() {
			buf = append(buf, newPickUp(b.First()))
		}
	}
	return buf
}

// crossFree is, under a crossing rule, the cells a move may land on: those whose
// crossing cell (the same cell of the next board) is empty, given the occupied cells occ.
func (p *core256) crossFree(occ bb256) bb256 {
	free := p.tb.Squares
	for b := occ; b.Any(); b = b.Rest() {
		free = free.Without(p.rs.CrossedFrom(b.First()))
	}
	return free
}

// MoveCount is the number of legal moves of the side to move, len(LegalMoves(buf)) (buf
// is scratch). Where every man is plain (countable) and legality needs no test of the
// moves one by one (pins and checks decide it, there is no check rule, or the side has no
// royal man to expose), the plain men's and the shift plans' moves without promotion are
// counted, not written (perft's leaves). genMan is then reached only by the men of types
// with first-move leaps and, while an en-passant target stands, by every man not shifted;
// its extras (genInitial, genEP) add moves without looking at those in buf, and
// genFastLegal's test of en-passant captures looks only at those.
func (p *core256) MoveCount(buf []Move) int {
	rs := p.rs
	if p.turnCheck {
		return len(p.LegalMoves(buf))
	}
	if p.walled {
		return p.countWalls(p.legalMen(buf))
	}
	if !p.countable || p.ended != 0 || p.mustDrop && p.holdsMustDrop() {
		return len(p.LegalMoves(buf))
	}
	var r bb256
	pins := rs.Allows(compiler.ShortcutPins)
	if pins || p.royalless {
		r = p.royals(p.side)
	}
	switch {
	case pins && r.Any() && !r.Many():
		p.tally, p.tallying = 0, true
		buf = p.genFastLegal(buf[:0], r.First(), compiler.Full256(), true)
	case rs.Allows(compiler.ShortcutNoCheck) && !p.capEffects || rs.RoyalTypes == 0 || p.royalless && p.keepsAll(r):
		// (With no royal type at all every pseudo-legal move is legal: see keepLegal.)
		p.tally, p.tallying = 0, true
		buf = p.genPseudo(buf[:0])
	default:
		return len(p.LegalMoves(buf))
	}
	p.tallying = false
	return p.tally + len(buf)
}

// keepsAll reports whether every pseudo-legal move of the side to move, whose royal men
// are r, is legal as keepLegal finds: it has none, and no mechanism can give it one.
func (p *core256) keepsAll(r bb256) bool {
	// checkRelevance's answer for a side without a royal man, without its walk: such a
	// side is never in check where check is an attack on a royal man.
	return r.Empty() && !p.rs.Uses(royalMakers) && p.rs.Check == compiler.CheckRoyalAttacked &&
		p.rs.Allows(compiler.ShortcutRelevance)
}

// genMan is the one per-man move pipeline: it appends the moves of the mover's man of type
// pt on from whose landing squares lie in mask, and its en-passant captures wherever they
// land (a capture in passing can answer a check from the victim's square). Every move
// generator and IsLegal take a man's moves from here: its leaps, slides, rides and paths
// (genPiece), then (manExtras) en passant and the filters that depend on the position. A
// harmless man (its status) attacks nothing, so it captures nothing. Callers on hot paths
// call genPiece alone where plainMan says that is all there is to it.
func (p *core256) genMan(buf []Move, pt *compiler.PieceType[bb256], from Square, occ, capturable, mask bb256) []Move {
	start := len(buf)
	harmless := p.harmless && p.statused.Has(from)
	if harmless {
		capturable = bb256{}
	}
	if p.borrows {
		// Borrowed moves: the lender's atoms, the man's own landing squares and promotion.
		if mv := p.tb.Piece(p.movesOf(p.board[from], from)); mv != pt {
			buf = p.genPieceAs(buf, pt, mv, from, occ, capturable, mask)
			if mv.MayRepeat {
				buf = dedupe(buf, start)
			}
			return p.manExtras(buf, start, pt, from, harmless, mask)
		}
	}
	buf = p.genPiece(buf, pt, from, occ, capturable, mask)
	buf = p.manExtras(buf, start, pt, from, harmless, mask)
	if p.inPlace && pt.Promotion != nil && pt.Promotion.InPlace {
		buf = p.genInPlace(buf, pt, from, mask)
	}
	return buf
}

// genInPlace appends the promotions by a move of their own of the man of type pt on from
// (promotion.in-place) that land in mask: where it stands (from = to), and with Step by
// each move of the new type onto an empty square; each type is offered below its limit,
// and neither attacking an enemy man (NoAttack) nor giving check (NoCheck), as far as
// the rules say.
func (p *core256) genInPlace(buf []Move, pt *compiler.PieceType[bb256], from Square, mask bb256) []Move {
	pr, us := pt.Promotion, p.side
	if !pr.Stand[us].Has(from) && !(pr.LoneAnywhere && !p.pieces(us, p.board[from].Type()).Many()) {
		return buf
	}
	for i := range pr.NumChoices(us) {
		t := pr.ChoiceAt(us, i)
		if t < 0 || pr.HasLimits && pr.Limit(t) > 0 && p.pieces(us, t).Count() >= pr.Limit(t) {
			continue
		}
		targets := compiler.Bit256(from)
		if pr.Step {
			// The new type's moves onto empty squares: generated from from as if it stood
			// there (the man itself leaves from, so from is no obstacle to them).
			p.promoScratch = p.genPiece(p.promoScratch[:0], p.tb.Piece(t), from, p.occupied(), bb256{}, compiler.Full256())
			for _, m := range p.promoScratch {
				targets = targets.With(m.To())
			}
		}
		for b := targets.And(mask); b.Any(); b = b.Rest() {
			m := newMove(from, b.First()).withPromotion(t)
			if (pr.NoAttack || pr.NoCheck) && !p.quietPromotion(m, pr) {
				continue
			}
			buf = append(buf, m)
		}
	}
	return buf
}

// quietPromotion plays the in-place promotion m and tells whether it keeps the rules of
// pr: the new man attacks no enemy man where it ends (NoAttack), and no enemy royal piece
// is left attacked (NoCheck).
func (p *core256) quietPromotion(m Move, pr *compiler.Promotion[bb256]) bool {
	us := p.side
	p.makeProbe(m)
	ok := !pr.NoCheck || !p.sideInCheck(us^1)
	if ok && pr.NoAttack {
		var one [1]attack256
		by, occ := compiler.Bit256(m.To()).And(p.active(us)), p.occupied()
		for e := p.byColor[us^1]; e.Any() && ok; e = e.Rest() {
			sq := e.First()
			royal := p.rs.RoyalTypes>>uint(p.board[sq].Type())&1 != 0
			ok = p.attacks(sq, us, occ, by, royal, one[:]) == 0
		}
	}
	p.Unmake()
	return ok
}

// plainMan reports whether genPiece alone gives the moves genMan would for a man of type
// pt: no status, capture effect, pool promotion or gating in play, no en-passant target,
// no atom that may repeat a move, no first-move leap.
func (p *core256) plainMan(pt *compiler.PieceType[bb256]) bool {
	return !p.filtered && p.ep.Empty() && pt.Plain
}

// genPiece generates the leaps, slides, rides and paths of the piece on from whose landing
// squares lie in mask (genMan's first stage).
func (p *core256) genPiece(buf []Move, pt *compiler.PieceType[bb256], from Square, occ, capturable, mask bb256) []Move {
	return p.genPieceAs(buf, pt, pt, from, occ, capturable, mask)
}

// landings is the cells where the mover's man of type pt on from may land, for a type
// whose moves are leaps and tabled lines alone (PieceType.LeapsAndLines, boards of at most
// 64 cells): genPieceAs's moves, as one set (perft's leaves count them).
func (p *core256) landings(pt *compiler.PieceType[bb256], from Square, occ, capturable bb256) bb256 {
	return p.landingsOf(pt, p.side, from, occ, capturable)
}

// landingsOf is landings for a man of side us, which need not be the side to move.
func (p *core256) landingsOf(pt *compiler.PieceType[bb256], us Color, from Square, occ, capturable bb256) bb256 {
	targets := pt.LeapQuietAt(us, from).AndNot(occ).Or(pt.LeapCaptureAt(us, from).And(capturable))
	if pt.LineTabled(us) {
		r := compiler.SlideReach256(pt, us, from, occ)
		targets = targets.Or(r.AndNot(occ).Or(r.And(capturable)))
	}
	return targets.And(pt.Land[us])
}

// Reach is the evaluation's mobility: for each side c, the sum over c's men of each type t
// with a weight w[t] (not 0) of w[t] times the cells the man could move to less center[t],
// for the types whose moves are leaps and tabled lines alone (PieceType.LeapsAndLines;
// other types count nothing): the moves as if c were to move, legality, statuses and
// freezes aside.
func (p *core256) Reach(w, center []int) (sums [2]int) {
	occ := p.occupied()
	for t, wt := range w {
		if wt == 0 {
			continue
		}
		pt := p.tb.Piece(t)
		for c := compiler.White; c <= compiler.Black; c++ {
			if !pt.LeapsAndLines[c] {
				continue
			}
			takes := p.byColor[c^1]
			if p.selfCapture {
				takes = takes.Or(p.byColor[c].AndNot(p.royals(c))) // its own men but the royal too
			}
			n := 0
			for b := p.byType[t].And(p.byColor[c]); b.Any(); b = b.Rest() {
				n += p.landingsOf(pt, c, b.First(), occ, takes).Count() - center[t]
			}
			sums[c] += wt * n
		}
	}
	return sums
}

// genPieceAs is genPiece for a man of type pt that moves with the atoms of type mv (its
// own, or borrowed): the landing squares and promotions stay pt's.
func (p *core256) genPieceAs(buf []Move, pt, mv *compiler.PieceType[bb256], from Square, occ, capturable, mask bb256) []Move {
	us := p.side
	land := pt.Land[us].And(mask)
	targets := mv.LeapQuietAt(us, from).AndNot(occ).Or(mv.LeapCaptureAt(us, from).And(capturable))
	if mv.Slides(us).Len() > 0 {
		targets = targets.Or(p.slides(mv, us, from, occ, capturable))
	}
	targets = targets.And(land)
	if pt.Promotion == nil {
		if p.tallying {
			p.tally += targets.Count()
		} else {
			for ; targets.Any(); targets = targets.Rest() {
				buf = append(buf, newMove(from, targets.First()))
			}
		}
	} else if p.specialPromo {
		for ; targets.Any(); targets = targets.Rest() {
			buf = p.emitPromotions(buf, pt.Promotion, newMove(from, targets.First()))
		}
	} else {
		for ; targets.Any(); targets = targets.Rest() {
			buf = p.emit(buf, pt, newMove(from, targets.First()))
		}
	}
	for rides, i := mv.Rides(us), 0; i < rides.Len(); i++ {
		if r := rides.At(i); r.From.Has(from) {
			buf = p.genRide(buf, pt, r, from, capturable, land)
		}
	}
	paths := mv.Paths(us)
	if paths.Len() == 0 {
		return buf
	}
	if walks, ok := mv.WalksAt(us, from); ok {
		return p.genWalks(buf, pt, walks, from, land, capturable)
	}
	for i := 0; i < paths.Len(); i++ {
		path := paths.At(i)
		if path.Fixed {
			buf = p.genHop(buf, pt, path, from, land, capturable)
			continue
		}
		if path.RayHop {
			if path.From.Has(from) {
				buf = p.genRayHop(buf, pt, path, from, land, capturable)
			}
			continue
		}
		if !path.From.Has(from) {
			continue
		}
		w := walker256{p: p, path: path, color: us, from: from, target: NoSquare, pt: pt, land: land, capturable: capturable, buf: buf, stop: NoSquare}
		w.leg(0, from, NoSquare, NoSquare)
		buf = w.buf
	}
	return buf
}

// shiftable reports whether the men of type pt, with a shift plan, may be generated all at
// once: genMan would give no more than genPiece for them (no status, capture effect, pool
// promotion, gating, first move or trading in play; no repeated atoms), en passant aside
// (shiftMen keeps the men that could take en passant out).
func (p *core256) shiftable(pt *compiler.PieceType[bb256]) bool {
	return p.shifting && pt.Plain && !noShifts
}

// shiftMen is the part of men (of type pt) that genShifts may generate: all of them, but
// the men that could capture en passant now, which go man by man through genMan.
func (p *core256) shiftMen(pt *compiler.PieceType[bb256], men bb256) bb256 {
	if p.ep.Empty() {
		return men
	}
	for b := men; b.Any(); b = b.Rest() {
		if from := b.First(); pt.EPCaptureAt(p.side, from).Meets(p.ep) {
			men = men.Without(from)
		}
	}
	return men
}

// genShifts appends genPiece's moves of all the men in men (of type pt, whose shift plan
// is shifts) landing in mask, offset by offset rather than man by man: each offset moves
// the set of men that may take it, one step at a time through empty cells, and the men that
// arrive where the offset may land give its moves (outward along a ride, as genRide's).
func (p *core256) genShifts(buf []Move, pt *compiler.PieceType[bb256], shifts compiler.Refs[compiler.Shift[bb256]], men, occ, capturable, mask bb256) []Move {
	land := pt.Land[p.side].And(mask)
	quiet, take := land.AndNot(occ), land.And(capturable)
	for i := 0; i < shifts.Len(); i++ {
		s := shifts.At(i)
		b := men.And(s.From)
		for k := 1; b.Any(); k++ {
			b = b.Shift(s.By).And(s.ReachAt(k))
			if k >= s.Min {
				if to := b.And(quiet); to.Any() && s.Mode != compiler.ModeCapture {
					var flag Move
					if s.EPTarget {
						flag = epFlag
					}
					buf = p.emitShifted(buf, pt, to, k*s.By, flag)
				}
				if to := b.And(take); to.Any() && s.Mode != compiler.ModeMove {
					buf = p.emitShifted(buf, pt, to, k*s.By, 0)
				}
			}
			if k == s.Steps {
				break
			}
			b = b.AndNot(occ)
		}
	}
	return buf
}

// countShifts is genShifts at perft's leaves (MoveCount's tallying) for men none of whose
// moves may promote (outside compiler.PieceType.ShiftsPromote): the same walk of the
// offsets, with the landings counted, unwritten. It is written apart from genShifts on
// purpose: with the count inside it, genShifts's loop cost up to 1.4 % more instructions
// in variants that never count (BENCHMARKS.md, eleventh session).
func (p *core256) countShifts(pt *compiler.PieceType[bb256], shifts compiler.Refs[compiler.Shift[bb256]], men, occ, capturable, mask bb256) {
	land := pt.Land[p.side].And(mask)
	quiet, take := land.AndNot(occ), land.And(capturable)
	n := 0
	for i := 0; i < shifts.Len(); i++ {
		s := shifts.At(i)
		b := men.And(s.From)
		for k := 1; b.Any(); k++ {
			b = b.Shift(s.By).And(s.ReachAt(k))
			if k >= s.Min {
				if s.Mode != compiler.ModeCapture {
					n += b.And(quiet).Count()
				}
				if s.Mode != compiler.ModeMove {
					n += b.And(take).Count()
				}
			}
			if k == s.Steps {
				break
			}
			b = b.AndNot(occ)
		}
	}
	p.tally += n
}

// emitShifted appends, for each cell of to, the move onto it from by cells back, with
// flag; the moves that end in pt's promotion zone are expanded into their promotions (all
// of them under the further promotion rules: see emitAny), the others appended as they are.
func (p *core256) emitShifted(buf []Move, pt *compiler.PieceType[bb256], to bb256, by int, flag Move) []Move {
	if pr := pt.Promotion; pr != nil {
		promoting := to
		if !p.specialPromo {
			promoting = to.And(pr.Zone[p.side])
		}
		to = to.AndNot(promoting)
		for ; promoting.Any(); promoting = promoting.Rest() {
			sq := promoting.First()
			buf = p.emitAny(buf, pt, newMove(sq-by, sq)|flag)
		}
	}
	if p.tallying {
		p.tally += to.Count()
		return buf
	}
	for ; to.Any(); to = to.Rest() {
		sq := to.First()
		buf = append(buf, newMove(sq-by, sq)|flag)
	}
	return buf
}

// genHop appends the move of the fixed walk path from from, if its cells allow it: the
// table form of the walker's generation (see compiler.Path.Fixed).
func (p *core256) genHop(buf []Move, pt *compiler.PieceType[bb256], path *compiler.Path[bb256], from Square, land, capturable bb256) []Move {
	to, empty, screen := path.HopAt(from)
	if to == NoSquare || !land.Has(to) || !p.hopOpen(empty, screen) {
		return buf
	}
	if pc := p.board[to]; pc == NoPiece && path.LandOn&compiler.OnEmpty == 0 ||
		pc != NoPiece && (path.LandOn&compiler.OnEnemy == 0 || !capturable.Has(to) || path.NotLand>>uint(pc.Type())&1 != 0) {
		return buf
	}
	return p.emitAny(buf, pt, newMove(from, to))
}

// genWalks appends the moves of a man all of whose paths are fixed walks, from their table
// (compiler.PieceType.WalksAt): genHop's test for each walk that lands somewhere from from.
func (p *core256) genWalks(buf []Move, pt *compiler.PieceType[bb256], walks compiler.Refs[compiler.Walk[bb256]], from Square, land, capturable bb256) []Move {
	occ := p.occupied()
	for i := 0; i < walks.Len(); i++ {
		w := walks.At(i)
		if !land.Has(w.To) || occ.Meets(w.Empty) || w.Screen.AndNot(occ).Any() {
			continue
		}
		if pc := p.board[w.To]; pc == NoPiece && w.LandOn&compiler.OnEmpty == 0 ||
			pc != NoPiece && (w.LandOn&compiler.OnEnemy == 0 || !capturable.Has(w.To) || w.NotLand>>uint(pc.Type())&1 != 0) {
			continue
		}
		buf = p.emitAny(buf, pt, newMove(from, w.To))
	}
	return buf
}

// genRayHop appends the moves of the ray hop path from from: onto the empty cells beyond
// the screen and the enemy man after them (see compiler.Path.RayHop), in the walker's
// order (outward, the capture last).
func (p *core256) genRayHop(buf []Move, pt *compiler.PieceType[bb256], path *compiler.Path[bb256], from Square, land, capturable bb256) []Move {
	d := p.tb.Dir(path.HopDir)
	occ := p.occupied()
	blk := d.RayAt(from).And(occ)
	if blk.Empty() {
		return buf
	}
	s := nearest256(d, blk)
	if path.NotScreen>>uint(p.board[s].Type())&1 != 0 {
		return buf
	}
	if path.HopOne {
		// The grasshopper's shape: only the cell just beyond the screen, when it is a
		// square (not off the grid, missing or unused).
		t := d.StepAt(s)
		if !p.tb.Squares.Has(t) || !land.Has(t) {
			return buf
		}
		if !occ.Has(t) {
			if path.LandOn&compiler.OnEmpty != 0 {
				buf = p.emitAny(buf, pt, newMove(from, t))
			}
		} else if path.LandOn&compiler.OnEnemy != 0 && capturable.Has(t) && path.NotLand>>uint(p.board[t].Type())&1 == 0 {
			buf = p.emitAny(buf, pt, newMove(from, t))
		}
		return buf
	}
	beyond, to := d.RayAt(s), NoSquare
	if rest := beyond.And(occ); rest.Any() {
		to = nearest256(d, rest)
		beyond = beyond.AndNot(d.RayAt(to)).Without(to)
	}
	if path.LandOn&compiler.OnEmpty != 0 {
		for q := beyond.And(land).And(p.tb.Squares); q.Any(); {
			sq := nearest256(d, q)
			q = q.Without(sq)
			buf = p.emitAny(buf, pt, newMove(from, sq))
		}
	}
	if to != NoSquare && path.LandOn&compiler.OnEnemy != 0 && capturable.Has(to) && land.Has(to) &&
		path.NotLand>>uint(p.board[to].Type())&1 == 0 {
		buf = p.emitAny(buf, pt, newMove(from, to))
	}
	return buf
}

// manExtras completes genMan's moves of the man on from (buf[start:]) where needed: its
// en-passant captures, then the filters — duplicates of repeated atoms, promotions where
// a capture effect lands the capturer, promotions to a type its pool does not hold. The
// moves it adds (first-move leaps) land in mask, as genMan's own.
func (p *core256) manExtras(buf []Move, start int, pt *compiler.PieceType[bb256], from Square, harmless bool, mask bb256) []Move {
	if !harmless && p.ep.Any() && pt.EPCaptureAt(p.side, from).Meets(p.ep) {
		buf = p.genEP(buf, pt, from)
	}
	if pt.MayRepeat {
		buf = dedupe(buf, start)
	}
	if p.capEffects && pt.Promotion != nil {
		buf = p.landingPromotions(buf, start, pt)
	}
	if p.poolPromo && pt.Promotion != nil && pt.Promotion.FromPool >= 0 {
		buf = p.poolPromotions(buf, start, pt)
	}
	if p.firstMoves && p.gates.Has(from) && pt.Initial().Len() > 0 {
		buf = p.genInitial(buf, pt, from, harmless, mask)
	}
	if p.gating && p.gates.Has(from) {
		buf = p.gatedMoves(buf, start, len(buf), from, false)
	}
	if p.trading && len(buf) > start {
		buf = p.tradeFilter(buf, start, p.board[from].Type())
	}
	return buf
}

// tradeFilter drops, from the moves buf[start:] of a man of type t, the captures the
// trading rules bar (defs.Trading).
func (p *core256) tradeFilter(buf []Move, start int, t int) []Move {
	rs := p.rs
	own := rs.TradeTypes>>uint(t)&1 != 0
	if !(own && (rs.TradeGuarded || rs.TradeProtected)) && p.strike == NoSquare {
		return buf
	}
	n := start
	for _, m := range buf[start:] {
		if !p.barredTrade(m, own) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// barredTrade reports whether the trading rules bar m, a move of a man of the trading
// types (own) or of another.
func (p *core256) barredTrade(m Move, own bool) bool {
	rs := p.rs
	if p.strike != NoSquare && (rs.NoRetaliation && p.takesTradable(m) || !own && rs.Counterstrike && p.counterstruck(m)) {
		return true
	}
	return own && (rs.TradeGuarded && p.guardedTrade(m) || rs.TradeProtected && p.protectedTrade(m))
}

// takesTradable reports whether m takes a man of the trading types, in passing or where it
// lands.
func (p *core256) takesTradable(m Move) bool {
	for _, sq := range [3]Square{m.Cap1(), m.Cap2(), m.To()} {
		if sq != NoSquare && sq != m.From() && p.tradable(sq) {
			return true
		}
	}
	return false
}

// protectedTrade reports whether m, by a man of the trading types, takes one of them, in
// passing or where it lands, that the enemy attacks as the board stands before the move
// (the mover on its origin, every man taken still in place).
func (p *core256) protectedTrade(m Move) bool {
	var one [1]attack256
	them := p.side ^ 1
	for _, sq := range [3]Square{m.Cap1(), m.Cap2(), m.To()} {
		if sq != NoSquare && sq != m.From() && p.tradable(sq) && p.attacks(sq, them, p.occupied(), p.active(them), false, one[:]) > 0 {
			return true
		}
	}
	return false
}

// tradable reports whether sq holds an enemy man of the trading types.
func (p *core256) tradable(sq Square) bool {
	pc := p.board[sq]
	return pc != NoPiece && pc.Color() != p.side && p.rs.TradeTypes>>uint(pc.Type())&1 != 0
}

// counterstruck reports whether m, by a man not of the trading types, takes a man of those
// types off the counterstrike square.
func (p *core256) counterstruck(m Move) bool {
	for _, sq := range [3]Square{m.Cap1(), m.Cap2(), m.To()} {
		if sq != NoSquare && sq != m.From() && sq != p.strike && p.tradable(sq) {
			return true
		}
	}
	return false
}

// guardedTrade reports whether m, by a man of the trading types, takes one of them that
// stands beyond the squares next to its origin and that the enemy guards (the origin and
// the stop counted empty), without taking on its stop a man that is not cheap.
func (p *core256) guardedTrade(m Move) bool {
	from, to := m.From(), m.To()
	if to == from || !p.tradable(to) {
		return false
	}
	rs := p.rs
	if max(abs(rs.FileOf(to)-rs.FileOf(from)), abs(rs.RankOf(to)-rs.RankOf(from))) <= 1 {
		return false
	}
	occ := p.occupied().Without(from)
	if st := m.Stop(); st != NoSquare {
		if pc := p.board[st]; pc != NoPiece && pc.Color() != p.side && rs.TradeCheap>>uint(pc.Type())&1 == 0 {
			return false
		}
		occ = occ.Without(st)
	}
	var one [1]attack256
	return p.attacks(to, p.side^1, occ, p.active(p.side^1), false, one[:]) > 0
}

// genInitial appends the first-move leaps of the man on from, which still has its right.
func (p *core256) genInitial(buf []Move, pt *compiler.PieceType[bb256], from Square, harmless bool, mask bb256) []Move {
	us := p.side
	occ := p.occupied()
	capturable := p.capturable(us)
	if harmless {
		capturable = bb256{}
	}
	inCheck := -1
	for ls, i := pt.Initial(), 0; i < ls.Len(); i++ {
		l := ls.At(i)
		if l.NotInCheck {
			if inCheck < 0 {
				inCheck = 0
				if p.sideInCheck(us) {
					inCheck = 1
				}
			}
			if inCheck == 1 {
				continue
			}
		}
		targets := l.QuietAt(us, from).AndNot(occ).Or(l.CaptureAt(us, from).And(capturable)).And(pt.Land[us]).And(mask)
		for ; targets.Any(); targets = targets.Rest() {
			buf = p.emitAny(buf, pt, newMove(from, targets.First()))
		}
	}
	return buf
}

// gatedCastling appends the gating forms of the castling move last in buf (royal on k,
// partner on r, landing on kd and rd): a held man may enter on the royal's or the
// partner's square, when the castled pair leaves it.
func (p *core256) gatedCastling(buf []Move, k, r, kd, rd Square) []Move {
	n := len(buf) - 1
	if p.gates.Has(k) && k != kd && k != rd {
		buf = p.gatedMoves(buf, n, n+1, k, false)
	}
	if p.gates.Has(r) && r != kd && r != rd {
		buf = p.gatedMoves(buf, n, n+1, r, true)
	}
	return buf
}

// gatedMoves appends, for every move of buf[start:end], its gating forms: each type the
// mover's gating pool holds entering on sq (the origin, or with onPartner the castling
// partner's square), where that type may be dropped.
func (p *core256) gatedMoves(buf []Move, start, end int, sq Square, onPartner bool) []Move {
	us := p.side
	for t := range p.rs.NumPieces() {
		if p.hand[p.rs.HandSlot(us, p.rs.Hands.GateFrom, t)] == 0 || !p.tb.DropToAt(us, t).Has(sq) {
			continue
		}
		for _, m := range buf[start:end] {
			if m.Kind() == KindNormal && m.To() == m.From() {
				continue // a path back to its origin leaves no square to enter
			}
			buf = append(buf, m.withGate(t, onPartner))
		}
	}
	return buf
}

// slides is the set of cells side us's unlimited slides of type mv reach from from: empty
// cells up to the first piece, and that piece when capturable; both ways of a line at
// once (looked up on boards of at most 64 cells: compiler.SlideReach64; else
// compiler.LineReach256), the slides without their opposite one by one. It is apart from
// genMan, which calls it only for sliders, so that its loops keep their values in
// registers.
func (p *core256) slides(mv *compiler.PieceType[bb256], us Color, from Square, occ, capturable bb256) bb256 {
	var reach bb256
	if n := mv.SlideLines(us).Len(); n > 0 {
		if compiler.TabledLines256 && mv.LineTabled(us) {
			reach = compiler.SlideReach256(mv, us, from, occ)
		} else {
			rays := mv.LineRays(us)
			for at, end := from*n*2, (from+1)*n*2; at < end; at += 2 {
				reach = reach.Or(compiler.LineReach256(rays.At(at), rays.At(at+1), occ))
			}
		}
	}
	for dis, i := mv.SlideRays(us), 0; i < dis.Len(); i++ {
		d := p.tb.Dir(dis.At(i))
		ray := d.RayAt(from)
		if blk := ray.And(occ); blk.Any() {
			ray = ray.AndNot(d.RayAt(nearest256(d, blk)))
		}
		reach = reach.Or(ray)
	}
	return reach.AndNot(occ).Or(reach.And(capturable))
}

// emit appends m, expanded into its promotions when it ends in the piece's promotion zone
// (it inlines: the promotion choices include "stay unpromoted" when that is allowed).
// Where promotions follow more rules, or capture effects promote a capture where the
// capturer lands (genMan's landingPromotions), emitPromotions is used instead (emitAny).
func (p *core256) emit(buf []Move, pt *compiler.PieceType[bb256], m Move) []Move {
	pr := pt.Promotion
	if pr == nil || !pr.Zone[p.side].Has(m.To()) {
		return append(buf, m)
	}
	for _, t := range pr.ChoicesOf(p.side) {
		buf = append(buf, m.withPromotion(t))
	}
	return buf
}

// emitAny is emit where promotions may follow more rules (p.specialPromo: leaving,
// forced, on-capture, limits, capture effects): the call sites off the hot paths use it;
// genPiece and genRide choose between emit and emitPromotions themselves, so that emit
// stays small enough to inline.
func (p *core256) emitAny(buf []Move, pt *compiler.PieceType[bb256], m Move) []Move {
	if p.specialPromo && pt.Promotion != nil {
		return p.emitPromotions(buf, pt.Promotion, m)
	}
	return p.emit(buf, pt, m)
}

// emitPromotions is emit under every promotion rule: m promotes when it ends in the zone
// or, with leaving, started there.
func (p *core256) emitPromotions(buf []Move, pr *compiler.Promotion[bb256], m Move) []Move {
	if !pr.Zone[p.side].Has(m.To()) && !((pr.Leaving || pr.Entering) && pr.Zone[p.side].Has(m.From())) {
		return append(buf, m) // it neither ends in the zone nor leaves it where leaving promotes
	}
	if pr.HasForced || pr.OnCapture || pr.HasLimits || p.capEffects || pr.Entering || pr.HasByCell {
		return p.emitForced(buf, pr, m)
	}
	for i := range pr.NumChoices(p.side) {
		buf = append(buf, m.withPromotion(pr.ChoiceAt(p.side, i)))
	}
	return buf
}

// emitForced appends m's promotions where the rules go beyond a plain choice: with
// capture effects a capture is left whole, for landingPromotions to expand where the
// capturer lands; where only captures promote a quiet move stays as it is, even onto the
// part of the zone where promotion is compulsory (forced binds captures only there);
// otherwise see appendPromotions.
func (p *core256) emitForced(buf []Move, pr *compiler.Promotion[bb256], m Move) []Move {
	if p.capEffects && p.board[m.To()] != NoPiece && m.To() != m.From() {
		return append(buf, m)
	}
	if pr.Entering && !p.entersOrTakes(pr, m) {
		return append(buf, m)
	}
	if pr.OnCapture && !p.takesMan(m) {
		return append(buf, m)
	}
	return p.appendPromotions(buf, pr, m, m.To())
}

// takesMan reports whether m takes a man: where it lands (not back on its own origin, a
// pass or a capture without moving) or in passing (a path's capturing legs mark the cells
// they pass, empty or not).
func (p *core256) takesMan(m Move) bool {
	if m.To() != m.From() && p.board[m.To()] != NoPiece {
		return true
	}
	c1, c2 := m.Cap1(), m.Cap2()
	return c1 != NoSquare && p.board[c1] != NoPiece || c2 != NoSquare && p.board[c2] != NoPiece
}

// entersOrTakes reports whether m may promote under promotion.entering: it ends where
// promotion is always offered, enters the declared zone from outside, or captures with
// one end in it.
func (p *core256) entersOrTakes(pr *compiler.Promotion[bb256], m Move) bool {
	from, to := m.From(), m.To()
	if pr.HasAlways && pr.Always[p.side].Has(to) {
		return true
	}
	in := pr.Declared[p.side]
	if !in.Has(from) {
		return in.Has(to)
	}
	return m.Cap1() != NoSquare || to != from && p.board[to] != NoPiece
}

// appendPromotions appends the promotions of m, which promotes with its piece ending on
// land: each choice but staying unpromoted where promotion is compulsory, but the types
// the side has its limit of, and but those not offered on land (promotion.by-cell).
func (p *core256) appendPromotions(buf []Move, pr *compiler.Promotion[bb256], m Move, land Square) []Move {
	forced := pr.HasForced && pr.Forced[p.side].Has(land)
	for i := range pr.NumChoices(p.side) {
		c := pr.ChoiceAt(p.side, i)
		if c < 0 && forced || c >= 0 && pr.HasLimits && pr.Limit(c) > 0 && p.pieces(p.side, c).Count() >= pr.Limit(c) ||
			c >= 0 && !pr.OfferedAt(p.side, land, c) {
			continue
		}
		buf = append(buf, m.withPromotion(c))
	}
	return buf
}

// genRide appends the moves of the ride r from from (one of its origins): onto the empty cells of its span
// before the first man on the way and, where its mode captures, onto that man, outward.
// A man whose rides may not pass attacked cells (PieceType.RidesUnattacked) goes no further
// than the first cell it lands on along its way (in its span or before it) that the enemy
// attacks now.
func (p *core256) genRide(buf []Move, pt *compiler.PieceType[bb256], r *compiler.Ride[bb256], from Square, capturable, land bb256) []Move {
	d := p.tb.Dir(r.Dir)
	// The cells of its span up to the first man on the way, that man included.
	reach := r.SpanAt(from)
	if blk := d.RayAt(from).And(p.occupied()); blk.Any() {
		reach = reach.AndNot(d.RayAt(nearest256(d, blk)))
	}
	if p.rideRules {
		return p.genRuledRide(buf, pt, r, from, capturable, land, reach)
	}
	return p.emitRide(buf, pt, r, from, capturable, reach.And(land))
}

// genRuledRide is genRide under rides-unattacked or range capture (from a reach up to
// the first man on the way): a man whose rides may not pass attacked cells stops at the
// first, and a range capture goes on past the first man.
func (p *core256) genRuledRide(buf []Move, pt *compiler.PieceType[bb256], r *compiler.Ride[bb256], from Square, capturable, land, reach bb256) []Move {
	if pt.RidesUnattacked {
		reach = p.unattackedReach(p.tb.Dir(r.Dir), from, reach)
	}
	buf = p.emitRide(buf, pt, r, from, capturable, reach.And(land))
	if r.Rank > 0 && r.Mode != compiler.ModeMove {
		buf = p.genRangeCaptures(buf, pt, r, from, capturable, land, p.specialPromo && pt.Promotion != nil)
	}
	return buf
}

// emitRide appends the moves of the ride r from from onto the cells of reach, outward.
func (p *core256) emitRide(buf []Move, pt *compiler.PieceType[bb256], r *compiler.Ride[bb256], from Square, capturable, reach bb256) []Move {
	d := p.tb.Dir(r.Dir)
	promo := p.specialPromo && pt.Promotion != nil
	for reach.Any() {
		sq := nearest256(d, reach) // outward, as the ride goes
		reach = reach.Without(sq)
		var m Move
		if pc := p.board[sq]; pc == NoPiece && r.Mode != compiler.ModeCapture {
			if p.walling && p.walls.Has(sq) {
				continue // a wall stops the ride, and is never taken
			}
			m = newMove(from, sq)
			if r.EPTarget {
				m |= epFlag
			}
		} else if pc != NoPiece && r.Mode != compiler.ModeMove && capturable.Has(sq) {
			m = newMove(from, sq)
		} else {
			continue
		}
		if promo {
			buf = p.emitPromotions(buf, pt.Promotion, m)
		} else {
			buf = p.emit(buf, pt, m)
		}
	}
	return buf
}

// genRangeCaptures generates a range capture's takes past the first man on its line
// (compiler.Ride.Rank): over men of lower rank than the ride's, either side's, onto a
// man of lower rank that it may capture, within its span. A wall or a man of its rank
// or above ends the line.
func (p *core256) genRangeCaptures(buf []Move, pt *compiler.PieceType[bb256], r *compiler.Ride[bb256], from Square, capturable, land bb256, promo bool) []Move {
	d := p.tb.Dir(r.Dir)
	takes := r.SpanAt(from).And(land).And(capturable)
	first := true
	for blk := d.RayAt(from).And(p.occupied()); blk.Any(); {
		sq := nearest256(d, blk)
		blk = blk.Without(sq)
		pc := p.board[sq]
		if pc == NoPiece || p.tb.Piece(pc.Type()).Rank >= r.Rank {
			break
		}
		if first {
			first = false // the first man: genRide's
			continue
		}
		if takes.Has(sq) {
			if promo {
				buf = p.emitPromotions(buf, pt.Promotion, newMove(from, sq))
			} else {
				buf = p.emit(buf, pt, newMove(from, sq))
			}
		}
	}
	return buf
}

// unattackedReach is reach (the cells of a ride's span along d from from, up to the first
// man on the way) without those beyond the first cell along d, in the span or before it,
// that the enemy attacks with the mover's man standing on from.
func (p *core256) unattackedReach(d *compiler.Dir[bb256], from Square, reach bb256) bb256 {
	them := p.side ^ 1
	occ, active := p.occupied(), p.active(them)
	for b := d.RayAt(from); b.Meets(reach); {
		sq := nearest256(d, b)
		b = b.Without(sq)
		if p.attackedBy(sq, them, occ, active) {
			return reach.AndNot(b)
		}
	}
	return reach
}

// genEP generates en-passant captures of the piece on from.
func (p *core256) genEP(buf []Move, pt *compiler.PieceType[bb256], from Square) []Move {
	v := p.epVictim
	if v == NoSquare || p.board[v] == NoPiece || p.board[v].Color() == p.side || p.immune.Has(v) {
		return buf
	}
	for t := pt.EPCaptureAt(p.side, from).And(p.ep).AndNot(p.occupied()).And(pt.Land[p.side]); t.Any(); t = t.Rest() {
		if p.rs.Crossing && p.board[p.rs.Cross(t.First())] != NoPiece {
			continue // the capturer's crossing cell is taken
		}
		m := newMove(from, t.First()).withCaptures(v, NoSquare).withKind(KindEP)
		if pt.Promotion != nil && pt.Promotion.SkipEnPassant {
			buf = append(buf, m) // promotion.skip-en-passant: it lands unpromoted
			continue
		}
		buf = p.emitAny(buf, pt, m)
	}
	return buf
}

// genCastling generates castling moves whose squares are free and whose king path (before
// the destination) is not attacked; the destination is left to the legality filter. A
// castling piece that cannot be in check (not royal, or no check rule) ignores attacks.
// safe is the royal's square when the caller knows it is not attacked, else NoSquare.
func (p *core256) genCastling(buf []Move, movers bb256, safe Square) []Move {
	cs := p.rs.Castling
	us := p.side
	if cs == nil || !p.castle.Meets(p.tb.CastleRank[us]) {
		return buf
	}
	kings := p.pieces(us, cs.Royal).And(p.tb.CastleRank[us]).And(movers)
	if kings.Empty() {
		return buf
	}
	k := kings.First()
	occ := p.occupied()
	active := p.active(us ^ 1)
	// Whether the royal stands attacked is asked once, and only when a way is clear (or not
	// at all when the caller knows it is safe: safe is its square).
	attacked := int8(-1)
	if k == safe {
		attacked = 0
	}
	for b := p.castle.And(p.tb.CastleRank[us]); b.Any(); b = b.Rest() {
		r := b.First()
		w := p.tb.CastleWayOf(us, k, r)
		var stop bool
		if n := w.NumMore(); n == 0 {
			if !w.Open || w.Clear.Meets(occ) || !p.castlePartner(r, movers) {
				continue // a cell on the way is missing, unused or taken, or no partner stands on r
			}
			if buf, stop = p.castleWay(buf, w, k, r, occ, active, &attacked); stop {
				return buf
			}
		} else if p.castlePartner(r, movers) {
			// The castling's first destination, then those of its more (castling.*.also).
			for i := -1; i < n; i++ {
				x := w
				if i >= 0 {
					x = w.MoreAt(i)
				}
				if x.Open && !x.Clear.Meets(occ) {
					if buf, stop = p.castleWay(buf, x, k, r, occ, active, &attacked); stop {
						return buf
					}
				}
			}
		}
	}
	return buf
}

// castlePartner reports whether a man of the side to move that its royal castles with,
// and that may move, stands on r.
func (p *core256) castlePartner(r Square, movers bb256) bool {
	pc := p.board[r]
	return pc != NoPiece && pc.Color() == p.side && p.rs.Castling.Partners>>uint(pc.Type())&1 != 0 && movers.Has(r)
}

// castleWay appends the castling of the royal on k with the partner on r by way w, whose
// cells are playable and empty, when the royal neither stands on nor passes an attacked
// square (under castling.unattacked) and no man stands where it or its partner would cross
// to. attacked caches whether the royal stands attacked (-1: not asked yet); stop reports
// that it does, which ends every castling.
func (p *core256) castleWay(buf []Move, w *compiler.CastleWay[bb256], k, r Square, occ, active bb256, attacked *int8) (out []Move, stop bool) {
	us := p.side
	kd, rd := w.KingTo, w.PartnerTo
	if p.rs.Crossing && (occ.Has(p.rs.Cross(kd)) || occ.Has(p.rs.Cross(rd))) {
		return buf, false // the royal or its partner would cross onto a man
	}
	guarded := p.rs.Castling.Guarded
	if guarded && *attacked < 0 {
		*attacked = 0
		if p.attackedBy(k, us^1, occ, active) {
			*attacked = 1
		}
	}
	if *attacked == 1 {
		return buf, true
	}
	for s := w.Pass; guarded && s.Any(); s = s.Rest() {
		if p.attackedBy(s.First(), us^1, occ, active) {
			return buf, false
		}
	}
	buf = append(buf, newMove(k, kd).withKind(KindCastle).withAux(r))
	if p.gating {
		buf = p.gatedCastling(buf, k, r, kd, rd)
	}
	return buf, false
}

// genFastLegal generates legal moves directly when the ruleset is chess-like: one royal,
// leaps and rides only. Pins restrict a piece to its pin line; in check, non-royal moves
// must capture the checker or block; royal moves are tested with the royal lifted off the
// board; en passant and castling are tested by make/test/unmake.
//
// Only moves landing in target are generated (en passant aside), and castling and drops
// only with all: CaptureMoves asks for the captures and promotions alone this way.
func (p *core256) genFastLegal(buf []Move, k Square, target bb256, all bool) []Move {
	base := len(buf)
	rs := p.rs
	at := &p.tb.AttackTables
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own.Or(enemy)
	if p.walling {
		occ = occ.Or(p.walls) // walls block, and no man lands on one
	}
	capturable := p.capturable(us) // own men too under self-capture: none stands on a pin line or between a checker and the royal

	var checkers, block, pinned bb256
	pinRay := &p.pinRay
	for ts, ti := at.LeapTypes(them), 0; ti < ts.Len(); ti++ {
		t := ts.At(ti)
		checkers = checkers.Or(at.AttackFromAt(them, t, k).And(p.byType[t]).And(enemy))
	}
	if p.firstMoves {
		checkers = checkers.Or(p.initialFrom(k, them, enemy)) // they check as leaps do
	}
	if at.Snipes(them) && !noSnipes {
		// The enemy sliders that would reach the royal on an empty board: with nothing
		// between, a checker; with one man of ours between, a pinner.
		for b := p.snipers(them, k).And(enemy); b.Any(); b = b.Rest() {
			s := b.First()
			d := p.tb.Dir(at.LineDirAt(k, s))
			line := d.RayAt(k).Xor(d.RayAt(s)) // from the royal (not included) to s
			between := line.And(occ).Without(s)
			if between.Empty() {
				checkers = checkers.With(s)
				block = block.Or(line.Without(s))
			} else if !between.Many() && between.Meets(own) {
				b1 := between.First()
				pinned = pinned.With(b1)
				pinRay[b1] = line
			}
		}
	} else {
		// A line from the royal can hold a checker or a pinner only if an enemy man that
		// slides along it stands on it (the sliders of a group's types, gathered once for each
		// run of groups with the same types).
		var sliders bb256
		sliderTypes := ^uint64(0)
		for gs, gi := at.SlideGroups(them), 0; gi < gs.Len(); gi++ {
			g := gs.At(gi)
			d := p.tb.Dir(g.Back)
			blk := d.RayAt(k).And(occ)
			if blk.Empty() {
				continue
			}
			if g.Types != sliderTypes {
				sliderTypes, sliders = g.Types, bb256{}
				for ts := g.Types; ts != 0; ts &= ts - 1 {
					sliders = sliders.Or(p.byType[bits.TrailingZeros64(ts)])
				}
				sliders = sliders.And(enemy)
			}
			if !blk.Meets(sliders) {
				continue
			}
			b1 := nearest256(d, blk)
			if enemy.Has(b1) {
				if g.Types>>uint(p.board[b1].Type())&1 != 0 {
					checkers = checkers.With(b1)
					block = block.Or(d.RayAt(k).Xor(d.RayAt(b1)).Without(b1))
				}
				continue
			}
			rest := d.RayAt(b1).And(occ)
			if rest.Empty() {
				continue
			}
			b2 := nearest256(d, rest)
			if enemy.Has(b2) && g.Types>>uint(p.board[b2].Type())&1 != 0 {
				pinned = pinned.With(b1)
				pinRay[b1] = d.RayAt(k).Xor(d.RayAt(b2))
			}
		}
	}

	// Royal moves: generated like any piece, kept when the destination is safe. (A gating
	// move is legal exactly when the same move without gating is: see probeLegal.)
	start := len(buf)
	tallying := p.tallying
	if tallying {
		p.tallying = false // the royal's moves are tested below: each is written
	}
	if kt := p.tb.Piece(p.board[k].Type()); p.plainMan(kt) {
		buf = p.genPiece(buf, kt, k, occ, capturable, target)
	} else {
		buf = p.genMan(buf, kt, k, occ, capturable, target)
	}
	if tallying {
		p.tallying = true
	}
	n := start
	lifted := occ.Without(k)
	for _, m := range buf[start:] {
		if m.Kind() == KindEP && p.probeLegal(m, us) || m.Kind() != KindEP && !p.attackedBy(m.To(), them, lifted, enemy) {
			buf[n] = m
			n++
		}
	}
	buf = buf[:n]
	// Castling is tested by make/test/unmake. A castling piece that is not royal may castle
	// while the royal is in check (by blocking it, even against two checkers), and so may a
	// royal whose castling ignores attacks (castling.unattacked: false), out of check to a
	// safe square: then it is generated whatever the checkers.
	if cs := rs.Castling; all && cs != nil && (checkers.Empty() || !cs.Guarded || !rs.Piece(cs.Royal).Royal) {
		safe := NoSquare
		if checkers.Empty() {
			safe = k // the royal is not in check
		}
		buf = p.keepLegal(buf, p.genCastling(buf, own, safe), false)
	}
	if checkers.Many() {
		return buf
	}
	mask := target
	if checkers.Any() {
		mask = mask.And(checkers.Or(block))
	}
	for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
		pt := pts.At(t)
		plain := p.plainMan(pt)
		men := p.byType[t].And(own).Without(k)
		if p.shifting && men.Many() && p.shiftable(pt) {
			if shifts := pt.ShiftsOf(us); shifts.Len() > 0 && 2*men.Count() >= shifts.Len() {
				// The men that are not pinned, all at once; pinned men keep to their lines below.
				all := p.shiftMen(pt, men.AndNot(pinned))
				if compiler.CountedShifts256 && p.tallying && !p.specialPromo && !all.Meets(pt.ShiftsPromote[us]) {
					p.countShifts(pt, shifts, all, occ, capturable, mask)
				} else {
					buf = p.genShifts(buf, pt, shifts, all, occ, capturable, mask)
				}
				men = men.AndNot(all)
			}
		}
		for b := men; b.Any(); b = b.Rest() {
			from := b.First()
			m := mask
			if pinned.Has(from) {
				m = m.And(pinRay[from])
			}
			start := len(buf)
			if plain {
				if compiler.TabledLines256 && p.tallying && pt.LeapsAndLines[us] {
					p.tally += p.landings(pt, from, occ, capturable).And(m).Count()
					continue
				}
				buf = p.genPiece(buf, pt, from, occ, capturable, m)
				continue
			}
			buf = p.genMan(buf, pt, from, occ, capturable, m)
			if p.ep.Any() && pt.EPCaptureAt(us, from).Meets(p.ep) {
				// En passant removes a second piece from the board: tested by make/test/unmake.
				n := start
				for _, m := range buf[start:] {
					if m.Kind() != KindEP || p.probeLegal(m, us) {
						buf[n] = m
						n++
					}
				}
				buf = buf[:n]
			}
		}
	}
	// A drop only adds a piece: it cannot expose the royal, and in check it must block.
	if all && p.pools {
		buf = p.genPoolMoves(buf, mask.AndNot(checkers))
	}
	if p.royalPromo {
		buf = p.testRoyalPromotions(buf, base)
	}
	return buf
}

// testRoyalPromotions keeps, of genFastLegal's moves buf[base:], those promoting into a
// royal type only when legal by the full test: the new royal is one the pins never looked
// at (and, by the count rules, may not count yet).
func (p *core256) testRoyalPromotions(buf []Move, base int) []Move {
	n := base
	for _, m := range buf[base:] {
		if !p.promotesToRoyal(m) || p.probeLegal(m, p.side) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// keepLegal keeps the legal moves among ext[len(base):] (base is a prefix of ext), testing
// each by make/test/unmake. With shortcut, moves that provably cannot expose the own royal
// (checkRelevance) or free the enemy royal (keepers) skip the test.
func (p *core256) keepLegal(base, ext []Move, shortcut bool) []Move {
	if p.rs.RoyalTypes == 0 {
		// No royal type: no move can leave a royal man attacked or lose one, so the probe
		// (probeLegal) would pass every move, whatever the mechanisms.
		return ext
	}
	if shortcut {
		if rel, ok := p.checkRelevance(); ok {
			if rel.Empty() && p.royals(p.side).Empty() && !p.rs.Uses(royalMakers) {
				return ext // no royal man to expose, and no move can make one: all are legal
			}
			return p.keepUnexposed(base, ext, rel)
		}
		var keep [maxKeepers]attack256
		if nk := p.keepers(&keep); nk > 0 {
			return p.keepAttacking(base, ext, keep[:nk])
		}
	}
	n, us := len(base), p.side
	for _, m := range ext[len(base):] {
		if p.probeLegal(m, us) {
			ext[n] = m
			n++
		}
	}
	return ext[:n]
}

// keepUnexposed is keepLegal where checkRelevance's cells rel decide: a move that changes
// none of them (origin, destination, captures; a drop only its destination), moves no man
// of the unsafe types (royal, freezing) and promotes to no royal type is kept untested,
// the others are probed. The origins that always take the test are one set, so a plain
// move is judged by two lookups whatever the order of the moves. (Has is false for
// NoSquare.)
func (p *core256) keepUnexposed(base, ext []Move, rel bb256) []Move {
	unsafe := p.rs.RoyalTypes | p.rs.FreezerTypes
	n, us := len(base), p.side
	// The origins that always take the test: the relevance cells, and the royal and
	// freezing men's squares.
	tested := rel
	for ts := unsafe; ts != 0; ts &= ts - 1 {
		tested = tested.Or(p.byType[bits.TrailingZeros64(ts)])
	}
	// A royal man's plain move that changes no cell of rel leaves every other royal man
	// unattacked (rel covers them all), so where one attacked royal makes a check and the
	// men alone move in a probe, only its landing cell needs asking.
	royalLands := p.boardProbe && p.rs.CheckRoyals == compiler.CheckRoyalsAny && !p.rs.Crossing
	for _, m := range ext[len(base):] {
		spared := false
		switch {
		case m&(kindMask|promotionMask|passedMask) == 0: // a normal move, nothing more
			from := m.From()
			spared = !tested.Has(from) && !rel.Has(m.To())
			if !spared && royalLands && !rel.Has(from) && !rel.Has(m.To()) && m&gateMask == 0 &&
				p.rs.RoyalTypes>>uint(p.board[from].Type())&1 != 0 && p.rs.FreezerTypes>>uint(p.board[from].Type())&1 == 0 {
				if !p.onBoard(m, us, true) {
					ext[n] = m
					n++
				}
				continue
			}
		case m.Kind() == KindNormal:
			from := m.From()
			spared = !rel.Has(from) && !rel.Has(m.To()) && !rel.Has(m.Cap1()) && !rel.Has(m.Cap2()) &&
				unsafe>>uint(p.board[from].Type())&1 == 0 && !p.promotesToRoyal(m)
		case m.IsDrop():
			spared = !rel.Has(m.To()) && unsafe>>uint(m.Dropped())&1 == 0 && !p.promotesToRoyal(m)
		}
		if spared || p.probeLegal(m, us) {
			ext[n] = m
			n++
		}
	}
	return ext[:n]
}

// keepAttacking is keepLegal where the mover keeps attacks on the enemy royal (keepers): a
// normal move or a drop that changes none of the cells one of keep depends on is kept
// untested, the others are probed.
func (p *core256) keepAttacking(base, ext []Move, keep []attack256) []Move {
	n, us := len(base), p.side
outer:
	for _, m := range ext[len(base):] {
		if m.Kind() == KindNormal || m.IsDrop() {
			changed := compiler.Bit256(m.From()).Or(compiler.Bit256(m.To()))
			if c := m.Cap1(); c != NoSquare {
				changed = changed.With(c)
			}
			if c := m.Cap2(); c != NoSquare {
				changed = changed.With(c)
			}
			for i := range keep {
				if !keep[i].deps.Meets(changed) {
					ext[n] = m
					n++
					continue outer
				}
			}
		}
		if p.probeLegal(m, us) {
			ext[n] = m
			n++
		}
	}
	return ext[:n]
}

// probeLegal plays m by side us, asks whether it left us a legal position, and takes it
// back: no royal piece of us removed, and us not in check by the check rule.
func (p *core256) probeLegal(m Move, us Color) bool {
	// A gated man never blocks a check on its own side (as Fairy-Stockfish plays gating):
	// a gating move is legal exactly when the same move without gating is.
	if p.gating && !m.IsDrop() {
		m &^= gateMask
	}
	if p.rs.CheckRoyals == compiler.CheckRoyalsLone && p.rs.Check == compiler.CheckRoyalAttacked {
		return p.probeLone(m, us)
	}
	if (p.boardProbe || p.rightsProbe && !p.takesRight(m)) && (m.Kind() == KindNormal || m.Kind() == KindDrop) {
		return !p.checkedOnBoard(m, us)
	}
	// Under a crossing rule a royal move is also judged on the board it leaves: its
	// landing cell there must not be attacked (the man there now stands elsewhere, and an
	// attack on a cell does not depend on what stands on it).
	crossingRoyal := p.rs.Crossing && p.rs.Check == compiler.CheckRoyalAttacked && (m.Kind() == KindNormal || m.Kind() == KindCastle) && p.rs.RoyalTypes>>uint(p.board[m.From()].Type())&1 != 0
	p.makeProbe(m)
	ok := !p.undo[len(p.undo)-1].lostRoyal
	if ok && p.explode && p.petrify {
		stones := p.blastStones()
		p.walls = p.walls.AndNot(stones)
		ok = !p.sideInCheck(us)
		p.walls = p.walls.Or(stones)
	} else if ok {
		ok = !p.sideInCheck(us)
	}
	if ok && crossingRoyal {
		ok = !p.attackedBy(m.To(), us^1, p.occupied(), p.active(us^1))
	}
	p.Unmake()
	return ok
}

// blastStones is, after a probed move, the walls its explosion left where petrified
// capturers blew up (explosions with capture.petrify; none otherwise). Fairy-Stockfish's
// legality test of a blast (Position::legal, its pseudo-royal men) sees the capture
// square empty, the wall not yet standing: the probe judges the mover's royal men with
// these walls lifted. (Asked only where both mechanisms are in play.)
func (p *core256) blastStones() bb256 {
	var stones bb256
	for _, e := range p.journal[p.undo[len(p.undo)-1].mark:] {
		if e.kind == editWall && p.walls.Has(Square(e.where)) {
			stones = stones.With(Square(e.where))
		}
	}
	return stones
}

// probeLone is probeLegal under check-royals: lone, where the counts of the mover's royal
// men by kind before the move decide: the men of a kind it has two or more of may be left
// attacked; the man of a kind it has one of may not, nor may a royal man it drops (the
// drop counts at once, whatever the count); a man the move has just promoted into a royal
// type counts from the next move.
func (p *core256) probeLone(m Move, us Color) bool {
	lone := p.loneKinds(us)
	dropped := m.IsDrop() && p.rs.RoyalTypes>>uint(m.Dropped())&1 != 0
	if p.menOfKinds(lone, us).Empty() && !dropped && !p.capEffects && !p.explode {
		return true // no royal man is protected, and only a bounce, a kick or a blast takes one's own
	}
	fresh := NoSquare
	if y := m.Promotion(); y >= 0 && !m.IsDrop() && p.rs.RoyalTypes>>uint(y)&1 != 0 &&
		p.rs.RoyalTypes>>uint(p.board[m.From()].Type())&1 == 0 {
		fresh = m.To()
	}
	if p.boardProbe && m.Kind() == KindNormal && fresh == NoSquare {
		// A plain move keeps the mover's counts of royal men: the check rule on the board
		// alone decides.
		return !p.checkedOnBoard(m, us)
	}
	p.makeProbe(m)
	ok := !p.undo[len(p.undo)-1].lostRoyal
	if ok {
		var stones bb256
		if p.explode && p.petrify {
			stones = p.blastStones()
			p.walls = p.walls.AndNot(stones)
		}
		r := p.menOfKinds(lone, us)
		if fresh != NoSquare {
			r = r.Without(fresh)
		}
		if dropped {
			r = r.With(m.To())
		}
		occ, active := p.occupied(), p.active(us^1)
		for ; ok && r.Any(); r = r.Rest() {
			ok = !p.attackedBy(r.First(), us^1, occ, active)
		}
		p.walls = p.walls.Or(stones)
	}
	p.Unmake()
	return ok
}

// takesRight reports whether m lands on a man that keeps a first-move right: the board
// probe leaves the rights as they are, so the taker would seem to hold it, and such a move
// takes the full test (rightsProbe). (A drop lands where no man, so no right, is.)
func (p *core256) takesRight(m Move) bool {
	return p.gates.Has(m.To())
}

// checkedOnBoard reports whether side c is in check by the check rule once the side to move
// plays m, a normal move or a drop, where compiler.ShortcutBoardProbe holds: the men move
// on the board and its sets alone (what it takes lifted, the mover lifted and set down,
// promoted or dropped as its type), the check rule is asked, and they move back. Nothing
// else that a move changes is read by the attack walk there. (probeLegal asks it of the
// mover, the no-giving-check rule of the opponent.)
func (p *core256) checkedOnBoard(m Move, c Color) bool {
	return p.onBoard(m, c, false)
}

// onBoard is checkedOnBoard; with landing, it asks instead whether the mover's landing
// cell is attacked by the opponent (the side to move's royal man moving, where the check
// rule needs no other answer: see keepUnexposed).
func (p *core256) onBoard(m Move, c Color, landing bool) bool {
	us := p.side
	from, to := m.From(), m.To()
	var taken [3]Piece
	var at [3]Square
	n := 0
	mover := NoPiece
	if m.Kind() == KindDrop {
		t := m.Dropped()
		if y := m.Promotion(); y >= 0 {
			t = y // dropped as its promoted type
		}
		p.place(to, MakePiece(t, us))
	} else {
		for _, c := range [3]Square{m.Cap1(), m.Cap2(), to} {
			if c != NoSquare && c != from && p.board[c] != NoPiece {
				at[n], taken[n] = c, p.lift(c)
				n++
			}
		}
		mover = p.lift(from)
		pc := mover
		if y := m.Promotion(); y >= 0 {
			pc = MakePiece(y, us)
		}
		p.place(to, pc)
	}
	var check bool
	if landing {
		check = p.attackedBy(to, us^1, p.occupied(), p.active(us^1))
	} else {
		check = p.sideInCheck(c)
	}
	p.lift(to)
	if mover != NoPiece {
		p.place(from, mover)
	}
	for i := n - 1; i >= 0; i-- {
		p.place(at[i], taken[i])
	}
	return check
}

// walker256 runs a multi-leg path depth-first: in generation mode it appends moves; in attack
// mode (target set) it reports whether the path could capture on target, treating target as
// holding an enemy and ignoring landing restrictions other than the board's cells.
type walker256 struct {
	p      *core256
	path   *compiler.Path[bb256]
	pt     *compiler.PieceType[bb256]
	color  Color
	from   Square
	target Square
	land   bb256
	// capturable: in generation mode, the enemy pieces the mover may capture, on the way or
	// by landing (not immune; none for a piece that attacks nothing).
	capturable bb256
	buf        []Move
	found      bool
	// stop is the square the walk stopped on (a leg with Stop), while it walks on from there.
	stop Square
}

func (w *walker256) classify(sq Square) uint8 {
	switch w.p.rs.KindOf(sq) {
	case compiler.CellMissing:
		return compiler.OnMissing
	case compiler.CellUnused:
		return compiler.OnUnused
	}
	if sq == w.target {
		return compiler.OnEnemy
	}
	if sq == w.from {
		return compiler.OnEmpty // the moving piece has left its square
	}
	pc := w.p.board[sq]
	switch {
	case pc == NoPiece:
		return compiler.OnEmpty
	case pc.Color() == w.color:
		return compiler.OnFriend
	}
	return compiler.OnEnemy
}

func (w *walker256) leg(li int, at Square, c1, c2 Square) {
	legs := w.path.Legs()
	leg := legs.At(li)
	last := li == legs.Len()-1
	d := w.p.tb.Dir(leg.Dir)
	if !last && leg.Min == 0 {
		w.leg(li+1, at, c1, c2)
		if w.found {
			return
		}
	}
	cur := at
	for k := 1; leg.Max == 0 || k <= leg.Max; k++ {
		cur = d.StepAt(cur)
		if cur == NoSquare {
			return
		}
		if w.path.Bounded && !w.path.Within.Has(cur) {
			return // the atom never leaves its zone
		}
		cond := w.classify(cur)
		if cur == c1 || cur == c2 {
			cond = compiler.OnEmpty // captured earlier in this move: the piece is gone
		}
		if leg.Not != 0 && (cond == compiler.OnFriend || cond == compiler.OnEnemy) {
			if pc := w.p.board[cur]; pc != NoPiece && leg.Not>>uint(pc.Type())&1 != 0 {
				return // a man of an excluded type: neither passed nor landed on
			}
		}
		if last {
			if cond == compiler.OnFriend && w.takesOwn(cur) {
				cond = compiler.OnEnemy // self-capture: an own man taken as an enemy one would be
			}
			if k >= leg.Min && (cond == compiler.OnEmpty || cond == compiler.OnEnemy) && cond&leg.On != 0 {
				w.landOn(cur, cond, c1, c2)
				if w.found {
					return
				}
			}
			if cond != compiler.OnEmpty && cond != compiler.OnUnused {
				return
			}
			continue
		}
		if !matches(cond, leg.On) {
			return
		}
		if leg.Capture && cond == compiler.OnEnemy {
			if w.target == NoSquare && !w.capturable.Has(cur) {
				return
			}
			if c1 == NoSquare {
				c1 = cur
			} else {
				c2 = cur
			}
		}
		if k >= leg.Min {
			if leg.Stop {
				w.stop = cur
			}
			w.leg(li+1, cur, c1, c2)
			if w.found {
				return
			}
		}
	}
}

// takesOwn reports whether the walking man may end on its own side's man on sq by
// self-capture: in generation mode where capturable has it; in attack mode (a path that
// took the target on its way may end so) where self-capture is played and the man there
// is neither royal nor immune.
func (w *walker256) takesOwn(sq Square) bool {
	if w.target == NoSquare {
		return w.capturable.Has(sq)
	}
	return w.p.selfCapture && !w.p.royals(w.color).Has(sq) && !w.p.immune.Has(sq)
}

func (w *walker256) landOn(sq Square, cond uint8, c1, c2 Square) {
	if w.target != NoSquare {
		if !w.p.tb.Squares.Has(sq) {
			return
		}
		// (A path that stops may lead back to its origin, which it cannot attack.)
		w.found = c1 == w.target || c2 == w.target || sq == w.target && cond == compiler.OnEnemy && sq != w.from
		return
	}
	if !w.land.Has(sq) || sq == w.from && !w.path.Stops || cond == compiler.OnEnemy && !w.capturable.Has(sq) {
		return
	}
	m := newMove(w.from, sq).withCaptures(c1, c2)
	if w.path.Stops && !(sq == w.from && c1 == NoSquare && w.pt.PassOnce) {
		m = m.withAux(w.stop) // (a pass of a pass-once man is one move, whatever its stop)
	}
	w.buf = w.p.emitAny(w.buf, w.pt, m)
}
