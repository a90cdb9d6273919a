// Tests of lowering: piece attributes, leap tables per colour, landing masks, origin zones,
// rides and slides, compiled paths, zones, rules, goals, freezes, castling, capability flags.
package compiler

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

func TestPieceAttributes(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "pieces:\n"+kingLine+
		"  - {name: Pawn, letter: P, san-letter: \"\", resets-clock: true, value: 100, moves: [{leap: [0, 1], symmetry: none}]}\n"+
		"  - {name: Wall, letter: W, immune: true, value: 50, moves: [{leap: [1, 0]}]}\n"+
		"  - {name: Queen, letter: Q, san-letter: D, value: 900, moves: [{ride: [1, 0]}, {ride: [1, 1]}]}\n"))
	cases := []struct {
		letter               byte
		typ                  int
		name, san            string
		royal, immune, clock bool
		value                int
	}{
		{'K', 0, "King", "K", true, false, false, 0},
		{'P', 1, "Pawn", "", false, false, true, 100},
		{'W', 2, "Wall", "W", false, true, false, 50},
		{'Q', 3, "Queen", "D", false, false, false, 900},
	}
	for i, c := range cases {
		if got := rs.TypeOf(c.letter); got != c.typ {
			t.Errorf("#%d TypeOf(%c) got %d want %d", i, c.letter, got, c.typ)
			continue
		}
		if got := rs.TypeOf(c.letter + 'a' - 'A'); got != c.typ {
			t.Errorf("#%d TypeOf(%c) got %d want %d", i, c.letter+'a'-'A', got, c.typ)
		}
		pt := &rs.pieces[c.typ]
		if pt.Name != c.name || pt.Letter != c.letter || pt.SAN != c.san || pt.Royal != c.royal || pt.Immune != c.immune || pt.ResetsClock != [2]bool{c.clock, c.clock} || pt.Value != c.value {
			t.Errorf("#%d piece got %q %c san %q royal %v immune %v clock %v value %d want %q %c san %q royal %v immune %v clock %v value %d",
				i, pt.Name, pt.Letter, pt.SAN, pt.Royal, pt.Immune, pt.ResetsClock, pt.Value, c.name, c.letter, c.san, c.royal, c.immune, c.clock, c.value)
		}
	}
	for i, l := range []byte{'A', 'z', '1', ' ', 200} {
		if got := rs.TypeOf(l); got != -1 {
			t.Errorf("#%d TypeOf(%q) got %d want -1", i, l, got)
		}
	}
	if rs.RoyalTypes != 1 || !rs.Mechanisms.Meets(MechImmune) || len(rs.royalList) != 1 || rs.royalList[0] != 0 {
		t.Errorf("got royal types %b, list %v, mechanisms %v; want 1, [0], immune", rs.RoyalTypes, rs.royalList, rs.Mechanisms)
	}
}

// pawnDef is a chess pawn beside a king on 8x8.
var pawnDef = mini("{files: 8, ranks: 8}", "zones:\n  start: {ranks: [2]}\npieces:\n"+kingLine+
	"  - name: Pawn\n    letter: P\n    san-letter: \"\"\n    moves:\n"+
	"      - {leap: [0, 1], symmetry: none, mode: move}\n"+
	"      - {ride: [0, 1], range: [2, 2], symmetry: none, mode: move, from: start, ep-target: true}\n"+
	"      - {leap: [1, 1], only: [forward], mode: capture, en-passant: true}\n")

const (
	quiet = iota
	capture
	ep
)

func leapTable(pt *PieceType[Bitboard], table int) [2][]Bitboard {
	switch table {
	case quiet:
		return pt.leapQuiet
	case capture:
		return pt.leapCapture
	}
	return pt.epCapture
}

// leapCase is one entry of a leap table: piece, side, table, origin and the targets.
type leapCase struct {
	letter byte
	c      Color
	table  int
	from   string
	want   string
}

func checkLeaps(t *testing.T, rs *Ruleset, cases []leapCase) {
	t.Helper()
	tables := []string{"LeapQuiet", "LeapCapture", "EPCapture"}
	for i, c := range cases {
		pt := &rs.pieces[typeOf(t, rs, c.letter)]
		got := leapTable(pt, c.table)[c.c][sqOf(t, rs, c.from)]
		if want := set(t, rs, c.want); got != want {
			t.Errorf("#%d %c %s[%d][%s] got %s want %s", i, c.letter, tables[c.table], c.c, c.from, show(rs, got), show(rs, want))
		}
	}
}

func TestPawnLeapsPerColor(t *testing.T) {
	t.Parallel()
	rs := compileText(t, pawnDef)
	checkLeaps(t, rs, []leapCase{
		{'P', White, quiet, "e2", "e3"},
		{'P', Black, quiet, "e7", "e6"},
		{'P', White, quiet, "e8", ""},
		{'P', Black, quiet, "e1", ""},
		{'P', White, capture, "e4", "d5 f5"},
		{'P', Black, capture, "e4", "d3 f3"},
		{'P', White, capture, "a2", "b3"},
		{'P', Black, capture, "h7", "g6"},
		{'P', White, capture, "e2", "d3 f3"},
		{'P', White, capture, "c8", ""},
		{'P', White, ep, "e5", "d6 f6"},
		{'P', Black, ep, "d4", "c3 e3"},
		{'K', White, quiet, "a1", "a2 b1 b2"},
		{'K', White, capture, "a1", "a2 b1 b2"},
		{'K', Black, capture, "h8", "g8 g7 h7"},
		{'K', White, quiet, "e4", "d3 e3 f3 d4 f4 d5 e5 f5"},
		{'K', White, ep, "e4", ""},
	})
	p := &rs.pieces[typeOf(t, rs, 'P')]
	k := &rs.pieces[typeOf(t, rs, 'K')]
	if !p.MakesEP || k.MakesEP {
		t.Errorf("MakesEP got pawn %v, king %v want true, false", p.MakesEP, k.MakesEP)
	}
	want := [2]struct {
		v    Vec
		from string
	}{{Vec{0, 1}, "a2 b2 c2 d2 e2 f2 g2 h2"}, {Vec{0, -1}, "a7 b7 c7 d7 e7 f7 g7 h7"}}
	for c := 0; c < 2; c++ {
		if len(p.slides[c]) != 0 || len(p.rides[c]) != 1 {
			t.Errorf("#%d pawn got %d slides, %d rides want 0, 1", c, len(p.slides[c]), len(p.rides[c]))
			continue
		}
		r := p.rides[c][0]
		if rs.dirs[r.Dir].V != want[c].v || r.Min != 2 || r.Max != 2 || r.Mode != ModeMove || !r.EPTarget || r.From != set(t, rs, want[c].from) {
			t.Errorf("#%d pawn ride got %v min %d max %d mode %d ep %v from %s want %v 2 2 move ep from %s",
				c, rs.dirs[r.Dir].V, r.Min, r.Max, r.Mode, r.EPTarget, show(rs, r.From), want[c].v, want[c].from)
		}
	}
}

