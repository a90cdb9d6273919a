// Tests of the board pictures: well-formed SVG with the cells, zones, pieces, counters,
// pools and arrows the position has. No golden files: the structure is checked.

package rulebook

import (
	"encoding/xml"
	"os"
	"strconv"
	"strings"
	"testing"

	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// svgNode is an element of a decoded SVG document.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []svgNode  `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// all returns the elements under n (n included) that keep.
func (n *svgNode) all(keep func(*svgNode) bool) []*svgNode {
	var out []*svgNode
	if keep(n) {
		out = append(out, n)
	}
	for i := range n.Nodes {
		out = append(out, n.Nodes[i].all(keep)...)
	}
	return out
}

// text is the character data under n.
func (n *svgNode) text() string {
	s := n.Text
	for i := range n.Nodes {
		s += n.Nodes[i].text()
	}
	return s
}

func withClass(name, class string) func(*svgNode) bool {
	return func(n *svgNode) bool {
		return n.XMLName.Local == name && strings.HasPrefix(n.attr("class")+" ", class+" ")
	}
}

// picture draws variant with SVG, at the FEN after "--fen" (the default setup without
// one) with arrows for the moves after "--moves", as show --svg does, and decodes it.
func picture(t *testing.T, variant string, args ...string) (*svgNode, string) {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	var fen, moves string
	for i := 0; i+1 < len(args); i += 2 {
		switch args[i] {
		case "--fen":
			fen = args[i+1]
		case "--moves":
			moves = args[i+1]
		default:
			t.Fatalf("picture: unknown option %s", args[i])
		}
	}
	if fen == "" {
		if fen, _, err = interpreter.SetupFEN(rs, ""); err != nil {
			t.Fatal(err)
		}
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	var played []interpreter.Move
	if moves != "" {
		r := gametext.ReplayGame(p.Clone(), moves)
		if r.Stop != nil {
			t.Fatalf("%s: %v", moves, r.Stop)
		}
		for _, pl := range r.Moves {
			played = append(played, pl.Move)
		}
	}
	out := SVG(p, played)
	var root svgNode
	if err := xml.Unmarshal([]byte(out), &root); err != nil {
		t.Fatalf("%v: not well-formed XML: %v\n%s", args, err, out)
	}
	// Every token decodes too (Unmarshal stops at the root's end).
	d := xml.NewDecoder(strings.NewReader(out))
	for {
		if _, err := d.Token(); err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("%v: %v", args, err)
			}
			break
		}
	}
	if root.XMLName.Local != "svg" || root.attr("viewBox") == "" {
		t.Fatalf("%v: the root is <%s> viewBox %q", args, root.XMLName.Local, root.attr("viewBox"))
	}
	return &root, out
}

func TestSVGCellsAndPieces(t *testing.T) {
	cases := []struct {
		variant                 string
		squares, unused, pieces int
		symbols                 int // pieces drawn as chess symbols
		missing                 string
	}{
		{"chess", 64, 0, 32, 32, ""},
		{"prisonbreak", 48, 0, 22, 4, ""},        // K King, N Knight as symbols; Q, B, R, P (Ice Queen, Ninja Guard, Flying Bomber, Sliding Pawn) as letters
		{"claustrophobia", 46, 10, 26, 6, ""},    // 56 cells: 46 squares, 10 unused; K King, N Knight as symbols
		{"prisonersescape", 44, 0, 30, 18, "a8"}, // a 7x6 block and two cells; N Knight, P Pawn as symbols
		{"hostage", 64, 0, 32, 32, ""},
	}
	for _, c := range cases {
		root, _ := picture(t, c.variant)
		squares := root.all(withClass("rect", "square"))
		unused := root.all(withClass("rect", "unused"))
		pieces := root.all(func(n *svgNode) bool { return strings.HasPrefix(n.attr("class"), "piece ") })
		symbols := root.all(func(n *svgNode) bool { return n.XMLName.Local == "g" && strings.HasPrefix(n.attr("class"), "piece ") })
		if len(squares) != c.squares || len(unused) != c.unused || len(pieces) != c.pieces {
			t.Errorf("%s: %d squares, %d unused cells, %d pieces; want %d, %d, %d", c.variant, len(squares), len(unused), len(pieces), c.squares, c.unused, c.pieces)
		}
		if len(symbols) != c.symbols {
			t.Errorf("%s: %d pieces as symbols, want %d", c.variant, len(symbols), c.symbols)
		}
		if c.missing != "" {
			for _, sq := range squares {
				if sq.attr("id") == c.missing {
					t.Errorf("%s: the missing cell %s is drawn", c.variant, c.missing)
				}
			}
		}
	}
}

