// Openings: read from a file (gametext.ReadOpenings), or random plies; one per pair of games.

package match

import (
	"fmt"
	"math/rand/v2"

	"chimera/compiler"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// standardStart is the FEN of the variant's default setup; a shuffled one has none.
func standardStart(rs *compiler.Ruleset) (string, error) {
	setups := rs.Setups()
	if len(setups) == 0 {
		return "", fmt.Errorf("%s has no setup", rs.Name)
	}
	if setups[0].Shuffled() {
		return "", fmt.Errorf("%s starts from a shuffled setup: give openings as FENs", rs.Name)
	}
	return setups[0].FEN, nil
}

// shuffledSetup returns the shuffled setup a setup name ("" for the first) names without
// an arrangement number, whose arrangement each pair draws; false for any other name
// (SetupFEN resolves those, or says what is wrong with them).
func shuffledSetup(rs *compiler.Ruleset, setup string) (compiler.Setup, bool) {
	name, n, err := compiler.ParseSetupName(setup)
	if err != nil || n >= 0 {
		return compiler.Setup{}, false
	}
	for _, s := range rs.Setups() {
		if name == "" || s.Name == name {
			return s, s.Shuffled()
		}
	}
	return compiler.Setup{}, false
}

// pairStart is where the games of a pair start: the root FEN, whether it is the
// variant's standard start, and the opening moves (coordinate notation).
type pairStart struct {
	fen      string
	startpos bool
	moves    []string
	label    string // the opening's name, or "random N" for random plies
}

// pairSeed is the random source of pair i: it depends on the seed and i only, so a pair
// starts the same whatever the order games are played in.
func pairRand(seed uint64, pair int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, uint64(pair)*0xbf58476d1ce4e5b9+1))
}

// startOf works out the start of pair i: the opening (cycled) or the setup (the first
// when setup is ""; an arrangement drawn for a shuffled setup without its number), then
// randomPlies random legal moves, drawn again until the game is still going after them.
func startOf(rs *compiler.Ruleset, openings []gametext.Opening, setup string, randomPlies int, seed uint64, pair int) (pairStart, error) {
	rng := pairRand(seed, pair)
	var st pairStart
	std, stdErr := standardStart(rs)
	switch {
	case len(openings) > 0:
		o := openings[pair%len(openings)]
		st.fen, st.moves, st.label = o.FEN, append([]string(nil), o.Moves...), o.Name
		if st.fen == "" {
			st.fen = std
		}
	case setup == "" && stdErr == nil:
		st.fen, st.label = std, "start"
	default:
		if s, ok := shuffledSetup(rs, setup); ok {
			n := rng.IntN(s.Count())
			st.fen, st.label = interpreter.ArrangedFEN(rs, s, n), fmt.Sprintf("%s:%d", s.Name, n)
		} else {
			var err error
			if st.fen, st.label, err = interpreter.SetupFEN(rs, setup); err != nil {
				return st, err
			}
		}
	}
	st.startpos = stdErr == nil && st.fen == std
	if randomPlies <= 0 {
		return st, nil
	}
	for attempt := 0; attempt < 1000; attempt++ {
		p, err := interpreter.FromFEN(rs, st.fen)
		if err != nil {
			return st, err
		}
		for _, s := range st.moves {
			m, err := p.ParseMove(s)
			if err != nil {
				return st, err
			}
			p.Make(m)
		}
		var extra []string
		ok := true
		for i := 0; i < randomPlies; i++ {
			legal := p.LegalMoves(nil)
			if len(legal) == 0 || p.Result() != interpreter.Ongoing {
				ok = false
				break
			}
			m := legal[rng.IntN(len(legal))]
			extra = append(extra, p.Coord(m))
			p.Make(m)
		}
		if ok && p.Result() == interpreter.Ongoing {
			st.moves = append(st.moves, extra...)
			if st.label == "start" {
				st.label = fmt.Sprintf("%d random plies", randomPlies)
			} else {
				st.label += fmt.Sprintf(" + %d random plies", randomPlies)
			}
			return st, nil
		}
	}
	return st, fmt.Errorf("no %d random plies from pair %d's start leave a game going", randomPlies, pair)
}
