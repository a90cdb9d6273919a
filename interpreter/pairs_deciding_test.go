// The pair matrix's deciding cases: for the mechanisms whose rule turns on one question
// (does this pawn drop mate, is a capture there, is a pawn on the file, is this the last
// rank), the positions where the answer decides which moves are legal or how the game
// ends, judged by the test from the rules' text, counted per pair and required; the
// positions that bring them about; and the sample of pairs -short plays.
package interpreter

import (
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/compiler"
)

// decidingCases are, by mechanism, its deciding cases: each pair with the mechanism must
// meet every one (on each core) and judge it as the rules' text says, but for the pairs
// of decidingExempt. The counters are pairRun.seen's entries "mechanism: case"
// (decidedKey).
var decidingCases = map[string][]string{
	// A pawn (no-mate: [P]) dropped with mate is legal and loses for the dropper; dropped
	// with a check that leaves an answer it is legal and the game goes on; a knight (not
	// restricted) dropped with mate is legal and wins.
	"drop-no-mate": {caseNoMateLoses, caseNoMateCheck, caseFreeMate},
	// With no-mate-illegal a pawn dropped onto the square in front of the enemy king is no
	// move when it leaves the opponent without a legal move, and a move when it leaves one;
	// a pawn mate elsewhere still loses.
	"drop-no-mate-illegal": {caseInFrontBarred, caseInFrontKept, caseNoMateLoses},
	// While a capture is legal only captures are; without one every move is.
	"must-capture": {caseCapturesOnly, caseNoCapture},
	// A move that would give check is no move.
	"may-not-give-check": {caseCheckBarred},
	// A pawn dropped onto a file holding a pawn of the dropper is no move; onto a file
	// without one it is a move.
	"one-per-file": {caseFileBarred, caseFileKept},
	// A pawn's move onto the last rank promotes (forced); within the camp a promotion is
	// offered beside the plain move (optional).
	"shogi-promotion": {caseForced, caseOptional},
	// A pawn's move onto the last rank may promote (always); a quiet move within the camp
	// short of it does not (entering); a promotion is offered beside the plain move.
	"entering-promotion": {caseAlways, caseNotEntering, caseOptional},
	// A pawn's capture onto the last rank promotes; its push there does not.
	"promotion-on-capture": {caseCapturePromotes, casePushStays},
	// A promotion to a type at its limit is no move.
	"promotion-limits": {caseAtLimit},
	// A pawn reaching a corner of the last rank promotes to a rook only, on b or g to a
	// knight or bishop only, elsewhere on the rank to any of the four (promotion.by-cell).
	"by-cell-promotion": {caseByCellNarrowed, caseByCellFull},
	// In check, a king's move to a safe square that does not take the checker is no move.
	"royal-takes-checker-only": {caseKingBarred},
	// A drop that would give check is no move.
	"drop-no-check": {caseCheckBarred},
}

// The deciding cases' names.
const (
	caseNoMateLoses     = "pawn drop mate loses"
	caseNoMateCheck     = "pawn drop check goes on"
	caseFreeMate        = "knight drop mate wins"
	caseInFrontBarred   = "drop in front leaving no move barred"
	caseInFrontKept     = "drop in front leaving a move kept"
	caseCapturesOnly    = "captures only"
	caseNoCapture       = "no capture, every move"
	caseCheckBarred     = "checking move barred"
	caseFileBarred      = "pawn drop on a pawn's file barred"
	caseFileKept        = "pawn drop on a free file kept"
	caseForced          = "promotion forced on the last rank"
	caseOptional        = "promotion optional beside the plain move"
	caseAlways          = "promotion offered on the last rank"
	caseNotEntering     = "quiet move within the camp not promoting"
	caseCapturePromotes = "capture onto the last rank promotes"
	casePushStays       = "push onto the last rank stays a pawn"
	caseAtLimit         = "promotion to a type at its limit barred"
	caseByCellNarrowed  = "promotion on a by-cell square to its types only"
	caseByCellFull      = "promotion elsewhere on the last rank to every type"
	caseKingBarred      = "king's safe move not taking the checker barred"
)

// decidedKey is the counter of pairRun.seen for the case of mechanism mech.
func decidedKey(mech, c string) string { return mech + ": " + c }

