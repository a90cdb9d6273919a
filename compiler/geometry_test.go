// Tests of board geometry: square numbering and names, cell kinds from the layout, and the
// direction tables (steps, rays, ray direction, nearest blocker).
package compiler

import (
	"fmt"
	"testing"
)

// board53 is a 5x3 board with every kind of cell:
//
//	rank 3: a3 .  b3 -  c3 .  d3 .  e3 *
//	rank 2: a2 .  b2 .  c2 *  d2 .  e2 .
//	rank 1: a1 -  b1 .  c1 .  d1 .  e1 .
//
// Cells by index (a1 = 0, rank*5+file): unused 0 and 11, missing 7 and 14.
const board53 = "\n  files: 5\n  ranks: 3\n  layout: |\n    .-..*\n    ..*..\n    -....\n"

func TestSquareNumbering(t *testing.T) {
	t.Parallel()
	cases := []struct {
		files, ranks int
		name         string
		sq           Square
	}{
		{8, 8, "a1", 0},
		{8, 8, "h1", 7},
		{8, 8, "a2", 8},
		{8, 8, "e4", 28},
		{8, 8, "h8", 63},
		{6, 8, "f1", 5},
		{6, 8, "a2", 6},
		{6, 8, "e4", 22},
		{6, 8, "a8", 42},
		{6, 8, "f8", 47},
		{7, 8, "g1", 6},
		{7, 8, "a2", 7},
		{7, 8, "e4", 25},
		{7, 8, "d5", 31},
		{7, 8, "g8", 55},
	}
	for i, c := range cases {
		rs := compileText(t, mini(fmtBoard(c.files, c.ranks), "pieces:\n"+kingLine))
		if rs.Cells != c.files*c.ranks || len(rs.names) != rs.Cells || len(rs.kind) != rs.Cells {
			t.Errorf("#%d %dx%d got %d cells, %d names, %d kinds; want %d", i, c.files, c.ranks, rs.Cells, len(rs.names), len(rs.kind), c.files*c.ranks)
			continue
		}
		if got := rs.names[c.sq]; got != c.name {
			t.Errorf("#%d %dx%d Names[%d] got %q want %q", i, c.files, c.ranks, c.sq, got, c.name)
		}
		if got, ok := rs.ParseSquare(c.name); !ok || got != c.sq {
			t.Errorf("#%d %dx%d ParseSquare(%q) got %d, %v want %d, true", i, c.files, c.ranks, c.name, got, ok, c.sq)
		}
		f, r := int(c.name[0]-'a'), int(c.name[1]-'1')
		if got := rs.SquareAt(f, r); got != c.sq {
			t.Errorf("#%d %dx%d SquareAt(%d, %d) got %d want %d", i, c.files, c.ranks, f, r, got, c.sq)
		}
		if rs.FileOf(c.sq) != f || rs.RankOf(c.sq) != r {
			t.Errorf("#%d %dx%d FileOf, RankOf(%d) got %d, %d want %d, %d", i, c.files, c.ranks, c.sq, rs.FileOf(c.sq), rs.RankOf(c.sq), f, r)
		}
		seen := map[string]bool{}
		for _, n := range rs.names {
			if seen[n] {
				t.Errorf("#%d %dx%d name %q given twice", i, c.files, c.ranks, n)
			}
			seen[n] = true
		}
	}
}

func fmtBoard(files, ranks int) string {
	return fmt.Sprintf("{files: %d, ranks: %d}", files, ranks)
}

func TestSquareAtOffGrid(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini(fmtBoard(6, 8), "pieces:\n"+kingLine))
	cases := []struct{ f, r int }{{-1, 0}, {0, -1}, {6, 0}, {0, 8}, {6, 7}, {-1, 8}}
	for i, c := range cases {
		if got := rs.SquareAt(c.f, c.r); got != NoSquare {
			t.Errorf("#%d SquareAt(%d, %d) on 6x8 got %d want NoSquare", i, c.f, c.r, got)
		}
	}
}

