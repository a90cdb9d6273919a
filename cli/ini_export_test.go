// Every built-in that exports as a variants.ini section is played by Fairy-Stockfish, loading that section, as Chimera plays the built-in: perft divides along a game.
package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// exportedBuiltins exports every built-in: the sections written (in one variants.ini
// text), by built-in name, and the refusals (computed once for the tests that use it).
func exportedBuiltins(t *testing.T) (ini string, names []string, refused map[string]*defs.ExportError) {
	t.Helper()
	e := exportAll()
	if e.err != nil {
		t.Fatal(e.err)
	}
	return e.ini, e.names, e.refused
}

type exportedSet struct {
	ini     string
	names   []string
	refused map[string]*defs.ExportError
	err     error
}

var exportAll = sync.OnceValue(func() (out exportedSet) {
	var b strings.Builder
	out.refused = map[string]*defs.ExportError{}
	for _, n := range defs.Builtins() {
		def, err := defs.Load(n)
		if err != nil {
			out.err = err
			return out
		}
		text, err := defs.ExportINI(def, n+"-ini")
		var ee *defs.ExportError
		if errors.As(err, &ee) {
			out.refused[n] = ee
			continue
		}
		if err != nil {
			out.err = fmt.Errorf("%s: %v", n, err)
			return out
		}
		b.Write(text)
		out.names = append(out.names, n)
	}
	out.ini = b.String()
	return out
})

// sectionKeys returns the keys a section of the text gives.
func sectionKeys(ini, section string) []string {
	var keys []string
	in := false
	for _, line := range strings.Split(ini, "\n") {
		if strings.HasPrefix(line, "[") {
			in = line == "["+section+"]"
			continue
		}
		if k, v, ok := strings.Cut(line, " = "); ok && in && !strings.HasPrefix(line, "#") {
			if k == "king" && strings.Contains(v, ":") {
				k = "king = k:XBETZA"
			}
			keys = append(keys, k)
		}
	}
	return keys
}

// currentOnlyKeys are keys the current source reads and 11.1 does not (its binary has no
// such text): the drop and flip rules of the enclosing games, a stalemate
// judged by counting men, the pass only without moves, the full-board end, the walls,
// the castling goals, opposite castling and the castling king of another type.
var currentOnlyKeys = []string{"enclosingDrop", "enclosingDropStart", "flipEnclosedPieces", "stalematePieceCount", "passOnStalemate", "adjudicateFullBoard",
	"wallingRule", "wallingRegion", "wallingRegionWhite", "wallingRegionBlack", "wallOrMove", "castlingWins", "oppositeCastling", "castlingKingPiece"}

// unknownKeys lists the keys of a section a Fairy-Stockfish version does not read: 11.1
// has no custom pieces (later versions do) nor currentOnlyKeys, the current source reads
// the pawn's first rank double steps, the king's pass and the shogi pawn's doubled drops
// under new keys.
func unknownKeys(keys []string, current bool) []string {
	var out []string
	for _, k := range keys {
		newer := strings.HasPrefix(k, "customPiece") || k == "king = k:XBETZA" || strings.HasPrefix(k, "promotionRegion") || slices.Contains(currentOnlyKeys, k)
		older := k == "firstRankDoubleSteps" || k == "kingPass" || k == "shogiDoubledPawn"
		if !current && newer || current && older {
			out = append(out, k)
		}
	}
	return out
}

// fsfProcess is one Fairy-Stockfish run for a whole test: a variants file loaded once,
// then perft after perft, each answered before the next is asked.
type fsfProcess struct {
	cmd      *exec.Cmd
	in       io.WriteCloser
	lines    chan string
	variants map[string]bool // its own variants (UCI_Variant's choices before the file)
}

func startFSF(t *testing.T, path, ini string) *fsfProcess {
	t.Helper()
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	f := &fsfProcess{cmd: cmd, in: in, lines: make(chan string, 1024), variants: map[string]bool{}}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			f.lines <- sc.Text()
		}
		close(f.lines)
	}()
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		cmd.Wait()
	})
	fmt.Fprintln(in, "uci")
	f.until(t, func(l string) bool {
		if rest, ok := strings.CutPrefix(l, "option name UCI_Variant type combo"); ok {
			for _, v := range strings.Split(rest, " var ")[1:] {
				f.variants[strings.TrimSpace(v)] = true
			}
		}
		return l == "uciok"
	})
	if ini != "" {
		fmt.Fprintf(in, "setoption name VariantPath value %s\n", ini)
	}
	return f
}

