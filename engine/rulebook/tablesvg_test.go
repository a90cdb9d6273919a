// Tests of the pictures of games of seats: the cells that exist, each man where the FEN puts it in its seat's colour, the board turned for the seat at the bottom.

package rulebook

import (
	"encoding/xml"
	"strconv"
	"strings"
	"testing"

	"chimera/interpreter"
)

// fenMen reads a game of seats' placement (the FEN's sixth field on) naively: square name
// to token, ranks from the last, corners counted as empty.
func fenMen(t *testing.T, fen string, files int) map[string]string {
	t.Helper()
	fields := strings.SplitN(fen, "-", 7)
	ranks := strings.Split(fields[6], "/")
	out := map[string]string{}
	for i, row := range ranks {
		rank, f := len(ranks)-i, 0
		for _, tok := range strings.Split(row, ",") {
			if n, err := strconv.Atoi(tok); err == nil {
				f += n
				continue
			}
			out[string(rune('a'+f))+strconv.Itoa(rank)] = tok
			f++
		}
		if f != files {
			t.Fatalf("rank %d has %d cells", rank, f)
		}
	}
	return out
}

// tablePicture draws the game of seats fen with seat bottom at the bottom and decodes it.
func tablePicture(t *testing.T, variant, fen string, bottom int) *svgNode {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := interpreter.NewTable(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	var root svgNode
	if err := xml.Unmarshal([]byte(TableSVG(tb, bottom, false)), &root); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	return &root
}

// cellXY is the x and y of a square's cell.
func cellXY(t *testing.T, root *svgNode, sq string) (int, int) {
	t.Helper()
	for _, n := range root.all(withClass("rect", "square")) {
		if n.attr("id") == sq {
			x, _ := strconv.Atoi(n.attr("x"))
			y, _ := strconv.Atoi(n.attr("y"))
			return x, y
		}
	}
	t.Fatalf("no cell %s", sq)
	return 0, 0
}

// The four-player board: its 160 cells (none of the 3x3 corners), each man on the square
// the FEN gives it with its token, every seat's men in one colour of their own (four
// colours), dead men in a fifth; turned for each seat so that its edge is at the bottom
// (its king's cell in the bottom row) and the next seat in turn order on its left.
func TestTableSVG(t *testing.T) {
	rs, err := interpreter.Open("fourplayer-ffa")
	if err != nil {
		t.Fatal(err)
	}
	start, err := interpreter.StartTable(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	// Green out: its men dead.
	f := strings.SplitN(start.FEN(), "-", 7)
	f[1], f[2], f[3] = "0,0,0,1", "1,1,1,0", "1,1,1,0"
	f[6] = strings.ReplaceAll(f[6], "g", "d")
	fen := strings.Join(f, "-")
	men := fenMen(t, fen, 14)
	root := tablePicture(t, "fourplayer-ffa", fen, 0)
	cells := root.all(withClass("rect", "square"))
	for _, c := range cells {
		id := c.attr("id")
		file := int(id[0] - 'a')
		rank, _ := strconv.Atoi(id[1:])
		if (file < 3 || file > 10) && (rank < 4 || rank > 11) {
			t.Errorf("a corner cell %s is drawn", id)
		}
	}
	if len(cells) != 160 {
		t.Fatalf("%d cells drawn, want 160", len(cells))
	}
	drawn := root.all(func(n *svgNode) bool {
		return n.attr("data-piece") != "" && strings.HasPrefix(n.attr("class"), "piece")
	})
	fills := map[string]string{} // seat letter (d: dead) to fill
	for _, n := range drawn {
		sq, tok := n.attr("data-square"), n.attr("data-piece")
		if men[sq] != tok {
			t.Errorf("%s drawn on %s; the FEN has %q there", tok, sq, men[sq])
		}
		fill := n.attr("fill")
		if n.XMLName.Local == "g" {
			fill = n.Nodes[0].attr("fill")
		}
		if old, ok := fills[tok[:1]]; ok && old != fill {
			t.Errorf("%s on %s is drawn %s, another of its seat's men %s", tok, sq, fill, old)
		}
		fills[tok[:1]] = fill
	}
	if len(drawn) != len(men) || len(drawn) != 64 {
		t.Fatalf("%d men drawn, the FEN has %d", len(drawn), len(men))
	}
	distinct := map[string]bool{}
	for _, c := range fills {
		distinct[c] = true
	}
	if len(fills) != 4 || len(distinct) != 4 { // r, b, y and d (Green dead)
		t.Errorf("fills by seat %v: want four seats' (Red, Blue, Yellow, the dead) distinct", fills)
	}
	// Turned: each seat's king's cell in the bottom row, the next seat's (clockwise) on
	// its left, the one before on its right.
	kings := map[int]string{}
	for sq, tok := range fenMen(t, start.FEN(), 14) {
		if tok[1:] == "K" {
			kings[rs.Seats.SeatOfLetter(tok[0])] = sq
		}
	}
	for k := range 4 {
		root := tablePicture(t, "fourplayer-ffa", start.FEN(), k)
		maxY, minX, maxX := 0, 1<<30, 0
		for _, c := range root.all(withClass("rect", "square")) {
			x, _ := strconv.Atoi(c.attr("x"))
			y, _ := strconv.Atoi(c.attr("y"))
			maxY, minX, maxX = max(maxY, y), min(minX, x), max(maxX, x)
		}
		if _, y := cellXY(t, root, kings[k]); y != maxY {
			t.Errorf("%s at the bottom: its king's cell %s at y %d, the bottom row at %d", rs.Seats.Name(k), kings[k], y, maxY)
		}
		if x, _ := cellXY(t, root, kings[(k+1)%4]); x != minX {
			t.Errorf("%s at the bottom: %s's king (%s) at x %d, not on the left edge (%d)", rs.Seats.Name(k), rs.Seats.Name((k+1)%4), kings[(k+1)%4], x, minX)
		}
		if x, _ := cellXY(t, root, kings[(k+3)%4]); x != maxX {
			t.Errorf("%s at the bottom: %s's king (%s) at x %d, not on the right edge (%d)", rs.Seats.Name(k), rs.Seats.Name((k+3)%4), kings[(k+3)%4], x, maxX)
		}
	}
}