func TestParseSquareRejects(t *testing.T) {
	t.Parallel()
	cases := []struct {
		files, ranks int
		name         string
	}{
		{6, 8, "g1"}, // file g on 6 files
		{6, 8, "a9"},
		{6, 8, "a0"},
		{6, 8, ""},
		{6, 8, "A1"},
		{6, 8, "a"},
		{6, 8, "a1 "},
		{8, 8, "i1"},
		{8, 8, "a10"},
		{7, 8, "h4"},
	}
	for i, c := range cases {
		rs := compileText(t, mini(fmtBoard(c.files, c.ranks), "pieces:\n"+kingLine))
		if sq, ok := rs.ParseSquare(c.name); ok {
			t.Errorf("#%d %dx%d ParseSquare(%q) got %d, true want false", i, c.files, c.ranks, c.name, sq)
		}
	}
}

func TestCellKinds(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini(board53, "pieces:\n"+kingLine))
	cases := []struct {
		name string
		kind CellKind
	}{
		{"a1", CellUnused}, {"b1", CellSquare}, {"c1", CellSquare}, {"d1", CellSquare}, {"e1", CellSquare},
		{"a2", CellSquare}, {"b2", CellSquare}, {"c2", CellMissing}, {"d2", CellSquare}, {"e2", CellSquare},
		{"a3", CellSquare}, {"b3", CellUnused}, {"c3", CellSquare}, {"d3", CellSquare}, {"e3", CellMissing},
	}
	for i, c := range cases {
		if got := rs.kind[sqOf(t, rs, c.name)]; got != c.kind {
			t.Errorf("#%d Kind[%s] got %d want %d", i, c.name, got, c.kind)
		}
	}
	sets := []struct {
		what string
		got  Bitboard
		want Bitboard
	}{
		{"Squares", rs.Squares, FromWords([4]uint64{1<<1 | 1<<2 | 1<<3 | 1<<4 | 1<<5 | 1<<6 | 1<<8 | 1<<9 | 1<<10 | 1<<12 | 1<<13})},
		{"Missing", rs.Missing, FromWords([4]uint64{1<<7 | 1<<14})},
		{"Unused", rs.Unused, FromWords([4]uint64{1<<0 | 1<<11})},
	}
	for i, s := range sets {
		if s.got != s.want {
			t.Errorf("#%d %s got %s want %s", i, s.what, show(rs, s.got), show(rs, s.want))
		}
	}
	// Without a layout every cell is a square.
	plain := compileText(t, mini(fmtBoard(7, 8), "pieces:\n"+kingLine))
	if plain.Squares != Below256(56) || plain.Missing.Any() || plain.Unused.Any() {
		t.Errorf("7x8 without layout got squares %v, missing %v, unused %v want %x, 0, 0", plain.Squares, plain.Missing, plain.Unused, uint64(1<<56-1))
	}
}

func TestDirStep(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini(board53, "pieces:\n"+kingLine))
	cases := []struct {
		v        Vec
		from, to string // to "" is off the grid
	}{
		{Vec{1, 0}, "a1", "b1"},
		{Vec{1, 0}, "d1", "e1"},
		{Vec{1, 0}, "e1", ""},   // not a2: no wrapping
		{Vec{1, 0}, "b2", "c2"}, // a missing cell is still a cell of the grid
		{Vec{-1, 0}, "a2", ""},  // not e1
		{Vec{-1, 0}, "b1", "a1"},
		{Vec{0, 1}, "c1", "c2"},
		{Vec{0, 1}, "a3", ""},
		{Vec{0, -1}, "a1", ""},
		{Vec{0, -1}, "c3", "c2"},
		{Vec{2, 1}, "a1", "c2"},
		{Vec{2, 1}, "d1", ""},
		{Vec{2, 1}, "c2", "e3"},
		{Vec{-2, -1}, "c3", "a2"},
		{Vec{-2, -1}, "b3", ""},
		{Vec{1, 1}, "e2", ""},
		{Vec{-1, 1}, "a1", ""},
	}
	for i, c := range cases {
		d := &rs.dirs[rs.dirIndex(c.v)]
		if d.V != c.v {
			t.Errorf("#%d dirIndex(%v) names a direction %v", i, c.v, d.V)
		}
		want := NoSquare
		if c.to != "" {
			want = sqOf(t, rs, c.to)
		}
		if got := d.step[sqOf(t, rs, c.from)]; got != want {
			t.Errorf("#%d Step %v from %s got %d want %d (%q)", i, c.v, c.from, got, want, c.to)
		}
	}
}

