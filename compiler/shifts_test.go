// Shift plans: which types get one, and that a plan moves each origin to the cells its tables name.
package compiler

import (
	"math/rand"
	"testing"

	"chimera/defs"
)

// TestShiftPlans: the orthodox pawn's plan is its push, its two captures and its double
// step; a knight (eight offsets) and a slider have none; a soldier that gains sideways
// steps across the river has one.
func TestShiftPlans(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		variant string
		letter  byte
		shifts  int
	}{{"chess", 'P', 4}, {"chess", 'N', 0}, {"chess", 'R', 0}, {"chess", 'K', 0}, {"xiangqi", 'P', 3}} {
		rs := builtin(t, c.variant)
		pt := &rs.pieces[typeOf(t, rs, c.letter)]
		for side := 0; side < 2; side++ {
			if got := pt.ShiftsOf(side).Len(); got != c.shifts {
				t.Errorf("%s %c side %d: %d shifts, want %d", c.variant, c.letter, side, got, c.shifts)
			}
		}
	}
	// Horde's white pawns have a second double step, from the first rank; Black's has no
	// origin there, and is left out of the plan.
	rs := builtin(t, "horde")
	pt := &rs.pieces[typeOf(t, rs, 'P')]
	if white, black := pt.ShiftsOf(0).Len(), pt.ShiftsOf(1).Len(); white != 5 || black != 4 {
		t.Errorf("horde P: %d and %d shifts, want 5 and 4", white, black)
	}
}

// TestShiftPlansMatchTables: on every built-in, a plan's leaps from each origin are
// exactly the type's leap tables, and each step of a ride moves as many files as the
// first (none wraps round an edge).
func TestShiftPlansMatchTables(t *testing.T) {
	t.Parallel()
	for _, name := range defs.Builtins() {
		rs := builtin(t, name)
		for ti := range rs.pieces {
			pt := &rs.pieces[ti]
			for side := 0; side < 2; side++ {
				plan := pt.ShiftsOf(side)
				if plan.Len() == 0 {
					continue
				}
				for sq := 0; sq < rs.Cells; sq++ {
					var quiet, capture Bitboard
					for i := 0; i < plan.Len(); i++ {
						s := plan.At(i)
						if s.Steps != 1 || !s.From.Has(sq) {
							continue
						}
						to := Bit(sq).Shift(s.By)
						if s.Mode != ModeCapture {
							quiet = quiet.Or(to)
						}
						if s.Mode != ModeMove {
							capture = capture.Or(to)
						}
					}
					if quiet != pt.leapQuiet[side][sq] || capture != pt.leapCapture[side][sq] {
						t.Fatalf("%s %s side %d from %d: the plan's leaps differ from the tables", name, pt.Name, side, sq)
					}
					for i := 0; i < plan.Len(); i++ {
						s := plan.At(i)
						if s.Steps == 1 || !s.From.Has(sq) {
							continue
						}
						// Each step a ride makes moves the same number of files.
						dx := rs.Geometry.FileOf(sq+s.By) - rs.Geometry.FileOf(sq)
						for at, k := sq, 1; k <= s.Steps && s.ReachAt(k).Has(at+s.By); k++ {
							if rs.Geometry.FileOf(at+s.By)-rs.Geometry.FileOf(at) != dx {
								t.Fatalf("%s %s side %d from %d: step %d of a ride wraps round the board", name, pt.Name, side, sq, k)
							}
							at += s.By
						}
					}
				}
			}
		}
	}
}

// TestLineReach: on boards for each set type, the reach LineReach gives along every line
// a slider has is the cells stepped to each way up to the first man, on random occupancies.
func TestLineReach(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(9))
	lines := 0
	for _, name := range []string{"chess", "capablanca", "grand", "chu", "glinski", "shafran"} {
		rs := builtin(t, name)
		for ti := range rs.pieces {
			for _, l := range rs.pieces[ti].slideLines[0] {
				lines++
				for round := 0; round < 200; round++ {
					m := randomModel(rng, rs.Cells, rng.Float64()*0.6)
					occ := m.bb256().And(rs.Squares)
					sq := rng.Intn(rs.Cells)
					up, down := &rs.dirs[l[0]], &rs.dirs[l[1]]
					var want Bitboard
					for _, d := range []*Dir[Bitboard]{up, down} {
						for at := d.step[sq]; at != NoSquare && d.ray[sq].Has(at); at = d.step[at] {
							want = want.With(at)
							if occ.Has(at) {
								break
							}
						}
					}
					got := LineReach256(up.ray[sq], down.ray[sq], occ)
					if got != want {
						t.Fatalf("%s from %d: LineReach256 %v, want %v", name, sq, got, want)
					}
					if rs.Cells <= MaxCells128 && LineReach128(up.ray[sq].Narrow128(), down.ray[sq].Narrow128(), occ.Narrow128()).Wide() != want {
						t.Fatalf("%s from %d: LineReach128 differs", name, sq)
					}
					if rs.Cells <= MaxCells64 && LineReach64(up.ray[sq].Narrow(), down.ray[sq].Narrow(), occ.Narrow()).Wide() != want {
						t.Fatalf("%s from %d: LineReach64 differs", name, sq)
					}
				}
			}
		}
	}
	if lines < 8 {
		t.Errorf("only %d slide lines tried", lines)
	}
}
