// The journal of make/unmake: the primitive edits a move is made of (both cores record them).

package interpreter

// editKind is the kind of one primitive change of a position.
type editKind uint8

const (
	editPut    editKind = iota // a piece was put on an empty square
	editRemove                 // a piece was removed from a square
	editStatus                 // a square's timed status changed (old value kept)
	editPool                   // a pool count changed by delta
	editMark                   // a square's promoted mark was switched
	editGate                   // a square's gating right was switched
	editWall                   // a wall was raised on a square or taken down
)

// edit is one journal entry: enough to reverse the change without recomputing anything.
type edit struct {
	kind  editKind
	pc    Piece
	old   uint8  // editStatus: the previous status; editPool: the previous count
	where uint16 // the square, or the pool slot (Zobrist.Hand index)
}

// attached is what travels with a man when it leaves a square: its timed status and
// whether it is marked promoted. liftMan takes it off with the man, placeMan puts it back.
type attached struct {
	status uint8
	marked bool
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return max(a, 1)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Ends by rule rather than by a goal, kept in a core's endGoal as negative numbers.
const (
	endPasses = -2 // pass.end-after passes in a row
	endFacing = -3 // the royal men faced each other before and after a move
	endFull   = -4 // no cell is empty (rules.full-board)
)

// turnKey is the hash key of a turn's part: the number k of moves the side to move has
// made of its turn (0 keys nothing, so rules of one move a turn hash as before).
func turnKey(k int) uint64 {
	if k == 0 {
		return 0
	}
	x := uint64(k)*0x9e3779b97f4a7c15 + 0x7c6a3d1f5b2e4890
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Change is one change a move made to the men, as its journal records it: a man put on
// or taken off a cell, or a pool's count changed.
type Change struct {
	Man  Piece  // the man put on or taken off Cell (board changes)
	Cell Square // the cell of a board change; NoSquare for a pool's
	Put  bool   // a board change: the man was put on Cell (else taken off)
	// Slot: a pool change's hand slot (compiler.Ruleset.HandSlot); Old and New: its count
	// before and after the change.
	Slot, Old, New int
}
