// Prisoner's Escape: the definition's own tests, perft and random positions against the naive reference, benchmarks.
package perft_test

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/engine/perft"
	"chimera/interpreter"
)

const peVariant = "prisonersescape"

func peOpen(t testing.TB) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(peVariant)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func pePosition(t testing.TB, rs *compiler.Ruleset, fen string) *interpreter.Position {
	t.Helper()
	if fen == "" {
		fen = rs.SetupAt(0).FEN
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// peMoves is the sorted coordinate notation of Chimera's legal moves in p.
func peMoves(p *interpreter.Position) []string {
	var s []string
	for _, m := range p.LegalMoves(nil) {
		s = append(s, p.Coord(m))
	}
	sort.Strings(s)
	return s
}

func peSorted(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

// peDiff describes the difference between two sorted move lists.
func peDiff(got, want []string) string {
	in := func(s []string, x string) bool {
		i := sort.SearchStrings(s, x)
		return i < len(s) && s[i] == x
	}
	var extra, missing []string
	for _, m := range got {
		if !in(want, m) {
			extra = append(extra, m)
		}
	}
	for _, m := range want {
		if !in(got, m) {
			missing = append(missing, m)
		}
	}
	if len(got) != len(want) && len(extra) == 0 && len(missing) == 0 {
		return fmt.Sprintf("duplicates: got %d moves, want %d", len(got), len(want))
	}
	return fmt.Sprintf("extra %v, missing %v", extra, missing)
}

// peGameMoves splits a test's game into its moves, dropping move numbers ("1." or "1...").
func peGameMoves(game string) []string {
	var out []string
	for _, tok := range strings.Fields(game) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		out = append(out, tok)
	}
	return out
}

// TestPrisonersEscapeDefinitionTests runs the tests written in defs/prisonersescape.yaml.
func TestPrisonersEscapeDefinitionTests(t *testing.T) {
	rs := peOpen(t)
	if len(rs.Def.Tests) == 0 {
		t.Fatal("the definition has no tests")
	}
	maxDepth := 5
	if testing.Short() {
		maxDepth = 4
	}
	for i, tc := range rs.Def.Tests {
		p := pePosition(t, rs, tc.FEN)
		// The game, if any, is replayed first; the other assertions hold where it ends.
		for _, tok := range peGameMoves(tc.Game) {
			m, err := p.ParseMove(tok)
			if err != nil {
				t.Fatalf("#%d %s: move %s: %v", i, tc.Name, tok, err)
			}
			p.Make(m)
		}
		fen := p.FEN()
		for d, want := range tc.Perft {
			if d+1 > maxDepth {
				break
			}
			if got := perft.Perft(p, d+1); got != want {
				t.Errorf("#%d %s: perft(%d) got %d want %d", i, tc.Name, d+1, got, want)
			}
		}
		if tc.Moves != nil {
			got, want := peMoves(p), peSorted(tc.Moves)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("#%d %s: moves got %v want %v (%s)", i, tc.Name, got, want, peDiff(got, want))
			}
		}
		legal := peMoves(p)
		for _, m := range tc.Contains {
			if j := sort.SearchStrings(legal, m); j == len(legal) || legal[j] != m {
				t.Errorf("#%d %s: %s got illegal want legal", i, tc.Name, m)
			}
		}
		for _, m := range tc.Excludes {
			if j := sort.SearchStrings(legal, m); j < len(legal) && legal[j] == m {
				t.Errorf("#%d %s: %s got legal want illegal", i, tc.Name, m)
			}
		}
		for _, a := range tc.Attacks {
			by := compiler.White
			if a.By == "black" {
				by = compiler.Black
			}
			for _, s := range a.Squares {
				sq, _ := rs.ParseSquare(s)
				if !p.Attacked(sq, by) {
					t.Errorf("#%d %s: %s attacked by %s got false want true", i, tc.Name, s, a.By)
				}
			}
			for _, s := range a.Not {
				sq, _ := rs.ParseSquare(s)
				if p.Attacked(sq, by) {
					t.Errorf("#%d %s: %s attacked by %s got true want false", i, tc.Name, s, a.By)
				}
			}
		}
		if tc.Check != nil && p.InCheck() != *tc.Check {
			t.Errorf("#%d %s: in check got %v want %v", i, tc.Name, p.InCheck(), *tc.Check)
		}
		if tc.Result != "" {
			if got := p.Result().Score; got != tc.Result {
				t.Errorf("#%d %s: result got %s want %s", i, tc.Name, got, tc.Result)
			}
		}
		if p.FEN() != fen {
			t.Errorf("#%d %s: position changed by the test: got %s want %s", i, tc.Name, p.FEN(), fen)
		}
	}
}

// TestPrisonersEscapeDefinitionNumbersFromReference ties every number and move list written
// in the definition to the naive reference, so the file records nothing Chimera alone said.
func TestPrisonersEscapeDefinitionNumbersFromReference(t *testing.T) {
	rs := peOpen(t)
	maxDepth := 5
	if testing.Short() {
		maxDepth = 4
	}
	for i, tc := range rs.Def.Tests {
		fen := tc.FEN
		if fen == "" {
			fen = rs.SetupAt(0).FEN
		}
		b, err := peFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range peGameMoves(tc.Game) {
			played := false
			for _, m := range b.legal() {
				if m.String() == tok {
					*b = b.play(m)
					played = true
					break
				}
			}
			if !played {
				t.Fatalf("#%d %s: the reference finds no legal move %s", i, tc.Name, tok)
			}
		}
		for d, want := range tc.Perft {
			if d+1 > maxDepth {
				break
			}
			if got := b.perft(d + 1); got != want {
				t.Errorf("#%d %s: reference perft(%d) got %d want %d", i, tc.Name, d+1, got, want)
			}
		}
		if tc.Moves != nil {
			got, want := b.moveList(), peSorted(tc.Moves)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("#%d %s: reference moves got %v want %v (%s)", i, tc.Name, got, want, peDiff(got, want))
			}
		}
		if tc.Check != nil && b.inCheck(b.side) != *tc.Check {
			t.Errorf("#%d %s: reference in check got %v want %v", i, tc.Name, b.inCheck(b.side), *tc.Check)
		}
		if tc.Result != "" {
			if got := b.result(); got != tc.Result {
				t.Errorf("#%d %s: reference result got %s want %s", i, tc.Name, got, tc.Result)
			}
		}
		for _, a := range tc.Attacks {
			by := 0
			if a.By == "black" {
				by = 1
			}
			for _, s := range a.Squares {
				if !b.attacks(by, int(s[0]-'a'), int(s[1]-'1')) {
					t.Errorf("#%d %s: reference says %s is not attacked by %s", i, tc.Name, s, a.By)
				}
			}
			for _, s := range a.Not {
				if b.attacks(by, int(s[0]-'a'), int(s[1]-'1')) {
					t.Errorf("#%d %s: reference says %s is attacked by %s", i, tc.Name, s, a.By)
				}
			}
		}
	}
}