func TestSVGChessDetails(t *testing.T) {
	root, out := picture(t, "chess")
	// White's king on e1 drawn as a white solid king under the outlined one; Black's as the solid one.
	var wk, bk *svgNode
	for _, n := range root.all(func(n *svgNode) bool { return strings.HasPrefix(n.attr("class"), "piece ") }) {
		switch n.attr("data-square") + n.attr("data-piece") {
		case "e1K":
			wk = n
		case "e8k":
			bk = n
		}
	}
	if wk == nil || bk == nil {
		t.Fatalf("no kings on e1 and e8:\n%s", out)
	}
	if got := wk.text(); got != "\u265a\ufe0e\u2654\ufe0e" {
		t.Errorf("White's king drawn as %q", got)
	}
	if got := bk.text(); got != "\u265a\ufe0e" {
		t.Errorf("Black's king drawn as %q", got)
	}
	// Coordinates: files a-h and ranks 1-8.
	coords := root.all(withClass("g", "coordinates"))
	if len(coords) != 1 || len(coords[0].Nodes) != 16 || coords[0].Nodes[0].Text != "a" || coords[0].Nodes[15].Text != "8" {
		t.Errorf("coordinates: %+v", coords)
	}
	// a1 is dark, h1 light.
	for _, sq := range root.all(withClass("rect", "square")) {
		if sq.attr("id") == "a1" && sq.attr("fill") != svgDark || sq.attr("id") == "h1" && sq.attr("fill") != svgLight {
			t.Errorf("%s filled %s", sq.attr("id"), sq.attr("fill"))
		}
	}
	for _, want := range []string{"White to move", "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "\u265e\ufe0e Knight"} {
		if !strings.Contains(root.text(), want) {
			t.Errorf("no %q in the picture's text", want)
		}
	}
	// The same input gives the same picture.
	if _, again := picture(t, "chess"); again != out {
		t.Error("two pictures of the same position differ")
	}
}

func TestSVGZones(t *testing.T) {
	root, _ := picture(t, "prisonbreak")
	zones := root.all(withClass("g", "zone"))
	if len(zones) != 1 || zones[0].attr("id") != "zone-escape" || len(zones[0].Nodes) != 2 {
		t.Fatalf("want one zone, escape, of two cells: %+v", zones)
	}
	legend := root.all(func(n *svgNode) bool { return n.attr("id") == "legend" })[0].text()
	for _, want := range []string{"zone escape (a4 a5): only K may end a move here", "Q Ice Queen", "\u265a\ufe0e King"} {
		if !strings.Contains(legend, want) {
			t.Errorf("no %q in the legend %q", want, legend)
		}
	}
	root, _ = picture(t, "claustrophobia")
	zones = root.all(withClass("g", "zone"))
	if len(zones) != 1 || len(zones[0].Nodes) != 6 {
		t.Errorf("claustrophobia: want the palace's six cells shaded: %+v", zones)
	}
	legend = root.all(func(n *svgNode) bool { return n.attr("id") == "legend" })[0].text()
	if !strings.Contains(legend, "zone palace") || !strings.Contains(legend, "unused cell") {
		t.Errorf("claustrophobia legend: %q", legend)
	}
}

