// Fuzzing hook expressions: any text as a goal's when: either loads with positioned errors
// or runs on sample games without a panic or a hang, each failure reported with its error.
package suite_test

import (
	"encoding/json"
	"errors"
	"testing"

	"chimera/defs"
	"chimera/engine/suite"
	"chimera/interpreter"
)

func FuzzHook(f *testing.F) {
	for _, s := range []string{
		`ply % (captures - captures) == 0`,
		`all(1..10000, {all(1..10000, {# > 0})})`,
		`let r = 1..(ply + 400); all(r, {all(r, {# > 0})})`,
		`len(1..(ply + 200000)) > 0`,
		`count("ZZ", "white") == 0`,
		`piece == "K" && (to == "d4" || to == "e4" || to == "d5" || to == "e5")`,
		`let them = mover == "white" ? "black" : "white"; count("P", them) == 0`,
		`to[0:1] == "e" && from[1:] in ["2", "7"]`,
		`[0, 0][ply] > 0`,
		`check && captures > 1`,
		`any(split(to, ""), {# == "4"})`,
		`reduce(1..ply, #acc + #, 0) > 100`,
		`piece + to == "Ke4"`,
		`mover == to`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, when string) {
		quoted, _ := json.Marshal(when) // a JSON string is a YAML scalar
		def, err := defs.Parse("fuzz.yaml", []byte("extends: chess\nname: fuzz\ngoals:\n  - name: g\n    when: "+string(quoted)+"\n"))
		if err != nil {
			return // not a definition (the text broke the YAML): the parser's own fuzz target covers it
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			var list defs.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("%q: got a plain error %v, want positioned errors", when, err)
			}
			return
		}
		res := suite.SampleHooks(rs, suite.HookSample{Games: 2, Plies: 8, Seed: 1})
		for _, fl := range res.Failures {
			if fl.Count < 1 || fl.First == nil || fl.Message() == "" {
				t.Fatalf("%q: a failure without a count or an error: %+v", when, fl)
			}
		}
	})
}
