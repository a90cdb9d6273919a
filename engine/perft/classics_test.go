// Classic variants Fairy-Stockfish also plays: each definition's perft counts (taken from Fairy-Stockfish) and move assertions.
package perft_test

import (
	"bufio"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// classicVariants are built-in definitions whose names are also Fairy-Stockfish's
// UCI_Variant names; their perft counts come from Fairy-Stockfish.
var classicVariants = []string{
	"knightmate", "losalamos", "gardner", "amazon",
	"hoppelpoppel", "breakthrough", "extinction", "nocastle", "minixiangqi",
	"capablanca", "courier", "shako", "xiangqi",
	"gothic", "embassy", "janus", "modern",
	"capahouse", "loop", "chessgi", "bughouse", "pocketknight",
	"almost", "chigorin", "chancellor", "centaur", "newzealand", "kinglet", "threekings",
	"clobber", "clobber10", "fairy",
}

// currentSourceRules are classics whose files follow Fairy-Stockfish's current source where
// it changed the rule since 11.1 (the Debian package): their counts come from the current
// source, and TestUpstreamPerft checks them against the shared reference file, so the
// re-derivation from 11.1 below leaves them out.
var currentSourceRules = map[string]bool{"chigorin": true}

// classicShortNodes is the largest expected perft count run in -short mode.
const classicShortNodes = 1_000_000

// classicParallelFrom is the expected perft count from which the count is split over goroutines.
const classicParallelFrom = 200_000

func classicOpen(t *testing.T, name string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(name)
	if err != nil {
		t.Fatalf("open %s: %v", name, err)
	}
	return rs
}

// classicPosition sets up a test's position: its FEN, its named setup, or the default setup.
func classicPosition(t *testing.T, rs *compiler.Ruleset, dt *defs.Test) *interpreter.Position {
	t.Helper()
	var p *interpreter.Position
	var err error
	if dt.FEN != "" {
		p, err = interpreter.FromFEN(rs, dt.FEN)
	} else {
		p, err = interpreter.Start(rs, dt.Setup)
	}
	if err != nil {
		t.Fatalf("%s: position: %v", dt.Name, err)
	}
	return p
}

// classicLegal is the set of legal moves of p in coordinate notation.
func classicLegal(p *interpreter.Position) map[string]bool {
	legal := map[string]bool{}
	for _, m := range p.LegalMoves(nil) {
		legal[p.Coord(m)] = true
	}
	return legal
}

func TestClassicsPerft(t *testing.T) {
	t.Parallel()
	for _, name := range classicVariants {
		t.Run(name, func(t *testing.T) {
			rs := classicOpen(t, name)
			for i := range rs.Def.Tests {
				dt := &rs.Def.Tests[i]
				if len(dt.Perft) == 0 {
					continue
				}
				p := classicPosition(t, rs, dt)
				for d, want := range dt.Perft {
					depth := d + 1
					if testing.Short() && want > classicShortNodes {
						t.Logf("%s: perft %d and deeper skipped in -short mode (%d nodes)", dt.Name, depth, want)
						break
					}
					var got int64
					if want >= classicParallelFrom {
						got = perft.ParallelPerft(p, depth, 0)
					} else {
						got = perft.Perft(p, depth)
					}
					if got != want {
						t.Errorf("#%d %s: perft %d got %d want %d", i, dt.Name, depth, got, want)
						break
					}
				}
			}
		})
	}
}

// TestClassicsMoves checks the tests' other assertions: exact move lists, moves that must
// or must not be legal, check, and games with their results.
func TestClassicsMoves(t *testing.T) {
	for _, name := range classicVariants {
		t.Run(name, func(t *testing.T) {
			rs := classicOpen(t, name)
			for i := range rs.Def.Tests {
				dt := &rs.Def.Tests[i]
				p := classicPosition(t, rs, dt)
				for _, s := range strings.Fields(dt.Game) {
					m, err := p.ParseMove(s)
					if err != nil {
						t.Fatalf("#%d %s: game move %s: %v", i, dt.Name, s, err)
					}
					p.Make(m)
				}
				legal := classicLegal(p)
				if dt.Moves != nil {
					var got []string
					for m := range legal {
						got = append(got, m)
					}
					want := slices.Clone(dt.Moves)
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Errorf("#%d %s: moves got %v want %v", i, dt.Name, got, want)
					}
				}
				for _, s := range dt.Contains {
					if !legal[s] {
						t.Errorf("#%d %s: %s got illegal want legal", i, dt.Name, s)
					}
				}
				for _, s := range dt.Excludes {
					if legal[s] {
						t.Errorf("#%d %s: %s got legal want illegal", i, dt.Name, s)
					}
				}
				if dt.Check != nil && p.InCheck() != *dt.Check {
					t.Errorf("#%d %s: in check got %v want %v", i, dt.Name, p.InCheck(), *dt.Check)
				}
				if dt.Result != "" {
					if got := p.Result(); got.Score != dt.Result {
						t.Errorf("#%d %s: result got %s (%s) want %s", i, dt.Name, got.Score, got.Reason, dt.Result)
					}
				}
			}
		})
	}
}