// until reads lines up to the one done accepts, failing after a minute of silence.
func (f *fsfProcess) until(t *testing.T, done func(string) bool) {
	t.Helper()
	for {
		select {
		case l, ok := <-f.lines:
			if !ok {
				t.Fatal("Fairy-Stockfish exited")
			}
			if done(l) {
				return
			}
		case <-time.After(time.Minute):
			t.Fatal("Fairy-Stockfish gave no answer for a minute")
		}
	}
}

// perft returns Fairy-Stockfish's perft lines for variant after the moves.
func (f *fsfProcess) perft(t *testing.T, variant string, moves []string, depth int) []string {
	t.Helper()
	pos := "position startpos"
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	return f.perftAfter(t, []string{"setoption name UCI_Variant value " + variant, pos}, depth)
}

// perftAfter sends the lines (options, a position), then go perft, and returns the
// perft lines.
func (f *fsfProcess) perftAfter(t *testing.T, lines []string, depth int) []string {
	t.Helper()
	fmt.Fprintf(f.in, "%s\ngo perft %d\n", strings.Join(lines, "\n"), depth)
	var out []string
	f.until(t, func(l string) bool {
		out = append(out, l)
		return strings.HasPrefix(l, "Nodes searched")
	})
	return perftLines(strings.Join(out, "\n"))
}

