// Move generation helpers both cores share: deduplication, path-leg conditions, the keepers bound.

package interpreter

import "chimera/compiler"

// maxKeepers bounds how many attacks keepers records.
const maxKeepers = 4

// dedupe removes repeated moves from buf[start:]: two readings of a piece's rules may
// produce the same origin, destination and captures.
func dedupe(buf []Move, start int) []Move {
	n := start
	for i := start; i < len(buf); i++ {
		dup := false
		for j := start; j < n; j++ {
			if buf[j] == buf[i] {
				dup = true
				break
			}
		}
		if !dup {
			buf[n] = buf[i]
			n++
		}
	}
	return buf[:n]
}

// matches reports whether a cell with condition bit on satisfies a leg's conditions cond
// (an unused cell passes where an empty square may).
func matches(cond, on uint8) bool {
	return cond&on != 0 || cond == compiler.OnUnused && on&compiler.OnEmpty != 0
}
