// The 64- and 128-cell tables are the 256-cell ones narrowed: widening them gives the 256-cell tables back, for every built-in and synthetic definition of up to 64 cells and every one of 65 to 128.
package compiler

import (
	"path/filepath"
	"reflect"
	"testing"

	"chimera/defs"
)

func TestNarrowTablesWidenBack(t *testing.T) {
	t.Parallel()
	synthetic, err := filepath.Glob("../testdata/synthetic/*.yaml")
	if err != nil || len(synthetic) < 4 {
		t.Fatalf("testdata/synthetic: %d files, %v", len(synthetic), err)
	}
	narrow, mid := 0, 0
	for _, name := range append(defs.Builtins(), synthetic...) {
		def, err := defs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := Compile(def)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rs.Cells > MaxCells64 {
			if rs.Cells <= MaxCells128 {
				mid++
				if rs.Mid == nil {
					t.Fatalf("%s: %d cells and no 128-cell tables", name, rs.Cells)
				}
				if wide := ConvertTables(rs.Mid, BB128.Wide); !reflect.DeepEqual(wide, &rs.Tables) {
					t.Errorf("%s: the 128-cell tables widened differ from the 256-cell tables", name)
				}
			}
			continue // no 64-cell tables (TestWideDefinitions)
		}
		if rs.Narrow == nil || rs.Mid != nil {
			t.Fatalf("%s: %d cells and no 64-cell tables", name, rs.Cells)
		}
		narrow++
		wide := ConvertTables(rs.Narrow, BB64.Wide)
		if !reflect.DeepEqual(wide, &rs.Tables) {
			t.Errorf("%s: the 64-cell tables widened differ from the 256-cell tables", name)
		}
		// The comparison sees into the tables: a changed leap target must show.
		wide.pieces[0].leapQuiet[1][0] = wide.pieces[0].leapQuiet[1][0].Xor(Bit(1))
		if reflect.DeepEqual(wide, &rs.Tables) {
			t.Fatalf("%s: a changed leap table compares equal", name)
		}
	}
	if narrow < 20 || mid < 5 {
		t.Errorf("only %d definitions with 64-cell tables, %d with 128-cell tables", narrow, mid)
	}
}

func TestSmallestTablesHoldTheBoard(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		files, ranks int
		narrow, mid  bool
	}{{8, 8, true, false}, {2, 32, true, false}, {7, 9, true, false}, {13, 5, false, true}, {10, 10, false, true},
		{8, 16, false, true}, {11, 12, false, false}, {16, 16, false, false}, {2, 128, false, false}} {
		rs := compileText(t, mini(fmtBoard(c.files, c.ranks), "pieces:\n"+kingLine))
		if (rs.Narrow != nil) != c.narrow || (rs.Mid != nil) != c.mid {
			t.Errorf("%dx%d: 64-cell tables %v, 128-cell tables %v, want %v %v", c.files, c.ranks, rs.Narrow != nil, rs.Mid != nil, c.narrow, c.mid)
		}
		if n := rs.Squares.Count(); n != c.files*c.ranks {
			t.Errorf("%dx%d: %d squares", c.files, c.ranks, n)
		}
	}
}

// TestSetsHoldTheLargestBoard: defs accepts no board the 256-cell sets cannot hold.
func TestSetsHoldTheLargestBoard(t *testing.T) {
	t.Parallel()
	if defs.MaxCells != MaxCells256 {
		t.Errorf("defs.MaxCells %d, the 256-cell set holds %d", defs.MaxCells, MaxCells256)
	}
}
