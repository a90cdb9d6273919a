// Perft against independent counts: the definitions' suites (chessprogramming.org for chess,
// Fairy-Stockfish for Chess960), the EPD suites and Fairy-Stockfish divides in testdata/perft.
package perft_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"chimera/compiler"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// perftShortBudget is the largest expected count run in -short mode, per position and depth.
const perftShortBudget = 2_000_000

// perftCase is one position with its expected counts for depths 1, 2, ...
type perftCase struct {
	variant string
	name    string // test name or file:line
	fen     string // "" for the default setup
	setup   string
	counts  []int64
}

// perftRulesets holds the rulesets the tests open, each compiled once (tests in parallel
// share them: a compiled ruleset is only read).
var perftRulesets struct {
	sync.Mutex
	byName map[string]*compiler.Ruleset
}

func perftRuleset(t testing.TB, variant string) *compiler.Ruleset {
	t.Helper()
	perftRulesets.Lock()
	defer perftRulesets.Unlock()
	if rs, ok := perftRulesets.byName[variant]; ok {
		return rs
	}
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatalf("open %s: %v", variant, err)
	}
	if perftRulesets.byName == nil {
		perftRulesets.byName = map[string]*compiler.Ruleset{}
	}
	perftRulesets.byName[variant] = rs
	return rs
}

func (c perftCase) position(t testing.TB) *interpreter.Position {
	t.Helper()
	rs := perftRuleset(t, c.variant)
	var p *interpreter.Position
	var err error
	if c.fen != "" {
		p, err = interpreter.FromFEN(rs, c.fen)
	} else {
		p, err = interpreter.Start(rs, c.setup)
	}
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return p
}

// definitionPerftCases returns the perft tests of a built-in definition.
func definitionPerftCases(t testing.TB, variant string) []perftCase {
	rs := perftRuleset(t, variant)
	var out []perftCase
	for _, d := range rs.Def.Tests {
		if len(d.Perft) > 0 {
			out = append(out, perftCase{variant: variant, name: d.Name, fen: d.FEN, setup: d.Setup, counts: d.Perft})
		}
	}
	return out
}

// epdPerftCases reads testdata/perft/<variant>.epd: "FEN ;D1 n ;D2 n ...", '#' comments.
func epdPerftCases(t testing.TB, variant string) []perftCase {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "perft", variant+".epd")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Split(text, ";")
		c := perftCase{variant: variant, name: path + ":" + strconv.Itoa(line), fen: strings.TrimSpace(fields[0])}
		for i, fd := range fields[1:] {
			depth, count, ok := strings.Cut(strings.TrimSpace(fd), " ")
			n, err := strconv.ParseInt(count, 10, 64)
			if !ok || err != nil || depth != "D"+strconv.Itoa(i+1) {
				t.Fatalf("%s: bad depth field %q", c.name, fd)
			}
			c.counts = append(c.counts, n)
		}
		if len(c.counts) == 0 {
			t.Fatalf("%s: no counts", c.name)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// runPerftCase checks every depth within the budget (all of them without -short) and that
// perft leaves the position as it found it.
func runPerftCase(t *testing.T, c perftCase) {
	p := c.position(t)
	fen, hash := p.FEN(), p.Hash()
	ran := 0
	for d := 1; d <= len(c.counts); d++ {
		want := c.counts[d-1]
		if testing.Short() && want > perftShortBudget {
			t.Logf("%s: depth %d (%d nodes) skipped in -short mode", c.name, d, want)
			break
		}
		var got int64
		if testing.Short() || want < 500_000 {
			got = perft.Perft(p, d)
		} else {
			got = perft.ParallelPerft(p, d, 0)
		}
		if got != want {
			t.Errorf("%s (%s) depth %d: got %d want %d", c.name, c.fen, d, got, want)
		}
		ran++
	}
	if ran == 0 {
		t.Errorf("%s: no depth within the budget", c.name)
	}
	if p.FEN() != fen || p.Hash() != hash {
		t.Errorf("%s: perft changed the position: got %s (%x) want %s (%x)", c.name, p.FEN(), p.Hash(), fen, hash)
	}
}

func TestPerftChessDefinition(t *testing.T) {
	cases := definitionPerftCases(t, "chess")
	if len(cases) < 6 {
		t.Fatalf("chess.yaml has %d perft tests; want the 6 standard positions", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runPerftCase(t, c) })
	}
}

func TestPerftChess960Definition(t *testing.T) {
	cases := definitionPerftCases(t, "chess960")
	if len(cases) < 10 {
		t.Fatalf("chess960.yaml has %d perft tests; want at least 10", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runPerftCase(t, c) })
	}
}

// epdSuites are the variants with a perft suite testdata/perft/<variant>.epd.
var epdSuites = []string{"chess", "chess960", "minixiangqi", "capablanca", "courier", "shako", "xiangqi", "crazyhouse",
	"gothic", "embassy", "janus", "modern", "capahouse", "loop", "chessgi", "bughouse", "pocketknight",
	"seirawan", "shouse", "placement"}