// landingDef: a 5x5 board with an unused c3 and a missing c1; only a king may end a move
// on the palace squares b2 and d2.
var landingDef = mini("\n  files: 5\n  ranks: 5\n  layout: |\n    .....\n    .....\n    ..-..\n    .....\n    ..*..\n"+
	"  restricted:\n    - {zone: palace, only: [K]}\n",
	"zones:\n  palace: {squares: [b2, d2]}\npieces:\n"+kingLine+
		"  - {name: Wazir, letter: W, moves: [{leap: [1, 0]}]}\n"+
		"  - {name: Ferz, letter: F, moves: [{leap: [1, 1], mode: capture}]}\n")

func TestLandingMasks(t *testing.T) {
	t.Parallel()
	rs := compileText(t, landingDef)
	all := "a1 b1 d1 e1 a2 b2 c2 d2 e2 a3 b3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5"
	noPalace := "a1 b1 d1 e1 a2 c2 e2 a3 b3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5"
	lands := []struct {
		letter byte
		want   string
	}{{'K', all}, {'W', noPalace}, {'F', noPalace}}
	for i, l := range lands {
		pt := &rs.pieces[typeOf(t, rs, l.letter)]
		for c := 0; c < 2; c++ {
			if want := set(t, rs, l.want); pt.Land[c] != want {
				t.Errorf("#%d %c Land[%d] got %s want %s", i, l.letter, c, show(rs, pt.Land[c]), show(rs, want))
			}
		}
	}
	checkLeaps(t, rs, []leapCase{
		// c2: b2 and d2 are the palace, c3 is unused, c1 missing.
		{'W', White, quiet, "c2", ""},
		{'W', White, capture, "c2", "b2 d2"}, // attacks ignore the restriction
		{'K', White, quiet, "c2", "b1 d1 b2 d2 b3 d3"},
		{'K', White, capture, "c2", "b1 d1 b2 d2 b3 d3"},
		{'W', White, quiet, "b3", "a3 b4"},
		{'W', White, capture, "b3", "a3 b4 b2"},
		{'W', Black, quiet, "c4", "b4 d4 c5"},
		{'W', White, quiet, "b1", "a1"},
		{'W', White, capture, "b1", "a1 b2"},
		{'F', White, quiet, "b1", ""},
		{'F', White, capture, "b1", "a2 c2"},
		{'F', White, capture, "a1", "b2"},
		{'F', Black, capture, "a3", "b2 b4"},
		{'F', White, capture, "b4", "a3 a5 c5"}, // c3 is unused
		{'K', Black, quiet, "d2", "c2 e2 d1 e1 e3 d3"},
	})
	// A zone with different squares per side restricts White's and Black's squares alike.
	rs = compileText(t, mini("{files: 4, ranks: 4, restricted: [{zone: ends, only: [K]}]}",
		"zones:\n  ends: {ranks: [1]}\npieces:\n"+kingLine+"  - {name: Wazir, letter: W, moves: [{leap: [1, 0]}]}\n"))
	middle := set(t, rs, "a2 b2 c2 d2 a3 b3 c3 d3")
	if w := rs.pieces[typeOf(t, rs, 'W')]; w.Land[White] != middle || w.Land[Black] != middle {
		t.Errorf("wazir Land got %s / %s want %s for both", show(rs, w.Land[White]), show(rs, w.Land[Black]), show(rs, middle))
	}
	if k := rs.pieces[typeOf(t, rs, 'K')]; k.Land[White] != rs.Squares || k.Land[Black] != rs.Squares {
		t.Errorf("king Land got %s / %s want every square", show(rs, k.Land[White]), show(rs, k.Land[Black]))
	}
}

func TestLeapOrigins(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "zones:\n  home: {ranks: [1]}\n  spot: {squares: [d4]}\npieces:\n"+kingLine+
		"  - {name: Jumper, letter: J, moves: [{leap: [0, 1], symmetry: none, from: home}]}\n"+
		"  - {name: Knight, letter: N, moves: [{leap: [1, 2], from: spot}]}\n"))
	checkLeaps(t, rs, []leapCase{
		{'J', White, quiet, "a1", "a2"},
		{'J', White, quiet, "a2", ""},
		{'J', White, capture, "e1", "e2"},
		{'J', White, quiet, "e8", ""},
		{'J', Black, quiet, "a8", "a7"},
		{'J', Black, capture, "e8", "e7"},
		{'J', Black, quiet, "a1", ""},
		{'N', White, capture, "d4", "c2 e2 b3 f3 b5 f5 c6 e6"},
		{'N', Black, quiet, "d4", "c2 e2 b3 f3 b5 f5 c6 e6"},
		{'N', White, capture, "e4", ""},
		{'N', Black, capture, "b1", ""},
	})
}

// rideWant describes one expected ride; from "" means every square.
type rideWant struct {
	v        Vec
	min, max int
	mode     Mode
	from     string
}

