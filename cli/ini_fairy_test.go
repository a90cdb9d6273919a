// Every section of testdata/ini/*.ini, imported, gives Fairy-Stockfish 11.1's perft (loading the same file) along a game.
package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// fsfINIPerft runs Fairy-Stockfish with the ini file loaded, plays moves from the
// section's start position and returns its perft lines ("move: count", "Nodes searched: N").
func fsfINIPerft(t *testing.T, fsf, ini, section string, moves []string, depth int) []string {
	t.Helper()
	return fsfINIPerftFEN(t, fsf, ini, section, "", moves, depth)
}

// fsfINIPerftFEN is fsfINIPerft from a FEN ("": the start position).
func fsfINIPerftFEN(t *testing.T, fsf, ini, section, fen string, moves []string, depth int) []string {
	t.Helper()
	pos := "position startpos"
	if fen != "" {
		pos = "position fen " + fen
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	script := fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\n%s\ngo perft %d\nquit\n", ini, section, pos, depth)
	cmd := exec.Command(fsf)
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	return perftLines(string(out))
}

// fsfINIPerftBatch runs one Fairy-Stockfish with the ini file loaded over several
// positions (each a UCI position command's arguments: "startpos moves ...", "fen ...") and
// returns the perft lines of each, as fsfINIPerft does. With ini "", section is one of
// Fairy-Stockfish's own variants.
func fsfINIPerftBatch(t *testing.T, fsf, ini, section string, positions []string, depth int) [][]string {
	t.Helper()
	var script strings.Builder
	script.WriteString("uci\n")
	if ini != "" {
		fmt.Fprintf(&script, "setoption name VariantPath value %s\n", ini)
	}
	fmt.Fprintf(&script, "setoption name UCI_Variant value %s\n", section)
	for _, pos := range positions {
		fmt.Fprintf(&script, "position %s\ngo perft %d\n", pos, depth)
	}
	script.WriteString("quit\n")
	cmd := exec.Command(fsf)
	cmd.Stdin = strings.NewReader(script.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	var all [][]string
	var cur []string
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if f := strings.Fields(l); len(f) == 2 && strings.HasSuffix(f[0], ":") {
			cur = append(cur, l)
		}
		if strings.HasPrefix(l, "Nodes searched") {
			cur = append(cur, l)
			sort.Strings(cur)
			all = append(all, cur)
			cur = nil
		}
	}
	if len(all) != len(positions) {
		t.Fatalf("fairy-stockfish [%s]: %d perft counts for %d positions:\n%s", section, len(all), len(positions), out)
	}
	return all
}

// divideLines is Chimera's perft divide as Fairy-Stockfish prints it, sorted: "move: count"
// and "Nodes searched: N".
func divideLines(p *interpreter.Position, depth int) []string {
	var got []string
	var total int64
	for _, e := range perft.Divide(p, depth, 1) {
		got = append(got, fmt.Sprintf("%s: %d", p.Coord(e.Move), e.Nodes))
		total += e.Nodes
	}
	got = append(got, fmt.Sprintf("Nodes searched: %d", total))
	sort.Strings(got)
	return got
}

// scriptedMoves returns the moves of a section's "# play: MOVE..." comment lines, in
// coordinate notation: the game the test plays starts with them (to reach a rule), then
// goes on with moves of its own choosing.
func scriptedMoves(ini, section string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(ini, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			name, _, _ := strings.Cut(strings.Trim(line, "[]"), ":")
			in = name == section
		} else if rest, ok := strings.CutPrefix(line, "# play:"); ok && in {
			out = append(out, strings.Fields(rest)...)
		}
	}
	return out
}

func TestINIPerftMatchesFairyStockfish(t *testing.T) {
	fsf := fairyStockfish(t)
	files, _ := filepath.Glob("../testdata/ini/*.ini")
	if len(files) == 0 {
		t.Fatal("no testdata/ini/*.ini")
	}
	depth, plies := 3, 24
	if testing.Short() {
		depth, plies = 2, 12
	}
	for _, file := range files {
		abs, _ := filepath.Abs(file)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, section := range defs.INISections(data) {
			t.Run(filepath.Base(file)+":"+section, func(t *testing.T) {
				t.Parallel() // each section against its own Fairy-Stockfish processes
				rs, err := interpreter.Open(file + ":" + section)
				if err != nil {
					t.Fatalf("import: %v", err)
				}
				p, err := interpreter.Start(rs, "")
				if err != nil {
					t.Fatal(err)
				}
				var moves []string
				script := scriptedMoves(string(data), section)
				for ply := 0; ply <= plies+len(script); ply++ {
					legal := p.LegalMoves(nil)
					if ply%4 == 0 || len(legal) == 0 || ply == len(script) {
						got := divideLines(p, depth)
						want := fsfINIPerft(t, fsf, abs, section, moves, depth)
						if strings.Join(got, "\n") != strings.Join(want, "\n") {
							t.Fatalf("after %q (FEN %s), perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", moves, p.FEN(), depth, strings.Join(got, "\n"), strings.Join(want, "\n"))
						}
					}
					if len(legal) == 0 || p.Result() != interpreter.Ongoing {
						break
					}
					m := legal[(ply*7+len(moves)*3+len(legal)/2)%len(legal)]
					if ply < len(script) {
						var err error
						if m, err = p.ParseMove(script[ply]); err != nil {
							t.Fatalf("after %q: the scripted move %s: %v", moves, script[ply], err)
						}
					}
					moves = append(moves, p.Coord(m))
					p.Make(m)
				}
			})
		}
	}
}
