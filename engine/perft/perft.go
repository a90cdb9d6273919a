// Package perft counts legal move trees: perft with bulk counting, divide, a parallel root split.
package perft

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"chimera/engine/pause"
	"chimera/interpreter"
)

// Perft counts the leaf nodes of the legal move tree of depth d from p. Its memory grows
// with the plies the tree actually reaches, not with depth: an absurd depth costs nothing
// until the tree gets that deep.
//
// In rules whose turns are several moves, a node is a whole turn: the moves of a turn
// are walked one by one, and depth falls by one when the side to move changes (or when
// the side still to move has no legal move, which ends the game and so the turn).
func Perft(p *interpreter.Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	c := counter{p: p, turns: p.Ruleset().Turns != nil}
	return c.count(depth, 0)
}

// counter walks a move tree with one move buffer per ply from the root, made when the
// walk first reaches that ply and reused after.
type counter struct {
	p    *interpreter.Position
	bufs [][]interpreter.Move
	// turns: the rules' turns are several moves (a node is a whole turn); without them
	// the walk asks nothing about turns.
	turns bool
}

func (c *counter) count(depth, ply int) int64 {
	if ply == len(c.bufs) {
		c.bufs = append(c.bufs, make([]interpreter.Move, 0, 256))
	}
	if depth == 1 && (!c.turns || lastOfTurn(c.p)) {
		return int64(c.p.MoveCount(c.bufs[ply]))
	}
	moves := c.p.LegalMoves(c.bufs[ply])
	c.bufs[ply] = moves
	var n int64
	if !c.turns {
		for _, m := range moves {
			c.p.Make(m)
			n += c.count(depth-1, ply+1)
			c.p.Unmake()
		}
		return n
	}
	side := c.p.Side()
	for _, m := range moves {
		c.p.Make(m)
		if c.p.Side() == side {
			n += atLeastOne(c.count(depth, ply+1), depth)
		} else if depth > 1 {
			n += c.count(depth-1, ply+1)
		} else {
			n++
		}
		c.p.Unmake()
	}
	return n
}

// lastOfTurn reports whether every move of the side to move ends its turn (always, in
// rules of one move a turn).
func lastOfTurn(p *interpreter.Position) bool { return p.TurnPart()+1 >= p.TurnMoves() }

// atLeastOne is the count of a turn's rest, n, at depth: a turn whose side to move has
// no legal move left (n is 0 at depth 1) has ended, and counts as one node there.
func atLeastOne(n int64, depth int) int64 {
	if n == 0 && depth == 1 {
		return 1
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
	out, _ := DivideContext(context.Background(), p, depth, workers, Watch{})
	return out
}

// Watch is what a stoppable count reports while it runs; the zero value reports nothing.
type Watch struct {
	// OnDone, when not nil, is called with each root move's entry as soon as its subtree
	// is counted, in the order they finish, by one goroutine at a time.
	OnDone func(DivideEntry)
	// Nodes, when not nil, has the leaves counted added to it as the count goes: each
	// root move's part about every checkEvery interior nodes, the rest when it finishes.
	// It is for a progress display: once a count ends, what it added is exactly the
	// total of its finished root moves plus part of its unfinished ones.
	Nodes *atomic.Int64
	// Only, when not nil, picks the root moves to count (a shard of the tree): the others
	// are left out of the count and the entries.
	Only func(interpreter.Move) bool
}

// checkEvery is how many interior nodes a stoppable walk counts between looks at its
// context (and reports of its leaves): a few milliseconds of work.
const checkEvery = 1 << 12

// DivideContext is Divide that can be stopped and watched. Each worker looks at ctx
// before it starts a root move and every checkEvery interior nodes within one, so a
// cancelled count stops within milliseconds. It returns the entries of the root moves
// that were counted in full, in move generation order, and ctx's error if it stopped
// early (then the entries are only part of the tree).
func DivideContext(ctx context.Context, p *interpreter.Position, depth, workers int, w Watch) ([]DivideEntry, error) {
	if depth < 1 {
		return nil, ctx.Err()
	}
	moves := p.LegalMoves(nil)
	if w.Only != nil {
		kept := moves[:0]
		for _, m := range moves {
			if w.Only(m) {
				kept = append(kept, m)
			}
		}
		moves = kept
	}
	out := make([]DivideEntry, len(moves))
	finished := make([]bool, len(moves))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(moves))
	next := make(chan int)
	var mu sync.Mutex // serializes OnDone
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := watchedCounter{counter: counter{p: p.Clone(), turns: p.Ruleset().Turns != nil}, done: ctx.Done(), nodes: w.Nodes, tick: checkEvery}
			for i := range next {
				if c.stopped || ctx.Err() != nil {
					continue // drain: the sender may still hand out a move
				}
				var n int64 = 1
				leaf := depth == 1 // a whole node: counted here, not by c
				side := c.p.Side()
				c.p.Make(moves[i])
				if c.p.Side() == side {
					if n = c.count(depth, 0); n == 0 && depth == 1 {
						n = 1 // the turn ended with no move left
					} else {
						leaf = false
					}
				} else if depth > 1 {
					n = c.count(depth-1, 0)
				}
				c.p.Unmake()
				c.flush()
				if c.stopped {
					continue
				}
				e := DivideEntry{moves[i], n}
				if leaf && w.Nodes != nil {
					w.Nodes.Add(1)
				}
				out[i], finished[i] = e, true
				if w.OnDone != nil {
					mu.Lock()
					w.OnDone(e)
					mu.Unlock()
				}
			}
		}()
	}
send:
	for i := range moves {
		select {
		case next <- i:
		case <-ctx.Done():
			break send
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		done := out[:0]
		for i, e := range out {
			if finished[i] {
				done = append(done, e)
			}
		}
		return done, err
	}
	return out, nil
}

// watchedCounter is counter with a look at a done channel every checkEvery interior
// nodes. It is a separate walk so that Perft pays nothing for it.
type watchedCounter struct {
	counter
	done    <-chan struct{}
	nodes   *atomic.Int64
	pending int64 // leaves counted and not yet added to nodes
	tick    int   // interior nodes left until the next look
	stopped bool  // done was closed: the count in progress is unfinished
}

func (c *watchedCounter) count(depth, ply int) int64 {
	if c.tick--; c.tick <= 0 {
		c.tick = checkEvery
		c.flush()
		pause.Check() // in a browser, the page's messages come in (a Stop)
		select {
		case <-c.done:
			c.stopped = true
		default:
		}
	}
	if c.stopped {
		return 0
	}
	if ply == len(c.bufs) {
		c.bufs = append(c.bufs, make([]interpreter.Move, 0, 256))
	}
	if depth == 1 && (!c.turns || lastOfTurn(c.p)) {
		n := int64(c.p.MoveCount(c.bufs[ply]))
		c.pending += n
		return n
	}
	moves := c.p.LegalMoves(c.bufs[ply])
	c.bufs[ply] = moves
	side := c.p.Side()
	var n int64
	for _, m := range moves {
		c.p.Make(m)
		switch {
		case c.turns && c.p.Side() == side:
			k := c.count(depth, ply+1)
			if k == 0 && depth == 1 {
				k, c.pending = 1, c.pending+1
			}
			n += k
		case depth > 1:
			n += c.count(depth-1, ply+1)
		default:
			n++
			c.pending++
		}
		c.p.Unmake()
		if c.stopped {
			return n
		}
	}
	return n
}

// flush adds the pending leaves to the shared tally.
func (c *watchedCounter) flush() {
	if c.nodes != nil && c.pending != 0 {
		c.nodes.Add(c.pending)
	}
	c.pending = 0
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
