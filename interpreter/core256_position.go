// The 256-cell core's state: board, sets, journal and undo frames, and the accessors Position dispatches to.

package interpreter

import "chimera/compiler"

// bb256 is the set type of this core.
type bb256 = compiler.BB256

// frame256 is what unmake needs beyond the journal: the move and the scalar state before it.
type frame256 struct {
	move     Move
	moved    Piece // the piece that made the move (before promotion); NoPiece for a null move
	mark     int32 // journal length before the move
	captures int16 // enemy pieces the move removed
	// lostRoyal: the move removed one of the mover's own royal pieces (so it is illegal).
	lostRoyal bool
	endGoal   int16
	ended     int8
	castle    bb256
	ep        bb256
	epVictim  Square
	strike    Square // the counterstrike square before the move
	halfmove  int
	hash      uint64
	checks    [2]uint8
	// inTurn: the moves the mover had made of its turn before the move; kept: the move
	// left the mover to move again (its turn goes on).
	inTurn int16
	kept   bool
	// checked: after the move the side to move is in check, when checkKnown (always in
	// rulesets where perpetual check loses, except after legality probes; else once
	// InCheck has been asked).
	checked, checkKnown bool
	// facing: before the move, the royal men faced each other (rulesets with
	// facing-royals; not set by legality probes).
	facing bool
	// checkTypes: after the move, the types (bits) of the men giving check to the side to
	// move (rulesets with checkmate rules; not set by legality probes).
	checkTypes uint32
	// countLimit, countPly: the counting rule's count before the move.
	countLimit, countPly int32
	// weighed: each side's sum of the position's Weights before the move; keyed: the
	// key of its keyed men.
	weighed [2]int32
	keyed   uint64
}

