// The queries a search needs, on the 256-cell core: how a game ended without generating
// moves, captures and quiet moves apart, the attackers of a square, the legality of one move.

package interpreter

import (
	"slices"

	"chimera/compiler"
)

// Ended reports a game decided without generating moves (but for the rare position on the
// fifty-move limit). A game that is over only because the side to move has no legal move
// is not reported here: see NoMoves.
func (p *core256) Ended() Ending {
	if p.ended != 0 {
		return Ending{Over: true, Outcome: -compiler.Outcome(p.ended - 2), Reason: p.goalName(int(p.endGoal)), Goal: max(int(p.endGoal), -1)}
	}
	// A side without a legal move loses or draws by the no-moves rule even on the
	// fiftieth move (checkmate takes precedence), so only then are its moves generated.
	if p.rs.FiftyMove > 0 && p.halfmove >= p.rs.FiftyMove && p.hasLegalMove() {
		return Ending{Over: true, Outcome: p.drawnOutcome(p.side), Reason: "fifty-move rule", Goal: -1}
	}
	if p.rs.Repetition > 0 && p.Repetitions() >= p.rs.Repetition {
		o, reason := p.repetitionOutcome()
		if o == compiler.Draw {
			o = p.drawnOutcome(p.side)
		}
		return Ending{Over: true, Outcome: o, Reason: reason, Goal: -1}
	}
	// A count past its limit draws, but for a side checkmated on that move.
	if p.countLimit > 0 && p.countPly > p.countLimit && (!p.sideInCheck(p.side) || p.hasLegalMove()) {
		return Ending{Over: true, Outcome: compiler.Draw, Reason: "counting rule", Goal: -1}
	}
	return Ending{Goal: -1}
}

// repetitionOutcome is the result, for the side to move, of the repetition the position
// has reached: lost by a side that gave check at each of its moves since the earliest
// occurrence counted (where perpetual check loses), else the rules' repetition result.
func (p *core256) repetitionOutcome() (compiler.Outcome, string) {
	rs := p.rs
	if rs.PerpetualCheckLoses {
		// Position k is the one after the k-th move made (0: the position set up).
		checked := func(k int) bool {
			if k == 0 {
				return p.startChecked
			}
			return p.undo[k-1].checked
		}
		cur, first, n := len(p.undo), len(p.undo), 1
		for i := cur - 1; i >= 0 && n < rs.Repetition; i-- {
			if u := &p.undo[i]; u.move.Kind() == KindNull || u.halfmove == 0 && !p.pools {
				break
			} else if u.hash == p.hash {
				n, first = n+1, i
			}
		}
		them, us := true, true // the side to move always in check; its opponent always
		for k := max(first-1, 0); k <= cur; k++ {
			if (cur-k)%2 == 0 {
				them = them && (k >= first && checked(k))
			} else {
				us = us && checked(k)
			}
		}
		switch {
		case them:
			return compiler.Win, "perpetual check"
		case us:
			return compiler.Loss, "perpetual check"
		}
	}
	switch rs.RepetitionLoser {
	case compiler.RepetitionMoverLoses:
		return compiler.Win, "repetition"
	case compiler.RepetitionToMoveLoses:
		return compiler.Loss, "repetition"
	case p.side:
		return compiler.Loss, "repetition"
	case p.side ^ 1:
		return compiler.Win, "repetition"
	}
	return compiler.Draw, "repetition"
}