// fsfSuites are the suites made with Fairy-Stockfish playing its variant of the same name
// (its self-play for the positions, its perft for the counts), each with the depth its
// start position, the first, is counted to at least.
var fsfSuites = map[string]int{"minixiangqi": 5, "capablanca": 5, "courier": 5, "shako": 4, "xiangqi": 4, "crazyhouse": 5,
	"gothic": 5, "embassy": 5, "janus": 5, "modern": 5, "capahouse": 5, "loop": 5, "chessgi": 5, "bughouse": 5, "pocketknight": 5,
	"seirawan": 5, "shouse": 4, "placement": 4}

func TestPerftEPD(t *testing.T) {
	t.Parallel()
	for _, variant := range epdSuites {
		cases := epdPerftCases(t, variant)
		if len(cases) < 10 {
			t.Fatalf("%s.epd: %d positions", variant, len(cases))
		}
		for i, c := range cases {
			t.Run(variant+"/"+strconv.Itoa(i), func(t *testing.T) { runPerftCase(t, c) })
		}
	}
}

// TestPerftEPDFormat checks that the Fairy-Stockfish suites are well formed: the start
// position first, counted to its depth, then at least nine positions from play, each
// counted to depth 4 or more and written as Chimera writes it (the suites' FENs are
// Fairy-Stockfish's, so a FEN pastes between the two programs).
func TestPerftEPDFormat(t *testing.T) {
	for variant, startDepth := range fsfSuites {
		cases := epdPerftCases(t, variant)
		if len(cases) < 10 {
			t.Errorf("%s.epd: %d positions; want the start and at least nine more", variant, len(cases))
			continue
		}
		rs := perftRuleset(t, variant)
		start, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		if cases[0].fen != start.FEN() {
			t.Errorf("%s: first position %s; want the start position %s", variant, cases[0].fen, start.FEN())
		}
		if got := len(cases[0].counts); got < startDepth {
			t.Errorf("%s: start position counted to depth %d; want %d", cases[0].name, got, startDepth)
		}
		seen := map[string]bool{}
		for _, c := range cases {
			if len(c.counts) < 4 {
				t.Errorf("%s: counted to depth %d; want 4 or more", c.name, len(c.counts))
			}
			if got := c.position(t).FEN(); got != c.fen {
				t.Errorf("%s: Chimera writes %s as %s", c.name, c.fen, got)
			}
			if seen[c.fen] {
				t.Errorf("%s: %s appears twice", c.name, c.fen)
			}
			seen[c.fen] = true
		}
	}
}

// TestPerftEPDAgainstFairyStockfish re-derives the Fairy-Stockfish suites' counts from
// Fairy-Stockfish itself, when it is installed, at the deepest depth of each position that
// stays under the -short node limit of the classics.
func TestPerftEPDAgainstFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Fairy-Stockfish; not in -short mode")
	}
	fsf := referenceProgram(t, "fairy-stockfish")
	var variants []string
	for v := range fsfSuites {
		variants = append(variants, v)
	}
	sort.Strings(variants)
	for _, variant := range variants {
		for _, c := range epdPerftCases(t, variant) {
			depth := 0
			for d, n := range c.counts {
				if n <= classicShortNodes {
					depth = d + 1
				}
			}
			got, err := fsfPerft(fsf, variant, c.fen, depth)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if want := c.counts[depth-1]; got != want {
				t.Errorf("%s: Fairy-Stockfish perft %d got %d, file says %d", c.name, depth, got, want)
			}
		}
	}
}

// fsfIni holds the variants defined for Fairy-Stockfish to check mechanisms on boards
// Chimera runs; each definition counted with one of them has the variant's name.
const fsfIni = "../../testdata/perft/fsf-variants.ini"

// TestIniVariantsAgainstFairyStockfish re-derives, from Fairy-Stockfish itself when it is
// installed, the perft counts of the definitions whose numbers come from a variant of
// testdata/perft/fsf-variants.ini, at the deepest depth of each test under the node limit
// of the classics; it also checks that every variant of the file has such a definition.
func TestIniVariantsAgainstFairyStockfish(t *testing.T) {
	data, err := os.ReadFile(fsfIni)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "[") {
			name, _, _ := strings.Cut(strings.Trim(line, "[]"), ":")
			names = append(names, name)
		}
	}
	files := map[string]string{}
	for _, dir := range []string{"synthetic", "hooks"} {
		paths, _ := filepath.Glob(filepath.Join("..", "..", "testdata", dir, "*.yaml"))
		for _, path := range paths {
			files[strings.TrimSuffix(filepath.Base(path), ".yaml")] = path
		}
	}
	if len(names) < 6 {
		t.Fatalf("%s: %d variants %v; want at least 6", fsfIni, len(names), names)
	}
	for _, name := range names {
		if files[name] == "" {
			t.Errorf("%s: variant %s has no definition testdata/{synthetic,hooks}/%s.yaml", fsfIni, name, name)
		}
	}
	if testing.Short() {
		return
	}
	fsf := referenceProgram(t, "fairy-stockfish")
	for _, name := range names {
		path := files[name]
		if path == "" {
			continue
		}
		rs := perftRuleset(t, path)
		for _, c := range definitionPerftCases(t, path) {
			depth := 0
			for d, n := range c.counts {
				if n <= classicShortNodes {
					depth = d + 1
				}
			}
			fen := c.fen
			for i := rs.NumSetups() - 1; fen == "" && i >= 0; i-- {
				if i == 0 || rs.SetupAt(i).Name == c.setup {
					fen = rs.SetupAt(i).FEN
				}
			}
			got, err := fsfPerftIni(fsf, fsfIni, name, fen, depth)
			if err != nil {
				t.Fatalf("%s %s: %v", path, c.name, err)
			}
			if want := c.counts[depth-1]; got != want {
				t.Errorf("%s %s: Fairy-Stockfish perft %d got %d, file says %d", path, c.name, depth, got, want)
			}
		}
	}
}

