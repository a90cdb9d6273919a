// Tests of the reverse attack tables: leap origins, slide groups, ranged ride attacks, path
// types, and the reach of paths checked against a naive walk over random boards.
package compiler

import (
	"math/rand"
	"testing"

	"chimera/defs"
)

func TestAttackFromReversesLeapCapture(t *testing.T) {
	t.Parallel()
	rulesets := []*Ruleset{compileText(t, pawnDef), compileText(t, landingDef), compileText(t, pathDef)}
	for _, name := range defs.Builtins() {
		rulesets = append(rulesets, builtin(t, name))
	}
	for _, rs := range rulesets {
		for c := 0; c < 2; c++ {
			for ty := range rs.pieces {
				for from := 0; from < rs.Cells; from++ {
					for to := 0; to < rs.Cells; to++ {
						leap := rs.pieces[ty].leapCapture[c][from].Has(to)
						back := rs.AttackFromAt(c, ty, to).Has(from)
						if leap != back {
							t.Fatalf("%s colour %d %s: LeapCapture[%s] has %s: %v; AttackFrom[%s] has %s: %v",
								rs.Name, c, rs.pieces[ty].Name, rs.names[from], rs.names[to], leap, rs.names[to], rs.names[from], back)
						}
					}
				}
			}
		}
	}
}

func TestAttackFrom(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	cases := []struct {
		letter byte
		c      Color
		target string
		from   string
	}{
		{'P', White, "e4", "d3 f3"},
		{'P', Black, "e4", "d5 f5"},
		{'P', White, "a3", "b2"},
		{'P', Black, "h6", "g7"},
		{'P', White, "e1", ""},
		{'N', White, "a1", "b3 c2"},
		{'N', Black, "d4", "c2 e2 b3 f3 b5 f5 c6 e6"},
		{'K', White, "h8", "g8 g7 h7"},
		{'Q', White, "d4", ""}, // sliders attack through the slide groups
	}
	for i, c := range cases {
		got := rs.AttackFromAt(c.c, typeOf(t, rs, c.letter), sqOf(t, rs, c.target))
		if want := set(t, rs, c.from); got != want {
			t.Errorf("#%d %c AttackFrom[%d][%s] got %s want %s", i, c.letter, c.c, c.target, show(rs, got), show(rs, want))
		}
	}
	// Types with leap captures: K, N, P (0, 4, 5).
	for c := 0; c < 2; c++ {
		if got := rs.leapTypes[c]; len(got) != 3 || got[0] != 0 || got[1] != 4 || got[2] != 5 {
			t.Errorf("#%d LeapTypes got %v want [0 4 5]", c, got)
		}
	}
}

func TestSlideGroups(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	q, r, b := uint64(1)<<typeOf(t, rs, 'Q'), uint64(1)<<typeOf(t, rs, 'R'), uint64(1)<<typeOf(t, rs, 'B')
	for c := 0; c < 2; c++ {
		groups := rs.slideGroups[c]
		if len(groups) != 8 {
			t.Errorf("#%d got %d slide groups want 8", c, len(groups))
		}
		seen := map[Vec]bool{}
		for i, g := range groups {
			v := rs.dirs[g.Back].V
			if seen[v] {
				t.Errorf("#%d group %d: direction %v twice", c, i, v)
			}
			seen[v] = true
			if v.DX < -1 || v.DX > 1 || v.DY < -1 || v.DY > 1 || v == (Vec{}) {
				t.Errorf("#%d group %d: direction %v is not a king step", c, i, v)
			}
			want := q | b
			if v.DX == 0 || v.DY == 0 {
				want = q | r
			}
			if g.Types != want {
				t.Errorf("#%d group %v got types %b want %b", c, v, g.Types, want)
			}
		}
		if len(rs.rideAttacks[c]) != 0 || rs.PathTypes[c] != 0 {
			t.Errorf("#%d chess got %d ride attacks, path types %b want 0, 0", c, len(rs.rideAttacks[c]), rs.PathTypes[c])
		}
	}
}

func TestSlideGroupBackIsOpposite(t *testing.T) {
	t.Parallel()
	// A piece that slides forward only is found looking backward from its target.
	rs := compileText(t, mini("{files: 8, ranks: 8}", "pieces:\n"+kingLine+
		"  - {name: Lance, letter: L, moves: [{ride: [0, 1], symmetry: none}]}\n"))
	l := uint64(1) << typeOf(t, rs, 'L')
	want := [2]Vec{{0, -1}, {0, 1}}
	for c := 0; c < 2; c++ {
		g := rs.slideGroups[c]
		if len(g) != 1 || rs.dirs[g[0].Back].V != want[c] || g[0].Types != l {
			t.Errorf("#%d got %d groups %+v want one looking along %v with types %b", c, len(g), g, want[c], l)
		}
	}
}