func TestRides(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "zones:\n  spot: {squares: [d4]}\npieces:\n"+kingLine+
		"  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}\n"+
		"  - {name: Short, letter: S, moves: [{ride: [1, 1], range: [3]}]}\n"+
		"  - {name: Long, letter: L, moves: [{ride: [1, 0], range: [2, 0]}]}\n"+
		"  - {name: Mover, letter: M, moves: [{ride: [0, 1], mode: move}]}\n"+
		"  - {name: Catcher, letter: C, moves: [{ride: [1, 1], mode: capture, symmetry: none}]}\n"+
		"  - {name: Zero, letter: Z, moves: [{ride: [1, 0], range: [0, 3]}]}\n"+
		"  - {name: Fixed, letter: F, moves: [{ride: [1, 0], from: spot}]}\n"+
		"  - {name: Unlimited, letter: U, moves: [{ride: [1, 0], range: [0]}]}\n"+
		"  - {name: Open, letter: O, moves: [{ride: [1, 0], range: [1, 0]}]}\n"+
		"  - {name: Skipper, letter: X, moves: [{ride: [1, 2], range: [2, 2], only: [forward]}]}\n"))
	orth := []Vec{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diag := []Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	rides := func(vs []Vec, min, max int, mode Mode, from string) []rideWant {
		var out []rideWant
		for _, v := range vs {
			out = append(out, rideWant{v, min, max, mode, from})
		}
		return out
	}
	cases := []struct {
		letter byte
		c      Color
		slides []Vec
		rides  []rideWant
	}{
		{'R', White, orth, nil},
		{'R', Black, orth, nil},
		{'U', White, orth, nil},
		{'O', Black, orth, nil},
		{'S', White, nil, rides(diag, 1, 3, ModeBoth, "")},
		{'S', Black, nil, rides(diag, 1, 3, ModeBoth, "")},
		{'L', White, nil, rides(orth, 2, 0, ModeBoth, "")},
		{'M', White, nil, rides(orth, 1, 0, ModeMove, "")},
		{'C', White, nil, rides([]Vec{{1, 1}}, 1, 0, ModeCapture, "")},
		{'C', Black, nil, rides([]Vec{{1, -1}}, 1, 0, ModeCapture, "")},
		{'Z', White, nil, rides(orth, 1, 3, ModeBoth, "")},
		{'F', White, nil, rides(orth, 1, 0, ModeBoth, "d4")},
		{'F', Black, nil, rides(orth, 1, 0, ModeBoth, "d4")},
		{'X', White, nil, rides([]Vec{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}}, 2, 2, ModeBoth, "")},
		{'X', Black, nil, rides([]Vec{{1, -2}, {-1, -2}, {2, -1}, {-2, -1}}, 2, 2, ModeBoth, "")},
	}
	for i, c := range cases {
		pt := &rs.pieces[typeOf(t, rs, c.letter)]
		var slides []Vec
		for _, d := range pt.slides[c.c] {
			slides = append(slides, rs.dirs[d].V)
		}
		if len(slides) != len(c.slides) || vecSet(slides) != vecSet(c.slides) {
			t.Errorf("#%d %c Slides[%d] got [%s] want [%s]", i, c.letter, c.c, vecSet(slides), vecSet(c.slides))
		}
		got := make([]string, 0, len(pt.rides[c.c]))
		for _, r := range pt.rides[c.c] {
			from := ""
			if r.From != rs.Squares {
				from = show(rs, r.From)
			}
			got = append(got, rideString(rideWant{rs.dirs[r.Dir].V, r.Min, r.Max, r.Mode, from}))
			if r.EPTarget {
				t.Errorf("#%d %c ride %v marks en-passant targets", i, c.letter, rs.dirs[r.Dir].V)
			}
		}
		want := make([]string, 0, len(c.rides))
		for _, r := range c.rides {
			if r.from != "" {
				r.from = show(rs, set(t, rs, r.from))
			}
			want = append(want, rideString(r))
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("#%d %c Rides[%d] got %v want %v", i, c.letter, c.c, got, want)
		}
		if pt.MakesEP {
			t.Errorf("#%d %c MakesEP got true want false", i, c.letter)
		}
	}
}

func rideString(r rideWant) string {
	return fmt.Sprintf("%s[%d,%d]mode%d%s", vecString(r.v), r.min, r.max, r.mode, r.from)
}

// pathDef holds pieces with multi-leg paths on 8x8.
var pathDef = mini("{files: 8, ranks: 8}", pathBody)

// pathBody is pathDef after its board.
var pathBody = "zones:\n  spot: {squares: [d4]}\npieces:\n" + kingLine +
	// A guard that steps two diagonal squares, capturing what it jumps over.
	"  - {name: Guard, letter: G, moves: [{leap: [1, 1]}, {path: [{step: [1, 1], on: [any], capture: true}, {step: [1, 1]}]}]}\n" +
	// A pawn that slides diagonally forward when an enemy stands ahead.
	"  - {name: Slider, letter: P, moves: [{path: [{step: [0, 1], on: [enemy]}, {step: [1, 0], on: [empty]}], symmetry: mirror}]}\n" +
	"  - {name: Bent, letter: B, moves: [{path: [{step: [1, 0]}, {step: [1, 1]}]}]}\n" +
	"  - {name: Mirrored, letter: M, moves: [{path: [{step: [1, 0]}, {step: [1, 1]}], symmetry: mirror}]}\n" +
	"  - {name: Single, letter: O, moves: [{path: [{step: [1, 0]}, {step: [1, 1]}], symmetry: none}]}\n" +
	"  - {name: Forward, letter: F, moves: [{path: [{step: [1, 1]}, {step: [1, 0]}], only: [forward]}]}\n" +
	"  - {name: Double, letter: D, moves: [{path: [{step: [1, 0]}, {step: [1, 0]}]}]}\n" +
	// Bombing: over empty squares, over an enemy (captured), onto the empty square after.
	"  - {name: Bomber, letter: R, moves: [{path: [{step: [1, 0], on: [empty], range: [0, 0]}, {step: [1, 0], on: [enemy], capture: true}, {step: [1, 0], on: [empty]}]}]}\n" +
	"  - {name: Hopper, letter: H, moves: [{path: [{step: [1, 0], on: [friend, unused, missing]}, {step: [1, 0], on: [any], range: [1, 2]}], symmetry: none}]}\n" +
	"  - {name: Climber, letter: C, moves: [{path: [{step: [0, 1], range: [2]}, {step: [1, 0], on: [enemy]}], symmetry: none, from: spot}]}\n" +
	"  - {name: Two, letter: T, moves: [{path: [{step: [1, 0], on: [enemy], capture: true}, {step: [1, 0], on: [enemy], capture: true}, {step: [1, 0], on: [enemy]}], symmetry: none}]}\n"

// pathDirs renders a path's leg directions, e.g. "(0,1)(1,0)".
func pathDirs(rs *Ruleset, p *Path[Bitboard]) string {
	var b strings.Builder
	for _, l := range p.legs {
		b.WriteString(vecString(rs.dirs[l.Dir].V))
	}
	return b.String()
}

