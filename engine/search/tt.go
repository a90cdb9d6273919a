// The transposition table: entries keyed by the full zobrist hash, two per bucket, replaced by depth and age, safe to share between search threads.

package search

import (
	"sync/atomic"

	"chimera/interpreter"
)

// entry is one stored search result.
type entry struct {
	key   uint64
	move  interpreter.Move
	score int16
	depth int8
	bound Bound
	age   uint8
}

// slot holds an entry in three words written and read atomically. check is the key
// xor the other two words: a slot read while another thread writes it (words of two
// entries) fails the check and reads as empty, so threads share the table without locks.
type slot struct {
	check, move, data atomic.Uint64
}

func pack(e entry) (move, data uint64) {
	return uint64(e.move), uint64(uint16(e.score)) | uint64(uint8(e.depth))<<16 | uint64(e.bound)<<24 | uint64(e.age)<<32
}

func (s *slot) load() entry {
	move, data := s.move.Load(), s.data.Load()
	return entry{key: s.check.Load() ^ move ^ data, move: interpreter.Move(move), score: int16(uint16(data)),
		depth: int8(uint8(data >> 16)), bound: Bound(data >> 24 & 0xff), age: uint8(data >> 32)}
}

func (s *slot) save(e entry) {
	move, data := pack(e)
	s.move.Store(move)
	s.data.Store(data)
	s.check.Store(e.key ^ move ^ data)
}

// table is a transposition table of 2-entry buckets.
type table struct {
	buckets [][2]slot
	mask    uint64
	age     uint8
}

// newTable makes a table of about mb megabytes (a power of two of buckets, at least one).
func newTable(mb int) *table {
	n := uint64(1)
	for n*2*uint64(2*24) <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &table{buckets: make([][2]slot, n), mask: n - 1}
}

// clear empties the table and restarts its age, so that a cleared table replaces entries
// exactly as a new one does. No search may run meanwhile.
func (t *table) clear() {
	for i := range t.buckets {
		for j := range t.buckets[i] {
			t.buckets[i][j].save(entry{})
		}
	}
	t.age = 0
}

func (t *table) probe(key uint64) (entry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if e := b[i].load(); e.key == key && e.bound != BoundNone {
			return e, true
		}
	}
	return entry{}, false
}

func (t *table) store(key uint64, m interpreter.Move, score, depth int, bound Bound) {
	b := &t.buckets[key&t.mask]
	e0, e1 := b[0].load(), b[1].load()
	slot, old := 0, e0
	switch {
	case e0.key == key:
	case e1.key == key:
		slot, old = 1, e1
	default:
		// Replace the shallower or older entry.
		if e1.age != t.age || e0.age == t.age && e1.depth < e0.depth {
			slot, old = 1, e1
		}
	}
	if old.key == key && m == interpreter.NoMove {
		m = old.move // keep the old best move when this search found none
	}
	b[slot].save(entry{key: key, move: m, score: int16(score), depth: int8(min(depth, 127)), bound: bound, age: t.age})
}
