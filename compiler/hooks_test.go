// Tests of expr hooks: what compiles as a condition, which names are served as numbers,
// the moves a hook is filtered to, and the load-time limits.
package compiler

import (
	"strings"
	"testing"
)

func TestCompileHook(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	cases := []struct {
		src string
		ok  bool
	}{
		{"check", true},
		{"!check", true},
		{"check && ply > 2", true},
		{`count("Q", mover) > 0 || check`, true},
		{`ply > 3`, true},
		{`count("Q", "white") == 0`, true},
		{`count("K", "black") < count("K", "white")`, true},
		{`mover == "white" && to == "e4" && from != to && captures > 0 && piece == "K"`, true},
		{`to[0:1] == "e" && piece + to != "Ke4" && mover startsWith "w"`, true},
		{`let to = 3; to > 2`, false}, // expr keeps the environment's names
		{`piece == "check"`, false},   // never a piece letter
		{"ply >", false},              // syntax
		{"ply + 1", false},            // a number, not a condition
		{`mover`, false},              // text, not a condition
		{"turn > 3", false},           // unknown name
		{`mover > 3`, false},          // text compared with a number
		{`to == 3`, false},            // likewise
		{`count("Q") == 1`, false},    // count takes a letter and a side
		{`count("Q", "white", 1) == 1`, false},
		{`count(1, "white") == 1`, false},
		{strings.Repeat("ply + ", MaxHookNodes/2) + "1 > 0", false},
	}
	for i, c := range cases {
		_, _, problems := compileHook(c.src, rs)
		if (len(problems) == 0) != c.ok {
			t.Errorf("#%d compileHook(%.60q) got problems %q want ok %v", i, c.src, problems, c.ok)
		}
	}
}

// Names the hook only compares, looks up, passes to count or binds for that become
// numbers; the others stay text (and the fields the compiler calls say which).
func TestHookNamesAsNumbersOrText(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	cases := []struct {
		src           string
		text, numbers []string // fields called
	}{
		{`piece == "K" && to in ["d4", "e4"]`, nil, []string{"piece", "to"}},
		{`let them = mover == "white" ? "black" : "white"; count("P", them) == 0`, nil, []string{"mover", "count"}},
		{`count(piece, mover) > 1 && from != "e2"`, nil, []string{"count", "piece", "mover", "from"}},
		{`let hill = ["d4", "e4"]; to in hill`, nil, []string{"to"}},
		{`to[0:1] == "e" && piece == "P"`, []string{"to·text"}, []string{"piece"}},
		{`piece + "x" == "Kx" || piece == "K"`, []string{"piece·text"}, nil},
		{`let s = mover; count("K", s + "") > 0`, []string{"mover·text", "count·text"}, nil},
		{`to == mover`, []string{"to·text", "mover·text"}, nil}, // never equal: left to the text
		{`any(["d4", "e4"], {# == to})`, []string{"to·text"}, nil},
	}
	for i, c := range cases {
		prog, _, problems := compileHook(c.src, rs)
		if len(problems) > 0 {
			t.Errorf("#%d %s: %v", i, c.src, problems)
			continue
		}
		code := prog.Disassemble() // a field loads as "{name [index]}"
		for _, f := range c.text {
			if !strings.Contains(code, "{"+f+" [") {
				t.Errorf("#%d %s: %s is not called\n%s", i, c.src, f, code)
			}
		}
		for _, f := range c.numbers {
			if !strings.Contains(code, "{"+f+" [") || strings.Contains(code, "{"+f+"·text [") {
				t.Errorf("#%d %s: %s is not called, or read as text\n%s", i, c.src, f, code)
			}
		}
	}
}

// A hook's tests of piece, to and mover narrow the goal to the moves it can be true for.
func TestHookMoveFilter(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	sq := func(names ...string) Bitboard {
		var b Bitboard
		for _, n := range names {
			s, ok := rs.ParseSquare(n)
			if !ok {
				t.Fatal(n)
			}
			b = b.With(s)
		}
		return b
	}
	var all Bitboard
	for s := 0; s < rs.Cells; s++ {
		all = all.With(s)
	}
	k, q, p := uint64(1)<<uint(rs.TypeOf('K')), uint64(1)<<uint(rs.TypeOf('Q')), uint64(1)<<uint(rs.TypeOf('P'))
	every := uint64(1)<<uint(rs.NumPieces()) - 1
	hill := sq("d4", "e4", "d5", "e5")
	cases := []struct {
		src      string
		types    uint64
		to       [2]Bitboard
		anywhere bool
	}{
		{`piece == "K" && (to == "d4" || to == "e4" || to == "d5" || to == "e5")`, k, [2]Bitboard{hill, hill}, false},
		{`piece == "K" && to in ["d4", "e4", "d5", "e5"]`, k, [2]Bitboard{hill, hill}, false},
		{`"K" == piece && mover == "white"`, k, [2]Bitboard{all, {}}, false},
		{`piece != "P" && to != "e4"`, every &^ p, [2]Bitboard{all.Without(sq("e4").First()), all.Without(sq("e4").First())}, false},
		{`piece in ["K", "Q"] || check`, every, [2]Bitboard{all, all}, true},
		{`piece == "K" && to == "e4" || piece == "Q" && to == "d4"`, k | q, [2]Bitboard{sq("d4", "e4"), sq("d4", "e4")}, false},
		{`let x = 1; ply > x ? piece == "K" : piece == "Q"`, k | q, [2]Bitboard{all, all}, true},
		{`let p = piece; p == "K"`, every, [2]Bitboard{all, all}, true},
		{`!(piece == "K")`, every, [2]Bitboard{all, all}, true},
	}
	for i, c := range cases {
		_, f, problems := compileHook(c.src, rs)
		if len(problems) > 0 {
			t.Errorf("#%d %s: %v", i, c.src, problems)
			continue
		}
		if f.types != c.types || f.to != c.to || f.anywhere != c.anywhere {
			t.Errorf("#%d %s: got types %b to %v/%v anywhere %v, want %b %v/%v %v", i, c.src, f.types, f.to[0], f.to[1], f.anywhere, c.types, c.to[0], c.to[1], c.anywhere)
		}
	}
}

