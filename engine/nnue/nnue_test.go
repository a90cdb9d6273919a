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
// hexagonal board, a several-boards variant and the 16×16 test board.
func TestIncrementalEqualsRefresh(t *testing.T) {
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
// of random games as the float model does, within a few centipawns.
func TestQuantisedAgreesWithFloat(t *testing.T) {
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
