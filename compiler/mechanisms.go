// The mechanism table: one row per rule mechanism, saying when a compiled ruleset uses it,
// which definition keys it accounts for, and which legality shortcuts are proven safe with
// it. The names, usedMechanisms, classifiedKeys and the shortcuts' allow-lists
// (shortcutRules) are all derived from it.

package compiler

import (
	"math/bits"
	"strconv"
	"strings"
)

// Mechanism is a set of rule mechanisms, one bit per row of mechanismRows (two words: room
// for 128 rows). Each named mechanism below is the set of that one.
type Mechanism struct{ w [2]uint64 }

// maxMechanisms is how many mechanisms a Mechanism can hold.
const maxMechanisms = 128

// mechanismBit is the set of mechanism number i alone.
func mechanismBit(i int) Mechanism {
	var m Mechanism
	m.w[i>>6&1] = 1 << uint(i&63)
	return m
}

// numMechanisms counts the mechanisms declared so far (nextMechanism).
var numMechanisms int

// nextMechanism numbers the mechanisms in the order of their declaration below.
func nextMechanism() Mechanism {
	m := mechanismBit(numMechanisms)
	numMechanisms++
	return m
}

// Mechs is the union of ms.
func Mechs(ms ...Mechanism) Mechanism {
	var u Mechanism
	for _, m := range ms {
		u = u.Or(m)
	}
	return u
}

// Or is the union of m and o.
func (m Mechanism) Or(o Mechanism) Mechanism {
	return Mechanism{[2]uint64{m.w[0] | o.w[0], m.w[1] | o.w[1]}}
}

// And is the intersection of m and o.
func (m Mechanism) And(o Mechanism) Mechanism {
	return Mechanism{[2]uint64{m.w[0] & o.w[0], m.w[1] & o.w[1]}}
}

// AndNot is m without o.
func (m Mechanism) AndNot(o Mechanism) Mechanism {
	return Mechanism{[2]uint64{m.w[0] &^ o.w[0], m.w[1] &^ o.w[1]}}
}

// Any reports whether m holds a mechanism.
func (m Mechanism) Any() bool { return m.w[0]|m.w[1] != 0 }

// Meets reports whether m and o share a mechanism.
func (m Mechanism) Meets(o Mechanism) bool { return m.w[0]&o.w[0]|m.w[1]&o.w[1] != 0 }

// Covers reports whether m holds every mechanism of o.
func (m Mechanism) Covers(o Mechanism) bool { return o.AndNot(m) == Mechanism{} }

// Has reports whether m holds mechanism number i.
func (m Mechanism) Has(i int) bool { return m.w[i>>6&1]>>uint(i&63)&1 != 0 }

// Len is one more than the number of m's highest mechanism (0 for none).
func (m Mechanism) Len() int {
	if m.w[1] != 0 {
		return 64 + bits.Len64(m.w[1])
	}
	return bits.Len64(m.w[0])
}

// Mechanisms. A new mechanism gets a new line here (numbered in order) and a row in
// mechanismRows, where it is safe with no shortcut until it is proven.
var (
	MechLeap                      = nextMechanism() // leaps (any mode, from a zone)
	MechSlide                     = nextMechanism() // unlimited rides that move and capture
	MechMoveRide                  = nextMechanism() // rides with a range, zone or en-passant targets that never capture
	MechCaptureRide               = nextMechanism() // rides with a range, zone or mode that may capture
	MechPath                      = nextMechanism() // multi-leg paths (hoppers, locust captures)
	MechRestrictedLanding         = nextMechanism() // squares only some pieces may end a move on
	MechImmune                    = nextMechanism() // pieces that cannot be captured
	MechFreeze                    = nextMechanism() // standing freeze effects
	MechCastling                  = nextMechanism() // castling
	MechEnPassant                 = nextMechanism() // en-passant targets and captures
	MechPromotion                 = nextMechanism() // promotion to non-royal types
	MechRoyalPromotion            = nextMechanism() // promotion to a royal type
	MechZoneGoal                  = nextMechanism() // goals reached by standing on a zone
	MechHookGoal                  = nextMechanism() // goals decided by an expr hook
	MechCheckRoyalAttacked        = nextMechanism() // check rule: own royal attacked
	MechCheckEnemyRoyalUnattacked = nextMechanism() // check rule: the enemy royal must stay attacked
	MechCheckNone                 = nextMechanism() // no check rule
	MechCaptureRoyal              = nextMechanism() // atoms that only capture royal pieces: they attack, never move
	MechStatus                    = nextMechanism() // timed piece statuses (counters on squares)
	MechBounce                    = nextMechanism() // captures where the capturer bounces on and the captured piece stays
	MechKick                      = nextMechanism() // captures that remove the captured piece and every piece beyond it
	MechHitGoal                   = nextMechanism() // goals reached by hitting a piece (capture, removal, bounce)
	MechCapturePool               = nextMechanism() // captured pieces go into a pool (demoted or not)
	MechDrop                      = nextMechanism() // pieces dropped from a pool onto empty squares
	MechExchange                  = nextMechanism() // exchanges: give a held man, rescue one's own and drop it
	MechPoolPromotion             = nextMechanism() // promotion that takes the new piece from a pool
	MechGating                    = nextMechanism() // a piece from a pool enters on the square a first-rank piece leaves
	MechDropNoCheck               = nextMechanism() // drops that would give check are not moves
	MechMustDrop                  = nextMechanism() // a side holding pieces must drop one when it can
	MechSplitColors               = nextMechanism() // drops that keep a type's men on both colours of square
	MechCreateCastling            = nextMechanism() // drops of the royal and partners create castling rights (or a partner's restore them)
	MechMustCapture               = nextMechanism() // while a capture is legal, only captures are
	MechNoGivingCheck             = nextMechanism() // moves that give check are illegal
	MechRoyalOptional             = nextMechanism() // a side may have no royal piece
	MechCheckCounter              = nextMechanism() // checks given are counted in the position
	MechStandingGoal              = nextMechanism() // goals judged on the position alone (extinct, checks given, standing on a zone, men in a row, a chain of men)
	MechExplode                   = nextMechanism() // a capture blows up the capturer and the men around
	MechLeavingPromotion          = nextMechanism() // promotion on moves that leave the zone, compulsory in part of it, or limited
	MechOnePerFile                = nextMechanism() // drops of a type barred from files holding one of its side's men of it
	MechNoMateDrop                = nextMechanism() // a mate by dropping a man of a type loses
	MechDropPromoted              = nextMechanism() // men dropped either side up
	MechFirstMoves                = nextMechanism() // leaps only a man that has not moved may make
	MechPathTypes                 = nextMechanism() // path legs that exclude types, atoms bounded by a zone
	MechPass                      = nextMechanism() // a side may pass its turn
	MechFacingRoyals              = nextMechanism() // royal men facing on an open line must part
	MechBorrowMoves               = nextMechanism() // a man moves with the moves of a friendly man on a square relative to it
	MechNoMateIllegal             = nextMechanism() // a drop that no-mate forbids to checkmate is no move
	MechInPlacePromotion          = nextMechanism() // promotion as a move of its own, standing or by a step of the new type
	MechPathStop                  = nextMechanism() // paths that stop on a square passed (recorded in the move; may end on the origin)
	MechEnteringPromotion         = nextMechanism() // promotion by quiet moves entering the zone and captures in it, or always in part of it
	MechGuardedTrade              = nextMechanism() // men of some types may not take guarded ones of those types from afar
	MechCounterstrike             = nextMechanism() // after such a man is taken, the opponent may not take one back but on that square
	MechWalls                     = nextMechanism() // each turn ends with a wall placed on an empty cell
	MechFlip                      = nextMechanism() // moves and drops turn enemy men next to or flanked by the landing cell
	MechPetrify                   = nextMechanism() // a man of some types that captures turns into a wall
	MechRoyalCount                = nextMechanism() // the check protects a side's royal men together: in check only when all are attacked
	MechLoneRoyal                 = nextMechanism() // the check protects a side's royal man only while it is the side's lone one
	MechTurns                     = nextMechanism() // a side's turn is several moves, each judged as in chess
	MechTurnCheck                 = nextMechanism() // the royal may stand attacked within a turn, which must end with it safe from the opponent's next turn
	MechCrossing                  = nextMechanism() // the moved men cross to the next board (several boards)
	MechCastleChoices             = nextMechanism() // castling with a choice of squares for the royal on a side
	MechFog                       = nextMechanism() // each side sees only part of the board (hidden cells)
	MechSeats                     = nextMechanism() // two to four seats around one board (frames with turned copies)
	MechByCellPromotion           = nextMechanism() // promotion choices that depend on the cell a move ends on
	MechPickUp                    = nextMechanism() // a side takes one of its men off the board into its drop pool as its move
	MechSelfCapture               = nextMechanism() // a move may take one of the mover's own men that is not royal
	MechBurn                      = nextMechanism() // after a man of a burning type moves, the enemy men around where it stopped leave the board
	MechRangeCapture              = nextMechanism() // a ride goes on past men of lower rank than its man's and takes an enemy man of lower rank beyond them
	MechRidesUnattacked           = nextMechanism() // a royal man's rides may not pass a cell an enemy man attacks
	MechContagion                 = nextMechanism() // a man that takes a man of a contagious type where it lands turns into one
	MechCastlingGoal              = nextMechanism() // goals won by castling, or lost with the castling rights
	MechRoyalKinds                = nextMechanism() // lone royal men counted by kind: each kind's lone man is protected
	MechPassOnce                  = nextMechanism() // a man's passes through the stops of its paths are one move
	MechProtectedTrade            = nextMechanism() // men of some types may not take ones of those types the enemy guards before the move
	MechNoRetaliation             = nextMechanism() // after such a man is taken by another, the opponent takes none of them the next move
	MechUnclassified              = nextMechanism() // a definition key no shortcut has been checked against
)

