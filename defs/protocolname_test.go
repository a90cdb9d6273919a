package defs

import (
	"strings"
	"testing"
)

// TestProtocolNames checks that a name another program gives a variant (xboard.name,
// source.sjaak) may hold '_', as Sjaak II's do, while the variant's own name may not.
func TestProtocolNames(t *testing.T) {
	const base = `board: {files: 8, ranks: 8}
pieces: [{name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}]
setups: [{name: start, fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1}]
`
	for _, c := range []struct {
		text, want string // want: "" accepted, else a fragment of the error
	}{
		{"name: caissa\nxboard: {name: caissa_britannia}\nsource: {sjaak: caissa_britannia}\n", ""},
		{"name: caissa_britannia\n", `name "caissa_britannia": use lowercase letters, digits and '-'`},
		{"name: caissa\nxboard: {name: _caissa}\n", `xboard name "_caissa": use lowercase letters, digits, '-' and '_', not starting with '-' or '_'`},
		{"name: caissa\nsource: {seed: caissa_britannia}\n", `source seed "caissa_britannia"`},
	} {
		_, err := Parse("t.yaml", []byte(c.text+base))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: got %v, want an error containing %q", c.text, err, c.want)
		}
	}
}
