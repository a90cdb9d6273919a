// Tests of symmetry images and direction filters of movement vectors, and of the flip
// that turns White's vectors into Black's.
package compiler

import "testing"

func TestImages(t *testing.T) {
	cases := []struct {
		v        Vec
		symmetry string
		only     []string
		want     []Vec
	}{
		// Knight: all eight.
		{Vec{1, 2}, "", nil, []Vec{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}},
		{Vec{1, 2}, "all", nil, []Vec{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}},
		{Vec{1, 0}, "", nil, []Vec{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
		{Vec{1, 1}, "", nil, []Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
		{Vec{2, 2}, "", nil, []Vec{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}}},
		// Pawn capture: forward diagonals.
		{Vec{1, 1}, "", []string{"forward"}, []Vec{{1, 1}, {-1, 1}}},
		{Vec{1, 1}, "", []string{"backward"}, []Vec{{1, -1}, {-1, -1}}},
		// Union of filters.
		{Vec{1, 0}, "", []string{"forward", "backward"}, []Vec{{0, 1}, {0, -1}}},
		{Vec{1, 0}, "", []string{"sideways"}, []Vec{{1, 0}, {-1, 0}}},
		{Vec{1, 0}, "", []string{"sideways", "forward"}, []Vec{{1, 0}, {-1, 0}, {0, 1}}},
		{Vec{1, 0}, "", []string{"orthogonal"}, []Vec{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
		{Vec{1, 1}, "", []string{"forward", "diagonal"}, []Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
		{Vec{1, 2}, "", []string{"forward"}, []Vec{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}},
		{Vec{1, 2}, "", []string{"forward", "sideways"}, []Vec{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}},
		{Vec{1, 2}, "", []string{"orthogonal"}, nil},
		{Vec{1, 2}, "", []string{"diagonal"}, nil},
		{Vec{2, 2}, "", []string{"diagonal"}, []Vec{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}}},
		// Mirror: left-right only.
		{Vec{1, 2}, "mirror", nil, []Vec{{1, 2}, {-1, 2}}},
		{Vec{2, 1}, "mirror", nil, []Vec{{2, 1}, {-2, 1}}},
		{Vec{0, 1}, "mirror", nil, []Vec{{0, 1}}},
		{Vec{1, -1}, "mirror", nil, []Vec{{1, -1}, {-1, -1}}},
		{Vec{1, 2}, "mirror", []string{"backward"}, nil},
		{Vec{1, 0}, "mirror", []string{"sideways"}, []Vec{{1, 0}, {-1, 0}}},
		// None: the vector itself.
		{Vec{1, 2}, "none", nil, []Vec{{1, 2}}},
		{Vec{0, 1}, "none", nil, []Vec{{0, 1}}},
		{Vec{0, 1}, "none", []string{"backward"}, nil},
		{Vec{-1, -1}, "none", []string{"backward"}, []Vec{{-1, -1}}},
	}
	for i, c := range cases {
		got := Images(c.v, c.symmetry, c.only)
		if len(got) != len(c.want) || vecSet(got) != vecSet(c.want) {
			t.Errorf("#%d Images(%v, %q, %v) got %d [%s] want %d [%s]", i, c.v, c.symmetry, c.only, len(got), vecSet(got), len(c.want), vecSet(c.want))
		}
	}
}

func TestForColor(t *testing.T) {
	cases := []struct {
		v    Vec
		c    Color
		want Vec
	}{
		{Vec{1, 2}, White, Vec{1, 2}},
		{Vec{1, 2}, Black, Vec{1, -2}},
		{Vec{0, 1}, Black, Vec{0, -1}},
		{Vec{0, -1}, Black, Vec{0, 1}},
		{Vec{-1, 1}, Black, Vec{-1, -1}},
		{Vec{3, 0}, Black, Vec{3, 0}},
		{Vec{-2, -1}, White, Vec{-2, -1}},
	}
	for i, c := range cases {
		if got := forColor(c.v, c.c); got != c.want {
			t.Errorf("#%d forColor(%v, %d) got %v want %v", i, c.v, c.c, got, c.want)
		}
	}
}