// The goal keeps its own pieces and zone and adds the hook's narrowing.
func TestGoalHookFilter(t *testing.T) {
	t.Parallel()
	rs := compileText(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+
		"  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}\n"+
		"zones:\n  top: {squares: [a4, b4, c4, d4]}\n"+
		"goals:\n  - {name: a, when: 'piece == \"K\" && to in [\"a4\", \"a1\"]'}\n"+
		"  - {name: b, reach: top, pieces: [K, R], when: 'to != \"b4\" && mover == \"black\"'}\n"+
		"  - {name: c, when: 'ply > 3'}\n"))
	a1, _ := rs.ParseSquare("a1")
	a4, _ := rs.ParseSquare("a4")
	b4, _ := rs.ParseSquare("b4")
	top, _ := rs.Zone("top")
	k, r := uint64(1)<<uint(rs.TypeOf('K')), uint64(1)<<uint(rs.TypeOf('R'))
	cases := []struct {
		types uint64
		hasZ  bool
		zone  [2]Bitboard
	}{
		{k, true, [2]Bitboard{Bit(a1).With(a4), Bit(a1).With(a4)}},
		{k | r, true, [2]Bitboard{{}, top[1].Without(b4)}},
		{k | r, false, [2]Bitboard{}},
	}
	for i, c := range cases {
		g := rs.goals[i]
		if g.Hook == nil || g.Hook.Index != i || rs.Hook(i) != g.Hook || g.Types != c.types || g.HasZ != c.hasZ || g.HasZ && g.Zone != c.zone {
			t.Errorf("#%d goal %s: got hook %v types %b zone %v %v, want types %b zone %v %v", i, g.Name, g.Hook != nil, g.Types, g.HasZ, g.Zone, c.types, c.hasZ, c.zone)
		}
	}
	if rs.NumHooks() != 3 || !strings.HasPrefix(rs.Hook(2).Where, "t.yaml:") || !strings.HasSuffix(rs.Hook(2).Where, `hook "ply > 3"`) {
		t.Errorf("got %d hooks, the last at %q", rs.NumHooks(), rs.Hook(2).Where)
	}
}

// The load-time limits name what is too large.
func TestHookLimits(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	cases := []struct{ src, want string }{
		{`all(1..10000, {all(1..10000, {# > 0})})`, "a loop over 10,000 elements inside a loop over 10,000 elements), more than the limit of 100,000"},
		{`let r = 1..400; any(r, {any(r, {# == ply})})`, "a loop over 400 elements inside a loop over 400 elements"},
		{`sum(map(1..100000, {# * 2})) > 0`, "a loop over 100,000 elements"},
		{strings.Repeat("ply + ", MaxHookNodes) + "1 > 0", "more than 2000 parts"},
		{`all(1..100, {any(1..100, {# == ply})})`, ""},
		{`any(1..ply, {any(1..ply, {# == 3})})`, ""}, // sizes known only at run time: the run-time budget
	}
	for i, c := range cases {
		_, _, problems := compileHook(c.src, rs)
		got := strings.Join(problems, "; ")
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("#%d %.50s: got %q want %q", i, c.src, got, c.want)
		}
	}
}

// Long expressions are shown around the fault only, and quoted capped.
func TestHookErrorsAreCapped(t *testing.T) {
	t.Parallel()
	rs := builtin(t, "chess")
	src := strings.Repeat("ply > 1 && ", 300) + "ply > \"x\""
	_, _, problems := compileHook(src, rs)
	if len(problems) != 1 || len(problems[0]) > 400 || !strings.Contains(problems[0], `ply > "x"`) || !strings.Contains(problems[0], "^") {
		t.Errorf("got %d problems: %q", len(problems), problems)
	}
	if q := hookQuote(src); len([]rune(q)) > snippetWidth+4 || !strings.HasSuffix(q, `…"`) {
		t.Errorf("hookQuote: got %q", q)
	}
}

// A hook of 20,000 terms (once a 654 KB error) gives a short positioned error.
func TestHugeHookErrorIsShort(t *testing.T) {
	t.Parallel()
	when := strings.Repeat("ply + ", 20000) + "1 > 0"
	list := compileErrors(t, mini("{files: 4, ranks: 4}", "pieces:\n"+kingLine+"goals:\n  - {name: huge, when: '"+when+"'}\n"))
	if len(list) != 1 || len(list.Error()) > 300 || !strings.Contains(list.Error(), "t.yaml:6:24: hook \"ply + ply") ||
		!strings.Contains(list.Error(), "more than 2000 parts") {
		t.Errorf("got %d errors, %d bytes: %.400s", len(list), len(list.Error()), list.Error())
	}
}
