// Board geometry: squares, bitboards, cell kinds, directions and their ray and step tables.
package compiler

import "math/bits"

// Square is a cell index: rank*files + file, 0 at a1. NoSquare marks "none".
type Square = int

// NoSquare is the absent square.
const NoSquare Square = -1

// Bitboard is a set of cells of a board of at most 64 cells.
type Bitboard uint64

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b>>uint(sq)&1 != 0 }

// Count is the number of cells in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First is the lowest cell of b (b must not be empty).
func (b Bitboard) First() Square { return bits.TrailingZeros64(uint64(b)) }

// Last is the highest cell of b (b must not be empty).
func (b Bitboard) Last() Square { return 63 - bits.LeadingZeros64(uint64(b)) }

// Bit is the set holding only sq.
func Bit(sq Square) Bitboard { return 1 << uint(sq) }

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
type Dir struct {
	V Vec
	// Step[sq] is the cell reached by one step from any grid cell, or NoSquare off the grid.
	Step []Square
	// Ray[sq] holds the cells reached by repeated steps from sq through existing cells
	// (squares and unused cells), stopping at missing cells and the edge; sq excluded.
	Ray []Bitboard
	// Up is true when stepping increases the cell index, so the nearest blocker on a ray
	// is its lowest cell.
	Up bool
}

// Nearest returns the first cell of ray set b walking in direction d.
func (d *Dir) Nearest(b Bitboard) Square {
	if d.Up {
		return b.First()
	}
	return b.Last()
}

// Geometry is the board and its direction tables.
type Geometry struct {
	Files, Ranks int
	Cells        int
	Kind         []CellKind
	Squares      Bitboard // cells a piece may stand on (before per-piece restrictions)
	Unused       Bitboard
	Missing      Bitboard
	Names        []string // square names, "a1"...
	Dirs         []Dir
	dirOf        map[Vec]int // index in Dirs of each vector, filled while compiling
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
	for sq, n := range g.Names {
		if n == s {
			return sq, true
		}
	}
	return NoSquare, false
}

// dirIndex returns the index of vector v in Dirs, adding it with its tables if new. It
// is for compiling only: once built, a Ruleset is never changed.
func (g *Geometry) dirIndex(v Vec) int {
	if i, ok := g.dirOf[v]; ok {
		return i
	}
	d := Dir{V: v, Step: make([]Square, g.Cells), Ray: make([]Bitboard, g.Cells), Up: v.DY*g.Files+v.DX > 0}
	for sq := 0; sq < g.Cells; sq++ {
		d.Step[sq] = g.SquareAt(g.FileOf(sq)+v.DX, g.RankOf(sq)+v.DY)
		var ray Bitboard
		for t := d.Step[sq]; t != NoSquare && g.Kind[t] != CellMissing; t = g.SquareAt(g.FileOf(t)+v.DX, g.RankOf(t)+v.DY) {
			ray |= Bit(t)
		}
		d.Ray[sq] = ray
	}
	g.Dirs = append(g.Dirs, d)
	g.dirOf[v] = len(g.Dirs) - 1
	return len(g.Dirs) - 1
}
