// Symmetry images of movement vectors: the one rule shared by validation, the compiler and descriptions.

package defs

// Images returns the vectors [dx, dy] stands for under a symmetry (all, or "" or any
// other text: the 8 reflections and swaps; mirror: left and right; none: the vector
// only), kept by a direction filter (the union of the named classes: forward, backward,
// sideways, orthogonal, diagonal; empty keeps all), seen from White. Duplicates are
// dropped; the order is stable. Black's vectors are White's with the ranks flipped.
func Images(dx, dy int, symmetry string, only []string) [][2]int {
	return ImagesOn(false, dx, dy, symmetry, only)
}

// ImagesOn is Images on a square board (hex false) or a hexagonal one (hex: the
// hexagon's twelve symmetries, and the direction classes of hexDirection).
func ImagesOn(hex bool, dx, dy int, symmetry string, only []string) [][2]int {
	var out [][2]int
	add := func(x, y int) {
		for _, w := range out {
			if w == [2]int{x, y} {
				return
			}
		}
		out = append(out, [2]int{x, y})
	}
	switch {
	case hex:
		for _, w := range hexImages(dx, dy, symmetry) {
			add(w[0], w[1])
		}
	case symmetry == "none":
		add(dx, dy)
	case symmetry == "mirror":
		add(dx, dy)
		add(-dx, dy)
	default:
		for _, w := range [][2]int{{dx, dy}, {dy, dx}} {
			for _, sx := range []int{1, -1} {
				for _, sy := range []int{1, -1} {
					add(w[0]*sx, w[1]*sy)
				}
			}
		}
	}
	if len(only) == 0 {
		return out
	}
	kept := out[:0]
	for _, w := range out {
		for _, o := range only {
			if !hex && inDirection(w[0], w[1], o) || hex && hexDirection(w[0], w[1], o) {
				kept = append(kept, w)
				break
			}
		}
	}
	return kept
}

// inDirection reports whether the vector (x, y) seen from White is in the direction
// class named by o.
func inDirection(x, y int, o string) bool {
	switch o {
	case "forward":
		return y > 0
	case "backward":
		return y < 0
	case "sideways":
		return y == 0
	case "orthogonal":
		return x == 0 || y == 0
	case "diagonal":
		return x == y || x == -y
	}
	return false
}
