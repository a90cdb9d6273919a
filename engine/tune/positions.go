// Positions for tuning: the quiet leaves of the positions of played games, with their results.

package tune

import (
	"fmt"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/interpreter"
)

// Positions replays the games and returns a sample of each position after the game's
// opening (its random or book plies) and skip plies more, in which the side to move is not
// in check: the features of the leaf of quiescence from there, and the game's result.
// The model must come from engine e.
func Positions(rs *compiler.Ruleset, e *search.Engine, m *search.Model, games []selfplay.Game, skip int) ([]Sample, error) {
	var out []Sample
	var arena []search.Feature
	for _, g := range games {
		p, err := interpreter.FromFEN(rs, g.FEN)
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", g.Index, err)
		}
		y := g.WhiteScore()
		for i, text := range g.Moves {
			if i >= g.Opening+skip && !p.InCheck() && !p.Ended().Over {
				pv, err := e.QuietLeaf(p)
				if err != nil {
					return nil, err
				}
				for _, mv := range pv {
					p.Make(mv)
				}
				if !p.Ended().Over {
					if len(arena) > cap(arena)-512 {
						arena = make([]search.Feature, 0, 1<<16)
					}
					start := len(arena)
					arena = m.Features(p, arena)
					out = append(out, Sample{Features: arena[start:len(arena):len(arena)], Result: y, Game: g.Index})
				}
				for range pv {
					p.Unmake()
				}
			}
			mv, err := p.ParseMove(text)
			if err != nil {
				return nil, fmt.Errorf("game %d, move %d (%s): %v", g.Index, i+1, text, err)
			}
			p.Make(mv)
		}
	}
	return out, nil
}
