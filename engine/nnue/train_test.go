package nnue

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
)

// material counts a FEN's placement as the test knows chess (not as the engine does):
// White's men minus Black's, in centipawns.
func material(fen string) int {
	worth := map[rune]int{'p': 100, 'n': 300, 'b': 320, 'r': 500, 'q': 900}
	s := 0
	for _, r := range strings.Fields(fen)[0] {
		if v, ok := worth[r]; ok {
			s -= v
		} else if v, ok := worth[r+'a'-'A']; ok {
			s += v
		}
	}
	return s
}

// toyGames plays random chess games whose "search scores" are the material balance for
// the side to move and whose result goes to the side ahead at the end.
func toyGames(t *testing.T, rs *compiler.Ruleset, n int, seed uint64) []Game {
	rng := rand.New(rand.NewPCG(seed, 0))
	var games []Game
	for i := range n {
		p, _ := interpreter.Start(rs, "")
		g := Game{Index: i, FEN: p.FEN()}
		for ply := 0; ply < 80 && p.Result() == interpreter.Ongoing; ply++ {
			moves := p.LegalMoves(nil)
			// Captures first, half the time: the games lose men, so the balance varies.
			m := moves[rng.IntN(len(moves))]
			if rng.IntN(2) == 0 {
				for _, c := range moves {
					if p.IsCapture(c) {
						m = c
						break
					}
				}
			}
			s := material(p.FEN())
			if p.Side() == compiler.Black {
				s = -s
			}
			g.Scores = append(g.Scores, s)
			g.Moves = append(g.Moves, p.Coord(m))
			p.Make(m)
		}
		switch s := material(p.FEN()); {
		case s > 0:
			g.WhiteScore = 1
		case s < 0:
			g.WhiteScore = 0
		default:
			g.WhiteScore = 0.5
		}
		games = append(games, g)
	}
	return games
}

// TestTrainingLowersHeldOutLoss: on positions of random games labelled by their material
// balance, a few epochs lower the error on the held-out games well below the untrained
// network's; a checkpoint resumes the run where it was.
func TestTrainingLowersHeldOutLoss(t *testing.T) {
	rs := open(t, "chess")
	samples, err := Samples(rs, toyGames(t, rs, 60, 1), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	train, held := Split(samples)
	if len(held) < 100 || len(train) < 1000 {
		t.Fatalf("%d training and %d held-out samples", len(train), len(held))
	}
	f := compiler.Features(rs)
	tr := NewTrainer(NewModel(f.Count, 1), Options{Batch: 64, Lambda: 0.75, Seed: 2, Threads: 2})
	before := tr.Loss(held)
	for range 3 {
		tr.TrainEpoch(train, nil)
	}
	mid := tr.Loss(held)
	ck, err := tr.Checkpoint(f.Hash, len(samples))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		tr.TrainEpoch(train, nil)
	}
	after := tr.Loss(held)
	t.Logf("held-out loss %.4f -> %.4f -> %.4f (%d/%d samples)", before, mid, after, len(train), len(held))
	if !(after < 0.5*before) || !(after <= mid) {
		t.Fatalf("held-out loss %.4f -> %.4f -> %.4f: training does not learn", before, mid, after)
	}
	// Resumed from the checkpoint after epoch 3, the run ends where the unbroken one did.
	re, err := Resume(ck, f.Hash, len(samples))
	if err != nil {
		t.Fatal(err)
	}
	for re.Epoch < 6 {
		re.TrainEpoch(train, nil)
	}
	if got := re.Loss(held); got != after {
		t.Fatalf("resumed run ends at %.6f, the unbroken one at %.6f", got, after)
	}
	if _, err := Resume(ck, f.Hash^1, len(samples)); err == nil {
		t.Fatal("a checkpoint of other features resumed")
	}
	if _, err := Resume(ck, f.Hash, len(samples)+1); err == nil {
		t.Fatal("a checkpoint of other samples resumed")
	}
}

