// Prison Break and Claustrophobia: the definitions' own tests, perft and random positions against the naive reference, benchmarks.
package perft_test

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/engine/suite"
	"chimera/interpreter"
)

// pbVariants are the two variants checked here, each with its reference rules.
var pbVariants = []struct {
	name  string
	rules func() *pbRules
}{
	{"prisonbreak", pbPrisonBreakRules},
	{"claustrophobia", pbClaustrophobiaRules},
}

func pbOpen(t testing.TB, variant string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// pbTestFEN is the FEN a definition test starts from.
func pbTestFEN(rs *compiler.Ruleset, tc *defs.Test) string {
	if tc.FEN != "" {
		return tc.FEN
	}
	for _, s := range rs.Setups() {
		if tc.Setup == "" || s.Name == tc.Setup {
			return s.FEN
		}
	}
	return ""
}

// pbKey writes a Chimera move as the reference keys its moves: coordinate notation, then
// the squares captured in passing, sorted.
func pbKey(p *interpreter.Position, m interpreter.Move) string {
	rs := p.Ruleset()
	s := p.Coord(m)
	if i := strings.IndexByte(s, 'x'); i >= 0 {
		s = s[:i] // Coord names captured squares itself when two moves would read alike
	}
	var cs []string
	for _, c := range []compiler.Square{m.Cap1(), m.Cap2()} {
		if c != compiler.NoSquare {
			cs = append(cs, rs.SquareName(c))
		}
	}
	sort.Strings(cs)
	if len(cs) > 0 {
		s += "x" + strings.Join(cs, "x")
	}
	return s
}

func pbKeys(p *interpreter.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, pbKey(p, m))
	}
	sort.Strings(out)
	return out
}

