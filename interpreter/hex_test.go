// Hexagonal boards: cell names, the FEN's ranks, and the errors for FENs that do not fit.
package interpreter

import (
	"strings"
	"testing"

	"chimera/compiler"
)

// The 91-cell board names its cells by file (a-l without j) and rank along the file: 91
// squares, file a of 6 cells, file f of 11; the FEN writes ranks from the top, each in file
// order, and reads back the same.
func TestHexCellsAndFEN(t *testing.T) {
	rs, err := Open("glinski")
	if err != nil {
		t.Fatal(err)
	}
	if n := rs.Squares.Count(); n != 91 {
		t.Fatalf("%d cells; want 91", n)
	}
	for _, c := range []struct {
		name string
		ok   bool
	}{{"a6", true}, {"a7", false}, {"f11", true}, {"f12", false}, {"l1", true}, {"k7", true}, {"k8", false}, {"j1", false}} {
		sq, ok := rs.ParseSquare(c.name)
		if ok = ok && rs.KindOf(sq) == compiler.CellSquare; ok != c.ok {
			t.Errorf("%s: a cell %v; want %v", c.name, ok, c.ok)
		}
	}
	p, err := Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	q, err := FromFEN(rs, p.FEN())
	if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
		t.Fatalf("%s read back as %v (%v)", p.FEN(), q, err)
	}
	for _, c := range []struct{ fen, want string }{
		{"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2 w - - 0 1", "11 ranks, separated by '/'"},
		{"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP2 w - - 0 1", "rank 1 has 12 cells; it has 11"},
		{"bb/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1", "rank 11 has 2 cells; it has 1"},
	} {
		if _, err := FromFEN(rs, c.fen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.fen, err, c.want)
		}
	}
}
