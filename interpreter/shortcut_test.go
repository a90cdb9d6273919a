// The legality shortcuts (pins and evasions, checkRelevance, keepers) must keep exactly the
// moves that plain make/test/unmake keeps, on every built-in variant and on synthetic
// definitions that combine every mechanism (testdata/synthetic).
package interpreter

import (
	"math/rand"
	"sort"
	"testing"

	"chimera/compiler"
)

// plainLegal filters pseudo-legal moves by make/test/unmake alone.
func plainLegal(p *Position) []Move {
	var out []Move
	c := p.core()
	if c.endedCode() != 0 {
		return out
	}
	us := p.Side()
	for _, m := range c.genPseudo(nil) {
		// Legality is judged before a gated man enters (it never blocks a check on its
		// own side): the move is played without its gating.
		base := m
		if !m.IsDrop() {
			base &^= gateMask
		}
		// Under a crossing rule a royal man's move (castling too) is also judged on the
		// board it leaves: its landing cell there must not be attacked.
		rs := p.Ruleset()
		royalMove := rs.Crossing && rs.Check == compiler.CheckRoyalAttacked && (m.Kind() == KindNormal || m.Kind() == KindCastle) && rs.RoyalTypes>>uint(p.At(m.From()).Type())&1 != 0
		p.Make(base)
		if !c.lostRoyal() && (p.Ruleset().Check == compiler.CheckNone || !c.sideInCheck(us)) &&
			!(p.Ruleset().NoGivingCheck && c.sideInCheck(us^1)) && !(royalMove && p.Attacked(m.To(), us^1)) {
			out = append(out, m)
		}
		p.Unmake()
	}
	if rs := p.Ruleset(); rs.FacingRoyals || rs.Pass {
		// Facing royals: while they face, only moves that part them; a pass (the royal
		// onto its own square) when not in check, or in check while they face.
		facing := rs.FacingRoyals && naiveFacing(p)
		if facing {
			var kept []Move
			for _, m := range out {
				p.Make(m)
				if !naiveFacing(p) {
					kept = append(kept, m)
				}
				p.Unmake()
			}
			out = kept
		}
		if rs.Pass {
			// The pass is written as the first royal man's move onto its own square; a side
			// without one, where there is no check, passes with its first man. With
			// only-without-moves it is legal only when no other move is.
			passer := NoSquare
			for sq := range rs.Cells {
				if pc := p.At(Square(sq)); pc != NoPiece && pc.Color() == us && rs.RoyalTypes>>uint(pc.Type())&1 != 0 {
					passer = Square(sq)
					break
				}
			}
			if passer == NoSquare && rs.Check == compiler.CheckNone {
				for sq := range rs.Cells {
					if pc := p.At(Square(sq)); pc != NoPiece && pc.Color() == us {
						passer = Square(sq)
						break
					}
				}
			}
			if passer != NoSquare && !(rs.PassAlone && len(out) > 0) {
				pass := newMove(passer, passer).withKind(KindPass)
				p.Make(pass)
				checked := rs.Check != compiler.CheckNone && c.sideInCheck(us)
				p.Unmake()
				if facing || rs.PassInCheck || !checked {
					out = append(out, pass)
				}
			}
		}
	}
	if h := p.Ruleset().Hands; h != nil && h.NoMateIllegal {
		// A no-mate drop onto the square in front of an enemy royal that leaves the
		// opponent without a legal move is no move.
		rs := p.Ruleset()
		fwd := 1
		if us == compiler.Black {
			fwd = -1
		}
		var kept []Move
		for _, m := range out {
			if m.IsDrop() && h.NoMate>>uint(m.Dropped())&1 != 0 {
				if a := rs.SquareAt(rs.FileOf(m.To()), rs.RankOf(m.To())+fwd); a != NoSquare && p.At(a) != NoPiece &&
					p.At(a).Color() != us && rs.RoyalTypes>>uint(p.At(a).Type())&1 != 0 {
					c.makeProbe(m) // judged without the goals: a check that wins is still answered
					stuck := len(p.LegalMoves(nil)) == 0
					p.Unmake()
					if stuck {
						continue
					}
				}
			}
			kept = append(kept, m)
		}
		out = kept
	}
	if rs := p.Ruleset(); rs.RoyalTakesCheckerOnly && c.sideInCheck(us) {
		// In check, a royal man may only move to take the one man giving check.
		var king Square = NoSquare
		for sq := range rs.Cells {
			if pc := p.At(Square(sq)); pc != NoPiece && pc.Color() == us && rs.RoyalTypes>>uint(pc.Type())&1 != 0 {
				king = Square(sq)
			}
		}
		checkers := p.Attackers(king, us^1)
		var kept []Move
		for _, m := range out {
			if m.IsDrop() || p.At(m.From()) == NoPiece || rs.RoyalTypes>>uint(p.At(m.From()).Type())&1 == 0 ||
				checkers.Count() == 1 && checkers.Has(m.To()) {
				kept = append(kept, m)
			}
		}
		out = kept
	}
	if p.Ruleset().MustCapture {
		// Compulsory capture: a capture is a move after which the opponent has fewer men.
		men := func() int { return p.core().menOf(us ^ 1) }
		before := men()
		var caps []Move
		for _, m := range out {
			p.Make(m)
			if men() < before {
				caps = append(caps, m)
			}
			p.Unmake()
		}
		if len(caps) > 0 {
			out = caps
		}
	}
	if h := p.Ruleset().Hands; h != nil && h.MustDrop != 0 {
		// Must-drop: while the side holds a must-drop type, only those types may be
		// dropped, and when one can be, nothing else may be played.
		rs := p.Ruleset()
		held := false
		for t := range rs.NumPieces() {
			held = held || h.MustDrop>>uint(t)&1 != 0 && p.PoolCount(us, h.DropFrom, t) > 0
		}
		if held {
			var drops, others []Move
			for _, m := range out {
				switch {
				case m.IsDrop() && h.MustDrop>>uint(m.Dropped())&1 != 0:
					drops = append(drops, m)
				case !m.IsDrop():
					others = append(others, m)
				}
			}
			out = others
			if len(drops) > 0 {
				out = drops
			}
		}
	}
	return out
}

