// Playing levels: a weaker engine that errs by depth and by noise among the moves it searched.

package search

import (
	"math/rand/v2"

	"chimera/interpreter"
)

// MaxLevel is full strength; levels 1 to MaxLevel-1 play weaker, 1 the weakest.
const MaxLevel = 10

// levelSpec is how a level plays: the depth it searches to (quiescence still follows
// captures, so it sees what it leaves en prise at that depth), the root lines it
// searches, and the margin in centipawns within which it picks among them by noise (up
// to twice the margin, so a line at the margin's edge is picked now and then).
type levelSpec struct {
	depth, lines, margin int
}

// levels[L] for L in 1..MaxLevel-1.
var levels = [MaxLevel]levelSpec{
	1: {depth: 1, lines: 6, margin: 150},
	2: {depth: 1, lines: 4, margin: 80},
	3: {depth: 2, lines: 4, margin: 60},
	4: {depth: 3, lines: 4, margin: 45},
	5: {depth: 4, lines: 3, margin: 35},
	6: {depth: 5, lines: 3, margin: 25},
	7: {depth: 6, lines: 3, margin: 18},
	8: {depth: 8, lines: 2, margin: 12},
	9: {depth: 10, lines: 2, margin: 8},
}

// levelOf is the spec of lim's level, or false at full strength.
func levelOf(lim Limits) (levelSpec, bool) {
	if lim.Level <= 0 || lim.Level >= MaxLevel {
		return levelSpec{}, false
	}
	return levels[lim.Level], true
}

// rootLine is one searched root move with its score and line.
type rootLine struct {
	score int
	pv    []interpreter.Move
}

// chooseLevelled picks the move a level plays among the root lines of the deepest
// iteration it completed: each line within the margin of the best scores its score plus
// noise up to twice the margin, and the highest is played. A line that loses by force where
// another does not is never picked, and a forced win found is always played.
func chooseLevelled(lines []rootLine, spec levelSpec, rng *rand.Rand) (rootLine, bool) {
	if len(lines) == 0 {
		return rootLine{}, false
	}
	best := lines[0]
	for _, l := range lines[1:] {
		if l.score > best.score {
			best = l
		}
	}
	if best.score >= Mate-MateSpan {
		return best, true
	}
	pick, top := best, -infinity
	for _, l := range lines {
		if l.score < best.score-spec.margin || l.score <= -(Mate-MateSpan) && best.score > -(Mate-MateSpan) {
			continue
		}
		if s := l.score + rng.IntN(2*spec.margin+1); s > top {
			pick, top = l, s
		}
	}
	return pick, true
}

// SetSeed seeds the noise of the levels (a new engine seeds it from the clock), so a
// levelled game can be played again move for move.
func (e *Engine) SetSeed(seed uint64) {
	e.rng = rand.New(rand.NewPCG(seed, 0))
}

// UCI_Elo's range: MaxElo is full strength (the scale's anchor, set by definition), MinElo
// the weakest level's place on it.
const (
	MinElo = 340
	MaxElo = 2000
)

// levelElo[L] is level L's strength on UCI_Elo's scale: full strength is MaxElo and each
// level sits below it by its Elo difference against full strength, measured at 4 s +
// 0.05 s a game as a chain of 40-game matches between neighbouring levels
// (docs/matches.md, "Levels"): 10-9 +89, 9-8 +108, 8-7 +53, 7-6 +158, 6-5 +241,
// 5-4 +301, 4-3 +285, 3-2 +338, 2-1 +89.
var levelElo = [MaxLevel + 1]int{1: 340, 2: 429, 3: 767, 4: 1052, 5: 1353, 6: 1594, 7: 1751, 8: 1804, 9: 1911, 10: MaxElo}

// LevelForElo is the strongest level whose Elo is at most elo (the weakest level below
// all of them).
func LevelForElo(elo int) int {
	level := 1
	for l := 1; l <= MaxLevel; l++ {
		if levelElo[l] <= elo {
			level = l
		}
	}
	return level
}