func TestRideAttacks(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "zones:\n  spot: {squares: [d4]}\n  start: {ranks: [2]}\npieces:\n"+kingLine+
		"  - {name: Short, letter: S, moves: [{ride: [1, 1], range: [3]}]}\n"+
		"  - {name: Mover, letter: M, moves: [{ride: [0, 1], mode: move}, {ride: [0, 1], range: [2, 2], mode: move, from: start, symmetry: none, ep-target: true}]}\n"+
		"  - {name: Catcher, letter: C, moves: [{ride: [1, 1], mode: capture, symmetry: none}]}\n"+
		"  - {name: Fixed, letter: F, moves: [{ride: [1, 0], from: spot}]}\n"+
		"  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}\n"))
	type want struct {
		letter   byte
		v        Vec
		min, max int
		from     string
	}
	cases := [2][]want{
		{
			{'S', Vec{1, 1}, 1, 3, ""}, {'S', Vec{1, -1}, 1, 3, ""}, {'S', Vec{-1, 1}, 1, 3, ""}, {'S', Vec{-1, -1}, 1, 3, ""},
			{'C', Vec{1, 1}, 1, 0, ""},
			{'F', Vec{1, 0}, 1, 0, "d4"}, {'F', Vec{-1, 0}, 1, 0, "d4"}, {'F', Vec{0, 1}, 1, 0, "d4"}, {'F', Vec{0, -1}, 1, 0, "d4"},
		},
		{
			{'S', Vec{1, 1}, 1, 3, ""}, {'S', Vec{1, -1}, 1, 3, ""}, {'S', Vec{-1, 1}, 1, 3, ""}, {'S', Vec{-1, -1}, 1, 3, ""},
			{'C', Vec{1, -1}, 1, 0, ""},
			{'F', Vec{1, 0}, 1, 0, "d4"}, {'F', Vec{-1, 0}, 1, 0, "d4"}, {'F', Vec{0, 1}, 1, 0, "d4"}, {'F', Vec{0, -1}, 1, 0, "d4"},
		},
	}
	for c := 0; c < 2; c++ {
		got := rs.rideAttacks[c]
		if len(got) != len(cases[c]) {
			t.Errorf("#%d got %d ride attacks want %d: %+v", c, len(got), len(cases[c]), got)
		}
		for i, w := range cases[c] {
			from := rs.Squares
			if w.from != "" {
				from = set(t, rs, w.from)
			}
			found := false
			for _, a := range got {
				if a.Type == typeOf(t, rs, w.letter) && a.V == w.v {
					found = true
					back := rs.dirs[a.Back].V
					if back != (Vec{-w.v.DX, -w.v.DY}) || a.Min != w.min || a.Max != w.max || a.From != from {
						t.Errorf("#%d.%d %c %v got back %v, range %d-%d, from %s want back %v, range %d-%d, from %s", c, i, w.letter, w.v,
							back, a.Min, a.Max, show(rs, a.From), Vec{-w.v.DX, -w.v.DY}, w.min, w.max, show(rs, from))
					}
				}
			}
			if !found {
				t.Errorf("#%d.%d %c %v: no ride attack", c, i, w.letter, w.v)
			}
		}
		// Only the rook's unlimited ride is a slide group member.
		rook := uint64(1) << typeOf(t, rs, 'R')
		for _, g := range rs.slideGroups[c] {
			if g.Types != rook {
				t.Errorf("#%d slide group %v got types %b want %b", c, rs.dirs[g.Back].V, g.Types, rook)
			}
		}
	}
}

func TestPathTypes(t *testing.T) {
	t.Parallel()
	rs := compileText(t, pathDef)
	var want uint64
	for _, l := range []byte{'G', 'B', 'M', 'O', 'F', 'D', 'R', 'H', 'C', 'T'} {
		want |= 1 << typeOf(t, rs, l)
	}
	// The slider's path only moves (its last leg lands on an empty square).
	for c := 0; c < 2; c++ {
		if got := rs.PathTypes[c]; got != want {
			t.Errorf("#%d PathTypes got %b want %b", c, got, want)
		}
	}
	if len(rs.royalList) != 1 || rs.royalList[0] != typeOf(t, rs, 'K') {
		t.Errorf("RoyalList got %v want [0]", rs.royalList)
	}
}

