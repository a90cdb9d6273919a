// Package perft counts legal move trees: perft with bulk counting, divide, a parallel root split.
package perft

import (
	"runtime"
	"sync"

	"chimera/interpreter"
)

// Perft counts the leaf nodes of the legal move tree of depth d from p. Its memory grows
// with the plies the tree actually reaches, not with depth: an absurd depth costs nothing
// until the tree gets that deep.
func Perft(p *interpreter.Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	c := counter{p: p}
	return c.count(depth, 0)
}

// counter walks a move tree with one move buffer per ply from the root, made when the
// walk first reaches that ply and reused after.
type counter struct {
	p    *interpreter.Position
	bufs [][]interpreter.Move
}

func (c *counter) count(depth, ply int) int64 {
	if ply == len(c.bufs) {
		c.bufs = append(c.bufs, make([]interpreter.Move, 0, 256))
	}
	moves := c.p.LegalMoves(c.bufs[ply])
	c.bufs[ply] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		c.p.Make(m)
		n += c.count(depth-1, ply+1)
		c.p.Unmake()
	}
	return n
}

// DivideEntry is one root move and its subtree count.
type DivideEntry struct {
	Move  interpreter.Move
	Nodes int64
}

// Divide counts each root move's subtree, using up to workers goroutines (0 or less: all
// CPUs; never more than there are root moves). Entries come back in move generation order.
func Divide(p *interpreter.Position, depth, workers int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	moves := p.LegalMoves(nil)
	out := make([]DivideEntry, len(moves))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(moves))
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