// core256 is a position on the 256-cell core (see Position).
//
// Every change a move makes is one primitive edit (put, remove, set a status, change a pool
// count) appended to the journal; Unmake reverses the edits back to the frame's mark and
// restores the scalar state saved in the frame. The hash is updated by each edit.
type core256 struct {
	rs       *compiler.Ruleset
	tb       *compiler.Tables[bb256]
	board    [compiler.MaxCells256]Piece
	byType   [compiler.MaxPieceTypes]bb256
	byColor  [2]bb256
	status   []uint8 // per cell: half-moves left of a timed status, 0 none
	hand     []uint8 // pool counts, indexed like Zobrist.Hand
	side     Color
	castle   bb256  // partner squares that keep their castling right
	ep       bb256  // en-passant target squares
	epVictim Square // the piece that may be taken en passant
	halfmove int
	fullmove int
	hash     uint64
	// ended is set by a move that reached a goal: 0 none, else 1 + outcome for the side
	// that moved (so 0 = not ended, 1 = loss, 2 = draw, 3 = win). endGoal is the goal's
	// index. An ended position hashes apart from the same placement not ended.
	ended   int8
	endGoal int16
	undo    []frame256
	journal []edit
	// weights: what each man counts (Weigh; nil: nothing is summed); weighed: each
	// side's sum, kept by putPiece, removePiece and changePool; keyed: the xor of the
	// weights' keys of the men on the board.
	weights *Weights
	weighed [2]int32
	keyed   uint64
	// startPly is the game ply of the position set from FEN (from its move number).
	startPly int
	immune   bb256 // squares holding immune pieces (derived, kept in sync)
	// freezes is whether the rules have freezing rules (tb.NumFreezes() > 0), kept here so
	// that active stays small enough to inline; immobile and harmless likewise say whether
	// the ruleset's timed status stops a piece moving or attacking; restrained is freezes
	// or immobile, disarmed freezes or harmless (one test each on the hot paths).
	freezes, immobile, harmless, restrained, disarmed bool
	// fx: the ruleset has timed statuses, capture effects or hit goals, so moves must keep
	// statuses with their pieces and record what they hit (else all of that is skipped).
	fx bool
	// statused is the set of squares whose piece has a timed status (status[sq] > 0).
	statused bb256
	// capEffects: captures are not plain replacements (compiler.Ruleset.CaptureEffects).
	capEffects bool
	// hits lists, during a move, the pieces it hit that some hit goal counts, in order.
	hits []Piece
	// fxScratch holds a piece's moves while landingPromotions re-emits them.
	fxScratch []Move
	// marked is the set of squares holding promoted pieces that return to a pool as what
	// they promoted from (rulesets whose hands demote).
	marked bb256
	// pools: the ruleset has drops or exchanges; poolPromo: some piece promotes from a
	// pool; kingBits: castle also keeps the square of a side's king that has never moved
	// (so that a partner dropped on its corner can regain its right).
	pools, poolPromo, kingBits bool
	// filtered: a man's generated moves may need manExtras (a harmless status, capture
	// effects, promotion from a pool, gating, borrowed moves, in-place promotion or trading
	// are in play; first-move leaps only for their own types). gating: the ruleset gates.
	filtered, gating bool
	// shifting: some type has a shift plan, and no mechanism in play keeps genMan from
	// being genPiece (not filtered): generation may use the plans (genShifts).
	shifting bool
	// mustDrop: a side holding pieces must drop one when it can (LegalMoves filters).
	// boardProbe: compiler.ShortcutBoardProbe holds (probeLegal moves the men alone), and
	// no man has a first-move right; rightsProbe: it holds where men have them (a capture
	// of such a man takes the full test: takesRight).
	mustDrop, boardProbe, rightsProbe bool
	// mustCapture, noGivingCheck: the rules' filters of the legal moves (LegalMoves ends
	// with them); filterBuf holds the legal moves IsLegal compares with.
	mustCapture, noGivingCheck bool
	// tallying: MoveCount is counting: genPiece and the shift plans add the moves they
	// would append without a promotion to tally instead. countable: the ruleset lets it
	// (see newCore256). royalless: a side had no royal man when the position was set up
	// (MoveCount looks for a side without one only then).
	tallying, countable, royalless bool
	tally                          int
	// noMateDrops: a checkmate given by dropping a man of some type is lost by the side
	// that dropped it (NoMoves); noMateIllegal: such a drop is no legal move (LegalMoves
	// filters it, judging the opponent's answers into mateBufs[mateDepth]).
	noMateDrops, noMateIllegal bool
	mateBufs                   [][]Move
	mateDepth                  int
	// borrows: a man may move with the moves of a friendly man on its lending square
	// (compiler.Ruleset.BorrowFrom).
	borrows              bool
	filterBuf, answerBuf []Move
	// checks[c] is the number of checks side c has left to give (rulesets with a counter).
	checks [2]uint8
	// explode: captures blow up the men around (compiler.Ruleset.Explode).
	explode bool
	// rideRules: some ride stops before attacked cells or captures past the first man
	// (genRuledRide).
	rideRules bool
	// royalAttackFx: explode or burning, which attackedBy's attacks on a royal cell weigh
	// beyond the attack walk.
	royalAttackFx bool
	// startChecked: the side to move was in check in the position set up (perpetual check);
	// startCheckTypes: the types of the men giving that check (checkmate rules).
	startChecked    bool
	startCheckTypes uint32
	// countLimit is the limit, in half-moves, of the counting rule's count that runs (0:
	// none); countPly is how far it has run.
	countLimit, countPly int32
	// firstMoves: some piece has first-move leaps, whose rights gates keeps (as gating's).
	firstMoves bool
	// sifted: LegalMoves filters or extends the legal moves as a whole (compulsory
	// capture, no giving check, royal takes checker only, passes, facing royals), so
	// IsLegal asks it.
	sifted bool
	// passing: the rules have passes or facing royals (LegalMoves applies them).
	passing bool
	// trading: the rules limit trades of some men (compiler.Ruleset.TradeTypes); strike is
	// the counterstrike square (Counterstrike, NoRetaliation), or NoSquare; strikeApart:
	// the FEN writes it after the move number, the en-passant field being en passant's.
	trading     bool
	strike      Square
	strikeApart bool
	// strikes: the ruleset keeps a counterstrike square (Counterstrike or NoRetaliation).
	strikes bool
	// specialPromo: promotions follow more rules than a zone and a choice (leaving,
	// forced, on-capture, limits) or capture effects move the capturer (emitAny).
	specialPromo bool
	// inPlace: some piece promotes by a move of its own (genInPlace); promoScratch holds
	// the new type's moves while genInPlace reads their destinations.
	inPlace      bool
	promoScratch []Move
	// pinRay[sq] is, while genFastLegal runs, the line a piece pinned on sq may move along
	// (read only for the pinned squares of that call, so never cleared).
	pinRay [compiler.MaxCells256]bb256
	// attackBuf receives the attacks Attackers collects (made on first use).
	attackBuf []attack256
	// gates is the set of first-rank squares whose man may still gate (rulesets with
	// gating; each change journaled). (Kept last, with the other state few rulesets use.)
	gates bb256
	// landed is, while a move is played, where its moving piece ended: the destination, or
	// where a bouncing capturer landed (NoSquare when it left the board).
	landed  Square
	scratch []Move
	hook    *hookState // hooks' VM and environment, made on first use; one per goroutine
	// hooks logs the hooks' failed runs; clones share it (nil without hooks).
	hooks *hookLog
	// exercise: Make runs every hook that applies to a move (ExerciseHooks).
	exercise bool
	// walls is the set of cells holding walls, which block every move and are in
	// occupied(); walled: the rules place one each turn (LegalMoves adds it to the moves,
	// wallMoves is its scratch).
	walls     bb256
	walled    bool
	wallMoves []Move
	// flipping: moves and drops turn enemy men (flipEffect); walling: walls may stand
	// (placed each turn, or left by petrified men).
	flipping, walling bool
	// dropCellRules: drops go next to one's own men, flank, or fill the first cells
	// (dropCells); petrify: capturers of some types turn to walls.
	dropCellRules, petrify bool
	// selfCapture: a move may take one of the mover's own men that is not royal (capturable).
	selfCapture bool
	// burning: some type burns the enemy men around where its men stop
	// (compiler.Ruleset.BurnTypes).
	burning bool
	// contagion: some types are contagious (compiler.Ruleset.Contagious): a capture of one
	// may turn the capturer into its type.
	contagion bool
	// landingFx: burning or contagion, the effects on where a man's move ended, applied
	// after the move (landingEffects).
	landingFx bool
	// royalPromo: some man promotes into a royal type (genFastLegal tests such moves).
	royalPromo bool
	// turns: a side's turn is several moves (nil: one); inTurn is the number of moves the
	// side to move has made of its turn. turnCheck: the royal may stand attacked within a
	// turn (LegalMoves looks ahead: turnLegal); turnBufs[turnDepth] is the look-ahead's
	// scratch.
	turns     *compiler.TurnRule
	inTurn    int16
	turnCheck bool
	turnBufs  [][]Move
	turnDepth int
}

