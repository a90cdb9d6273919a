// Running the internal tests on both cores: the switch that forces the 256-cell core, and the probes the tests reach a core through.
package interpreter

import "testing"

// testCore is what the internal tests reach into, on either core (core*_probe_test.go and
// the cores' own methods).
type testCore interface {
	snap() snapshot
	snapInto(s *snapshot)
	endedCode() int8
	menOf(c Color) int
	genPseudo(buf []Move) []Move
	makeProbe(m Move)
	sideInCheck(c Color) bool
	lostRoyal() bool
	computeHash() uint64
	setStatus(sq Square, v int)
	changePool(c Color, pool, t, delta int)
	landing(m Move) Square
	losesRoyal(m Move) bool
	pathProbe() (string, int)
}

// core is the core p holds.
func (p *Position) core() testCore {
	if p.n != nil {
		return p.n
	}
	return p.w
}

// bothCores runs f once on the 64-cell core (boards of more than 64 cells still get the
// 256-cell one) and once with the 256-cell core forced on every board.
func bothCores(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, wide := range []bool{false, true} {
		name := "core64"
		if wide {
			name = "core256"
		}
		t.Run(name, func(t *testing.T) {
			forceWideCore = wide
			defer func() { forceWideCore = false }()
			f(t)
		})
	}
}

func TestBothCoresAreUsed(t *testing.T) {
	rs, err := Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	bothCores(t, func(t *testing.T) {
		p, err := Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		if p.Wide() != forceWideCore || (p.n == nil) == (p.w == nil) {
			t.Errorf("force %v: wide %v, cores %v %v", forceWideCore, p.Wide(), p.n != nil, p.w != nil)
		}
		if q := p.Clone(); q.Wide() != p.Wide() {
			t.Errorf("a clone changes core")
		}
	})
}
