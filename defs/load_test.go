// Tests of the strict loader: squares, scalar decoding, keys, lists, built-ins, errors.
package defs

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseSquare(t *testing.T) {
	cases := []struct {
		s            string
		files, ranks int
		file, rank   int
		ok           bool
	}{
		{"a1", 8, 8, 0, 0, true},
		{"h8", 8, 8, 7, 7, true},
		{"e4", 8, 8, 4, 3, true},
		{"a10", 8, 10, 0, 9, true},
		{"j10", 10, 6, 0, 0, false}, // rank 10 on 6 ranks
		{"f6", 6, 8, 5, 5, true},
		{"g1", 6, 8, 0, 0, false}, // file g on 6 files
		{"a9", 8, 8, 0, 0, false},
		{"a0", 8, 8, 0, 0, false},
		{"a01", 8, 8, 0, 0, false},
		{"a-1", 8, 8, 0, 0, false},
		{"a+1", 8, 8, 0, 0, false},
		{"A1", 8, 8, 0, 0, false},
		{"e4 ", 8, 8, 0, 0, false},
		{" e4", 8, 8, 0, 0, false},
		{"e4x", 8, 8, 0, 0, false},
		{"e", 8, 8, 0, 0, false},
		{"", 8, 8, 0, 0, false},
		{"44", 8, 8, 0, 0, false},
		{"a99999999999999999999", 8, 8, 0, 0, false},
		{"a1", 0, 0, 0, 0, false},
	}
	for i, c := range cases {
		f, r, ok := ParseSquare(c.s, c.files, c.ranks)
		if ok != c.ok || ok && (f != c.file || r != c.rank) {
			t.Errorf("#%d ParseSquare(%q, %d, %d) got %d, %d, %v; want %d, %d, %v", i, c.s, c.files, c.ranks, f, r, ok, c.file, c.rank, c.ok)
		}
	}
}

// parseErrs parses text and returns its errors (failing the test if there are none).
func parseErrs(t *testing.T, text string) ErrorList {
	t.Helper()
	def, err := Parse("t.yaml", []byte(text))
	if err == nil {
		t.Fatalf("parsed without error: %+v", def)
	}
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %T %v; want an ErrorList", err, err)
	}
	return list
}

// TestScalarErrors covers each Go type of the schema given the wrong kind of YAML value.
// Decoding errors stop validation, so each snippet holds only the faulty key.
func TestScalarErrors(t *testing.T) {
	cases := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"name: [chess]", 1, 7, `name: expected text, found a list`},
		{"title: {a: 1}", 1, 8, `title: expected text, found a mapping`},
		{"board: {files: eight}", 1, 16, `board.files: expected a whole number, found "eight"`},
		{"board: {files: 8.5}", 1, 16, `board.files: expected a whole number, found "8.5"`},
		{"board: {files: '8'}", 1, 16, `board.files: expected a whole number, found the quoted text "8"`},
		{"board: {files: 99999999999999999999}", 1, 16, `board.files: 99999999999999999999 is too large`},
		{"board: 8", 1, 8, `board: expected a mapping, found "8"`},
		{"board: [8, 8]", 1, 8, `board: expected a mapping, found a list`},
		{"pieces: [{royal: 1}]", 1, 18, `pieces[0].royal: expected true or false, found "1"`},
		{"pieces: [{royal: yes}]", 1, 18, `pieces[0].royal: expected true or false, found "yes"`},
		{"pieces: [{royal: 'true'}]", 1, 18, `pieces[0].royal: expected true or false, found the quoted text "true"`},
		{"pieces: [{moves: [{leap: 1}]}]", 1, 26, `pieces[0].moves[0].leap: expected a list, found "1"`},
		{"pieces: [{moves: [{leap: [1, x]}]}]", 1, 30, `pieces[0].moves[0].leap[1]: expected a whole number, found "x"`},
		{"pieces: [{moves: [{only: forward}]}]", 1, 26, `pieces[0].moves[0].only: expected a list, found "forward"`},
		{"pieces: [{moves: [{only: [[forward]]}]}]", 1, 27, `pieces[0].moves[0].only[0]: expected text, found a list`},
		{"pieces: [{san-letter: [N]}]", 1, 23, `pieces[0].san-letter: expected text, found a list`},
		{"pieces: {King: {letter: K}}", 1, 9, `pieces: expected a list, found a mapping`},
		{"pieces: [K]", 1, 10, `pieces[0]: expected a mapping, found "K"`},
		{"zones: [a1]", 1, 8, `zones: expected a mapping, found a list`},
		{"zones: {top: [a1]}", 1, 14, `zones.top: expected a mapping, found a list`},
		{"castling: yes", 1, 11, `castling: expected a mapping, found "yes"`},
		{"rules: {fifty-move: many}", 1, 21, `rules.fifty-move: expected a whole number, found "many"`},
		{"freeze: [{steps: [1]}]", 1, 19, `freeze[0].steps[0]: expected a list, found "1"`},
		{"tests: [{perft: [20, 4e2]}]", 1, 22, `tests[0].perft[1]: expected a whole number, found "4e2"`},
		{"tests: [{check: maybe}]", 1, 17, `tests[0].check: expected true or false, found "maybe"`},
		{"[a, b]", 1, 1, `definition: expected a mapping, found a list`},
		{"chess", 1, 1, `definition: expected a mapping, found "chess"`},
		{"{[a]: b}", 1, 2, `definition: keys must be plain names, found a list`},
		{"<<: {name: x}", 1, 1, `merge keys (<<) are not supported`},
	}
	for i, c := range cases {
		list := parseErrs(t, c.text)
		if len(list) != 1 || list[0].Line != c.line || list[0].Col != c.col || !strings.Contains(list[0].Msg, c.msg) {
			t.Errorf("#%d %q: got %v; want one error at %d:%d containing %q", i, c.text, list, c.line, c.col, c.msg)
		}
	}
}

