// Package match plays matches between two chess engines, UCI (or its dialects USI and
// UCCI) or XBoard (CECP 2, or its dialect with USI squares) in any mix, on any compiled variant,
// with Chimera's interpreter as the referee.
//
// The referee starts each engine as a process (one pair per worker, restarted after a
// crash or a hang), tells it the variant and the position in its own protocol, keeps
// both clocks itself (the wall time from sending the command that starts a search to
// receiving the move), checks every move with Position.ParseMove, and ends a game on
// the interpreter's result (mate, goals, stalemate, repetition, fifty moves), on a time
// forfeit, on an illegal move, on a crash or a hang (that engine loses and its process is
// killed), on a resignation, or at the move cap (a draw). Colours alternate over an
// opening set: each opening is played twice, colours swapped. Results are written as
// PGN and summed up as a score with its Elo difference, a 95 % margin and the
// likelihood of superiority; a sequential probability ratio test (GSPRT) may stop the
// match early.
//
// The package knows nothing of definition files: it takes a compiled Ruleset.
package match