// decide counts the case of mech met and judged.
func (r *pairRun) decide(mech, c string) { r.seen[decidedKey(mech, c)]++ }

// decidingExempt are the pairs that never meet a deciding case of one of their
// mechanisms, by pair and case ("X×Y: case"), with why.
var decidingExempt = map[string]string{
	"shogi-promotion×promotion-on-capture: " + caseCapturePromotes: "judged as shogi-promotion's forced case: every move onto the last rank promotes",
	"bounce×promotion-on-capture: " + caseCapturePromotes:          "a pawn's capture bounces it on past the man it takes, off the last rank",
	"pass×drop-no-mate-illegal: " + caseInFrontBarred:              "a side not in check may pass: no drop leaves it without a move",
	"drop-no-mate-illegal×pick-up: " + caseInFrontBarred:           "a side not in check may pick up one of its men (the pawn on a7): no drop leaves it without a move",
	"may-not-give-check×entering-promotion: " + caseAlways:         "not judged: each promotion may be barred for the check it gives",
	"may-not-give-check×by-cell-promotion: " + caseByCellNarrowed:  "judged as a subset: each promotion may be barred for the check it gives",
	"may-not-give-check×by-cell-promotion: " + caseByCellFull:      "judged as a subset: each promotion may be barred for the check it gives",
	"promotion-limits×by-cell-promotion: " + caseByCellNarrowed:    "judged as a subset: a promotion to a type at its limit is barred",
	"promotion-limits×by-cell-promotion: " + caseByCellFull:        "judged as a subset: a promotion to a type at its limit is barred",
	"bounce×drop-no-mate-illegal: " + caseInFrontBarred:            "a capture bounces the capturer on: the king takes the guarded pawn in front of it and walks on",
	"bounce×drop-no-mate-illegal: " + caseNoMateLoses:              "a capture bounces the capturer on: the king takes the guarded checking pawn and walks on, so no pawn drop mates",
	"bounce×drop-no-mate: " + caseNoMateLoses:                      "a capture bounces the capturer on: the king takes the guarded checking pawn and walks on, so no pawn drop mates",
}

// deciderStarts are, by mechanism, start positions (for the pairs with that mechanism)
// where its deciding cases stand at the first move, played a few plies each. Their men
// keep the pair's goals undecided (each side keeps a rook, two pawns and at most one
// bishop), but for a start so marked, which is left out where it is decided; the black
// king's first-move leaps land on guarded squares.
var deciderStarts = map[string][]pairStart{
	"drop-no-mate":         noMateStarts,
	"drop-no-mate-illegal": noMateStarts,
	"by-cell-promotion":    byCellStarts,
}

// byCellStarts: White pawns on a7, b7 and d7, one step from a corner, a knight's cell and
// the middle of the last rank, each free to step on (a rook each, for the goals that count
// them).
var byCellStarts = []pairStart{
	{name: "by-cell pawns", board: "8/PP1P4/8/8/7k/8/7r/R3K3", side: "w", castle: "-", ep: "-", decidable: true,
		pocket: "", hostage: [2]string{"", ""}, kingless: "b", checks: "3+3"},
}

// deciderPlies is how many plies the games from deciderStarts last.
const deciderPlies = 4

var noMateStarts = []pairStart{
	// P@g7 mates (g7 guarded by h6, g8 and h7 by f6): the dropper loses. N@g6 mates too,
	// and wins. P@h7, in front of the king, leaves Black moves: kept.
	{name: "no-mate mate", board: "r6k/pp6/5N1B/8/8/8/PP6/R3K3", side: "w", castle: "-", ep: "-",
		pocket: "PN", hostage: [2]string{"", "PN"}, kingless: "w", checks: "3+3"},
	// P@h7, in front of the king (guarded by d3, g8 taken by it, the rook pinned on the
	// long diagonal, the pawns blocked, f7 and g6 guarded): Black has no move: barred.
	{name: "no-mate stalemate", board: "7k/p5r1/P3P3/2p5/2P5/3B4/8/QR2K3", side: "w", castle: "-", ep: "-",
		pocket: "PN", hostage: [2]string{"", "PN"}, kingless: "w", checks: "3+3"},
	// As the second without a black rook (decided where the extinct goals are on, and then
	// left out) and so without a capture for must-capture to prefer: g7 guarded by g1.
	{name: "no-mate stalemate, no capture", board: "7k/p7/P3P3/2p5/2P5/3B4/8/4K1R1", side: "w", castle: "-", ep: "-",
		pocket: "PN", hostage: [2]string{"", "PN"}, kingless: "w", checks: "3+3", decidable: true},
	// As the first without the bishop: P@g7+ is answered by Kxg7, the game goes on.
	{name: "no-mate check", board: "r6k/pp6/5N2/8/8/8/PP6/R3K3", side: "w", castle: "-", ep: "-",
		pocket: "PN", hostage: [2]string{"", "PN"}, kingless: "w", checks: "3+3"},
}