// TestDivideSumsEqualPerft: Divide's entries are the legal moves, one each, and sum to the
// expected count, with one worker and with several.
func TestDivideSumsEqualPerft(t *testing.T) {
	cases := append(definitionPerftCases(t, "chess"), definitionPerftCases(t, "chess960")...)
	for i, c := range cases {
		// The deepest depth whose count is modest, at least 2.
		d := 2
		for d < len(c.counts) && c.counts[d] <= 100_000 {
			d++
		}
		p := c.position(t)
		legal := map[interpreter.Move]bool{}
		for _, m := range p.LegalMoves(nil) {
			legal[m] = true
		}
		total := perft.Perft(p, d)
		for _, workers := range []int{1, 3} {
			entries := perft.Divide(p, d, workers)
			var sum int64
			seen := map[interpreter.Move]bool{}
			for _, e := range entries {
				if !legal[e.Move] || seen[e.Move] {
					t.Errorf("#%d %s: divide entry %s is not a legal move or is repeated", i, c.name, p.Coord(e.Move))
				}
				seen[e.Move] = true
				sum += e.Nodes
			}
			if len(entries) != len(legal) {
				t.Errorf("#%d %s: divide has %d entries; want %d legal moves", i, c.name, len(entries), len(legal))
			}
			if sum != c.counts[d-1] || sum != total {
				t.Errorf("#%d %s depth %d workers %d: divide sums to %d; perft %d; want %d", i, c.name, d, workers, sum, total, c.counts[d-1])
			}
		}
		if got := perft.ParallelPerft(p, d, 2); got != c.counts[d-1] {
			t.Errorf("#%d %s depth %d: ParallelPerft got %d want %d", i, c.name, d, got, c.counts[d-1])
		}
	}
}

// fsfDivide is one block of testdata/perft/divide.txt.
type fsfDivide struct {
	variant, fen string
	depth        int
	nodes        map[string]int64
	line         int
}

func readFSFDivides(t *testing.T) []fsfDivide {
	path := filepath.Join("..", "..", "testdata", "perft", "divide.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []fsfDivide
	var cur *fsfDivide
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		switch {
		case key == "variant":
			out = append(out, fsfDivide{variant: val, nodes: map[string]int64{}, line: i + 1})
			cur = &out[len(out)-1]
		case cur == nil:
			t.Fatalf("%s:%d: expected a variant line first", path, i+1)
		case key == "fen":
			cur.fen = val
		case key == "depth":
			cur.depth, err = strconv.Atoi(val)
		case strings.HasSuffix(key, ":"):
			cur.nodes[strings.TrimSuffix(key, ":")], err = strconv.ParseInt(val, 10, 64)
		default:
			t.Fatalf("%s:%d: cannot read %q", path, i+1, line)
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
	}
	return out
}

// TestDivideAgainstFairyStockfish compares divide move by move, in coordinate notation, with
// Fairy-Stockfish's (which writes Chess960 castling as the king taking its rook).
func TestDivideAgainstFairyStockfish(t *testing.T) {
	blocks := readFSFDivides(t)
	if len(blocks) < 2 {
		t.Fatalf("divide.txt has %d blocks", len(blocks))
	}
	for i, b := range blocks {
		p := perftCase{variant: b.variant, name: "divide.txt:" + strconv.Itoa(b.line), fen: b.fen}.position(t)
		got := map[string]int64{}
		for _, e := range perft.Divide(p, b.depth, 0) {
			got[p.Coord(e.Move)] = e.Nodes
		}
		var moves []string
		for m := range b.nodes {
			moves = append(moves, m)
		}
		for m := range got {
			if _, ok := b.nodes[m]; !ok {
				moves = append(moves, m)
			}
		}
		sort.Strings(moves)
		for _, m := range moves {
			g, gok := got[m]
			w, wok := b.nodes[m]
			switch {
			case !gok:
				t.Errorf("#%d %s: %s missing (Fairy-Stockfish: %d)", i, b.fen, m, w)
			case !wok:
				t.Errorf("#%d %s: %s generated but not by Fairy-Stockfish (%d)", i, b.fen, m, g)
			case g != w:
				t.Errorf("#%d %s: %s got %d want %d", i, b.fen, m, g, w)
			}
		}
	}
}