func TestPathImages(t *testing.T) {
	t.Parallel()
	rs := compileText(t, pathDef)
	bent := "(1,0)(1,1) (1,0)(1,-1) (-1,0)(-1,1) (-1,0)(-1,-1) (0,1)(1,1) (0,1)(-1,1) (0,-1)(1,-1) (0,-1)(-1,-1)"
	guard := "(1,1)(1,1) (1,-1)(1,-1) (-1,1)(-1,1) (-1,-1)(-1,-1)"
	cases := []struct {
		letter byte
		c      Color
		paths  string // space-separated leg direction sequences
	}{
		{'G', White, guard},
		{'G', Black, guard},
		{'P', White, "(0,1)(1,0) (0,1)(-1,0)"},
		{'P', Black, "(0,-1)(1,0) (0,-1)(-1,0)"},
		{'B', White, bent},
		{'B', Black, bent},
		{'M', White, "(1,0)(1,1) (-1,0)(-1,1)"},
		{'M', Black, "(1,0)(1,-1) (-1,0)(-1,-1)"},
		{'O', White, "(1,0)(1,1)"},
		{'O', Black, "(1,0)(1,-1)"},
		{'F', White, "(1,1)(1,0) (1,1)(0,1) (-1,1)(-1,0) (-1,1)(0,1)"},
		{'F', Black, "(1,-1)(1,0) (1,-1)(0,-1) (-1,-1)(-1,0) (-1,-1)(0,-1)"},
		{'D', White, "(1,0)(1,0) (-1,0)(-1,0) (0,1)(0,1) (0,-1)(0,-1)"},
		{'R', Black, "(1,0)(1,0)(1,0) (-1,0)(-1,0)(-1,0) (0,1)(0,1)(0,1) (0,-1)(0,-1)(0,-1)"},
		{'H', White, "(1,0)(1,0)"},
		{'C', Black, "(0,-1)(1,0)"},
	}
	for i, c := range cases {
		pt := &rs.pieces[typeOf(t, rs, c.letter)]
		var got []string
		for j := range pt.paths[c.c] {
			got = append(got, pathDirs(rs, &pt.paths[c.c][j]))
		}
		want := strings.Fields(c.paths)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("#%d %c Paths[%d] got %d %v want %d %v", i, c.letter, c.c, len(got), got, len(want), want)
		}
		// Fixed walks that land on distinct cells (B, M, O, F, D) cannot repeat a move; a
		// capture in passing (G), a screen of enemies only (P), ranges (R, H, C, T) may.
		if want := strings.IndexByte("BMOFD", c.letter) < 0; pt.MayRepeat != want {
			t.Errorf("#%d %c MayRepeat got %v want %v", i, c.letter, pt.MayRepeat, want)
		}
	}
	if !rs.HasPaths || rs.pieces[0].MayRepeat {
		t.Errorf("HasPaths got %v, king MayRepeat %v want true, false", rs.HasPaths, rs.pieces[0].MayRepeat)
	}
}

func TestPathLegs(t *testing.T) {
	t.Parallel()
	rs := compileText(t, pathDef)
	const (
		E = OnEmpty
		F = OnFriend
		N = OnEnemy
	)
	type leg struct {
		on       uint8
		capture  bool
		min, max int
	}
	cases := []struct {
		letter   byte
		legs     []leg
		captures bool
		from     string // "" every square
	}{
		// Defaults: a passed leg [empty], the last leg [empty, enemy].
		{'B', []leg{{E, false, 1, 1}, {E | N, false, 1, 1}}, true, ""},
		{'G', []leg{{E | F | N, true, 1, 1}, {E | N, false, 1, 1}}, true, ""},
		{'P', []leg{{N, false, 1, 1}, {E, false, 1, 1}}, false, ""},
		{'R', []leg{{E, false, 0, 0}, {N, true, 1, 1}, {E, false, 1, 1}}, true, ""},
		// A last leg of one or two steps, over any cell.
		{'H', []leg{{F | OnUnused | OnMissing, false, 1, 1}, {E | F | N, false, 1, 2}}, true, ""},
		{'C', []leg{{E, false, 2, 2}, {N, false, 1, 1}}, true, "d4"},
		{'T', []leg{{N, true, 1, 1}, {N, true, 1, 1}, {N, false, 1, 1}}, true, ""},
	}
	for i, c := range cases {
		pt := &rs.pieces[typeOf(t, rs, c.letter)]
		for col := 0; col < 2; col++ {
			for j := range pt.paths[col] {
				p := &pt.paths[col][j]
				if len(p.legs) != len(c.legs) {
					t.Errorf("#%d %c path %d got %d legs want %d", i, c.letter, j, len(p.legs), len(c.legs))
					continue
				}
				for k, l := range p.legs {
					w := c.legs[k]
					if l.On != w.on || l.Capture != w.capture || l.Min != w.min || l.Max != w.max {
						t.Errorf("#%d %c colour %d path %d leg %d got on %05b capture %v range %d-%d want on %05b capture %v range %d-%d",
							i, c.letter, col, j, k, l.On, l.Capture, l.Min, l.Max, w.on, w.capture, w.min, w.max)
					}
				}
				if p.Captures != c.captures {
					t.Errorf("#%d %c path %d Captures got %v want %v", i, c.letter, j, p.Captures, c.captures)
				}
				want := rs.Squares
				if c.from != "" {
					want = set(t, rs, c.from)
				}
				if p.From != want {
					t.Errorf("#%d %c path %d From got %s want %s", i, c.letter, j, show(rs, p.From), show(rs, want))
				}
			}
		}
	}
}

func TestZones(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 6, ranks: 8}", "zones:\n  home: {ranks: [1]}\n  two: {ranks: [2, 3]}\n"+
		"  pair: {squares: [a1, c3]}\n  sides: {white: [a1, b2], black: [f8]}\n  last: {ranks: [8]}\npieces:\n"+kingLine))
	cases := []struct {
		zone         string
		white, black string
	}{
		{"home", "a1 b1 c1 d1 e1 f1", "a8 b8 c8 d8 e8 f8"},
		{"last", "a8 b8 c8 d8 e8 f8", "a1 b1 c1 d1 e1 f1"},
		{"two", "a2 b2 c2 d2 e2 f2 a3 b3 c3 d3 e3 f3", "a7 b7 c7 d7 e7 f7 a6 b6 c6 d6 e6 f6"},
		{"pair", "a1 c3", "a1 c3"},
		{"sides", "a1 b2", "f8"},
	}
	for i, c := range cases {
		z, ok := rs.zones[c.zone]
		if !ok {
			t.Errorf("#%d zone %s missing", i, c.zone)
			continue
		}
		if w, b := set(t, rs, c.white), set(t, rs, c.black); z[White] != w || z[Black] != b {
			t.Errorf("#%d zone %s got %s / %s want %s / %s", i, c.zone, show(rs, z[White]), show(rs, z[Black]), show(rs, w), show(rs, b))
		}
	}
	// Ranks leave out the cells that are not squares.
	rs = compileText(t, mini(board53, "zones:\n  near: {ranks: [1]}\n  mid: {ranks: [2]}\npieces:\n"+kingLine))
	if z, w, b := rs.zones["near"], set(t, rs, "b1 c1 d1 e1"), set(t, rs, "a3 c3 d3"); z[White] != w || z[Black] != b {
		t.Errorf("board53 zone near got %s / %s want %s / %s", show(rs, z[White]), show(rs, z[Black]), show(rs, w), show(rs, b))
	}
	if z, w := rs.zones["mid"], set(t, rs, "a2 b2 d2 e2"); z[White] != w || z[Black] != w {
		t.Errorf("board53 zone mid got %s / %s want %s / %s", show(rs, z[White]), show(rs, z[Black]), show(rs, w), show(rs, w))
	}
}

func TestRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rules              string
		check              CheckRule
		inCheck, otherwise Outcome
		fifty, repetition  int
	}{
		{"", CheckRoyalAttacked, Loss, Draw, 100, 3},
		{"rules: {check: royal-attacked}\n", CheckRoyalAttacked, Loss, Draw, 100, 3},
		{"rules: {check: none}\n", CheckNone, Loss, Draw, 100, 3},
		{"rules: {check: enemy-royal-unattacked, no-moves: {in-check: draw, otherwise: loss}}\n", CheckEnemyRoyalUnattacked, Draw, Loss, 100, 3},
		{"rules: {no-moves: {in-check: win, otherwise: win}, fifty-move: 0, repetition: 0}\n", CheckRoyalAttacked, Win, Win, 0, 0},
		{"rules: {fifty-move: 150, repetition: 5}\n", CheckRoyalAttacked, Loss, Draw, 150, 5},
		{"rules: {no-moves: {otherwise: loss}}\n", CheckRoyalAttacked, Loss, Loss, 100, 3},
		{"rules: {no-moves: {in-check: draw}, repetition: 2}\n", CheckRoyalAttacked, Draw, Draw, 100, 2},
	}
	for i, c := range cases {
		rs := compileText(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+c.rules))
		if rs.Check != c.check || rs.NoMovesInCheck != c.inCheck || rs.NoMovesOtherwise != c.otherwise || rs.FiftyMove != c.fifty || rs.Repetition != c.repetition {
			t.Errorf("#%d got check %d, no moves %d/%d, fifty %d, repetition %d want %d, %d/%d, %d, %d",
				i, rs.Check, rs.NoMovesInCheck, rs.NoMovesOtherwise, rs.FiftyMove, rs.Repetition, c.check, c.inCheck, c.otherwise, c.fifty, c.repetition)
		}
	}
}

func TestGoals(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "zones:\n  hill: {squares: [d4, e4]}\n  far: {ranks: [8]}\n"+
		"  camp: {white: [a1], black: [h8]}\npieces:\n"+kingLine+
		"  - {name: Knight, letter: N, moves: [{leap: [1, 2]}]}\n"+
		"  - {name: Queen, letter: Q, moves: [{ride: [1, 0]}, {ride: [1, 1]}]}\n"+
		"goals:\n"+
		"  - {name: a, reach: hill}\n"+
		"  - {name: b, reach: far}\n"+
		"  - {name: c, reach: far, whose: opponent}\n"+
		"  - {name: d, reach: camp, whose: opponent, pieces: [N, Q], result: draw}\n"+
		"  - {name: e, reach: camp, whose: own, result: loss}\n"+
		"  - {name: f, when: \"ply > 10\"}\n"+
		"  - {name: g, reach: hill, when: \"captures > 0\", pieces: [Q], result: win}\n"))
	rank8, rank1 := "a8 b8 c8 d8 e8 f8 g8 h8", "a1 b1 c1 d1 e1 f1 g1 h1"
	cases := []struct {
		name         string
		hasZone      bool
		white, black string
		types        uint64 // K 1, N 2, Q 4
		hook         bool
		result       Outcome
	}{
		{"a", true, "d4 e4", "d4 e4", 1, false, Win},
		{"b", true, rank8, rank1, 1, false, Win},
		{"c", true, rank1, rank8, 1, false, Win},
		{"d", true, "h8", "a1", 2 | 4, false, Draw},
		{"e", true, "a1", "h8", 1, false, Loss},
		{"f", false, "", "", 1 | 2 | 4, true, Win}, // a hook-only goal sees every piece's moves
		{"g", true, "d4 e4", "d4 e4", 4, true, Win},
	}
	if len(rs.goals) != len(cases) {
		t.Fatalf("got %d goals want %d", len(rs.goals), len(cases))
	}
	for i, c := range cases {
		g := &rs.goals[i]
		if g.Def == nil || g.Def.Name != c.name {
			t.Errorf("#%d goal Def does not name %q", i, c.name)
		}
		w, b := set(t, rs, c.white), set(t, rs, c.black)
		if g.HasZ != c.hasZone || g.Zone[White] != w || g.Zone[Black] != b || g.Types != c.types || (g.Hook != nil) != c.hook || g.Result != c.result {
			t.Errorf("#%d goal %s got zone %v %s / %s, types %b, hook %v, result %d want %v %s / %s, %b, %v, %d", i, c.name,
				g.HasZ, show(rs, g.Zone[White]), show(rs, g.Zone[Black]), g.Types, g.Hook != nil, g.Result, c.hasZone, c.white, c.black, c.types, c.hook, c.result)
		}
	}
	if rs.NumHooks() == 0 {
		t.Errorf("HasHooks got false want true")
	}
}

func TestFreeze(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "pieces:\n"+kingLine+
		"  - {name: Queen, letter: Q, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}\n"+
		"  - {name: Knight, letter: N, moves: [{leap: [1, 2]}]}\n"+
		"freeze:\n  - {by: [Q], steps: [[1, 0], [1, 1]]}\n  - {by: [N, K], targets: [Q], steps: [[2, 0]]}\n"))
	if len(rs.freezes) != 2 {
		t.Fatalf("got %d freezes want 2", len(rs.freezes))
	}
	masks := []struct{ by, targets uint64 }{{2, 7}, {5, 2}}
	for i, m := range masks {
		if f := rs.freezes[i]; f.By != m.by || f.Targets != m.targets {
			t.Errorf("#%d freeze got by %b, targets %b want %b, %b", i, f.By, f.Targets, m.by, m.targets)
		}
	}
	if rs.FreezerTypes != 7 {
		t.Errorf("FreezerTypes got %b want 111", rs.FreezerTypes)
	}
	cases := []struct {
		freeze int
		at     string
		near   string
	}{
		{0, "a1", "b1 a2 b2"},
		{0, "h8", "g8 g7 h7"},
		{0, "e4", "d3 e3 f3 d4 f4 d5 e5 f5"},
		{0, "a4", "a3 b3 b4 a5 b5"},
		{1, "a1", "c1 a3"},
		{1, "d4", "b4 f4 d2 d6"},
		{1, "g7", "e7 g5"},
	}
	for i, c := range cases {
		if got, want := rs.freezes[c.freeze].near[sqOf(t, rs, c.at)], set(t, rs, c.near); got != want {
			t.Errorf("#%d freeze %d Near[%s] got %s want %s", i, c.freeze, c.at, show(rs, got), show(rs, want))
		}
	}
	// Missing and unused cells are never frozen.
	rs = compileText(t, mini(board53, "pieces:\n"+kingLine+"freeze:\n  - {by: [K], steps: [[1, 0]]}\n"))
	layout := []struct{ at, near string }{{"b2", "a2 b1"}, {"d2", "e2 d1 d3"}, {"a2", "b2 a3"}, {"c3", "d3"}}
	for i, c := range layout {
		if got, want := rs.freezes[0].near[sqOf(t, rs, c.at)], set(t, rs, c.near); got != want {
			t.Errorf("#%d board53 Near[%s] got %s want %s", i, c.at, show(rs, got), show(rs, want))
		}
	}
}

