// Board geometry: squares, cell kinds, directions and their ray and step tables.

package compiler

import "chimera/defs"

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
	// Files and Ranks are the grid's: with several boards side by side, Files counts
	// them all and the missing column between each two.
	Files, Ranks int
	Cells        int
	// Hex: a hexagonal board (defs/hex.go) of shape HexShape: grid column = file, grid row
	// = axial row.
	Hex      bool
	HexShape defs.HexBoard
	// Boards is the number of boards (1 for most games), BoardFiles the files of each.
	Boards, BoardFiles int
	// Partners is the number of boards played apart by partners (defs.Board.Apart), 0
	// when there are none: the geometry is then that of one of them (Boards is 1), and
	// the rules those of one board's game (interpreter.Pair plays them together).
	Partners    int
	boardOf     []int8   // the board of each cell, -1 for the columns between boards
	cross       []Square // the same cell of the next board (crossing rules), or NoSquare
	crossedFrom []Square // the cell whose cross is this one, or NoSquare
	kind        []CellKind
	names       []string    // square names, "a1"...
	dirOf       map[Vec]int // index in Tables.Dirs of each vector, filled while compiling
}

// SquareAt is the cell of file f, rank r, or NoSquare off the grid.
func (g *Geometry) SquareAt(f, r int) Square {
	if f < 0 || r < 0 || f >= g.Files || r >= g.Ranks {
		return NoSquare
	}
	return r*g.Files + f
}

// Step is the cell reached from sq by displacement v on sq's own board, or NoSquare (off
// the grid, or on another board).
func (g *Geometry) Step(sq Square, v Vec) Square {
	t := g.SquareAt(g.FileOf(sq)+v.DX, g.RankOf(sq)+v.DY)
	if t != NoSquare && g.Boards > 1 && g.boardOf[t] != g.boardOf[sq] {
		return NoSquare
	}
	return t
}

// BoardOf is the board sq lies on (0 for the first), or -1 between boards.
func (g *Geometry) BoardOf(sq Square) int { return int(g.boardOf[sq]) }

// LocalFile is sq's file on its own board (0 for a).
func (g *Geometry) LocalFile(sq Square) int { return g.FileOf(sq) % (g.BoardFiles + 1) }

// BoardSquare is the cell of file f and rank r on board k, or NoSquare.
func (g *Geometry) BoardSquare(k, f, r int) Square {
	if f < 0 || f >= g.BoardFiles || k < 0 || k >= g.Boards {
		return NoSquare
	}
	return g.SquareAt(k*(g.BoardFiles+1)+f, r)
}

// Cross is the cell a man on sq crosses to under a crossing rule (the same cell of the next
// board), or NoSquare without one.
func (g *Geometry) Cross(sq Square) Square { return g.cross[sq] }

// CellName names sq uniquely on every board: its square name, after the board's letter and
// a colon when there are several boards ("B:e4"). Pages and their requests use it where
// square names alone would name two cells.
func (g *Geometry) CellName(sq Square) string {
	if g.Boards < 2 || g.boardOf[sq] < 0 {
		return g.names[sq]
	}
	return string(rune('A'+g.boardOf[sq])) + ":" + g.names[sq]
}

// ParseCell reads a cell name as CellName writes it (a bare square name is the first
// board's).
func (g *Geometry) ParseCell(s string) (Square, bool) {
	if g.Boards > 1 && len(s) > 2 && s[1] == ':' && s[0] >= 'A' && int(s[0]-'A') < g.Boards {
		sq, ok := g.ParseSquare(s[2:])
		if !ok {
			return NoSquare, false
		}
		return g.BoardSquare(int(s[0]-'A'), g.LocalFile(sq), g.RankOf(sq)), true
	}
	return g.ParseSquare(s)
}

// CrossedFrom is the cell whose Cross is sq (the same cell of the previous board), or
// NoSquare.
func (g *Geometry) CrossedFrom(sq Square) Square { return g.crossedFrom[sq] }

// Colour is the colour of sq's cell: 0 for a1's, then 1 (two colours on a square board,
// three on a hexagonal one, where no two neighbours share one).
func (g *Geometry) Colour(sq Square) int {
	if g.Hex {
		return (g.FileOf(sq) + g.RankOf(sq)) % 3
	}
	return (g.LocalFile(sq) + g.RankOf(sq)) % 2
}

// HexRank is sq's rank on a hexagonal board as players count it: along its file, from
// the file's bottom cell (1), or from its top cell for Black (own side).
func (g *Geometry) HexRank(sq Square, c Color) int {
	return g.HexShape.AlongFile(g.FileOf(sq), g.RankOf(sq), c == Black)
}

// HexCell is the cell of file f whose HexRank for side c is r, or NoSquare.
func (g *Geometry) HexCell(f, r int, c Color) Square {
	h := g.HexShape
	if f < 0 || f >= g.Files || r < 1 || r > h.FileLength(f) {
		return NoSquare
	}
	if c == Black {
		return g.SquareAt(f, h.Top(f)-r+1)
	}
	return g.SquareAt(f, h.Bottom(f)+r-1)
}

// FileLetter is the letter of file f on its board (a hexagonal board's skip j).
func (g *Geometry) FileLetter(f int) byte {
	if g.Hex {
		return defs.HexFileLetter(f)
	}
	return byte('a' + f)
}

// FileOfLetter reads a file letter of one board (lower case).
func (g *Geometry) FileOfLetter(c byte) (int, bool) {
	f, ok := int(c)-'a', c >= 'a' && c <= 'z'
	if g.Hex {
		f, ok = defs.HexFileOf(c)
	}
	return f, ok && f < g.BoardFiles
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
		d.step[sq] = g.Step(sq, v)
		var ray Bitboard
		for t := d.step[sq]; t != NoSquare && g.kind[t] != CellMissing; t = g.Step(t, v) {
			ray = ray.With(t)
		}
		d.ray[sq] = ray
	}
	rs.dirs = append(rs.dirs, d)
	g.dirOf[v] = len(rs.dirs) - 1
	return len(rs.dirs) - 1
}