// shortcutSet is a set of shortcuts, bit per Shortcut.
type shortcutSet uint8

// Shortcut sets for the rows' safe lists.
const (
	safePins       shortcutSet = 1 << ShortcutPins
	safeRelevance  shortcutSet = 1 << ShortcutRelevance
	safeKeepers    shortcutSet = 1 << ShortcutKeepers
	safeNoCheck    shortcutSet = 1 << ShortcutNoCheck
	safeCheckLines shortcutSet = 1 << ShortcutCheckLines
	safeBoardProbe shortcutSet = 1 << ShortcutBoardProbe
	// safeAll: every shortcut.
	safeAll shortcutSet = 1<<numShortcuts - 1
	// safeCommon: every shortcut but check lines, whose list is short (see shortcutNeeds).
	safeCommon = safeAll &^ safeCheckLines
	// safeNone: no shortcut is proven safe with the mechanism: every move is played and
	// tested.
	safeNone shortcutSet = 0
)

// mechanismRow is everything the compiler knows about one mechanism.
type mechanismRow struct {
	bit  Mechanism
	name string // its name in listings (Mechanism.String, testdata/shortcuts.txt): one word
	// keys are the definition keys (DefinitionKeys) whose meaning this row accounts for: a
	// ruleset that sets one of them has the bit whenever the key changes which moves are
	// legal. No key is in two rows' keys; shared are keys this row accounts for together
	// with other rows (each of which lists the key as shared too).
	keys, shared []string
	// uses says whether a compiled ruleset uses the mechanism; nil when setBy names the
	// code that sets the bit instead (the scan of the move tables, scanMoveTables).
	uses  func(r *Ruleset) bool
	setBy string
	// safe are the shortcuts proven safe with the mechanism (by the property tests against
	// make/test/unmake), and why says why each of them is, and why the others are left
	// out where that is known. A shortcut also needs its check rule (shortcutNeeds).
	safe shortcutSet
	why  string
	// pairs names the generator of interpreter/pairs_test.go's pairMechanisms that puts
	// the mechanism into the pair matrix ("": none; the base definition's leaps, slides,
	// promotion and check rule need none).
	pairs string
	// doc is the anchor of the section of docs/definitions.md that explains it.
	doc string
}

// Who sets the bits that no predicate reads.
const (
	byMoveTables  = "scanMoveTables"       // the scan of every piece's compiled move tables
	byDefinitions = "definitionMechanisms" // a key that is in no row (classifiedKeys)
)

