// Hooks at run time: no allocation per run, failures counted per hook and shared by clones,
// the step and memory budgets, every hook tried when exercised, and a benchmark of a run.
package interpreter_test

import (
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// hookRuleset builds chess with the given goals (YAML list items, already indented).
func hookRuleset(tb testing.TB, goals string) *compiler.Ruleset {
	tb.Helper()
	def, err := defs.Parse("hooks.yaml", []byte("extends: chess\nname: hooks\ngoals:\n"+goals))
	if err != nil {
		tb.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		tb.Fatal(err)
	}
	return rs
}

const kingsNearHill = "rnbq1bnr/pppp1ppp/4k3/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR w - - 4 4"

// Every kind of hook that HookEnv serves by numbers runs without an allocation, on both
// cores: names against constants and lists, count, check, ply, captures, let, loops.
// (Names read through let keep the compiler from filtering moves: each hook runs after
// every move.)
func TestHookRunsDoNotAllocate(t *testing.T) {
	hooks := []string{
		`let p = piece; let t = to; p == "K" && (t == "d4" || t == "e4" || t == "d5" || t == "e5")`,
		`let p = piece; let t = to; p in ["K", "Q"] && t in ["d4", "e4", "d5", "e5"] && from != "a1"`,
		`let them = mover == "white" ? "black" : "white"; count("P", them) + count("N", mover) < 3 && count(piece, them) >= 0`,
		`check || captures > 1 || ply % 2 == 7`,
		`any([1, 2, 3], {# == captures + 4}) || all(1..3, {# > 0}) && mover == "black" && ply < 0`,
	}
	for _, wide := range []bool{false, true} {
		for i, h := range hooks {
			interpreter.ForceWideCore(wide)
			rs := hookRuleset(t, "  - {name: g, when: '"+h+"'}\n")
			p, err := interpreter.FromFEN(rs, kingsNearHill)
			interpreter.ForceWideCore(false)
			if err != nil {
				t.Fatal(err)
			}
			moves := p.LegalMoves(nil)
			run := func() {
				for _, m := range moves {
					p.Make(m)
					p.Unmake()
				}
			}
			run() // the first run makes the VM
			if a := testing.AllocsPerRun(20, run); a != 0 {
				t.Errorf("#%d wide %v %s: %.1f allocations per %d moves; want 0", i, wide, h, a, len(moves))
			}
			if f := p.HookFailures(); len(f) > 0 {
				t.Errorf("#%d %s: %s", i, h, f[0].Message())
			}
		}
	}
}

// A hook that fails is counted per hook, the first error kept, the hook false each time.
func TestHookFailuresAreCounted(t *testing.T) {
	rs := hookRuleset(t, "  - {name: ok, when: 'piece == \"K\" && to == \"h8\"'}\n"+
		"  - {name: broken, when: 'ply % (captures - captures) == 0'}\n"+
		"  - {name: index, when: '[1, 2][ply + 5] > 5'}\n")
	p, err := interpreter.Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		p.Make(m)
		if r := p.Result(); r != interpreter.Ongoing {
			t.Fatalf("%s: a failed hook ended the game: %v", p.Coord(m), r)
		}
		p.Unmake()
	}
	f := p.HookFailures()
	if len(f) != 2 {
		t.Fatalf("got %d failing hooks, want 2: %+v", len(f), f)
	}
	for i, want := range []struct {
		index int
		count int64
		text  []string
	}{
		{1, 20, []string{"hooks.yaml:5:26:", `hook "ply % (captures - captures) == 0"`, "failed 20 times", "integer divide by zero", "(1:5)"}},
		{2, 20, []string{"hooks.yaml:6:25:", `hook "[1, 2][ply + 5] > 5"`, "failed 20 times", "out of range"}},
	} {
		if f[i].Hook.Index != want.index || f[i].Count != want.count {
			t.Errorf("#%d got hook %d failed %d times, want hook %d, %d times", i, f[i].Hook.Index, f[i].Count, want.index, want.count)
		}
		msg := f[i].Message()
		for _, s := range want.text {
			if !strings.Contains(msg, s) {
				t.Errorf("#%d message %q lacks %q", i, msg, s)
			}
		}
	}
}

// A clone logs into the log of the position it was cloned from.
func TestCloneSharesHookFailures(t *testing.T) {
	rs := hookRuleset(t, "  - {name: broken, when: 'ply % (captures - captures) == 0'}\n")
	p, _ := interpreter.Start(rs, "")
	q := p.Clone()
	for _, m := range q.LegalMoves(nil)[:5] {
		q.Make(m)
		q.Unmake()
	}
	p.Make(p.LegalMoves(nil)[0])
	for i, pos := range []*interpreter.Position{p, q} {
		if f := pos.HookFailures(); len(f) != 1 || f[0].Count != 6 {
			t.Errorf("#%d got %+v, want one hook failed 6 times", i, f)
		}
	}
	r, _ := interpreter.Start(rs, "")
	if f := r.HookFailures(); len(f) != 0 {
		t.Errorf("a new position got %+v, want no failures", f)
	}
}

