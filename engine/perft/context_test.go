// Tests of DivideContext: the same counts as Divide, live reports (OnDone, Nodes), and
// stopping when its context is cancelled, between root moves and inside one.
package perft_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"chimera/engine/perft"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestDivideContextWatched(t *testing.T) {
	p := perftCase{variant: "chess", name: "kiwipete", fen: kiwipete}.position(t)
	for _, workers := range []int{1, 3} {
		for depth := 1; depth <= 3; depth++ {
			var nodes atomic.Int64
			var reported int
			var sum int64
			entries, err := perft.DivideContext(context.Background(), p, depth, workers, perft.Watch{
				OnDone: func(e perft.DivideEntry) { reported++; sum += e.Nodes },
				Nodes:  &nodes,
			})
			if err != nil {
				t.Fatal(err)
			}
			// Kiwipete: 48, 2039, 97862 (chessprogramming.org).
			want := []int64{48, 2039, 97862}[depth-1]
			var total int64
			for _, e := range entries {
				total += e.Nodes
			}
			if len(entries) != 48 || reported != 48 || total != want || sum != want || nodes.Load() != want {
				t.Errorf("workers %d depth %d: got %d entries, %d reported, total %d, reported sum %d, tally %d; want 48 and %d",
					workers, depth, len(entries), reported, total, sum, nodes.Load(), want)
			}
			// Same entries as Divide, in generation order.
			plain := perft.Divide(p, depth, workers)
			for i := range plain {
				if plain[i] != entries[i] {
					t.Errorf("workers %d depth %d #%d: got %v, Divide gives %v", workers, depth, i, entries[i], plain[i])
					break
				}
			}
		}
	}
}

// TestDivideContextCancelAfterFirstRootMove: with one worker the root moves go in
// generation order, and a cancel from the first OnDone leaves exactly that move counted.
func TestDivideContextCancelAfterFirstRootMove(t *testing.T) {
	p := perftCase{variant: "chess", name: "start"}.position(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	entries, err := perft.DivideContext(ctx, p, 4, 1, perft.Watch{OnDone: func(perft.DivideEntry) { cancel() }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got error %v, want context.Canceled", err)
	}
	if len(entries) != 1 {
		t.Fatalf("got %d entries, want 1", len(entries))
	}
	first := p.LegalMoves(nil)[0]
	p.Make(first)
	want := perft.Perft(p, 3)
	p.Unmake()
	if entries[0].Move != first || entries[0].Nodes != want {
		t.Errorf("got %s: %d, want %s: %d", p.Coord(entries[0].Move), entries[0].Nodes, p.Coord(first), want)
	}
	// Cancelled before it starts: nothing counted.
	entries, err = perft.DivideContext(ctx, p, 4, 2, perft.Watch{})
	if err == nil || len(entries) != 0 {
		t.Errorf("cancelled context: got %d entries and error %v, want none and an error", len(entries), err)
	}
}

// TestDivideContextStopsInsideARootMove: a count far too large to finish (chess to depth
// 12) stops soon after its context is cancelled, inside the root moves' subtrees, with
// nothing counted in full and leaves reported along the way.
func TestDivideContextStopsInsideARootMove(t *testing.T) {
	p := perftCase{variant: "chess", name: "start"}.position(t)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	var nodes atomic.Int64
	start := time.Now()
	entries, err := perft.DivideContext(ctx, p, 12, 2, perft.Watch{Nodes: &nodes})
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("took %v to stop, want well under a second", elapsed)
	}
	if !errors.Is(err, context.DeadlineExceeded) || len(entries) != 0 {
		t.Errorf("got %d entries and error %v, want none and the deadline", len(entries), err)
	}
	if nodes.Load() == 0 {
		t.Errorf("no leaves reported while counting")
	}
}