// mechanismRows: one row per mechanism, in bit order.
var mechanismRows = []mechanismRow{
	{bit: MechLeap, name: "leap", setBy: byMoveTables,
		keys: []string{"pieces.moves.leap"}, shared: []string{"pieces.moves.mode", "pieces.moves.from"},
		safe: safeAll,
		why:  "how pieces move: a leap changes its origin and destination, and attacks from a table every shortcut reads (check lines: a plain move can give check with it only from its destination)",
		doc:  "#move-atoms-leap-ride-path"},
	{bit: MechSlide, name: "slide", setBy: byMoveTables,
		shared: []string{"pieces.moves.ride"},
		safe:   safeAll,
		why:    "how pieces move (check lines: a plain move can give check with a slide only from its destination or by opening a line through its origin)",
		doc:    "#move-atoms-leap-ride-path"},
	{bit: MechMoveRide, name: "move-ride", setBy: byMoveTables,
		shared: []string{"pieces.moves.ride", "pieces.moves.range", "pieces.moves.mode", "pieces.moves.from"},
		safe:   safeAll,
		why:    "how pieces move: a ride that never captures attacks nothing",
		doc:    "#move-atoms-leap-ride-path"},
	{bit: MechCaptureRide, name: "capture-ride", setBy: byMoveTables,
		shared: []string{"pieces.moves.ride", "pieces.moves.range", "pieces.moves.mode", "pieces.moves.from"},
		safe:   safeCommon &^ safePins,
		why:    "pins: a ranged attack, which the pin logic does not track (capture-royal rides are ranged attacks too); check lines: only leaps and unlimited slides",
		doc:    "#move-atoms-leap-ride-path"},
	{bit: MechPath, name: "path", setBy: byMoveTables,
		keys:   []string{"pieces.moves.path", "pieces.moves.path.step", "pieces.moves.path.on", "pieces.moves.path.capture", "pieces.moves.path.range"},
		shared: []string{"pieces.moves.from"},
		safe:   safeCommon &^ safePins,
		why:    "relevance and keepers: a move that changes no cell a path visits (Path.visit) cannot change what it attacks; pins and check lines know leaps and slides alone",
		pairs:  "multi-capture", doc: "#legs-of-a-path"},
	{bit: MechRestrictedLanding, name: "restricted-landing",
		uses: func(r *Ruleset) bool {
			return anyPiece(r, func(pt *PieceType[Bitboard]) bool { return pt.Land[White] != r.Squares || pt.Land[Black] != r.Squares })
		},
		keys: []string{"board.restricted", "board.restricted.zone", "board.restricted.only", "pieces.confined"},
		safe: safeAll,
		why:  "how pieces move: restricted and confined squares only take moves out of the tables",
		doc:  "#board"},
	{bit: MechImmune, name: "immune",
		uses: func(r *Ruleset) bool { return anyPiece(r, func(pt *PieceType[Bitboard]) bool { return pt.Immune }) },
		keys: []string{"pieces.immune"},
		safe: safeCommon &^ safePins, why: "an immune man blocks as any man; not proven with pins or check lines",
		pairs: "immune", doc: "#pieces"},
	{bit: MechFreeze, name: "freeze",
		uses:  func(r *Ruleset) bool { return len(r.freezes) > 0 },
		keys:  []string{"freeze", "freeze.by", "freeze.targets", "freeze.steps"},
		safe:  safeRelevance | safeKeepers | safeNoCheck,
		why:   "freezer moves always take the full test, which makes relevance and keepers safe; no check predicts the one way a move can be illegal without a check rule; board probes are off: a probe's change must be its men lifted and set down, no frozen man",
		pairs: "freeze", doc: "#freeze"},
	{bit: MechCastling, name: "castling",
		uses: func(r *Ruleset) bool { return r.Castling != nil },
		keys: []string{"castling", "castling.royal", "castling.partner", "castling.short", "castling.short.king", "castling.short.partner",
			"castling.long", "castling.long.king", "castling.long.partner", "castling.notation", "castling.fen", "castling.rank", "castling.unattacked", "castling.other-partners", "castling.opposite"},
		safe: safeAll, why: "castling always takes the full test (by its kind), and check lines and board probes leave it to it",
		pairs: "castling", doc: "#castling"},
	{bit: MechEnPassant, name: "en-passant", setBy: byMoveTables,
		keys: []string{"pieces.moves.ep-target", "pieces.moves.en-passant"},
		safe: safeAll, why: "en passant always takes the full test (by its kind), and check lines and board probes leave it to it",
		pairs: "en-passant", doc: "#move-atoms-leap-ride-path"},
	{bit: MechPromotion, name: "promotion",
		uses: func(r *Ruleset) bool { return anyPromotion(r, func(*Promotion[Bitboard]) bool { return true }) },
		keys: []string{"pieces.promotion", "pieces.promotion.zone", "pieces.promotion.optional", "pieces.promotion.skip-en-passant"}, shared: []string{"pieces.promotion.to", "pieces.promotion.to-black"},
		safe: safeAll, why: "a promotion changes the board as the move does; check lines skip the test of plain moves only",
		doc: "#promotion"},
	{bit: MechRoyalPromotion, name: "royal-promotion",
		uses: func(r *Ruleset) bool {
			return anyPromotion(r, func(pr *Promotion[Bitboard]) bool {
				for _, to := range pr.to {
					if r.pieces[to].Royal {
						return true
					}
				}
				return false
			})
		},
		shared: []string{"pieces.promotion.to", "pieces.promotion.to-black"},
		safe:   safeCommon,
		why: "promotions to a royal type always take the full test, which makes relevance and keepers safe, and the pins' generator tests them too (genFastLegal): " +
			"a pinned man's or an evasion's promotion the pins leave out would leave the old royal attacked, illegal by every count rule that takes pins; not proven with check lines",
		doc: "#promotion"},
	{bit: MechZoneGoal, name: "zone-goal",
		uses: func(r *Ruleset) bool { return anyGoal(r, func(g *Goal[Bitboard]) bool { return g.HasZ }) },
		keys: []string{"goals.reach", "goals.count", "goals.full"}, shared: goalKeys,
		safe: safeAll, why: "goals never change which moves are legal, only whether the game goes on",
		pairs: "reach-goal", doc: "#goals"},
	{bit: MechHookGoal, name: "hook-goal",
		uses: func(r *Ruleset) bool { return anyGoal(r, func(g *Goal[Bitboard]) bool { return g.Hook != nil }) },
		keys: []string{"goals.when"}, shared: goalKeys,
		safe: safeAll, why: "goals never change which moves are legal, only whether the game goes on",
		doc: "#goals"},
	{bit: MechCheckRoyalAttacked, name: "check-royal-attacked",
		uses:   func(r *Ruleset) bool { return r.Check == CheckRoyalAttacked },
		shared: []string{"rules.check"},
		safe:   safePins | safeRelevance | safeCheckLines | safeBoardProbe,
		why:    "the check rule pins, relevance and check lines need; board probes ask it as they ask any",
		doc:    "#rules"},
	{bit: MechCheckEnemyRoyalUnattacked, name: "check-enemy-royal-unattacked",
		uses:   func(r *Ruleset) bool { return r.Check == CheckEnemyRoyalUnattacked },
		shared: []string{"rules.check"},
		safe:   safeKeepers | safeBoardProbe,
		why:    "the check rule keepers need; board probes ask it as they ask any",
		doc:    "#rules"},
	{bit: MechCheckNone, name: "check-none",
		uses:   func(r *Ruleset) bool { return r.Check != CheckRoyalAttacked && r.Check != CheckEnemyRoyalUnattacked },
		shared: []string{"rules.check"},
		safe:   safeNoCheck | safeBoardProbe,
		why:    "the check rule no check needs; board probes ask it as they ask any",
		pairs:  "no-check", doc: "#rules"},
	{bit: MechCaptureRoyal, name: "capture-royal", setBy: byMoveTables,
		shared: []string{"pieces.moves.ride", "pieces.moves.mode"},
		safe:   safePins | safeRelevance | safeBoardProbe,
		why:    "capture-royal leaps are in the leap attack tables that find checkers (capture-royal rides are capture rides, which pins leave out); such atoms never move, only attack",
		doc:    "#move-atoms-leap-ride-path"},
	{bit: MechStatus, name: "status",
		uses: func(r *Ruleset) bool { return r.Status != nil },
		keys: []string{"statuses", "statuses.name", "statuses.duration", "statuses.immobile", "statuses.harmless", "capture.status"},
		safe: safeNoCheck, why: "capture effects are safe with no check because losesRoyal predicts the one way a move can be illegal without a check rule: removing a royal piece of the mover; board probes move the men alone, no status",
		pairs: "bounce", doc: "#statuses"},
	{bit: MechBounce, name: "bounce",
		uses: func(r *Ruleset) bool { return r.Capture == EffectBounce },
		keys: []string{"capture.effect"},
		safe: safeNoCheck, why: "a capture effect: losesRoyal predicts the one way a move can be illegal without a check rule, removing a royal piece of the mover",
		pairs: "bounce", doc: "#capture"},
	{bit: MechKick, name: "kick",
		uses: func(r *Ruleset) bool { return r.Kick },
		keys: []string{"capture.kick"},
		safe: safeNoCheck, why: "a capture effect: losesRoyal predicts the one way a move can be illegal without a check rule, removing a royal piece of the mover",
		pairs: "kick", doc: "#capture"},
	{bit: MechHitGoal, name: "hit-goal",
		uses: func(r *Ruleset) bool { return anyGoal(r, func(g *Goal[Bitboard]) bool { return g.Hit != 0 }) },
		keys: []string{"goals.hit"}, shared: goalKeys,
		safe: safeNoCheck, why: "a hit is a capture effect: losesRoyal predicts the one way a move can be illegal without a check rule",
		pairs: "no-check", doc: "#goals"},
	{bit: MechCapturePool, name: "capture-pool",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.CaptureTo >= 0 },
		keys: []string{"hands.capture-to", "hands.demote", "pieces.demotes-to"},
		safe: safeCommon, why: "a capture into a pool changes the board as an orthodox one does",
		pairs: "demote", doc: "#hands"},
	{bit: MechDrop, name: "drop",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.DropFrom >= 0 },
		keys: []string{"hands.drops", "hands.drops.from", "hands.drops.forbid", "hands.drops.forbid.pieces", "hands.drops.forbid.zone",
			// The drop rules of flipping and placing games, applied where drops are generated
			// (genDrops), before any shortcut sees them, as one-per-file is.
			"hands.drops.free", "hands.drops.next-to-own", "hands.drops.flanking", "hands.drops.first-on",
			"hands.drops.on-top", "hands.drops.away-from-enemy", "hands.drops.slide-in", "hands.drops.slide-through"},
		safe:  safeCommon,
		why:   "a drop only fills one empty square: each shortcut treats it as a move whose only changed cell is its destination (pins generate drops onto the blocking squares of a single check); genDrops lands a drop only where it may",
		pairs: "drops", doc: "#hands"},
	{bit: MechExchange, name: "exchange",
		uses:  func(r *Ruleset) bool { return r.Hands != nil && r.Hands.Exchange != nil },
		keys:  []string{"hands.exchange", "hands.exchange.give", "hands.exchange.to", "hands.exchange.take", "hands.exchange.order"},
		safe:  safeCommon &^ safeBoardProbe,
		why:   "an exchange only fills one empty square, as a drop does; board probes leave it out: an exchange changes pools, not just the men lifted and set down (it takes the full test by its kind)",
		pairs: "exchange", doc: "#hands"},
	{bit: MechPoolPromotion, name: "pool-promotion",
		uses: func(r *Ruleset) bool {
			return anyPromotion(r, func(pr *Promotion[Bitboard]) bool { return pr.FromPool >= 0 })
		},
		keys: []string{"pieces.promotion.from-pool", "pieces.promotion.pool-owner"},
		safe: safeCommon, why: "a promotion from a pool changes the board as an orthodox one does",
		pairs: "pool-promotion", doc: "#promotion"},
	{bit: MechGating, name: "gating",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.GateFrom >= 0 },
		keys: []string{"hands.gating", "hands.gating.from"},
		safe: safeCommon,
		why: "a gating move is legal exactly when the same move without gating is (the gated man never blocks a check on its own side), so pins' forms copy legal moves; " +
			"gating changes only the cells a move names (the gated man enters on the origin); board probes leave the gate out either way",
		pairs: "gating", doc: "#hands"},
	{bit: MechDropNoCheck, name: "drop-no-check",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.DropsNoCheck },
		keys: []string{"hands.drops.may-give-check"},
		safe: safeCommon, why: "drops that may not give check are left out where drops are generated (genDrops), before any shortcut sees them",
		pairs: "drop-no-check", doc: "#hands"},
	{bit: MechMustDrop, name: "must-drop",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.MustDrop != 0 },
		keys: []string{"hands.drops.must-drop"},
		safe: safeRelevance | safeNoCheck | safeBoardProbe,
		why: "it filters the legal moves as a whole, after legalMoves' no-check and make/test/unmake paths (relevance and board probes are inside those), " +
			"but the pins shortcut returns its moves before it; not proven with keepers",
		pairs: "must-drop", doc: "#hands"},
	{bit: MechSplitColors, name: "split-colors",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.SplitColors != 0 },
		keys: []string{"hands.drops.split-colors"},
		safe: safeCommon, why: "drops that must keep men on both colours are left out where drops are generated (genDrops), before any shortcut sees them",
		doc: "#hands"},
	{bit: MechCreateCastling, name: "create-castling",
		uses: func(r *Ruleset) bool { return r.Hands != nil && (r.Hands.CreateCastling || r.Hands.RestoreCastling) },
		keys: []string{"hands.drops.create-castling", "hands.restore-castling-on-drop"},
		safe: safeCommon, why: "castling rights that a drop creates or restores change no square, however given",
		doc: "#hands"},
	{bit: MechMustCapture, name: "must-capture",
		uses: func(r *Ruleset) bool { return r.MustCapture || r.RoyalTakesCheckerOnly },
		keys: []string{"rules.must-capture", "rules.royal-takes-checker-only"},
		safe: safeAll,
		why: "a filter applied to the legal moves that every shortcut produces (LegalMoves ends with it; IsLegal and CaptureMoves consult it), never inside a shortcut; " +
			"a royal that may only take the single checker is a filter of the legal moves as a whole too",
		pairs: "must-capture", doc: "#rules"},
	{bit: MechNoGivingCheck, name: "no-giving-check",
		uses:  func(r *Ruleset) bool { return r.NoGivingCheck },
		keys:  []string{"rules.may-give-check"},
		safe:  safeAll,
		why:   "a filter applied to the legal moves that every shortcut produces (LegalMoves ends with it; IsLegal and CaptureMoves consult it), never inside a shortcut; check lines exist to speed it up",
		pairs: "may-not-give-check", doc: "#rules"},
	{bit: MechRoyalOptional, name: "royal-optional",
		uses: func(r *Ruleset) bool { return r.RoyalOptional },
		keys: []string{"rules.royal-optional"},
		safe: safeAll, why: "a side without a royal piece gets no shortcut that needs one (each looks for exactly one royal)",
		pairs: "royal-optional", doc: "#rules"},
	{bit: MechCheckCounter, name: "check-counter",
		uses: func(r *Ruleset) bool { return r.CheckCounter > 0 },
		keys: []string{"rules.check-counter"},
		safe: safeAll, why: "check counters only decide whether the game goes on",
		pairs: "check-counter", doc: "#rules"},
	{bit: MechStandingGoal, name: "standing-goal",
		uses: func(r *Ruleset) bool {
			return anyGoal(r, func(g *Goal[Bitboard]) bool { return g.Standing() || g.Stands || g.Answerable })
		},
		keys:   []string{"goals.extinct", "goals.at-most", "goals.together", "goals.opponent-at-least", "goals.checks-given", "goals.gives-check", "goals.stands", "goals.safe-on", "goals.answerable", "goals.line", "goals.along", "goals.gaps", "goals.block", "goals.connect", "goals.one-way"},
		shared: goalKeys,
		safe:   safeAll, why: "standing goals only decide whether the game goes on",
		pairs: "extinct-goal", doc: "#goals"},
	{bit: MechExplode, name: "explode",
		uses: func(r *Ruleset) bool { return r.Explode },
		keys: []string{"capture.explode", "capture.explode.steps", "capture.explode.spare", "capture.explode.immune"},
		safe: safeNone, why: "on no list: an explosion changes the cells around the capture, and its royal rule changes what is attacked; every move is played and tested",
		pairs: "explode", doc: "#capture"},
	{bit: MechLeavingPromotion, name: "leaving-promotion",
		uses: func(r *Ruleset) bool {
			return anyPromotion(r, func(pr *Promotion[Bitboard]) bool {
				return pr.Leaving || pr.HasForced || pr.OnCapture || pr.HasLimits
			})
		},
		keys:  []string{"pieces.promotion.leaving", "pieces.promotion.forced", "pieces.promotion.on-capture", "pieces.promotion.limits"},
		safe:  safeCommon,
		why:   "promotions on leaving the zone, compulsory in part of it, or limited are emitted by the one per-man pipeline that every shortcut uses (only CaptureMoves' targeted generation leaves such rulesets out)",
		pairs: "shogi-promotion", doc: "#promotion"},
	{bit: MechOnePerFile, name: "one-per-file",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.OnePerFile != 0 },
		keys: []string{"hands.drops.one-per-file", "hands.drops.per-file"},
		safe: safeCommon, why: "one-per-file drops are left out where drops are made",
		pairs: "one-per-file", doc: "#hands"},
	{bit: MechNoMateDrop, name: "no-mate-drop",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.NoMate != 0 },
		keys: []string{"hands.drops.no-mate"},
		safe: safeCommon, why: "a mate by a forbidden drop only changes the result",
		pairs: "drop-no-mate", doc: "#hands"},
	{bit: MechDropPromoted, name: "drop-promoted",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.DropPromoted },
		keys: []string{"hands.drops.promoted"},
		safe: safeCommon, why: "a man dropped as its promoted type fills one empty square like any drop",
		pairs: "promoted-drops", doc: "#hands"},
	{bit: MechFirstMoves, name: "first-moves",
		uses: func(r *Ruleset) bool { return r.FirstMoves },
		keys: []string{"pieces.moves.initial", "pieces.moves.not-in-check", "pieces.first-move-ends-when-aimed-by"},
		safe: safePins | safeRelevance | safeBoardProbe,
		why: "pins: an enemy man's first-move leap is a leap, found among the checkers from the reverse table of such leaps (InitialFromAt) while the man keeps its right; " +
			"the side to move's own first-move leaps land in the mask its men are given (genInitial). " +
			"Relevance: an enemy man's first-move leap is a leap (no cell between matters), and no move of the side to move gives an enemy man its first-move right back. " +
			"Board probes: the attack walk counts an enemy man's first-move leap by its right and its being there; a taken man is gone, and no move gives a right; " +
			"a capture of a man that keeps his right takes the full test (the probe leaves the rights as they are, so the taker would seem to hold it). " +
			"A right an enemy's aim ends (first-move-ends-when-aimed-by) belongs to a man whose first-move leaps never capture (the definition is refused otherwise), so a probe that keeps it counts no attack it lacks",
		pairs: "first-move-leap", doc: "#move-atoms-leap-ride-path"},
	{bit: MechPathTypes, name: "path-types", setBy: byMoveTables,
		keys: []string{"pieces.moves.path.not", "pieces.moves.within"},
		safe: safeCommon &^ safePins, why: "as paths: relevance and keepers read the cells a path visits (Path.visit)",
		pairs: "path-types", doc: "#legs-of-a-path"},
	{bit: MechPass, name: "pass",
		uses: func(r *Ruleset) bool { return r.Pass },
		keys: []string{"rules.pass", "rules.pass.in-check", "rules.pass.end-after", "rules.pass.only-without-moves"},
		safe: safeCommon, why: "like compulsory capture, applied by LegalMoves to the legal moves as a whole (a pass added), never inside a shortcut; a pass takes the full test by its kind",
		pairs: "pass", doc: "#rules"},
	{bit: MechFacingRoyals, name: "facing-royals",
		uses: func(r *Ruleset) bool { return r.FacingRoyals },
		keys: []string{"rules.facing-royals"},
		safe: safeCommon, why: "like compulsory capture, applied by LegalMoves to the legal moves as a whole (moves that leave the royals facing taken out), never inside a shortcut",
		pairs: "facing-royals", doc: "#rules"},
	{bit: MechBorrowMoves, name: "borrow-moves",
		uses: func(r *Ruleset) bool { return r.Borrows },
		keys: []string{"borrow-moves", "borrow-moves.from"},
		safe: safeNone, why: "on no list: a move changes the moves of the men around the squares it empties and fills",
		pairs: "borrow-moves", doc: "#borrowed-moves"},
	{bit: MechNoMateIllegal, name: "no-mate-illegal",
		uses: func(r *Ruleset) bool { return r.Hands != nil && r.Hands.NoMateIllegal },
		keys: []string{"hands.drops.no-mate-illegal"},
		safe: safeCommon,
		why: "a mate by a forbidden drop, where it is illegal, is a filter of the legal moves as a whole as must-capture is " +
			"(LegalMoves ends with it, IsLegal consults it; it removes drops, never a capture, so CaptureMoves needs nothing)",
		pairs: "drop-no-mate-illegal", doc: "#hands"},
	{bit: MechInPlacePromotion, name: "in-place-promotion",
		uses: func(r *Ruleset) bool {
			return anyPromotion(r, func(pr *Promotion[Bitboard]) bool { return pr.InPlace })
		},
		keys: []string{"pieces.promotion.in-place", "pieces.promotion.in-place.step", "pieces.promotion.in-place.lone-anywhere",
			"pieces.promotion.in-place.may-attack", "pieces.promotion.in-place.may-give-check"},
		safe: safePins | safeRelevance,
		why: "one standing changes no cell's occupancy, and one by a step of the new type is a quiet move from the man's square, " +
			"held to its pin line and to the evasion cells like any (genInPlace lands its moves in the mask it is given); " +
			"board probes leave it out (a promotion standing has its origin for its destination)",
		pairs: "in-place-promotion", doc: "#promotion"},
	{bit: MechPathStop, name: "path-stop", setBy: byMoveTables,
		keys: []string{"pieces.moves.path.stop"},
		safe: safeCommon &^ safePins, why: "as paths: relevance and keepers read the cells a path visits, the stop square among them",
		pairs: "path-stop", doc: "#legs-of-a-path"},
	{bit: MechEnteringPromotion, name: "entering-promotion",
		uses: func(r *Ruleset) bool {
			return anyPromotion(r, func(pr *Promotion[Bitboard]) bool { return pr.Entering || pr.HasAlways })
		},
		keys: []string{"pieces.promotion.entering", "pieces.promotion.always"},
		safe: safeCommon, why: "as promotion on leaving: emitted by the one per-man pipeline that every shortcut uses",
		pairs: "entering-promotion", doc: "#promotion"},
	{bit: MechGuardedTrade, name: "guarded-trade",
		uses: func(r *Ruleset) bool { return r.TradeGuarded },
		keys: []string{"capture.trading.guarded", "capture.trading.cheap"}, shared: []string{"capture.trading", "capture.trading.pieces"},
		safe: safeNoCheck, why: "the trading rules drop captures in the one per-man pipeline, before any legality test, and touch no royal piece's safety",
		pairs: "trading", doc: "#capture"},
	{bit: MechCounterstrike, name: "counterstrike",
		uses: func(r *Ruleset) bool { return r.Counterstrike },
		keys: []string{"capture.trading.counterstrike"}, shared: []string{"capture.trading", "capture.trading.pieces"},
		safe: safeNoCheck, why: "the trading rules drop captures in the one per-man pipeline, before any legality test, and touch no royal piece's safety",
		pairs: "trading", doc: "#capture"},
	{bit: MechWalls, name: "walls",
		uses: func(r *Ruleset) bool { return r.Walls != nil },
		keys: []string{"walls", "walls.place", "walls.moving", "walls.except", "walls.instead"},
		safe: safeNoCheck, why: "the turn's wall is placed after the move is found legal (LegalMoves ends with it), lands on an empty cell and removes no man",
		doc: "#walls"},
	{bit: MechFlip, name: "flip",
		uses: func(r *Ruleset) bool { return r.FlipAdjacent || r.FlipFlanked },
		keys: []string{"flip", "flip.adjacent", "flip.flanked", "flip.drops-next-to-own"},
		safe: safeNoCheck, why: "flips turn enemy men only, never the mover's royal",
		doc: "#flip"},
	{bit: MechPetrify, name: "petrify",
		uses: func(r *Ruleset) bool { return r.Petrify != 0 },
		keys: []string{"capture.petrify"},
		safe: safePins | safeRelevance | safeNoCheck,
		why: "a capturer turned to stone leaves a wall where it landed, and a wall blocks every line as the man would have: the board's occupancy after the move is a plain capture's, " +
			"and no man of the mover attacks its own royal, so the pins and evasions (which read walls as occupied cells) and the relevant cells decide the royal's safety alike; " +
			"a royal man never turns to stone (defs.Validate refuses it), so no capture removes a royal of the mover. Not board probes: a probe leaves the capturer standing, " +
			"whose attacks a check rule on the enemy royal (may-give-check: false) would see. Proven by TestShortcutsAgreeWithMakeTestUnmake on the built-in and the petrify pairs",
		doc: "#capture"},
	{bit: MechRoyalCount, name: "royal-count",
		uses:   func(r *Ruleset) bool { return r.Check == CheckRoyalAttacked && r.CheckRoyals == CheckRoyalsAll },
		shared: []string{"rules.check-royals"},
		safe:   safeBoardProbe,
		why: "board probes: a plain move keeps the mover's count of royal men and a probe's promotion counts the new royal at once, as the rule does; the check rule asked on the probed board is the count's. " +
			"Not pins, relevance or keepers: they look for exactly one royal man, and a pinned man that promotes into a royal type may leave the line. Proven by TestShortcutsAgreeWithMakeTestUnmake on the built-in",
		doc: "#rules"},
	{bit: MechLoneRoyal, name: "lone-royal",
		uses:   func(r *Ruleset) bool { return r.Check == CheckRoyalAttacked && r.CheckRoyals == CheckRoyalsLone },
		shared: []string{"rules.check-royals"},
		safe:   safePins | safeBoardProbe,
		why: "with one royal man the rule is the plain check rule, and a man promoted into a royal type does not count before the next move, so the pins and evasions of that one royal decide (they are taken only while the side has exactly one); " +
			"with two or more, every move that takes no royal of the mover's is legal (probeLone). Board probes: a plain move keeps the count, and a promotion into a royal type takes its own test. " +
			"Proven by TestShortcutsAgreeWithMakeTestUnmake on the built-in",
		doc: "#rules"},
	{bit: MechTurns, name: "turns",
		uses: func(r *Ruleset) bool { return r.Turns != nil && !r.Turns.TurnCheck },
		keys: []string{"turns.white", "turns.black", "turns.grow", "turns.check-ends-turn"}, shared: []string{"turns", "turns.check"},
		safe: safeAll,
		why: "each move of a turn is judged alone, as a move of chess is: the side to move stays the mover between the moves of its turn, and every shortcut reads the side to move; " +
			"a turn ends after the move is made (Make), which legality never sees. Proven by TestTurnsAgainstNaive",
		pairs: "turns", doc: "#turns"},
	{bit: MechTurnCheck, name: "turn-check",
		uses:   func(r *Ruleset) bool { return r.Turns != nil && r.Turns.TurnCheck },
		shared: []string{"turns", "turns.check"},
		safe:   safeNone,
		why:    "a move's legality depends on the rest of the turn and on the opponent's next turn: LegalMoves makes every move and looks ahead (turnLegal), no shortcut applies",
		doc:    "#turns"},
	{bit: MechCrossing, name: "crossing",
		uses: func(r *Ruleset) bool { return r.Crossing },
		keys: []string{"board.boards", "board.crossing"},
		safe: safeNone,
		why: "a move also changes the board it crosses to, and a royal move is judged on the board it leaves too: every move is played and tested (probeLegal). " +
			"Proven by the two-board built-in against its naive generator (engine/perft)",
		pairs: "crossing", doc: "#several-boards"},
	{bit: MechCastleChoices, name: "castle-choices",
		uses: func(r *Ruleset) bool { return r.Castling != nil && (r.Castling.Choices(0) || r.Castling.Choices(1)) },
		keys: []string{"castling.short.also", "castling.short.also.king", "castling.short.also.partner",
			"castling.long.also", "castling.long.also.king", "castling.long.also.partner"},
		safe: safeAll,
		why: "each choice is a castling move of its own, which always takes the full test (by its kind) as castling does; check lines and board probes leave castling to it. " +
			"Proven by the pair matrix's castle-choices row and TestCastleChoicesAgainstNaive",
		pairs: "castle-choices", doc: "#castling"},
	{bit: MechFog, name: "fog",
		uses: func(r *Ruleset) bool { return r.Fog != nil },
		keys: []string{"fog", "fog.sees"},
		safe: safeAll,
		why: "fog changes what each side is shown, never which moves are legal: a view is read off the legal moves (interpreter.View), and the rules under fog are check: none's. " +
			"Proven by TestFogPerftAgainstNaive (the fog built-in's perft against a naive generator of chess with king capture)",
		doc: "#fog"},
	{bit: MechSeats, name: "seats",
		uses: func(r *Ruleset) bool { return r.Seats != nil },
		keys: []string{"seats", "seats.sides", "seats.sides.name", "seats.sides.letter", "seats.sides.edge", "seats.sides.mirror", "seats.order", "seats.teams",
			"seats.out", "seats.stalemate", "seats.end", "seats.points", "seats.points.capture", "seats.points.promoted",
			"seats.points.checkmate", "seats.points.stalemate"},
		safe: safeAll,
		why: "a seat's moves are an ordinary two-sided position's (its frame): White's men and Black's copies of the declared types turned a quarter or half turn, which are leaps and lines like any other. " +
			"Proven by TestFourPlayerPerftAgainstNaive (perft of the seats' built-ins against a naive four-seat generator)",
		doc: "#seats"},
	{bit: MechByCellPromotion, name: "by-cell-promotion",
		uses: func(r *Ruleset) bool {
			return anyPromotion(r, func(pr *Promotion[Bitboard]) bool { return pr.HasByCell })
		},
		keys:  []string{"pieces.promotion.by-cell", "pieces.promotion.by-cell.zone", "pieces.promotion.by-cell.to"},
		safe:  safeCommon,
		why:   "promotion choices narrowed by the cell a move ends on are chosen where promotions are emitted, in the one per-man pipeline that every shortcut uses (only CaptureMoves' targeted generation leaves such rulesets out, as with leaving promotions)",
		pairs: "by-cell-promotion", doc: "#promotion"},
	{bit: MechPickUp, name: "pick-up",
		uses:  func(r *Ruleset) bool { return r.Hands != nil && r.Hands.PickUp != 0 },
		keys:  []string{"hands.drops.pick-up"},
		safe:  safeAll &^ safePins,
		why:   "a pick-up only empties its man's cell: the relevance and keepers filters, the board probe and the no-giving-check lines test it in full by its kind, and without a check rule it is always legal (its man is never royal); pins leave it out, since genFastLegal generates the moves itself and makes no pick-ups",
		pairs: "pick-up", doc: "#hands"},
	{bit: MechSelfCapture, name: "self-capture",
		uses: func(r *Ruleset) bool { return r.SelfCapture },
		keys: []string{"capture.own"},
		safe: safeAll,
		why: "a self-capture lands on an own man's cell: the board's occupancy after it is a capture's, and the man taken never attacked its own royal, so the pins and evasions " +
			"(no own man stands on a pin line or between a checker and the royal), the relevant cells, the keepers, the check lines and board probes judge it as a capture; " +
			"a royal man is never taken by its own side, so without a check rule every such move is legal. Proven by TestShortcutsAgreeWithMakeTestUnmake on the built-in with capture.own and testdata/synthetic/selfcapture-*",
		pairs: "self-capture", doc: "#capture"},
	{bit: MechBurn, name: "burn",
		uses: func(r *Ruleset) bool { return r.BurnTypes != 0 },
		keys: []string{"pieces.burns"},
		safe: safeNone, why: "on no list: a burning move empties the cells around where its man stops, beyond the cells it names, and a burner attacks the cells around every cell it may stop on; every move is played and tested",
		pairs: "burn", doc: "#burning"},
	{bit: MechRangeCapture, name: "range-capture",
		uses: func(r *Ruleset) bool { return r.RangeCapture },
		keys: []string{"pieces.rank", "pieces.moves.range-capture"},
		safe: safeNone, why: "on no list: a range capture takes men beyond others on its line, so a man standing between an enemy general and its royal need not shield it, and which men it passes depends on their ranks; every move is played and tested",
		pairs: "range-capture", doc: "#range-capture"},
	{bit: MechRidesUnattacked, name: "rides-unattacked",
		uses: func(r *Ruleset) bool {
			return anyPiece(r, func(pt *PieceType[Bitboard]) bool { return pt.RidesUnattacked })
		},
		keys: []string{"pieces.rides-unattacked"},
		safe: safeRelevance | safeBoardProbe,
		why: "the rule takes moves out where they are generated (genRide stops a royal man's ride after the first attacked cell it lands on, reading the position before the move), and every way of testing the moves left asks the plain check rule: " +
			"relevance always tests a royal man's moves, the board probe moves the men and asks the check rule; the man's rides are capture-rides, on neither the pins' nor the check lines' list, and the key needs check: royal-attacked (keepers and no check never apply). " +
			"Proven by TestShortcutsAgreeWithMakeTestUnmake on the built-in with pieces.rides-unattacked",
		pairs: "rides-unattacked", doc: "#pieces"},
	{bit: MechContagion, name: "contagion",
		uses: func(r *Ruleset) bool { return r.Contagious != 0 },
		keys: []string{"pieces.contagious"},
		safe: safePins | safeRelevance | safeKeepers | safeNoCheck,
		why: "a contagious capture changes only the type of the capturer where it lands, never which cells are occupied or by which side, and neither the capturer nor its new type is royal (validation): " +
			"whether the mover's own royal men stand attacked afterwards is a plain capture's, which pins, relevance, keepers and no-check judge; " +
			"check lines and the board probe leave out what the man attacks as its new type, so they are not on the list. Proven by TestShortcutsAgreeWithMakeTestUnmake on the built-in with pieces.contagious and the pair matrix's contagion row",
		pairs: "contagion", doc: "#contagion"},
	{bit: MechCastlingGoal, name: "castling-goal",
		uses: func(r *Ruleset) bool {
			return anyGoal(r, func(g *Goal[Bitboard]) bool { return g.Castled != 0 || g.CastlingLost != 0 })
		},
		keys:   []string{"goals.castled", "goals.castling-lost"},
		shared: goalKeys,
		safe:   safeAll, why: "goals won by castling or lost with the castling rights only decide whether the game goes on (judged after the move, on the move's kind and the rights it left)",
		pairs: "castling-goal", doc: "#goals"},
	{bit: MechRoyalKinds, name: "royal-kinds",
		uses: func(r *Ruleset) bool {
			return r.Check == CheckRoyalAttacked && r.CheckRoyals == CheckRoyalsLone && len(r.royalKinds) > 1
		},
		keys: []string{"pieces.royal-kind"},
		safe: safeNone,
		why:  "on no list until proven: a side may have several protected royal men (one of each kind it has a single man of) beside unprotected ones, which the pins look past; every move is played and tested (probeLone)",
		doc:  "#rules"},
	{bit: MechPassOnce, name: "pass-once",
		uses: func(r *Ruleset) bool { return anyPiece(r, func(pt *PieceType[Bitboard]) bool { return pt.PassOnce }) },
		keys: []string{"pieces.pass-once"},
		safe: safeCommon &^ safePins, why: "as path stops: the pass is a path's move onto its own origin with the stop left out, which changes no cell; relevance and keepers read the cells the path visits",
		pairs: "pass-once", doc: "#legs-of-a-path"},
	{bit: MechProtectedTrade, name: "protected-trade",
		uses: func(r *Ruleset) bool { return r.TradeProtected },
		keys: []string{"capture.trading.protected"}, shared: []string{"capture.trading", "capture.trading.pieces"},
		safe: safeNoCheck, why: "the trading rules drop captures in the one per-man pipeline, before any legality test, and touch no royal piece's safety",
		pairs: "protected-trade", doc: "#capture"},
	{bit: MechNoRetaliation, name: "no-retaliation",
		uses: func(r *Ruleset) bool { return r.NoRetaliation },
		keys: []string{"capture.trading.no-retaliation"}, shared: []string{"capture.trading", "capture.trading.pieces"},
		safe: safeNoCheck, why: "the trading rules drop captures in the one per-man pipeline, before any legality test, and touch no royal piece's safety",
		pairs: "protected-trade", doc: "#capture"},
	{bit: MechUnclassified, name: "unclassified", setBy: byDefinitions,
		safe: safeNone, why: "a key no row accounts for: nothing is known about it",
		doc: "#speed-which-legality-shortcuts-a-definition-gets"},
}