// peLocate walks down from fen to the first position where Chimera and the reference
// disagree on the legal moves, following a root move whose subtree counts differ.
func peLocate(rs *compiler.Ruleset, fen string, depth int) string {
	var line []string
	for ; depth >= 1; depth-- {
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			return fmt.Sprintf("after %v: Chimera rejects %s: %v", line, fen, err)
		}
		b, err := peFromFEN(fen)
		if err != nil {
			return fmt.Sprintf("after %v: reference rejects %s: %v", line, fen, err)
		}
		got, want := peMoves(p), b.moveList()
		if strings.Join(got, " ") != strings.Join(want, " ") {
			return fmt.Sprintf("after %v at %s: Chimera %s", line, fen, peDiff(got, want))
		}
		if depth == 1 {
			break
		}
		next := ""
		for _, e := range perft.Divide(p, depth, 1) {
			mv := p.Coord(e.Move)
			for _, m := range b.legal() {
				if m.String() == mv {
					c := b.play(m)
					if c.perft(depth-1) != e.Nodes {
						next = c.fen()
					}
				}
			}
			if next != "" {
				line = append(line, mv)
				break
			}
		}
		if next == "" {
			return fmt.Sprintf("after %v at %s: root counts agree", line, fen)
		}
		fen = next
	}
	return fmt.Sprintf("after %v: no difference found", line)
}

