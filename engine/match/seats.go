// Engines of games of seats: a process that speaks the seats protocol
// (docs/seats-protocol.md) as a player of engine/seats.

package match

import (
	"context"
	"fmt"
	"strings"
	"time"

	"chimera/engine/seats"
	"chimera/interpreter"
)

// SeatsEngine is an engine process playing seats of a game of seats: for each move the
// referee sends the table's FEN and "go" with the engine's limits, and reads "bestmove".
type SeatsEngine struct {
	p    *proc
	name string // from its id line, else its command
	goes string // the go command, limits included
	wait time.Duration
}

// StartSeatsEngine starts args as an engine of the seats protocol for variant (a name or
// a definition's path, as the engine's variant command takes it): the handshake (seats,
// seatsok; variant; isready, readyok) within wait, then each move's search within its
// limits (goArgs: "nodes 2000", "movetime 500", ...) and wait.
func StartSeatsEngine(args []string, variant, goArgs string, wait time.Duration) (*SeatsEngine, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("no engine command")
	}
	p, err := startProc(args, args[0], nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", args[0], err)
	}
	e := &SeatsEngine{p: p, name: strings.Join(args, " "), goes: strings.TrimSpace("go " + goArgs), wait: wait}
	fail := func(err error) (*SeatsEngine, error) {
		p.kill()
		return nil, fmt.Errorf("%s: %w", e.name, err)
	}
	if err := p.send("seats"); err != nil {
		return fail(err)
	}
	if _, err := e.until("seatsok", func(l string) {
		if name, ok := strings.CutPrefix(l, "id name "); ok && strings.TrimSpace(name) != "" {
			e.name = strings.TrimSpace(name)
		}
	}); err != nil {
		return fail(err)
	}
	if err := p.send("variant "+variant, "isready"); err != nil {
		return fail(err)
	}
	if _, err := e.until("readyok", nil); err != nil {
		return fail(err)
	}
	return e, nil
}

// until reads lines until one is want (or starts with "want "), passing the others to
// hear; an error line fails it with the engine's words.
func (e *SeatsEngine) until(want string, hear func(string)) (string, error) {
	deadline := time.Now().Add(e.wait)
	for {
		l, err := e.p.recv(context.Background(), deadline)
		if err != nil {
			if err == errExited {
				return "", fmt.Errorf("%w (%s) while waiting for %s", err, e.p.exitStatus(), want)
			}
			return "", fmt.Errorf("%w: waited %v for %s", err, e.wait, want)
		}
		text := strings.TrimSpace(l.text)
		switch {
		case text == want || strings.HasPrefix(text, want+" "):
			return text, nil
		case strings.HasPrefix(text, "error"):
			return "", fmt.Errorf("the engine answered %q", text)
		case hear != nil:
			hear(text)
		}
	}
}

// Name is the engine's name (its id line).
func (e *SeatsEngine) Name() string { return e.name }

// Move asks the engine for the move of the seat to move of t, and checks it is legal.
func (e *SeatsEngine) Move(t *interpreter.Table) (interpreter.TableMove, error) {
	if err := e.p.send("position fen "+t.FEN(), e.goes); err != nil {
		return interpreter.TableMove{}, fmt.Errorf("%s: %w", e.name, err)
	}
	l, err := e.until("bestmove", nil)
	if err != nil {
		return interpreter.TableMove{}, fmt.Errorf("%s: %w", e.name, err)
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		return interpreter.TableMove{}, fmt.Errorf("%s: %q names no move", e.name, l)
	}
	m, err := t.ParseMove(f[1])
	if err != nil {
		return interpreter.TableMove{}, fmt.Errorf("%s: bestmove %s: %w", e.name, f[1], err)
	}
	return m, nil
}

// Close ends the process: quit, then a kill if it lingers.
func (e *SeatsEngine) Close() { e.p.quit("quit", time.Second) }

var _ seats.Player = (*SeatsEngine)(nil)