// goalKeys are the keys every kind of goal has: which goal, whose and what it gives. They
// decide nothing about legality on their own; each goal row accounts for them.
var goalKeys = []string{"goals", "goals.name", "goals.whose", "goals.pieces", "goals.result", "goals.side"}

// keyGroup is keys that no mechanism row accounts for, and why none needs to.
type keyGroup struct {
	why  string
	keys []string
}

// unmechanisedKeys are the definition keys that are no mechanism: they never change which
// moves are legal, or they are the frame that every mechanism and every shortcut reads.
// With the rows' keys they make classifiedKeys.
var unmechanisedKeys = []keyGroup{
	{"names, descriptions, values and letters: what the variant and its men are called and shown as",
		[]string{"name", "aliases", "title", "description", "pieces.name", "pieces.letter", "pieces.san-letter", "pieces.value",
			"pieces.describe", "pieces.fen", "pieces.fen-alias", "source", "source.fairy-stockfish", "source.lichess", "source.lishogi", "source.seed", "source.sjaak", "source.hachu", "source.rules-text"}},
	{"the frame every mechanism and shortcut reads: the board (its geometry and cell names too: every table and shortcut walks the compiled directions, proven on the hexagonal built-ins by TestShortcutsAgreeWithMakeTestUnmake), its zones, the piece list and its royal men, the atoms' list and directions " +
		"(each atom sets the row of its kind; betza is lowered onto moves as the file is decoded), how a file extends another, the pools (which only name where men wait)",
		[]string{"extends", "pieces-by-letter", "board", "board.files", "board.ranks", "board.layout", "board.geometry", "board.hex-ranks",
			"zones", "zones.squares", "zones.ranks", "zones.white", "zones.black",
			"pieces", "pieces.royal", "pieces.moves", "pieces.moves.symmetry", "pieces.turned", "pieces.moves.only", "pieces.betza", "hands", "hands.pools", "hands.enemy-pools", "capture", "rules"}},
	{"boards played apart by partners: the ruleset is one board's game (the geometry compiled is one board's), and the men a partner passes enter its pools between moves, as a FEN's pools do; " +
		"no move of a board depends on the other. Proven by TestPartnersPerftFairy (one board's perft against Fairy-Stockfish on positions of games of four)",
		[]string{"board.apart"}},
	{"results and draws: they decide when the game ends and how, never which moves are legal",
		[]string{"pieces.resets-clock", "pieces.resets-clock-unless-back", "pieces.resets-clock-sides", "hands.drops.resets-clock", "pieces.promotion.resets-clock", "rules.no-moves", "rules.no-moves.in-check", "rules.no-moves.otherwise", "rules.fifty-move",
			"rules.repetition", "rules.perpetual-check", "rules.repetition-loses", "rules.points", "rules.points.values", "rules.points.bonus",
			"rules.full-board", "rules.counting", "rules.counting.limits", "rules.counting.from-men", "rules.counting.limits.moves",
			"rules.counting.limits.board-has", "rules.counting.limits.alone", "rules.counting.limits.opponent-alone",
			"rules.counting.limits.opponent-has", "rules.checkmate", "rules.checkmate.forbidden-by", "rules.checkmate.needs-check-by"}},
	{"setups and tests: start positions and the checks chimera validate runs",
		[]string{"setups", "setups.name", "setups.fen", "setups.shuffle", "setups.shuffle.pieces", "setups.shuffle.files",
			"tests", "tests.name", "tests.fen", "tests.setup", "tests.perft", "tests.moves", "tests.contains", "tests.excludes",
			"tests.attacks", "tests.attacks.by", "tests.attacks.squares", "tests.attacks.not", "tests.check", "tests.game",
			"tests.result", "tests.after"}},
	{"evaluation: weights of the engine's evaluation only; no move depends on them",
		[]string{"evaluation", "evaluation.file", "evaluation.pieces", "evaluation.pieces.value", "evaluation.pieces.squares",
			"evaluation.pieces.near-enemy-royal", "evaluation.pieces.near-own-royal", "evaluation.pieces.status-value",
			"evaluation.pools", "evaluation.mobility", "evaluation.advance", "evaluation.goal-distance", "evaluation.checks-given",
			"evaluation.tempo", "evaluation.passed", "evaluation.isolated", "evaluation.doubled", "evaluation.pair", "evaluation.open-file", "evaluation.half-open-file", "evaluation.reach", "evaluation.pieces.reach", "evaluation.net"}},
	{"protocol conventions: how engines and game records name the variant and write its moves",
		[]string{"xboard", "xboard.name", "xboard.start", "xboard.letters", "uci", "uci.default", "uci.chess960", "uci.variant",
			"pgn", "pgn.variant-tags", "usi", "usi.default", "ucci", "ucci.default",
			"castling.short.san", "castling.short.san.white", "castling.short.san.black", "castling.long.san", "castling.long.san.white", "castling.long.san.black",
			"castling.short.also.san", "castling.short.also.san.white", "castling.short.also.san.black",
			"castling.long.also.san", "castling.long.also.san.white", "castling.long.also.san.black"}},
}

