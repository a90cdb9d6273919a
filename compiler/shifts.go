// Shift plans: a piece type whose leaps and short rides move by the same few cell offsets from every origin is generated for all its men at once, by shifting sets.

package compiler

import "slices"

// maxShifts is the most offsets a plan may have: beyond it, generating man by man (one
// table lookup for all of a man's leaps) is as cheap.
const maxShifts = 5

// Shift is one offset of a piece type's shift plan: the men in From step By cells (a
// constant difference of cell indices) Steps times, through empty cells, and may land on
// each step from Min on, as Mode allows (quiet onto empty cells, captures onto capturable
// men). A leap is one step (Min = Steps = 1); a ride of limited range [Min, Steps] goes
// on while the cells it passes are empty.
type Shift[B any] struct {
	By         int
	Min, Steps int
	Mode       Mode
	From       B
	// reach[k-1] are the cells step k reaches from some origin in From with every step on
	// the ride's ray: a set shifted by k·By is cut to it, so that no man wraps round an edge.
	reach []B
	// EPTarget: a quiet move of the ride leaves en-passant targets (Ride.EPTarget).
	EPTarget bool
}

// ReachAt is reach[k-1]: the cells the k-th step may reach.
func (s *Shift[B]) ReachAt(k int) B { return s.reach[k-1] }

// ShiftsOf is side c's shift plan for the type: empty when its men must be generated one
// by one (it slides, walks a path, rides without a limit or along a ray whose cell
// offsets vary, or has more than maxShifts offsets).
func (pt *PieceType[B]) ShiftsOf(c Color) Refs[Shift[B]] { return Refs[Shift[B]]{pt.shifts[c]} }

// pairSlides splits pt's slides into lines (both ways) and single rays (slideLines,
// slideRays).
func (rs *Ruleset) pairSlides(pt *PieceType[Bitboard]) {
	for c := 0; c < 2; c++ {
		paired := map[int]bool{}
		for _, d := range pt.slides[c] {
			v := rs.dirs[d].V
			back := rs.dirIndex(Vec{-v.DX, -v.DY})
			if paired[d] || !slices.Contains(pt.slides[c], back) {
				continue
			}
			paired[d], paired[back] = true, true
			if rs.dirs[d].Up {
				pt.slideLines[c] = append(pt.slideLines[c], [2]int{d, back})
			} else {
				pt.slideLines[c] = append(pt.slideLines[c], [2]int{back, d})
			}
		}
		for _, d := range pt.slides[c] {
			if !paired[d] {
				pt.slideRays[c] = append(pt.slideRays[c], d)
			}
		}
		for sq := 0; sq < rs.Cells && len(pt.slideLines[c]) > 0; sq++ {
			for _, l := range pt.slideLines[c] {
				pt.lineRays[c] = append(pt.lineRays[c], rs.dirs[l[0]].ray[sq], rs.dirs[l[1]].ray[sq])
			}
		}
	}
}

// tableShifts derives pt's shift plans (PieceType.shifts) from its leap tables and rides.
// A leap's plan is exact by construction: for each offset, the origins whose table holds
// the cell that far away. A ride qualifies when every step from every origin of it is the
// same offset, and its span is the cells from Min to Max such steps away.
func (rs *Ruleset) tableShifts(pt *PieceType[Bitboard]) {
	for c := 0; c < 2; c++ {
		if len(pt.slides[c]) > 0 || len(pt.paths[c]) > 0 || pt.RidesUnattacked {
			continue // (a ride that may not pass attacked cells is walked man by man)
		}
		plan, ok := rs.leapShifts(pt.leapQuiet[c], ModeMove)
		if !ok {
			continue
		}
		captures, ok := rs.leapShifts(pt.leapCapture[c], ModeCapture)
		if !ok {
			continue
		}
		plan = mergeShifts(plan, captures)
		for _, r := range pt.rides[c] {
			s, ok := rs.rideShift(r)
			if !ok {
				plan = nil
				break
			}
			if s.From.Any() {
				plan = append(plan, s)
			}
		}
		if len(plan) == 0 || len(plan) > maxShifts {
			continue
		}
		pt.shifts[c] = plan
		if pr := pt.Promotion; pr != nil {
			for _, s := range plan {
				for k := 1; k <= s.Steps; k++ {
					pt.ShiftsPromote[c] = pt.ShiftsPromote[c].Or(s.reach[k-1].And(pr.Zone[c]).Shift(-k * s.By).And(s.From))
				}
			}
		}
	}
}