// TestWholeNumbers checks the integer spellings yaml.v3 resolves as !!int.
func TestWholeNumbers(t *testing.T) {
	for i, c := range []struct {
		text string
		want int
	}{{"8", 8}, {"0x8", 8}, {"0o10", 8}, {"1_0", 10}, {"+7", 7}} {
		d := newDecoder("t.yaml")
		var b Board
		root, bad := parseYAML("t.yaml", []byte("files: "+c.text))
		if bad != nil {
			t.Fatalf("#%d %v", i, bad)
		}
		d.decodeStruct(root, reflect.ValueOf(&b).Elem(), "board")
		if len(d.errs) != 0 || b.Files != c.want {
			t.Errorf("#%d files: %s got %d, %v; want %d", i, c.text, b.Files, d.errs, c.want)
		}
	}
}

func TestUnknownKeys(t *testing.T) {
	cases := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"nmae: chess", 1, 1, `definition: unknown key "nmae" (did you mean "name"? expected one of: aliases, board,`},
		{"board: {files: 8, rank: 8}", 1, 19, `board: unknown key "rank" (did you mean "ranks"?`},
		{"pieces:\n  - name: K\n    moves:\n      - {leap: [1, 0], modes: move}", 4, 24, `pieces[0].moves[0]: unknown key "modes" (did you mean "mode"?`},
		{"rules: {no-moves: {stalemate: win}}", 1, 20, `rules.no-moves: unknown key "stalemate" (expected one of: in-check, otherwise)`},
		{"castling: {short: {rook: f}}", 1, 20, `castling.short: unknown key "rook" (expected one of: also, king, partner, san)`},
		{"tests: [{attacks: [{by: white, sqaures: [e4]}]}]", 1, 32, `tests[0].attacks[0]: unknown key "sqaures" (did you mean "squares"?`},
		{"zones: {top: {rank: [8]}}", 1, 15, `zones.top: unknown key "rank" (did you mean "ranks"?`},
	}
	for i, c := range cases {
		list := parseErrs(t, c.text)
		if len(list) != 1 || list[0].Line != c.line || list[0].Col != c.col || !strings.Contains(list[0].Msg, c.msg) {
			t.Errorf("#%d %q: got %v; want one error at %d:%d containing %q", i, c.text, list, c.line, c.col, c.msg)
		}
	}
}

