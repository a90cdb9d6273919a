// Tests of the command line through Main with buffers: outputs, exit statuses, help texts.
package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"chimera/defs"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestList(t *testing.T) {
	t.Parallel() // touches no process-wide state
	code, out, errs := run("list")
	if code != 0 {
		t.Fatalf("got exit %d, want 0; stderr %s", code, errs)
	}
	if !regexp.MustCompile(`(?m)^chess \(also normal\) +Chess +8×8 +Fairy-Stockfish, lichess +setups: standard$`).MatchString(out) {
		t.Errorf("got %q, want a line for chess with its title, 8×8, its sources and its setup", out)
	}
	// A shuffled setup is named with the range of its arrangement numbers; a source that
	// names the variant otherwise gives its name there.
	if !regexp.MustCompile(`(?m)^chess960 \(also fischerandom\) +Chess960 +8×8 +Fairy-Stockfish \(fischerandom\), lichess +setups: standard, shuffle 0-959$`).MatchString(out) {
		t.Errorf("got %q, want chess960's sources and setups, the shuffled one with 0-959", out)
	}
	// Each built-in's line shows every source its definition names, by the name there
	// when it differs.
	for _, name := range defs.Builtins() {
		def, err := defs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		names := def.Source.Names()
		if len(names) == 0 {
			t.Errorf("%s names no source", name)
		}
		var want []string
		for _, n := range names {
			w := n.Label
			if n.Name != name {
				w += " (" + n.Name + ")"
			}
			want = append(want, regexp.QuoteMeta(w))
		}
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `( \(also [^)]*\))? .*  ` + strings.Join(want, ", ") + `  +setups: `)
		if !re.MatchString(out) {
			t.Errorf("chimera list: no line for %s showing %s", name, strings.Join(want, ", "))
		}
	}
	for _, c := range []struct{ name, source string }{
		{"shogi", "Fairy-Stockfish, lishogi (standard)"},
		{"kyotoshogi", "Fairy-Stockfish, lishogi"},
		{"prisonbreak", "seed document (prison-break)"},
	} {
		if !regexp.MustCompile(`(?m)^` + c.name + ` .*  ` + regexp.QuoteMeta(c.source) + `  +setups: `).MatchString(out) {
			t.Errorf("chimera list: %s's line does not show %q", c.name, c.source)
		}
	}
}

func TestPerft(t *testing.T) {
	// Standard chess perft from the start: 20, 400, 8902 (chessprogramming.org).
	cases := []struct {
		args  []string
		nodes string
	}{
		{[]string{"perft", "chess", "3"}, "Nodes searched: 8902"},
		{[]string{"perft", "normal", "3"}, "Nodes searched: 8902"}, // chess by its alias
		{[]string{"perft", "chess", "2", "--threads", "1"}, "Nodes searched: 400"},
		{[]string{"perft", "--def", "../defs/chess.yaml", "1"}, "Nodes searched: 20"},
		{[]string{"perft", "chess", "2", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, "Nodes searched: 2039"},
	}
	for i, c := range cases {
		code, out, errs := run(c.args...)
		if code != 0 || lastLine(out) != c.nodes {
			t.Errorf("#%d got exit %d, last line %q (stderr %q), want 0 and %q", i, code, lastLine(out), errs, c.nodes)
		}
	}
}

func TestPerftDivide(t *testing.T) {
	code, out, _ := run("perft", "chess", "3", "--divide")
	if code != 0 {
		t.Fatalf("got exit %d", code)
	}
	blocks := strings.SplitN(out, "\n\n", 2)
	if len(blocks) != 2 {
		t.Fatalf("got %q, want divide lines, a blank line, then the totals", out)
	}
	lines := strings.Split(blocks[0], "\n")
	if len(lines) != 20 {
		t.Errorf("got %d divide lines, want 20", len(lines))
	}
	re := regexp.MustCompile(`^([a-h][1-8][a-h][1-8]): ([0-9]+)$`)
	var sum int64
	prev := ""
	for i, l := range lines {
		g := re.FindStringSubmatch(l)
		if g == nil {
			t.Fatalf("#%d got line %q, want move: count", i, l)
		}
		if g[1] <= prev {
			t.Errorf("#%d got %s after %s, want sorted moves", i, g[1], prev)
		}
		prev = g[1]
		n, _ := strconv.ParseInt(g[2], 10, 64)
		sum += n
		if g[1] == "e2e4" && n != 600 { // e2e4 at depth 3: 600 (Stockfish `go perft 3`)
			t.Errorf("got e2e4: %d, want 600", n)
		}
	}
	if sum != 8902 || lastLine(out) != "Nodes searched: 8902" {
		t.Errorf("got sum %d and last line %q, want 8902", sum, lastLine(out))
	}
}

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.yaml")
	// Line 5 has an unknown key.
	src := "name: broken\n" +
		"board: {files: 8, ranks: 8}\n" +
		"pieces:\n" +
		"  - name: King\n" +
		"    lettr: K\n" +
		"    royal: true\n" +
		"    moves: [{leap: [1, 0, 2]}]\n" +
		"setups: [{name: s, fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1}]\n"
	if err := os.WriteFile(broken, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"perft", "chess", "2", "--fen", "rnbqkbnr/pppppppp/8/8 w - - 0 1"}, "FEN"},
		{[]string{"moves", "chess", "--fen", "xyz"}, "FEN"},
		{[]string{"show", "nosuchvariant"}, "unknown variant"},
		{[]string{"perft", "nosuchvariant", "1"}, "unknown variant"},
		{[]string{"perft", "chess", "2", "--nosuchflag"}, "unknown flag: --nosuchflag"},
		{[]string{"perft", "chess", "zero"}, "DEPTH"},
		{[]string{"perft", "chess"}, "missing DEPTH"},
		{[]string{"perft", "chess", "1", "--threads", "0"}, "--threads"},
		{[]string{"moves", "chess", "--moves", "e2e4 e7e5 e1e3"}, "2. e1e3"},
		{[]string{"moves", "chess", "--setup", "nosuchsetup"}, "unknown setup"},
		{[]string{"show", "chess", "extra"}, "unexpected argument"},
		{[]string{"show"}, "missing VARIANT"},
		{[]string{"validate"}, "missing"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"validate", broken}, "broken.yaml:5:5: "},
		{[]string{"show", broken}, "broken.yaml:5:5: "},
		{[]string{"perft", "--def", broken, "1"}, "broken.yaml:5:5: "},
	}
	for i, c := range cases {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("#%d %v: got exit %d, stderr %q; want 2 and %q", i, c.args, code, errs, c.want)
		}
	}
}

