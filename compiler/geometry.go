// Board geometry: squares, cell kinds, directions and their ray and step tables.

package compiler

// Square is a cell index: rank*files + file, 0 at a1. NoSquare marks "none".
type Square = int

// NoSquare is the absent square.
const NoSquare Square = -1

// Color is a side: White or Black.
type Color = int

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// CellKind says what a grid cell is.
type CellKind uint8

// Cell kinds. Missing cells block like the board's edge; unused cells are passed over as
// empty but never stood on.
const (
	CellSquare CellKind = iota
	CellMissing
	CellUnused
)

// Vec is a displacement in files and ranks.
type Vec struct{ DX, DY int }

// Dir is a direction (or leap) vector with its precomputed tables.
type Dir[B any] struct {
	V Vec
	// Step[sq] is the cell reached by one step from any grid cell, or NoSquare off the grid.
	step []Square
	// Ray[sq] holds the cells reached by repeated steps from sq through existing cells
	// (squares and unused cells), stopping at missing cells and the edge; sq excluded.
	ray []B
	// Up is true when stepping increases the cell index, so the nearest blocker on a ray
	// is its lowest cell.
	Up bool
}

// Nearest returns the first cell of ray set b walking in direction d (not for hot code:
// the interpreter's cores have their own, on their own set type).
func Nearest(d *Dir[Bitboard], b Bitboard) Square {
	if d.Up {
		return b.First()
	}
	return b.Last()
}

// Geometry is the board: its size, cell kinds and square names. (The cell sets and the
// direction tables are in Tables, once per set type.)
type Geometry struct {
	Files, Ranks int
	Cells        int
	kind         []CellKind
	names        []string    // square names, "a1"...
	dirOf        map[Vec]int // index in Tables.Dirs of each vector, filled while compiling
}

// SquareAt is the cell of file f, rank r, or NoSquare off the grid.
func (g *Geometry) SquareAt(f, r int) Square {
	if f < 0 || r < 0 || f >= g.Files || r >= g.Ranks {
		return NoSquare
	}
	return r*g.Files + f
}

// FileOf is the 0-based file of sq.
func (g *Geometry) FileOf(sq Square) int { return sq % g.Files }

// RankOf is the 0-based rank of sq.
func (g *Geometry) RankOf(sq Square) int { return sq / g.Files }

// ParseSquare reads a square name of this board, including cells that do not exist.
func (g *Geometry) ParseSquare(s string) (Square, bool) {
	for sq, n := range g.names {
		if n == s {
			return sq, true
		}
	}
	return NoSquare, false
}

// dirIndex returns the index of vector v in Dirs, adding it with its tables if new. It
// is for compiling only: once built, a Ruleset is never changed.
func (rs *Ruleset) dirIndex(v Vec) int {
	g := &rs.Geometry
	if i, ok := g.dirOf[v]; ok {
		return i
	}
	d := Dir[Bitboard]{V: v, step: make([]Square, g.Cells), ray: make([]Bitboard, g.Cells), Up: v.DY*g.Files+v.DX > 0}
	for sq := 0; sq < g.Cells; sq++ {
		d.step[sq] = g.SquareAt(g.FileOf(sq)+v.DX, g.RankOf(sq)+v.DY)
		var ray Bitboard
		for t := d.step[sq]; t != NoSquare && g.kind[t] != CellMissing; t = g.SquareAt(g.FileOf(t)+v.DX, g.RankOf(t)+v.DY) {
			ray = ray.With(t)
		}
		d.ray[sq] = ray
	}
	rs.dirs = append(rs.dirs, d)
	g.dirOf[v] = len(rs.dirs) - 1
	return len(rs.dirs) - 1
}