// mechanismNames are the rows' names by bit index.
var mechanismNames = func() []string {
	out := make([]string, len(mechanismRows))
	for i, row := range mechanismRows {
		out[i] = row.name
	}
	return out
}()

// String lists the mechanisms by name, a bit without one as bit<n> (so that none is lost
// from a listing).
func (m Mechanism) String() string {
	var out []string
	for i := 0; i < maxMechanisms; i++ {
		if !m.Has(i) {
			continue
		}
		if i < len(mechanismNames) {
			out = append(out, mechanismNames[i])
		} else {
			out = append(out, "bit"+strconv.Itoa(i))
		}
	}
	return strings.Join(out, " ")
}

// classifiedKeys are the definition keys whose meaning usedMechanisms accounts for (the
// rows' keys and shared keys) or that need no mechanism (unmechanisedKeys). A key used by
// a definition and missing here makes the ruleset MechUnclassified, which turns every
// shortcut off; TestEveryKeyClassified lists keys added without a decision.
var classifiedKeys = func() map[string]bool {
	out := map[string]bool{}
	for _, row := range mechanismRows {
		for _, k := range row.keys {
			out[k] = true
		}
		for _, k := range row.shared {
			out[k] = true
		}
	}
	for _, g := range unmechanisedKeys {
		for _, k := range g.keys {
			out[k] = true
		}
	}
	return out
}()

