// Test-only access for the external tests of this package: forcing the 256-cell core, and the core a position should run on.
package interpreter

import "chimera/compiler"

// ForceWideCore makes the positions created from now on use the 256-cell core on every
// board (on), or only on boards of more than 64 cells (off).
func ForceWideCore(on bool) { forceWideCore = on }

// ForceManByMan makes generation leave the piece types' shift plans unused (on), so that
// every man's moves come from its own tables, or use them again (off).
func ForceManByMan(on bool) { noShifts = on }

// WantCoreCells is the core (by the cells its sets hold) a position of rs created now
// should run on: the 256-cell one when forced, else the smallest that holds the board.
func WantCoreCells(rs *compiler.Ruleset) int {
	switch {
	case forceWideCore:
		return compiler.MaxCells256
	case rs.Narrow != nil:
		return compiler.MaxCells64
	case rs.Mid != nil:
		return compiler.MaxCells128
	}
	return compiler.MaxCells256
}
