package nnue_test

import (
	"context"
	"encoding/binary"
	"hash/crc32"
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
	v3 := append([]byte(nil), good...)
	v3[8] = 3
	bad("v3.nnue", v3)
	for _, c := range []struct{ def, want string }{
		{"extends: chess\nname: n1\nevaluation:\n  net: zh.nnue\n", `a net for "crazyhouse", not for "n1" or "chess"`},
		{"extends: chess\nname: n2\nevaluation:\n  net: short.nnue\n", "truncated"},
		{"extends: chess\nname: n3\nevaluation:\n  net: header.nnue\n", "truncated: the file ends inside its header"},
		{"extends: chess\nname: n4\nevaluation:\n  net: flipped.nnue\n", "corrupted: the checksum does not match"},
		{"extends: chess\nname: n5\nevaluation:\n  net: text.nnue\n", "not a Chimera net file"},
		{"extends: chess\nname: n6\nevaluation:\n  net: v3.nnue\n", "format version 3"},
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

// TestResidualNetAdds: a net trained to add to the linear evaluation (Adds) loads, with
// the digest of the evaluation section it was trained over; the engine's static
// evaluation is then the plain variant's plus the network's. A definition whose
// evaluation weights differ from those the net was trained over is refused as it loads,
// and a net file of format version 1 (before Adds) still reads, as a net that stands alone.
func TestResidualNetAdds(t *testing.T) {
	dir := t.TempDir()
	chess := open(t, "chess")
	m := nnue.NewModel(compiler.Features(chess).Count, 11)
	q := m.Quantise(chess, nnue.Provenance{Games: 3, Positions: 40, Nodes: 500, Seed: 9, Epochs: 2, Adds: true})
	if !q.Adds || q.Linear != compiler.EvalDigest(chess) {
		t.Fatalf("quantised with Adds %v, digest %x (want %x)", q.Adds, q.Linear, compiler.EvalDigest(chess))
	}
	data := q.Encode()
	if err := os.WriteFile(filepath.Join(dir, "res.nnue"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Open(writeDef(t, dir, "res.yaml", "extends: chess\nname: res\nevaluation:\n  net: res.nnue\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n := rs.Net(); n == nil || !n.Adds || n.Linear != q.Linear {
		t.Fatalf("header read back as %+v", n)
	}
	p, _ := interpreter.Start(rs, "")
	p.Make(p.LegalMoves(nil)[5])
	var a nnue.Accumulator
	n := nnue.New(rs)
	n.Refresh(p, &a)
	netScore := n.Evaluate(&a, p.Side())
	plain := search.New(chess, 1).Evaluate(p)
	if netScore == 0 {
		t.Fatal("the net scores 0: a test of nothing")
	}
	if got := search.New(rs, 1).Evaluate(p); got != plain+netScore {
		t.Fatalf("the engine evaluates %d, the linear evaluation %d and the net %d", got, plain, netScore)
	}
	// The search's leaves add the two as well: from the start no reply can capture, so
	// a search to depth 1 scores the best of the replies' static evaluations.
	start, _ := interpreter.Start(rs, "")
	eng := search.New(rs, 1)
	best := -1 << 30
	for _, mv := range start.LegalMoves(nil) {
		start.Make(mv)
		best = max(best, -eng.Evaluate(start))
		start.Unmake()
	}
	if r := eng.Search(context.Background(), start, search.Limits{Depth: 1}, nil); r.Score != best {
		t.Fatalf("the search to depth 1 scores %d, the best reply's static evaluation is %d", r.Score, best)
	}
	// Other weights than those it was trained over: refused.
	_, err = interpreter.Open(writeDef(t, dir, "res2.yaml", "extends: chess\nname: res2\nevaluation:\n  net: res.nnue\n  tempo: 11\n"))
	if err == nil || !strings.Contains(err.Error(), "the net adds to the linear evaluation it was trained over") {
		t.Fatalf("a residual net over other weights: %v", err)
	}
	// Version 1: no flags and digest after the seed.
	plainNet := m.Quantise(chess, nnue.Provenance{Games: 3, Positions: 40, Nodes: 500, Seed: 9, Epochs: 2}).Encode()
	at := len("CHIMNNUE") + 4 + 2 + len("chess") + 8 + 8*4 + 16
	v1 := append(append([]byte(nil), plainNet[:at]...), plainNet[at+12:len(plainNet)-4]...)
	v1[8] = 1
	v1 = binary.LittleEndian.AppendUint32(v1, crc32.ChecksumIEEE(v1))
	if err := os.WriteFile(filepath.Join(dir, "v1.nnue"), v1, 0o644); err != nil {
		t.Fatal(err)
	}
	rs1, err := interpreter.Open(writeDef(t, dir, "v1.yaml", "extends: chess\nname: v1\nevaluation:\n  net: v1.nnue\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n := rs1.Net(); n == nil || n.Adds || n.Games != 3 || n.Epochs != 2 {
		t.Fatalf("version 1 read back as %+v", n)
	}
	if got := search.New(rs1, 1).Evaluate(p); got != netScore {
		t.Fatalf("the version-1 net evaluates %d, want the net's own %d", got, netScore)
	}
	// A flag this Chimera does not know: refused.
	odd := append([]byte(nil), data...)
	odd[at] |= 2
	odd = binary.LittleEndian.AppendUint32(odd[:len(odd)-4], crc32.ChecksumIEEE(odd[:len(odd)-4]))
	if err := os.WriteFile(filepath.Join(dir, "odd.nnue"), odd, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := interpreter.Open(writeDef(t, dir, "odd.yaml", "extends: chess\nname: odd\nevaluation:\n  net: odd.nnue\n")); err == nil || !strings.Contains(err.Error(), "unknown flags") {
		t.Fatalf("unknown flags: %v", err)
	}
}
