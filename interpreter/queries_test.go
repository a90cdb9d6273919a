// The search queries checked on random playouts of every built-in and synthetic definition:
// captures + quiets = legal moves, IsCapture against the board, Attackers against attack
// probes and pseudo-legal captures, IsLegal against the legal move list, Ended and NoMoves
// against Result.
package interpreter

import (
	"fmt"
	"math/rand"
	"testing"

	"chimera/compiler"
)

func TestSearchQueries(t *testing.T) {
	bothCores(t, testSearchQueries)
}

func testSearchQueries(t *testing.T) {
	// In -short mode: two playouts of 60 plies, each definition on one of the two cores
	// (alternating).
	playouts, plies := 6, 80
	if testing.Short() {
		playouts, plies = 2, 60
	}
	names := allDefinitions(t)
	shareOut(t, len(names), func(t *testing.T, di int) {
		name := names[di]
		if !OnThisCore(t, di) {
			return
		}
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Attacks are captures ignoring where a piece may land, immunity, whether a
		// promotion finds its piece in a pool (a pawn on the seventh attacks the eighth),
		// the trading rules (a lion attacks a guarded lion it may not take), and the
		// attacked cells a royal man may not ride through (it attacks beyond them); a burner
		// attacks the men around the cells it may stop on, which it does not capture by
		// landing.
		exact := !rs.Uses(compiler.Mechs(compiler.MechRestrictedLanding, compiler.MechImmune, compiler.MechPoolPromotion,
			compiler.MechGuardedTrade, compiler.MechCounterstrike, compiler.MechProtectedTrade, compiler.MechNoRetaliation, compiler.MechBurn, compiler.MechRidesUnattacked))
		rng := rand.New(rand.NewSource(5))
		var elsewhere []Move // moves legal in other positions: mostly illegal here
		counts := [3]int{}
		for g := 0; g < playouts; g++ {
			p, err := Start(rs, rs.SetupAt(g%rs.NumSetups()).Name)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < plies; ply++ {
				where := fmt.Sprintf("%s %s", name, p.FEN())
				legal := p.LegalMoves(nil)
				if n := p.MoveCount(nil); n != len(legal) {
					t.Fatalf("%s: MoveCount %d, %d legal moves", where, n, len(legal))
				}
				checkSplit(t, p, legal, where)
				checkShiftsPromote(t, p, legal, where)
				checkAttackers(t, p, exact, where)
				checkIsLegal(t, p, legal, elsewhere, where)
				e := p.Ended()
				r := p.Result()
				switch {
				case len(legal) == 0 && p.core().endedCode() == 0:
					o, reason := p.NoMoves()
					if want := outcomeResult(p.Side(), o, reason); r != want {
						t.Fatalf("%s: no moves: Result %+v, NoMoves gives %+v", where, r, want)
					}
					counts[0]++
				case e.Over:
					if r.Reason != e.Reason || (p.core().endedCode() != 0) != (len(legal) == 0) {
						t.Fatalf("%s: Ended %+v, Result %+v, %d legal moves", where, e, r, len(legal))
					}
					counts[1]++
				default:
					if r != Ongoing {
						t.Fatalf("%s: Ended says the game goes on, Result %+v", where, r)
					}
					counts[2]++
				}
				if len(legal) == 0 {
					break
				}
				elsewhere = append(elsewhere[:0], legal...)
				p.Make(legal[rng.Intn(len(legal))])
			}
		}
		t.Logf("%s: positions without moves %d, ended %d, going on %d", name, counts[0], counts[1], counts[2])
	})
}

// checkSplit: captures and quiets partition the legal moves, and IsCapture agrees with
// what the move does to the board.
// checkShiftsPromote checks compiler.PieceType.ShiftsPromote against the moves: every
// promotion by a man of a type with a shift plan starts where that set says a shift may
// promote from (perft's leaves count the moves of men elsewhere without looking at
// promotions: countShifts). Rules under which a move promotes outside the zone (leaving
// or entering promotion, capture effects) or where it stands are left out, as
// countShifts leaves them.
func checkShiftsPromote(t *testing.T, p *Position, legal []Move, where string) {
	t.Helper()
	rs := p.Ruleset()
	if rs.Uses(compiler.Mechs(compiler.MechLeavingPromotion, compiler.MechEnteringPromotion, compiler.MechInPlacePromotion, compiler.MechByCellPromotion)) || rs.CaptureEffects {
		return
	}
	for _, m := range legal {
		if m.IsDrop() || m.Kind() != KindNormal || m.Promotion() < 0 {
			continue
		}
		pt := rs.Piece(p.At(m.From()).Type())
		if pt.ShiftsOf(p.Side()).Len() > 0 && !pt.ShiftsPromote[p.Side()].Has(m.From()) {
			t.Fatalf("%s: %s promotes from a cell outside its type's ShiftsPromote", where, p.SAN(m))
		}
	}
}

