// Slide tables: a slider's reach along its lines on a board of at most 64 cells, looked up by the occupied cells (a magic multiplication) rather than computed line by line.

package compiler

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"sync"
)

// A slider's lines are looked up two at a time: the cells of the pair that can block it
// (each ray without its last cell, which the slider reaches whether it is occupied or
// not) are gathered into an index of at most maxSlideBits bits by one multiplication and
// shift, and the index selects the reach. A pair with more blocking cells is looked up a
// line at a time; a line with more (a line longer than 14 cells) leaves the type on
// LineReach64, line by line, as the larger boards are.
const (
	maxSlideBits = 12
	// magicTries bounds the search for one cell's multiplier when none was found ahead of
	// time (knownMagics); a cell that needs more leaves its type on LineReach64.
	magicTries = 1 << 10
	// maxSlideCache bounds the tables shared between rulesets (a long-lived process that
	// compiles many boards keeps the first ones only): at most 16 groups of at most 4 MiB
	// (64 cells of 2^13 entries; an 8 × 8 rook's pair takes 800 KiB).
	maxSlideCache = 16
)

// slideEntry is one cell's lookup for one group of lines: reach[(occ&mask)*magic>>shift].
type slideEntry struct {
	mask, magic uint64
	shift       uint
	reach       []BB64
}

// slideGroup is a group of lines' lookups, by cell.
type slideGroup []slideEntry

var slideCache = struct {
	sync.Mutex
	m map[string]slideGroup
}{m: map[string]slideGroup{}}

// SlideReach64 is the reach of side c's line slides of type pt from from on a board of at
// most 64 cells whose occupied cells are occ, looked up: along each line, the cells up to
// the first man each way, that man included (what LineReach64 gives line by line). Only
// for a type whose lines are tabled (LineTabled).
func SlideReach64(pt *PieceType[BB64], c Color, from Square, occ BB64) BB64 {
	t := pt.lineTable[c]
	e, f := &t[from*2], &t[from*2+1]
	return e.reach[(uint64(occ)&e.mask)*e.magic>>e.shift] | f.reach[(uint64(occ)&f.mask)*f.magic>>f.shift]
}

// SlideReach128 and SlideReach256 are SlideReach64's names on the larger boards, whose
// lines are never tabled (LineTabled is false there): they are reached by no call, and
// give the reach line by line.
func SlideReach128(pt *PieceType[BB128], c Color, from Square, occ BB128) BB128 {
	var reach BB128
	n := len(pt.slideLines[c])
	for at, end := from*n*2, (from+1)*n*2; at < end; at += 2 {
		reach = reach.Or(LineReach128(pt.lineRays[c][at], pt.lineRays[c][at+1], occ))
	}
	return reach
}

// SlideReach256: see SlideReach128.
func SlideReach256(pt *PieceType[BB256], c Color, from Square, occ BB256) BB256 {
	var reach BB256
	n := len(pt.slideLines[c])
	for at, end := from*n*2, (from+1)*n*2; at < end; at += 2 {
		reach = reach.Or(LineReach256(pt.lineRays[c][at], pt.lineRays[c][at+1], occ))
	}
	return reach
}

// TabledLines64, TabledLines128 and TabledLines256 say whether the cores of each set type
// look slides up (boards of at most 64 cells only): the larger cores' code for it is then
// left out when they are compiled.
const (
	TabledLines64  = true
	TabledLines128 = false
	TabledLines256 = false
)

// buildSlideTables gives every type of t (a board of cells cells) its slide tables
// (lineTable), where its lines fit them, and says which types move by leaps and those
// lines alone (LeapsAndLines).
func buildSlideTables(t *Tables[BB64], cells int) {
	for i := range t.pieces {
		pt := &t.pieces[i]
		for c := 0; c < 2; c++ {
			pt.lineTable[c] = slideTablesOf(pt.lineRays[c], len(pt.slideLines[c]), cells)
			pt.LeapsAndLines[c] = pt.Plain && pt.Promotion == nil && len(pt.slideRays[c])+len(pt.rides[c])+len(pt.paths[c]) == 0 &&
				(len(pt.slideLines[c]) == 0 || pt.lineTable[c] != nil)
		}
	}
}