// mateRules judges the checkmate of the side to move by the rules.checkmate of its ruleset:
// lost by the mating side when only men of the forbidden types give check, drawn when no
// check of the unbroken series that ends in it (one every other position, back to the
// position set up or a null move) was given by a man of the needed types. ok is false
// when the checkmate counts as usual.
func (p *core256) mateRules() (o compiler.Outcome, reason string, ok bool) {
	rs := p.rs
	now := p.checkerTypes(p.side)
	if rs.MateForbiddenBy != 0 && uint64(now)&^rs.MateForbiddenBy == 0 {
		return compiler.Win, "checkmate by a forbidden piece", true
	}
	if rs.MateNeedsCheckBy == 0 {
		return 0, "", false
	}
	// Position k is the one after the k-th move made (0: the position set up).
	for k := len(p.undo); ; k -= 2 {
		t := now
		switch {
		case k == 0:
			t = p.startCheckTypes
		case k < len(p.undo):
			t = p.undo[k-1].checkTypes
		}
		if t == 0 {
			break
		}
		if uint64(t)&rs.MateNeedsCheckBy != 0 {
			return 0, "", false
		}
		if k < 2 || p.undo[k-1].move.Kind() == KindNull || p.undo[k-2].move.Kind() == KindNull {
			break
		}
	}
	return compiler.Draw, "checkmate without the check it needs", true
}

// checkerTypes is the set (bits) of the types of the men giving check to side c.
func (p *core256) checkerTypes(c Color) uint32 {
	var t uint32
	for r := p.royals(c); r.Any(); r = r.Rest() {
		for a := p.attackers(r.First(), c^1); a.Any(); a = a.Rest() {
			t |= 1 << uint(p.board[a.First()].Type())
		}
	}
	return t
}

// hasLegalMove reports whether the side to move has a legal move.
func (p *core256) hasLegalMove() bool {
	p.scratch = p.LegalMoves(p.scratch)
	return len(p.scratch) > 0
}

// NoMoves is the outcome, for the side to move, and its reason when that side has no legal
// move (the caller knows it has none).
func (p *core256) NoMoves() (compiler.Outcome, string) {
	if p.InCheck() {
		if n := len(p.undo); p.noMateDrops && n > 0 {
			if m := p.undo[n-1].move; m.Kind() == KindDrop && p.rs.Hands.NoMate>>uint(m.Dropped())&1 != 0 {
				// Uchifuzume: the side that mated by this drop has lost.
				return compiler.Win, "checkmate by a forbidden drop"
			}
		}
		if p.rs.MateForbiddenBy|p.rs.MateNeedsCheckBy != 0 {
			if o, reason, ok := p.mateRules(); ok {
				return o, reason
			}
		}
		return p.rs.NoMovesInCheck, "checkmate"
	}
	if p.rs.StalemateByMen {
		switch d := p.byColor[p.side].Count() - p.byColor[p.side^1].Count(); {
		case d < 0:
			return p.rs.NoMovesOtherwise, "stalemate with fewer men"
		case d > 0:
			return -p.rs.NoMovesOtherwise, "stalemate with more men"
		}
		// As many men: a game drawn, decided on points where they count them (Fairy-
		// Stockfish's material counting after its stalematePieceCount).
		return p.drawnOutcome(p.side), "stalemate with as many men"
	}
	if p.rs.NoMovesOtherwise == compiler.Draw {
		// A stalemate is a game the rules end drawn: decided on points where they count
		// them, as Fairy-Stockfish's material counting decides its stalemates.
		return p.drawnOutcome(p.side), "stalemate"
	}
	return p.rs.NoMovesOtherwise, "stalemate"
}

// IsCapture reports whether m, legal in p, captures or promotes: the moves a quiescence
// search looks at. A capture removes an enemy piece, or, with a capture effect such as a
// bounce, lands on one that may stay on the board. A flip is none: the men it turns stay
// on the board (and in the games that flip, nearly every move flips).
func (p *core256) IsCapture(m Move) bool {
	switch m.Kind() {
	case KindCastle, KindNull, KindDrop, KindExchange, KindPass, KindPickUp:
		return false
	case KindEP:
		return true
	}
	if m.Cap1() != NoSquare || m.Promotion() >= 0 {
		return true
	}
	pc := p.board[m.To()]
	return pc != NoPiece && pc.Color() != p.side || p.burning && p.burnsAny(m)
}

