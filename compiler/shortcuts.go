// Legality shortcuts as allow-lists: the mechanisms a ruleset uses, and for each shortcut
// the mechanisms it is proven safe with (by the property tests against make/test/unmake).
package compiler

import (
	"reflect"
	"strconv"
	"strings"

	"chimera/defs"
)

// Mechanism is one bit per rule mechanism a compiled ruleset uses.
type Mechanism uint64

// Mechanisms. A new mechanism gets a new bit, which no shortcut lists until it is proven.
const (
	MechLeap                      Mechanism = 1 << iota // leaps (any mode, from a zone)
	MechSlide                                           // unlimited rides that move and capture
	MechMoveRide                                        // rides with a range, zone or en-passant targets that never capture
	MechCaptureRide                                     // rides with a range, zone or mode that may capture
	MechPath                                            // multi-leg paths (hoppers, locust captures)
	MechRestrictedLanding                               // squares only some pieces may end a move on
	MechImmune                                          // pieces that cannot be captured
	MechFreeze                                          // standing freeze effects
	MechCastling                                        // castling
	MechEnPassant                                       // en-passant targets and captures
	MechPromotion                                       // promotion to non-royal types
	MechRoyalPromotion                                  // promotion to a royal type
	MechZoneGoal                                        // goals reached by standing on a zone
	MechHookGoal                                        // goals decided by an expr hook
	MechCheckRoyalAttacked                              // check rule: own royal attacked
	MechCheckEnemyRoyalUnattacked                       // check rule: the enemy royal must stay attacked
	MechCheckNone                                       // no check rule
	MechCaptureRoyal                                    // atoms that only capture royal pieces: they attack, never move
	MechStatus                                          // timed piece statuses (counters on squares)
	MechBounce                                          // captures where the capturer bounces on and the captured piece stays
	MechKick                                            // captures that remove the captured piece and every piece beyond it
	MechHitGoal                                         // goals reached by hitting a piece (capture, removal, bounce)
	MechCapturePool                                     // captured pieces go into a pool (demoted or not)
	MechDrop                                            // pieces dropped from a pool onto empty squares
	MechExchange                                        // exchanges: give a held man, rescue one's own and drop it
	MechPoolPromotion                                   // promotion that takes the new piece from a pool
	MechGating                                          // a piece from a pool enters on the square a first-rank piece leaves
	MechDropNoCheck                                     // drops that would give check are not moves
	MechMustDrop                                        // a side holding pieces must drop one when it can
	MechSplitColors                                     // drops that keep a type's men on both colours of square
	MechCreateCastling                                  // drops of the royal and partners create castling rights (or a partner's restore them)
	MechMustCapture                                     // while a capture is legal, only captures are
	MechNoGivingCheck                                   // moves that give check are illegal
	MechRoyalOptional                                   // a side may have no royal piece
	MechCheckCounter                                    // checks given are counted in the position
	MechStandingGoal                                    // goals judged on the position alone (extinct, checks given, standing on a zone)
	MechExplode                                         // a capture blows up the capturer and the men around
	MechLeavingPromotion                                // promotion on moves that leave the zone, compulsory in part of it
	MechOnePerFile                                      // drops of a type barred from files holding one of its side's men of it
	MechNoMateDrop                                      // a mate by dropping a man of a type loses
	MechDropPromoted                                    // men dropped either side up
	MechFirstMoves                                      // leaps only a man that has not moved may make
	MechPathTypes                                       // path legs that exclude types, atoms bounded by a zone
	MechPass                                            // a side may pass its turn
	MechFacingRoyals                                    // royal men facing on an open line must part
	MechBorrowMoves                                     // a man moves with the moves of a friendly man on a square relative to it
	MechNoMateIllegal                                   // a drop that no-mate forbids to checkmate is no move
	MechInPlacePromotion                                // promotion as a move of its own, standing or by a step of the new type
	MechPathStop                                        // paths that stop on a square passed (recorded in the move; may end on the origin)
	MechEnteringPromotion                               // promotion by quiet moves entering the zone and captures in it, or always in part of it
	MechGuardedTrade                                    // men of some types may not take guarded ones of those types from afar
	MechCounterstrike                                   // after such a man is taken, the opponent may not take one back but on that square
	MechWalls                                           // each turn ends with a wall placed on an empty cell
	MechUnclassified                                    // a definition key no shortcut has been checked against
)