func checkSplit(t *testing.T, p *Position, legal []Move, where string) {
	t.Helper()
	caps, quiets := p.CaptureMoves(nil), p.QuietMoves(nil)
	if len(caps)+len(quiets) != len(legal) {
		t.Fatalf("%s: %d captures + %d quiets, %d legal moves", where, len(caps), len(quiets), len(legal))
	}
	inCaps := map[Move]bool{}
	for _, m := range caps {
		inCaps[m] = true
	}
	for _, m := range quiets {
		if inCaps[m] {
			t.Fatalf("%s: %s is both a capture and a quiet move", where, p.Coord(m))
		}
		inCaps[m] = true
	}
	for _, m := range legal {
		if !inCaps[m] {
			t.Fatalf("%s: legal move %s is neither a capture nor a quiet move", where, p.Coord(m))
		}
		enemy := p.Side() ^ 1 // (after the move, the mover may still be to move: turns)
		them, all := p.core().menOf(enemy), p.core().menOf(0)+p.core().menOf(1)
		// With capture effects (a bounce) a capture may leave the captured piece standing.
		// (A path that stops and returns ends on its origin: the mover is no victim.)
		onto := p.Ruleset().CaptureEffects && m.Kind() == KindNormal && m.To() != m.From() && p.At(m.To()) != NoPiece
		p.Make(m)
		removes := p.core().menOf(enemy) < them
		if p.Ruleset().FlipAdjacent || p.Ruleset().FlipFlanked {
			// Men turned are not taken: a capture is a man that leaves the board.
			removes = p.core().menOf(0)+p.core().menOf(1) < all
		}
		p.Unmake()
		// A man dropped as its promoted type (drops.promoted) is a drop, not a promotion.
		if want := removes || onto || m.Promotion() >= 0 && !m.IsDrop(); p.IsCapture(m) != want {
			t.Fatalf("%s: IsCapture(%s) = %v; it removes an enemy piece: %v", where, p.Coord(m), !want, removes)
		}
	}
}

// checkAttackers compares Attackers with the attack probe on every square, and with the
// origins of pseudo-legal captures when it is the attacker's turn. A piece held by an
// immobile status that is not harmless attacks (it gives check) but cannot capture now, so
// the comparison leaves such pieces out.
func checkAttackers(t *testing.T, p *Position, exact bool, where string) {
	t.Helper()
	var held Bitboard
	if st := p.Ruleset().Status; st != nil && st.Immobile && !st.Harmless {
		held = snap(p).statused
	}
	capturers := map[Square]Bitboard{}
	for _, m := range p.core().genPseudo(nil) {
		if m.Kind() != KindNormal {
			continue
		}
		for _, c := range []Square{m.Cap1(), m.Cap2()} {
			if c != NoSquare {
				capturers[c] = capturers[c].With(m.From())
			}
		}
		if p.At(m.To()) != NoPiece {
			capturers[m.To()] = capturers[m.To()].With(m.From())
		}
	}
	rs := p.Ruleset()
	byColor := snap(p).byColor
	for sq := 0; sq < rs.Cells; sq++ {
		if !rs.Squares.Has(sq) {
			continue
		}
		for by := 0; by < 2; by++ {
			a := p.Attackers(sq, by)
			if a.AndNot(byColor[by]).Any() {
				t.Fatalf("%s: attackers of %s by %d include squares without its pieces: %v", where, rs.SquareName(sq), by, a)
			}
			pc := p.At(sq)
			// Attacked assumes a royal piece on sq (it answers check); Attackers counts
			// capture-royal atoms only when one is there.
			royalThere := pc != NoPiece && pc.Color() != by && rs.RoyalTypes>>uint(pc.Type())&1 != 0
			sameQuestion := royalThere || !rs.Uses(compiler.MechCaptureRoyal)
			if attacked := p.Attacked(sq, by); a.Any() != attacked && (sameQuestion || a.Any()) {
				t.Fatalf("%s: Attackers(%s, %d) = %v but Attacked says %v", where, rs.SquareName(sq), by, a, attacked)
			}
			if by != p.Side() || pc == NoPiece || pc.Color() == by {
				continue
			}
			if got := capturers[sq]; got.AndNot(a).Any() || exact && got != a.AndNot(held) {
				t.Fatalf("%s: attackers of %s: %v; pseudo-legal captures come from %v", where, rs.SquareName(sq), a, got)
			}
		}
	}
}

