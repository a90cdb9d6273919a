// The transposition table: entries keyed by the full zobrist hash, two per bucket, replaced by depth and age.
package search

import "chimera/interpreter"

// entry is one stored search result.
type entry struct {
	key   uint64
	move  interpreter.Move
	score int16
	depth int8
	bound Bound
	age   uint8
}

// table is a transposition table of 2-entry buckets.
type table struct {
	buckets [][2]entry
	mask    uint64
	age     uint8
}

// newTable makes a table of about mb megabytes (a power of two of buckets, at least one).
func newTable(mb int) *table {
	n := uint64(1)
	for n*2*uint64(2*32) <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &table{buckets: make([][2]entry, n), mask: n - 1}
}

// clear empties the table and restarts its age, so that a cleared table replaces entries
// exactly as a new one does.
func (t *table) clear() { clear(t.buckets); t.age = 0 }

func (t *table) probe(key uint64) (entry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].bound != BoundNone {
			return b[i], true
		}
	}
	return entry{}, false
}

func (t *table) store(key uint64, m interpreter.Move, score, depth int, bound Bound) {
	b := &t.buckets[key&t.mask]
	slot := 0
	switch {
	case b[0].key == key:
	case b[1].key == key:
		slot = 1
	default:
		// Replace the shallower or older entry.
		if b[1].age != t.age || b[0].age == t.age && b[1].depth < b[0].depth {
			slot = 1
		}
	}
	e := &b[slot]
	if e.key == key && m == interpreter.NoMove {
		m = e.move // keep the old best move when this search found none
	}
	*e = entry{key: key, move: m, score: int16(score), depth: int8(min(depth, 127)), bound: bound, age: t.age}
}
