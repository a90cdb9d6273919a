// Tests of the evaluation: section: decoding, positioned errors, file: beside the definition.
package defs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const evalBase = `name: mini
board: {files: 3, ranks: 2}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - {name: Wazir, letter: W, moves: [{leap: [1, 0]}]}
setups:
  - {name: start, fen: kw1/1WK w - - 0 1}
`

func TestEvalSectionLoads(t *testing.T) {
	def := mustParse(t, evalBase+`evaluation:
  pieces:
    W:
      value: 250
      squares:
        - [1, 2, 3]
        - [-4, 5, 6]
    K: {squares: [[0, 0, 0], [0, 0, 0]]}
  tempo: 7
`)
	ev := def.Evaluation
	if ev == nil || *ev.Pieces["W"].Value != 250 || ev.Pieces["W"].Squares[1][0] != -4 || *ev.Tempo != 7 || ev.Mobility != nil {
		t.Fatalf("section decoded as %+v", ev)
	}
}

// TestEvalSectionErrors: each bad value is reported at its line and column.
func TestEvalSectionErrors(t *testing.T) {
	const at = 8 // the line of evaluation:
	cases := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"evaluation: {pieces: {X: {value: 1}}}", at, 23, `evaluation.pieces: no piece has letter "X" (letters: K, W)`},
		{"evaluation: {pieces: {W: {value: 1e9}}}", at, 34, `evaluation.pieces.W.value: expected a whole number, found "1e9"`},
		{"evaluation: {pieces: {W: {value: 200000}}}", at, 34, `evaluation.pieces.W.value: 200000 is out of range (-100000 to 100000 centipawns)`},
		{"evaluation: {pieces: {K: {value: 5}}}", at, 34, `evaluation.pieces.K.value: K is royal: the evaluation counts no value for it (remove value:)`},
		{"evaluation: {pieces: {W: {squares: [[1, 2, 3]]}}}", at, 36, `evaluation.pieces.W.squares: expected 2 lists, one a rank from the last to the first, found 1`},
		{"evaluation: {pieces: {W: {squares: [[1, 2, 3], [1, 2]]}}}", at, 48, `evaluation.pieces.W.squares[1]: expected 3 numbers, one a file from a, found 2`},
		{"evaluation: {pieces: {W: {squares: [[1, 2, 3], [1, x, 3]]}}}", at, 52, `evaluation.pieces.W.squares[1][1]: expected a whole number, found "x"`},
		{"evaluation: {pieces: {K: {near-own-royal: 5}}}", at, 43, `evaluation.pieces.K.near-own-royal: K is royal: only other men count near a royal one`},
		{"evaluation: {pieces: {W: {near-enemy-royal: 1.5}}}", at, 45, `evaluation.pieces.W.near-enemy-royal: expected a whole number, found "1.5"`},
		{"evaluation: {pieces: {W: {status-value: 5}}}", at, 41, `evaluation.pieces.W.status-value: the variant has no status that makes a man immobile (statuses:)`},
		{"evaluation: {pieces: {K: {status-value: 5}}}", at, 41, `evaluation.pieces.K.status-value: K is royal: the evaluation counts no value for it`},
		{"evaluation: {pools: {hand: {W: 1}}}", at, 21, `evaluation.pools: the variant has no pools (hands:)`},
		{"evaluation: {checks-given: 10}", at, 28, `evaluation.checks-given: the variant counts no checks (rules.check-counter)`},
		{"evaluation: {tempo: ten}", at, 21, `evaluation.tempo: expected a whole number, found "ten"`},
		{"evaluation: {passed: 8}", at, 22, `evaluation.passed: no piece promotes (the term counts men of pawn-like types: they promote and only move forward)`},
		{"evaluation: {mobilty: 3}", at, 14, `evaluation: unknown key "mobilty" (did you mean "mobility"? expected one of: advance, checks-given, doubled, file, goal-distance, half-open-file, isolated, mobility, net, open-file, pair, passed, pieces, pools, reach, tempo)`},
		{"evaluation: {file: w.yaml, tempo: 3}", at, 13, `evaluation: file: stands alone (the other keys go in the file it names)`},
		{"evaluation: {file: ../w.yaml}", at, 20, `evaluation.file: "../w.yaml": the file must be beside this definition or below its directory (a relative path without '..')`},
		{"evaluation: {file: w.txt}", at, 20, `evaluation.file: "w.txt": expected a .yaml file beside this definition`},
	}
	for _, c := range cases {
		_, err := Parse("t.yaml", []byte(evalBase+c.text+"\n"))
		if err == nil {
			t.Errorf("%s: no error", c.text)
			continue
		}
		list := err.(ErrorList)
		if e := list[0]; e.Line != c.line || e.Col != c.col || e.Msg != c.msg {
			t.Errorf("%s:\n got %d:%d: %s\nwant %d:%d: %s", c.text, e.Line, e.Col, e.Msg, c.line, c.col, c.msg)
		}
	}
}

