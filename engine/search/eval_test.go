// Evaluation tests: king safety, on positions equal in everything else by symmetry.
package search

import (
	"testing"

	"chimera/interpreter"
)

// A king whose zone two pieces attack scores worse than the same king, on the mirrored
// file, out of their reach: material and square tables are equal by the mirror, so the
// difference is the king-safety term alone. Without check rules the term is off.
func TestKingSafety(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	e := newEvaluator(rs)
	eval := func(fen string) int {
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatal(err)
		}
		return e.evaluate(p)
	}
	attacked := eval("6k1/5ppp/8/7Q/8/8/5PPP/5RK1 b - - 0 1") // the queen on f7 h7 h8, the rook on f7 f8
	safe := eval("1k6/ppp5/8/7Q/8/8/5PPP/5RK1 b - - 0 1")
	// 5 attacks by 2 pieces: 4*25*50% = 50, times 1700/2500 of the attacker's material.
	if want := 34; safe-attacked != want {
		t.Errorf("king safety: the attacked king scores %d, the safe one %d: difference %d, want %d", attacked, safe, safe-attacked, want)
	}
	// One attacker alone is no attack.
	if d := eval("1k6/ppp5/8/7Q/8/8/5PPP/R5K1 b - - 0 1") - eval("6k1/5ppp/8/7Q/8/8/5PPP/R5K1 b - - 0 1"); d != 0 {
		t.Errorf("a lone queen near the king costs %d", d)
	}
	if danger(5, 2, safetyFrom-1) != 0 || danger(5, 2, safetyFull) != 50 || danger(100, 7, 9000) != safetyCap {
		t.Errorf("danger: %d %d %d", danger(5, 2, safetyFrom-1), danger(5, 2, safetyFull), danger(100, 7, 9000))
	}
	koopa, err := interpreter.Open("koopa")
	if err != nil {
		t.Fatal(err)
	}
	if newEvaluator(koopa).kingZone != nil {
		t.Errorf("king safety on in a variant without check")
	}
}