// leapShifts splits the leap table of one kind (quiet or capturing) into offsets, in the
// order of their first appearance; ok is false when there are more than maxShifts.
func (rs *Ruleset) leapShifts(table []Bitboard, mode Mode) ([]Shift[Bitboard], bool) {
	var plan []Shift[Bitboard]
	for sq := 0; sq < len(table); sq++ {
		for b := table[sq]; b.Any(); b = b.Rest() {
			by := b.First() - sq
			i := slices.IndexFunc(plan, func(s Shift[Bitboard]) bool { return s.By == by })
			if i < 0 {
				if len(plan) == maxShifts {
					return nil, false
				}
				i = len(plan)
				plan = append(plan, Shift[Bitboard]{By: by, Min: 1, Steps: 1, Mode: mode})
			}
			plan[i].From = plan[i].From.With(sq)
		}
	}
	for i := range plan {
		plan[i].reach = []Bitboard{Below256(rs.Cells)}
	}
	return plan, true
}

// mergeShifts joins the quiet and capturing offsets that move from the same origins into
// one of mode both.
func mergeShifts(quiet, captures []Shift[Bitboard]) []Shift[Bitboard] {
	out := quiet
	for _, s := range captures {
		merged := false
		for i := range out {
			if out[i].Mode == ModeMove && out[i].By == s.By && out[i].From == s.From {
				out[i].Mode, merged = ModeBoth, true
				break
			}
		}
		if !merged {
			out = append(out, s)
		}
	}
	return out
}

// rideShift is ride r's offset, when every step of it from each of its origins moves the
// same number of cells and its span is exactly the cells Min to Max such steps away (a
// ride with no origin on the board qualifies, with an empty From).
func (rs *Ruleset) rideShift(r Ride[Bitboard]) (Shift[Bitboard], bool) {
	if r.Max == 0 || r.Max > 8 || r.Mode == ModeCaptureRoyal {
		return Shift[Bitboard]{}, false
	}
	d := &rs.dirs[r.Dir]
	s := Shift[Bitboard]{By: 0, Min: r.Min, Steps: r.Max, Mode: r.Mode, EPTarget: r.EPTarget, reach: make([]Bitboard, r.Max)}
	for b := r.From; b.Any(); b = b.Rest() {
		sq := b.First()
		if sq >= rs.Cells {
			continue
		}
		var span Bitboard
		at := sq
		for k := 1; k <= r.Max; k++ {
			next := d.step[at]
			if next == NoSquare || !d.ray[sq].Has(next) {
				break
			}
			if s.By == 0 {
				s.By = next - at
			}
			if next-at != s.By {
				return Shift[Bitboard]{}, false
			}
			s.reach[k-1] = s.reach[k-1].With(next)
			if k >= r.Min {
				span = span.With(next)
			}
			at = next
		}
		if span != r.span[sq] {
			return Shift[Bitboard]{}, false
		}
		s.From = s.From.With(sq)
	}
	return s, s.From.Empty() || s.By != 0
}

// CountedShifts64, CountedShifts128 and CountedShifts256 say whether the cores of each set
// type count the shift plans' moves at perft's leaves apart (the interpreter's
// countShifts). Measured by instruction counts, it pays on the 64-cell core; on the wider
// ones its test cost the generators more than it saved, so their code for it is left out.
const (
	CountedShifts64  = true
	CountedShifts128 = false
	CountedShifts256 = false
)
