// The sources each built-in names (its definition's source:) against the references: Fairy-Stockfish's current variants, and the variants the shogiops and chessops cross-checks compare.
package perft_test

import (
	"slices"
	"testing"

	"chimera/defs"
)

// sourceOf loads a built-in's definition and returns its source's names by key.
func sourceOf(t *testing.T, name string) map[string]string {
	t.Helper()
	def, err := defs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range def.Source.Names() {
		out[n.Key] = n.Name
	}
	return out
}

// TestBuiltinSources checks where the built-ins say they come from: each names a source;
// every built-in whose name or alias is one of the variants of Fairy-Stockfish's current
// source (../shared/fsf/upstream-perft.jsonl) says Fairy-Stockfish, by that name, and no
// other does; the shogiops cross-check compares exactly the built-ins that say lishogi,
// each under the rules name they give; and each variant the chessops cross-check compares
// says lichess, by its name.
func TestBuiltinSources(t *testing.T) {
	var fsf []string
	for _, c := range upstreamCounts(t) {
		if !slices.Contains(fsf, c.Variant) {
			fsf = append(fsf, c.Variant)
		}
	}
	lishogi := map[string]string{}
	for _, v := range shogiopsVariants {
		if v.rules != "" {
			lishogi[v.name] = v.rules
		}
	}
	for _, name := range defs.Builtins() {
		src := sourceOf(t, name)
		if len(src) == 0 {
			t.Errorf("%s names no source", name)
		}
		var fsfName string
		for _, n := range append([]string{name}, defs.BuiltinAliases(name)...) {
			if slices.Contains(fsf, n) {
				fsfName = n
				break
			}
		}
		if got := src["fairy-stockfish"]; got != fsfName {
			switch {
			case fsfName == "":
				t.Errorf("%s says Fairy-Stockfish's %s, which is none of the variants of its current source", name, got)
			default:
				t.Errorf("%s is Fairy-Stockfish's %s, but says Fairy-Stockfish %q", name, fsfName, got)
			}
		}
		if got, want := src["lishogi"], lishogi[name]; got != want {
			t.Errorf("%s says lishogi %q; the shogiops cross-check compares it with shogiops' %q", name, got, want)
		}
	}
	for _, v := range chessopsVariants {
		if got := sourceOf(t, v.name)["lichess"]; got != v.name {
			t.Errorf("%s is compared with chessops' %s, but says lichess %q", v.name, v.name, got)
		}
	}
}