func TestMovesAfterFoolsMate(t *testing.T) {
	code, out, errs := run("moves", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4")
	if code != 0 {
		t.Fatalf("got exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{"Moves: 0", "Check: yes", "Result: 0-1 (checkmate)"} {
		if !strings.Contains(out, want) {
			t.Errorf("got %q, want it to contain %q", out, want)
		}
	}
}

func TestMovesStart(t *testing.T) {
	code, out, _ := run("moves", "chess", "--moves", "1. e4 e5")
	if code != 0 {
		t.Fatalf("got exit %d", code)
	}
	// After 1.e4 e5 White has 29 moves (hand count: pawns 14, knights 5, bishop 5,
	// queen 4, king 1, and no others).
	for _, want := range []string{"Moves: 29", "Check: no", "Nf3  g1f3", "Ke2  e1e2", "Bb5  f1b5"} {
		if !strings.Contains(out, want) {
			t.Errorf("got %q, want it to contain %q", out, want)
		}
	}
	if strings.Contains(out, "Result:") {
		t.Errorf("got a result line in %q for an ongoing game", out)
	}
}

func TestShowChess(t *testing.T) {
	code, out, _ := run("show", "chess")
	if code != 0 {
		t.Fatalf("got exit %d", code)
	}
	for _, want := range []string{
		"  8  r  n  b  q  k  b  n  r\n",
		"  4  .  .  .  .  .  .  .  .\n",
		"  1  R  N  B  Q  K  B  N  R\n",
		"     a  b  c  d  e  f  g  h\n",
		"leaps (1,2) in all 8 directions (knight-like)",
		"rides orthogonally, any distance",
		"Castling:",
		"To move: white",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got %q, want it to contain %q", out, want)
		}
	}
	// A stalemate shown with --fen reports its result.
	code, out, _ = run("show", "chess", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if code != 0 || !strings.Contains(out, "Result: 1/2-1/2 (stalemate)") {
		t.Errorf("got exit %d and %q, want the stalemate result", code, out)
	}
}

func TestValidate(t *testing.T) {
	code, out, errs := run("validate", "chess", "--quick", "--max-nodes", "100000")
	if code != 0 {
		t.Fatalf("got exit %d, stdout %s stderr %s", code, out, errs)
	}
	if !strings.Contains(out, "ok    start position") || !strings.Contains(out, "skipped") {
		t.Errorf("got %q, want ok lines and skipped depths", out)
	}
	if testing.Short() {
		return
	}
	if code, out, _ := run("validate", "chess", "--quick"); code != 0 {
		t.Errorf("got exit %d, output %s", code, out)
	}
}

func TestValidateFailure(t *testing.T) {
	src, err := os.ReadFile("../defs/chess.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	text = text[:strings.Index(text, "\ntests:")] + "\ntests:\n  - name: wrong\n    perft: [20, 399]\n  - name: right\n    perft: [20]\n"
	path := filepath.Join(t.TempDir(), "wrong.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(text[:strings.Index(text, "- name: wrong")], "\n")
	code, out, _ := run("validate", path)
	want := []string{"FAIL  wrong", "ok    right", path + ":" + strconv.Itoa(line) + ":5: perft depth 2: got 400, want 399", "1 passed, 1 failed"}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("got %q, want it to contain %q", out, w)
		}
	}
	if code != 1 {
		t.Errorf("got exit %d, want 1", code)
	}
	// A directory validates each of its files.
	code, out, _ = run("validate", filepath.Dir(path), "--max-depth", "1")
	if code != 0 || !strings.Contains(out, "perft depth 2 skipped") {
		t.Errorf("got exit %d and %q, want 0 with depth 2 skipped", code, out)
	}
}

func TestHelp(t *testing.T) {
	for _, name := range []string{"list", "show", "moves", "perft", "search", "play", "validate", "replay", "uci", "xboard", "version"} {
		for _, args := range [][]string{{name, "--help"}, {name, "-h"}, {"help", name}} {
			code, out, _ := run(args...)
			if code != 0 || !strings.Contains(out, "Example") || !strings.Contains(out, "Usage: chimera "+name) {
				t.Errorf("%v: got exit %d and %q, want 0 with usage and examples", args, code, out)
			}
		}
	}
	code, out, _ := run("help")
	if code != 0 || !strings.Contains(out, "perft") || !strings.Contains(out, "validate") || !strings.Contains(out, "replay") {
		t.Errorf("help: got exit %d and %q", code, out)
	}
	code, _, errs := run()
	if code != 2 || !strings.Contains(errs, "Commands:") {
		t.Errorf("no arguments: got exit %d and %q, want 2 and the overview", code, errs)
	}
}

func TestStunnedPiecesShown(t *testing.T) {
	fen := "nrkqnrbb/ppp2ppp/3p4/4p3/1P6/8/P1PPP1PP/BNQRNBKR b KQkq - 0 1 b8:4,c7:3,d6:2,e5:1"
	code, out, errs := run("show", "koopa", "--fen", fen)
	if code != 0 {
		t.Fatalf("show: %d %s", code, errs)
	}
	for _, want := range []string{"  8  n  r4 k", "  7  p  p  p3", "  5  .  .  .  .  p1", "a piece: stunned, with that many half-moves left",
		"Stunned (half-moves left): b8 r 4, c7 p 3, d6 p 2, e5 p 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("show: no %q in\n%s", want, out)
		}
	}
	code, out, errs = run("moves", "koopa", "--setup", "shuffle:500", "--moves", "f2f4 e7e5 f4e5")
	if code != 0 {
		t.Fatalf("moves: %d %s", code, errs)
	}
	for _, want := range []string{"FEN: rbbqnknr/pppp1ppp/3P4/4p3/8/8/PPPPP1PP/RBBQNKNR b KQkq - 0 2 e5:4", "Stunned (half-moves left): e5 p 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("moves: no %q in\n%s", want, out)
		}
	}
	// A drawn arrangement is named on standard error so that it can be repeated.
	if code, _, errs = run("show", "koopa", "--setup", "shuffle"); code != 0 || !strings.Contains(errs, "--setup shuffle:") {
		t.Errorf("random setup: %d %q", code, errs)
	}
}

func TestPoolsShown(t *testing.T) {
	code, out, errs := run("show", "hostage", "--fen", "r3k2r/ppp2ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPP2PPP/R3K2R[BNrp][Pn] w KQkq - 0 1")
	if code != 0 || !strings.Contains(out, "Pools: White prison [rp] airfield [P]; Black prison [BN] airfield [n]") {
		t.Errorf("show hostage: %d %s\n%s", code, errs, out)
	}
	code, out, errs = run("moves", "crazyhouse", "--moves", "e2e4 d7d5 e4d5 d8d5")
	if code != 0 || !strings.Contains(out, "P@") || !strings.Contains(out, "FEN: rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3") {
		t.Errorf("moves crazyhouse: %d %s\n%s", code, errs, out)
	}
}
