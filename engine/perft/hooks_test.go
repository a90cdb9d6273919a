// Hooks under perft: names served as numbers decide as the same names read as text, and
// the failures of the workers of a parallel perft all reach the position it started from.
package perft_test

import (
	"testing"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// Each pair is one rule written so that the compiler serves its names as numbers, and
// written with `+ ""` so that it reads them as text: the perft counts must agree (and the
// goal must be reached in the tree, or the count would not tell).
func TestHookNumbersAgreeWithText(t *testing.T) {
	pairs := []struct{ numbers, text string }{
		{`piece == "N" && to in ["c3", "f3", "c6", "f6"] && mover == "white"`,
			`piece + "" == "N" && to + "" in ["c3", "f3", "c6", "f6"] && mover + "" == "white"`},
		{`let them = mover == "white" ? "black" : "white"; count("P", them) < 8 && from != "e2"`,
			`let them = mover + "" == "white" ? "black" : "white"; count("P", them + "") < 8 && from + "" != "e2"`},
		{`count(piece, mover) == 1 && piece != "K"`, `count(piece + "", mover + "") == 1 && piece + "" != "K"`},
	}
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for i, c := range pairs {
		var counts [2]int64
		for j, when := range []string{c.numbers, c.text} {
			p, err := interpreter.FromFEN(hookStart(t, when).Ruleset(), fen)
			if err != nil {
				t.Fatal(err)
			}
			counts[j] = perft.Perft(p, 3)
			if f := p.HookFailures(); len(f) > 0 {
				t.Fatalf("#%d: %s", i, f[0].Message())
			}
		}
		plain, err := interpreter.FromFEN(perftRuleset(t, "chess"), fen)
		if err != nil {
			t.Fatal(err)
		}
		if counts[0] != counts[1] || counts[0] == perft.Perft(plain, 3) {
			t.Errorf("#%d: perft 3 with numbers %d, with text %d, chess %d: want the first two equal, and less than chess",
				i, counts[0], counts[1], perft.Perft(plain, 3))
		}
	}
}

// Every worker of a parallel perft logs into the root position's log: the failures count
// once per move made, as with one thread.
func TestParallelPerftReportsEveryWorkersHookFailures(t *testing.T) {
	for i, threads := range []int{1, 2, 7} {
		p := hookStart(t, `ply % (captures - captures) == 0`)
		_ = perft.ParallelPerft(p, 3, threads) // 20 + 400 moves made; the leaves are counted
		if f := p.HookFailures(); len(f) != 1 || f[0].Count != 420 {
			t.Errorf("#%d %d threads: got %+v, want one hook failed 420 times", i, threads, f)
		}
	}
}
