// Fuzzing the loader: Parse never panics and either returns a definition that validates
// again cleanly or a sorted, positioned, non-empty error list.
package defs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// fuzzSeeds are snippets around the places where decoding and validation can go wrong.
var fuzzSeeds = []string{
	mini,
	mini + "zones: {top: {ranks: [4]}}\ngoals: [{reach: top}]\n",
	mini + "castling: {royal: K, partner: K, short: {king: c, partner: b}, long: {king: b, partner: c}}\n",
	"name: x\nboard: {files: 26, ranks: 2, layout: \"..........................\\n-------------------------*\"}\n",
	"name: x\nboard: {files: 8, ranks: 8}\npieces: [{name: a, letter: A, moves: [{path: [{step: [1, 0], range: [0, 0]}, {step: [0, 1], on: [enemy], capture: true}, {step: [1, 1]}]}]}]\n",
	"pieces: [{moves: [{leap: [-9223372036854775808, 1]}]}]\n",
	"board: {files: 4294967296, ranks: 4294967296}\n",
	"a: &a [*a]\nfreeze: [{steps: *a}]\n",
	"<<: {name: x}\n",
	"? [a]\n: b\n",
	"name: x\n---\nname: y\n",
	"name: \"x\n",
	"\tname: x\n",
	"zones: {Top: {squares: [a1, a1, z99]}}\n",
	"tests: [{name: t, moves: [], perft: [-1], attacks: [{by: grey, squares: [a0]}]}]\n",
	"hands: {pools: [a, a, b], drops: {from: c, forbid: [{pieces: [Q], zone: nowhere}]}, exchange: {give: a, to: b, take: c}}\n",
	"extends: chess\nname: derived\nboard: {layout: \"........ ........ ........ ........ ........ ........ ........ .......\"}\n",
	"extends: nosuchbase\n",
	"name: é\nboard: {files: 0x8, ranks: 0o10}\n",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	if data, ok := BuiltinSource("chess"); ok {
		f.Add(data)
	}
	bad, _ := filepath.Glob(filepath.Join("..", "testdata", "bad", "*.yaml"))
	for _, path := range bad {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		def, err := Parse("fuzz.yaml", data)
		if (def == nil) == (err == nil) {
			t.Fatalf("got definition %v and error %v; want exactly one", def != nil, err)
		}
		if err == nil {
			if errs := Validate(def); len(errs) != 0 {
				t.Fatalf("a parsed definition does not validate again: %v", errs)
			}
			return
		}
		var list ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Fatalf("got %T %v; want a non-empty ErrorList", err, err)
		}
		for i, e := range list {
			if e.Msg == "" || e.File == "" || e.Line < 0 || e.Col < 0 || e.Col > 0 && e.Line == 0 {
				t.Fatalf("#%d malformed error %#v", i, e)
			}
			if i > 0 {
				a := list[i-1]
				if a.File == e.File && (a.Line > e.Line || a.Line == e.Line && a.Col > e.Col) {
					t.Fatalf("errors not sorted: %v before %v", a, e)
				}
			}
		}
		_ = list.Error()
	})
}