func TestExportINIPerft(t *testing.T) {
	t.Parallel() // touches no process-wide state
	fsf11 := fairyStockfish(t)
	engines := []struct {
		name, path string
		current    bool
	}{{"11.1", fsf11, false}}
	if cur := os.Getenv("CHIMERA_FSF_CURRENT"); cur != "" {
		engines = append(engines, struct {
			name, path string
			current    bool
		}{"current", cur, true})
	}
	ini, names, refused := exportedBuiltins(t)
	if len(names) < 49 { // 49 export as this test is written
		t.Fatalf("only %d built-ins export (refused: %d)", len(names), len(refused))
	}
	file := filepath.Join(t.TempDir(), "exported.ini")
	if err := os.WriteFile(file, []byte(ini), 0o644); err != nil {
		t.Fatal(err)
	}
	procs := map[string]*fsfProcess{}
	for _, e := range engines {
		procs[e.name] = startFSF(t, e.path, file)
	}
	depth, plies := 3, 16
	if testing.Short() {
		depth, plies = 2, 8
	}
	compared := 0                    // checks against Fairy-Stockfish's own variant of the name
	counterparts := map[string]int{} // by version: the built-ins so compared
	defer func() {
		t.Logf("%d perft checks against Fairy-Stockfish's own variant of the same name, of %v built-ins (by version)", compared, counterparts)
		if compared == 0 && !t.Failed() {
			t.Error("no exported built-in was compared with Fairy-Stockfish's own variant of its name")
		}
	}()
	for _, n := range names {
		section := n + "-ini"
		def, err := defs.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		counterpart := ""
		if def.Source != nil && def.Source.FairyStockfish == n {
			counterpart = n // checked where the engine has it
		}
		if def.Castling != nil {
			def.Castling.Notation = "" // how Chimera writes a castling, not a rule: Fairy-Stockfish's e1g1
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range engines {
			t.Run(n+"/"+e.name, func(t *testing.T) {
				if unknown := unknownKeys(sectionKeys(ini, section), e.current); len(unknown) > 0 {
					t.Skipf("Fairy-Stockfish %s does not read %s", e.name, strings.Join(unknown, ", "))
				}
				f := procs[e.name]
				own := counterpart
				if !f.variants[own] {
					own = ""
				} else {
					counterparts[e.name]++
				}
				p, err := interpreter.Start(rs, "")
				if err != nil {
					t.Fatal(err)
				}
				var moves []string
				for ply := 0; ply <= plies; ply++ {
					legal := p.LegalMoves(nil)
					if ply%4 == 0 || len(legal) == 0 {
						got := divideLines(p, depth)
						want := f.perft(t, section, moves, depth)
						if !slices.Equal(got, want) {
							t.Fatalf("after %q (FEN %s), perft %d:\nChimera's %s:\n%s\nFairy-Stockfish %s, the exported section:\n%s", moves, p.FEN(), depth, n, strings.Join(got, "\n"), e.name, strings.Join(want, "\n"))
						}
						if own != "" {
							compared++
							if theirs := f.perft(t, own, moves, depth); !slices.Equal(theirs, want) {
								t.Errorf("after %q, perft %d: Fairy-Stockfish %s's own %s:\n%s\nthe exported section:\n%s", moves, depth, e.name, own, strings.Join(theirs, "\n"), strings.Join(want, "\n"))
							}
						}
					}
					if len(legal) == 0 || p.Result() != interpreter.Ongoing {
						break
					}
					m := legal[(ply*7+len(moves)*3+len(legal)/2)%len(legal)]
					moves = append(moves, p.Coord(m))
					p.Make(m)
				}
			})
		}
	}
}

// import(export(x)) plays as x: every built-in that exports, imported back from its
// section, gives the built-in's perft divides along a game (Chimera's own perft on both
// sides: no Fairy-Stockfish needed).
func TestExportINIRoundTrip(t *testing.T) {
	t.Parallel() // touches no process-wide state
	ini, names, _ := exportedBuiltins(t)
	file := filepath.Join(t.TempDir(), "exported.ini")
	if err := os.WriteFile(file, []byte(ini), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			orig, err := interpreter.Open(n)
			if err != nil {
				t.Fatal(err)
			}
			back, err := interpreter.Open(file + ":" + n + "-ini")
			if err != nil {
				t.Fatalf("import of the export: %v", err)
			}
			p, err := interpreter.Start(orig, "")
			if err != nil {
				t.Fatal(err)
			}
			q, err := interpreter.Start(back, "")
			if err != nil {
				t.Fatal(err)
			}
			divide := func(p *interpreter.Position) []string {
				var out []string
				for _, d := range perft.Divide(p, 2, 1) {
					out = append(out, fmt.Sprintf("%s: %d", p.Coord(d.Move), d.Nodes))
				}
				sort.Strings(out)
				return out
			}
			plies := 12
			if testing.Short() {
				plies = 6
			}
			for ply := 0; ply < plies; ply++ {
				if got, want := divide(q), divide(p); !slices.Equal(got, want) && !sameCounts(got, want) {
					t.Fatalf("ply %d (FEN %s): imported back:\n%s\nthe built-in:\n%s", ply, p.FEN(), strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				legal := p.LegalMoves(nil)
				if len(legal) == 0 || p.Result() != interpreter.Ongoing {
					break
				}
				m := legal[(ply*5+len(legal)/3)%len(legal)]
				mq, err := q.ParseMove(p.Coord(m))
				if err != nil {
					mq, err = q.ParseMove(p.SAN(m))
				}
				if err != nil {
					t.Fatalf("ply %d: %s is no move of the section imported back: %v", ply, p.Coord(m), err)
				}
				p.Make(m)
				q.Make(mq)
			}
		})
	}
}

// sameCounts: the same counts under other move texts (a castling Chimera writes
// king-to-partner in the built-in, king-to-square as imported).
func sameCounts(a, b []string) bool {
	counts := func(s []string) []string {
		var out []string
		for _, l := range s {
			_, c, _ := strings.Cut(l, ": ")
			out = append(out, c)
		}
		sort.Strings(out)
		return out
	}
	return len(a) == len(b) && slices.Equal(counts(a), counts(b))
}

// A rule no variants.ini key says is refused, exit status 2, each by its YAML key; a
// variant that fits is written and loads back.
func TestExportINICommand(t *testing.T) {
	code, out, errText := run("export", "--ini", "atomic")
	if code != exitUsage || out != "" || !strings.Contains(errText, "capture: ") {
		t.Errorf("export --ini atomic: exit %d, stdout %q, stderr %q; want 2 naming capture (its explosions)", code, out, errText)
	}
	code, _, errText = run("export", "--ini", "chushogi")
	for _, key := range []string{"board: 12×12", "pieces[18] (N).moves: ", "pieces[21] (+L).letter: "} {
		if code != exitUsage || !strings.Contains(errText, key) {
			t.Errorf("export --ini chushogi: exit %d, stderr %q; want 2 naming %s", code, errText, key)
		}
	}
	code, out, errText = run("export", "--ini", "capablanca")
	if code != exitOK || !strings.Contains(out, "[capablanca-ini]") || !strings.Contains(out, "chancellor = c") || !strings.Contains(out, "archbishop = a") {
		t.Errorf("export --ini capablanca: exit %d, stderr %q, stdout:\n%s", code, errText, out)
	}
	// The enclosing games' rules by the current source's keys; a bottomless pool, which
	// no key of Fairy-Stockfish's parser says, refused.
	code, out, errText = run("export", "--ini", "flipello")
	for _, line := range []string{"enclosingDrop = reversi\n", "enclosingDropStart = d4 e4 d5 e5\n", "flipEnclosedPieces = reversi\n", "stalemateValue = loss\nstalematePieceCount = true\n", "passOnStalemate = true\n", "adjudicateFullBoard = true\n"} {
		if code != exitOK || !strings.Contains(out, line) {
			t.Errorf("export --ini flipello: exit %d, stderr %q; want %q in:\n%s", code, errText, line, out)
		}
	}
	code, out, errText = run("export", "--ini", "ataxx")
	if code != exitUsage || out != "" || !strings.Contains(errText, "hands.drops.free: ") || strings.Count(errText, "\n  ") != 1 {
		t.Errorf("export --ini ataxx: exit %d, stdout %q, stderr %q; want 2 naming hands.drops.free alone", code, out, errText)
	}
	// A file of one's own: written with --out, then played from the ini as from the file.
	dir := t.TempDir()
	mine, ini := filepath.Join(dir, "mine.yaml"), filepath.Join(dir, "mine.ini")
	if err := os.WriteFile(mine, []byte("extends: chess\nname: mine\ntitle: Mine\nrules: {must-capture: true}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errText = run("export", "--ini", mine, "--out", ini); code != exitOK {
		t.Fatalf("export --ini mine.yaml --out mine.ini: exit %d, %s", code, errText)
	}
	if data, err := os.ReadFile(ini); err != nil || !strings.Contains(string(data), "[mine]\n") || !strings.Contains(string(data), "mustCapture = true\n") {
		t.Errorf("mine.ini (%v):\n%s", err, data)
	}
	nodes := func(variant string) string {
		code, out, errText := run("perft", variant, "3")
		if code != exitOK {
			t.Fatalf("perft %s 3: exit %d, %s", variant, code, errText)
		}
		_, n, _ := strings.Cut(out, "Nodes searched: ")
		return strings.TrimSpace(n)
	}
	if a, b := nodes(mine), nodes(ini+":mine"); a != b || a == "" {
		t.Errorf("perft 3: %s from mine.yaml, %s from the section exported", a, b)
	}
	if code, _, errText = run("export", "chess"); code != exitUsage {
		t.Errorf("export without --ini: exit %d (%s), want 2", code, errText)
	}
	if code, _, errText = run("export", "--ini", "nosuchvariant"); code != exitUsage {
		t.Errorf("export of an unknown variant: exit %d (%s), want 2", code, errText)
	}
}

// The line goals are written as the connect keys (connectN, connectNxN, collinearN,
// connectPieceTypes, the directions, connectValue): each section of connectINI, imported,
// is exported again, and the section written plays as the definition it came from
// (Chimera against Chimera, and the result of each set-up position) and, with
// CHIMERA_FSF_CURRENT, as Fairy-Stockfish's current source plays the written section
// (perft divides at connectPositions and along a game from the start).
func TestExportINIConnect(t *testing.T) {
	t.Parallel() // touches no process-wide state
	dir := t.TempDir()
	src := filepath.Join(dir, "connect.ini")
	if err := os.WriteFile(src, []byte(connectINI), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	sections := defs.INISections([]byte(connectINI))
	for _, s := range sections {
		text, err := defs.ImportINI(src, []byte(connectINI), s)
		if err != nil {
			t.Fatal(err)
		}
		def, err := defs.Parse(s+".yaml", text)
		if err != nil {
			t.Fatal(err)
		}
		ini, err := defs.ExportINI(def, s+"-x")
		if err != nil {
			t.Fatalf("[%s] export: %v", s, err)
		}
		lines := slices.ContainsFunc(def.Goals, func(g defs.Goal) bool { return g.Line > 0 })
		if lines && !strings.Contains(string(ini), "connectN = ") && !strings.Contains(string(ini), "connectNxN = ") && !strings.Contains(string(ini), "collinearN = ") {
			t.Errorf("[%s] exported without a connect key:\n%s", s, ini)
		}
		if slices.ContainsFunc(def.Goals, func(g defs.Goal) bool { return len(g.Connect) > 0 }) && !strings.Contains(string(ini), "connectRegion1White = ") {
			t.Errorf("[%s] exported without the regions:\n%s", s, ini)
		}
		out.Write(ini)
	}
	file := filepath.Join(dir, "exported.ini")
	if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	for _, s := range sections {
		orig, err := interpreter.Open(src + ":" + s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := interpreter.Open(file + ":" + s + "-x")
		if err != nil {
			t.Fatalf("[%s] import of the export: %v", s, err)
		}
		var got [][]string
		var positions []string
		for _, fen := range connectPositions {
			p, err := interpreter.FromFEN(orig, fen)
			if err != nil {
				t.Fatal(err)
			}
			q, err := interpreter.FromFEN(back, fen)
			if err != nil {
				t.Fatal(err)
			}
			if p.Result() != q.Result() {
				t.Errorf("[%s] %s: exported %v, the definition %v", s, fen, q.Result(), p.Result())
			}
			want := divideLines(p, 2)
			if d := divideLines(q, 2); !slices.Equal(d, want) {
				t.Errorf("[%s] %s: exported:\n%s\nthe definition:\n%s", s, fen, strings.Join(d, "\n"), strings.Join(want, "\n"))
			}
			got, positions = append(got, want), append(positions, "fen "+fen)
		}
		q, err := interpreter.Start(back, "")
		if err != nil {
			t.Fatal(err)
		}
		var moves []string
		for ply := 0; ply < 12; ply++ {
			legal := q.LegalMoves(nil)
			if ply%3 == 0 || len(legal) == 0 {
				got, positions = append(got, divideLines(q, 2)), append(positions, strings.TrimSpace("startpos moves "+strings.Join(moves, " ")))
			}
			if len(legal) == 0 || q.Result() != interpreter.Ongoing {
				break
			}
			m := legal[(ply*5+len(legal)/2)%len(legal)]
			moves = append(moves, q.Coord(m))
			q.Make(m)
		}
		if fsf == "" {
			continue
		}
		want := fsfINIPerftBatch(t, fsf, file, s+"-x", positions, 2)
		for i := range positions {
			if i >= len(want) || !slices.Equal(got[i], want[i]) {
				var w []string
				if i < len(want) {
					w = want[i]
				}
				t.Errorf("[%s-x] %s, perft 2:\nChimera:\n%s\nFairy-Stockfish:\n%s", s, positions[i], strings.Join(got[i], "\n"), strings.Join(w, "\n"))
				break
			}
		}
	}
	// Line goals the connect keys cannot say are refused with their keys.
	def, err := defs.Parse("rows.yaml", []byte(strings.Replace(mustImport(t, src, "conn"), "goals:", "goals:\n  - {name: four, line: 4, result: loss}", 1)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = defs.ExportINI(def, "rows")
	var ee *defs.ExportError
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), "goals[") {
		t.Errorf("two rows of other results exported: %v", err)
	}
}

// mustImport returns the YAML text of a section imported.
func mustImport(t *testing.T, file, section string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text, err := defs.ImportINI(file, data, section)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}
