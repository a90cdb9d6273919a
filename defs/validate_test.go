// Tests of validation rules on movement: vectors that fit the board through an image,
// the limits on paths, and the range of a path's last leg.
package defs

import (
	"strconv"
	"strings"
	"testing"
)

// pieceDef is a definition on a files × ranks board with a king and one piece whose moves
// (a YAML flow list) are under test.
func pieceDef(files, ranks int, moves string) string {
	return "name: t\nboard: {files: " + strconv.Itoa(files) + ", ranks: " + strconv.Itoa(ranks) + "}\npieces:\n" +
		"  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}]}\n" +
		"  - {name: X, letter: X, moves: " + moves + "}\n" +
		"setups: [{name: s, fen: x}]\n"
}

// TestVectorFitsThroughAnImage: a vector is accepted when one of the images its symmetry
// and filter give fits on the board, and rejected, at the vector, when none does.
func TestVectorFitsThroughAnImage(t *testing.T) {
	cases := []struct {
		files, ranks int
		moves        string
		bad          string // "" accepted; else a substring of the only error, at line 5
	}{
		// A knight on two ranks moves through its image [2, 1].
		{26, 2, "[{leap: [1, 2]}]", ""},
		{26, 2, "[{ride: [1, 2]}]", ""},
		{2, 26, "[{leap: [2, 1]}]", ""},
		// Without the swap, nothing fits.
		{26, 2, "[{leap: [1, 2], symmetry: none}]", "leap: [1, 2] leaves the 26x2 board from every square"},
		{26, 2, "[{leap: [1, 2], symmetry: mirror}]", "leap: [1, 2] leaves the 26x2 board from every square, in each of its 2 directions"},
		{26, 2, "[{leap: [2, 1], symmetry: mirror}]", ""},
		// The filter decides which images count: forward keeps [1, 2], [-1, 2], [2, 1], [-2, 1].
		{26, 2, "[{leap: [1, 2], only: [forward]}]", ""},
		// A filter that keeps nothing is reported as such, not as a vector off the board.
		{2, 26, "[{leap: [1, 2], only: [sideways]}]", "only: [sideways] keeps no direction of [1, 2]"},
		{26, 2, "[{leap: [2, 2]}]", "leap: [2, 2] leaves the 26x2 board from every square, in each of its 4 directions"},
		{1, 8, "[{ride: [1, 0]}]", ""}, // through [0, 1]
		{1, 8, "[{ride: [1, 0], only: [sideways]}]", "ride: [1, 0] leaves the 1x8 board from every square, in each of its 2 directions"},
		// Path legs: each step through an image under the atom's symmetry.
		{26, 2, "[{path: [{step: [0, 1]}, {step: [2, 0]}]}]", ""},
		{26, 2, "[{path: [{step: [1, 0]}, {step: [1, 2]}], symmetry: none}]", "step: [1, 2] leaves the 26x2 board from every square"},
	}
	for i, c := range cases {
		text := pieceDef(c.files, c.ranks, c.moves)
		_, err := Parse("t.yaml", []byte(text))
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("#%d %s on %dx%d: got %v; want no error", i, c.moves, c.files, c.ranks, err)
		case c.bad != "":
			list := parseErrs(t, text)
			if len(list) != 1 || list[0].Line != 5 || !strings.Contains(list[0].Msg, c.bad) {
				t.Errorf("#%d %s on %dx%d: got %v; want one error on line 5 containing %q", i, c.moves, c.files, c.ranks, list, c.bad)
			}
		}
	}
}

// TestFreezeStepFitsThroughAnImage: freeze steps take all eight images.
func TestFreezeStepFitsThroughAnImage(t *testing.T) {
	base := pieceDef(8, 2, "[{leap: [1, 0]}]")
	if _, err := Parse("t.yaml", []byte(base+"freeze: [{by: [X], steps: [[0, 3]]}]\n")); err != nil {
		t.Errorf("freeze step [0, 3] on 8x2: got %v; want it accepted through [3, 0]", err)
	}
	list := parseErrs(t, base+"freeze: [{by: [X], steps: [[2, 3]]}]\n")
	if len(list) != 1 || list[0].Line != 7 || list[0].Col != 28 || !strings.Contains(list[0].Msg, "steps: [2, 3] leaves the 8x2 board") {
		t.Errorf("freeze step [2, 3] on 8x2: got %v; want one error at 7:28", list)
	}
}

// legs writes a path of n legs stepping [1, 0], the ones listed in ranges with that range.
func legs(n int, ranges map[int]string) string {
	var ls []string
	for i := 0; i < n; i++ {
		l := "{step: [1, 0]"
		if r, ok := ranges[i]; ok {
			l += ", range: " + r
		}
		ls = append(ls, l+"}")
	}
	return "[{path: [" + strings.Join(ls, ", ") + "]}]"
}

