// Test definitions of boards of more than 64 cells (the 128- and 256-cell cores): the 10x10 one against Fairy-Stockfish, the 16x16 one against a naive generator.
package perft_test

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// wideDir holds the test definitions of large boards.
const wideDir = "../../testdata/wide"

// wideFairy are the large-board test definitions Fairy-Stockfish plays, as a variant it
// reads from ini text (VariantPath). The perft counts in the files are its counts. (The
// built-in variants on large boards are classics: classics_test.go.)
var wideFairy = []struct{ file, variant, ini string }{
	{"tenten.yaml", "tenten", tentenINI},
}

// tentenINI is tenten.yaml's rules in Fairy-Stockfish's variant file format.
const tentenINI = `[tenten:chess]
maxRank = 10
maxFile = j
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionRank = 10
promotionPieceTypes = qrbnac
castlingKingsideFile = i
castlingQueensideFile = c
`

func wideOpen(t testing.TB, file string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(filepath.Join(wideDir, file))
	if err != nil {
		t.Fatalf("open %s: %v", file, err)
	}
	if rs.Narrow != nil {
		t.Fatalf("%s: %d cells, yet 64-cell tables", file, rs.Cells)
	}
	return rs
}

// TestWideDefinitionTests runs every test of the large-board test definitions: perft
// counts (up to the -short node limit) and move lists.
func TestWideDefinitionTests(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(wideDir, "*.yaml"))
	if err != nil || len(files) < 2 {
		t.Fatalf("%s: %d definitions, %v", wideDir, len(files), err)
	}
	for _, path := range files {
		file := filepath.Base(path)
		rs := wideOpen(t, file)
		perfts := 0
		for i := range rs.Def.Tests {
			dt := &rs.Def.Tests[i]
			p := classicPosition(t, rs, dt)
			want := compiler.MaxCells256
			if rs.Cells <= compiler.MaxCells128 {
				want = compiler.MaxCells128
			}
			if p.CoreCells() != want {
				t.Fatalf("%s %s: %d cells on the %d-cell core, want the %d-cell one", file, dt.Name, rs.Cells, p.CoreCells(), want)
			}
			legal := classicLegal(p)
			for _, m := range dt.Contains {
				if mv, err := p.ParseMove(m); err != nil || !legal[p.Coord(mv)] {
					t.Errorf("%s %s: %s not legal (%v)", file, dt.Name, m, err)
				}
			}
			for _, m := range dt.Excludes {
				if _, err := p.ParseMove(m); err == nil {
					t.Errorf("%s %s: %s legal", file, dt.Name, m)
				}
			}
			for d, want := range dt.Perft {
				if testing.Short() && want > classicShortNodes {
					break
				}
				got := perft.ParallelPerft(p, d+1, 0)
				if got != want {
					t.Errorf("%s %s: perft %d got %d want %d", file, dt.Name, d+1, got, want)
					break
				}
				perfts++
			}
		}
		if perfts < 6 {
			t.Errorf("%s: only %d perft counts checked", file, perfts)
		}
	}
}