func TestDuplicateKeys(t *testing.T) {
	cases := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"name: a\nname: b", 2, 1, `definition: duplicate key "name" (first given at line 1)`},
		{"board: {files: 8, files: 9}", 1, 19, `board: duplicate key "files"`},
		{"zones:\n  top: {ranks: [8]}\n  top: {ranks: [1]}", 3, 3, `zones: duplicate key "top" (first given at line 2)`},
	}
	for i, c := range cases {
		list := parseErrs(t, c.text)
		if len(list) != 1 || list[0].Line != c.line || list[0].Col != c.col || !strings.Contains(list[0].Msg, c.msg) {
			t.Errorf("#%d %q: got %v; want one error at %d:%d containing %q", i, c.text, list, c.line, c.col, c.msg)
		}
	}
}

// mini is a small valid definition; extra is appended at the top level.
const mini = `name: mini
board: {files: 4, ranks: 4}
pieces:
  - name: King
    letter: K
    royal: true
    moves: [{leap: [1, 0]}, {leap: [1, 1]}]
setups:
  - name: start
    fen: k3/4/4/3K w - - 0 1
`

func mustParse(t *testing.T, text string) *Definition {
	t.Helper()
	def, err := Parse("t.yaml", []byte(text))
	if err != nil {
		t.Fatalf("%v\nin:\n%s", err, text)
	}
	return def
}

func TestZones(t *testing.T) {
	def := mustParse(t, mini+`zones:
  top: {ranks: [4]}
  centre: {squares: [b2, c3]}
  palace: {white: [a1], black: [d4]}
`)
	if len(def.Zones) != 3 {
		t.Fatalf("got %d zones; want 3", len(def.Zones))
	}
	if z := def.Zones["top"]; len(z.Ranks) != 1 || z.Ranks[0] != 4 || z.Squares != nil {
		t.Errorf("top got %+v; want ranks [4] only", z)
	}
	if z := def.Zones["centre"]; strings.Join(z.Squares, ",") != "b2,c3" {
		t.Errorf("centre got %v; want [b2 c3]", z.Squares)
	}
	if z := def.Zones["palace"]; strings.Join(z.White, ",") != "a1" || strings.Join(z.Black, ",") != "d4" {
		t.Errorf("palace got white %v black %v; want [a1] [d4]", z.White, z.Black)
	}
	if z := def.Zones["centre"]; z.Node == nil || z.Node.Line != 13 || z.File != "t.yaml" {
		t.Errorf("centre source got %v line %d; want t.yaml line 13", z.File, z.Node.Line)
	}
	if def := mustParse(t, mini); def.Zones != nil {
		t.Errorf("no zones: key got %v; want a nil map", def.Zones)
	}
}

// TestNilVersusEmpty: `moves: []` asserts "no legal move" and must stay distinct from a
// missing key.
func TestNilVersusEmpty(t *testing.T) {
	def := mustParse(t, mini+`tests:
  - name: none
    fen: k3/4/4/3K w - - 0 1
    moves: []
  - name: unset
    perft: [3]
  - name: tilde
    moves: ~
    perft: [3]
`)
	if m := def.Tests[0].Moves; m == nil || len(m) != 0 {
		t.Errorf("moves: [] got %#v; want an empty non-nil slice", m)
	}
	if m := def.Tests[1].Moves; m != nil {
		t.Errorf("no moves key got %#v; want nil", m)
	}
	if m := def.Tests[2].Moves; m != nil {
		t.Errorf("moves: ~ got %#v; want nil", m)
	}
	if def.Castling != nil || def.Rules.FiftyMove != nil {
		t.Errorf("absent castling/fifty-move got %v, %v; want nil", def.Castling, def.Rules.FiftyMove)
	}
	def = mustParse(t, mini+"rules: {fifty-move: 0}\n")
	if def.Rules.FiftyMove == nil || *def.Rules.FiftyMove != 0 {
		t.Errorf("fifty-move: 0 got %v; want a pointer to 0", def.Rules.FiftyMove)
	}
}

