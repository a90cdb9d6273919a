// The broken-definition suite: every file in testdata/bad states its expected errors inline.
package interpreter_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/interpreter"
)

// want is one expected error: its position (Col 0 when the column is unknown, as for YAML
// syntax errors) and a substring of its message.
type want struct {
	Line, Col int
	Msg       string
}

// wantRE matches `# want: LINE:COL: message` or `# want: LINE: message` anywhere on a line.
var wantRE = regexp.MustCompile(`#\s*want:\s*(\d+):(?:(\d+):)?\s*(.+?)\s*$`)

// readWants collects the `# want:` annotations of a file.
func readWants(t *testing.T, path string) []want {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ws []want
	for _, line := range strings.Split(string(data), "\n") {
		m := wantRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		w := want{Msg: m[3]}
		w.Line, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			w.Col, _ = strconv.Atoi(m[2])
		}
		ws = append(ws, w)
	}
	return ws
}

// matchWants checks that the errors are exactly the wanted ones (same count, each want
// met by a distinct error at its position whose message contains the want's text).
func matchWants(t *testing.T, path string, err error, ws []want) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: loaded without error; want %d errors", path, len(ws))
		return
	}
	var list defs.ErrorList
	if !errors.As(err, &list) {
		t.Errorf("%s: got a plain error %q; want a positioned defs.ErrorList", path, err)
		return
	}
	used := make([]bool, len(list))
	for i, w := range ws {
		found := false
		for j, e := range list {
			if !used[j] && e.Line == w.Line && e.Col == w.Col && strings.Contains(e.Msg, w.Msg) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: want #%d %d:%d: %q not reported; got:\n%v", path, i, w.Line, w.Col, w.Msg, err)
		}
	}
	for j, e := range list {
		if !used[j] {
			t.Errorf("%s: unexpected error %v", path, e)
		}
		if e.File != path {
			t.Errorf("%s: error names file %q", path, e.File)
		}
	}
	for j := 1; j < len(list); j++ {
		a, b := list[j-1], list[j]
		if a.Line > b.Line || a.Line == b.Line && a.Col > b.Col {
			t.Errorf("%s: errors not sorted: %v before %v", path, a, b)
		}
	}
}

func badFiles(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "bad", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 15 {
		t.Fatalf("got %d files in testdata/bad; want at least 15", len(files))
	}
	return files
}

// TestBadDefinitions opens every broken definition (parse, validate, compile, FEN checks)
// and compares the errors with the file's annotations. Exit statuses are the CLI's concern.
func TestBadDefinitions(t *testing.T) {
	for _, path := range badFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ws := readWants(t, path)
			if len(ws) == 0 {
				t.Fatalf("%s has no `# want:` annotation", path)
			}
			_, err := interpreter.Open(path)
			matchWants(t, path, err, ws)
		})
	}
}

// TestBadDefinitionsRendered checks the rendering users see: file:line:col: message, with
// the column left out only when it is unknown.
func TestBadDefinitionsRendered(t *testing.T) {
	for _, path := range badFiles(t) {
		_, err := interpreter.Open(path)
		if err == nil {
			continue // reported by TestBadDefinitions
		}
		for i, line := range strings.Split(err.Error(), "\n") {
			if strings.HasPrefix(line, "... and ") || strings.HasPrefix(line, " | ") {
				continue // the cap on printed errors; a hook's caret snippet under its error
			}
			if !regexp.MustCompile(`^` + regexp.QuoteMeta(path) + `:\d+:(\d+:)? \S`).MatchString(line) {
				t.Errorf("%s: #%d got %q; want file:line:col: message", path, i, line)
			}
		}
	}
}

// FuzzBuild feeds definitions through the whole front end: whatever defs.Parse accepts,
// Build compiles and checks without panicking, and every setup it accepts can generate,
// print and play its legal moves.
func FuzzBuild(f *testing.F) {
	if data, ok := defs.BuiltinSource("chess"); ok {
		f.Add(data)
	}
	f.Add([]byte("name: mini\nboard: {files: 4, ranks: 4}\npieces:\n  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}\n" +
		"  - {name: Hopper, letter: H, moves: [{path: [{step: [1, 0], on: [friend, enemy]}, {step: [1, 0], range: [1, 0]}]}]}\n" +
		"setups: [{name: s, fen: k2h/4/4/H2K w - - 0 1}]\n"))
	f.Add([]byte("name: mini\nboard: {files: 3, ranks: 3, layout: \".*. --- .*.\"}\nzones: {mid: {ranks: [2]}}\n" +
		"pieces: [{name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {ride: [1, 1], range: [2], mode: capture}], promotion: {zone: mid, to: [K], optional: true}}]\n" +
		"goals: [{reach: mid, result: draw}, {when: \"ply > 3 && count('K', mover) > 0\"}]\n" +
		"setups: [{name: s, fen: \"k*1/***/1*K w - - 0 1\"}]\n"))
	bad, _ := filepath.Glob(filepath.Join("..", "testdata", "bad", "*.yaml"))
	for _, path := range bad {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		def, err := defs.Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			var list defs.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("Build error %T %v; want a non-empty defs.ErrorList", err, err)
			}
			return
		}
		buf := make([]interpreter.Move, 0, 256)
		for _, s := range rs.Setups() {
			p, err := interpreter.FromFEN(rs, s.FEN)
			if err != nil {
				t.Fatalf("setup %q accepted by Build, rejected by FromFEN: %v", s.Name, err)
			}
			before := p.FEN()
			moves := p.LegalMoves(buf)
			for _, m := range moves {
				_ = p.SAN(m)
				_ = p.Coord(m)
				p.Make(m)
				_ = p.FEN()
				p.Unmake()
			}
			if after := p.FEN(); after != before {
				t.Fatalf("setup %q: FEN after make/unmake of every move got %q; want %q", s.Name, after, before)
			}
		}
	})
}
