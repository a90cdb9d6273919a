// Test helpers: inline definitions compiled through defs.Parse and Compile, square sets by name.
package compiler

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"chimera/defs"
)

// kingLine is a royal king piece entry, for definitions whose tests are about other pieces.
const kingLine = "  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}\n"

// mini builds a definition text from a board value and the keys that follow it; the setup
// is never read by the compiler beyond its text.
func mini(board, body string) string {
	return "name: t\nboard: " + board + "\n" + body + "setups: [{name: s, fen: x}]\n"
}

// compileText parses and compiles a definition, failing the test on any error.
func compileText(t *testing.T, text string) *Ruleset {
	t.Helper()
	def, err := defs.Parse("t.yaml", []byte(text))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	rs, err := Compile(def)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, text)
	}
	return rs
}

// compileErrors parses a definition (which must be valid) and returns the compiler's errors.
func compileErrors(t *testing.T, text string) defs.ErrorList {
	t.Helper()
	def, err := defs.Parse("t.yaml", []byte(text))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	rs, err := Compile(def)
	if err == nil {
		t.Fatalf("compiled without error: %s\n%s", rs.Name, text)
	}
	var list defs.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %T %v; want a defs.ErrorList", err, err)
	}
	return list
}

// builtin compiles a built-in definition.
func builtin(t *testing.T, name string) *Ruleset {
	t.Helper()
	def, err := defs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Compile(def)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// sqOf returns the square named s, failing the test when the board has none.
func sqOf(t *testing.T, rs *Ruleset, s string) Square {
	t.Helper()
	sq, ok := rs.ParseSquare(s)
	if !ok {
		t.Fatalf("no square %q on the %dx%d board", s, rs.Files, rs.Ranks)
	}
	return sq
}

// set is the bitboard of the named squares (space-separated; "" is the empty set).
func set(t *testing.T, rs *Ruleset, names string) Bitboard {
	t.Helper()
	var b Bitboard
	for _, n := range strings.Fields(names) {
		b = b.With(sqOf(t, rs, n))
	}
	return b
}

// show renders a bitboard as sorted square names, for messages.
func show(rs *Ruleset, b Bitboard) string {
	var out []string
	for ; b.Any(); b = b.Rest() {
		out = append(out, rs.names[b.First()])
	}
	sort.Strings(out)
	return "{" + strings.Join(out, " ") + "}"
}

// typeOf returns the piece type of a letter, failing the test when there is none.
func typeOf(t *testing.T, rs *Ruleset, letter byte) int {
	t.Helper()
	pt := rs.TypeOf(letter)
	if pt < 0 {
		t.Fatalf("no piece %c", letter)
	}
	return pt
}

// vecSet renders vectors in a canonical order, for comparing sets of directions.
func vecSet(vs []Vec) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = vecString(v)
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

func vecString(v Vec) string { return fmt.Sprintf("(%d,%d)", v.DX, v.DY) }