// pbCoords drops the captured squares from sorted keys: the coordinate notation alone.
func pbCoords(keys []string) []string {
	var out []string
	for _, k := range keys {
		if i := strings.IndexByte(k, 'x'); i >= 0 {
			k = k[:i]
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func pbSorted(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

// pbDiff describes how the sorted list got differs from the sorted list want.
func pbDiff(got, want []string) string {
	count := map[string]int{}
	for _, m := range got {
		count[m]++
	}
	for _, m := range want {
		count[m]--
	}
	var extra, missing []string
	for m, n := range count {
		for ; n > 0; n-- {
			extra = append(extra, m)
		}
		for ; n < 0; n++ {
			missing = append(missing, m)
		}
	}
	sort.Strings(extra)
	sort.Strings(missing)
	return fmt.Sprintf("extra %v, missing %v", extra, missing)
}

// pbFind returns the reference move with the given key.
func pbFind(b *pbBoard, key string) (pbMove, bool) {
	for _, m := range b.legal() {
		if m.key() == key {
			return m, true
		}
	}
	return pbMove{}, false
}

// TestPrisonBreakClaustrophobiaDefinitionTests runs each definition's own tests through
// the suite runner (what `chimera validate` runs).
func TestPrisonBreakClaustrophobiaDefinitionTests(t *testing.T) {
	opt := suite.Options{}
	if testing.Short() {
		opt.MaxNodes = 200_000
	}
	for _, v := range pbVariants {
		rs := pbOpen(t, v.name)
		results := suite.RunTests(rs, opt)
		if len(results) < 15 {
			t.Errorf("%s: got %d definition tests, want at least 15", v.name, len(results))
		}
		for i, r := range results {
			if !r.Pass {
				t.Errorf("%s #%d %s (%s): %s", v.name, i, r.Name, r.Where, r.Message())
			}
		}
	}
}

// TestPrisonBreakClaustrophobiaClaimsByReference checks every claim of the definitions'
// tests (hand-derived from the rules files) with the reference as well: the game's moves
// legal, the exact move lists, contains/excludes, attacks, check, results and perft.
func TestPrisonBreakClaustrophobiaClaimsByReference(t *testing.T) {
	maxNodes := int64(10_000)
	if !testing.Short() {
		maxNodes = 200_000
	}
	for _, v := range pbVariants {
		rs := pbOpen(t, v.name)
		for i := range rs.Def.Tests {
			tc := &rs.Def.Tests[i]
			name := fmt.Sprintf("%s #%d %s", v.name, i, tc.Name)
			fen := pbTestFEN(rs, tc)
			b, err := pbFromFEN(v.rules(), fen)
			if err != nil {
				t.Errorf("%s: reference rejects %s: %v", name, fen, err)
				continue
			}
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			// The game's moves are read by Chimera and must be legal for the reference too.
			ok := true
			for _, tok := range strings.Fields(tc.Game) {
				if strings.HasSuffix(tok, ".") {
					continue
				}
				m, err := p.ParseMove(tok)
				if err != nil {
					t.Errorf("%s: move %s: %v", name, tok, err)
					ok = false
					break
				}
				rm, found := pbFind(b, pbKey(p, m))
				if !found {
					t.Errorf("%s: move %s (%s) is not legal for the reference", name, tok, pbKey(p, m))
					ok = false
					break
				}
				p.Make(m)
				b = b.play(rm)
			}
			if !ok {
				continue
			}
			coords := pbCoords(b.keys())
			if tc.Moves != nil {
				if want := pbSorted(tc.Moves); strings.Join(coords, " ") != strings.Join(want, " ") {
					t.Errorf("%s: reference moves got %v want %v (%s)", name, coords, want, pbDiff(coords, want))
				}
			}
			has := func(s string) bool {
				i := sort.SearchStrings(coords, s)
				return i < len(coords) && coords[i] == s
			}
			for _, s := range tc.Contains {
				if !has(s) {
					t.Errorf("%s: reference: %s is not legal", name, s)
				}
			}
			for _, s := range tc.Excludes {
				if has(s) {
					t.Errorf("%s: reference: %s is legal", name, s)
				}
			}
			for _, a := range tc.Attacks {
				by := 0
				if a.By == "black" {
					by = 1
				}
				for _, s := range a.Squares {
					if f, r := pbSquare(s); !b.attacked(f, r, by) {
						t.Errorf("%s: reference: %s is not attacked by %s", name, s, a.By)
					}
				}
				for _, s := range a.Not {
					if f, r := pbSquare(s); b.attacked(f, r, by) {
						t.Errorf("%s: reference: %s is attacked by %s", name, s, a.By)
					}
				}
			}
			if tc.Check != nil {
				if got := b.inCheck(b.side); got != *tc.Check {
					t.Errorf("%s: reference check got %v want %v", name, got, *tc.Check)
				}
			}
			if tc.Result != "" {
				if got := b.result(); got != tc.Result {
					t.Errorf("%s: reference result got %s want %s", name, got, tc.Result)
				}
			}
			for d, want := range tc.Perft {
				if want > maxNodes {
					break
				}
				if got := b.perft(d + 1); got != want {
					t.Errorf("%s: reference perft(%d) got %d want %d", name, d+1, got, want)
				}
			}
		}
	}
}

// pbLocate walks down from p (and the reference b, in the same position) to the first
// position where Chimera and the reference disagree on the legal moves, following a root
// move whose subtree counts differ. p is left as it was.
func pbLocate(p *interpreter.Position, b *pbBoard, depth int) string {
	var line []string
	made := 0
	defer func() {
		for ; made > 0; made-- {
			p.Unmake()
		}
	}()
	for ; depth >= 1; depth-- {
		got, want := pbKeys(p), b.keys()
		if strings.Join(got, " ") != strings.Join(want, " ") {
			return fmt.Sprintf("after %v at %s: Chimera %s", line, p.FEN(), pbDiff(got, want))
		}
		if depth == 1 {
			break
		}
		var next *pbBoard
		for _, e := range perft.Divide(p, depth, 1) {
			k := pbKey(p, e.Move)
			rm, _ := pbFind(b, k)
			if c := b.play(rm); c.perft(depth-1) != e.Nodes {
				line = append(line, k)
				p.Make(e.Move)
				made++
				next = c
				break
			}
		}
		if next == nil {
			return fmt.Sprintf("after %v at %s: root move counts agree", line, p.FEN())
		}
		b = next
	}
	return fmt.Sprintf("after %v: no difference found", line)
}

// pbStart is a setup of one of the variants, in Chimera and in the reference.
type pbStart struct {
	variant, setup string
	p              *interpreter.Position
	b              *pbBoard
}

// pbStarts are the setups of both variants.
func pbStarts(t testing.TB) []pbStart {
	var out []pbStart
	for _, v := range pbVariants {
		rs := pbOpen(t, v.name)
		for _, s := range rs.Setups() {
			p, err := interpreter.Start(rs, s.Name)
			if err != nil {
				t.Fatal(err)
			}
			b, err := pbFromFEN(v.rules(), s.FEN)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, pbStart{v.name, s.Name, p, b})
		}
	}
	return out
}

// TestPrisonBreakClaustrophobiaPerftAgainstReference compares perft from every setup
// (depth 3 with -short, 4 without) and from every test position (depth 2 or 3).
func TestPrisonBreakClaustrophobiaPerftAgainstReference(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, s := range pbStarts(t) {
		for d := 1; d <= depth; d++ {
			got, want := perft.Perft(s.p, d), s.b.perft(d)
			t.Logf("%s %s: perft(%d) = %d (reference %d)", s.variant, s.setup, d, got, want)
			if got != want {
				t.Errorf("%s %s: perft(%d) got %d want %d (reference); %s", s.variant, s.setup, d, got, want, pbLocate(s.p, s.b, d))
				break
			}
		}
	}
	depth--
	for _, v := range pbVariants {
		rs := pbOpen(t, v.name)
		for i := range rs.Def.Tests {
			tc := &rs.Def.Tests[i]
			if tc.FEN == "" {
				continue
			}
			p, err := interpreter.FromFEN(rs, tc.FEN)
			if err != nil {
				t.Fatal(err)
			}
			b, err := pbFromFEN(v.rules(), tc.FEN)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := perft.Perft(p, depth), b.perft(depth); got != want {
				t.Errorf("%s #%d %s: perft(%d) got %d want %d (reference); %s", v.name, i, tc.Name, depth, got, want, pbLocate(p, b, depth))
			}
		}
	}
}

// TestPrisonBreakClaustrophobiaDeepPerft compares perft(5) from every setup with the
// reference: minutes of CPU for the reference, so only without -short.
func TestPrisonBreakClaustrophobiaDeepPerft(t *testing.T) {
	if testing.Short() {
		t.Skip("deep perft against the reference: run without -short")
	}
	for _, s := range pbStarts(t) {
		got, want := perft.ParallelPerft(s.p, 5, 0), s.b.perft(5)
		t.Logf("%s %s: perft(5) = %d (reference %d)", s.variant, s.setup, got, want)
		if got != want {
			t.Errorf("%s %s: perft(5) got %d want %d (reference); %s", s.variant, s.setup, got, want, pbLocate(s.p, s.b, 5))
		}
	}
}

// pbSquares lists the squares of the ruleset a piece can stand on.
func pbSquares(rs *compiler.Ruleset) []compiler.Square {
	var out []compiler.Square
	for sq := 0; sq < rs.Cells; sq++ {
		if rs.Squares.Has(sq) {
			out = append(out, sq)
		}
	}
	return out
}

// pbCompare checks Chimera's position p against the reference b in the same position:
// legal moves with their captured squares, check, frozen pieces, every attacked square
// for both sides, the result, and the FEN Chimera writes.
func pbCompare(t *testing.T, where string, p *interpreter.Position, b *pbBoard) bool {
	t.Helper()
	rs := p.Ruleset()
	ok := true
	fail := func(format string, args ...any) {
		t.Errorf("%s at %s: %s", where, p.FEN(), fmt.Sprintf(format, args...))
		ok = false
	}
	if got, want := pbKeys(p), b.keys(); strings.Join(got, " ") != strings.Join(want, " ") {
		fail("moves: %s", pbDiff(got, want))
	}
	if got, want := p.InCheck(), b.inCheck(b.side); got != want {
		fail("in check got %v want %v", got, want)
	}
	if got, want := p.Result().Score, b.result(); got != want {
		fail("result got %s want %s", got, want)
	}
	for _, sq := range pbSquares(rs) {
		f, r := rs.FileOf(sq), rs.RankOf(sq)
		for c := 0; c < 2; c++ {
			if got, want := p.Attacked(sq, c), b.attacked(f, r, c); got != want {
				fail("%s attacked by side %d got %v want %v", rs.SquareName(sq), c, got, want)
			}
		}
		if pc := b.sq[f][r]; pc != '.' {
			if got, want := p.Frozen(pbColor(pc)).Has(sq), b.frozen(f, r); got != want {
				fail("%s frozen got %v want %v", rs.SquareName(sq), got, want)
			}
		}
	}
	c, err := pbFromFEN(b.rules, p.FEN())
	if err != nil {
		fail("reference rejects Chimera's FEN: %v", err)
	} else if c.sq != b.sq || c.side != b.side || c.epF != b.epF || b.epF >= 0 && c.epR != b.epR {
		fail("Chimera's FEN does not describe the reference position")
	}
	return ok
}

// TestPrisonBreakClaustrophobiaRandomPlayouts plays random games on Chimera and the
// reference in step and compares them after every move (pbCompare), with perft(2) every
// few plies; without -short also perft(3) at the end of each playout.
func TestPrisonBreakClaustrophobiaRandomPlayouts(t *testing.T) {
	games, plies := 2, 50
	if !testing.Short() {
		games, plies = 20, 120
	}
	var positions, checks, frozen, finished, promotions, locust int
	for _, s := range pbStarts(t) {
		r := rand.New(rand.NewSource(2007))
		for g := 0; g < games; g++ {
			p := s.p.Clone()
			b := s.b
			for ply := 0; ply < plies; ply++ {
				where := fmt.Sprintf("%s %s game %d ply %d", s.variant, s.setup, g, ply)
				positions++
				if !pbCompare(t, where, p, b) {
					return
				}
				if ply%8 == 7 {
					if got, want := perft.Perft(p, 2), b.perft(2); got != want {
						t.Fatalf("%s: perft(2) got %d want %d; %s", where, got, want, pbLocate(p, b, 2))
					}
				}
				if p.InCheck() {
					checks++
				}
				if p.Frozen(0).Or(p.Frozen(1)).Any() {
					frozen++
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					finished++
					break
				}
				m := pbPick(p, moves, r)
				if m.Promotion() >= 0 {
					promotions++
				}
				if m.Cap1() != compiler.NoSquare && m.Kind() != interpreter.KindEP {
					locust++
				}
				rm, found := pbFind(b, pbKey(p, m))
				if !found {
					t.Fatalf("%s: Chimera's move %s is not legal for the reference", where, pbKey(p, m))
				}
				p.Make(m)
				b = b.play(rm)
			}
			if !testing.Short() {
				if got, want := perft.Perft(p, 3), b.perft(3); got != want {
					t.Errorf("%s %s game %d end: perft(3) got %d want %d; %s", s.variant, s.setup, g, got, want, pbLocate(p, b, 3))
				}
			}
		}
	}
	t.Logf("%d positions: %d in check, %d with frozen pieces, %d games finished; %d promotions, %d captures in passing played",
		positions, checks, frozen, finished, promotions, locust)
	if checks == 0 || finished == 0 || locust == 0 {
		t.Errorf("the playouts do not exercise check (%d), game ends (%d) or captures in passing (%d)", checks, finished, locust)
	}
}

// pbPick chooses a random move, preferring one that ends the game (so that playouts reach
// escapes, scepters and mates) and, half of the time, a capture.
func pbPick(p *interpreter.Position, moves []interpreter.Move, r *rand.Rand) interpreter.Move {
	var captures []interpreter.Move
	for _, m := range moves {
		p.Make(m)
		over := p.Result() != interpreter.Ongoing
		p.Unmake()
		if over {
			return m
		}
		if p.At(m.To()) != interpreter.NoPiece || m.Cap1() != compiler.NoSquare {
			captures = append(captures, m)
		}
	}
	if len(captures) > 0 && r.Intn(2) == 0 {
		return captures[r.Intn(len(captures))]
	}
	return moves[r.Intn(len(moves))]
}

// pbBench is perft(depth) from the named built-in variant's default setup, in nodes/s.
func pbBench(b *testing.B, variant string, depth int) {
	rs := pbOpen(b, variant)
	p, err := interpreter.Start(rs, "")
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes = perft.Perft(p, depth)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftPrisonBreak is perft(4) from the Prison Break start position.
func BenchmarkPerftPrisonBreak(b *testing.B) { pbBench(b, "prisonbreak", 4) }

// BenchmarkPerftClaustrophobia is perft(4) from the Claustrophobia start position.
func BenchmarkPerftClaustrophobia(b *testing.B) { pbBench(b, "claustrophobia", 4) }

// BenchmarkPerftKoopa is perft(4) from the Koopa start position (captures bounce and
// stun from the third ply on).
func BenchmarkPerftKoopa(b *testing.B) { pbBench(b, "koopa", 4) }

// BenchmarkPerftChessForPrisonBreak is perft(4) from the chess start position, the
// baseline the two benchmarks above are compared with.
func BenchmarkPerftChessForPrisonBreak(b *testing.B) { pbBench(b, "chess", 4) }
