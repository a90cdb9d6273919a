package nnue

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

func open(t *testing.T, name string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// randomNet is a net over rs's features with random weights throughout, so that a sum
// missing or counting a feature twice shows.
func randomNet(rs *compiler.Ruleset, seed uint64) *Net {
	f := compiler.Features(rs)
	rng := rand.New(rand.NewPCG(seed, 1))
	q := &compiler.Net{Variant: rs.Name, Features: f.Hash, Inputs: f.Count}
	q.Input = make([]int16, f.Count*width)
	for i := range q.Input {
		q.Input[i] = int16(rng.IntN(61) - 30)
	}
	q.InputBias = make([]int16, width)
	for i := range q.InputBias {
		q.InputBias[i] = int16(rng.IntN(128))
	}
	i16 := func(n int) []int16 {
		out := make([]int16, n)
		for i := range out {
			out[i] = int16(rng.IntN(4001) - 2000)
		}
		return out
	}
	q.Hidden1, q.Hidden1Bias = i16(h1*2*width), make([]int32, h1)
	q.Hidden2, q.Hidden2Bias = i16(h2*h1), make([]int32, h2)
	q.Out, q.OutBias = i16(h2), []int32{17}
	return FromQuantised(rs, q)
}

// TestIncrementalEqualsRefresh plays random games and checks, after every move and every
// move taken back, that the sums kept from the moves' changes are those computed afresh
// from the men and pools: chess, a drop variant (crazyhouse), seed variants, a
// hexagonal board, a several-boards variant and the 16×16 test board (with the Go loops,
// then the AVX2 ones where the processor has them).
func TestIncrementalEqualsRefresh(t *testing.T) { bothPaths(t, testIncrementalEqualsRefresh) }

func testIncrementalEqualsRefresh(t *testing.T) {
	for _, name := range []string{"chess", "crazyhouse", "shogi", "claustrophobia", "koopa", "hostage", "glinski", "alice",
		filepath.Join("..", "..", "testdata", "wide", "big16.yaml")} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			rs := open(t, name)
			n := randomNet(rs, 7)
			rng := rand.New(rand.NewPCG(3, 4))
			games, plies := 6, 120
			if testing.Short() {
				games, plies = 3, 80
			}
			var changes []interpreter.Change
			var moves []interpreter.Move
			checked, drops, pools := 0, 0, 0
			for g := range games {
				p, err := interpreter.Start(rs, "")
				if err != nil {
					t.Fatal(err)
				}
				acc := make([]Accumulator, plies+1)
				n.Refresh(p, &acc[0])
				var fresh Accumulator
				ply := 0
				for ply < plies && p.Result() == interpreter.Ongoing {
					moves = p.LegalMoves(moves[:0])
					if len(moves) == 0 {
						break
					}
					m := moves[rng.IntN(len(moves))]
					if m.IsDrop() {
						drops++
					}
					p.Make(m)
					changes = p.Changes(changes)
					for _, c := range changes {
						if c.Cell == interpreter.NoSquare {
							pools++
						}
					}
					n.Update(&acc[ply], &acc[ply+1], changes)
					ply++
					n.Refresh(p, &fresh)
					if fresh != acc[ply] {
						t.Fatalf("game %d ply %d (%s): incremental sums differ from the recomputed ones", g, ply, p.FEN())
					}
					if n.Evaluate(&acc[ply], p.Side()) != n.Evaluate(&fresh, p.Side()) {
						t.Fatal("evaluations differ")
					}
					checked++
				}
				// Take the moves back: the sums of each earlier position are still those
				// of the position reached again.
				for ply > 0 {
					p.Unmake()
					ply--
					n.Refresh(p, &fresh)
					if fresh != acc[ply] {
						t.Fatalf("game %d, back at ply %d: the kept sums differ", g, ply)
					}
				}
			}
			if checked < 50 {
				t.Fatalf("only %d positions checked", checked)
			}
			if rs.NumPools() > 0 && pools == 0 {
				t.Fatalf("%s: no move changed a pool (drops %d)", name, drops)
			}
		})
	}
}