func TestPathReach(t *testing.T) {
	t.Parallel()
	rs := compileText(t, pathDef)
	cases := []struct {
		letter byte
		c      Color
		from   string
		reach  string // every square some path of the piece can capture on, by hand
	}{
		// Two diagonal steps, capturing on either square.
		{'G', White, "d4", "c3 c5 e3 e5 b2 b6 f2 f6"},
		{'G', Black, "a1", "b2 c3"},
		{'G', White, "b7", "a8 c8 a6 c6 d5"},
		// Bombing: capture the first piece met, landing just beyond it.
		{'R', White, "a1", "b1 c1 d1 e1 f1 g1 a2 a3 a4 a5 a6 a7"},
		{'R', Black, "d4", "c4 b4 e4 f4 g4 d5 d6 d7 d3 d2"},
		// Two enemies in a row, landing on a third.
		{'T', White, "a1", "b1 c1 d1"},
		{'T', Black, "f1", "g1 h1"},
		// Two steps up, one across onto an enemy, from d4 only.
		{'C', White, "d4", "e6"},
		{'C', Black, "d4", "e2"},
		{'C', White, "e4", ""},
		{'P', White, "d4", ""},
	}
	for i, c := range cases {
		pt := &rs.pieces[typeOf(t, rs, c.letter)]
		from := sqOf(t, rs, c.from)
		var reach Bitboard
		for j := range pt.paths[c.c] {
			reach = reach.Or(pt.paths[c.c][j].reach[from])
		}
		if want := set(t, rs, c.reach); reach.And(want) != want {
			t.Errorf("#%d %c colour %d Reach[%s] got %s want a superset of %s", i, c.letter, c.c, c.from, show(rs, reach), show(rs, want))
		}
		if c.reach == "" && reach.Any() {
			t.Errorf("#%d %c colour %d Reach[%s] got %s want none", i, c.letter, c.c, c.from, show(rs, reach))
		}
	}
}

// Cell contents for the naive walk.
const (
	cellEmpty = iota
	cellFriend
	cellEnemy
)

// naiveWalk follows the language's path rules on a concrete board and reports every
// capture square and every cell looked at (whose content decides the walk). Passed cells must meet the leg's condition
// (unused cells count as empty, missing cells only as missing, off the board never);
// a capturing leg takes an enemy passed; the last leg lands on a playable square that is
// empty or an enemy, after passing empty or unused cells.
func naiveWalk(rs *Ruleset, p *Path[Bitboard], board []int, from Square) (captures, touched Bitboard) {
	var walk func(li int, at Square, caps Bitboard)
	walk = func(li int, at Square, caps Bitboard) {
		leg := p.legs[li]
		last := li == len(p.legs)-1
		v := rs.dirs[leg.Dir].V
		if !last && leg.Min == 0 {
			walk(li+1, at, caps)
		}
		f, r := rs.FileOf(at), rs.RankOf(at)
		for k := 1; leg.Max == 0 || k <= leg.Max; k++ {
			f, r = f+v.DX, r+v.DY
			cur := rs.SquareAt(f, r)
			if cur == NoSquare {
				return
			}
			touched = touched.With(cur)
			kind := rs.kind[cur]
			if last {
				if kind == CellMissing {
					return
				}
				if kind == CellUnused {
					continue
				}
				content := board[cur]
				if k >= leg.Min && (content == cellEmpty && leg.On&OnEmpty != 0 || content == cellEnemy && leg.On&OnEnemy != 0) {
					landed := caps
					if content == cellEnemy {
						landed = landed.With(cur)
					}
					captures = captures.Or(landed)
				}
				if content != cellEmpty {
					return
				}
				continue
			}
			var ok bool
			switch {
			case kind == CellMissing:
				ok = leg.On&OnMissing != 0
			case kind == CellUnused:
				ok = leg.On&(OnUnused|OnEmpty) != 0
			case board[cur] == cellEmpty:
				ok = leg.On&OnEmpty != 0
			case board[cur] == cellFriend:
				ok = leg.On&OnFriend != 0
			default:
				ok = leg.On&OnEnemy != 0
			}
			if !ok {
				return
			}
			next := caps
			if leg.Capture && kind == CellSquare && board[cur] == cellEnemy {
				next = next.With(cur)
			}
			if k >= leg.Min {
				walk(li+1, cur, next)
			}
			caps = next
		}
	}
	walk(0, from, Bitboard{})
	return captures, touched
}

