// Write tests: a section written and loaded again gives the evaluator the weights written.
package tune

import (
	"strings"
	"testing"

	"chimera/defs"
	"chimera/engine/search"
	"chimera/interpreter"
)

// TestTuneSectionRoundTrip: weights written as an evaluation: section, in variants with
// square tables, men near the royal men, pools, goal distance and checks given, come back as the evaluator's own.
func TestTuneSectionRoundTrip(t *testing.T) {
	for _, v := range []string{"gardner", "crazyhouse", "kingofthehill", "3check", "minishogi", "koopa"} {
		rs, err := interpreter.Open(v)
		if err != nil {
			t.Fatal(err)
		}
		m := search.New(rs, 1).Model()
		start := m.Weights()
		fitted := make([]float64, len(start))
		seen := make([]int, len(start))
		for i := range start {
			fitted[i] = start[i] + float64(i%7-3)
			seen[i] = 1
		}
		res := &Weights{Rules: rs, Params: m.Params, Start: start, Fitted: fitted, Seen: seen, Squares: true}
		var b strings.Builder
		b.WriteString("extends: " + v + "\nname: " + v + "-tuned\n")
		if err := res.WriteSection(&b); err != nil {
			t.Fatal(err)
		}
		def, err := defs.Parse(v+"-tuned.yaml", []byte(b.String()))
		if err != nil {
			t.Fatalf("%s: %v\n%s", v, err, b.String())
		}
		back, err := interpreter.Build(def)
		if err != nil {
			t.Fatal(err)
		}
		got := search.New(back, 1).Model().Weights()
		for i, p := range m.Params {
			if !rs.Squares.Has(p.Square) && p.Kind == search.ParamSquare {
				continue
			}
			if got[i] != fitted[i] {
				t.Errorf("%s: weight %d (kind %d, type %d, square %d): %v loaded, %v written", v, i, p.Kind, p.Type, p.Square, got[i], fitted[i])
				break
			}
		}
		for _, key := range map[string][]string{"gardner": {"      near-enemy-royal: ", "      near-own-royal: "}, "crazyhouse": {"  pools:\n"}, "kingofthehill": {"  goal-distance: "}, "3check": {"  checks-given: "}, "koopa": {"      status-value: "}}[v] {
			if !strings.Contains(b.String(), key) {
				t.Errorf("%s: no %q in\n%s", v, key, b.String())
			}
		}
	}
}