// TestMirrorIsAFlip: the mirror of a cell is a cell of the board, mirroring twice gives it
// back, and on a board of squares it keeps the file and turns the rank (a1 <-> a8 in
// chess); on the hexagon it keeps the file.
func TestMirrorIsAFlip(t *testing.T) {
	for _, name := range []string{"chess", "glinski", "shogi"} {
		rs := open(t, name)
		for sq := range rs.Cells {
			if !rs.Squares.Has(sq) {
				continue
			}
			m := rs.Mirror(sq)
			if m < 0 || !rs.Squares.Has(m) || rs.Mirror(m) != sq || rs.FileOf(m) != rs.FileOf(sq) {
				t.Fatalf("%s: %s mirrors to %d", name, rs.CellName(sq), m)
			}
		}
	}
	rs := open(t, "chess")
	a1, _ := rs.ParseSquare("a1")
	a8, _ := rs.ParseSquare("a8")
	e2, _ := rs.ParseSquare("e2")
	e7, _ := rs.ParseSquare("e7")
	if rs.Mirror(a1) != a8 || rs.Mirror(e2) != e7 {
		t.Fatal("chess: a1 and e2 do not mirror to a8 and e7")
	}
	// The start position is symmetric: each side's view of it is the same, so the net
	// scores it alike for either side to move.
	n := randomNet(rs, 9)
	p, _ := interpreter.Start(rs, "")
	var a Accumulator
	n.Refresh(p, &a)
	if a.V[0] != a.V[1] {
		t.Fatal("chess start: White's and Black's views differ")
	}
}

// TestQuantisedAgreesWithFloat: a trained-shape model's quantised net scores positions
// of random games as the float model does, within a few centipawns (both loops).
func TestQuantisedAgreesWithFloat(t *testing.T) { bothPaths(t, testQuantisedAgreesWithFloat) }

func testQuantisedAgreesWithFloat(t *testing.T) {
	for _, name := range []string{"chess", "crazyhouse"} {
		rs := open(t, name)
		m := NewModel(compiler.Features(rs).Count, 5)
		// Weights of the size trained nets have, not the start's small ones (within the
		// ranges training keeps them in).
		rng := rand.New(rand.NewPCG(1, 2))
		l := layoutOf(m.Inputs)
		for i := l.w0; i < l.b0; i++ {
			m.P[i] = float32(rng.NormFloat64() * 0.15)
		}
		for i := l.wo; i < l.n; i++ {
			m.P[i] = float32(2*rng.Float64()-1) * 0.35
		}
		n := FromQuantised(rs, m.Quantise(rs, Provenance{}))
		rng = rand.New(rand.NewPCG(8, 8))
		worst, sum, count, spread := 0.0, 0.0, 0, 0.0
		for range 4 {
			p, _ := interpreter.Start(rs, "")
			for ply := 0; ply < 60 && p.Result() == interpreter.Ongoing; ply++ {
				moves := p.LegalMoves(nil)
				p.Make(moves[rng.IntN(len(moves))])
				fl := m.EvaluateFloat(n.Features(), p)
				var a Accumulator
				n.Refresh(p, &a)
				q := float64(n.Evaluate(&a, p.Side()))
				d := math.Abs(fl - q)
				worst, sum, count = max(worst, d), sum+d, count+1
				spread = max(spread, math.Abs(fl))
			}
		}
		if spread < 50 {
			t.Fatalf("%s: the float scores stay within %.0f cp: a test of nothing", name, spread)
		}
		if worst > 10 || sum/float64(count) > 3 {
			t.Fatalf("%s: quantised and float differ by up to %.1f cp (mean %.1f) over %d positions (scores up to %.0f)", name, worst, sum/float64(count), count, spread)
		}
		t.Logf("%s: |float-quantised| max %.1f cp, mean %.2f cp, scores up to %.0f cp", name, worst, sum/float64(count), spread)
	}
}

// activations are a's first-layer sums as the dense layers read them: the side to
// move's view, then the other's, each shifted down (rounded) and clipped to 0..127.
func activations(a *Accumulator, us compiler.Color) []int64 {
	var x []int64
	for _, side := range [2]compiler.Color{us, us ^ 1} {
		for j := range width {
			x = append(x, min(max((int64(a.V[side][j])+2)>>2, 0), 127))
		}
	}
	return x
}

// sums is a dense layer's sums over in, without its biases, in int64.
func sums(w []int16, in []int64, units int) []int64 {
	out := make([]int64, units)
	for i := range out {
		for j, xj := range in {
			out[i] += int64(w[i*len(in)+j]) * xj
		}
	}
	return out
}

// reference is the network's score by the plain formula, unit by unit in int64: each
// dense layer's sum with its bias rounded to the activations' scale and clipped, the
// output rounded to centipawns.
func reference(q *compiler.Net, a *Accumulator, us compiler.Color) int {
	layer := func(w []int16, b []int32, in []int64) []int64 {
		out := sums(w, in, len(b))
		for i := range out {
			out[i] = min(max((out[i]+int64(b[i])+512)/1024, 0), 127)
		}
		return out
	}
	o1 := layer(q.Hidden1, q.Hidden1Bias, activations(a, us))
	o2 := layer(q.Hidden2, q.Hidden2Bias, o1)
	s := int64(q.OutBias[0])
	for j, v := range o2 {
		s += int64(q.Out[j]) * v
	}
	cp, den := s*600, int64(127*1024)
	if cp >= 0 {
		return int((cp + den/2) / den)
	}
	return -int((-cp + den/2) / den)
}

