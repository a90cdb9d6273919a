// Game results shared by both cores: the Result value and scores.

package interpreter

import "chimera/compiler"

var sideName = [2]string{"white", "black"}

// Result is the outcome of a finished game, or Ongoing.
type Result struct {
	Score  string // "1-0", "0-1", "1/2-1/2" or "*"
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
	}
	return Result{"1/2-1/2", reason}
}