// checkDeciding fails the pair for each deciding case of its mechanisms never met (but
// for decidingExempt).
func (r *pairRun) checkDeciding(a, b string) {
	for _, mech := range []string{a, b} {
		for _, c := range decidingCases[mech] {
			if _, ok := decidingExempt[r.pair+": "+c]; ok || r.seen[decidedKey(mech, c)] > 0 {
				continue
			}
			r.t.Errorf("pair %s: the deciding case %q of %s never met, want it met and judged (seen %v)", r.pair, c, mech, r.seen)
		}
	}
}

// anyCapture reports whether one of the legal moves of p captures: lands on an enemy man,
// or takes one in passing or en passant.
func anyCapture(p *Position, legal []Move) bool {
	for _, m := range legal {
		if m.Kind() == KindEP || m.Kind() == KindNormal && (m.Cap1() != NoSquare || m.To() != m.From() && p.At(m.To()) != NoPiece && p.At(m.To()).Color() != p.Side()) {
			return true
		}
	}
	return false
}

// royalAttacked reports whether a king of side c stands attacked in p.
func royalAttacked(p *Position, c Color) bool {
	rs := p.Ruleset()
	for b := p.Pieces(c, rs.TypeOf('K')); b.Any(); b = b.Rest() {
		if p.Attacked(b.First(), c^1) {
			return true
		}
	}
	return false
}

// dropsJudged reports whether the legal moves of p show whether a drop is a move: no
// capture that must-capture would prefer, no facing kings that must part.
func (r *pairRun) dropsJudged(p *Position, legal []Move) bool {
	return !(r.spec.mustCapture && anyCapture(p, legal)) && !(r.spec.facing && naiveFacing(p))
}