// checkIsLegal: IsLegal accepts exactly the legal moves, among them, the pseudo-legal ones
// and moves taken from another position.
func checkIsLegal(t *testing.T, p *Position, legal, elsewhere []Move, where string) {
	t.Helper()
	isLegal := map[Move]bool{}
	for _, m := range legal {
		isLegal[m] = true
	}
	candidates := append(append(append([]Move(nil), legal...), p.core().genPseudo(nil)...), elsewhere...)
	candidates = append(candidates, NoMove, newMove(0, 0).withKind(KindNull))
	for _, m := range candidates {
		if got := p.IsLegal(m); got != isLegal[m] {
			t.Fatalf("%s: IsLegal(%s) = %v, want %v", where, p.Coord(m), got, isLegal[m])
		}
	}
}

// TestQueryEdgeCases: the cases a review found (each failed before its fix).
func TestQueryEdgeCases(t *testing.T) { bothCores(t, testQueryEdgeCases) }

func testQueryEdgeCases(t *testing.T) {
	chess, _ := Open("chess")
	// Repetition does not count positions before a null move: passes are not the game's.
	p, _ := Start(chess, "")
	for i := 0; i < 2; i++ {
		for _, mv := range []string{"", "Nf6", "", "Ng8"} {
			if mv == "" {
				p.MakeNull()
				continue
			}
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
	}
	if n := p.Repetitions(); n != 1 || p.Ended().Over {
		t.Errorf("after passes and knight moves: %d repetitions, ended %+v; want 1, going on", n, p.Ended())
	}
	// On the fifty-move limit, checkmate takes precedence: Ended leaves it to NoMoves.
	p, err := FromFEN(chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 100 80")
	if err != nil {
		t.Fatal(err)
	}
	if e := p.Ended(); e.Over {
		t.Errorf("mate on the 100th half-move: Ended %+v", e)
	}
	if r := p.Result(); r.Score != "1-0" || r.Reason != "checkmate" {
		t.Errorf("mate on the 100th half-move: Result %+v", r)
	}
	p, _ = FromFEN(chess, "7k/8/5Q1K/8/8/8/8/8 b - - 100 80")
	if e := p.Ended(); !e.Over || e.Reason != "fifty-move rule" {
		t.Errorf("fifty moves with a legal move left: Ended %+v", e)
	}
	// A capture-royal ride (the flying general) attacks only a royal piece.
	mx, err := Open("minixiangqi")
	if err != nil {
		t.Fatal(err)
	}
	p, err = FromFEN(mx, "3k3/7/7/2r4/7/2K4/7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	c2, _ := mx.ParseSquare("c2")
	c4, _ := mx.ParseSquare("c4")
	if a := p.Attackers(c4, compiler.White); a.Has(c2) {
		t.Errorf("minixiangqi: the general on c2 counted as attacking the rook on c4")
	}
	// A null move from a decided game keeps it decided, told from the other side.
	koth, _ := Open("kingofthehill")
	p, _ = Start(koth, "")
	for _, mv := range []string{"e4", "d5", "Ke2", "Kd7", "Ke3", "Kd6", "exd5", "Kc5", "Ke4"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		p.Make(m)
	}
	e := p.Ended()
	if !e.Over || e.Outcome != compiler.Loss {
		t.Fatalf("king of the hill: after Ke4 Ended %+v", e)
	}
	h := p.Hash()
	p.MakeNull()
	if e2 := p.Ended(); !e2.Over || e2.Outcome != compiler.Win || p.Hash() != p.core().computeHash() || len(p.LegalMoves(nil)) != 0 {
		t.Errorf("null move after the game ended: Ended %+v, %d legal moves", e2, len(p.LegalMoves(nil)))
	}
	p.Unmake()
	if p.Hash() != h || p.Ended() != e {
		t.Errorf("unmaking the null move: hash %x want %x, Ended %+v", p.Hash(), h, p.Ended())
	}
}