// noLines is the lookup of an empty group of lines: index 0, no cell.
var noLines = slideEntry{shift: 63, reach: []BB64{0}}

// slideTablesOf is the lookups of a type whose n lines have the rays lineRays (see
// PieceType.lineRays): two groups of lines a cell (lineTable); nil when it has no lines,
// a line does not fit a table or the lines need more than two.
func slideTablesOf(lineRays []BB64, n, cells int) []slideEntry {
	groups := lineGroups(lineRays, n, cells)
	if groups == nil || len(groups) > 2 {
		return nil
	}
	tables := make([]slideGroup, len(groups))
	for gi, lines := range groups {
		g, ok := sharedGroup(lineRays, n, cells, lines)
		if !ok {
			return nil
		}
		tables[gi] = g
	}
	out := make([]slideEntry, 0, cells*2)
	for sq := 0; sq < cells; sq++ {
		out = append(out, tables[0][sq])
		if len(tables) == 2 {
			out = append(out, tables[1][sq])
		} else {
			out = append(out, noLines)
		}
	}
	return out
}

// lineGroups is how a type's n lines (rays lineRays) are looked up: in order, two at a time
// while the pair fits a table from every cell, else alone; nil when it has no lines or a
// line does not fit a table.
func lineGroups(lineRays []BB64, n, cells int) [][]int {
	var groups [][]int
	for l := 0; l < n; {
		if l+1 < n && fitsTable(lineRays, n, cells, l, l+1) {
			groups, l = append(groups, []int{l, l + 1}), l+2
			continue
		}
		if !fitsTable(lineRays, n, cells, l) {
			return nil
		}
		groups, l = append(groups, []int{l}), l+1
	}
	return groups
}

// groupRays is the {up, down} rays from sq of the lines (indices into the type's n lines).
func groupRays(lineRays []BB64, n, sq int, lines []int) [][2]BB64 {
	rays := make([][2]BB64, len(lines))
	for i, l := range lines {
		rays[i] = [2]BB64{lineRays[(sq*n+l)*2], lineRays[(sq*n+l)*2+1]}
	}
	return rays
}

// blockers is the cells of the rays up and down whose occupancy changes a slider's reach:
// each ray but its farthest cell (up's highest, down's lowest).
func blockers(up, down BB64) uint64 {
	u, d := uint64(up), uint64(down)
	if u != 0 {
		u &^= 1 << uint(63-bits.LeadingZeros64(u))
	}
	return u | d&(d-1)
}

// fitsTable reports whether the lines (indices into the type's n lines) have at most
// maxSlideBits blocking cells from every cell.
func fitsTable(lineRays []BB64, n, cells int, lines ...int) bool {
	for sq := 0; sq < cells; sq++ {
		var mask uint64
		for _, l := range lines {
			mask |= blockers(lineRays[(sq*n+l)*2], lineRays[(sq*n+l)*2+1])
		}
		if bits.OnesCount64(mask) > maxSlideBits {
			return false
		}
	}
	return true
}

// sharedGroup is the lookups of the lines (indices into the type's n lines), built once
// for every ruleset whose lines have the same rays. The tables of the cells whose blocking
// cells have a multiplier found ahead of time share one allocation.
func sharedGroup(lineRays []BB64, n, cells int, lines []int) (slideGroup, bool) {
	key := make([]byte, 0, cells*len(lines)*16)
	for sq := 0; sq < cells; sq++ {
		for _, l := range lines {
			key = binary.LittleEndian.AppendUint64(key, uint64(lineRays[(sq*n+l)*2]))
			key = binary.LittleEndian.AppendUint64(key, uint64(lineRays[(sq*n+l)*2+1]))
		}
	}
	slideCache.Lock()
	defer slideCache.Unlock()
	if g, ok := slideCache.m[string(key)]; ok {
		return g, true
	}
	g := make(slideGroup, cells)
	total := 0
	for sq := range g {
		for _, r := range groupRays(lineRays, n, sq, lines) {
			g[sq].mask |= blockers(r[0], r[1])
		}
		if k, ok := knownMagics[g[sq].mask]; ok {
			g[sq].magic, g[sq].shift = k.magic, uint(64-k.bits)
			total += 1 << k.bits
		}
	}
	backing := make([]BB64, total)
	seen := make([]bool, 2<<maxSlideBits)
	for sq := range g {
		rays := groupRays(lineRays, n, sq, lines)
		if e := &g[sq]; e.shift != 0 {
			size := 1 << (64 - e.shift)
			e.reach, backing = backing[:size:size], backing[size:]
			if e.fill(rays, seen[:size]) {
				continue
			}
		}
		e, ok := findMagic(rays, uint64(sq), magicTries)
		if !ok {
			return nil, false
		}
		g[sq] = e
	}
	if len(slideCache.m) < maxSlideCache {
		slideCache.m[string(key)] = g
	}
	return g, true
}