// checkNoMateDrops judges, for no-mate: [P] (and no-mate-illegal), every pawn and knight
// drop of the side to move that gives check or lands in front of the enemy king, from the
// rules' text: a pawn dropped with mate is a move and the mated side wins; a pawn dropped
// with a check that leaves an answer is a move and the game goes on; a knight dropped with
// mate is a move and the mated side loses; with no-mate-illegal, a pawn dropped in front
// of the enemy king (the square a pawn step from it towards the dropper) is a move exactly
// when the opponent then has a legal move. A drop that leaves the dropper's own king
// attacked is no move and not judged.
func (r *pairRun) checkNoMateDrops(p *Position, legal []Move, where string) {
	rs, us := r.rs, p.Side()
	h := rs.Hands
	pawn, knight := rs.TypeOf('P'), rs.TypeOf('N')
	if !r.dropsJudged(p, legal) {
		return
	}
	mech := "drop-no-mate"
	if r.spec.noMateIllegal {
		mech = "drop-no-mate-illegal"
	}
	for _, t := range []int{pawn, knight} {
		if p.PoolCount(us, h.DropFrom, t) == 0 {
			continue
		}
		for sq := range rs.Cells {
			if p.At(sq) != NoPiece || p.Walls().Has(sq) || !rs.DropToAt(us, t).Has(sq) {
				continue
			}
			if t == pawn && r.spec.onePerFile && fileHasPawn(p, us, rs.FileOf(sq)) {
				continue
			}
			inFront := t == pawn && inFrontOfKing(p, us, sq)
			m := newDrop(sq, t)
			p.MakeProbe(m)
			own, check := royalAttacked(p, us), royalAttacked(p, us^1)
			answers := 0
			if !own && (check || inFront) {
				answers = len(p.LegalMoves(nil))
			}
			p.Unmake()
			if own || !check && !inFront {
				continue
			}
			got := slices.Contains(legal, m)
			mv := p.Coord(m)
			if inFront && r.spec.noMateIllegal {
				r.seen["drop-no-mate-illegal"]++ // a pawn drop the rule judges
				want := answers > 0
				if want {
					r.decide(mech, caseInFrontKept)
				} else {
					r.decide(mech, caseInFrontBarred)
				}
				if got != want {
					r.fail("no-mate-illegal", "%s: a pawn dropped in front of the enemy king leaving it %d legal moves: got legal %v, want %v (no-mate-illegal) %s", mv, answers, got, want, where)
				}
				continue
			}
			if !check {
				continue
			}
			if !got {
				r.fail("no-mate drop", "%s: a %c drop giving check (%d answers) is not legal, want it legal %s", mv, rs.Piece(t).Letter, answers, where)
				continue
			}
			// The outcome, judged after the drop made as a move.
			p.Make(m)
			e := p.Ended()
			o, over := e.Outcome, e.Over
			if !over && answers == 0 {
				o, _ = p.NoMoves()
				over = true
			}
			p.Unmake()
			if e.Over && e.Goal >= 0 {
				continue // a goal decided first
			}
			switch {
			case t == pawn && answers == 0:
				r.decide(mech, caseNoMateLoses)
				if !over || o != compiler.Win {
					r.fail("no-mate", "%s mates by dropping a pawn (no-mate): got over %v outcome %d for the mated side, want a win %s", mv, over, o, where)
				}
			case t == pawn:
				r.decide(mech, caseNoMateCheck)
				if over && !slices.Contains(unrelatedEnds, e.Reason) {
					r.fail("no-mate check", "%s: a pawn drop giving check with %d answers ends the game (%+v) %s", mv, answers, e, where)
				}
			case answers == 0:
				r.decide(mech, caseFreeMate)
				if !over || o != compiler.Loss {
					r.fail("free mate", "%s mates by dropping a knight (not in no-mate): got over %v outcome %d for the mated side, want a loss %s", mv, over, o, where)
				}
			}
		}
	}
}

// inFrontOfKing reports whether sq is the square in front of an enemy king for side c: a
// pawn step of c's from sq lands on it.
func inFrontOfKing(p *Position, c Color, sq Square) bool {
	rs := p.Ruleset()
	fwd := 1
	if c == compiler.Black {
		fwd = -1
	}
	ahead := rs.SquareAt(rs.FileOf(sq), rs.RankOf(sq)+fwd)
	return ahead != NoSquare && p.At(ahead) != NoPiece && p.At(ahead).Color() != c && rs.Piece(p.At(ahead).Type()).Letter == 'K'
}

// unrelatedEnds are the endings by the game's history (not by the move's effect on the
// board) that a drop may happen to bring about.
var unrelatedEnds = []string{"fifty-move rule", "counting rule", "repetition", "perpetual check"}

// fileHasPawn reports whether side c has a pawn on the file.
func fileHasPawn(p *Position, c Color, file int) bool {
	rs := p.Ruleset()
	for b := p.Pieces(c, rs.TypeOf('P')); b.Any(); b = b.Rest() {
		if rs.FileOf(b.First()) == file {
			return true
		}
	}
	return false
}

// checkOnePerFile judges the pawn drops of the side to move under one-per-file: onto a
// file holding one of its pawns no move; onto an empty square of a file without one, in
// the drop zone, that leaves its king safe (and, with drop-no-check, gives no check; with
// no-mate-illegal, is not in front of the enemy king), a move.
func (r *pairRun) checkOnePerFile(p *Position, legal []Move, where string) {
	rs, us := r.rs, p.Side()
	h, pawn := rs.Hands, rs.TypeOf('P')
	if p.PoolCount(us, h.DropFrom, pawn) == 0 {
		return
	}
	judged := r.dropsJudged(p, legal)
	barred, kept := false, false
	for sq := range rs.Cells {
		if p.At(sq) != NoPiece || p.Walls().Has(sq) || !rs.DropToAt(us, pawn).Has(sq) {
			continue
		}
		m := newDrop(sq, pawn)
		got := slices.Contains(legal, m)
		if fileHasPawn(p, us, rs.FileOf(sq)) {
			barred = true
			if got {
				r.fail("one-per-file", "%s drops a second pawn on its file (one-per-file) %s", p.Coord(m), where)
			}
			continue
		}
		if !judged {
			continue
		}
		p.MakeProbe(m)
		own, check := royalAttacked(p, us), royalAttacked(p, us^1)
		p.Unmake()
		if own || check && (r.spec.noCheckDrops || r.spec.noGiveCheck || r.spec.noMate) || r.spec.noMate && inFrontOfKing(p, us, sq) {
			continue // no-mate drops are judged by checkNoMateDrops
		}
		kept = true
		if !got {
			r.fail("one-per-file kept", "%s: a pawn drop onto a file without a pawn of %s is not legal (one-per-file) %s", p.Coord(m), sideName[us], where)
		}
	}
	if barred {
		r.decide("one-per-file", caseFileBarred)
	}
	if kept {
		r.decide("one-per-file", caseFileKept)
	}
}