// TestPathReachSound checks on random boards that no path captures outside its Reach, nor
// touches a cell outside its Visit.
func TestPathReachSound(t *testing.T) {
	t.Parallel()
	layout := "\n  files: 6\n  ranks: 6\n  layout: |\n    ......\n    .-..*.\n    ..-...\n    .*....\n    ....-.\n    ......\n"
	rulesets := []*Ruleset{compileText(t, pathDef), compileText(t, mini(layout, pathBody))}
	for _, name := range defs.Builtins() {
		if rs := builtin(t, name); rs.HasPaths {
			rulesets = append(rulesets, rs)
		}
	}
	if len(rulesets) < 3 {
		t.Errorf("got %d built-ins with paths want at least 1", len(rulesets)-2)
	}
	rng := rand.New(rand.NewSource(1))
	rounds := 40
	if testing.Short() {
		rounds = 15
	}
	for di, rs := range rulesets {
		captured := 0
		board := make([]int, rs.Cells)
		for round := 0; round < rounds; round++ {
			for sq := range board {
				board[sq] = cellEmpty
				if rs.Squares.Has(sq) {
					board[sq] = rng.Intn(3)
				}
			}
			for ty := range rs.pieces {
				for c := 0; c < 2; c++ {
					for j := range rs.pieces[ty].paths[c] {
						p := &rs.pieces[ty].paths[c][j]
						for from := 0; from < rs.Cells; from++ {
							if !p.From.Has(from) {
								continue
							}
							caps, touched := naiveWalk(rs, p, board, from)
							captured += caps.Count()
							if caps.AndNot(p.reach[from]).Any() {
								t.Fatalf("def %d %s colour %d path %s from %s: captures %s outside Reach %s",
									di, rs.pieces[ty].Name, c, pathDirs(rs, p), rs.names[from], show(rs, caps.AndNot(p.reach[from])), show(rs, p.reach[from]))
							}
							// Only squares can change: a missing or unused cell never holds a piece.
							touched = touched.And(rs.Squares)
							if touched.AndNot(p.visit[from]).Any() {
								t.Fatalf("def %d %s colour %d path %s from %s: touches %s outside Visit %s",
									di, rs.pieces[ty].Name, c, pathDirs(rs, p), rs.names[from], show(rs, touched.AndNot(p.visit[from])), show(rs, p.visit[from]))
							}
							if caps.Any() && !p.Captures {
								t.Fatalf("def %d %s path %s captures but Captures is false", di, rs.pieces[ty].Name, pathDirs(rs, p))
							}
						}
					}
				}
			}
		}
		if captured == 0 && rs.PathTypes[White]|rs.PathTypes[Black] != 0 {
			t.Errorf("def %d %s: the random boards gave no capture at all; the check proves nothing", di, rs.Name)
		}
	}
}

// recursiveCells is the plain recursive walk of legs li.. of p from at, ignoring occupancy
// (exponential in the optional and repeating legs): the reference the tabled pathReach
// must equal.
func recursiveCells(rs *Ruleset, p *Path[Bitboard], li int, at Square) (reach, visit Bitboard) {
	leg := &p.legs[li]
	last := li == len(p.legs)-1
	if !last && leg.Min == 0 {
		reach, visit = recursiveCells(rs, p, li+1, at)
	}
	cur := at
	for k := 1; leg.Max == 0 || k <= leg.Max; k++ {
		cur = rs.SquareAt(rs.FileOf(cur)+rs.dirs[leg.Dir].V.DX, rs.RankOf(cur)+rs.dirs[leg.Dir].V.DY)
		if cur == NoSquare || rs.kind[cur] == CellMissing && leg.On&OnMissing == 0 {
			break
		}
		visit = visit.With(cur)
		if last {
			if k >= leg.Min && rs.kind[cur] == CellSquare && leg.On&OnEnemy != 0 {
				reach = reach.With(cur)
			}
			continue
		}
		if leg.Capture && rs.kind[cur] == CellSquare {
			reach = reach.With(cur)
		}
		if k >= leg.Min {
			r, v := recursiveCells(rs, p, li+1, cur)
			reach, visit = reach.Or(r), visit.Or(v)
		}
	}
	return reach, visit
}

