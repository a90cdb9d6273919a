// Running the internal tests on two cores (the smallest that holds the board, and the 256-cell one forced): the switch, and the probes the tests reach a core through.
package interpreter

import (
	"fmt"
	"sync/atomic"
	"testing"
)

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
	switch {
	case p.n != nil:
		return p.n
	case p.m != nil:
		return p.m
	}
	return p.w
}

// bothCores runs f once on the smallest core that holds the board (64-cell up to 64
// cells, 128-cell up to 128, else 256-cell) and once with the 256-cell core forced on
// every board.
func bothCores(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, wide := range []bool{false, true} {
		name := "smallest"
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

// shareOut runs f(t, i) for every i below n on two parallel subtests, each taking the
// next item not yet taken, and returns once both have ended: a sequential test (one that
// sets a package switch, as bothCores sets forceWideCore) keeps its switches as they are
// for both halves, and nothing else runs beside them. f must not set a switch itself, and
// each item must stand alone (the order the items run in is not fixed).
func shareOut(t *testing.T, n int, f func(t *testing.T, i int)) {
	t.Helper()
	var next atomic.Int64
	t.Run("shared", func(t *testing.T) {
		for half := range 2 {
			t.Run(fmt.Sprintf("half%d", half), func(t *testing.T) {
				t.Parallel()
				for i := int(next.Add(1) - 1); i < n && !t.Failed(); i = int(next.Add(1) - 1) {
					f(t, i)
				}
			})
		}
	})
}

// TestBothCoresAreUsed: each board runs on the core its size calls for (64 cells: the
// 64-cell core, 90 and 100: the 128-cell one, 256: the 256-cell one), or on the 256-cell
// core when it is forced; a position holds exactly that core, and so does its clone.
func TestBothCoresAreUsed(t *testing.T) {
	for _, c := range []struct {
		variant string
		cells   int // the core's, not forced
	}{{"chess", 64}, {"xiangqi", 128}, {"../testdata/wide/tenten.yaml", 128}, {"../testdata/wide/big16.yaml", 256}} {
		rs, err := Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(rs.Name, func(t *testing.T) {
			bothCores(t, func(t *testing.T) {
				p, err := Start(rs, "")
				if err != nil {
					t.Fatal(err)
				}
				want := c.cells
				if forceWideCore {
					want = 256
				}
				held := 0
				for _, in := range []bool{p.n != nil, p.m != nil, p.w != nil} {
					if in {
						held++
					}
				}
				if p.CoreCells() != want || held != 1 || WantCoreCells(rs) != want || p.Wide() != (want == 256) {
					t.Errorf("%s force %v: core of %d cells (%d held, wide %v), want %d", c.variant, forceWideCore, p.CoreCells(), held, p.Wide(), want)
				}
				if q := p.Clone(); q.CoreCells() != p.CoreCells() || q.c == nil {
					t.Errorf("%s: a clone changes core", c.variant)
				}
			})
		})
	}
}