// fill writes the reach of the line rays ({up, down} each) for every occupancy of e's
// blocking cells at its index under e's multiplier, and reports whether no two
// occupancies with different reaches share an index. seen is scratch, as long as e.reach.
func (e *slideEntry) fill(rays [][2]BB64, seen []bool) bool {
	clear(seen)
	for occ := uint64(0); ; occ = (occ - e.mask) & e.mask { // every subset of the mask
		var reach BB64
		for _, r := range rays {
			reach |= LineReach64(r[0], r[1], BB64(occ))
		}
		idx := occ * e.magic >> e.shift
		if !seen[idx] {
			seen[idx], e.reach[idx] = true, reach
		} else if e.reach[idx] != reach {
			return false
		}
		if occ == e.mask {
			return true
		}
	}
}

// knownMagic is a multiplier found ahead of time and the bits of the index it gives.
type knownMagic struct {
	magic uint64
	bits  uint8
}

// findMagic builds one cell's lookup for the line rays ({up, down} each): a multiplier
// that sends every blocking occupancy to an index whose reach it shares (two occupancies
// may share an index when their reaches are equal). The index has as many bits as there
// are blocking cells, or one more when no multiplier was found for that many. It is
// searched for among at most tries candidates for each size, seeded by seed so that a
// ruleset compiles to the same tables every time (sharedGroup first tries the one found
// ahead of time for the same blocking cells: knownMagics, from TestWriteKnownMagics).
func findMagic(rays [][2]BB64, seed uint64, tries int) (slideEntry, bool) {
	var mask uint64
	for _, r := range rays {
		mask |= blockers(r[0], r[1])
	}
	nbits := bits.OnesCount64(mask)
	occs := make([]uint64, 0, 1<<nbits)
	reaches := make([]BB64, 0, 1<<nbits)
	for occ := uint64(0); ; occ = (occ - mask) & mask { // every subset of mask
		var reach BB64
		for _, r := range rays {
			reach |= LineReach64(r[0], r[1], BB64(occ))
		}
		occs, reaches = append(occs, occ), append(reaches, reach)
		if occ == mask {
			break
		}
	}
	stamp := make([]uint32, 2<<nbits)
	var e slideEntry
	fill := func(magic uint64, bits int, try uint32) bool {
		if len(e.reach) != 1<<bits {
			e.reach = make([]BB64, 1<<bits)
		}
		e.mask, e.magic, e.shift = mask, magic, uint(64-bits)
		for i, occ := range occs {
			idx := occ * magic >> e.shift
			if stamp[idx] != try {
				stamp[idx], e.reach[idx] = try, reaches[i]
			} else if e.reach[idx] != reaches[i] {
				return false
			}
		}
		return true
	}
	if nbits == 0 {
		return e, fill(0, 0, 2)
	}
	rng := rand.New(rand.NewPCG(0x5eed5eed, seed))
	try := uint32(2)
	for size := nbits; size <= nbits+1; size++ {
		for i := 0; i < tries; i++ {
			magic := rng.Uint64() & rng.Uint64() & rng.Uint64()
			if size >= 10 && bits.OnesCount64((mask*magic)>>56) < 6 {
				continue
			}
			if try++; fill(magic, size, try) {
				return e, true
			}
		}
	}
	return slideEntry{}, false
}