// shortcutRules says, per shortcut, the mechanisms it needs (shortcutNeeds) and every
// mechanism it is proven safe with (the rows that list it). Anything not listed turns the
// shortcut off.
var shortcutRules = func() [numShortcuts]struct{ needs, safe Mechanism } {
	var out [numShortcuts]struct{ needs, safe Mechanism }
	for s := Shortcut(0); s < numShortcuts; s++ {
		out[s].needs = shortcutNeeds[s]
		for _, row := range mechanismRows {
			if row.safe>>uint(s)&1 != 0 {
				out[s].safe = out[s].safe.Or(row.bit)
			}
		}
	}
	return out
}()

// Uses reports whether the ruleset uses any of the mechanisms m (the bits its rows'
// predicates and the move-table scan set when it was compiled).
func (r *Ruleset) Uses(m Mechanism) bool { return r.Mechanisms.Meets(m) }

// usedMechanisms reads the mechanisms off the compiled tables, not the definition, so that
// a mechanism is seen however it was written: the rows' predicates, and the scan of the
// move tables for the rows it sets.
func (r *Ruleset) usedMechanisms() Mechanism {
	m := r.scanMoveTables()
	for _, row := range mechanismRows {
		if row.uses != nil && row.uses(r) {
			m = m.Or(row.bit)
		}
	}
	return m
}

