// Tests of the zobrist keys: all distinct and non-zero, shaped by the variant, and stable
// from one compilation to the next.
package compiler

import (
	"reflect"
	"testing"
)

// zobristKeys lists every key a position hash can use (pool and status counts from 1:
// an empty pool or a cleared status adds nothing).
func zobristKeys(z *Zobrist) []uint64 {
	var keys []uint64
	keys = append(keys, z.piece...)
	keys = append(keys, z.Side)
	keys = append(keys, z.castle...)
	keys = append(keys, z.ep...)
	for _, row := range z.hand {
		keys = append(keys, row[1:]...)
	}
	for _, row := range z.status {
		keys = append(keys, row[1:]...)
	}
	return keys
}

func TestZobristDistinct(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rs           *Ruleset
		types, cells int
	}{
		{builtin(t, "chess"), 6, 64},
		{builtin(t, "prisonbreak"), 6, 48},
		{compileText(t, mini(board53, "pieces:\n"+kingLine)), 1, 15},
	}
	for i, c := range cases {
		z := &c.rs.Zobrist
		if len(z.piece) != 2*c.types*c.cells || len(z.castle) != c.cells || len(z.ep) != c.cells || len(z.status) != c.cells || len(z.hand) != 2*c.types {
			t.Errorf("#%d %s got %d piece keys, %d castle, %d ep, %d status, %d hand rows want %d, %d, %d, %d, %d", i, c.rs.Name,
				len(z.piece), len(z.castle), len(z.ep), len(z.status), len(z.hand), 2*c.types*c.cells, c.cells, c.cells, c.cells, 2*c.types)
			continue
		}
		keys := zobristKeys(z)
		want := 2*c.types*c.cells + 1 + 2*c.cells + 2*c.types*MaxHand + c.cells*MaxStatus
		if len(keys) != want {
			t.Errorf("#%d %s got %d keys want %d", i, c.rs.Name, len(keys), want)
		}
		seen := make(map[uint64]int, len(keys))
		for k, key := range keys {
			if key == 0 {
				t.Errorf("#%d %s key %d is zero", i, c.rs.Name, k)
			}
			if j, dup := seen[key]; dup {
				t.Errorf("#%d %s keys %d and %d are both %#x", i, c.rs.Name, j, k, key)
			}
			seen[key] = k
		}
	}
}

func TestZobristStable(t *testing.T) {
	t.Parallel()
	for i, name := range []string{"chess", "prisonbreak"} {
		a, b := builtin(t, name), builtin(t, name)
		if !reflect.DeepEqual(a.Zobrist, b.Zobrist) {
			t.Errorf("#%d %s: two compilations got different zobrist keys", i, name)
		}
	}
}