func TestParseChess(t *testing.T) {
	data, ok := BuiltinSource("chess")
	if !ok {
		t.Fatal("no built-in chess")
	}
	def := mustParse(t, string(data))
	if def.Name != "chess" || def.Board.Files != 8 || def.Board.Ranks != 8 || len(def.Pieces) != 6 {
		t.Fatalf("got %s %dx%d with %d pieces; want chess 8x8 with 6", def.Name, def.Board.Files, def.Board.Ranks, len(def.Pieces))
	}
	p := def.Pieces[5]
	if p.Letter != "P" || p.SANLetter == nil || *p.SANLetter != "" || len(p.Moves) != 3 || p.Promotion == nil {
		t.Errorf("pawn got %+v; want letter P, empty SAN letter, 3 atoms, a promotion", p)
	}
	if got := strings.Join(p.Promotion.To, ""); got != "QRBN" {
		t.Errorf("promotion got %q; want QRBN", got)
	}
	// Positions point back into the file: the knight's only atom is on its own line.
	n := def.Pieces[4]
	lines := strings.Split(string(data), "\n")
	if a := n.Moves[0]; a.Node == nil || !strings.Contains(lines[a.Node.Line-1], "leap: [1, 2]") {
		t.Errorf("knight atom position got %v; want the line of leap: [1, 2]", a.Node)
	}
}

func TestBuiltins(t *testing.T) {
	names := Builtins()
	found := false
	for i, n := range names {
		found = found || n == "chess"
		if i > 0 && names[i-1] >= n {
			t.Errorf("Builtins not sorted: %q before %q", names[i-1], n)
		}
		if strings.HasSuffix(n, ".yaml") {
			t.Errorf("built-in name %q keeps its extension", n)
		}
	}
	if !found {
		t.Errorf("Builtins() = %v; want chess among them", names)
	}
	for _, n := range names {
		if _, err := Load(n); err != nil {
			t.Errorf("built-in %s: %v", n, err)
		}
	}
}

func TestLoad(t *testing.T) {
	byName, err := Load("chess")
	if err != nil {
		t.Fatal(err)
	}
	if byName.File != "defs/chess.yaml" {
		t.Errorf("built-in file got %q; want defs/chess.yaml", byName.File)
	}
	for i, path := range []string{"chess.yaml", "./chess.yaml", filepath.Join("..", "defs", "chess.yaml")} {
		def, err := Load(path)
		if err != nil {
			t.Errorf("#%d Load(%q): %v", i, path, err)
			continue
		}
		if def.File != path || def.Name != "chess" || len(def.Pieces) != len(byName.Pieces) {
			t.Errorf("#%d Load(%q) got file %q name %q; want the chess file itself", i, path, def.File, def.Name)
		}
	}
	_, err = Load("chesss")
	if err == nil || !strings.Contains(err.Error(), `unknown variant "chesss"`) || !strings.Contains(err.Error(), "chess") {
		t.Errorf("Load(chesss) got %v; want unknown variant naming the built-ins", err)
	}
	if _, err := Load("no/such/file.yaml"); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing path got %v; want a not-exist error", err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte(mini+"colour: red\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(bad)
	if err == nil || err.Error() != bad+`:11:1: definition: unknown key "colour" (expected one of: aliases, board, borrow-moves, capture, castling, description, evaluation, extends, flip, fog, freeze, goals, hands, name, pgn, pieces, pieces-by-letter, rules, seats, setups, source, statuses, tests, title, turns, ucci, uci, usi, walls, xboard, zones)` {
		t.Errorf("Load(bad) got %v; want the positioned unknown key", err)
	}
}