// burnsAny reports whether m, a normal move or an en-passant capture, is one of a burning
// man that burns an enemy man where it stops (defs.Piece.Burns).
func (p *core256) burnsAny(m Move) bool {
	slot := p.tb.Piece(p.board[m.From()].Type()).BurnSlot
	return slot >= 0 && p.tb.BurnNear(slot, m.To()).And(p.byColor[p.side^1]).AndNot(p.immune).Without(m.From()).Any()
}

// CaptureMoves appends the legal captures and promotions to buf[:0]. Where pins and
// evasions decide legality, only moves landing on an enemy piece or a promotion zone are
// generated (and en passant), or every move but drops and castling where a promotion may
// land outside the zone (leaving, entering, in place by a step); where each move's
// legality is tested alone, the pseudo-legal captures are picked out before the test;
// otherwise the legal moves are filtered.
func (p *core256) CaptureMoves(buf []Move) []Move {
	buf = buf[:0]
	if p.ended != 0 {
		return buf
	}
	if p.walled || p.turnCheck {
		return p.keepCaptures(p.LegalMoves(buf))
	}
	if p.rs.Allows(compiler.ShortcutPins) && !p.rs.HasPaths && !p.sifted {
		if r := p.royals(p.side); r.Any() && !r.Many() {
			// Every move but castling and drops (which neither capture nor promote) where
			// a promotion may land outside its zone; else only those landing on a man or
			// in a zone.
			target := compiler.Full256()
			if !p.rs.Uses(compiler.Mechs(compiler.MechLeavingPromotion, compiler.MechEnteringPromotion, compiler.MechInPlacePromotion, compiler.MechByCellPromotion)) {
				target = p.byColor[p.side^1]
				for pts, t := p.tb.Pieces(), 0; t < pts.Len(); t++ {
					if pr := pts.At(t).Promotion; pr != nil {
						target = target.Or(pr.Zone[p.side])
					}
				}
			}
			buf = p.genFastLegal(buf, r.First(), target, false)
			return p.keepCaptures(buf)
		}
	}
	if p.ended == 0 && !p.noMateIllegal && !p.noGivingCheck && !p.mustCapture &&
		!p.mustDrop && !p.rs.RoyalTakesCheckerOnly && !p.rs.Allows(compiler.ShortcutPins) {
		// Legality is judged move by move here (no filter of LegalMoves looks at the other
		// moves), so the captures are picked out first and only they are tested.
		buf = p.keepCaptures(p.genPseudo(buf))
		switch {
		case p.rs.Allows(compiler.ShortcutNoCheck):
			if p.capEffects {
				buf = p.keepRoyals(buf)
			}
		default:
			buf = p.keepLegal(buf[:0], buf, true)
		}
		if p.passing { // the facing-royals filter (the pass it adds is no capture)
			buf = p.keepCaptures(p.passAndFacing(buf))
		}
		return buf
	}
	return p.keepCaptures(p.LegalMoves(buf))
}