func TestDirRay(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini(board53, "pieces:\n"+kingLine))
	cases := []struct {
		v    Vec
		from string
		ray  string
	}{
		{Vec{1, 0}, "a3", "b3 c3 d3"}, // through the unused b3, stopped by the missing e3
		{Vec{1, 0}, "a2", "b2"},       // stopped by the missing c2
		{Vec{1, 0}, "a1", "b1 c1 d1 e1"},
		{Vec{-1, 0}, "e1", "d1 c1 b1 a1"}, // ends on the unused a1: it is passed like an empty square
		{Vec{0, 1}, "c1", ""},
		{Vec{0, 1}, "b1", "b2 b3"},
		{Vec{1, 1}, "a1", "b2 c3"},
		{Vec{1, 1}, "b1", ""},
		{Vec{-1, -1}, "e3", "d2 c1"}, // from a missing cell too
		{Vec{-1, 1}, "e1", "d2 c3"},
		{Vec{2, 1}, "a1", ""},
		{Vec{2, 1}, "a2", "c3"},
		{Vec{1, 0}, "e3", ""},
		{Vec{-1, 0}, "e3", "d3 c3 b3 a3"},
		{Vec{0, -1}, "d3", "d2 d1"},
	}
	for i, c := range cases {
		d := &rs.dirs[rs.dirIndex(c.v)]
		want := set(t, rs, c.ray)
		if got := d.ray[sqOf(t, rs, c.from)]; got != want {
			t.Errorf("#%d Ray %v from %s got %s want %s", i, c.v, c.from, show(rs, got), show(rs, want))
		}
	}
}

func TestDirUp(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini(board53, "pieces:\n"+kingLine))
	cases := []struct {
		v  Vec
		up bool
	}{
		{Vec{1, 0}, true}, {Vec{-1, 0}, false}, {Vec{0, 1}, true}, {Vec{0, -1}, false},
		{Vec{1, 1}, true}, {Vec{-1, -1}, false}, {Vec{-1, 1}, true}, {Vec{1, -1}, false},
		{Vec{-2, 1}, true}, {Vec{2, -1}, false}, {Vec{-4, 1}, true}, {Vec{4, -1}, false},
	}
	for i, c := range cases {
		if got := rs.dirs[rs.dirIndex(c.v)].Up; got != c.up {
			t.Errorf("#%d Up of %v got %v want %v", i, c.v, got, c.up)
		}
	}
}

func TestNearest(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini(fmtBoard(8, 8), "pieces:\n"+kingLine))
	cases := []struct {
		v          Vec
		from       string
		blockers   string
		nearest    string
		visibleRay string // cells seen from the origin: up to and including the nearest blocker
	}{
		{Vec{1, 0}, "a1", "c1 e1", "c1", "b1 c1"},
		{Vec{-1, 0}, "h1", "c1 e1", "e1", "g1 f1 e1"},
		{Vec{0, 1}, "a1", "a4 a7", "a4", "a2 a3 a4"},
		{Vec{0, -1}, "a8", "a4 a7", "a7", "a7"},
		{Vec{-1, 1}, "h1", "f3 c6", "f3", "g2 f3"},
		{Vec{1, -1}, "a8", "c6 e4", "c6", "b7 c6"},
		{Vec{1, 1}, "a1", "h8 d4", "d4", "b2 c3 d4"},
		{Vec{-1, -1}, "h8", "a1 d4", "d4", "g7 f6 e5 d4"},
		{Vec{2, 1}, "a1", "e3 g4", "e3", "c2 e3"},
		{Vec{-2, -1}, "h8", "b5 d6", "d6", "f7 d6"},
	}
	for i, c := range cases {
		d := &rs.dirs[rs.dirIndex(c.v)]
		from := sqOf(t, rs, c.from)
		blk := set(t, rs, c.blockers)
		if blk.AndNot(d.ray[from]).Any() {
			t.Fatalf("#%d blockers %s are not on the ray %v from %s", i, c.blockers, c.v, c.from)
		}
		if got, want := Nearest(d, blk), sqOf(t, rs, c.nearest); got != want {
			t.Errorf("#%d Nearest %v from %s among %s got %s want %s", i, c.v, c.from, c.blockers, rs.names[got], c.nearest)
			continue
		}
		if got, want := d.ray[from].AndNot(d.ray[Nearest(d, blk)]), set(t, rs, c.visibleRay); got != want {
			t.Errorf("#%d visible ray %v from %s got %s want %s", i, c.v, c.from, show(rs, got), show(rs, want))
		}
	}
}