// Ruleset is the ruleset the position plays by.
func (p *core256) Ruleset() *compiler.Ruleset { return p.rs }

// Side is the side to move.
func (p *core256) Side() Color { return p.side }

// At is the piece on sq.
func (p *core256) At(sq Square) Piece { return p.board[sq] }

// Hash is the zobrist hash of the position.
func (p *core256) Hash() uint64 { return p.hash }

// Occupied is the set of occupied squares.
func (p *core256) Occupied() compiler.Bitboard { return p.occupied().Wide() }

// Men is the set of squares holding side c's men.
func (p *core256) Men(c Color) compiler.Bitboard { return p.byColor[c].Wide() }

// Pieces is the set of squares holding pieces of color c and type t.
func (p *core256) Pieces(c Color, t int) compiler.Bitboard { return p.pieces(c, t).Wide() }

func (p *core256) occupied() bb256 { return p.byColor[0].Or(p.byColor[1]).Or(p.walls) }

func (p *core256) pieces(c Color, t int) bb256 { return p.byType[t].And(p.byColor[c]) }

// FullMove is the move number, as the FEN writes it.
func (p *core256) FullMove() int { return p.fullmove }

// Halfmove is the fifty-move counter in half-moves.
func (p *core256) Halfmove() int { return p.halfmove }

// Ply is the number of moves made since the position was set up.
func (p *core256) Ply() int { return len(p.undo) }