// TestWideAgainstFairyStockfish re-derives the 10x10 counts from Fairy-Stockfish.
func TestWideAgainstFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Fairy-Stockfish; not in -short mode")
	}
	fsf := referenceProgram(t, "fairy-stockfish")
	for _, w := range wideFairy {
		rs := wideOpen(t, w.file)
		ini := ""
		if w.ini != "" {
			ini = filepath.Join(t.TempDir(), w.variant+".ini")
			if err := os.WriteFile(ini, []byte(w.ini), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		checked := 0
		for i := range rs.Def.Tests {
			dt := &rs.Def.Tests[i]
			depth := 0
			for d, n := range dt.Perft {
				if n <= classicShortNodes {
					depth = d + 1
				}
			}
			if depth == 0 {
				continue
			}
			fen := dt.FEN
			if fen == "" {
				fen = classicPosition(t, rs, dt).FEN()
			}
			got, err := fsfPerftIni(fsf, ini, w.variant, fen, depth)
			if err != nil {
				t.Fatalf("%s %s: %v", w.file, dt.Name, err)
			}
			if want := dt.Perft[depth-1]; got != want {
				t.Errorf("%s %s: Fairy-Stockfish perft %d got %d, file says %d", w.file, dt.Name, depth, got, want)
			}
			checked++
		}
		if checked < 3 {
			t.Errorf("%s: %d positions checked", w.file, checked)
		}
	}
}

// bgOpen opens the 16x16 definition and checks that its cells are the reference's.
func bgOpen(t testing.TB) *compiler.Ruleset {
	t.Helper()
	rs := wideOpen(t, "big16.yaml")
	if rs.Files != bgFiles || rs.Ranks != bgRanks {
		t.Fatalf("big16 is %dx%d", rs.Files, rs.Ranks)
	}
	for sq := 0; sq < rs.Cells; sq++ {
		want := map[compiler.CellKind]byte{compiler.CellSquare: '.', compiler.CellMissing: '*', compiler.CellUnused: '-'}[rs.KindOf(sq)]
		if got := bgKind(rs.FileOf(sq), rs.RankOf(sq)); got != want {
			t.Fatalf("%s: the reference's layout has %q, the definition %q", rs.SquareName(sq), got, want)
		}
	}
	return rs
}

// bgStarts are the 16x16 definition's perft positions (its setup for a test without FEN).
func bgStarts(t testing.TB, rs *compiler.Ruleset) []*defs.Test {
	var out []*defs.Test
	for i := range rs.Def.Tests {
		if len(rs.Def.Tests[i].Perft) > 0 {
			out = append(out, &rs.Def.Tests[i])
		}
	}
	if len(out) < 4 {
		t.Fatalf("big16: %d perft tests", len(out))
	}
	return out
}

// bgShortNodes is the largest perft count the reference recomputes in -short mode.
const bgShortNodes = 300_000

// TestBig16PerftAgainstReference: the reference's counts are the file's, and Chimera's
// below every root move are the reference's.
func TestBig16PerftAgainstReference(t *testing.T) {
	rs := bgOpen(t)
	for _, dt := range bgStarts(t, rs) {
		p := classicPosition(t, rs, dt)
		fen := p.FEN()
		ref, err := bgFromFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", dt.Name, err)
		}
		if got, want := ref.legalTexts(), chimeraTexts(p); !slices.Equal(got, want) {
			t.Fatalf("%s: reference moves %v, Chimera %v", dt.Name, got, want)
		}
		for d, want := range dt.Perft {
			depth := d + 1
			if testing.Short() && want > bgShortNodes || want > 20*bgShortNodes {
				break
			}
			if got := ref.perft(depth); got != want {
				t.Errorf("%s: reference perft %d got %d, file says %d", dt.Name, depth, got, want)
			}
			if got := perft.Perft(p, depth); got != want {
				t.Errorf("%s: Chimera perft %d got %d, file says %d", dt.Name, depth, got, want)
				bgDivide(t, p, ref, depth, dt.Name)
			}
		}
	}
}

// bgDivide reports the first root move below which Chimera and the reference disagree.
func bgDivide(t *testing.T, p *interpreter.Position, ref *bgBoard, depth int, where string) {
	t.Helper()
	for _, m := range p.LegalMoves(nil) {
		text := p.Coord(m)
		next, err := ref.playText(text)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			return
		}
		p.Make(m)
		got, want := int64(1), int64(1)
		if depth > 1 {
			got, want = perft.Perft(p, depth-1), next.perft(depth-1)
		}
		fen := p.FEN()
		p.Unmake()
		if got != want {
			t.Errorf("%s: below %s (%s) Chimera %d, reference %d", where, text, fen, got, want)
			if depth > 1 {
				q, _ := interpreter.FromFEN(p.Ruleset(), fen)
				bgDivide(t, q, next, depth-1, where+" "+text)
			}
			return
		}
	}
}

