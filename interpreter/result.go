// Game results shared by both cores: the Result value and scores.

package interpreter

import "chimera/compiler"

var sideName = [2]string{"white", "black"}

// Result is the outcome of a finished game, or Ongoing.
type Result struct {
	Score  string // "1-0", "0-1", "1/2-1/2", "3/4-1/4", "1/4-3/4" or "*"
	Reason string // checkmate, stalemate, goal, fifty-move rule, repetition
}

// Ongoing is the result of a game that goes on.
var Ongoing = Result{Score: "*"}

func scoreFor(winner Color) string {
	if winner == compiler.White {
		return "1-0"
	}
	return "0-1"
}

// outcomeResult is the result of a game that ended with outcome o for side.
func outcomeResult(side Color, o compiler.Outcome, reason string) Result {
	switch o {
	case compiler.Win:
		return Result{scoreFor(side), reason}
	case compiler.Loss:
		return Result{scoreFor(side ^ 1), reason}
	case compiler.ThreeQuarters, compiler.OneQuarter:
		if (o == compiler.ThreeQuarters) == (side == compiler.White) {
			return Result{"3/4-1/4", reason}
		}
		return Result{"1/4-3/4", reason}
	}
	return Result{"1/2-1/2", reason}
}

// WhitePoints is White's share of the point in a result's score ("1-0", "0-1", "1/2-1/2",
// "3/4-1/4", "1/4-3/4"); ok is false for any other text ("*" too).
func WhitePoints(score string) (points float64, ok bool) {
	switch score {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	case "3/4-1/4":
		return 0.75, true
	case "1/4-3/4":
		return 0.25, true
	}
	return 0, false
}
