// Hexagonal boards: the cells of a regular hexagon of cells, their names as players write
// them, and the symmetry of the hexagon acting on movement vectors.

package defs

import "strconv"

// A hexagonal board (board.geometry: hex) of F files (F odd) is the regular hexagon of
// cells with (F+1)/2 cells a side, cut from a grid of F×F cells: grid column x is the
// file, grid row y counts along the file from the bottom edge, shifted by one for every
// file past the middle, so that the six edge neighbours of every cell lie at the same
// displacements (0, ±1), (±1, 0), (1, 1) and (-1, -1): the axial coordinates of the hex
// grid. A cell (x, y) is on the board when |x - y| < (F+1)/2.
//
// Files are lettered a, b, ... without j (as players of hexagonal chess write them: a-l
// on eleven files); ranks are counted along each file from its bottom edge.

// HexOnBoard reports whether grid cell (x, y) of a hexagonal board of files files is a cell.
func HexOnBoard(x, y, files int) bool {
	side := (files + 1) / 2
	return x >= 0 && y >= 0 && x < files && y < files && x-y < side && y-x < side
}

// HexFileLetter is the letter of file x on a hexagonal board (j skipped).
func HexFileLetter(x int) byte {
	if x >= int('j'-'a') {
		return byte('a' + x + 1)
	}
	return byte('a' + x)
}

// HexFileOf reads a hexagonal board's file letter.
func HexFileOf(c byte) (int, bool) {
	switch {
	case c < 'a' || c > 'z' || c == 'j':
		return 0, false
	case c > 'j':
		return int(c-'a') - 1, true
	}
	return int(c - 'a'), true
}

// HexBottom is the grid row of the bottom cell of file x.
func HexBottom(x, files int) int { return max(0, x-(files-1)/2) }

// HexFileLength is the number of cells of file x.
func HexFileLength(x, files int) int {
	side := (files + 1) / 2
	return files - abs(x-(side-1))
}

// HexCellName names grid cell (x, y): file letter and rank along the file ("f6").
func HexCellName(x, y, files int) string {
	return string(HexFileLetter(x)) + strconv.Itoa(y-HexBottom(x, files)+1)
}

// ParseHexCell reads a cell name of a hexagonal board of files files into grid
// coordinates.
func ParseHexCell(s string, files int) (x, y int, ok bool) {
	if len(s) < 2 || len(s) > 4 || s[1] == '0' {
		return 0, 0, false
	}
	x, ok = HexFileOf(s[0])
	if !ok || x >= files {
		return 0, 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || r < 1 || r > HexFileLength(x, files) {
		return 0, 0, false
	}
	return x, HexBottom(x, files) + r - 1, true
}

// The hexagon's symmetries on axial vectors: a turn of 60° (counter-clockwise, seen with
// rank 1 at the bottom), the mirror between left and right, and the mirror between top
// and bottom (White's vectors made Black's).
func hexTurn(v [2]int) [2]int   { return [2]int{v[0] - v[1], v[0]} }
func hexMirror(v [2]int) [2]int { return [2]int{-v[0], v[1] - v[0]} }

// HexFlip turns White's vector into Black's: the hexagon mirrored top to bottom.
func HexFlip(dx, dy int) (int, int) { return dx, dx - dy }

// hexImages is Images on a hexagonal board: under "all" the twelve symmetries of the
// hexagon, under "mirror" the vector and its left-right mirror.
func hexImages(dx, dy int, symmetry string) [][2]int {
	v := [2]int{dx, dy}
	switch symmetry {
	case "none":
		return [][2]int{v}
	case "mirror":
		return [][2]int{v, hexMirror(v)}
	}
	var out [][2]int
	for _, w := range [][2]int{v, hexMirror(v)} {
		for range 6 {
			out = append(out, w)
			w = hexTurn(w)
		}
	}
	return out
}

// hexDirection reports whether the axial vector (x, y) seen from White is in the class o:
// forward and backward by its height on the board (2y - x half cells), sideways when level,
// orthogonal along one of the six edge directions, diagonal along one of the six vertex
// directions.
func hexDirection(x, y int, o string) bool {
	h := 2*y - x
	switch o {
	case "forward":
		return h > 0
	case "backward":
		return h < 0
	case "sideways":
		return h == 0
	case "orthogonal":
		return x == 0 || y == 0 || x == y
	case "diagonal":
		return x == 2*y || y == 2*x || x == -y
	}
	return false
}