// A run stops past its loop steps or its memory budget, and fails like any other error;
// the hook is not run again, each later move counting as a failure.
func TestHookBudgets(t *testing.T) {
	for i, c := range []struct{ when, want string }{
		{`let r = 1..(ply + 400); all(r, {all(r, {# > 0})})`, "more than 100000 loop steps"},
		{`len(1..(ply + 200000)) > 0`, "memory budget exceeded"},
		// Text and lists built count against the memory budget too, counted before they are
		// made where their size is known (#53 F1: Go's "fatal error: out of memory").
		{`len(reduce(1..20, #acc + #acc, "x")) == 0`, "memory budget exceeded"},
		{`len(reduce(1..40, #acc + #acc, "x")) == 0`, "memory budget exceeded"},
		{`len(repeat(repeat("x", 99999), 999999)) == 0`, "memory budget exceeded"},
		{`len(reduce(1..40, toJSON(#acc), "\"")) == 0`, "memory budget exceeded"},
		{`len(toJSON(reduce(1..40, [#acc, #acc], [1]))) == 0`, "memory budget exceeded"},
		{`len(flatten(reduce(1..40, [#acc, #acc], [1]))) == 0`, "memory budget exceeded"},
		{`len(repeat("abcdefghij", 20000 + ply)) == 0`, "memory budget exceeded"},
		{`let s = repeat("x", 50000); len(repeat(s + s, 10)) == 0`, "memory budget exceeded"},
		{`len(join(map(1..1000, {repeat("x", 1000)}), "")) == 0`, "memory budget exceeded"},
		{`len(replace(repeat("x", 1000), "x", repeat("y", 1000))) == 0`, "memory budget exceeded"},
		{`len(reduce(1..20, toJSON(#acc), "\"")) == 0`, "memory budget exceeded"},
		{`len(flatten(reduce(1..20, [#acc, #acc], [1]))) == 0`, "memory budget exceeded"},
		{`len(split(repeat("x", 90000), "")) == 0`, "memory budget exceeded"},
		{`upper(at("e2")) + lower(to) + join(["a", "b"], "") == "Pe4ab" || ply > 0`, ""},
		{`len(repeat("x", 90000)) == 90000 + ply && 2 + captures == 2`, ""},
		{`any(1..(ply + 99), {true})`, ""}, // well within both
	} {
		rs := hookRuleset(t, "  - {name: costly, when: '"+c.when+"'}\n")
		p, _ := interpreter.Start(rs, "")
		for _, m := range p.LegalMoves(nil)[:3] {
			p.Make(m)
			p.Unmake()
		}
		f := p.HookFailures()
		switch {
		case c.want == "" && len(f) > 0:
			t.Errorf("#%d %s: %s", i, c.when, f[0].Message())
		case c.want != "" && (len(f) != 1 || f[0].Count != 3 || !f[0].Stopped || !strings.Contains(f[0].Message(), c.want) ||
			!strings.Contains(f[0].Message(), "not run again")):
			t.Errorf("#%d %s: got %+v, want a hook stopped after failing with %q, then failing twice more", i, c.when, f, c.want)
		}
	}
}

// ExerciseHooks runs the hooks of the goals after the one a move reached.
func TestExerciseHooks(t *testing.T) {
	rs := hookRuleset(t, "  - {name: first, when: 'ply >= 0'}\n  - {name: second, when: '[1][ply] > 0'}\n")
	for _, on := range []bool{false, true} {
		p, _ := interpreter.Start(rs, "")
		p.ExerciseHooks(on)
		p.Make(p.LegalMoves(nil)[0])
		if r := p.Result(); r.Reason != "first" {
			t.Errorf("exercise %v: got %v, want the first goal reached", on, r)
		}
		if got := len(p.HookFailures()) == 1; got != on {
			t.Errorf("exercise %v: the second hook failed %v, want %v", on, got, on)
		}
	}
}

// BenchmarkHookRun makes and unmakes every legal move of a position where kings stand
// next to the hill: with King of the Hill as a mechanism, and as a hook that runs after
// every move. The difference per move is the cost of one hook run.
func BenchmarkHookRun(b *testing.B) {
	for _, c := range []struct{ name, goals string }{
		{"mechanism", "  - {name: hill, pieces: [K], reach: centre}\n"},
		{"hook-every-move", "  - {name: hill, when: 'let p = piece; let t = to; p == \"K\" && (t == \"d4\" || t == \"e4\" || t == \"d5\" || t == \"e5\")'}\n"},
		{"hook-count", "  - {name: bare, when: 'let them = mover == \"white\" ? \"black\" : \"white\"; count(\"Q\", them) + count(\"R\", them) + count(\"P\", them) == 0'}\n"},
		{"hook-text", "  - {name: hill, when: 'let p = piece; p == \"K\" && to[0:1] in [\"d\", \"e\"] && to[1:] in [\"4\", \"5\"]'}\n"},
	} {
		b.Run(c.name, func(b *testing.B) {
			goals := c.goals
			if c.name == "mechanism" {
				goals = "  - {name: hill, reach: centre}\nzones:\n  centre: {squares: [d4, e4, d5, e5]}\n"
			}
			rs := hookRuleset(b, goals)
			p := mustFEN(b, rs, kingsNearHill)
			moves := p.LegalMoves(nil)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, m := range moves {
					p.Make(m)
					p.Unmake()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
		})
	}
}

// at(square) reads the board after the move: the letter, uppercase for White, lowercase
// for Black, "" for an empty square or a name that is no square.
func TestHookAt(t *testing.T) {
	rs := hookRuleset(t, "  - {name: pawn met on e5, when: 'at(to) == \"P\" && at(\"e5\") == \"p\" && at(\"e3\") == \"\" && at(\"z9\") == \"\"'}\n")
	for _, wide := range []bool{false, true} {
		interpreter.ForceWideCore(wide)
		p, err := interpreter.FromFEN(rs, "4k3/8/8/4p3/8/8/4P3/4K3 w - - 0 1")
		interpreter.ForceWideCore(false)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range []string{"e2e4", "e2e3", "e1d1"} {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
			got := p.Result().Score == "1-0"
			p.Unmake()
			if want := mv == "e2e4"; got != want {
				t.Errorf("wide %v: after %s the goal is reached: %v, want %v", wide, mv, got, want)
			}
		}
	}
}