// plainLegal reports whether the promotion m of p is a move without its promotion, by the
// rules' text: a pawn's move that leaves its own king safe (and, with may-give-check:
// false, gives no check).
func (r *pairRun) plainLegal(p *Position, m Move) bool {
	plain := m &^ (0x7f << 16)
	us := p.Side()
	p.MakeProbe(plain)
	ok := !royalAttacked(p, us) && !(r.spec.noGiveCheck && royalAttacked(p, us^1))
	p.Unmake()
	return ok
}

// checkByCell judges the pawns' promotions under by-cell-promotion from the rules' text:
// onto a1/h1 (a8/h8 for White) the promoted types are a rook's alone, onto b and g a
// knight's or bishop's, onto the rest of the last rank any of Q, R, B, N (each type at
// most once); without limits, every one of those is offered when one is.
func (r *pairRun) checkByCell(p *Position, legal []Move, where string) {
	rs, us := r.rs, p.Side()
	offered := map[Move][]byte{} // the plain move: its promotions' letters
	for _, m := range legal {
		if m.Kind() != KindNormal || m.Promotion() < 0 || rs.Piece(p.At(m.From()).Type()).Letter != 'P' {
			continue
		}
		plain := m &^ (0x7f << 16)
		offered[plain] = append(offered[plain], rs.Piece(m.Promotion()).Letter)
	}
	for m, letters := range offered {
		to := m.To()
		if (rs.Capture != compiler.EffectReplace || rs.Explode) && p.At(to) != NoPiece {
			continue // a capture effect may land the pawn elsewhere
		}
		if relRank(rs, us, to) != rs.Ranks-1 {
			continue
		}
		want := "BNQR"
		c := "full"
		switch rs.FileOf(to) {
		case 0, 7:
			want, c = "R", "narrowed"
		case 1, 6:
			want, c = "BN", "narrowed"
		}
		slices.Sort(letters)
		got := string(letters)
		r.seen["by-cell-promotion"]++
		if r.spec.limits || r.spec.noGiveCheck {
			// Limits, or the check a promotion would give, may bar some: what is offered is
			// a subset of the cell's types.
			for _, l := range got {
				if !strings.ContainsRune(want, l) {
					r.fail("by-cell", "%s offers a promotion to %c, not among %s for its cell %s", p.Coord(m), l, want, where)
				}
			}
			continue
		}
		if c == "narrowed" {
			r.decide("by-cell-promotion", caseByCellNarrowed)
		} else {
			r.decide("by-cell-promotion", caseByCellFull)
		}
		if got != want {
			r.fail("by-cell", "%s promotes to %s, want %s for its cell %s", p.Coord(m), got, want, where)
		}
	}
}

// relRank is the rank of sq counted from side c's first rank (0).
func relRank(rs *compiler.Ruleset, c Color, sq Square) int {
	if c == compiler.White {
		return rs.RankOf(sq)
	}
	return rs.Ranks - 1 - rs.RankOf(sq)
}