// naiveFacing reports whether a royal man of each side stand on one rank or file with only
// empty squares between (no man, no wall), looking at every pair of squares.
func naiveFacing(p *Position) bool {
	rs := p.Ruleset()
	royal := func(sq int, c Color) bool {
		pc := p.At(Square(sq))
		return pc != NoPiece && pc.Color() == c && rs.RoyalTypes>>uint(pc.Type())&1 != 0
	}
	for a := range rs.Cells {
		for b := range rs.Cells {
			if !royal(a, compiler.White) || !royal(b, compiler.Black) {
				continue
			}
			fa, ra, fb, rb := rs.FileOf(Square(a)), rs.RankOf(Square(a)), rs.FileOf(Square(b)), rs.RankOf(Square(b))
			if fa != fb && ra != rb {
				continue
			}
			open := true
			for sq := range rs.Cells {
				f, r := rs.FileOf(Square(sq)), rs.RankOf(Square(sq))
				between := fa == fb && f == fa && r > min(ra, rb) && r < max(ra, rb) ||
					ra == rb && r == ra && f > min(fa, fb) && f < max(fa, fb)
				if between && (p.At(Square(sq)) != NoPiece || p.Walls().Has(Square(sq))) { // a wall blocks the line as a man does
					open = false
				}
			}
			if open {
				return true
			}
		}
	}
	return false
}

func sortedMoves(ms []Move) []Move {
	s := append([]Move(nil), ms...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

func TestShortcutsAgreeWithMakeTestUnmake(t *testing.T) {
	bothCores(t, testShortcutsAgreeWithMakeTestUnmake)
}

func testShortcutsAgreeWithMakeTestUnmake(t *testing.T) {
	playouts, plies := 40, 60
	if testing.Short() {
		playouts, plies = 12, 40
	}
	names := allDefinitions(t)
	shareOut(t, len(names), func(t *testing.T, i int) {
		name := names[i]
		rs, err := openShared(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rng := rand.New(rand.NewSource(7))
		checked := 0
		for g := 0; g < playouts; g++ {
			setup := rs.SetupAt(g % rs.NumSetups()).Name
			p, err := Start(rs, setup)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for ply := 0; ply < plies; ply++ {
				got := sortedMoves(p.MenMoves(nil)) // a turn's wall comes after the move's legality
				want := sortedMoves(plainLegal(p))
				checked++
				if len(got) != len(want) {
					t.Fatalf("%s %s: got %d legal moves want %d", name, p.FEN(), len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s %s: move #%d got %s want %s", name, p.FEN(), i, p.Coord(got[i]), p.Coord(want[i]))
					}
				}
				if len(got) == 0 {
					break
				}
				p.Make(got[rng.Intn(len(got))])
			}
		}
		if checked < playouts {
			t.Errorf("%s: only %d positions checked", name, checked)
		}
	})
}

// With castling.unattacked: false a king may castle out of check: the pins-and-evasions
// shortcut, which skipped castling whenever the royal was in check, must give the moves
// make/test/unmake gives (it left out e1g1 before the fix).
func TestPinsShortcutCastlesOutOfCheckWhenUnguarded(t *testing.T) {
	bothCores(t, testPinsShortcutCastlesOutOfCheckWhenUnguarded)
}

func testPinsShortcutCastlesOutOfCheckWhenUnguarded(t *testing.T) {
	rs, err := Open("../testdata/synthetic/unguarded-castle.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !rs.Allows(compiler.ShortcutPins) {
		t.Fatal("unguarded-castle: expected the pins shortcut")
	}
	for _, fen := range []string{
		"4r1k1/8/8/8/8/8/8/4K2R w K - 0 1",  // check
		"k3r3/8/8/8/8/3n4/8/4K2R w K - 0 1", // double check
	} {
		p, err := FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		got, want := sortedMoves(p.LegalMoves(nil)), sortedMoves(plainLegal(p))
		castles := 0
		for _, m := range got {
			if m.Kind() == KindCastle {
				castles++
			}
		}
		if len(got) != len(want) || castles != 1 {
			t.Errorf("%s: %d legal moves (%d castlings), make/test/unmake gives %d", fen, len(got), castles, len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: move #%d %s, make/test/unmake %s", fen, i, p.Coord(got[i]), p.Coord(want[i]))
			}
		}
	}
}