func TestSVGCountersPoolsArrows(t *testing.T) {
	root, _ := picture(t, "koopa", "--fen", "nrkqnrbb/ppp2ppp/3p4/4p3/1P6/8/P1PPP1PP/BNQRNBKR b KQkq - 0 1 b8:4,c7:3,d6:2,e5:1")
	status := root.all(withClass("g", "status"))
	var digits []string
	for _, n := range status {
		digits = append(digits, n.text())
	}
	if strings.Join(digits, " ") != "4 3 2 1" { // from the top rank down
		t.Errorf("status counters %q, want 4 3 2 1", digits)
	}
	if !strings.Contains(root.text(), "stunned, with that many half-moves left") {
		t.Error("no counter legend")
	}

	root, _ = picture(t, "hostage", "--fen", "r3k2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R3K2R[BNrp][Pn] w KQkq - 0 1", "--moves", "P@b5 O-O dxe5")
	var texts []string
	for _, n := range root.all(func(n *svgNode) bool { return n.XMLName.Local == "text" }) {
		texts = append(texts, n.text())
	}
	text := strings.Join(texts, " ")
	for _, want := range []string{"Pool: White prison [rp] airfield [P]", "Pool: Black prison [BN] airfield [n]", "1 P@b5, 2 O-O, 3 dxe5"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in %q", want, text)
		}
	}
	lines := root.all(withClass("line", "arrow"))
	rings := root.all(withClass("circle", "arrow"))
	if len(lines) != 2 || len(rings) != 1 {
		t.Fatalf("%d arrows and %d rings, want 2 and 1", len(lines), len(rings))
	}
	// Black's castling runs from e8 to the right, drawn in Black's colour; the pawn still stands on d4.
	if lines[0].attr("stroke") != svgArrows[1] || lines[1].attr("stroke") != svgArrows[0] {
		t.Errorf("arrow colours %s %s", lines[0].attr("stroke"), lines[1].attr("stroke"))
	}
	if lines[0].attr("y1") != lines[0].attr("y2")[:len(lines[0].attr("y1"))] {
		t.Errorf("castling arrow not level: %+v", lines[0].Attrs)
	}
	if !strings.Contains(root.text(), "FEN: r3k2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R3K2R[BNrp][Pn] w KQkq") {
		t.Errorf("the picture is not of the position before the moves: %q", text)
	}
}

func TestDocsPictures(t *testing.T) {
	doc, err := os.ReadFile("../../docs/variants.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"prisonbreak", "claustrophobia", "prisonersescape", "koopa", "hostage", "glinski", "shafran", "alice"} {
		data, err := os.ReadFile("../../docs/pictures/" + v + ".svg")
		if err != nil {
			t.Errorf("%s: %v (make it with: chimera show %s --svg docs/pictures/%s.svg)", v, err, v, v)
			continue
		}
		var root svgNode
		if err := xml.Unmarshal(data, &root); err != nil || !strings.Contains(root.text(), "("+v+")") {
			t.Errorf("docs/pictures/%s.svg is not a picture of %s: %v", v, v, err)
		}
		if !strings.Contains(string(doc), "(pictures/"+v+".svg)") {
			t.Errorf("docs/variants.md does not show pictures/%s.svg", v)
		}
	}
}

func TestSVGZoneOverEveryCell(t *testing.T) {
	// Xiangqi's own-half zone, both sides' halves together, covers the board: named, not shaded.
	root, _ := picture(t, "xiangqi")
	zones := root.all(withClass("g", "zone"))
	if len(zones) != 1 || zones[0].attr("id") != "zone-palace" || len(zones[0].Nodes) != 18 {
		t.Errorf("want the palaces' 18 cells shaded alone: %d zones", len(zones))
	}
	if text := root.text(); !strings.Contains(text, "(not shaded) zone own-half") {
		t.Errorf("own-half not named as not shaded")
	}
}

// served decodes the picture the web page gets (chimera serve): trays, and flipped on request.
func served(t *testing.T, variant, fen string, flip bool) *svgNode {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatal(err)
	}
	var root svgNode
	if err := xml.Unmarshal([]byte(WebSVG(p, flip)), &root); err != nil {
		t.Fatalf("%s: not well-formed XML: %v", fen, err)
	}
	return &root
}

// cellY is the y of a square's cell.
func cellY(t *testing.T, root *svgNode, sq string) int {
	t.Helper()
	for _, n := range root.all(withClass("rect", "square")) {
		if n.attr("id") == sq {
			y, _ := strconv.Atoi(n.attr("y"))
			return y
		}
	}
	t.Fatalf("no cell %s", sq)
	return 0
}