// classicStartNodes is the start-position count that stands for four depths: where the
// start branches so widely that depth 3 already counts this many (clobber10's 180 moves
// give 5,231,000 at depth 3 and 843,437,916 at depth 4), depth 4 would slow the suite.
const classicStartNodes = 5_000_000

// TestClassicsDefinitions checks that each definition carries what makes the comparison
// worth something: a start-position perft of at least four depths (or one reaching
// classicStartNodes) and at least three other positions counted to depth 4 or more.
func TestClassicsDefinitions(t *testing.T) {
	for _, name := range classicVariants {
		rs := classicOpen(t, name)
		startDepth, startNodes, others := 0, int64(0), 0
		for _, dt := range rs.Def.Tests {
			switch {
			case len(dt.Perft) == 0:
			case dt.FEN == "" && dt.Setup == "":
				startDepth = max(startDepth, len(dt.Perft))
				startNodes = max(startNodes, dt.Perft[len(dt.Perft)-1])
			case len(dt.Perft) >= 4:
				others++
			}
		}
		if startDepth < 4 && startNodes < classicStartNodes {
			t.Errorf("%s: start-position perft depths got %d (%d nodes) want at least 4 (or %d nodes)", name, startDepth, startNodes, classicStartNodes)
		}
		if others < 3 {
			t.Errorf("%s: perft tests of other positions to depth 4 got %d want at least 3", name, others)
		}
		if rs.Def.Title == "" || rs.Def.Description == "" {
			t.Errorf("%s: title or description missing", name)
		}
	}
}

// TestClassicsAgainstFairyStockfish re-derives the definitions' perft counts from
// Fairy-Stockfish itself (fairy-stockfish on PATH; required when CI=true), at the deepest
// depth of each test that stays under the -short node limit: the numbers in the files are
// its numbers.
func TestClassicsAgainstFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Fairy-Stockfish; not in -short mode")
	}
	fsf := referenceProgram(t, "fairy-stockfish")
	for _, name := range classicVariants {
		if currentSourceRules[name] {
			continue
		}
		rs := classicOpen(t, name)
		for i, dt := range rs.Def.Tests {
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
				p := classicPosition(t, rs, &rs.Def.Tests[i])
				fen = p.FEN()
			}
			got, err := fsfPerft(fsf, name, fen, depth)
			if err != nil {
				t.Fatalf("%s #%d %s: %v", name, i, dt.Name, err)
			}
			if want := dt.Perft[depth-1]; got != want {
				t.Errorf("%s #%d %s: Fairy-Stockfish perft %d got %d, file says %d", name, i, dt.Name, depth, got, want)
			}
		}
	}
}

// fsfPerft asks Fairy-Stockfish (the program at path) for the perft count of fen at depth.
func fsfPerft(path, variant, fen string, depth int) (int64, error) {
	return fsfPerftIni(path, "", variant, fen, depth)
}

// fsfPerftIni is fsfPerft with the variants of an ini file loaded first (VariantPath), when
// ini is not empty.
func fsfPerftIni(path, ini, variant, fen string, depth int) (int64, error) {
	cmd := exec.Command(path)
	load := ""
	if ini != "" {
		load = "setoption name VariantPath value " + ini + "\n"
	}
	cmd.Stdin = strings.NewReader(fmt.Sprintf("uci\n%ssetoption name UCI_Variant value %s\nposition fen %s\ngo perft %d\nquit\n", load, variant, fen, depth))
	out, err := cmd.Output()
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "Nodes searched: "); ok {
			return strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
		}
	}
	return 0, fmt.Errorf("no perft count in Fairy-Stockfish's output:\n%s", out)
}
