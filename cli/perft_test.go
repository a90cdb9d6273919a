// Tests of the perft command's limits on DEPTH and --threads, and of the engine calls it
// relies on staying cheap whatever depth or worker count they are given.
package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// stalemate: Black's king on h8 has no move (g8, g7, h7 are covered by Qf7 and Kg6) and is
// not in check, so every perft count from it is 0.
const stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"

func TestPerftLimits(t *testing.T) {
	usage := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"perft", "chess", "100000000"}, `DEPTH must be a whole number from 1 to 40, got "100000000"`},
		{[]string{"perft", "chess", "41"}, `DEPTH must be a whole number from 1 to 40, got "41"`},
		{[]string{"perft", "chess", "0"}, `DEPTH must be a whole number from 1 to 40, got "0"`},
		{[]string{"perft", "chess", "99999999999999999999999"}, "DEPTH must be a whole number from 1 to 40"},
		{[]string{"perft", "chess", "3", "--threads", "50000000"}, "--threads must be between 1 and 1024, got 50000000"},
		{[]string{"perft", "chess", "3", "--threads", "1025"}, "--threads must be between 1 and 1024, got 1025"},
		{[]string{"perft", "chess", "3", "--threads", "-1", "--divide"}, "--threads must be between 1 and 1024, got -1"},
		{[]string{"perft", "chess", "3", "--moves", "e4 e4"}, `--moves: 1... e4: illegal move "e4" in this position (black to move)`},
		{[]string{"perft", "chess", "3", "--fen", stalemate, "--moves", "Kh7"}, "--moves: "},
	}
	for i, c := range usage {
		code, out, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("#%d %v: got exit %d, stdout %q, stderr %q; want 2, nothing, and %q", i, c.args, code, out, errs, c.want)
		}
	}
	// At the limits. Chess from the start: 20 and 400 (chessprogramming.org); from a
	// stalemate, nothing at any depth.
	accepted := []struct {
		args  []string
		nodes string
	}{
		{[]string{"perft", "chess", "2", "--threads", "1024"}, "Nodes searched: 400"},
		{[]string{"perft", "chess", "2", "--threads", "1024", "--divide"}, "Nodes searched: 400"},
		{[]string{"perft", "chess", "1", "--threads", "1"}, "Nodes searched: 20"},
		{[]string{"perft", "chess", "40", "--fen", stalemate}, "Nodes searched: 0"},
		{[]string{"perft", "chess", "40", "--fen", stalemate, "--divide", "--threads", "1024"}, "Nodes searched: 0"},
		// --moves: after 1. e4 e5 2. Nf3, Stockfish 15.1's "go perft 3" counts 23193; the same
		// moves in coordinates, and from a FEN, give the same.
		{[]string{"perft", "chess", "3", "--moves", "e4 e5 Nf3"}, "Nodes searched: 23193"},
		{[]string{"perft", "chess", "3", "--moves", "1. e2e4 e7e5 2. g1f3", "--threads", "1"}, "Nodes searched: 23193"},
		{[]string{"perft", "chess", "1", "--fen", stalemate, "--moves", ""}, "Nodes searched: 0"},
	}
	for i, c := range accepted {
		code, out, errs := run(c.args...)
		if code != 0 || lastLine(out) != c.nodes {
			t.Errorf("#%d %v: got exit %d, last line %q (stderr %q); want 0 and %q", i, c.args, code, lastLine(out), errs, c.nodes)
		}
	}
}

// shuffle is a variant whose move tree ends after two plies: two pawns on one file of four
// cells step toward each other (a1a2, a4a3) and then block each other.
const shuffle = `name: shuffle
board: {files: 1, ranks: 4}
pieces:
  - {name: Pawn, letter: P, moves: [{leap: [0, 1], symmetry: none, mode: move}]}
rules: {check: none}
setups:
  - {name: start, fen: p/1/1/P w - - 0 1}
`

