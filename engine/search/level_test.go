// Tests of the playing levels: the pick among root lines, and levelled searches that stay sensible.
package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"chimera/interpreter"
)

func TestChooseLevelled(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	mv := func(i int) []interpreter.Move { return []interpreter.Move{interpreter.Move(i + 1)} }
	spec := levelSpec{depth: 1, lines: 4, margin: 50}
	// Lines far below the best are never picked; those within the margin all are, in time.
	lines := []rootLine{{score: 100, pv: mv(0)}, {score: 60, pv: mv(1)}, {score: 51, pv: mv(2)}, {score: -300, pv: mv(3)}}
	seen := map[int]int{}
	for range 2000 {
		l, ok := chooseLevelled(lines, spec, rng)
		if !ok {
			t.Fatal("no pick")
		}
		seen[l.score]++
	}
	if seen[-300] != 0 || seen[100] == 0 || seen[60] == 0 || seen[51] == 0 {
		t.Errorf("picks by score: %v", seen)
	}
	// A forced win is always played; a forced loss never picked while another line is not one.
	win := []rootLine{{score: 10, pv: mv(0)}, {score: Mate - 3, pv: mv(1)}}
	lose := []rootLine{{score: -(Mate - 40), pv: mv(0)}, {score: -(Mate - 4), pv: mv(1)}, {score: -20000, pv: mv(2)}}
	for range 200 {
		if l, _ := chooseLevelled(win, levelSpec{margin: 1000}, rng); l.score != Mate-3 {
			t.Fatalf("missed the forced win: %d", l.score)
		}
		if l, _ := chooseLevelled(lose, levelSpec{margin: 1 << 20}, rng); l.score <= -(Mate-MateSpan) && l.score != -(Mate-40) {
			if l.score != -(Mate - 40) {
				t.Fatalf("picked %d", l.score)
			}
		}
	}
	if _, ok := chooseLevelled(nil, spec, rng); ok {
		t.Error("a pick from no lines")
	}
}

// TestWeakestLevelTakesAndKeeps: the weakest level errs by depth and noise only: it takes
// a queen left hanging and does not leave its own queen hanging, whatever its seed.
func TestWeakestLevelTakesAndKeeps(t *testing.T) {
	t.Parallel()
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	// White's bishop on c1 takes Black's queen on g5 for nothing.
	take := "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3"
	// Black's queen on h4 is attacked by the knight on f3 and must step away (or be guarded).
	keep := "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3"
	for seed := uint64(0); seed < 20; seed++ {
		e := New(rs, 1)
		e.SetSeed(seed)
		p, err := interpreter.FromFEN(rs, take)
		if err != nil {
			t.Fatal(err)
		}
		res := e.Search(context.Background(), p, Limits{Level: 1}, nil)
		if got := p.Coord(res.Best); got != "c1g5" {
			t.Errorf("seed %d: level 1 played %s, not the free queen c1g5", seed, got)
		}
		p, err = interpreter.FromFEN(rs, keep)
		if err != nil {
			t.Fatal(err)
		}
		res = e.Search(context.Background(), p, Limits{Level: 1}, nil)
		if !p.IsLegal(res.Best) {
			t.Fatalf("seed %d: illegal move", seed)
		}
		p.Make(res.Best)
		q := p.Pieces(1, rs.TypeOf('Q'))
		if q.Empty() {
			t.Fatalf("seed %d: no black queen after %v", seed, res.Best)
		}
		if p.Attackers(q.First(), 0).Any() && p.Attackers(q.First(), 1).Empty() {
			t.Errorf("seed %d: level 1 left its queen hanging on %v", seed, q.First())
		}
		p.Unmake()
	}
}

// TestLevelsRepeatAndDeepen: a seeded level plays the same moves again, and a level
// searches no deeper than its depth.
func TestLevelsRepeatAndDeepen(t *testing.T) {
	t.Parallel()
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	play := func(level int, seed uint64) (moves []string, deepest int) {
		e := New(rs, 1)
		e.SetSeed(seed)
		p, _ := interpreter.Start(rs, "")
		for range 12 {
			res := e.Search(context.Background(), p, Limits{Level: level}, nil)
			if res.Best == interpreter.NoMove {
				break
			}
			deepest = max(deepest, res.Depth)
			moves = append(moves, p.Coord(res.Best))
			p.Make(res.Best)
		}
		return moves, deepest
	}
	for level := 1; level < MaxLevel; level += 3 {
		a, d := play(level, 9)
		b, _ := play(level, 9)
		if len(a) != 12 || len(a) != len(b) {
			t.Fatalf("level %d: %d and %d moves", level, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("level %d, seed 9 twice: move %d %s then %s", level, i+1, a[i], b[i])
			}
		}
		if d > levels[level].depth {
			t.Errorf("level %d searched to depth %d, above its %d", level, d, levels[level].depth)
		}
	}
}