// TestResumeRefusesDamage: a checkpoint cut short, with a byte changed in its header or
// with bytes added is refused with an error, not a panic or a trainer of another shape.
func TestResumeRefusesDamage(t *testing.T) {
	tr := NewTrainer(NewModel(40, 1), Options{Batch: 8, Seed: 3})
	ck, err := tr.Checkpoint(7, 100)
	if err != nil {
		t.Fatal(err)
	}
	re, err := Resume(ck, 7, 100)
	if err != nil || re.Model.Inputs != 40 || len(re.Model.P) != len(tr.Model.P) || re.Opt != tr.Opt {
		t.Fatalf("round trip: %v, %+v", err, re)
	}
	for i := range re.Model.P {
		if re.Model.P[i] != tr.Model.P[i] {
			t.Fatalf("parameter %d: %v, want %v", i, re.Model.P[i], tr.Model.P[i])
		}
	}
	if _, err := Resume(ck, 8, 100); err == nil || !strings.Contains(err.Error(), "features") {
		t.Errorf("other features: %v", err)
	}
	if _, err := Resume(ck, 7, 101); err == nil || !strings.Contains(err.Error(), "100 positions") {
		t.Errorf("other samples: %v", err)
	}
	for _, bad := range [][]byte{nil, ck[:10], ck[:len(ck)-1], append(append([]byte(nil), ck...), 0),
		func() []byte { b := append([]byte(nil), ck...); b[0] = 'x'; return b }(),
		func() []byte { b := append([]byte(nil), ck...); b[24] = 0xff; b[31] = 0x7f; return b }()} { // Inputs huge
		if _, err := Resume(bad, 7, 100); err == nil {
			t.Errorf("%d bytes of damaged checkpoint accepted", len(bad))
		}
	}
}

// TestResidualStartsAtTheBase: samples given a base (here half the material balance for
// the side to move, as the test counts it) carry it; a model whose output is zeroed
// scores each sample as its base alone, so its loss is the base's, summed here from the
// samples by hand; trained with Adds, the network learns the other half: the held-out
// loss falls well below the base's. The checkpoint keeps Adds.
func TestResidualStartsAtTheBase(t *testing.T) {
	rs := open(t, "chess")
	half := func(p *interpreter.Position) int {
		s := material(p.FEN()) / 2
		if p.Side() == compiler.Black {
			s = -s
		}
		return s
	}
	samples, err := Samples(rs, toyGames(t, rs, 60, 1), half, nil)
	if err != nil {
		t.Fatal(err)
	}
	nonzero := 0
	for _, s := range samples {
		if s.Base != float32(int(s.Score)/2) {
			t.Fatalf("a sample of score %v has base %v, want half", s.Score, s.Base)
		}
		if s.Base != 0 {
			nonzero++
		}
	}
	if nonzero < len(samples)/4 {
		t.Fatalf("only %d of %d samples have a base: a test of little", nonzero, len(samples))
	}
	train, held := Split(samples)
	f := compiler.Features(rs)
	m := NewModel(f.Count, 4)
	m.ZeroOutput()
	tr := NewTrainer(m, Options{Batch: 64, Lambda: 1, Seed: 2, Threads: 2, Adds: true})
	naive := 0.0
	for _, s := range held {
		d := 1/(1+math.Pow(10, -float64(s.Base)/400)) - 1/(1+math.Pow(10, -float64(s.Score)/400))
		naive += d * d
	}
	naive /= float64(len(held))
	if before := tr.Loss(held); math.Abs(before-naive) > 1e-9 || naive == 0 {
		t.Fatalf("the zeroed model's held-out loss %.8f, the base's alone %.8f", before, naive)
	}
	for range 10 {
		tr.TrainEpoch(train, nil)
	}
	after := tr.Loss(held)
	t.Logf("held-out loss %.5f (the base alone) -> %.5f", naive, after)
	if !(after < 0.5*naive) {
		t.Fatalf("held-out loss %.5f -> %.5f: the network does not learn what the base misses", naive, after)
	}
	ck, err := tr.Checkpoint(f.Hash, len(samples))
	if err != nil {
		t.Fatal(err)
	}
	if re, err := Resume(ck, f.Hash, len(samples)); err != nil || !re.Opt.Adds {
		t.Fatalf("resumed: %v, Adds %v", err, re != nil && re.Opt.Adds)
	}
}