func TestCastling(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	c := rs.Castling
	if c == nil {
		t.Fatal("chess has no castling")
	}
	if c.Royal != typeOf(t, rs, 'K') || c.Partner != typeOf(t, rs, 'R') || c.KingFile != [2]int{6, 2} || c.PartnerFile != [2]int{5, 3} || c.Rank != [2]int{0, 7} || c.KingToPartner {
		t.Errorf("chess castling got %+v want king K rook R, files [6 2] [5 3], ranks [0 7], king-to-square", *c)
	}
	rs = compileText(t, mini("{files: 6, ranks: 6}", "pieces:\n  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}\n"+kingLine+
		"castling: {royal: K, partner: R, short: {king: e, partner: d}, long: {king: b, partner: c}, notation: king-to-partner}\n"))
	c = rs.Castling
	if c == nil || c.Royal != 1 || c.Partner != 0 || c.KingFile != [2]int{4, 1} || c.PartnerFile != [2]int{3, 2} || c.Rank != [2]int{0, 5} || !c.KingToPartner {
		t.Errorf("6x6 castling got %+v want royal 1, partner 0, files [4 1] [3 2], ranks [0 5], king-to-partner", c)
	}
	if rs := compileText(t, mini("{files: 6, ranks: 6}", "pieces:\n"+kingLine)); rs.Castling != nil {
		t.Errorf("no castling key got %+v want nil", *rs.Castling)
	}
}

func TestSetups(t *testing.T) {
	t.Parallel()
	rs := compileText(t, "name: t\nboard: {files: 4, ranks: 4}\npieces:\n"+kingLine+
		"setups:\n  - {name: one, fen: \"  k3/4/4/3K w - - 0 1 \"}\n  - {name: two, fen: 4/4/4/K2k b - - 0 1}\n")
	want := []struct{ name, fen string }{{"one", "k3/4/4/3K w - - 0 1"}, {"two", "4/4/4/K2k b - - 0 1"}}
	if len(rs.setups) != len(want) {
		t.Fatalf("got %d setups want %d", len(rs.setups), len(want))
	}
	for i, w := range want {
		if s := rs.setups[i]; s.Name != w.name || s.FEN != w.fen || s.Def == nil {
			t.Errorf("#%d setup got %q %q want %q %q", i, s.Name, s.FEN, w.name, w.fen)
		}
	}
	if rs.Name != "t" || rs.Title != "t" {
		t.Errorf("got name %q title %q want t, t (the title defaults to the name)", rs.Name, rs.Title)
	}
}

func TestCapabilityFlags(t *testing.T) {
	t.Parallel()
	board := "{files: 8, ranks: 8}"
	cases := []struct {
		what      string
		text      string
		fastLegal bool
		paths     bool
		immune    bool
		hooks     bool
	}{
		{"chess", "", true, false, false, false},
		{"a pawn's limited non-capturing ride", pawnDef, true, false, false, false},
		{"a goal hook", mini(board, "pieces:\n"+kingLine+"goals: [{when: \"ply > 3\"}]\n"), true, false, false, true},
		{"a path", mini(board, "pieces:\n"+kingLine+"  - {name: Bent, letter: B, moves: [{path: [{step: [1, 0]}, {step: [1, 1]}]}]}\n"), false, true, false, false},
		{"a freeze", mini(board, "pieces:\n"+kingLine+"  - {name: Ice, letter: I, moves: [{leap: [1, 0]}]}\nfreeze: [{by: [I], steps: [[1, 0]]}]\n"), false, false, false, false},
		{"an immune piece", mini(board, "pieces:\n"+kingLine+"  - {name: Wall, letter: W, immune: true, moves: [{leap: [1, 0]}]}\n"), false, false, true, false},
		{"check enemy-royal-unattacked", mini(board, "pieces:\n"+kingLine+"rules: {check: enemy-royal-unattacked}\n"), false, false, false, false},
		{"check none", mini(board, "pieces:\n"+kingLine+"rules: {check: none}\n"), false, false, false, false},
		{"a capturing limited ride", mini(board, "pieces:\n"+kingLine+"  - {name: Short, letter: S, moves: [{ride: [1, 1], range: [2]}]}\n"), false, false, false, false},
		{"a capture-only ride", mini(board, "pieces:\n"+kingLine+"  - {name: Catcher, letter: C, moves: [{ride: [1, 1], mode: capture}]}\n"), false, false, false, false},
		{"a non-capturing unlimited ride", mini(board, "pieces:\n"+kingLine+"  - {name: Mover, letter: M, moves: [{ride: [1, 0], mode: move}]}\n"), true, false, false, false},
		// A capture-royal leap is an ordinary leap to the attack tables; a capture-royal ride
		// is a ranged attack, which the pin logic does not know.
		{"a capture-royal leap", mini(board, "pieces:\n"+kingLine+"  - {name: Camel, letter: C, moves: [{leap: [1, 3], mode: capture-royal}, {leap: [1, 0]}]}\n"), true, false, false, false},
		{"a capture-royal ride", mini(board, "pieces:\n"+kingLine+"  - {name: Flyer, letter: F, moves: [{ride: [0, 1], mode: capture-royal}, {leap: [1, 0]}]}\n"), false, false, false, false},
		{"a confined piece", mini(board, "zones: {home: {ranks: [1, 2]}}\npieces:\n"+kingLine+"  - {name: Guard, letter: G, confined: home, moves: [{ride: [1, 0]}]}\n"), true, false, false, false},
		{"minixiangqi", "", false, true, false, false},
	}
	for i, c := range cases {
		var rs *Ruleset
		if c.text == "" {
			rs = builtin(t, c.what)
		} else {
			rs = compileText(t, c.text)
		}
		if rs.Allows(ShortcutPins) != c.fastLegal || rs.HasPaths != c.paths || rs.Mechanisms.Meets(MechImmune) != c.immune || (rs.NumHooks() > 0) != c.hooks {
			t.Errorf("#%d %s got fast legal %v, paths %v, immune %v, hooks %v want %v, %v, %v, %v",
				i, c.what, rs.Allows(ShortcutPins), rs.HasPaths, rs.Mechanisms.Meets(MechImmune), rs.NumHooks() > 0, c.fastLegal, c.paths, c.immune, c.hooks)
		}
	}
}