// TestPathReachEqualsRecursiveWalk: the tables made once per (leg, cell) give exactly what
// the recursive walk from each origin gives, on paths with optional and repeating legs,
// up to the limits (8 legs, 3 of them repeating).
func TestPathReachEqualsRecursiveWalk(t *testing.T) {
	t.Parallel()
	layout := "\n  files: 6\n  ranks: 6\n  layout: |\n    ......\n    .-..*.\n    ..-...\n    .*....\n    ....-.\n    ......\n"
	// 8 legs, 3 repeating, 4 more optional, on an irregular board and on 8x8.
	long := "  - name: Long\n    letter: L\n    moves:\n      - symmetry: none\n        path:\n" +
		"          - {step: [1, 0], range: [0, 0]}\n" +
		"          - {step: [0, 1], range: [0, 1], on: [any]}\n" +
		"          - {step: [1, 1], range: [0, 0], on: [empty, missing]}\n" +
		"          - {step: [0, 1], range: [0, 1], capture: true, on: [enemy, empty]}\n" +
		"          - {step: [-1, 0], range: [0, 1], on: [any, unused]}\n" +
		"          - {step: [0, -1], range: [0, 0], on: [any]}\n" +
		"          - {step: [1, 0], range: [0, 1], on: [any]}\n" +
		"          - {step: [1, 0], on: [empty, enemy]}\n"
	rulesets := []*Ruleset{compileText(t, pathDef), compileText(t, mini(layout, pathBody)),
		compileText(t, mini(layout, "pieces:\n"+kingLine+long)), compileText(t, mini("{files: 8, ranks: 8}", "pieces:\n"+kingLine+long))}
	for _, name := range defs.Builtins() {
		if rs := builtin(t, name); rs.HasPaths {
			rulesets = append(rulesets, rs)
		}
	}
	paths := 0
	for di, rs := range rulesets {
		for ty := range rs.pieces {
			for c := 0; c < 2; c++ {
				for j := range rs.pieces[ty].paths[c] {
					p := &rs.pieces[ty].paths[c][j]
					paths++
					for from := 0; from < rs.Cells; from++ {
						var reach, visit Bitboard
						if p.From.Has(from) {
							reach, visit = recursiveCells(rs, p, 0, from)
						}
						if p.reach[from] != reach || p.visit[from] != visit {
							t.Fatalf("def %d %s colour %d path %s from %s: got Reach %s Visit %s want %s %s", di, rs.pieces[ty].Name, c, pathDirs(rs, p),
								rs.names[from], show(rs, p.reach[from]), show(rs, p.visit[from]), show(rs, reach), show(rs, visit))
						}
					}
				}
			}
		}
	}
	if paths < 10 {
		t.Errorf("got %d paths compared; want at least 10", paths)
	}
}

// The sniper tables: on for chess, where each cell lies on at most one line of the slides'
// back directions from another; off when a slide steps by a multiple of another's step
// (two directions share pairs of cells), so that the attack walk looks line by line; and
// SlideFromAt is the union of the back rays of the type's slides.
func TestSniperTables(t *testing.T) {
	t.Parallel()
	board := "{files: 8, ranks: 8}"
	chess := builtin(t, "chess")
	if !chess.Snipes(White) || !chess.Snipes(Black) {
		t.Fatal("chess: no sniper tables")
	}
	for c := White; c <= Black; c++ {
		for _, ty := range chess.slideTypes[c] {
			pt := &chess.pieces[ty]
			for sq := 0; sq < chess.Cells; sq++ {
				var want Bitboard
				for _, d := range pt.slides[c] {
					v := chess.dirs[d].V
					want = want.Or(chess.dirs[chess.dirIndex(Vec{-v.DX, -v.DY})].ray[sq])
				}
				if got := chess.SlideFromAt(c, ty, sq); got != want {
					t.Fatalf("chess %s side %d on %s: slides from %v, want %v", pt.Name, c, chess.SquareName(sq), got, want)
				}
				for b := want; b.Any(); b = b.Rest() {
					d := chess.dirs[chess.LineDirAt(sq, b.First())]
					if !d.ray[sq].Has(b.First()) {
						t.Fatalf("chess: LineDirAt(%s, %s) is a direction whose ray does not hold it", chess.SquareName(sq), chess.SquareName(b.First()))
					}
				}
			}
		}
	}
	skip := compileText(t, mini(board, "pieces:\n"+kingLine+
		"  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}\n  - {name: Skipper, letter: S, moves: [{ride: [2, 0]}]}\n"))
	if skip.Snipes(White) || skip.Snipes(Black) {
		t.Error("a (2, 0) slide beside a (1, 0) one: sniper tables on, want off")
	}
}