// keepCaptures keeps the moves of buf that IsCapture.
func (p *core256) keepCaptures(buf []Move) []Move {
	n := 0
	for _, m := range buf {
		if p.IsCapture(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// QuietMoves appends the legal moves that neither capture nor promote to buf[:0].
// CaptureMoves and QuietMoves together are exactly LegalMoves.
func (p *core256) QuietMoves(buf []Move) []Move {
	buf = p.LegalMoves(buf)
	n := 0
	for _, m := range buf {
		if !p.IsCapture(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Attackers is the set of squares of side by's pieces that attack sq: that could capture a
// piece of the other side standing there, ignoring landing restrictions and immunity as
// check does. Atoms that capture only royal pieces count only when a royal piece of the
// other side stands on sq. Frozen pieces attack nothing. Leaps and rides come from the
// tables; paths are walked.
func (p *core256) Attackers(sq Square, by Color) compiler.Bitboard {
	return p.attackers(sq, by).Wide()
}

func (p *core256) attackers(sq Square, by Color) bb256 {
	pc := p.board[sq]
	royalThere := pc != NoPiece && pc.Color() != by && p.rs.RoyalTypes>>uint(pc.Type())&1 != 0
	if len(p.attackBuf) == 0 {
		p.attackBuf = make([]attack256, 64)
	}
	// A piece may attack sq by several atoms: a full buffer may have missed some.
	n := p.attacks(sq, by, p.occupied(), p.active(by), royalThere, p.attackBuf)
	for n == len(p.attackBuf) {
		p.attackBuf = make([]attack256, 2*len(p.attackBuf))
		n = p.attacks(sq, by, p.occupied(), p.active(by), royalThere, p.attackBuf)
	}
	var out bb256
	for _, a := range p.attackBuf[:n] {
		out = out.With(a.from)
	}
	return out
}

// IsLegal reports whether m is a legal move in p, generating only the moves of the piece
// on its origin (a search checks a move from its transposition table this way).
func (p *core256) IsLegal(m Move) bool {
	if p.turnCheck {
		if p.ended != 0 || m.Kind() == KindNull {
			return false
		}
		p.filterBuf = p.LegalMoves(p.filterBuf)
		return slices.Contains(p.filterBuf, m)
	}
	if p.walled {
		// A turn is legal with its wall (or, where walls are placed instead of a move, a
		// man's move without one): among the turns LegalMoves lists.
		if m.Wall() == NoSquare && !p.rs.Walls.Instead || p.ended != 0 {
			return false
		}
		p.filterBuf = p.LegalMoves(p.filterBuf)
		return slices.Contains(p.filterBuf, m)
	}
	if m.Kind() == KindPass && p.rs.Pass {
		p.filterBuf = p.LegalMoves(p.filterBuf)
		return slices.Contains(p.filterBuf, m)
	}
	if !p.isLegal(m) {
		return false
	}
	if p.sifted || p.noMateIllegal && m.IsDrop() {
		// These rules decide among the legal moves as a whole.
		p.filterBuf = p.LegalMoves(p.filterBuf)
		return slices.Contains(p.filterBuf, m)
	}
	return true
}

func (p *core256) isLegal(m Move) bool {
	if p.ended != 0 || m.Kind() == KindNull {
		return false
	}
	from := m.From()
	if from < 0 || from >= p.rs.Cells || m.To() < 0 || m.To() >= p.rs.Cells {
		return false
	}
	if m.IsDrop() {
		if !p.pools || m.Dropped() >= p.rs.NumPieces() || m.Given() >= p.rs.NumPieces() {
			return false
		}
		buf := p.genPoolMoves(p.scratch[:0], compiler.Bit256(m.To()))
		p.scratch = buf
		found := false
		for _, c := range buf {
			found = found || c == m
		}
		return found && p.probeLegal(m, p.side)
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side || !p.movers(p.side).Has(from) {
		return false
	}
	buf := p.scratch[:0]
	switch m.Kind() {
	case KindCastle:
		buf = p.genCastling(buf, p.movers(p.side), NoSquare)
	case KindPickUp:
		if p.pools {
			buf = p.genPickUps(buf, p.rs.Hands.PickUp&(1<<uint(pc.Type())), compiler.Bit256(from))
		}
	default:
		buf = p.genMan(buf, p.tb.Piece(pc.Type()), from, p.occupied(), p.capturable(p.side), compiler.Full256())
	}
	p.scratch = buf
	found := false
	for _, c := range buf {
		found = found || c == m
	}
	if !found {
		return false
	}
	if p.mustDrop {
		// Must-drop decides among the legal moves as a whole.
		for _, o := range p.LegalMoves(p.scratch[:0]) {
			if o == m {
				return true
			}
		}
		return false
	}
	if p.rs.Allows(compiler.ShortcutNoCheck) {
		return !p.capEffects || !p.losesRoyal(m)
	}
	return p.probeLegal(m, p.side)
}

// MakeProbe plays m without deciding goals, for a test that unmakes it at once (does the
// move give check, is it safe): cheaper than Make when goals run hooks.
func (p *core256) MakeProbe(m Move) { p.makeProbe(m) }
