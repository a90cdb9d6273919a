// Samples from played games: the quiet positions the engine searched, with its score and the game's result.

package nnue

import (
	"fmt"

	"chimera/compiler"
	"chimera/interpreter"
)

// MaxLabel is the largest search score (centipawns) a sample keeps: beyond it the game is
// decided (or a mate found), and the position teaches the network nothing of degree.
const MaxLabel = 3000

// Game is what a sample needs of a played game: its start, moves (coordinates), the plies
// that were not searched (Opening), the search's score of each move after them (for the
// side that made it) and White's score (1, 1/2, 0).
type Game struct {
	Index      int
	FEN        string
	Moves      []string
	Opening    int
	Scores     []int
	WhiteScore float64
}

// Samples replays the games and appends to out a sample of each searched position whose
// side to move is not in check and whose move played was not a capture (the search
// scored a quiet position), with a score within MaxLabel. base, when not nil, gives each
// sample's Base: the linear evaluation of the position for the side to move.
func Samples(rs *compiler.Ruleset, games []Game, base func(*interpreter.Position) int, out []Sample) ([]Sample, error) {
	f := compiler.Features(rs)
	var arena []int32
	for _, g := range games {
		if len(g.Scores) != len(g.Moves)-g.Opening {
			return out, fmt.Errorf("game %d: %d scores for %d searched moves (a record without the search's scores: play the games again)", g.Index, len(g.Scores), len(g.Moves)-g.Opening)
		}
		p, err := interpreter.FromFEN(rs, g.FEN)
		if err != nil {
			return out, fmt.Errorf("game %d: %v", g.Index, err)
		}
		for i, text := range g.Moves {
			m, err := p.ParseMove(text)
			if err != nil {
				return out, fmt.Errorf("game %d, move %d (%s): %v", g.Index, i+1, text, err)
			}
			if i >= g.Opening {
				s := g.Scores[i-g.Opening]
				if s >= -MaxLabel && s <= MaxLabel && !p.InCheck() && !p.IsCapture(m) {
					if len(arena) > cap(arena)-4096 {
						arena = make([]int32, 0, 1<<16)
					}
					us := p.Side()
					start := len(arena)
					arena = Active(f, p, us, arena)
					mid := len(arena)
					arena = Active(f, p, us^1, arena)
					r := float32(g.WhiteScore)
					if us == compiler.Black {
						r = 1 - r
					}
					b := 0
					if base != nil {
						b = base(p)
					}
					out = append(out, Sample{Feats: [2][]int32{arena[start:mid:mid], arena[mid:len(arena):len(arena)]},
						Score: float32(s), Base: float32(b), Result: r, Game: g.Index})
				}
			}
			p.Make(m)
		}
	}
	return out, nil
}

// Split puts the samples of every tenth game (by index) in held, the others in train.
func Split(samples []Sample) (train, held []Sample) {
	for _, s := range samples {
		if s.Game%10 == 9 {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
	}
	return train, held
}
