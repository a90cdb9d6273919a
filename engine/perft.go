// Package engine holds what runs on top of the rules: perft (with bulk counting at the last
// ply, divide, and a root split across goroutines), and later search and evaluation.
package engine

import (
	"runtime"
	"sync"

	"chimera/interpreter"
)

// Perft counts the leaf nodes of the legal move tree of depth d from p.
func Perft(p *interpreter.Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]interpreter.Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]interpreter.Move, 0, 256)
	}
	return perft(p, depth, bufs)
}

func perft(p *interpreter.Position, depth int, bufs [][]interpreter.Move) int64 {
	moves := p.LegalMoves(bufs[depth])
	bufs[depth] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		p.Make(m)
		n += perft(p, depth-1, bufs)
		p.Unmake()
	}
	return n
}

// DivideEntry is one root move and its subtree count.
type DivideEntry struct {
	Move  interpreter.Move
	Nodes int64
}

// Divide counts each root move's subtree, using up to workers goroutines (0 = all CPUs).
// Entries come back in move generation order.
func Divide(p *interpreter.Position, depth, workers int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	moves := p.LegalMoves(nil)
	out := make([]DivideEntry, len(moves))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := p.Clone()
			for i := range next {
				q.Make(moves[i])
				out[i] = DivideEntry{moves[i], Perft(q, depth-1)}
				q.Unmake()
			}
		}()
	}
	for i := range moves {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// ParallelPerft is Perft split over root moves across workers goroutines.
func ParallelPerft(p *interpreter.Position, depth, workers int) int64 {
	if depth <= 2 {
		return Perft(p, depth)
	}
	var n int64
	for _, e := range Divide(p, depth, workers) {
		n += e.Nodes
	}
	return n
}