// TestPrisonersEscapePerftAgainstReference compares perft from the start position.
func TestPrisonersEscapePerftAgainstReference(t *testing.T) {
	rs := peOpen(t)
	fen := rs.SetupAt(0).FEN
	p := pePosition(t, rs, fen)
	b, err := peFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	maxDepth := 5
	if testing.Short() {
		maxDepth = 4
	}
	for d := 1; d <= maxDepth; d++ {
		got, want := perft.Perft(p, d), b.perft(d)
		t.Logf("perft(%d) = %d (reference %d)", d, got, want)
		if got != want {
			t.Fatalf("perft(%d) got %d want %d (reference); %s", d, got, want, peLocate(rs, fen, d))
		}
	}
}

// pePlayouts reaches positions by random playouts of the reference from the start.
func pePlayouts(n int, seed int64) []string {
	r := rand.New(rand.NewSource(seed))
	var fens []string
	for len(fens) < n {
		b, _ := peFromFEN("***I***/fnhghnf/ppppppp/7/7/PPPPPPP/FNHGHNF/***i*** w - - 0 1")
		plies := 4 + r.Intn(80)
		for k := 0; k < plies; k++ {
			ms := b.legal()
			if len(ms) == 0 {
				break
			}
			*b = b.play(ms[r.Intn(len(ms))])
		}
		fens = append(fens, b.fen())
	}
	return fens
}

// TestPrisonersEscapeRandomPositions compares moves, check, result and perft on positions
// reached by random playouts, and checks make/unmake and the incremental hash there.
func TestPrisonersEscapeRandomPositions(t *testing.T) {
	rs := peOpen(t)
	n, depth := 60, 2
	if !testing.Short() {
		n, depth = 240, 3
	}
	ended, checks, promos := 0, 0, 0
	for i, fen := range pePlayouts(n, 2003) {
		b, _ := peFromFEN(fen)
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("#%d FEN got %s want %s", i, got, fen)
		}
		got, want := peMoves(p), b.moveList()
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("#%d %s: moves %s", i, fen, peDiff(got, want))
			continue
		}
		if got, want := p.InCheck(), b.inCheck(b.side); got != want {
			t.Errorf("#%d %s: in check got %v want %v", i, fen, got, want)
		}
		if got, want := p.Result().Score, b.result(); got != want {
			t.Errorf("#%d %s: result got %s want %s", i, fen, got, want)
		}
		if got, want := perft.Perft(p, depth), b.perft(depth); got != want {
			t.Errorf("#%d %s: perft(%d) got %d want %d; %s", i, fen, depth, got, want, peLocate(rs, fen, depth))
		}
		for _, m := range p.LegalMoves(nil) {
			if m.Promotion() >= 0 {
				promos++
			}
			h := p.Hash()
			p.Make(m)
			if p.Hash() != p.RecomputedHash() {
				t.Errorf("#%d %s: after %s incremental hash differs from recomputed", i, fen, p.Coord(m))
			}
			p.Unmake()
			if p.Hash() != h || p.FEN() != fen {
				t.Errorf("#%d %s: make/unmake of %s got %s", i, fen, p.Coord(m), p.FEN())
			}
		}
		if b.result() != "*" {
			ended++
		}
		if b.inCheck(b.side) {
			checks++
		}
	}
	t.Logf("%d positions: %d in check, %d finished, %d promotion moves", n, checks, ended, promos)
	if checks == 0 {
		t.Errorf("no sampled position is in check: the sample does not exercise the check rule")
	}
}

// BenchmarkPerftPrisonersEscape is perft(4) from the Prisoner's Escape start position.
func BenchmarkPerftPrisonersEscape(b *testing.B) {
	rs := peOpen(b)
	p := pePosition(b, rs, "")
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes = perft.Perft(p, 4)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftPrisonersEscapeChessBaseline is perft(4) and perft(5) from the chess start
// position, the baseline for BenchmarkPerftPrisonersEscape.
func BenchmarkPerftPrisonersEscapeChessBaseline(b *testing.B) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		b.Fatal(err)
	}
	for _, depth := range []int{4, 5} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			p := pePosition(b, rs, "")
			var nodes int64
			for i := 0; i < b.N; i++ {
				nodes = perft.Perft(p, depth)
			}
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
