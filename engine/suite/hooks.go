// Hooks tried on sample games: random playouts from each setup and test position, every hook run on every legal move on the way.

package suite

import (
	"math/rand/v2"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// HookSample says how many random games SampleHooks plays, and how long.
type HookSample struct {
	Games     int    // games from each setup
	TestGames int    // games from each test's position (FEN)
	Plies     int    // plies of each game at most
	Seed      uint64 // the games are the same for the same seed
}

// DefaultHookSample is what `chimera validate` plays.
var DefaultHookSample = HookSample{Games: 20, TestGames: 5, Plies: 60, Seed: 11}

// HookSampleResult is what SampleHooks did and found.
type HookSampleResult struct {
	Starts   int   // positions games started from
	Games    int   // games played
	Moves    int64 // moves every applicable hook was run on
	Failures []interpreter.HookFailure
}

// SampleHooks plays random games (uniform over the legal moves, from a fixed seed) from
// each setup of the ruleset and from each distinct position its tests give by FEN. At
// every position on the way it makes and unmakes each legal move with every hook that
// applies to it (Position.ExerciseHooks), so that a hook that can fail on real positions
// is found without a test that happens to reach it. Shuffled setups start from an
// arrangement drawn from the same seed.
func SampleHooks(rs *compiler.Ruleset, s HookSample) HookSampleResult {
	var res HookSampleResult
	if rs.NumHooks() == 0 {
		return res
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x686f6f6b73)) // "hooks"
	type start struct {
		fen   string
		setup *compiler.Setup
		games int
	}
	var starts []start
	for _, st := range rs.Setups() {
		st := st
		starts = append(starts, start{fen: st.FEN, setup: &st, games: s.Games})
	}
	seen := map[string]bool{}
	if rs.Def != nil {
		for _, t := range rs.Def.Tests {
			if fen := strings.TrimSpace(t.FEN); fen != "" && !seen[fen] {
				seen[fen] = true
				starts = append(starts, start{fen: fen, games: s.TestGames})
			}
		}
	}
	var failures [][]interpreter.HookFailure
	var moves []interpreter.Move
	for _, st := range starts {
		res.Starts++
		for g := 0; g < st.games; g++ {
			fen := st.fen
			if st.setup != nil && st.setup.Shuffled() {
				fen = interpreter.ArrangedFEN(rs, *st.setup, rng.IntN(st.setup.Count()))
			}
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				break // the definition's own tests report a bad FEN
			}
			p.ExerciseHooks(true)
			res.Games++
			for ply := 0; ply < s.Plies; ply++ {
				moves = p.LegalMoves(moves[:0])
				if len(moves) == 0 {
					break
				}
				for _, m := range moves {
					p.Make(m)
					p.Unmake()
				}
				res.Moves += int64(len(moves))
				p.Make(moves[rng.IntN(len(moves))])
			}
			failures = append(failures, p.HookFailures())
		}
	}
	res.Failures = interpreter.MergeHookFailures(failures...)
	return res
}