func newCore256(rs *compiler.Ruleset, tb *compiler.Tables[bb256]) *core256 {
	st := rs.Status
	freezes, immobile, harmless := tb.NumFreezes() > 0, st != nil && st.Immobile, st != nil && st.Harmless
	capEffects, poolPromo := rs.CaptureEffects, rs.Uses(compiler.MechPoolPromotion)
	gating := rs.Uses(compiler.MechGating)
	inPlace := rs.Uses(compiler.MechInPlacePromotion)
	trading := rs.Uses(compiler.Mechs(compiler.MechGuardedTrade, compiler.MechCounterstrike, compiler.MechProtectedTrade, compiler.MechNoRetaliation))
	// First-move leaps are not a filter: they make only their own types' men go through
	// genMan (plainMan), and add moves without looking at the others.
	filtered := harmless || capEffects || poolPromo || gating || rs.Uses(compiler.MechBorrowMoves) || inPlace || trading
	shifting := false
	for pts, t := tb.Pieces(), 0; t < pts.Len() && !filtered; t++ {
		shifting = shifting || pts.At(t).ShiftsOf(compiler.White).Len()+pts.At(t).ShiftsOf(compiler.Black).Len() > 0
	}
	// sifted (see the field; walls too: LegalMoves ends each move with its wall).
	sifted := rs.Uses(compiler.Mechs(compiler.MechMustCapture, compiler.MechNoGivingCheck, compiler.MechPass, compiler.MechFacingRoyals, compiler.MechWalls, compiler.MechTurnCheck))
	// countable: MoveCount may count moves unwritten: every man is plain (while no
	// en-passant target stands) and no filter of LegalMoves looks at the moves.
	countable := !filtered && !sifted && !rs.Uses(compiler.MechNoMateIllegal)
	pools := rs.Uses(compiler.Mechs(compiler.MechDrop, compiler.MechExchange))
	for pts, t := tb.Pieces(), 0; t < pts.Len(); t++ {
		countable = countable && !pts.At(t).MayRepeat
	}
	return &core256{rs: rs, filtered: filtered, shifting: shifting, countable: countable, gating: gating, borrows: rs.Uses(compiler.MechBorrowMoves), firstMoves: rs.Uses(compiler.MechFirstMoves), inPlace: inPlace,
		trading: trading, strike: NoSquare, strikes: rs.Counterstrike || rs.NoRetaliation, strikeApart: (rs.Counterstrike || rs.NoRetaliation) && rs.Uses(compiler.MechEnPassant),
		specialPromo: rs.Uses(compiler.Mechs(compiler.MechLeavingPromotion, compiler.MechEnteringPromotion, compiler.MechByCellPromotion)) || capEffects, mustDrop: rs.Uses(compiler.MechMustDrop),
		boardProbe:    rs.Allows(compiler.ShortcutBoardProbe) && !rs.Uses(compiler.MechFirstMoves),
		rightsProbe:   rs.Allows(compiler.ShortcutBoardProbe) && rs.Uses(compiler.MechFirstMoves),
		sifted:        sifted,
		walled:        rs.Uses(compiler.MechWalls),
		flipping:      rs.Uses(compiler.MechFlip),
		walling:       rs.Uses(compiler.Mechs(compiler.MechWalls, compiler.MechPetrify)),
		petrify:       rs.Uses(compiler.MechPetrify),
		selfCapture:   rs.Uses(compiler.MechSelfCapture),
		burning:       rs.Uses(compiler.MechBurn),
		royalAttackFx: rs.Uses(compiler.Mechs(compiler.MechExplode, compiler.MechBurn)),
		rideRules:     rs.Uses(compiler.Mechs(compiler.MechRidesUnattacked, compiler.MechRangeCapture)),
		contagion:     rs.Uses(compiler.MechContagion),
		landingFx:     rs.Uses(compiler.Mechs(compiler.MechBurn, compiler.MechContagion)),
		royalPromo:    rs.Uses(compiler.MechRoyalPromotion),
		turns:         rs.Turns,
		turnCheck:     rs.Uses(compiler.MechTurnCheck),
		dropCellRules: rs.Hands != nil && (rs.Hands.NextToOwn || rs.Hands.Flanking || rs.Hands.OnTop || rs.Hands.AwayFromEnemy || rs.Hands.Slides || tb.FirstOn.Any()),
		passing:       rs.Uses(compiler.Mechs(compiler.MechPass, compiler.MechFacingRoyals)),
		mustCapture:   rs.MustCapture, noGivingCheck: rs.Uses(compiler.MechNoGivingCheck), explode: rs.Uses(compiler.MechExplode), noMateDrops: rs.Uses(compiler.MechNoMateDrop), noMateIllegal: rs.Uses(compiler.MechNoMateIllegal), checks: [2]uint8{uint8(rs.CheckCounter), uint8(rs.CheckCounter)}, tb: tb, epVictim: NoSquare, fullmove: 1, endGoal: -1, freezes: freezes,
		immobile: immobile, harmless: harmless, restrained: freezes || immobile, disarmed: freezes || harmless,
		capEffects: capEffects, fx: st != nil || rs.CaptureEffects || rs.HitTypes != 0 || rs.Hands != nil,
		pools:     pools,
		poolPromo: poolPromo,
		kingBits:  pools && rs.Uses(compiler.MechCastling) && rs.Hands.RestoreCastling,
		undo:      make([]frame256, 0, 64), journal: make([]edit, 0, 256),
		status: make([]uint8, rs.Cells), hand: make([]uint8, rs.Zobrist.NumHandSlots()), hooks: newHookLog(rs)}
}