func TestSVGFlipTraysAndPromotedMarks(t *testing.T) {
	// 1.e4 d5 2.exd5 Qxd5 in crazyhouse, then a promoted queen (~) of White's on h8.
	fen := "rnb1kbnQ~/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[PPp] w KQq - 0 3"
	for _, flip := range []bool{false, true} {
		root := served(t, "crazyhouse", fen, flip)
		if a1, a8 := cellY(t, root, "a1"), cellY(t, root, "a8"); (a1 < a8) != flip {
			t.Errorf("flip %v: a1 at y %d, a8 at y %d", flip, a1, a8)
		}
		trays := root.all(withClass("g", "tray"))
		if len(trays) != 2 {
			t.Fatalf("flip %v: %d trays, want one per side", flip, len(trays))
		}
		// White's tray is under the board unless flipped.
		white := trays[0].attr("data-side") == "white"
		if white != flip {
			t.Errorf("flip %v: the first tray drawn (the top one) is %s's", flip, trays[0].attr("data-side"))
		}
		var held []string
		for _, n := range root.all(withClass("g", "tray-piece")) {
			held = append(held, n.attr("data-side")+":"+n.attr("data-letter")+"x"+n.attr("data-count"))
		}
		if strings.Join(held, " ") != map[bool]string{false: "black:Px1 white:Px2", true: "white:Px2 black:Px1"}[flip] {
			t.Errorf("flip %v: trays hold %q", flip, held)
		}
		marks := root.all(withClass("g", "promoted"))
		if len(marks) != 1 || marks[0].attr("data-square") != "h8" {
			t.Errorf("flip %v: promoted marks %v, want one on h8", flip, len(marks))
		}
	}
	// show --svg itself keeps the pools as legend lines, no trays.
	root, _ := picture(t, "crazyhouse", "--fen", fen)
	if n := len(root.all(withClass("g", "tray"))); n != 0 {
		t.Errorf("show --svg draws %d trays", n)
	}
	if !strings.Contains(root.text(), "Pool: White") || !strings.Contains(root.text(), "promoted: demoted when captured") {
		t.Errorf("show --svg legend: %q", root.text())
	}
}

// TestSVGWalls: each wall drawn on its cell, a legend entry in rulesets with walls, and a
// turn's wall marked with its arrow's number.
func TestSVGWalls(t *testing.T) {
	root, _ := picture(t, "amazons", "--fen", "q9/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1")
	var cells []string
	for _, n := range root.all(withClass("g", "wall")) {
		cells = append(cells, n.attr("data-square"))
	}
	// Three on the board, one in the legend.
	if strings.Join(cells, " ") != "b1 a2 b2 " {
		t.Errorf("walls drawn on %q, want b1 a2 b2 and the legend's", cells)
	}
	if !strings.Contains(root.text(), "a wall: it blocks every man") {
		t.Error("no wall in the legend")
	}
	if root, _ := picture(t, "chess"); len(root.all(withClass("g", "wall"))) != 0 || strings.Contains(root.text(), "wall") {
		t.Error("chess's picture has a wall")
	}
	root, _ = picture(t, "duck", "--moves", "e4,d5 Nf6,h5")
	var marked []string
	for _, n := range root.all(withClass("rect", "arrow-wall")) {
		marked = append(marked, n.attr("data-square"))
	}
	if strings.Join(marked, " ") != "d5 h5" || len(root.all(withClass("line", "arrow"))) != 2 || !strings.Contains(root.text(), "1 e4,d5, 2") || !strings.Contains(root.text(), "Nf6,h5") {
		t.Errorf("walls of the arrows on %q, want d5 h5, with two arrows labelled e4,d5 and Nf6,h5", marked)
	}
}

// A hexagonal board is drawn as hexagons: one polygon a cell, in three colours, no two
// neighbours alike.
func TestSVGHexagonalBoard(t *testing.T) {
	root, _ := picture(t, "glinski")
	cells := root.all(withClass("polygon", "square"))
	if len(cells) != 91 {
		t.Fatalf("%d hexagonal cells; want 91", len(cells))
	}
	fill := map[string]string{}
	for _, c := range cells {
		fill[c.attr("id")] = c.attr("fill")
	}
	colours := map[string]bool{}
	for _, f := range fill {
		colours[f] = true
	}
	if len(colours) != 3 {
		t.Errorf("%d colours; want 3", len(colours))
	}
	// f6 and its six edge neighbours.
	for _, n := range []string{"f7", "f5", "g6", "g5", "e6", "e5"} {
		if fill[n] == fill["f6"] {
			t.Errorf("%s has f6's colour", n)
		}
	}
}
