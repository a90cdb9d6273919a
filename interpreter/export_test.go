// Test-only access for the external tests of this package: forcing the 256-cell core, and the core a position should run on.
package interpreter

import (
	"hash/fnv"
	"math/rand"
	"slices"
	"testing"

	"chimera/compiler"
)

// ForceWideCore makes the positions created from now on use the 256-cell core on every
// board (on), or only on boards of more than 64 cells (off).
func ForceWideCore(on bool) { forceWideCore = on }

// ForceManByMan makes generation leave the piece types' shift plans unused (on), so that
// every man's moves come from its own tables, or use them again (off).
func ForceManByMan(on bool) { noShifts = on }

// WantCoreCells is the core (by the cells its sets hold) a position of rs created now
// should run on: the 256-cell one when forced, else the smallest that holds the board.
func WantCoreCells(rs *compiler.Ruleset) int {
	switch {
	case forceWideCore:
		return compiler.MaxCells256
	case rs.Narrow != nil:
		return compiler.MaxCells64
	case rs.Mid != nil:
		return compiler.MaxCells128
	}
	return compiler.MaxCells256
}

// ShareOut runs f(t, i) for every i below n on two parallel subtests (shareOut): for a
// sequential test, with the package's switches as they are.
func ShareOut(t *testing.T, n int, f func(t *testing.T, i int)) { shareOut(t, n, f) }

// SampleSeed is the seed of the samples the -short sweeps take: CHIMERA_SAMPLE_SEED (a
// number, or "rotate": one from the clock, logged to replay it) when set, else 46.
func SampleSeed(t testing.TB) int64 {
	return sampleSeed(t)
}

// ShortSample is the items, of n, a sweep plays: all of them without -short; under
// -short k of them (all when n <= k), picked by a shuffle seeded by SampleSeed and salt
// (each sweep its own), in their order.
func ShortSample(t testing.TB, n, k int, salt string) []int {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	if !testing.Short() || n <= k {
		return all
	}
	h := fnv.New64a()
	h.Write([]byte(salt))
	rng := rand.New(rand.NewSource(sampleSeed(t) ^ int64(h.Sum64()>>1)))
	rng.Shuffle(n, func(i, j int) { all[i], all[j] = all[j], all[i] })
	out := all[:k]
	slices.Sort(out)
	return out
}

// OnThisCore reports whether a sweep run on both cores plays its i-th item on the core
// pass running now: every item on both passes without -short; under -short each item on
// one pass, alternating (which one the sample's seed decides).
func OnThisCore(t testing.TB, i int) bool {
	if !testing.Short() {
		return true
	}
	pass := 0
	if forceWideCore {
		pass = 1
	}
	return (i+int(sampleSeed(t)&1))%2 == pass
}