// TestExtendsKeepsInherited: keys inherited from a base are not reported missing in a
// derived file that writes the same mapping partly.
func TestExtendsKeepsInherited(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "derived.yaml")
	text := "extends: chess\nname: derived\nboard:\n  layout: |\n    ........\n    ........\n    ........\n    ........\n    ........\n    ........\n    ........\n    ........\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	def, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if def.Name != "derived" || def.Board.Files != 8 || def.Board.Ranks != 8 || len(def.Pieces) != 6 || def.Tests != nil {
		t.Errorf("got %s %dx%d, %d pieces, %d tests; want derived 8x8, 6 pieces, no tests", def.Name, def.Board.Files, def.Board.Ranks, len(def.Pieces), len(def.Tests))
	}
	// An explicit null clears what the base declared; an absent key keeps it.
	def = mustParse(t, "extends: chess\nname: nocastling\ncastling: ~\nzones: ~\npieces:\n  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}]}\n")
	if def.Castling != nil || def.Zones != nil || len(def.Pieces) != 1 || len(def.Setups) != 1 {
		t.Errorf("got castling %v, zones %v, %d pieces, %d setups; want nil, nil, 1, the base's 1", def.Castling, def.Zones, len(def.Pieces), len(def.Setups))
	}
	// A section held by pointer (castling) merges with the base's like any mapping.
	def = mustParse(t, "extends: chess\nname: lifted\ncastling: {rank: 2}\n")
	if c := def.Castling; c == nil || c.Royal != "K" || c.Partner != "R" || c.Short.King != "g" || c.Long.Partner != "d" || c.Rank != 2 {
		t.Errorf("got castling %+v; want the base's K, R, g/f and c/d, with rank 2", c)
	}
	// A bad row in the derived layout is placed in the derived file.
	bad := strings.Replace(text, "    ........\n    ........\n    ........\n    ........\n    ........\n    ........\n    ........\n    ........\n",
		"    ........\n    ........\n    .......\n    ........\n    ........\n    ........\n    ........\n    ........\n", 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+`:7:5: board.layout row 3 (rank 6) "......." has 7 cells; expected 8`) {
		t.Errorf("got %v; want the bad row at 7:5", err)
	}
}

func TestYAMLSyntax(t *testing.T) {
	// yaml.v3 gives no column: Col stays 0 and the rendering leaves it out.
	cases := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"name: x\nboard:\n  files: 8\n ranks: 8\n", 4, 0, "YAML syntax error: "},
		{"name: \"x\n", 2, 0, "YAML syntax error: found unexpected end of stream"},
		{"pieces: [a, b\nsetups: []\n", 1, 0, "did not find expected ',' or ']'"},
		{"name: x\n\tboard: 1\n", 2, 0, "found a tab character"},
		{"a: *nowhere\n", 0, 0, "unknown anchor 'nowhere'"},
		{"", 0, 0, "empty definition file"},
		{"# just a comment\n", 0, 0, "empty definition file"},
		{"name: x\n---\nname: y\n", 2, 1, "holds one YAML document; found a second"},
		{"name: x\n--- [\n", 2, 0, "YAML syntax error: did not find expected node content"},
	}
	for i, c := range cases {
		list := parseErrs(t, c.text)
		if len(list) != 1 || list[0].Line != c.line || list[0].Col != c.col || !strings.Contains(list[0].Msg, c.msg) {
			t.Errorf("#%d %q: got %v; want one error at %d:%d containing %q", i, c.text, list, c.line, c.col, c.msg)
		}
	}
}

// TestAliases: aliases of whole values work; cycles and exponential expansion are errors,
// reported quickly.
func TestAliases(t *testing.T) {
	def := mustParse(t, `name: mini
board: {files: 4, ranks: 4}
pieces:
  - name: King
    letter: K
    royal: true
    moves: &kingmoves [{leap: [1, 0]}, {leap: [1, 1]}]
  - name: Guard
    letter: G
    moves: *kingmoves
setups:
  - name: start
    fen: k3/4/4/G2K w - - 0 1
`)
	if len(def.Pieces[1].Moves) != 2 || def.Pieces[1].Moves[1].Leap[1] != 1 {
		t.Errorf("aliased moves got %+v; want the king's two atoms", def.Pieces[1].Moves)
	}
	list := parseErrs(t, "freeze: [{steps: &a [*a]}]")
	if len(list) != 1 || !strings.Contains(list[0].Msg, "contains it") {
		t.Errorf("alias cycle got %v; want one error naming the cycle", list)
	}
	// Pieces, moves and legs are lists of structs: 100 aliases at each of three levels make
	// 10^6 legs from a file of a few kilobytes.
	many := func(alias string) string { return "[" + strings.Repeat(alias+", ", 99) + alias + "]" }
	var b strings.Builder
	b.WriteString("zones:\n  leg: &leg {step: [1, 0], on: [empty]}\n")
	b.WriteString("  atom: &atom {path: " + many("*leg") + "}\n")
	b.WriteString("  piece: &piece {name: x, letter: X, moves: " + many("*atom") + "}\n")
	b.WriteString("pieces: " + many("*piece") + "\n")
	start := time.Now()
	list = parseErrs(t, b.String())
	found := false
	for _, e := range list {
		found = found || strings.Contains(e.Msg, "too large")
	}
	if !found {
		t.Errorf("alias bomb got %d errors, first %v; want a too-large error", len(list), list[0])
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Logf("alias bomb took %v", d) // not an assertion: the machine is shared
	}
}

