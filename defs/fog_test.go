package defs

import (
	"strings"
	"testing"
)

// TestFogRefusals: fog with what a side's view cannot be made of, and bad sees entries,
// are refused at the fog's line with the reason; a good fog reads.
func TestFogRefusals(t *testing.T) {
	const base = "extends: chess\nname: t\nsource: {seed: t}\n"
	const noCheck = "rules: {check: none}\n"
	for i, c := range []struct{ text, want string }{
		{base + noCheck + "fog: {sees: {P: [[0, 1]]}}\n", ""},
		{base + "fog: {}\n", `t.yaml:4:6: fog cannot be combined with a check rule (rules.check is "royal-attacked"`},
		{base + noCheck + "walls: {moving: true}\nfog: {}\n", "t.yaml:6:6: fog cannot be combined with walls"},
		{base + noCheck + "hands: {pools: [hand], drops: {from: hand}}\nfog: {}\n", "t.yaml:6:6: fog cannot be combined with hands"},
		{base + noCheck + "fog:\n  sees: {X: [[0, 1]]}\n", `t.yaml:6:10: fog.sees: unknown piece letter "X"`},
		{base + noCheck + "fog:\n  sees: {P: [[0, 0]]}\n", "t.yaml:6:10: fog.sees.P: cell 1 is [0, 0], the man's own cell"},
		{base + noCheck + "fog:\n  sees: {P: [[0, 1], [1]]}\n", "t.yaml:6:10: fog.sees.P: cell 2 is [1]: write [files, ranks]"},
		{base + noCheck + "fog:\n  sees: {P: [[0, 9]]}\n", "t.yaml:6:10: fog.sees.P: cell 1 is [0 9], off any 8x8 board"},
	} {
		_, err := Parse("t.yaml", []byte(c.text))
		if c.want == "" {
			if err != nil {
				t.Errorf("#%d: %v; want it read", i, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("#%d: got %v; want an error containing %q", i, err, c.want)
		}
	}
}