func TestCaptureEffectsAndHandsCompile(t *testing.T) {
	t.Parallel()
	compileText(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+"capture: {effect: replace}\n"))
	compileText(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+
		"statuses: [{name: dazed, duration: 2, immobile: true}]\ncapture: {effect: bounce, status: dazed, kick: dazed}\n"))
	compileText(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+"hands:\n  pools: [pocket]\n  capture-to: pocket\n  drops: {from: pocket}\n"))
}

func TestMayRepeat(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 8, ranks: 8}", "zones:\n  start: {ranks: [2]}\npieces:\n"+kingLine+
		// The pawn's double step never lands where its single step does.
		"  - {name: Pawn, letter: P, moves: [{leap: [0, 1], symmetry: none, mode: move}, {ride: [0, 1], range: [2, 2], symmetry: none, mode: move, from: start}]}\n"+
		"  - {name: Wazir, letter: W, moves: [{leap: [1, 0]}, {ride: [1, 0], range: [2]}]}\n"+
		"  - {name: Dabbaba, letter: D, moves: [{leap: [2, 0]}, {ride: [1, 0], range: [2]}]}\n"+
		"  - {name: Far, letter: F, moves: [{leap: [3, 0]}, {ride: [1, 0], range: [2]}]}\n"+
		"  - {name: Rook, letter: R, moves: [{ride: [1, 0]}, {ride: [1, 1], range: [2]}]}\n"+
		"  - {name: Queen, letter: Q, moves: [{ride: [1, 0]}, {ride: [0, 1], range: [3]}]}\n"+
		"  - {name: Twice, letter: T, moves: [{ride: [1, 1], range: [2]}, {ride: [1, 1], range: [3, 4]}]}\n"+
		"  - {name: Thrice, letter: H, moves: [{ride: [1, 1], range: [2]}, {ride: [1, 1], range: [2, 3]}]}\n"+
		"  - {name: Leaper, letter: L, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}\n"))
	cases := []struct {
		letter byte
		want   bool
	}{
		{'P', false}, {'W', true}, {'D', true}, {'F', false}, {'R', false},
		{'Q', true}, {'T', false}, {'H', true}, {'L', false}, {'K', false},
	}
	for i, c := range cases {
		if got := rs.pieces[typeOf(t, rs, c.letter)].MayRepeat; got != c.want {
			t.Errorf("#%d %c MayRepeat got %v want %v", i, c.letter, got, c.want)
		}
	}
}

func TestPromotion(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 6, ranks: 6}", "zones:\n  last: {ranks: [6]}\n  deep: {ranks: [5, 6]}\npieces:\n"+kingLine+
		"  - {name: Queen, letter: Q, moves: [{ride: [1, 0]}, {ride: [1, 1]}]}\n"+
		"  - {name: Knight, letter: N, moves: [{leap: [1, 2]}]}\n"+
		"  - {name: Pawn, letter: P, moves: [{leap: [0, 1], symmetry: none}], promotion: {zone: last, to: [N, Q]}}\n"+
		"  - {name: Soldier, letter: S, moves: [{leap: [0, 1], symmetry: none}], promotion: {zone: deep, to: [Q], optional: true}}\n"))
	cases := []struct {
		letter       byte
		white, black string
		to, choices  []int
		optional     bool
	}{
		{'P', "a6 b6 c6 d6 e6 f6", "a1 b1 c1 d1 e1 f1", []int{2, 1}, []int{2, 1}, false},
		{'S', "a5 b5 c5 d5 e5 f5 a6 b6 c6 d6 e6 f6", "a1 b1 c1 d1 e1 f1 a2 b2 c2 d2 e2 f2", []int{1}, []int{1, -1}, true},
	}
	for i, c := range cases {
		pr := rs.pieces[typeOf(t, rs, c.letter)].Promotion
		if pr == nil {
			t.Errorf("#%d %c has no promotion", i, c.letter)
			continue
		}
		w, b := set(t, rs, c.white), set(t, rs, c.black)
		if pr.Zone[White] != w || pr.Zone[Black] != b || fmt.Sprint(pr.to) != fmt.Sprint(c.to) || pr.Optional != c.optional || pr.FromPool != -1 {
			t.Errorf("#%d %c got zone %s / %s, to %v, optional %v, pool %d want %s / %s, %v, %v, -1", i, c.letter,
				show(rs, pr.Zone[White]), show(rs, pr.Zone[Black]), pr.to, pr.Optional, pr.FromPool, c.white, c.black, c.to, c.optional)
		}
		var choices []int
		for j := range pr.NumChoices(White) {
			choices = append(choices, pr.ChoiceAt(White, j))
		}
		if fmt.Sprint(choices) != fmt.Sprint(c.choices) {
			t.Errorf("#%d %c got choices %v want %v", i, c.letter, choices, c.choices)
		}
	}
	for i, l := range []byte{'K', 'Q', 'N'} {
		if pr := rs.pieces[typeOf(t, rs, l)].Promotion; pr != nil {
			t.Errorf("#%d %c got a promotion %+v want none", i, l, *pr)
		}
	}
}