// randomGamesAccumulators calls f with the sums of each position of a few random chess
// games.
func randomGamesAccumulators(rs *compiler.Ruleset, n *Net, seed uint64, f func(p *interpreter.Position, a *Accumulator)) {
	rng := rand.New(rand.NewPCG(seed, 9))
	for range 3 {
		p, _ := interpreter.Start(rs, "")
		for ply := 0; ply < 50 && p.Result() == interpreter.Ongoing; ply++ {
			moves := p.LegalMoves(nil)
			p.Make(moves[rng.IntN(len(moves))])
			var a Accumulator
			n.Refresh(p, &a)
			f(p, &a)
		}
	}
}

// TestDenseSumsExact: the first dense layer sums two units in one int64; its sums are
// the plain ones, on random nets whose weights there reach both ends of the int16 range
// and whose first-layer sums reach every activation from 0 to 127 (the sums' extremes,
// negative ones included, where a packed pair's lower half borrows from the upper).
func TestDenseSumsExact(t *testing.T) { bothPaths(t, testDenseSumsExact) }

// bothPaths runs f with the first dense layer computed in Go, then, where the processor
// has AVX2, with the AVX2 loops.
func bothPaths(t *testing.T, f func(t *testing.T)) {
	avx := haveAVX2
	defer func() { haveAVX2 = avx }()
	haveAVX2 = false
	t.Run("go", f)
	if !avx {
		t.Log("no AVX2 here: the Go loops alone")
		return
	}
	haveAVX2 = true
	t.Run("avx2", f)
}

func testDenseSumsExact(t *testing.T) {
	rs := open(t, "chess")
	checked, saturated, negative := 0, 0, 0
	for seed := range uint64(4) {
		q := randomNet(rs, seed+20).q
		rng := rand.New(rand.NewPCG(seed, 10))
		for i := range q.Hidden1 {
			switch rng.IntN(4) {
			case 0:
				q.Hidden1[i] = math.MaxInt16
			case 1:
				q.Hidden1[i] = math.MinInt16
			default:
				q.Hidden1[i] = int16(rng.IntN(1<<16) - 1<<15)
			}
		}
		for i := range q.InputBias {
			q.InputBias[i] = int16(rng.IntN(900) - 200)
		}
		n := FromQuantised(rs, q)
		randomGamesAccumulators(rs, n, seed, func(p *interpreter.Position, a *Accumulator) {
			got := n.dense1(a, p.Side())
			for i, want := range sums(q.Hidden1, activations(a, p.Side()), h1) {
				if int64(got[i]) != want {
					t.Fatalf("seed %d, %s: unit %d sums %d, want %d", seed, p.FEN(), i, got[i], want)
				}
				if want < 0 {
					negative++
				}
			}
			for _, v := range a.V[0] {
				if v >= 127<<2 {
					saturated++
				}
			}
			checked++
		})
	}
	if saturated == 0 || negative == 0 || checked < 300 {
		t.Fatalf("%d positions, %d saturated activations, %d negative sums: a test of little", checked, saturated, negative)
	}
}

// TestEvaluateMatchesReference: the quantised network's score is the plain formula's
// (reference), on random nets, over positions of random games.
func TestEvaluateMatchesReference(t *testing.T) { bothPaths(t, testEvaluateMatchesReference) }

func testEvaluateMatchesReference(t *testing.T) {
	rs := open(t, "chess")
	scores := map[int]bool{}
	for seed := range uint64(4) {
		n := randomNet(rs, seed+20)
		rng := rand.New(rand.NewPCG(seed, 11))
		for i := range n.q.Hidden1Bias {
			n.q.Hidden1Bias[i] = int32(rng.IntN(200_001) - 100_000)
		}
		randomGamesAccumulators(rs, n, seed, func(p *interpreter.Position, a *Accumulator) {
			got, want := n.Evaluate(a, p.Side()), reference(n.q, a, p.Side())
			if got != want {
				t.Fatalf("seed %d, %s: Evaluate %d, the formula %d", seed, p.FEN(), got, want)
			}
			scores[want] = true
		})
	}
	if len(scores) < 100 {
		t.Fatalf("%d scores: a test of little", len(scores))
	}
}
