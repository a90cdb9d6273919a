// Tests of symmetry images and direction filters of movement vectors, and of the flip
// that turns White's vectors into Black's.
package compiler

import "testing"

func TestImages(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
		if got := (&Geometry{}).forColor(c.v, c.c); got != c.want {
			t.Errorf("#%d forColor(%v, %d) got %v want %v", i, c.v, c.c, got, c.want)
		}
	}
}

// On a hexagonal board a vector stands for its images under the hexagon's twelve
// symmetries: the six edge and six vertex neighbours (counted on a drawing of the board),
// the knight's twelve leaps; forward keeps the three upward edge steps; Black's vectors are
// White's mirrored top to bottom.
func TestHexImages(t *testing.T) {
	t.Parallel()
	g := &Geometry{Hex: true}
	edges := []Vec{{0, 1}, {1, 1}, {1, 0}, {0, -1}, {-1, -1}, {-1, 0}}
	vertices := []Vec{{1, 2}, {2, 1}, {1, -1}, {-1, -2}, {-2, -1}, {-1, 1}}
	same := func(got, want []Vec) bool {
		if len(got) != len(want) {
			return false
		}
		for _, w := range want {
			found := false
			for _, v := range got {
				found = found || v == w
			}
			if !found {
				return false
			}
		}
		return true
	}
	if got := g.Images(Vec{0, 1}, "all", nil); !same(got, edges) {
		t.Errorf("[0, 1]: %v; want the six edge neighbours %v", got, edges)
	}
	if got := g.Images(Vec{1, 2}, "all", nil); !same(got, vertices) {
		t.Errorf("[1, 2]: %v; want the six vertex neighbours %v", got, vertices)
	}
	if got := g.Images(Vec{1, 3}, "all", nil); len(got) != 12 {
		t.Errorf("[1, 3]: %d images %v; want the knight's 12", len(got), got)
	}
	if got := g.Images(Vec{0, 1}, "all", []string{"forward"}); !same(got, []Vec{{0, 1}, {1, 1}, {-1, 0}}) {
		t.Errorf("[0, 1] forward: %v", got)
	}
	if got := g.Images(Vec{1, 1}, "mirror", nil); !same(got, []Vec{{1, 1}, {-1, 0}}) {
		t.Errorf("[1, 1] mirror: %v; want up-right and up-left", got)
	}
	for _, c := range []struct{ v, want Vec }{{Vec{0, 1}, Vec{0, -1}}, {Vec{1, 1}, Vec{1, 0}}, {Vec{-1, 0}, Vec{-1, -1}}, {Vec{1, 2}, Vec{1, -1}}} {
		if got := g.forColor(c.v, Black); got != c.want {
			t.Errorf("Black's %v: %v; want %v", c.v, got, c.want)
		}
	}
}