var mechanismNames = []string{"leap", "slide", "move-ride", "capture-ride", "path", "restricted-landing",
	"immune", "freeze", "castling", "en-passant", "promotion", "royal-promotion", "zone-goal",
	"hook-goal", "check-royal-attacked", "check-enemy-royal-unattacked", "check-none", "capture-royal",
	"status", "bounce", "kick", "hit-goal", "capture-pool", "drop", "exchange", "pool-promotion", "gating", "drop-no-check", "must-drop", "split-colors", "create-castling",
	"must-capture", "no-giving-check", "royal-optional", "check-counter", "standing-goal", "explode",
	"leaving-promotion", "one-per-file", "no-mate-drop", "drop-promoted", "first-moves", "path-types", "pass", "facing-royals",
	"borrow-moves", "no-mate-illegal", "in-place-promotion", "path-stop", "entering-promotion", "guarded-trade", "counterstrike", "walls", "unclassified"}

// String lists the mechanisms by name, a bit without one as bit<n> (so that none is lost
// from a listing).
func (m Mechanism) String() string {
	var out []string
	for i := 0; i < 64; i++ {
		if m>>uint(i)&1 == 0 {
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

// Shortcut is a way of deciding legality faster than make/test/unmake of every move.
type Shortcut uint8

// Shortcuts.
const (
	// ShortcutPins generates legal moves directly from pins and check evasions.
	ShortcutPins Shortcut = iota
	// ShortcutRelevance skips the test of a move that changes no cell from which the own
	// single royal could become attacked.
	ShortcutRelevance
	// ShortcutKeepers skips the test of a move that leaves one of the mover's attacks on the
	// single enemy royal untouched.
	ShortcutKeepers
	// ShortcutNoCheck decides legality without playing moves when there is no check rule:
	// every pseudo-legal move is legal but one that removes a royal piece of the mover.
	ShortcutNoCheck
	// ShortcutCheckLines spares the test of whether a move gives check (may-give-check:
	// false) for a plain move that neither leaves nor lands on a line from the enemy royal
	// along which the mover's men slide, nor lands where its leap would take that royal.
	ShortcutCheckLines
	// ShortcutBoardProbe tests a plain move or a drop by moving the men on the board and its
	// sets alone, asking the check rule, and moving them back: none of the journal, hash,
	// clocks, pools and rights that only the game's record needs.
	ShortcutBoardProbe
	numShortcuts
)

var shortcutNames = [numShortcuts]string{"pins", "relevance", "keepers", "no-check", "check-lines", "board-probe"}

// String is the shortcut's name.
func (s Shortcut) String() string {
	if s < numShortcuts {
		return shortcutNames[s]
	}
	return "shortcut" + strconv.Itoa(int(s))
}

// Mechanisms every shortcut is safe with: how pieces move, and the end of the game (goals
// never change which moves are legal, only whether the game goes on).
// Pools too: a capture into a pool and a promotion from one change the board as orthodox
// ones do, and a drop or an exchange only fills one empty square (each shortcut treats it
// as a move whose only changed cell is its destination; pins generate drops onto the
// blocking squares of a single check).
// Drops that may not give check or must keep men on both colours are left out where drops
// are generated (genDrops), before any shortcut sees them; castling rights that a drop
// creates change no square. Must-drop is not listed here: it filters the legal moves as a
// whole, after legalMoves' no-check and make/test/unmake paths (so the no-check, relevance
// and board-probe lists name it), but the pins shortcut returns its moves before it.
// Must-capture and no-giving-check are listed because they are filters applied to the
// legal moves that every shortcut produces (LegalMoves ends with them; IsLegal and
// CaptureMoves consult them), never inside a shortcut. A side without a royal piece gets
// no shortcut that needs one (each looks for exactly one royal), and check counters and
// standing goals only decide whether the game goes on. Promotions on leaving the zone, or
// compulsory in part of it, are emitted by the one per-man pipeline that every shortcut
// uses (only CaptureMoves' targeted generation leaves such rulesets out). One-per-file
// drops are left out where drops are made; a mate by a forbidden drop only changes the
// result, or, where it is illegal, is a filter of the legal moves as a whole as
// must-capture is (LegalMoves ends with it, IsLegal consults it; it removes drops, never a
// capture, so CaptureMoves needs nothing); a man dropped as its promoted type fills one
// empty square like any drop. Borrowed moves are on no list: a move changes the moves of
// the men around the squares it empties and fills. Passes and facing royals are, like
// compulsory capture, applied by LegalMoves to the legal moves as a whole (a pass added,
// moves that leave the royals facing taken out), never inside a shortcut.
const commonSafe = MechLeap | MechSlide | MechMoveRide | MechRestrictedLanding | MechCastling |
	MechEnPassant | MechPromotion | MechZoneGoal | MechHookGoal |
	MechCapturePool | MechDrop | MechExchange | MechPoolPromotion | MechDropNoCheck |
	MechSplitColors | MechCreateCastling | MechMustCapture | MechNoGivingCheck | MechRoyalOptional |
	MechCheckCounter | MechStandingGoal | MechLeavingPromotion | MechEnteringPromotion | MechOnePerFile | MechNoMateDrop |
	MechDropPromoted | MechPass | MechFacingRoyals | MechNoMateIllegal

// shortcutRules says, per shortcut, the check rule it needs and every mechanism it is
// proven safe with. Anything not listed turns the shortcut off.
var shortcutRules = [numShortcuts]struct{ needs, safe Mechanism }{
	// Capture-royal leaps are in the leap attack tables that find checkers; capture-royal
	// rides are ranged attacks (MechCaptureRide), which the pin logic does not track.
	// Gating: a gating move is legal exactly when the same move without gating is (the
	// gated man never blocks a check on its own side), so its forms copy legal moves.
	// In-place promotions: one standing changes no cell's occupancy, and one by a step of
	// the new type is a quiet move from the man's square, held to its pin line and to the
	// evasion cells like any (genInPlace lands its moves in the mask it is given).
	// First moves: an enemy man's first-move leap is a leap, found among the checkers from
	// the reverse table of such leaps (InitialFromAt) while the man keeps its right; the
	// side to move's own first-move leaps land in the mask its men are given (genInitial).
	ShortcutPins: {MechCheckRoyalAttacked, commonSafe | MechCaptureRoyal | MechCheckRoyalAttacked | MechGating | MechInPlacePromotion |
		MechFirstMoves},
	// Freezer and royal moves, promotions to a royal type, castling and en passant always
	// take the full test, which is what makes the next two safe with those mechanisms.
	// Gating changes only the cells a move names: the gated man enters on the origin.
	// First moves: an enemy man's first-move leap is a leap (no cell between matters), and no
	// move of the side to move gives an enemy man its first-move right back.
	ShortcutRelevance: {MechCheckRoyalAttacked, commonSafe | MechCaptureRide | MechPath | MechPathTypes | MechPathStop | MechImmune |
		MechFreeze | MechRoyalPromotion | MechCaptureRoyal | MechCheckRoyalAttacked | MechGating | MechFirstMoves | MechMustDrop |
		MechInPlacePromotion},
	ShortcutKeepers: {MechCheckEnemyRoyalUnattacked, commonSafe | MechCaptureRide | MechPath | MechPathTypes | MechPathStop | MechImmune |
		MechFreeze | MechRoyalPromotion | MechCheckEnemyRoyalUnattacked | MechGating},
	// Capture effects are safe because losesRoyal predicts the one way a move can be illegal
	// without a check rule: removing a royal piece of the mover.
	// The trading rules drop captures in the one per-man pipeline, before any legality
	// test, and touch no royal piece's safety.
	// Walls: the turn's wall is placed after the move is found legal (LegalMoves ends with
	// it), lands on an empty cell and removes no man.
	ShortcutNoCheck: {MechCheckNone, commonSafe | MechCaptureRide | MechPath | MechPathTypes | MechPathStop | MechImmune | MechFreeze |
		MechWalls | MechGuardedTrade | MechCounterstrike | MechMustDrop |
		MechRoyalPromotion | MechCheckNone | MechStatus | MechBounce | MechKick | MechHitGoal | MechGating},
	// Only plain moves (no promotion, capture in passing, castling, drop) skip the test,
	// and only where every attack is a leap or an unlimited slide: then a move can create
	// an attack on the enemy royal only from its destination, or by opening a slide line
	// through its origin (a capture on the destination fills the square it empties).
	ShortcutCheckLines: {MechNoGivingCheck | MechCheckRoyalAttacked, MechLeap | MechSlide | MechMoveRide |
		MechRestrictedLanding | MechCastling | MechEnPassant | MechPromotion | MechZoneGoal | MechHookGoal |
		MechStandingGoal | MechMustCapture | MechNoGivingCheck | MechCheckRoyalAttacked | MechCheckCounter |
		MechRoyalOptional},
	// A normal move's or a drop's change to the board is then exactly its men lifted and set
	// down: no capture effect, status, frozen or borrowing man or exchange; the
	// attack walk reads nothing else. Castling, en passant, exchanges and passes take the full
	// test (by their kind), and a gated man never blocks a check (the gate is left out of the
	// probe either way). First moves: the attack walk counts an enemy man's first-move leap
	// by its right and its being there; a taken man is gone, and no move gives a right. A
	// capture of a man that keeps his right takes the full test (the probe leaves the rights
	// as they are, so the taker would seem to hold it).
	ShortcutBoardProbe: {0, commonSafe&^MechExchange | MechCaptureRide | MechPath | MechPathTypes | MechPathStop | MechImmune |
		MechCaptureRoyal | MechRoyalPromotion | MechCheckRoyalAttacked | MechCheckEnemyRoyalUnattacked | MechCheckNone | MechGating |
		MechFirstMoves | MechMustDrop},
}

// Allows reports whether shortcut s is valid for every mechanism of the ruleset.
func (r *Ruleset) Allows(s Shortcut) bool { return r.shortcuts>>uint(s)&1 != 0 }

// decideShortcuts derives the mechanisms from the compiled ruleset and the definition's
// keys, then switches on each shortcut whose allow-list covers them all.
func (r *Ruleset) decideShortcuts() {
	r.Mechanisms = r.usedMechanisms() | definitionMechanisms(r.Def)
	r.shortcuts = shortcutsFor(r.Mechanisms)
}

// shortcutsFor is the set of shortcuts (bit per Shortcut) valid with mechanisms m.
func shortcutsFor(m Mechanism) uint8 {
	var out uint8
	for s := Shortcut(0); s < numShortcuts; s++ {
		rule := shortcutRules[s]
		if m&rule.needs == rule.needs && m&^rule.safe == 0 {
			out |= 1 << uint(s)
		}
	}
	return out
}

// usedMechanisms reads the mechanisms off the compiled tables, not the definition, so that
// a mechanism is seen however it was written.
func (r *Ruleset) usedMechanisms() Mechanism {
	var m Mechanism
	for t := range r.pieces {
		pt := &r.pieces[t]
		for c := 0; c < 2; c++ {
			for sq := 0; sq < r.Cells; sq++ {
				if pt.leapQuiet[c][sq].Or(pt.leapCapture[c][sq]).Any() {
					m |= MechLeap
				}
				if pt.epCapture[c][sq].Any() {
					m |= MechEnPassant
				}
			}
			if pt.Land[c] != r.Squares {
				m |= MechRestrictedLanding
			}
			if len(pt.slides[c]) > 0 {
				m |= MechSlide
			}
			for sq := 0; sq < r.Cells; sq++ {
				if pt.leapRoyal[c][sq].Any() {
					m |= MechCaptureRoyal
				}
			}
			if len(pt.royalRides[c]) > 0 {
				m |= MechCaptureRoyal | MechCaptureRide
			}
			for _, rd := range pt.rides[c] {
				if rd.Mode == ModeMove {
					m |= MechMoveRide
				} else {
					m |= MechCaptureRide
				}
			}
			if len(pt.paths[c]) > 0 {
				m |= MechPath
			}
			for _, path := range pt.paths[c] {
				for _, l := range path.legs {
					if l.Not != 0 {
						m |= MechPathTypes
					}
				}
				if path.Bounded {
					m |= MechPathTypes
				}
				if path.Stops {
					m |= MechPathStop
				}
			}
		}
		if pt.MakesEP {
			m |= MechEnPassant
		}
		if pt.Immune {
			m |= MechImmune
		}
		if pr := pt.Promotion; pr != nil {
			m |= MechPromotion
			for _, to := range pr.to {
				if r.pieces[to].Royal {
					m |= MechRoyalPromotion
				}
			}
		}
	}
	if len(r.freezes) > 0 {
		m |= MechFreeze
	}
	if r.Castling != nil {
		m |= MechCastling
	}
	for i := range r.goals {
		if r.goals[i].HasZ {
			m |= MechZoneGoal
		}
		if r.goals[i].Hook != nil {
			m |= MechHookGoal
		}
		if r.goals[i].Hit != 0 {
			m |= MechHitGoal
		}
		if g := &r.goals[i]; g.Standing() || g.Stands || g.Answerable {
			m |= MechStandingGoal
		}
	}
	if r.Status != nil {
		m |= MechStatus
	}
	if h := r.Hands; h != nil {
		if h.CaptureTo >= 0 {
			m |= MechCapturePool
		}
		if h.DropFrom >= 0 {
			m |= MechDrop
		}
		if h.Exchange != nil {
			m |= MechExchange
		}
		if h.GateFrom >= 0 {
			m |= MechGating
		}
		if h.DropsNoCheck {
			m |= MechDropNoCheck
		}
		if h.MustDrop != 0 {
			m |= MechMustDrop
		}
		if h.SplitColors != 0 {
			m |= MechSplitColors
		}
		if h.CreateCastling || h.RestoreCastling {
			m |= MechCreateCastling // rights a drop gives change no square, however given
		}
		if h.OnePerFile != 0 {
			m |= MechOnePerFile
		}
		if h.NoMate != 0 {
			m |= MechNoMateDrop
		}
		if h.NoMateIllegal {
			m |= MechNoMateIllegal
		}
		if h.DropPromoted {
			m |= MechDropPromoted
		}
	}
	for t := range r.pieces {
		if pr := r.pieces[t].Promotion; pr != nil && pr.FromPool >= 0 {
			m |= MechPoolPromotion
		}
		if pr := r.pieces[t].Promotion; pr != nil && (pr.Leaving || pr.HasForced || pr.OnCapture || pr.HasLimits) {
			m |= MechLeavingPromotion
		}
		if pr := r.pieces[t].Promotion; pr != nil && pr.InPlace {
			m |= MechInPlacePromotion
		}
		if pr := r.pieces[t].Promotion; pr != nil && (pr.Entering || pr.HasAlways) {
			m |= MechEnteringPromotion
		}
	}
	if r.Capture == EffectBounce {
		m |= MechBounce
	}
	if r.MustCapture || r.RoyalTakesCheckerOnly {
		m |= MechMustCapture // a filter of the legal moves as a whole, as compulsory capture is
	}
	if r.TradeGuarded {
		m |= MechGuardedTrade
	}
	if r.Counterstrike {
		m |= MechCounterstrike
	}
	if r.Explode {
		m |= MechExplode
	}
	if r.FirstMoves {
		m |= MechFirstMoves
	}
	if r.Borrows {
		m |= MechBorrowMoves
	}
	if r.NoGivingCheck {
		m |= MechNoGivingCheck
	}
	if r.RoyalOptional {
		m |= MechRoyalOptional
	}
	if r.CheckCounter > 0 {
		m |= MechCheckCounter
	}
	if r.Kick {
		m |= MechKick
	}
	if r.Pass {
		m |= MechPass
	}
	if r.FacingRoyals {
		m |= MechFacingRoyals
	}
	if r.Walls != nil {
		m |= MechWalls
	}
	switch r.Check {
	case CheckRoyalAttacked:
		m |= MechCheckRoyalAttacked
	case CheckEnemyRoyalUnattacked:
		m |= MechCheckEnemyRoyalUnattacked
	default:
		m |= MechCheckNone
	}
	return m
}

// classifiedKeys are the definition keys whose meaning usedMechanisms accounts for (or
// that never change which moves are legal: names, descriptions, values, setups, tests).
// A key used by a definition and missing here makes the ruleset MechUnclassified, which
// turns every shortcut off; TestEveryKeyClassified lists keys added without a decision.
var classifiedKeys = map[string]bool{
	"extends": true, "pieces-by-letter": true, "name": true, "aliases": true, "title": true, "description": true,
	"board": true, "board.files": true, "board.ranks": true, "board.layout": true,
	"board.restricted": true, "board.restricted.zone": true, "board.restricted.only": true,
	"zones": true, "zones.squares": true, "zones.ranks": true, "zones.white": true, "zones.black": true,
	"pieces": true, "pieces.name": true, "pieces.letter": true, "pieces.san-letter": true,
	"pieces.royal": true, "pieces.immune": true, "pieces.resets-clock": true, "pieces.value": true,
	"pieces.describe": true, "pieces.moves": true, "pieces.confined": true, "pieces.turned": true,
	// betza: is lowered onto moves as the file is decoded: the atoms it gives are walked as moves.
	"pieces.betza":      true,
	"pieces.moves.leap": true, "pieces.moves.ride": true, "pieces.moves.path": true,
	"pieces.moves.range": true, "pieces.moves.symmetry": true, "pieces.moves.only": true,
	"pieces.moves.mode": true, "pieces.moves.from": true, "pieces.moves.ep-target": true,
	"pieces.moves.en-passant": true, "pieces.moves.initial": true, "pieces.moves.not-in-check": true,
	"pieces.moves.path.step": true, "pieces.moves.path.on": true, "pieces.moves.path.capture": true,
	"pieces.moves.path.range": true, "pieces.moves.path.stop": true,
	"pieces.promotion": true, "pieces.promotion.zone": true, "pieces.promotion.to": true,
	"pieces.promotion.optional": true, "pieces.promotion.from-pool": true, "pieces.promotion.pool-owner": true,
	"pieces.promotion.leaving": true, "pieces.promotion.forced": true, "pieces.promotion.entering": true, "pieces.promotion.always": true, "pieces.promotion.on-capture": true, "pieces.promotion.limits": true, "pieces.promotion.resets-clock": true, "pieces.promotion.to-black": true,
	"pieces.promotion.in-place": true, "pieces.promotion.in-place.step": true, "pieces.promotion.in-place.lone-anywhere": true,
	"pieces.promotion.in-place.may-attack": true, "pieces.promotion.in-place.may-give-check": true, "pieces.fen": true, "pieces.demotes-to": true,
	// hands: read into Ruleset.Hands, where usedMechanisms finds each key. Pools and their
	// owners (pools, enemy-pools) only name where men wait; capture-to and demote are
	// MechCapturePool; drops, from and the forbidden zones MechDrop (genDrops lands a drop
	// only where it may); exchange MechExchange; gating MechGating. Each drop rule has its
	// own: may-give-check MechDropNoCheck, must-drop MechMustDrop, split-colors
	// MechSplitColors, create-castling and restore-castling-on-drop MechCreateCastling,
	// one-per-file MechOnePerFile, no-mate MechNoMateDrop, no-mate-illegal
	// MechNoMateIllegal, promoted MechDropPromoted; resets-clock only sets the fifty-move
	// counter, as pieces.resets-clock does.
	"hands": true, "hands.pools": true, "hands.enemy-pools": true, "hands.capture-to": true, "hands.demote": true,
	"hands.restore-castling-on-drop": true, "hands.gating": true, "hands.gating.from": true,
	"hands.drops": true, "hands.drops.from": true, "hands.drops.forbid": true, "hands.drops.forbid.pieces": true,
	"hands.drops.forbid.zone": true, "hands.drops.may-give-check": true, "hands.drops.must-drop": true,
	"hands.drops.split-colors": true, "hands.drops.create-castling": true, "hands.drops.one-per-file": true,
	"hands.drops.no-mate": true, "hands.drops.no-mate-illegal": true, "hands.drops.promoted": true, "hands.drops.resets-clock": true, "hands.drops.per-file": true,
	"hands.exchange": true, "hands.exchange.give": true, "hands.exchange.to": true,
	"hands.exchange.take": true, "hands.exchange.order": true,
	"castling": true, "castling.royal": true, "castling.partner": true, "castling.short": true,
	"castling.short.king": true, "castling.short.partner": true, "castling.long": true,
	"castling.long.king": true, "castling.long.partner": true, "castling.notation": true, "castling.fen": true,
	"castling.rank": true, "castling.unattacked": true, "castling.other-partners": true,
	"rules": true, "rules.check": true, "rules.no-moves": true, "rules.no-moves.in-check": true,
	"rules.no-moves.otherwise": true, "rules.fifty-move": true, "rules.repetition": true,
	"rules.pass": true, "rules.pass.in-check": true, "rules.pass.end-after": true, "rules.facing-royals": true,
	"rules.points": true, "rules.points.values": true, "rules.points.bonus": true, "pieces.moves.within": true, "pieces.moves.path.not": true,
	"rules.must-capture": true, "rules.royal-takes-checker-only": true, "rules.perpetual-check": true, "rules.repetition-loses": true, "rules.may-give-check": true, "rules.royal-optional": true, "rules.check-counter": true,
	"goals": true, "goals.name": true, "goals.reach": true, "goals.whose": true, "goals.pieces": true,
	"goals.when": true, "goals.result": true, "goals.hit": true, "goals.extinct": true, "goals.at-most": true,
	"goals.together": true, "goals.opponent-at-least": true, "goals.checks-given": true, "goals.stands": true, "goals.side": true, "goals.answerable": true,
	"borrow-moves": true, "borrow-moves.from": true,
	"walls": true, "walls.place": true, "walls.moving": true, "walls.except": true,
	"freeze": true, "freeze.by": true, "freeze.targets": true, "freeze.steps": true,
	"statuses": true, "statuses.name": true, "statuses.duration": true, "statuses.immobile": true,
	"statuses.harmless": true,
	"capture":           true, "capture.effect": true, "capture.status": true, "capture.kick": true,
	"capture.explode": true, "capture.explode.steps": true, "capture.explode.spare": true, "capture.explode.immune": true,
	"capture.trading": true, "capture.trading.pieces": true, "capture.trading.guarded": true, "capture.trading.cheap": true, "capture.trading.counterstrike": true,
	"setups": true, "setups.name": true, "setups.fen": true, "setups.shuffle": true,
	"setups.shuffle.pieces": true, "setups.shuffle.files": true,
	"tests": true, "tests.name": true, "tests.fen": true, "tests.setup": true, "tests.perft": true,
	"tests.moves": true, "tests.contains": true, "tests.excludes": true, "tests.attacks": true,
	"tests.attacks.by": true, "tests.attacks.squares": true, "tests.attacks.not": true,
	"tests.check": true, "tests.game": true, "tests.result": true, "tests.after": true,
	"xboard": true, "xboard.name": true, "xboard.start": true, "xboard.letters": true,
	"rules.counting": true, "rules.counting.limits": true, "rules.counting.from-men": true,
	"rules.counting.limits.moves": true, "rules.counting.limits.board-has": true, "rules.counting.limits.alone": true,
	"rules.counting.limits.opponent-alone": true, "rules.counting.limits.opponent-has": true,
	"rules.checkmate": true, "rules.checkmate.forbidden-by": true, "rules.checkmate.needs-check-by": true,
	"uci": true, "uci.default": true, "uci.chess960": true, "uci.variant": true, "pgn": true, "pgn.variant-tags": true, "usi": true, "usi.default": true, "ucci": true, "ucci.default": true,
	// evaluation: weights of the engine's evaluation only; no move depends on them.
	"evaluation": true, "evaluation.file": true, "evaluation.pieces": true, "evaluation.pieces.value": true,
	"evaluation.pieces.squares": true, "evaluation.pieces.near-enemy-royal": true, "evaluation.pieces.near-own-royal": true, "evaluation.pieces.status-value": true, "evaluation.pools": true, "evaluation.mobility": true, "evaluation.advance": true,
	"evaluation.goal-distance": true, "evaluation.checks-given": true, "evaluation.tempo": true, "evaluation.passed": true, "evaluation.reach": true, "evaluation.pieces.reach": true,
}

// definitionMechanisms is MechUnclassified when the definition sets a key that is not in
// classifiedKeys, else 0.
func definitionMechanisms(def *defs.Definition) Mechanism {
	if def == nil {
		return 0
	}
	unclassified := false
	walkKeys(reflect.ValueOf(def).Elem(), "", func(key string) { unclassified = unclassified || !classifiedKeys[key] })
	if unclassified {
		return MechUnclassified
	}
	return 0
}

// walkKeys calls used for the dotted key path of every non-zero field under v.
func walkKeys(v reflect.Value, prefix string, used func(string)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkKeys(v.Elem(), prefix, used)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Struct || v.Type().Elem().Kind() == reflect.Pointer {
			for i := 0; i < v.Len(); i++ {
				walkKeys(v.Index(i), prefix, used)
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			walkKeys(it.Value(), prefix, used)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			f := v.Field(i)
			if f.IsZero() {
				continue
			}
			key := name
			if prefix != "" {
				key = prefix + "." + name
			}
			used(key)
			walkKeys(f, key, used)
		}
	}
}

// DefinitionKeys lists every key path the definition language has (for tests and docs).
func DefinitionKeys() []string {
	var out []string
	var walk func(t reflect.Type, prefix string, seen map[reflect.Type]bool)
	walk = func(t reflect.Type, prefix string, seen map[reflect.Type]bool) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			key := name
			if prefix != "" {
				key = prefix + "." + name
			}
			out = append(out, key)
			walk(t.Field(i).Type, key, seen)
		}
	}
	walk(reflect.TypeOf(defs.Definition{}), "", map[reflect.Type]bool{})
	return out
}