// TestEvalSectionFile: file: reads the section's keys from a file beside the definition,
// whose errors are placed in that file; a definition extending another merges sections.
func TestEvalSectionFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "base.yaml"), []byte(evalBase+"evaluation: {tempo: 4, pieces: {W: {value: 90}}}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "w.yaml"), []byte("pieces:\n  W: {value: 300}\nmobility: 2\n"), 0o644)
	main := filepath.Join(dir, "main.yaml")
	os.WriteFile(main, []byte("extends: base.yaml\nname: main\nevaluation: {file: w.yaml}\n"), 0o644)
	def, err := LoadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	ev := def.Evaluation
	if *ev.Pieces["W"].Value != 300 || *ev.Mobility != 2 || *ev.Tempo != 4 || ev.File != "" {
		t.Errorf("section %+v", ev)
	}
	os.WriteFile(filepath.Join(dir, "w.yaml"), []byte("pieces:\n  W: {value: 300}\ntempo: [1]\n"), 0o644)
	_, err = LoadFile(main)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "w.yaml")+`:3:8: evaluation.tempo: expected a whole number, found a list`) {
		t.Errorf("error in the named file: %v", err)
	}
	os.Remove(filepath.Join(dir, "w.yaml"))
	_, err = LoadFile(main)
	if err == nil || !strings.Contains(err.Error(), main+`:3:20: evaluation.file: cannot read`) {
		t.Errorf("missing file: %v", err)
	}
}

// TestEvalSectionMarshals: a definition with the section is written out and reads back
// the same (Marshal, as chimera show and the web editor write definitions).
func TestEvalSectionMarshals(t *testing.T) {
	def := mustParse(t, evalBase+`evaluation:
  pieces:
    W: {value: 250, squares: [[1, 2, 3], [-4, 5, 6]]}
  goal-distance: 9
  tempo: 0
`)
	out, err := Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse("back.yaml", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ev := back.Evaluation
	if ev == nil || *ev.Pieces["W"].Value != 250 || ev.Pieces["W"].Squares[1][0] != -4 || *ev.GoalDistance != 9 || *ev.Tempo != 0 {
		t.Errorf("read back as %+v from\n%s", ev, out)
	}
}

// TestEvalSectionInheritance: an extension inherits its base's weights, unless it gives
// board, pieces or pieces-by-letter (weights fitted to other men or another board): then
// it starts from the derived weights, and a base's square tables of another shape are no
// error. `evaluation: ~` drops the inherited weights on purpose (the hand-written weights of
// a built-in that ships tuned ones).
func TestEvalSectionInheritance(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "base.yaml"), []byte(evalBase+"evaluation: {tempo: 4, pieces: {W: {squares: [[1, 2, 3], [4, 5, 6]]}}}\n"), 0o644)
	cases := []struct {
		text    string
		inherit bool
	}{
		{"extends: base.yaml\nname: same\n", true},
		{"extends: base.yaml\nname: derived\nevaluation: ~\n", false},
		{"extends: base.yaml\nname: wider\nboard: {files: 4, ranks: 2}\nsetups:\n  - {name: start, fen: kw2/2WK w - - 0 1}\n", false},
		{"extends: base.yaml\nname: changed\npieces-by-letter:\n  W: {moves: [{leap: [1, 1]}]}\n", false},
		{"extends: base.yaml\nname: others\npieces:\n  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}]}\n  - {name: Ferz, letter: F, moves: [{leap: [1, 1]}]}\nsetups:\n  - {name: start, fen: kf1/1FK w - - 0 1}\n", false},
	}
	for _, c := range cases {
		file := filepath.Join(dir, "ext.yaml")
		os.WriteFile(file, []byte(c.text), 0o644)
		def, err := LoadFile(file)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		if got := def.Evaluation != nil; got != c.inherit {
			t.Errorf("%s: evaluation inherited %v, want %v", c.text, got, c.inherit)
		}
	}
}

// TestEvalSectionFileStaysNearby: file: follows a symbolic link only to a file beside the
// definition or below its directory, as extends: does; a link outside is refused without
// reading it (before, the file was read, and its text shown in the errors) (#53).
func TestEvalSectionFileStaysNearby(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "variants")
	os.MkdirAll(filepath.Join(dir, "weights"), 0o755)
	os.WriteFile(filepath.Join(root, "secret.yaml"), []byte("password: hunter2\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "weights", "w.yaml"), []byte("mobility: 2\n"), 0o644)
	os.Symlink(filepath.Join(root, "secret.yaml"), filepath.Join(dir, "out.yaml"))
	os.Symlink(filepath.Join(dir, "weights", "w.yaml"), filepath.Join(dir, "in.yaml"))
	main := filepath.Join(dir, "main.yaml")
	os.WriteFile(main, []byte(evalBase+"evaluation: {file: out.yaml}\n"), 0o644)
	_, err := LoadFile(main)
	if err == nil || !strings.Contains(err.Error(), `evaluation.file: "out.yaml": a link to a file outside this file's directory`) ||
		strings.Contains(err.Error(), "password") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("a link outside: %v", err)
	}
	os.WriteFile(main, []byte(evalBase+"evaluation: {file: in.yaml}\n"), 0o644)
	if def, err := LoadFile(main); err != nil || *def.Evaluation.Mobility != 2 {
		t.Errorf("a link below: %v", err)
	}
}
