// The definitions in testdata/wide have boards of more than 64 cells: each compiles, on 256-cell tables only.
package compiler

import (
	"path/filepath"
	"testing"

	"chimera/defs"
)

// TestWideDefinitions: each definition of testdata/wide loads and compiles, with its board
// of more than 64 cells held in the 256-cell tables and no 64-cell copy.
func TestWideDefinitions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "wide", "*.yaml"))
	if err != nil || len(files) < 6 {
		t.Fatalf("testdata/wide: %d files, %v", len(files), err)
	}
	for _, f := range files {
		def, err := defs.LoadFile(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		rs, err := Compile(def)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if rs.Cells <= MaxCells64 || rs.Narrow != nil {
			t.Errorf("%s: %d cells, 64-cell tables %v; want more than 64 cells and none", f, rs.Cells, rs.Narrow != nil)
		}
		if rs.Squares.Empty() || rs.Squares.AndNot(Below256(rs.Cells)).Any() {
			t.Errorf("%s: squares %v outside the %d cells", f, rs.Squares, rs.Cells)
		}
	}
}
