// The complete definitions in docs/definitions.md open, and their own tests pass.
package interpreter_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// docBlock is one ```yaml block of a Markdown file.
type docBlock struct {
	Line int // line of the opening fence
	Text string
}

func yamlBlocks(t *testing.T, path string) []docBlock {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []docBlock
	var cur *docBlock
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.TrimSpace(line) == "```yaml":
			cur = &docBlock{Line: i + 1}
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.Text += line + "\n"
		}
	}
	return blocks
}

// isComplete reports whether a block is a whole definition (it has a top-level name).
func isComplete(text string) bool {
	var m map[string]any
	if yaml.Unmarshal([]byte(text), &m) != nil {
		return false
	}
	_, ok := m["name"]
	return ok
}

func TestDocExamples(t *testing.T) {
	path := filepath.Join("..", "docs", "definitions.md")
	complete := 0
	for _, b := range yamlBlocks(t, path) {
		if !isComplete(b.Text) {
			continue // fragments are decoded strictly by the defs tests
		}
		complete++
		where := fmt.Sprintf("%s block at line %d", path, b.Line)
		// Parse relative to the docs directory, so that extends: resolves as for a file there.
		def, err := defs.Parse(filepath.Join("..", "docs", "example.yaml"), []byte(b.Text))
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if len(def.Tests) == 0 {
			t.Errorf("%s: a worked example without tests", where)
		}
		for i := range def.Tests {
			runDefTest(t, where, rs, def, &def.Tests[i])
		}
	}
	if complete < 7 {
		t.Errorf("got %d complete examples in %s; want at least 7", complete, path)
	}
}

// runDefTest checks one test of a definition, independently of the CLI's runner.
func runDefTest(t *testing.T, where string, rs *compiler.Ruleset, def *defs.Definition, dt *defs.Test) {
	t.Helper()
	fen := def.Setups[0].FEN
	for _, s := range def.Setups {
		if dt.Setup != "" && s.Name == dt.Setup {
			fen = s.FEN
		}
	}
	if dt.FEN != "" {
		fen = dt.FEN
	}
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Errorf("%s: test %q: %v", where, dt.Name, err)
		return
	}
	for d, want := range dt.Perft {
		if got := naivePerft(p, d+1); got != want {
			t.Errorf("%s: test %q: perft(%d) got %d want %d", where, dt.Name, d+1, got, want)
		}
	}
	legal := map[string]bool{}
	for _, m := range p.LegalMoves(nil) {
		legal[p.Coord(m)] = true
	}
	if dt.Moves != nil {
		var got []string
		for m := range legal {
			got = append(got, m)
		}
		want := append([]string(nil), dt.Moves...)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: test %q: moves got %v want %v", where, dt.Name, got, want)
		}
	}
	for _, m := range dt.Contains {
		if !legal[m] {
			t.Errorf("%s: test %q: %s got illegal want legal", where, dt.Name, m)
		}
	}
	for _, m := range dt.Excludes {
		if legal[m] {
			t.Errorf("%s: test %q: %s got legal want illegal", where, dt.Name, m)
		}
	}
	for _, a := range dt.Attacks {
		by := compiler.White
		if a.By == "black" {
			by = compiler.Black
		}
		for _, sq := range a.Squares {
			if s, ok := rs.ParseSquare(sq); !ok || !p.Attacked(s, by) {
				t.Errorf("%s: test %q: %s attacks %s: got false want true", where, dt.Name, a.By, sq)
			}
		}
		for _, sq := range a.Not {
			if s, ok := rs.ParseSquare(sq); !ok || p.Attacked(s, by) {
				t.Errorf("%s: test %q: %s attacks %s: got true want false", where, dt.Name, a.By, sq)
			}
		}
	}
	if dt.Check != nil && p.InCheck() != *dt.Check {
		t.Errorf("%s: test %q: in check got %v want %v", where, dt.Name, p.InCheck(), *dt.Check)
	}
	for _, tok := range strings.Fields(dt.Game) {
		if strings.HasSuffix(tok, ".") {
			continue // a move number
		}
		m, err := p.ParseMove(tok)
		if err != nil {
			t.Errorf("%s: test %q: game move %s: %v", where, dt.Name, tok, err)
			return
		}
		p.Make(m)
	}
	if dt.Result != "" {
		if got := p.Result().Score; got != dt.Result {
			t.Errorf("%s: test %q: result got %s want %s", where, dt.Name, got, dt.Result)
		}
	}
}

// naivePerft counts leaf nodes by making every legal move, without bulk counting (a node
// is a whole turn: corePerft).
func naivePerft(p *interpreter.Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	return corePerft(p, depth, nil)
}