// TestLocustBudget: a path captures at most two pieces in passing; a leg's share is its
// range max capped at 3 (0, unlimited, counts 3). (Maxima beyond defs.MaxRange are too
// large for validation.)
func TestLocustBudget(t *testing.T) {
	t.Parallel()
	const huge = "256"
	piece := func(legs string) string {
		return mini("{files: 8, ranks: 8}", "pieces:\n"+kingLine+"  - name: Locust\n    letter: L\n    moves:\n      - path: "+legs+"\n")
	}
	ok := []string{
		"[{step: [1, 0], on: [enemy], capture: true, range: [2]}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy], capture: true}, {step: [1, 0], on: [enemy], capture: true}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy, empty], capture: true, range: [0, 2]}, {step: [1, 0]}]",
	}
	for _, legs := range ok {
		compileText(t, piece(legs))
	}
	bad := []string{
		"[{step: [1, 0], on: [enemy], capture: true, range: [1, " + huge + "]}, {step: [1, 0], on: [enemy], capture: true, range: [1, " + huge + "]}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy], capture: true, range: [1, " + huge + "]}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy], capture: true, range: [" + huge + "]}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy], capture: true, range: [1, 0]}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy], capture: true, range: [3]}, {step: [1, 0]}]",
		"[{step: [1, 0], on: [enemy], capture: true, range: [2]}, {step: [0, 1], on: [enemy], capture: true}, {step: [1, 0]}]",
	}
	for i, legs := range bad {
		errs := compileErrors(t, piece(legs))
		if len(errs) != 1 || errs[0].Line != 8 || errs[0].Col != 15 || errs[0].Msg != "a path may capture at most two pieces in passing" {
			t.Errorf("#%d %s: got %v want t.yaml:8:15: a path may capture at most two pieces in passing", i, legs, errs)
		}
	}
}

// TestCastlingDestinationsPlayable: each castling's king and partner files must be
// squares on both sides' first ranks; the error names the cells, at the file's key.
func TestCastlingDestinationsPlayable(t *testing.T) {
	t.Parallel()
	def := func(layout, castling string) string {
		return mini("\n  files: 8\n  ranks: 4\n  layout: |\n"+layout,
			"pieces:\n  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}\n"+kingLine+"castling:\n"+castling)
	}
	const sides = "  royal: K\n  partner: R\n  short: {king: g, partner: f}\n  long: {king: c, partner: d}\n"
	rows := func(top, bottom string) string {
		return "    " + top + "\n    ........\n    ........\n    " + bottom + "\n"
	}
	compileText(t, def(rows("*.......", "-......."), sides)) // a and b hold no destination
	cases := []struct {
		layout    string
		line, col int
		msg       string
	}{
		{rows("........", "......*."), 17, 17, "castling.short: the king would land on g1, which is not a playable square"},
		{rows("......-.", "........"), 17, 17, "castling.short: the king would land on g4, which is not a playable square"},
		{rows("......*.", "......*."), 17, 17, "castling.short: the king would land on g1 or g4, which are not playable squares"},
		{rows("........", ".....-.."), 17, 29, "castling.short: the partner would land on f1, which is not a playable square"},
		{rows("...*....", "........"), 18, 28, "castling.long: the partner would land on d4, which is not a playable square"},
		{rows("..*.....", "........"), 18, 16, "castling.long: the king would land on c4, which is not a playable square"},
	}
	for i, c := range cases {
		errs := compileErrors(t, def(c.layout, sides))
		if len(errs) != 1 || errs[0].Line != c.line || errs[0].Col != c.col || !strings.HasPrefix(errs[0].Msg, c.msg) {
			t.Errorf("#%d got %v want t.yaml:%d:%d: %s", i, errs, c.line, c.col, c.msg)
		}
	}
}

// TestConfined: a confined piece lands only on its owner's squares of the zone, for each
// side; its attacks are not limited.
func TestConfined(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 5, ranks: 5}", "zones:\n  palace: {white: [b1, c1, d1, b2, c2, d2], black: [b5, c5, d5, b4, c4, d4]}\npieces:\n"+
		"  - {name: King, letter: K, royal: true, confined: palace, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}\n"+
		"  - {name: Rook, letter: R, confined: palace, moves: [{ride: [1, 0]}]}\n"))
	k, r := &rs.pieces[typeOf(t, rs, 'K')], &rs.pieces[typeOf(t, rs, 'R')]
	for _, c := range []struct {
		got  Bitboard
		want string
	}{
		{k.Land[White], "b1 c1 d1 b2 c2 d2"},
		{k.Land[Black], "b5 c5 d5 b4 c4 d4"},
		{r.Land[White], "b1 c1 d1 b2 c2 d2"},
		{k.leapQuiet[White][sqOf(t, rs, "b2")], "b1 c1 c2"},
		{k.leapCapture[White][sqOf(t, rs, "b2")], "a1 a2 a3 b1 b3 c1 c2 c3"},
		{k.leapQuiet[Black][sqOf(t, rs, "d4")], "c4 c5 d5"},
	} {
		if want := set(t, rs, c.want); c.got != want {
			t.Errorf("got %s want %s", show(rs, c.got), show(rs, want))
		}
	}
}

// TestCaptureRoyal: capture-royal atoms make no moves but attack.
func TestCaptureRoyal(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 5, ranks: 5}", "pieces:\n"+
		"  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {ride: [0, 1], only: [forward, backward], mode: capture-royal}]}\n"+
		"  - {name: Camel, letter: C, moves: [{leap: [1, 3], mode: capture-royal}]}\n"))
	kt, ct := typeOf(t, rs, 'K'), typeOf(t, rs, 'C')
	k, c := &rs.pieces[kt], &rs.pieces[ct]
	a1, b1 := sqOf(t, rs, "a1"), sqOf(t, rs, "b1")
	if k.leapCapture[White][a1] != set(t, rs, "a2 b1") || len(k.rides[White]) != 0 || len(k.slides[White]) != 0 || len(k.royalRides[White]) != 2 {
		t.Errorf("king: leap captures %s, %d rides, %d slides, %d royal rides; want {a2 b1}, 0, 0, 2",
			show(rs, k.leapCapture[White][a1]), len(k.rides[White]), len(k.slides[White]), len(k.royalRides[White]))
	}
	if c.leapQuiet[White][b1].Or(c.leapCapture[White][b1]).Any() || c.leapRoyal[White][b1] != set(t, rs, "a4 c4 e2") {
		t.Errorf("camel from b1: moves %s, royal captures %s; want none and {a4 c4 e2}",
			show(rs, c.leapQuiet[White][b1].Or(c.leapCapture[White][b1])), show(rs, c.leapRoyal[White][b1]))
	}
	if got := rs.AttackFromAt(White, ct, sqOf(t, rs, "c4")); got != set(t, rs, "b1 d1") {
		t.Errorf("camels attacking c4 from %s; want {b1 d1}", show(rs, got))
	}
	rides := 0
	for _, ra := range rs.rideAttacks[Black] {
		if ra.Type == kt {
			rides++
		}
	}
	if rides != 2 {
		t.Errorf("black king: %d ride attacks; want 2 (up and down the file)", rides)
	}
}