// checkPromotionRule judges the pawns' moves under shogi-promotion (zone ranks 6-7,
// optional, on leaving too, forced on the last rank) and entering-promotion (zone ranks
// 6-8, optional, on entering it or capturing in it, and always on the last rank), from
// the rules' text: with shogi's, every move onto the last rank promotes; with entering,
// every plain move onto the last rank has a promoting twin, and a quiet move from the zone
// to the zone short of the last rank does not promote; with both, a move that promotes has
// its plain twin, where that is a move.
func (r *pairRun) checkPromotionRule(p *Position, legal []Move, where string) {
	rs, us := r.rs, p.Side()
	mech := "shogi-promotion"
	if r.spec.entering {
		mech = "entering-promotion"
	}
	last := rs.Ranks - 1
	for _, m := range legal {
		if m.Kind() != KindNormal || rs.Piece(p.At(m.From()).Type()).Letter != 'P' || m.To() == m.From() {
			continue
		}
		if rs.Capture == compiler.EffectBounce && p.At(m.To()) != NoPiece {
			continue // a bounce lands the pawn further on
		}
		from, to := relRank(rs, us, m.From()), relRank(rs, us, m.To())
		quiet := p.At(m.To()) == NoPiece && m.Cap1() == NoSquare
		switch {
		case r.spec.shogiPromo && to == last && r.spec.onCapture && quiet:
			// (forced binds captures only where only captures promote: judged as
			// promotion-on-capture's push, which stays a pawn.)
			continue
		case r.spec.shogiPromo && to == last:
			r.decide(mech, caseForced)
			if m.Promotion() < 0 {
				r.fail("forced", "%s: a pawn's move onto the last rank without promoting (%s) %s", p.Coord(m), mech, where)
			}
			continue
		case r.spec.entering && to == last && m.Promotion() < 0 && !r.spec.noGiveCheck:
			r.decide(mech, caseAlways)
			if !slices.ContainsFunc(legal, func(x Move) bool { return x&^(0x7f<<16) == m && x.Promotion() >= 0 }) {
				r.fail("always", "%s: a pawn's move onto the last rank with no promoting twin (always: last-rank) %s", p.Coord(m), where)
			}
		case r.spec.entering && quiet && from >= 5 && to >= 5 && to < last:
			r.decide(mech, caseNotEntering)
			if m.Promotion() >= 0 {
				r.fail("entering", "%s: a quiet pawn move within the camp promotes (entering) %s", p.Coord(m), where)
			}
		}
		if m.Promotion() >= 0 && !(r.spec.shogiPromo && to == last) && r.plainLegal(p, m) {
			r.decide(mech, caseOptional)
			if !slices.Contains(legal, m&^(0x7f<<16)) {
				r.fail("optional", "%s promotes short of a forced promotion, and the same move unpromoted is not legal (optional, %s) %s", p.Coord(m), mech, where)
			}
		}
	}
}

// sampleSeed is the seed of the samples -short tests take (the pairs of the matrix, the
// variants and starts of other sweeps): CHIMERA_SAMPLE_SEED when set (a number; "rotate"
// takes one from the clock, logged to replay it), else 46.
func sampleSeed(t testing.TB) int64 {
	switch v := os.Getenv("CHIMERA_SAMPLE_SEED"); v {
	case "":
		return 46
	case "rotate":
		return rotatedSeed()
	default:
		seed, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("CHIMERA_SAMPLE_SEED=%q: want a number or rotate", v)
		}
		return seed
	}
}

// rotatedSeed is the seed "rotate" takes, once a run, written to the standard error.
var rotatedSeed = sync.OnceValue(func() int64 {
	seed := time.Now().UnixNano() % 1e9
	fmt.Fprintf(os.Stderr, "CHIMERA_SAMPLE_SEED=rotate: took %d (CHIMERA_SAMPLE_SEED=%d replays the sample)\n", seed, seed)
	return seed
})

// samplePairsPer is how many pairs of the sample each mechanism is in, at least.
const samplePairsPer = 3