// TestPathLimits: at most 8 legs, at most 3 of them repeating (max 0 or above 1), and a
// last leg whose range starts at 1.
func TestPathLimits(t *testing.T) {
	cases := []struct {
		moves string
		bad   string
	}{
		{legs(8, nil), ""},
		{legs(9, nil), "path: at most 8 legs, found 9"},
		{legs(12, map[int]string{0: "[0, 0]", 1: "[0, 0]"}), "path: at most 8 legs, found 12"},
		// Optional single steps ([0, 1]) do not repeat.
		{legs(8, map[int]string{0: "[0, 1]", 1: "[0, 1]", 2: "[0, 1]", 3: "[0, 1]", 4: "[0, 1]", 5: "[0, 1]", 6: "[0, 1]"}), ""},
		{legs(5, map[int]string{0: "[0, 0]", 1: "[2]", 3: "[1, 3]"}), ""},
		{legs(5, map[int]string{0: "[0, 0]", 1: "[1, 2]", 2: "[1, 1]", 3: "[1, 3]", 4: "[1, 0]"}), "path: at most 3 legs may repeat a varying number of times (range max 0 or above 1, min below max), found 4"},
		{legs(5, map[int]string{0: "[0, 0]", 1: "[2]", 2: "[0, 1]", 3: "[1, 3]", 4: "[1, 0]"}), ""}, // a fixed [2] and an optional [0, 1] do not count
		{legs(6, map[int]string{0: "[0, 0]", 1: "[0, 0]", 2: "[0, 0]", 3: "[0, 0]", 4: "[0, 0]"}), "found 5 (legs 1, 2, 3, 4 and 5)"},
		// The last leg lands at least one step out.
		{legs(2, map[int]string{1: "[0, 2]"}), "the last leg lands: its range starts at 1, found [0, 2]"},
		{legs(1, map[int]string{0: "[0, 0]"}), "the last leg lands: its range starts at 1, found [0, 0]"},
		{legs(2, map[int]string{0: "[0, 2]", 1: "[1, 2]"}), ""},
	}
	for i, c := range cases {
		text := pieceDef(8, 8, c.moves)
		_, err := Parse("t.yaml", []byte(text))
		if c.bad == "" {
			if err != nil {
				t.Errorf("#%d %s: got %v; want no error", i, c.moves, err)
			}
			continue
		}
		if err == nil || len(parseErrs(t, text)) != 1 || !strings.Contains(err.Error(), c.bad) {
			t.Errorf("#%d %s: got %v; want one error containing %q", i, c.moves, err, c.bad)
		}
	}
}

// TestBoardSizeLimit: boards of up to MaxCells cells (16×16 or any other shape) are
// accepted; a larger one gets one error naming its size and the limit.
func TestBoardSizeLimit(t *testing.T) {
	for _, c := range []struct {
		files, ranks int
		bad          string
	}{
		{16, 16, ""}, {8, 8, ""}, {10, 10, ""}, {26, 9, ""}, {1, 256, ""}, {13, 5, ""},
		{17, 16, "board 17x16 has 272 cells; at most 256 are supported"},
		{16, 17, "board 16x17 has 272 cells; at most 256 are supported"},
		{26, 10, "board 26x10 has 260 cells; at most 256 are supported"},
		{1, 257, "board.ranks must be between 1 and 256, found 257"},
		{27, 2, "board.files must be between 1 and 26, found 27"},
	} {
		text := pieceDef(c.files, c.ranks, "[{leap: [0, 1], symmetry: none}]")
		_, err := Parse("t.yaml", []byte(text))
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("%dx%d: got %v; want no error", c.files, c.ranks, err)
		case c.bad != "":
			list := parseErrs(t, text)
			if len(list) != 1 || list[0].Line != 2 || !strings.Contains(list[0].Msg, c.bad) {
				t.Errorf("%dx%d: got %v; want one error on line 2 containing %q", c.files, c.ranks, list, c.bad)
			}
		}
	}
}

// promotion.skip-en-passant needs a piece that captures en passant, and does not combine
// with in-place: either is reported at the key.
func TestSkipEnPassantNeedsEnPassant(t *testing.T) {
	base := "name: t\nboard: {files: 3, ranks: 5}\nzones: {z: {ranks: [5]}}\npieces:\n" +
		"  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}]}\n" +
		"  - {name: Queen, letter: Q, moves: [{ride: [1, 0]}]}\n"
	for _, c := range []struct{ piece, bad string }{
		{"  - {name: Pawn, letter: P, moves: [{leap: [1, 1], only: [forward], mode: capture, en-passant: true}], promotion: {zone: z, to: [Q], skip-en-passant: true}}\n", ""},
		{"  - {name: Pawn, letter: P, moves: [{leap: [1, 1], only: [forward], mode: capture}], promotion: {zone: z, to: [Q], skip-en-passant: true}}\n", "never captures en passant"},
		{"  - {name: Pawn, letter: P, moves: [{leap: [1, 1], only: [forward], mode: capture, en-passant: true}], promotion: {zone: z, to: [Q], skip-en-passant: true, in-place: {}}}\n", "skip-en-passant does not combine with in-place"},
	} {
		text := base + c.piece + "setups: [{name: s, fen: 2k/3/3/3/K2 w - - 0 1}]\n"
		_, err := Parse("t.yaml", []byte(text))
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("%s: %v; want no error", c.piece, err)
		case c.bad != "":
			list := parseErrs(t, text)
			if len(list) != 1 || list[0].Line != 7 || !strings.Contains(list[0].Msg, c.bad) {
				t.Errorf("%s: %v; want one error on line 7 containing %q", c.piece, list, c.bad)
			}
		}
	}
}
