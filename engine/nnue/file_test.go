package nnue_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/engine/nnue"
	"chimera/engine/search"
	"chimera/interpreter"
)

func open(t *testing.T, name string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// writeNet writes the quantised net of a fresh model over rs's features to dir/name.
func writeNet(t *testing.T, rs *compiler.Ruleset, dir, name string) []byte {
	t.Helper()
	m := nnue.NewModel(compiler.Features(rs).Count, 11)
	data := m.Quantise(rs, nnue.Provenance{Games: 3, Positions: 40, Nodes: 500, Seed: 9, Epochs: 2}).Encode()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return data
}

func writeDef(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestNetFileLoads: a definition extending chess names a chess net; it loads with its
// header's provenance, and the engine's static evaluation is the network's.
func TestNetFileLoads(t *testing.T) {
	dir := t.TempDir()
	chess := open(t, "chess")
	writeNet(t, chess, dir, "chess.nnue")
	rs, err := interpreter.Open(writeDef(t, dir, "netchess.yaml", "extends: chess\nname: netchess\nevaluation:\n  net: chess.nnue\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rs.Net() == nil {
		t.Fatal("no net loaded")
	}
	if n := rs.Net(); n.Variant != "chess" || n.Games != 3 || n.Positions != 40 || n.Nodes != 500 || n.Seed != 9 || n.Epochs != 2 {
		t.Fatalf("header read back as %+v", *n)
	}
	p, _ := interpreter.Start(rs, "")
	moves := p.LegalMoves(nil)
	p.Make(moves[3])
	var a nnue.Accumulator
	n := nnue.New(rs)
	n.Refresh(p, &a)
	want := n.Evaluate(&a, p.Side())
	if got := search.New(rs, 1).Evaluate(p); got != want {
		t.Fatalf("the engine evaluates %d, the net %d", got, want)
	}
	plain := search.New(chess, 1).Evaluate(p)
	if plain == want {
		t.Fatalf("the engine's own evaluation gives the net's score (%d): a test of nothing", want)
	}
}

// TestNetFileRefused: a net for another variant, a truncated or corrupted file, a file
// that is no net, and a net whose features the definition does not have are refused as
// the definition loads, each with its reason.
func TestNetFileRefused(t *testing.T) {
	dir := t.TempDir()
	chess, zh := open(t, "chess"), open(t, "crazyhouse")
	good := writeNet(t, chess, dir, "chess.nnue")
	writeNet(t, zh, dir, "zh.nnue")
	bad := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad("short.nnue", good[:len(good)-100])
	bad("header.nnue", good[:20])
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 0x10
	bad("flipped.nnue", flipped)
	bad("text.nnue", []byte("evaluation: not a net\n"))
	v2 := append([]byte(nil), good...)
	v2[8] = 2
	bad("v2.nnue", v2)
	for _, c := range []struct{ def, want string }{
		{"extends: chess\nname: n1\nevaluation:\n  net: zh.nnue\n", `a net for "crazyhouse", not for "n1" or "chess"`},
		{"extends: chess\nname: n2\nevaluation:\n  net: short.nnue\n", "truncated"},
		{"extends: chess\nname: n3\nevaluation:\n  net: header.nnue\n", "truncated: the file ends inside its header"},
		{"extends: chess\nname: n4\nevaluation:\n  net: flipped.nnue\n", "corrupted: the checksum does not match"},
		{"extends: chess\nname: n5\nevaluation:\n  net: text.nnue\n", "not a Chimera net file"},
		{"extends: chess\nname: n6\nevaluation:\n  net: v2.nnue\n", "format version 2"},
		{"extends: chess\nname: n7\npieces-by-letter:\n  A: {name: Archbishop, moves: [{ride: [1, 1]}, {leap: [1, 2]}]}\nevaluation:\n  net: chess.nnue\n",
			"the net's features"},
		{"extends: chess\nname: n8\nevaluation:\n  net: missing.nnue\n", "cannot read"},
		{"extends: chess\nname: n9\nevaluation:\n  net: ../chess.nnue\n", "beside this definition"},
	} {
		path := writeDef(t, dir, strings.SplitN(strings.SplitN(c.def, "name: ", 2)[1], "\n", 2)[0]+".yaml", c.def)
		_, err := interpreter.Open(path)
		if err == nil {
			t.Errorf("%s: loaded", filepath.Base(path))
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "evaluation.net") {
			t.Errorf("%s: %v\nwant %q", filepath.Base(path), err, c.want)
		}
	}
}
