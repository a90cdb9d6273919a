// Every built-in definition's own tests, as `chimera validate` runs them: all of them in the full suite, a quick budget under -short.
package suite

import (
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

// builtinShortNodes is the largest expected perft count run under -short.
const builtinShortNodes = 200_000

func TestEveryBuiltinsOwnTests(t *testing.T) {
	names := defs.Builtins()
	if len(names) < 20 {
		t.Fatalf("only %d built-in definitions found", len(names))
	}
	opt := Options{Workers: 1}
	if testing.Short() {
		opt.MaxNodes = builtinShortNodes
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rs, err := interpreter.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs.Def.Tests) == 0 {
				t.Fatalf("%s has no tests of its own", name)
			}
			for i, r := range RunTests(rs, opt) {
				if !r.Pass {
					t.Errorf("#%d %s (%s): %s", i, r.Name, r.Where, r.Message())
				}
			}
		})
	}
}