// nearest256 returns the first cell of ray set b walking in direction d.
func nearest256(d *compiler.Dir[bb256], b bb256) Square {
	if d.Up {
		return b.First()
	}
	return b.Last()
}

// clone returns an independent copy (with its own undo stack and hook VM) for another
// goroutine; the hook failure log stays shared, so that a caller sees every clone's failures.
func (p *core256) clone() *core256 {
	q := *p
	q.undo = append(make([]frame256, 0, max(cap(p.undo), 256)), p.undo...)
	q.journal = append(make([]edit, 0, max(cap(p.journal), 1024)), p.journal...)
	q.status = append([]uint8(nil), p.status...)
	q.hand = append([]uint8(nil), p.hand...)
	q.scratch = nil
	q.hits, q.fxScratch, q.attackBuf, q.filterBuf, q.answerBuf, q.mateBufs, q.promoScratch = nil, nil, nil, nil, nil, nil, nil
	q.wallMoves = nil
	q.turnBufs, q.turnDepth = nil, 0
	q.hook = nil
	return &q
}

// place sets pc on the empty cell sq: board and sets only (no hash, no journal).
func (p *core256) place(sq Square, pc Piece) {
	p.board[sq] = pc
	b := compiler.Bit256(sq)
	p.byType[pc.Type()] = p.byType[pc.Type()].Or(b)
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Or(b)
	if p.tb.Piece(pc.Type()).Immune {
		p.immune = p.immune.Or(b)
	}
}

// lift empties sq and returns what stood there: board and sets only.
func (p *core256) lift(sq Square) Piece {
	pc := p.board[sq]
	p.board[sq] = NoPiece
	b := compiler.Bit256(sq)
	p.byType[pc.Type()] = p.byType[pc.Type()].AndNot(b)
	p.byColor[pc.Color()] = p.byColor[pc.Color()].AndNot(b)
	p.immune = p.immune.AndNot(b)
	return pc
}

// setup places pc on sq while a position is being set up (hashed, not journaled).
func (p *core256) setup(sq Square, pc Piece) {
	p.place(sq, pc)
	p.hash ^= p.rs.Zobrist.PieceKey(pc.code(), sq)
}

// computeHash recomputes the hash from scratch (tests compare it with the incremental one).
func (p *core256) computeHash() uint64 {
	var h uint64
	for sq := 0; sq < p.rs.Cells; sq++ {
		if pc := p.board[sq]; pc != NoPiece {
			h ^= p.rs.Zobrist.PieceKey(pc.code(), sq)
		}
	}
	if p.side == compiler.Black {
		h ^= p.rs.Zobrist.Side
	}
	h ^= turnKey(int(p.inTurn))
	for b := p.castle; b.Any(); b = b.Rest() {
		h ^= p.rs.Zobrist.CastleKey(b.First())
	}
	for b := p.ep; b.Any(); b = b.Rest() {
		h ^= p.rs.Zobrist.EPKey(b.First())
	}
	if p.strike != NoSquare {
		h ^= p.rs.Zobrist.EPKey(p.strike)
	}
	for sq, s := range p.status {
		if s != 0 {
			h ^= p.rs.Zobrist.StatusKey(sq, int(s))
		}
	}
	for i, n := range p.hand {
		if n != 0 {
			h ^= p.rs.Zobrist.HandKey(i, int(n))
		}
	}
	for b := p.marked; b.Any(); b = b.Rest() {
		h ^= p.rs.Zobrist.PromotedKey(b.First())
	}
	for b := p.gates; b.Any(); b = b.Rest() {
		h ^= p.rs.Zobrist.GateKey(b.First())
	}
	for b := p.walls; b.Any(); b = b.Rest() {
		h ^= p.rs.Zobrist.WallKey(b.First())
	}
	if p.ended != 0 {
		h ^= p.rs.Zobrist.Ended[p.ended]
	}
	if p.rs.CheckCounter > 0 {
		h ^= p.rs.Zobrist.Checks[0][p.checks[0]] ^ p.rs.Zobrist.Checks[1][p.checks[1]]
	}
	return h
}

// RecomputedHash exposes computeHash for tests of the incremental hash.
func (p *core256) RecomputedHash() uint64 { return p.computeHash() }