// TestPerftAbsurdDepthAndWorkers: the engine's cost follows the tree, not the numbers it
// is given: a depth of 2^40 over a tree two plies deep, and 2^25 workers for one root move,
// are answered at once (they ran out of memory when buffers and goroutines were made up
// front).
func TestPerftAbsurdDepthAndWorkers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shuffle.yaml")
	if err := os.WriteFile(path, []byte(shuffle), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := interpreter.Start(rs, "")
	if err != nil {
		t.Fatal(err)
	}
	const depth, workers = 1 << 40, 1 << 25
	// By hand: a1a2 (1), then a4a3 (1), then nothing (0).
	for i, c := range []struct{ depth, want int64 }{{1, 1}, {2, 1}, {3, 0}, {depth, 0}} {
		if got := perft.Perft(p, int(c.depth)); got != c.want {
			t.Errorf("#%d Perft depth %d got %d want %d", i, c.depth, got, c.want)
		}
	}
	entries := perft.Divide(p, depth, workers)
	if len(entries) != 1 || p.Coord(entries[0].Move) != "a1a2" || entries[0].Nodes != 0 {
		t.Errorf("Divide depth 2^40 with 2^25 workers got %v; want a1a2 with 0 nodes", entries)
	}
	if got := perft.ParallelPerft(p, depth, workers); got != 0 {
		t.Errorf("ParallelPerft depth 2^40 got %d want 0", got)
	}
	if got := perft.Divide(p, 2, workers); len(got) != 1 || got[0].Nodes != 1 {
		t.Errorf("Divide depth 2 got %v; want a1a2 with 1 node", got)
	}
	// Chess from a stalemate: no root move, so no worker at all.
	stale, err := interpreter.FromFEN(mustOpen(t, "chess"), stalemate)
	if err != nil {
		t.Fatal(err)
	}
	if got := perft.Divide(stale, depth, workers); len(got) != 0 {
		t.Errorf("Divide from a stalemate got %d entries want 0", len(got))
	}
}

func mustOpen(t *testing.T, name string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestPerftShardsMerge: perft --shard I/N counts its share of the root moves, and merge
// adds the shards up to the unsharded count, per root move and in total (#23).
func TestPerftShardsMerge(t *testing.T) {
	dir := t.TempDir()
	_, whole, _ := run("perft", "chess", "3", "--divide", "--quiet")
	var files []string
	for i := 0; i < 3; i++ {
		f := filepath.Join(dir, fmt.Sprintf("p%d.jsonl", i))
		if code, _, errs := run("perft", "chess", "3", "--shard", fmt.Sprintf("%d/3", i), "--out", f, "--quiet"); code != 0 {
			t.Fatalf("shard %d: exit %d, %s", i, code, errs)
		}
		files = append(files, f)
	}
	code, merged, errs := run(append([]string{"merge"}, files...)...)
	wantLines := strings.Split(whole, "\n")
	var divide []string
	for _, l := range wantLines {
		if strings.Contains(l, ": ") && !strings.HasPrefix(l, "Time") && !strings.HasPrefix(l, "Nodes") {
			divide = append(divide, l)
		}
	}
	if code != 0 || !strings.HasSuffix(merged, strings.Join(divide, "\n")+"\n\nNodes searched: 8902\n") {
		t.Errorf("merge: exit %d (%s):\n%s\nwant the divide of\n%s", code, errs, merged, whole)
	}
	// A shard missing, a root move twice, a move edited into another.
	if code, _, errs := run("merge", files[0], files[1]); code != 1 || !strings.Contains(errs, "root moves missing") {
		t.Errorf("two shards of three: exit %d, %q", code, errs)
	}
	if code, _, errs := run("merge", files[0], files[0]); code != 2 || !strings.Contains(errs, "again") {
		t.Errorf("a shard twice: exit %d, %q", code, errs)
	}
	data, _ := os.ReadFile(files[1])
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Replace(string(data), `"move":"`, `"move":"h7`, 1)), 0o644)
	if code, _, errs := run("merge", files[0], bad, files[2]); code != 2 || !strings.Contains(errs, "bad.jsonl:2") {
		t.Errorf("an edited move: exit %d, %q", code, errs)
	}
	// Shards of another depth do not add up.
	other := filepath.Join(dir, "other.jsonl")
	run("perft", "chess", "2", "--shard", "2/3", "--out", other, "--quiet")
	if code, _, errs := run("merge", files[0], files[1], other); code != 2 || !strings.Contains(errs, "another position or depth") {
		t.Errorf("another depth: exit %d, %q", code, errs)
	}
}