// scanMoveTables finds the mechanisms of the rows set byMoveTables: the kinds of atom in
// every piece's compiled move tables.
func (r *Ruleset) scanMoveTables() Mechanism {
	var m Mechanism
	for t := range r.pieces {
		pt := &r.pieces[t]
		for c := 0; c < 2; c++ {
			for sq := 0; sq < r.Cells; sq++ {
				if pt.leapQuiet[c][sq].Or(pt.leapCapture[c][sq]).Any() {
					m = m.Or(MechLeap)
				}
				if pt.epCapture[c][sq].Any() {
					m = m.Or(MechEnPassant)
				}
				if pt.leapRoyal[c][sq].Any() {
					m = m.Or(MechCaptureRoyal)
				}
			}
			if len(pt.slides[c]) > 0 {
				m = m.Or(MechSlide)
			}
			if len(pt.royalRides[c]) > 0 {
				m = m.Or(MechCaptureRoyal).Or(MechCaptureRide)
			}
			for _, rd := range pt.rides[c] {
				if rd.Mode == ModeMove {
					m = m.Or(MechMoveRide)
				} else {
					m = m.Or(MechCaptureRide)
				}
			}
			if len(pt.paths[c]) > 0 {
				m = m.Or(MechPath)
			}
			for _, path := range pt.paths[c] {
				for _, l := range path.legs {
					if l.Not != 0 {
						m = m.Or(MechPathTypes)
					}
				}
				if path.Bounded {
					m = m.Or(MechPathTypes)
				}
				if path.Stops {
					m = m.Or(MechPathStop)
				}
			}
		}
		if pt.MakesEP {
			m = m.Or(MechEnPassant)
		}
	}
	return m
}

// anyPiece reports whether f holds for some piece type.
func anyPiece(r *Ruleset, f func(*PieceType[Bitboard]) bool) bool {
	for t := range r.pieces {
		if f(&r.pieces[t]) {
			return true
		}
	}
	return false
}

// anyPromotion reports whether f holds for some piece type's promotion.
func anyPromotion(r *Ruleset, f func(*Promotion[Bitboard]) bool) bool {
	return anyPiece(r, func(pt *PieceType[Bitboard]) bool { return pt.Promotion != nil && f(pt.Promotion) })
}

// anyGoal reports whether f holds for some goal.
func anyGoal(r *Ruleset, f func(*Goal[Bitboard]) bool) bool {
	for i := range r.goals {
		if f(&r.goals[i]) {
			return true
		}
	}
	return false
}