// samplePairs picks the pairs -short plays: the pairs in an order shuffled by seed, each
// taken while one of its mechanisms is in fewer than samplePairsPer pairs taken, or one of
// its deciding cases is required (not exempt) by no pair taken yet. So every mechanism is
// played, in samplePairsPer pairs at least, and every deciding case is required.
func samplePairs(all []mechanismPair, seed int64) []mechanismPair {
	order := slices.Clone(all)
	rand.New(rand.NewSource(seed)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	in := map[string]int{}
	required := map[string]bool{}
	var out []mechanismPair
	for _, pair := range order {
		take := in[pair.a] < samplePairsPer || in[pair.b] < samplePairsPer
		for _, mech := range []string{pair.a, pair.b} {
			for _, c := range decidingCases[mech] {
				if _, ex := decidingExempt[pair.name+": "+c]; !ex && !required[decidedKey(mech, c)] {
					take = true
				}
			}
		}
		if !take {
			continue
		}
		out = append(out, pair)
		in[pair.a]++
		in[pair.b]++
		for _, mech := range []string{pair.a, pair.b} {
			for _, c := range decidingCases[mech] {
				if _, ex := decidingExempt[pair.name+": "+c]; !ex {
					required[decidedKey(mech, c)] = true
				}
			}
		}
	}
	// In the order of their names (a pair's seed does not depend on the order).
	slices.SortFunc(out, func(x, y mechanismPair) int { return strings.Compare(x.name, y.name) })
	return out
}

// TestPairSampleCovers: the sample -short plays has every mechanism in samplePairsPer
// pairs or more, every deciding case required by a pair of it, and is a small part of
// the matrix; every mechanism named by decidingCases and deciderStarts is one of the
// matrix, and every exemption names a pair of the matrix and a case of one of its
// mechanisms.
func TestPairSampleCovers(t *testing.T) {
	all := mechanismPairs()
	byName := map[string]mechanismPair{}
	for _, p := range all {
		byName[p.name] = p
	}
	for key, why := range decidingExempt {
		name, c, ok := strings.Cut(key, ": ")
		p, found := byName[name]
		if !ok || !found || !slices.Contains(decidingCases[p.a], c) && !slices.Contains(decidingCases[p.b], c) {
			t.Errorf("decidingExempt %q (%s): want a pair of the matrix and a deciding case of one of its mechanisms", key, why)
		}
	}
	mechs := map[string]bool{}
	for _, m := range pairMechanisms {
		mechs[m.name] = true
	}
	for mech := range decidingCases {
		if !mechs[mech] {
			t.Errorf("decidingCases: %q is no mechanism of the matrix", mech)
		}
	}
	for mech := range deciderStarts {
		if !mechs[mech] {
			t.Errorf("deciderStarts: %q is no mechanism of the matrix", mech)
		}
	}
	for _, seed := range []int64{46, 1, 2, 3} {
		sample := samplePairs(all, seed)
		in := map[string]int{}
		required := map[string]bool{}
		for _, p := range sample {
			in[p.a]++
			in[p.b]++
			for _, mech := range []string{p.a, p.b} {
				for _, c := range decidingCases[mech] {
					if _, ex := decidingExempt[p.name+": "+c]; !ex {
						required[decidedKey(mech, c)] = true
					}
				}
			}
		}
		for _, m := range pairMechanisms {
			if in[m.name] < samplePairsPer {
				t.Errorf("seed %d: mechanism %s in %d pairs of the sample, want %d or more", seed, m.name, in[m.name], samplePairsPer)
			}
			for _, c := range decidingCases[m.name] {
				if !required[decidedKey(m.name, c)] {
					t.Errorf("seed %d: the deciding case %q of %s required by no pair of the sample", seed, c, m.name)
				}
			}
		}
		if len(sample) > len(all)/4 {
			t.Errorf("seed %d: sample of %d pairs of %d, want at most a quarter", seed, len(sample), len(all))
		}
		t.Logf("seed %d: %d pairs of %d", seed, len(sample), len(all))
	}
}

// wantCells is the core fromFENOn puts rs on.
func wantCells(rs *compiler.Ruleset, wide bool) int {
	switch {
	case wide:
		return compiler.MaxCells256
	case rs.Narrow != nil:
		return compiler.MaxCells64
	case rs.Mid != nil:
		return compiler.MaxCells128
	}
	return compiler.MaxCells256
}

// setShifting switches p's use of the types' shift plans (the position's own switch,
// which noShifts overrides for every position): off, every man's moves are generated
// alone. It returns the switch as it was.
func setShifting(p *Position, on bool) bool {
	var was bool
	switch {
	case p.n != nil:
		was, p.n.shifting = p.n.shifting, on
	case p.m != nil:
		was, p.m.shifting = p.m.shifting, on
	default:
		was, p.w.shifting = p.w.shifting, on
	}
	return was
}
