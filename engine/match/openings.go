// Openings: read from a file, or random plies; one per pair of games.

package match

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// Opening is where a pair of games starts: a position (FEN, "" for the variant's start)
// and moves played from it, which the games replay as their first moves.
type Opening struct {
	FEN   string
	Moves []string // coordinate notation or SAN
	Name  string   // where it came from, for messages: "openings.txt:3"
}

// ReadOpenings reads an opening file for rs. A PGN file (one with tag pairs) gives one
// opening per game: its [FEN] tag, if any, and its moves. Otherwise each line that is
// not blank and does not start with '#' is one opening: a FEN (or EPD: a FEN whose move
// counters are left out), else move text played from the variant's start ("1. e4 e5 2.
// Nf3", "e2e4 e7e5"). Every opening is checked: a bad FEN or an illegal move is an error
// naming its line.
func ReadOpenings(rs *compiler.Ruleset, name, text string) ([]Opening, error) {
	var out []Opening
	if looksLikePGN(text) {
		games, err := gametext.ReadPGN(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, g := range games {
			o := Opening{Name: fmt.Sprintf("%s:%d", name, g.Line)}
			if t, ok := g.Tag("FEN"); ok {
				o.FEN = t.Value
			}
			root, err := openingRoot(rs, o.FEN)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", o.Name, err)
			}
			r := gametext.ReplayGame(root, g.Text)
			if r.Stop != nil {
				return nil, fmt.Errorf("%s: %w", o.Name, r.Stop)
			}
			for _, m := range r.Moves {
				o.Moves = append(o.Moves, m.Coord)
			}
			if err := checkOpening(rs, o); err != nil {
				return nil, err
			}
			out = append(out, o)
		}
		return out, nil
	}
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(l, "\ufeff"))
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		o := Opening{Name: fmt.Sprintf("%s:%d", name, i+1)}
		if _, err := interpreter.FromFEN(rs, l); err == nil {
			o.FEN = l
		} else if fen, ok := epdFEN(rs, l); ok {
			o.FEN = fen
		} else {
			root, rerr := openingRoot(rs, "")
			if rerr != nil {
				return nil, rerr
			}
			r := gametext.ReplayGame(root, l)
			if r.Stop != nil || len(r.Moves) == 0 {
				if strings.Count(l, "/") >= 2 {
					return nil, fmt.Errorf("%s: not a FEN of %s: %v", o.Name, rs.Name, err)
				}
				if r.Stop != nil {
					return nil, fmt.Errorf("%s: %w", o.Name, r.Stop)
				}
				return nil, fmt.Errorf("%s: neither a FEN nor moves", o.Name)
			}
			for _, m := range r.Moves {
				o.Moves = append(o.Moves, m.Coord)
			}
		}
		if err := checkOpening(rs, o); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return out, nil
}

func looksLikePGN(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(l, "\ufeff"))
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		return strings.HasPrefix(l, "[")
	}
	return false
}

// epdFEN reads an EPD line: the four fields of a FEN (then operations, ignored) with the
// move counters added.
func epdFEN(rs *compiler.Ruleset, l string) (string, bool) {
	f := strings.Fields(l)
	if len(f) < 4 {
		return "", false
	}
	fen := strings.Join(f[:4], " ") + " 0 1"
	if _, err := interpreter.FromFEN(rs, fen); err != nil {
		return "", false
	}
	return fen, true
}

// openingRoot is the position an opening starts from: its FEN or the variant's start.
// A shuffled default setup has no single start: such openings need a FEN.
func openingRoot(rs *compiler.Ruleset, fen string) (*interpreter.Position, error) {
	if fen == "" {
		var err error
		if fen, err = standardStart(rs); err != nil {
			return nil, err
		}
	}
	return interpreter.FromFEN(rs, fen)
}

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

// checkOpening replays an opening and makes sure the game is not over at its end.
func checkOpening(rs *compiler.Ruleset, o Opening) error {
	p, err := openingRoot(rs, o.FEN)
	if err != nil {
		return fmt.Errorf("%s: %w", o.Name, err)
	}
	for _, s := range o.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return fmt.Errorf("%s: %w", o.Name, err)
		}
		p.Make(m)
	}
	if r := p.Result(); r != interpreter.Ongoing {
		return fmt.Errorf("%s: the game is over after the opening (%s, %s)", o.Name, r.Score, r.Reason)
	}
	return nil
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
func startOf(rs *compiler.Ruleset, openings []Opening, setup string, randomPlies int, seed uint64, pair int) (pairStart, error) {
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
