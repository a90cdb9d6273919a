// The Ruleset hands out no writable slices or maps: checked by reflection over its exported API.
package compiler

import (
	"reflect"
	"testing"
)

// TestRulesetExportsNoMutableLists walks the type graph reachable from Ruleset (through
// exported and unexported fields, pointers, arrays, slices and maps of this package's
// types) and fails on any exported field that is a slice or a map: callers could change
// the compiled rules through it. Pointers to definition nodes (package defs, kept for
// descriptions) and to compiled hooks are not followed.
func TestRulesetExportsNoMutableLists(t *testing.T) {
	t.Parallel()
	own := reflect.TypeOf(Ruleset{}).PkgPath()
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, where string)
	walk = func(ty reflect.Type, where string) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || ty.PkgPath() != own || seen[ty] {
			return
		}
		seen[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			if f.IsExported() && !f.Anonymous {
				for k := f.Type; ; k = k.Elem() {
					if k.Kind() == reflect.Slice || k.Kind() == reflect.Map {
						t.Errorf("%s.%s is an exported %s", where, f.Name, f.Type)
						break
					}
					if k.Kind() != reflect.Array {
						break
					}
				}
			}
			walk(f.Type, ty.Name())
		}
	}
	walk(reflect.TypeOf(Ruleset{}), "Ruleset")
	if !seen[reflect.TypeOf(PieceType[Bitboard]{})] || !seen[reflect.TypeOf(Tables[BB64]{})] {
		t.Fatal("the walk did not reach the piece tables")
	}
}
