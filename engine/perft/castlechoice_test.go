// The built-ins whose king castles onto a choice of squares (schoolbook, supercapablanca,
// wildebeest) against the naive generator written from their rules
// (castlechoice_naive_test.go) and against Sjaak II: perft from the start and from
// positions of random play.
package perft_test

import (
	"bufio"
	"fmt"
	"math/rand"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// ccVariants are the three variants as the naive generator knows them, from their rules
// texts (each definition's description names its source).
var ccVariants = []*ccVariant{
	{
		name: "schoolbook", files: 10, ranks: 8, start: "rqnbakbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RQNBAKBNCR",
		leaps:   map[byte][][2]int{'N': {{1, 2}}, 'A': {{1, 2}}, 'C': {{1, 2}}},
		rides:   map[byte][][2]int{'Q': {{1, 0}, {1, 1}}, 'R': {{1, 0}}, 'B': {{1, 1}}, 'A': {{1, 1}}, 'C': {{1, 0}}},
		runs:    map[int]int{1: 2},
		promo:   "QACRBN",
		castles: [2][][2]int{{{7, 6}, {8, 7}}, {{1, 2}, {2, 3}, {3, 4}}},
		open:    "r4k3r/pppppppppp/2n4b2/10/10/2N4B2/PPPPPPPPPP/R4K3R",
	},
	{
		name: "supercapablanca", files: 12, ranks: 8, start: "rnbacqkgabnr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNBACQKGABNR",
		leaps:    map[byte][][2]int{'N': {{1, 2}}, 'A': {{1, 2}}, 'C': {{1, 2}}, 'G': {{1, 2}}},
		rides:    map[byte][][2]int{'Q': {{1, 0}, {1, 1}}, 'G': {{1, 0}, {1, 1}}, 'R': {{1, 0}}, 'B': {{1, 1}}, 'A': {{1, 1}}, 'C': {{1, 0}}},
		runs:     map[int]int{1: 2},
		promo:    "GQACRBN",
		castles:  [2][][2]int{{{8, 7}, {9, 8}, {10, 9}}, {{4, 5}, {3, 4}, {2, 3}}},
		kingLeap: true,
		open:     "r5k4r/pppppppppppp/2n6a2/12/12/2N6A2/PPPPPPPPPPPP/R5K4R",
	},
	{
		name: "wildebeest", files: 11, ranks: 10, start: "rnccgkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKGCCNR",
		leaps:   map[byte][][2]int{'N': {{1, 2}}, 'C': {{1, 3}}, 'G': {{1, 2}, {1, 3}}},
		rides:   map[byte][][2]int{'Q': {{1, 0}, {1, 1}}, 'R': {{1, 0}}, 'B': {{1, 1}}},
		runs:    map[int]int{1: 3, 2: 2},
		promo:   "QG",
		castles: [2][][2]int{{{6, 5}, {7, 6}, {8, 7}, {9, 8}}, {{4, 5}, {3, 4}, {2, 3}, {1, 2}}},
		open:    "r4k4r/ppppppppppp/2n5c2/11/11/11/11/2N5C2/PPPPPPPPPPP/R4K4R",
	},
}

// sjaakPromo is the promotion set Sjaak II gives a variant where it differs from the
// rules: Wildebeest's rules promote to a queen or a wildebeest only.
var sjaakPromo = map[string]string{"wildebeest": "GQCRBN"}

// ccGame is a random game of Chimera's from start (a placement): the moves in coordinate
// notation.
func ccGame(t *testing.T, name, start string, seed int64, plies int) []string {
	t.Helper()
	p := ccOpen(t, name, start)
	rng := rand.New(rand.NewSource(seed))
	var out []string
	for range plies {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		m := moves[rng.Intn(len(moves))]
		out = append(out, p.Coord(m))
		p.Make(m)
	}
	return out
}

// ccOpen sets up the placement start of the built-in name, every king and corner rook
// with its rights.
func ccOpen(t *testing.T, name, start string) *interpreter.Position {
	t.Helper()
	rs, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	rights := "KQkq"
	if name == "supercapablanca" {
		rights = "KQGkqg" // and the kings' first-move leaps
	}
	p, err := interpreter.FromFEN(rs, start+" w "+rights+" - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ccPlay sets up start and plays moves (coordinates) in Chimera.
func ccPlay(t *testing.T, name, start string, moves []string) *interpreter.Position {
	t.Helper()
	p := ccOpen(t, name, start)
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p
}

// ccNaive plays moves (Chimera's coordinates) on the naive generator's start placement.
func ccNaive(v *ccVariant, start string, moves []string, sjaak bool) (*ccPos, error) {
	p, err := ccStart(v, start)
	if err != nil {
		return nil, err
	}
	for _, s := range moves {
		m, err := p.parse(s, sjaak)
		if err != nil {
			return nil, err
		}
		p = p.play(m)
	}
	return p, nil
}

// ccLine is a position the tests count from: a start placement and moves from it.
type ccLine struct {
	start string
	moves []string
}

// ccPositions are the positions the tests count from: the start, every tenth ply of
// random games from it, then the same from the open placement (the men between king and
// rooks gone, so that the games castle), every fourth ply.
func ccPositions(t *testing.T, v *ccVariant, seeds int) []ccLine {
	var out []ccLine
	for _, st := range []struct {
		start string
		every int
	}{{v.start, 10}, {v.open, 4}} {
		out = append(out, ccLine{st.start, nil})
		for seed := int64(1); seed <= int64(seeds); seed++ {
			game := ccGame(t, v.name, st.start, seed, 40)
			for i := st.every; i <= len(game); i += st.every {
				out = append(out, ccLine{st.start, game[:i]})
			}
		}
	}
	return out
}

// ccDepth is the depth counted from the i-th position: 2 in -short; else 3 from the
// starts and every second other one (the naive generator takes about a second a position
// at depth 3 on these boards).
func ccDepth(line ccLine, i int, deep bool) int {
	if deep && (line.moves == nil || i%2 == 0) {
		return 3
	}
	return 2
}

// TestCastleChoicesAgainstNaive compares perft of the three built-ins with the naive
// generator's, from the start and from positions of random play (ccDepth), and checks that
// the positions reached castle onto several squares.
func TestCastleChoicesAgainstNaive(t *testing.T) {
	t.Parallel()
	for _, v := range ccVariants {
		t.Run(v.name, func(t *testing.T) {
			seeds, deep := 1, false
			if !testing.Short() {
				seeds, deep = 3, true
			}
			castles := map[string]bool{}
			for i, line := range ccPositions(t, v, seeds) {
				p := ccPlay(t, v.name, line.start, line.moves)
				n, err := ccNaive(v, line.start, line.moves, false)
				if err != nil {
					t.Fatalf("after %v: naive generator: %v", line.moves, err)
				}
				d := ccDepth(line, i, deep)
				for _, m := range p.LegalMoves(nil) {
					if m.Kind() == interpreter.KindCastle {
						castles[p.Ruleset().SquareName(m.To())] = true
					}
				}
				if got, want := perft.Perft(p, d), n.perft(d, false); got != want {
					t.Errorf("%s after %s: perft %d = %d, naive generator %d", line.start, strings.Join(line.moves, " "), d, got, want)
				}
			}
			if len(castles) < 2 {
				t.Errorf("the positions castle onto %d squares; want a choice", len(castles))
			}
		})
	}
}

// The Sjaak II console's perft line: depth, count.
var sjaakPerftRE = regexp.MustCompile(`(?m)^\s*(\d+)\s+(\d+)\s`)

// sjaakPerft runs Sjaak II on variant, sets up the placement start, plays moves and
// returns its perft count to depth.
func sjaakPerft(t *testing.T, bin, variant, start string, moves []string, depth int) int64 {
	t.Helper()
	// Its FEN has KQkq alone (its unmoved king may leap).
	return sjaakPerftFEN(t, bin, variant, start+" w KQkq - 0 1", moves, depth)
}

// sjaakPerftFEN is sjaakPerft from a whole FEN.
func sjaakPerftFEN(t *testing.T, bin, variant, fen string, moves []string, depth int) int64 {
	t.Helper()
	var in strings.Builder
	// force: Sjaak II answers no move.
	fmt.Fprintf(&in, "variant %s\nforce\nsetboard %s\n", variant, fen)
	for _, m := range moves {
		fmt.Fprintf(&in, "%s\n", m)
	}
	fmt.Fprintf(&in, "perft %d\nquit\n", depth)
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in.String())
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.Output(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		t.Fatalf("sjaakii did not answer perft %d in 2 minutes", depth)
	}
	if err != nil {
		t.Fatalf("sjaakii: %v", err)
	}
	text := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(string(out), "")
	if strings.Contains(text, "Illegal move") {
		t.Fatalf("sjaakii refused a move of %v:\n%s", moves, text)
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.LastIndex(line, ">"); i >= 0 {
			line = line[i+1:] // after the prompt
		}
		if g := sjaakPerftRE.FindStringSubmatch(line); g != nil && g[1] == fmt.Sprint(depth) {
			var n int64
			fmt.Sscan(g[2], &n)
			return n
		}
	}
	t.Fatalf("no perft %d line in sjaakii's answer:\n%s", depth, text)
	return 0
}

// TestSjaakPerft compares the naive generator, reading the rules as Sjaak II 1.4.1 does
// where it is wrong (see castlechoice_naive_test.go) and with Sjaak II's promotion set,
// with Sjaak II's perft from the same positions: Sjaak II, an independent program, checks
// the generator that TestCastleChoicesAgainstNaive checks Chimera with. Where Sjaak II
// and the rules agree on a position's count (no castling reaches a square beyond an
// attacked one, no unmoved king has a free step, no promotion), Chimera's count is
// Sjaak II's as well.
func TestSjaakPerft(t *testing.T) {
	t.Parallel()
	bin := referenceProgram(t, "sjaakii")
	for _, v := range ccVariants {
		t.Run(v.name, func(t *testing.T) {
			sv := *v
			if pr, ok := sjaakPromo[v.name]; ok {
				sv.promo = pr
			}
			seeds, deep := 1, false
			if !testing.Short() {
				seeds, deep = 3, true
			}
			agree, skipped := 0, 0
			for i, line := range ccPositions(t, v, seeds) {
				if !deep && line.moves != nil && i%3 != 0 {
					continue // -short: a third of the positions (each run of Sjaak II loads its whole variant file)
				}
				d := ccDepth(line, i, deep)
				n, err := ccNaive(&sv, line.start, line.moves, true)
				if err != nil {
					// Only a line where an unmoved king steps, which Sjaak II never lets it.
					if !v.kingLeap {
						t.Fatalf("after %v: naive generator: %v", line.moves, err)
					}
					skipped++
					continue
				}
				want := n.perft(d, true)
				got := sjaakPerft(t, bin, v.name, line.start, line.moves, d)
				if got != want {
					t.Errorf("%s after %s: Sjaak II perft %d = %d, the naive generator reading the rules as it does %d", line.start, strings.Join(line.moves, " "), d, got, want)
				}
				if perft.Perft(ccPlay(t, v.name, line.start, line.moves), d) == got {
					agree++
				}
			}
			t.Logf("%s: Chimera's count is Sjaak II's on %d positions (%d lines skipped: an unmoved king steps in them)", v.name, agree, skipped)
			// (Supercapablanca's unmoved kings never step quietly in Sjaak II: it agrees
			// with Chimera only where neither king may leap, which random play from the
			// starts seldom reaches.)
			if agree == 0 && !v.kingLeap {
				t.Errorf("Chimera agrees with Sjaak II on no position, not even the start")
			}
		})
	}
}
