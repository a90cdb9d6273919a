// Definitions with boards of more than 64 cells (built-ins and testdata/wide): each compiles, with no 64-cell tables, and 128-cell ones up to 128 cells.
package compiler

import (
	"path/filepath"
	"testing"

	"chimera/defs"
)

// TestWideDefinitions: each built-in definition and each of testdata/wide loads and
// compiles, with a board of more than 64 cells held in the 256-cell tables and no 64-cell
// copy (a 128-cell copy when it fits 128 cells), and one of up to 64 cells with both the
// 256- and the 64-cell tables; every definition of testdata/wide is larger.
func TestWideDefinitions(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "wide", "*.yaml"))
	if err != nil || len(files) < 2 {
		t.Fatalf("testdata/wide: %d files, %v", len(files), err)
	}
	wide := 0
	for i, f := range append(files, defs.Builtins()...) {
		def, err := defs.Load(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		rs, err := Compile(def)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if rs.Cells <= MaxCells64 {
			if i < len(files) || rs.Narrow == nil || rs.Mid != nil {
				t.Errorf("%s: %d cells, 64-cell tables %v; want more than 64 cells in testdata/wide, and 64-cell tables for a board of up to 64", f, rs.Cells, rs.Narrow != nil)
			}
			continue
		}
		wide++
		if rs.Narrow != nil {
			t.Errorf("%s: %d cells, yet 64-cell tables", f, rs.Cells)
		}
		if (rs.Mid != nil) != (rs.Cells <= MaxCells128) {
			t.Errorf("%s: %d cells, 128-cell tables %v", f, rs.Cells, rs.Mid != nil)
		}
		if rs.Squares.Empty() || rs.Squares.AndNot(Below256(rs.Cells)).Any() {
			t.Errorf("%s: squares %v outside the %d cells", f, rs.Squares, rs.Cells)
		}
	}
	if wide < 6 {
		t.Errorf("%d definitions of more than 64 cells; want the built-ins on large boards and testdata/wide's", wide)
	}
}