// chimeraTexts is the sorted coordinate texts of p's legal moves.
func chimeraTexts(p *interpreter.Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, p.Coord(m))
	}
	slices.Sort(out)
	return out
}

// TestBig16RandomPlayouts plays seeded random games on the 16x16 board and compares the
// legal moves with the reference's in every position, and that each mechanism was met.
func TestBig16RandomPlayouts(t *testing.T) {
	games, plies := 40, 160
	if testing.Short() {
		games, plies = 8, 120
	}
	rs := bgOpen(t)
	kinds := map[string]int{}
	positions := 0
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewSource(int64(g)*7 + 1))
		starts := bgStarts(t, rs)
		p := classicPosition(t, rs, starts[g%len(starts)])
		ref, err := bgFromFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		var history []string
		for ply := 0; ply < plies; ply++ {
			want := ref.legalTexts()
			got := chimeraTexts(p)
			positions++
			if !slices.Equal(got, want) {
				t.Fatalf("game %d %s after %s:\n Chimera   %v\n reference %v", g, p.FEN(), strings.Join(history, " "), got, want)
			}
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				kinds["no moves"]++
				break
			}
			for _, m := range legal {
				switch {
				case m.Kind() == interpreter.KindCastle:
					kinds["castling"]++
				case m.Kind() == interpreter.KindEP:
					kinds["en passant"]++
				case m.Promotion() >= 0:
					kinds["promotion"]++
				}
			}
			// Play the rare kinds of move (castling, en passant, promotion) when there are
			// some, and now and then a capture or a pawn move, so games reach them.
			m := legal[rng.Intn(len(legal))]
			var rare, pushes []interpreter.Move
			for _, c := range legal {
				switch {
				case c.Kind() != interpreter.KindNormal || c.Promotion() >= 0:
					rare = append(rare, c)
				case p.IsCapture(c) || p.At(c.From()).Type() == rs.TypeOf('P'):
					pushes = append(pushes, c)
				}
			}
			if len(rare) > 0 && rng.Intn(2) == 0 {
				m = rare[rng.Intn(len(rare))]
			} else if len(pushes) > 0 && rng.Intn(3) == 0 {
				m = pushes[rng.Intn(len(pushes))]
			}
			text := p.Coord(m)
			switch {
			case m.Kind() == interpreter.KindCastle:
				kinds["castled"]++
			case m.Kind() == interpreter.KindEP:
				kinds["taken en passant"]++
			}
			history = append(history, text)
			p.Make(m)
			if ref, err = ref.playText(text); err != nil {
				t.Fatalf("game %d after %s: %v", g, strings.Join(history, " "), err)
			}
		}
	}
	t.Logf("%d positions; moves seen: %v", positions, kinds)
	for _, k := range []string{"castling", "en passant", "promotion", "castled", "taken en passant"} {
		if kinds[k] == 0 {
			t.Errorf("no %s move met in %d positions: the playouts do not test it", k, positions)
		}
	}
}

// TestBig16Numbers prints the reference's counts for the definition's positions, for
// writing them into the file: BIG16_NUMBERS=3 go test -run TestBig16Numbers -v ./engine/perft
func TestBig16Numbers(t *testing.T) {
	if os.Getenv("BIG16_NUMBERS") == "" {
		t.Skip("set BIG16_NUMBERS=depth to print the reference's counts")
	}
	var depth int
	fmt.Sscan(os.Getenv("BIG16_NUMBERS"), &depth)
	rs := bgOpen(t)
	for i := range rs.Def.Tests {
		dt := &rs.Def.Tests[i]
		p := classicPosition(t, rs, dt)
		ref, err := bgFromFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		var counts []string
		for d := 1; d <= depth; d++ {
			counts = append(counts, fmt.Sprint(ref.perft(d)))
		}
		t.Logf("%s: [%s]", dt.Name, strings.Join(counts, ", "))
	}
}