func TestErrorRendering(t *testing.T) {
	cases := []struct {
		e    Error
		want string
	}{
		{Error{"f.yaml", 3, 7, "bad"}, "f.yaml:3:7: bad"},
		{Error{"f.yaml", 3, 0, "bad"}, "f.yaml:3: bad"},
		{Error{"f.yaml", 0, 0, "bad"}, "f.yaml: bad"},
		{Error{"", 0, 0, "bad"}, "bad"},
	}
	for i, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("#%d got %q; want %q", i, got, c.want)
		}
	}
	l := ErrorList{{"b", 1, 1, "x"}, {"a", 2, 1, "y"}, {"a", 1, 5, "z"}, {"a", 1, 5, "w"}, {"a", 1, 5, "z"}, {"a", 1, 2, "v"}}
	l.Sort()
	want := "a:1:2: v\na:1:5: w\na:1:5: z\na:2:1: y\nb:1:1: x"
	if got := l.Error(); got != want {
		t.Errorf("sorted got\n%s\nwant\n%s", got, want)
	}
	var many ErrorList
	for i := 0; i < MaxErrors+5; i++ {
		many = append(many, Error{"f", i + 1, 1, "e"})
	}
	lines := strings.Split(many.Error(), "\n")
	if len(lines) != MaxErrors+1 || lines[MaxErrors] != "... and 5 more errors" {
		t.Errorf("capped list got %d lines ending %q; want %d ending with the count", len(lines), lines[len(lines)-1], MaxErrors+1)
	}
	if (ErrorList{}).Err() != nil || (ErrorList{{Msg: "x"}}).Err() == nil {
		t.Error("Err() must be nil exactly for an empty list")
	}
}

// TestValidateHandBuilt: a definition built in Go, without source nodes, is checked
// without panicking and its missing parts are named.
func TestValidateHandBuilt(t *testing.T) {
	errs := Validate(&Definition{})
	text := errs.Error()
	for _, want := range []string{`missing key "name"`, `missing key "board"`, `missing key "pieces"`, `missing key "setups"`} {
		if !strings.Contains(text, want) {
			t.Errorf("got\n%s\nwant %q", text, want)
		}
	}
	def := &Definition{Name: "x", Board: Board{Files: 4, Ranks: 4},
		Pieces: []Piece{{Name: "K", Letter: "K", Royal: true, Moves: []Atom{{Leap: []int{1, 0}}, {Path: []Leg{{}}}}}},
		Setups: []Setup{{Name: "s", FEN: "k3/4/4/3K w - - 0 1"}}}
	if errs := Validate(def); len(errs) != 1 || !strings.Contains(errs[0].Msg, `missing key "step"`) {
		t.Errorf("got %v; want one missing-step error", errs)
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"leap", "ride", "path", "range", "symmetry"}
	cases := []struct{ word, want string }{
		{"lepa", `did you mean "leap"? `},
		{"rnage", `did you mean "range"? `},
		{"symetry", `did you mean "symmetry"? `},
		{"colour", ""},
		{"leap", ""},
	}
	for i, c := range cases {
		if got := suggest(c.word, names); got != c.want {
			t.Errorf("#%d suggest(%q) got %q; want %q", i, c.word, got, c.want)
		}
	}
}
