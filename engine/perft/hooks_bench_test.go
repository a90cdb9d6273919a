// Hook benchmarks: King of the Hill written as a mechanism (reach: a zone) and as expr
// hooks, perft of each at the same depth, timed in turn so that a busy machine slows both alike.
package perft_test

import (
	"sort"
	"testing"
	"time"

	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// hillHooks are King of the Hill's goal written as hooks: as the issue writes it (||),
// with a list (in), and with piece and to read through let, which hides them from the
// compiler's move filter so that the hook runs after every move (the VM's own cost).
var hillHooks = []struct{ name, when string }{
	{"hook-or", `piece == "K" && (to == "d4" || to == "e4" || to == "d5" || to == "e5")`},
	{"hook-in", `piece == "K" && to in ["d4", "e4", "d5", "e5"]`},
	{"hook-every-move", `let p = piece; let t = to; p == "K" && (t == "d4" || t == "e4" || t == "d5" || t == "e5")`},
}

// hillCases are positions of defs/kingofthehill.yaml's tests and their perft counts.
var hillCases = []struct {
	name, fen string
	depth     int
	nodes     int64
}{
	{"start-5", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
	{"kings-near-4", "rnbq1bnr/pppp1ppp/4k3/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR w - - 4 4", 4, 835858},
}

// hookStart is the start position of chess with one goal, the hook when.
func hookStart(tb testing.TB, when string) *interpreter.Position {
	tb.Helper()
	src := "extends: chess\nname: hill-hook\ngoals:\n  - name: king on the hill\n    when: '" + when + "'\n"
	def, err := defs.Parse("hill-hook.yaml", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := interpreter.Start(rs, "")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkHookGoal times perft of each case with the mechanism and with each hook,
// alternating them every iteration, and reports each hook's time over the mechanism's
// (the median of the iterations' ratios) as "×mechanism".
func BenchmarkHookGoal(b *testing.B) {
	mech := perftRuleset(b, "kingofthehill")
	for _, c := range hillCases {
		for _, h := range hillHooks {
			b.Run(c.name+"/"+h.name, func(b *testing.B) {
				mp, err := interpreter.FromFEN(mech, c.fen)
				if err != nil {
					b.Fatal(err)
				}
				hp, err := interpreter.FromFEN(hookStart(b, h.when).Ruleset(), c.fen)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				ratios := make([]float64, 0, b.N)
				var hookTime time.Duration
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					if n := perft.Perft(mp, c.depth); n != c.nodes {
						b.Fatalf("mechanism: perft %d got %d want %d", c.depth, n, c.nodes)
					}
					t1 := time.Now()
					if n := perft.Perft(hp, c.depth); n != c.nodes {
						b.Fatalf("hook: perft %d got %d want %d", c.depth, n, c.nodes)
					}
					t2 := time.Now()
					hookTime += t2.Sub(t1)
					ratios = append(ratios, float64(t2.Sub(t1))/float64(t1.Sub(t0)))
				}
				if f := hp.HookFailures(); len(f) > 0 {
					b.Fatal(f[0].Message())
				}
				sort.Float64s(ratios)
				b.ReportMetric(ratios[len(ratios)/2], "×mechanism")
				b.ReportMetric(float64(c.nodes)*float64(b.N)/hookTime.Seconds(), "hook-nodes/s")
			})
		}
	}
}
