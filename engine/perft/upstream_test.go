// Perft against Fairy-Stockfish's current source: the counts in ../shared/fsf/upstream-perft.jsonl, for the variants Chimera plays under its names.
package perft_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"chimera/engine/perft"
	"chimera/interpreter"
)

// upstreamFile holds perft counts from Fairy-Stockfish's current source, one JSON line a
// position (variant, FEN, depth, nodes), for all its built-in variants: reference data
// that sits beside the repository (../shared, which CI has), never copied into it.
const upstreamFile = "../../../shared/fsf/upstream-perft.jsonl"

// upstreamVariants are the built-ins that play as Fairy-Stockfish's current source does
// under the same name, checked on every position of the file: those whose rules it added
// since 11.1 (walls).
var upstreamVariants = []string{"duck", "amazons", "isolation", "isolation7x7", "snailtrail", "joust"}

// upstreamShortNodes and upstreamNodes bound the counts run in -short mode and in the
// full suite (the file's largest counts take minutes).
const (
	upstreamShortNodes = 20_000_000
	upstreamNodes      = 100_000_000
)

type upstreamCount struct {
	Variant string `json:"variant"`
	Plies   int    `json:"plies"`
	FEN     string `json:"fen"`
	Depth   int    `json:"depth"`
	Nodes   int64  `json:"nodes"`
}

// upstreamCounts reads the file, skipping the test when it is absent (failing with CI=true).
func upstreamCounts(t *testing.T) []upstreamCount {
	t.Helper()
	f, err := os.Open(filepath.FromSlash(upstreamFile))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v: the reference counts of Fairy-Stockfish's current source are needed with CI=true", err)
		}
		t.Skipf("no reference counts: %v", err)
	}
	defer f.Close()
	var out []upstreamCount
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		var c upstreamCount
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", upstreamFile, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestUpstreamPerft(t *testing.T) {
	counts := upstreamCounts(t)
	limit := int64(upstreamNodes)
	if testing.Short() {
		limit = upstreamShortNodes
	}
	for _, name := range upstreamVariants {
		t.Run(name, func(t *testing.T) {
			rs, err := interpreter.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, c := range counts {
				if c.Variant != name {
					continue
				}
				n++
				if c.Nodes > limit {
					t.Logf("ply %d: perft %d skipped (%d nodes)", c.Plies, c.Depth, c.Nodes)
					continue
				}
				p, err := interpreter.FromFEN(rs, c.FEN)
				if err != nil {
					t.Errorf("ply %d: %v", c.Plies, err)
					continue
				}
				var got int64
				if c.Nodes >= classicParallelFrom {
					got = perft.ParallelPerft(p, c.Depth, 0)
				} else {
					got = perft.Perft(p, c.Depth)
				}
				if got != c.Nodes {
					t.Errorf("ply %d %s: perft %d got %d want %d", c.Plies, c.FEN, c.Depth, got, c.Nodes)
				}
				if fen := p.FEN(); fen != c.FEN {
					t.Errorf("ply %d: FEN read back as %s, want %s", c.Plies, fen, c.FEN)
				}
			}
			if n == 0 {
				t.Errorf("%s: no positions in %s", name, upstreamFile)
			}
		})
	}
}
