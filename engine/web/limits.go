// The bounds of the work a request causes: a deadline for each, its work stopped when its client goes away, bounded queues (503 past them); the HTTP server's timeouts.

package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"time"
)

// bounds are the server's bounds of work. Every request runs under its request's
// context, which ends when the client goes away, and under a deadline; the work checks
// it as it goes (between the plies of a replay, in the engine's and perft's node loops,
// between the moves of a test's game and of a balance report's games).
type bounds struct {
	// engineWorkers requests for the engine (search, perft, tests, balance) run at a
	// time, each on one thread: a page's tab asks for one at a time (a new search stops
	// its last), so as many tabs think at once without waiting for each other.
	engineWorkers int
	// engineQueue is how many requests for the engine may wait while it works on
	// others: past that they are answered 503 at once.
	engineQueue int
	// engineWait is how long a request waits for the engine before it is answered 503.
	engineWait time.Duration
	// replayWorkers replays (game, play, pgn, setup; definitions compiled) run at a time,
	// and replayQueue more may wait: past that they are answered 503 at once.
	replayWorkers, replayQueue int
	// replayTime bounds a replay's wait, then the replay: a game whose hooks are that
	// slow is refused.
	replayTime time.Duration
	// toolTime bounds a tests or perft request's work, balanceTime a balance report's.
	toolTime, balanceTime time.Duration
}

var defaultBounds = bounds{
	engineWorkers: max(2, runtime.GOMAXPROCS(0)), engineQueue: 8, engineWait: 2 * time.Minute,
	replayWorkers: max(2, runtime.GOMAXPROCS(0)), replayQueue: 32, replayTime: 20 * time.Second,
	toolTime: time.Minute, balanceTime: 3 * time.Minute,
}

// answerTime is the time a request's answer may take to be written, past its work's own
// bound: a client that does not read it is cut off then.
const answerTime = 30 * time.Second

// gate admits work: at most workers at a time, and at most queue more waiting.
type gate struct {
	admitted chan struct{} // one token per request admitted: running or waiting
	running  chan struct{} // one token per request running
}

func newGate(workers, queue int) *gate {
	return &gate{admitted: make(chan struct{}, workers+queue), running: make(chan struct{}, workers)}
}

// pass is a request admitted by a gate.
type pass struct {
	g       *gate
	running bool
}

// admit lets a request in, or reports false at once when the queue is full.
func (g *gate) admit() (*pass, bool) {
	select {
	case g.admitted <- struct{}{}:
		return &pass{g: g}, true
	default:
		return nil, false
	}
}

// wait waits for the request's turn to work, until ctx is done (its error then).
func (p *pass) wait(ctx context.Context) error {
	select {
	case p.g.running <- struct{}{}:
		p.running = true
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// done lets the next request in.
func (p *pass) done() {
	if p.running {
		<-p.g.running
	}
	<-p.g.admitted
}

// busy answers 503: the server has more work queued than it takes, or the request waited
// too long for its turn.
func busy(w http.ResponseWriter, what string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "10")
	w.WriteHeader(http.StatusServiceUnavailable)
	json.NewEncoder(w).Encode(map[string]string{"error": "the server is busy: " + what + "; try again later"})
}

// admitTo admits a request to g, or answers 503 (false) when its queue is full.
func admitTo(w http.ResponseWriter, g *gate, what string) (*pass, bool) {
	p, ok := g.admit()
	if !ok {
		busy(w, fmt.Sprintf("%d requests for %s wait already", cap(g.admitted)-cap(g.running), what))
	}
	return p, ok
}

// turn waits within wait for the turn of the admitted request r. On false it has been
// answered (503) or has gone away, and p is done.
func (p *pass) turn(w http.ResponseWriter, r *http.Request, what string, wait time.Duration) bool {
	ctx, cancel := context.WithTimeout(r.Context(), wait)
	defer cancel()
	if err := p.wait(ctx); err != nil {
		p.done()
		if r.Context().Err() == nil {
			busy(w, fmt.Sprintf("%s was not free within %s", what, wait))
		}
		return false
	}
	return true
}

// answerBy sets the time by which the request's answer must be written (the write
// deadline of its connection): work bounded by d, and answerTime to write it.
func answerBy(w http.ResponseWriter, d time.Duration) {
	// Not every writer has a deadline (the static build's has none): then the work's own
	// bounds hold.
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(d + answerTime))
}

// bounded gives every request a time to be answered in, answerTime unless its handler
// sets another.
func bounded(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		answerBy(w, 0)
		h.ServeHTTP(w, r)
	})
}

// stopped is the error of work (what) stopped by the end of its context ctx: its
// deadline, limit after it began, or its client gone.
func stopped(ctx context.Context, what string, limit time.Duration) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%s: stopped after %s, this server's limit", what, limit)
	}
	return ctx.Err()
}

// HTTPServer is an http.Server for the handler with timeouts against clients that hold
// connections open: the request's headers and body must come within ReadHeaderTimeout and
// ReadTimeout (a body trickled byte by byte is cut off), an idle connection is closed
// after IdleTimeout. It has no WriteTimeout, which would cut long searches short: each
// request sets its own write deadline, by its work's bound.
func HTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    1 << 20,
	}
}
