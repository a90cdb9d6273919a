package interpreter

import "testing"

// TestSelfCaptureIntoOwnPool: over crazyhouse with capture.own, a man taken by its own side
// goes into that side's pocket (a promoted queen as a pawn), from which it is dropped again.
func TestSelfCaptureIntoOwnPool(t *testing.T) {
	src := "extends: crazyhouse\nname: crazy-own\ncapture: {own: true}\n"
	checkEffectGame(t, src, "3r3k/8/8/8/8/8/7K/R2Q~4[] w - - 0 1", "Rxd1", "3r3k/8/8/8/8/8/7K/3R4[P] b - - 0 1")
	checkEffectGame(t, src, "3r3k/8/8/8/8/8/7K/R2Q~4[] w - - 0 1", "Rxd1 Kg7 P@e4", "3r4/6k1/8/8/4P3/8/7K/3R4[] b - - 0 2")
}

// TestSelfCaptureNeverTakesRoyal: under capture.own a king is taken by neither side, and a
// man shielding its king may be taken only by a man that lands in its stead.
func TestSelfCaptureNeverTakesRoyal(t *testing.T) {
	rs, err := Open("capture-anything")
	if err != nil {
		t.Fatal(err)
	}
	bothCores(t, func(t *testing.T) {
		p, err := FromFEN(rs, "4k3/8/8/4q3/8/8/3QB3/3RK3 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"Rxe1", "Qxe1", "Bxd1", "Kxe2"} {
			if _, err := p.ParseMove(s); err == nil {
				t.Errorf("%s is legal; want illegal (a king taken, or the shield of the king gone)", s)
			}
		}
		for _, s := range []string{"Qxe2", "Rxd2", "Kxd2", "Kxd1"} {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Errorf("%s: %v; want legal", s, err)
				continue
			}
			if !p.IsLegal(m) {
				t.Errorf("%s: IsLegal false; want true", s)
			}
		}
	})
}

// TestSelfCaptureEndsAPathThatTookTheKing: a path that takes a man on its way may end on
// one of the mover's own men under capture.own, so it attacks what it takes on the way:
// here the knight's double step b6-a5-a4 (a lion's, the pair matrix's path-stop) takes the
// king on a5 and ends on its own pawn. The attack walk once refused that last cell, and a
// king left so could be taken (found by the pair matrix's path-stop×self-capture).
func TestSelfCaptureEndsAPathThatTookTheKing(t *testing.T) {
	rs := buildPairSpec(t, "path-stop×self-capture", &pairSpec{pathStop: true, selfCapture: true})
	for _, wide := range []bool{false, true} {
		p, err := fromFENOn(rs, "5r2/8/1N6/k7/P7/8/1K6/8 b - - 0 1", wide)
		if err != nil {
			t.Fatal(err)
		}
		if !p.InCheck() {
			t.Errorf("wide %v: Black's king on a5 is not in check from the knight's b6-a5-a4", wide)
		}
		p.Make(p.LegalMoves(nil)[0])
		for _, m := range p.LegalMoves(nil) {
			if m.Cap1() != NoSquare && p.At(m.Cap1()).Type() == rs.TypeOf('K') {
				t.Errorf("wide %v: after %s White may take the king on the way (%s)", wide, p.FEN(), p.Coord(m))
			}
		}
	}
}
