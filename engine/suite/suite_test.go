// Tests of the definition test runner on orthodox chess with hand-written expectations.
package suite

import (
	"fmt"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// suiteTests replace the tests of the built-in chess definition. Expected counts are the
// standard chess figures (20 and 400 from the start); positions are checked by hand.
const suiteTests = `
tests:
  - name: perft right
    perft: [20, 400]
  - name: perft wrong
    perft: [20, 401, 8902]
  - name: moves exact
    fen: 7k/8/8/8/8/8/8/K7 w - - 0 1
    moves: [a1a2, a1b1, Kb2]
  - name: moves wrong
    fen: 7k/8/8/8/8/8/8/K7 w - - 0 1
    moves: [a1a2, a1b1, a1a3]
  - name: moves empty but some legal
    moves: []
  - name: contains illegal
    contains: [e2e4, Nf3, e2e5]
  - name: excludes unparseable and illegal
    excludes: [zz99, e2e5, Qxx, b1d2, "", e1g1]
  - name: excludes legal
    excludes: [g1f3]
  - name: excludes ambiguous
    fen: 4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1
    excludes: [Nd2]
  - name: attacks right
    attacks:
      - {by: white, squares: [a3, e3, f3, h3, d2], not: [e4, a4, h4, e5]}
      - {by: black, squares: [f6, c6], not: [e4, e5]}
  - name: attacks wrong
    attacks:
      - {by: white, squares: [e4], not: [f3]}
  - name: fool's mate
    game: 1. f3 e5 2. g4 Qh4#
    moves: []
    check: true
    result: 0-1
  - name: game bad move
    game: 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.Qxf7
  - name: game bad black move
    game: "1. e4 e5 2. Nf3 Qe6 3. d4"
  - name: game castles with zeros and numbers
    game: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 {castles} Nf6 5 d3 d6 $1 *"
    contains: [c1g5]
    check: false
    result: "*"
  - name: game from black
    fen: 4k3/8/8/8/8/8/4P3/4K3 b - - 0 20
    game: 20... Kd7 21. e4 Ke6 22. Ke2 Kxe5
  - name: result wrong
    result: 1-0
  - name: check wrong
    fen: 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1
    check: false
`

func openSuite(t *testing.T) *compiler.Ruleset {
	t.Helper()
	src, ok := defs.BuiltinSource("chess")
	if !ok {
		t.Fatal("no built-in chess")
	}
	text := string(src)
	i := strings.Index(text, "\ntests:")
	if i < 0 {
		t.Fatal("chess.yaml has no tests: section")
	}
	def, err := defs.Parse("suite.yaml", []byte(text[:i]+suiteTests))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestRunTests(t *testing.T) {
	rs := openSuite(t)
	results := RunTests(rs, Options{MaxNodes: 10_000})
	want := []struct {
		name string
		pass bool
		msgs []string // substrings of the failure text
	}{
		{"perft right", true, nil},
		{"perft wrong", false, []string{"perft depth 2: got 400, want 401 (deeper depths not run)"}},
		{"moves exact", true, nil},
		{"moves wrong", false, []string{"listed but not legal: a1a3", "legal but not listed: a1b2"}},
		{"moves empty but some legal", false, []string{"got 20 legal moves, want 0"}},
		{"contains illegal", false, []string{"contains e2e5"}},
		{"excludes unparseable and illegal", true, nil},
		{"excludes legal", false, []string{"excludes g1f3: it is legal"}},
		{"excludes ambiguous", false, []string{"excludes Nd2: it names several legal moves"}},
		{"attacks right", true, nil},
		{"attacks wrong", false, []string{"not attacked, want attacked: e4", "attacked, want not attacked: f3"}},
		{"fool's mate", true, nil},
		{"game bad move", false, []string{"game: 4. Qxf7:"}},
		{"game bad black move", false, []string{"game: 2... Qe6:"}},
		{"game castles with zeros and numbers", true, nil},
		{"game from black", false, []string{"game: 22... Kxe5:"}},
		{"result wrong", false, []string{"result: got *, want 1-0"}},
		{"check wrong", false, []string{"check: got true, want false"}},
	}
	if len(results) != len(want) {
		t.Fatalf("got %d results, want %d", len(results), len(want))
	}
	for i, w := range want {
		r := results[i]
		if r.Name != w.name || r.Pass != w.pass {
			t.Errorf("#%d got %q pass=%v (%s), want %q pass=%v", i, r.Name, r.Pass, r.Message(), w.name, w.pass)
			continue
		}
		if r.Pass != (len(r.Failure) == 0) {
			t.Errorf("#%d %s: pass=%v with failures %q", i, r.Name, r.Pass, r.Failure)
		}
		for _, m := range w.msgs {
			if !strings.Contains(r.Message(), m) {
				t.Errorf("#%d %s: got message %q, want it to contain %q", i, r.Name, r.Message(), m)
			}
		}
	}
}

func TestRunTestWhere(t *testing.T) {
	rs := openSuite(t)
	src, _ := defs.BuiltinSource("chess")
	text := string(src)
	text = text[:strings.Index(text, "\ntests:")] + suiteTests
	for i, tc := range rs.Def.Tests {
		line := 1 + strings.Count(text[:strings.Index(text, "- name: "+tc.Name+"\n")], "\n")
		want := fmt.Sprintf("suite.yaml:%d:", line)
		if r := RunTest(rs, &rs.Def.Tests[i], Options{MaxDepth: 1}); !strings.HasPrefix(r.Where, want) {
			t.Errorf("#%d got %q, want prefix %q", i, r.Where, want)
		}
	}
}

func TestPerftLimits(t *testing.T) {
	rs := openSuite(t)
	tc := &rs.Def.Tests[1] // perft wrong: [20, 401, 8902]
	right := &rs.Def.Tests[0]
	cases := []struct {
		test    *defs.Test
		opt     Options
		pass    bool
		nodes   int64
		skipped string
	}{
		{right, Options{}, true, 420, ""},
		{right, Options{MaxDepth: 1}, true, 20, "perft depth 2 skipped (beyond depth limit 1)"},
		{right, Options{MaxNodes: 100}, true, 20, "perft depth 2 skipped (expected 400 nodes > limit 100)"},
		{tc, Options{MaxNodes: 100}, true, 20, "perft depths 2-3 skipped (expected 401 nodes > limit 100)"},
		{tc, Options{MaxNodes: 1000}, false, 420, ""},
	}
	for i, c := range cases {
		r := RunTest(rs, c.test, c.opt)
		got := strings.Join(r.Skipped, "; ")
		if r.Pass != c.pass || r.Nodes != c.nodes || got != c.skipped {
			t.Errorf("#%d got pass=%v nodes=%d skipped %q, want %v %d %q", i, r.Pass, r.Nodes, got, c.pass, c.nodes, c.skipped)
		}
	}
}

// TestMoveSetCollisions: a moves: list names every legal move once even when two share
// origin and destination, and the check fails when the generator repeats a move or two
// moves are written alike (here forced by a repeated move and by a writer that drops the
// captured squares Coord adds to tell them apart).
func TestMoveSetCollisions(t *testing.T) {
	rs, err := interpreter.Open("prisonbreak")
	if err != nil {
		t.Fatal(err)
	}
	// Prison Break: pawn d5 (knight ahead on d6) slides to c6 or e6, or takes e5 en
	// passant on e6; king a1 steps to a2, b1, b2 (prison-break.md).
	const fen = "5k/6/3n2/3Pp1/6/6/6/K5 w - e6 0 1"
	all := []string{"a1a2", "a1b1", "a1b2", "d5c6", "d5e6", "d5e6xe5"}
	cases := []struct {
		moves []string
		pass  bool
		msg   string
	}{
		{all, true, ""},
		{[]string{"Ka2", "Kb1", "Kb2", "c6", "e6", "dxe6"}, true, ""},
		{all[:5], false, "got 6 legal moves, want 5; legal but not listed: d5e6xe5"},
		{append(all[:5:5], "dxe6", "d5e6xe5"), false, "moves: d5e6xe5 is listed twice"},
	}
	for i, c := range cases {
		r := RunTest(rs, &defs.Test{Name: "collision", FEN: fen, Moves: c.moves}, Options{})
		if r.Pass != c.pass || !strings.Contains(r.Message(), c.msg) {
			t.Errorf("#%d got pass=%v %q, want pass=%v containing %q", i, r.Pass, r.Message(), c.pass, c.msg)
		}
	}

	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	legal := p.LegalMoves(nil)
	plain := func(m interpreter.Move) string { // Coord without the captured squares
		s := p.Coord(m)
		if i := strings.IndexByte(s, 'x'); i >= 0 {
			s = s[:i]
		}
		return s
	}
	broken := []struct {
		moves []interpreter.Move
		coord func(interpreter.Move) string
		want  []string
		msg   string
	}{
		{legal, p.Coord, all, ""},
		{append(legal[:len(legal):len(legal)], legal[0]), p.Coord, all, "moves: " + p.Coord(legal[0]) + " is generated twice"},
		{legal, plain, all[:5], "moves: two legal moves are written d5e6"},
	}
	for i, c := range broken {
		var failures []string
		fail := func(format string, args ...any) { failures = append(failures, fmt.Sprintf(format, args...)) }
		checkMoveList(p, c.moves, c.coord, c.want, fail)
		got := strings.Join(failures, "\n")
		if c.msg == "" && got != "" || !strings.Contains(got, c.msg) {
			t.Errorf("#%d got failures %q, want %q", i, got, c.msg)
		}
	}
}
