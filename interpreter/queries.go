// What the search queries report: how a game ended without generating moves.

package interpreter

import "chimera/compiler"

// Ending says whether the game is over without looking at the side to move's moves: by a
// goal the last move reached, the fifty-move rule or repetition.
type Ending struct {
	Over bool
	// Outcome is for the side to move (a goal won by the side that moved is a Loss here).
	Outcome compiler.Outcome
	Reason  string
	// Goal is the index in Ruleset.Goals of the goal reached, or -1.
	Goal int
}
