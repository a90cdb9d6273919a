// Hexagonal boards: the cells of a regular hexagon of cells, their names as players write
// them, and the symmetry of the hexagon acting on movement vectors.

package defs

import "strconv"

// A hexagonal board (board.geometry: hex) of F files (F odd) and R cells along its middle
// file is the hexagon of cells whose files shorten by one cell a file from the middle to
// either edge, cut from a grid of F×R cells: grid column x is the file, grid row y counts
// along the file from the bottom edge, shifted by one for every file past the middle, so
// that the six edge neighbours of every cell lie at the same displacements (0, ±1), (±1, 0),
// (1, 1) and (-1, -1): the axial coordinates of the hex grid. With R = F (the default) it
// is the regular hexagon of (F+1)/2 cells a side; with R > F its left and right sides
// (the edge files) are longer than the other four, with R < F shorter.
//
// Files are lettered a, b, ... without j (as players of hexagonal chess write them: a-l
// on eleven files). Ranks are counted along each file from its bottom cell (Straight
// false: rank 1 is the two sides of the hexagon facing White), or are the straight lines
// of grid rows, running down to the right (Straight true: rank y+1).

// HexBoard is a hexagonal board's shape and its cells' naming.
type HexBoard struct {
	Files, Ranks int  // Ranks: cells along the middle file (the grid's rows)
	Straight     bool // ranks are the grid's rows (board.hex-ranks: line)
}

// HexOf is the hexagonal board a definition's board describes (its ranks default to its
// files).
func HexOf(b *Board) HexBoard {
	r := b.Ranks
	if r == 0 {
		r = b.Files
	}
	return HexBoard{Files: b.Files, Ranks: r, Straight: b.HexRanks == "line"}
}

func (h HexBoard) mid() int { return (h.Files - 1) / 2 }

// OnBoard reports whether grid cell (x, y) is a cell of the board.
func (h HexBoard) OnBoard(x, y int) bool {
	return x >= 0 && y >= 0 && x < h.Files && y < h.Ranks && x-y <= h.mid() && y-x <= h.Ranks-1-h.mid()
}

// Bottom is the grid row of the bottom cell of file x.
func (h HexBoard) Bottom(x int) int { return max(0, x-h.mid()) }

// Top is the grid row of the top cell of file x.
func (h HexBoard) Top(x int) int { return min(h.Ranks-1, x+h.Ranks-1-h.mid()) }

// FileLength is the number of cells of file x.
func (h HexBoard) FileLength(x int) int { return h.Top(x) - h.Bottom(x) + 1 }

// NumRanks is the number of ranks as the board names them.
func (h HexBoard) NumRanks() int { return h.Ranks }

// RankCell is the grid row of file x's cell of rank r (1-based, as named), or -1 when the
// file has none.
func (h HexBoard) RankCell(x, r int) int {
	y := h.Bottom(x) + r - 1
	if h.Straight {
		y = r - 1
	}
	if x < 0 || x >= h.Files || !h.OnBoard(x, y) {
		return -1
	}
	return y
}

// AlongFile is the rank of grid cell (x, y) counted along its file from the bottom cell
// (1), or from the top cell when fromTop: the rank as each side counts it for zones,
// promotion and castling, whatever the naming.
func (h HexBoard) AlongFile(x, y int, fromTop bool) int {
	if fromTop {
		return h.Top(x) - y + 1
	}
	return y - h.Bottom(x) + 1
}

// FileIndex reads a file letter of the board ("a" is 0; a hexagonal board's letters skip j).
func (b *Board) FileIndex(letter string) (int, bool) {
	if len(letter) != 1 {
		return 0, false
	}
	f, ok := int(letter[0])-'a', letter[0] >= 'a' && letter[0] <= 'z'
	if b.Geometry == "hex" {
		f, ok = HexFileOf(letter[0])
	}
	return f, ok && f < b.Files
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

// CellName names grid cell (x, y): file letter and rank ("f6").
func (h HexBoard) CellName(x, y int) string {
	r := y + 1
	if !h.Straight {
		r = y - h.Bottom(x) + 1
	}
	return string(HexFileLetter(x)) + strconv.Itoa(r)
}

// ParseCell reads a cell name into grid coordinates.
func (h HexBoard) ParseCell(s string) (x, y int, ok bool) {
	if len(s) < 2 || len(s) > 4 || s[1] == '0' {
		return 0, 0, false
	}
	x, ok = HexFileOf(s[0])
	if !ok || x >= h.Files {
		return 0, 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || r < 1 {
		return 0, 0, false
	}
	if y = h.RankCell(x, r); y < 0 {
		return 0, 0, false
	}
	return x, y, true
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
