// Package protocol is what the engine's text protocol sessions (packages uci and xboard)
// share: the searcher they drive (an interface, so that a session runs over any engine),
// the bounds a caller may put on what a session asks of it, the compiled built-ins, and
// the reading of input lines with a bound on their length.
package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/search"
	"chimera/interpreter"
)

// Bounds of what a protocol (or a command-line flag) may ask of the engine: search
// threads, the hash table's megabytes and the depth of a search.
const (
	MaxThreads = 64
	MaxHashMB  = 4096
	MaxDepth   = 100
)

// Engine is the searcher a session drives: one per variant, keeping its table and its
// threads between searches. *search.Engine is one.
type Engine interface {
	// Search searches p within lim until a limit is reached or ctx is done; see
	// search.Engine.Search.
	Search(ctx context.Context, p *interpreter.Position, lim search.Limits, report func(search.Info)) search.Result
	Clear()            // a new game: forget what was learnt
	Resize(hashMB int) // a new hash table of about hashMB megabytes
	SetThreads(n int)  // search with n threads
	Threads() int
}

// fogPlayer is an engine that plays under fog of war from its side's view alone
// (search.Engine.FogMove).
type fogPlayer interface {
	FogMove(ctx context.Context, p *interpreter.Position, lim search.Limits, samples int, seed uint64) search.Result
}

// Move is e's move in p within lim. Under fog of war, the position told being the whole
// board, an engine that has a fog player plays with it (search.FogMove: the same view,
// the same move), reporting nothing; else it is e's search, reporting to report.
func Move(ctx context.Context, e Engine, p *interpreter.Position, lim search.Limits, report func(search.Info)) search.Result {
	if f, ok := e.(fogPlayer); ok && p.Ruleset().Fog != nil {
		return f.FogMove(ctx, p, lim, search.FogSamples, 1)
	}
	return e.Search(ctx, p, lim, report)
}

// Config sets up a session: the engine it makes for each variant, and caps on what it
// may ask of it.
type Config struct {
	// NewEngine makes the engine for a variant with a hash table of about hashMB
	// megabytes; nil makes Chimera's search.
	NewEngine func(rs *compiler.Ruleset, hashMB int) Engine
	Caps      Caps
}

// Engine makes the engine for rs with a hash table of about hashMB megabytes (capped).
func (c Config) Engine(rs *compiler.Ruleset, hashMB int) Engine {
	hashMB = c.Caps.Hash(hashMB)
	if c.NewEngine != nil {
		return c.NewEngine(rs, hashMB)
	}
	return search.New(rs, hashMB)
}

// Caps bound what a session may ask of the engine; tests and fuzzing use them to keep
// every search short. Zero fields do not bound.
type Caps struct {
	HashMB   int           // largest transposition table
	Depth    int           // deepest search
	MoveTime time.Duration // longest search
	Perft    int           // deepest perft (UCI's go perft)
}

// Hash is mb within the cap.
func (c Caps) Hash(mb int) int {
	if c.HashMB > 0 {
		return min(mb, c.HashMB)
	}
	return mb
}

// Bound applies the caps to search limits: a fixed time is cut to the cap, clocks and
// increments too (a search takes at most a third of the clock and half the increment),
// and a search with neither gets the cap as its fixed time.
func (c Caps) Bound(lim search.Limits) search.Limits {
	if c.Depth > 0 && (lim.Depth == 0 || lim.Depth > c.Depth) {
		lim.Depth = c.Depth
	}
	if c.MoveTime <= 0 {
		return lim
	}
	switch {
	case lim.MoveTime > 0:
		lim.MoveTime = min(lim.MoveTime, c.MoveTime)
	case lim.Time != [2]time.Duration{}:
		for i := range lim.Time {
			lim.Time[i] = min(lim.Time[i], c.MoveTime)
			lim.Inc[i] = min(lim.Inc[i], c.MoveTime)
		}
	case !lim.Infinite:
		lim.MoveTime = c.MoveTime
	}
	return lim
}

// TwoSided refuses a game of seats: the protocols speak two sides (a position is one
// FEN of two colours; a move is the side to move's).
func TwoSided(rs *compiler.Ruleset) error {
	return interpreter.TwoSided(rs, "this protocol", "play it with chimera seats, seat-engine (the seats protocol), perft or show")
}

// builtinRulesets caches the compiled built-ins, which are immutable and shared: protocol
// sessions switch variants often.
var builtinRulesets sync.Map

// OpenBuiltin returns the compiled built-in variant name.
func OpenBuiltin(name string) (*compiler.Ruleset, error) {
	if rs, ok := builtinRulesets.Load(name); ok {
		return rs.(*compiler.Ruleset), nil
	}
	if _, ok := defs.BuiltinSource(name); !ok {
		return nil, fmt.Errorf("unknown variant %q", name)
	}
	rs, err := interpreter.Open(name)
	if err == nil {
		err = TwoSided(rs)
	}
	if err != nil {
		return nil, err
	}
	builtinRulesets.Store(name, rs)
	return rs, nil
}

// MaxLineBytes bounds an input line (without its line ending). A longer line is skipped,
// told in the protocol's error form, and the session goes on.
const MaxLineBytes = 1 << 20

// ReadCommands hands each non-empty line of a protocol's input, trimmed, to handle until
// it returns false (quit) or the input ends. A line longer than MaxLineBytes is not kept:
// tooLong gets its first bytes (up to 100) and its length, and reading goes on after it.
func ReadCommands(in io.Reader, handle func(line string) bool, tooLong func(start string, n int64)) {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte // the line's first MaxLineBytes+1 bytes at most
	var n int64     // the line's length so far, its ending included
	var last byte   // the byte before this chunk
	for {
		chunk, err := r.ReadSlice('\n')
		if room := MaxLineBytes + 1 - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		n += int64(len(chunk))
		if err == bufio.ErrBufferFull {
			last = chunk[len(chunk)-1]
			continue
		}
		if err == nil { // the chunk ends with the newline: the ending is \n or \r\n
			n--
			if len(chunk) >= 2 && chunk[len(chunk)-2] == '\r' || len(chunk) == 1 && last == '\r' {
				n--
			}
		}
		if n > MaxLineBytes {
			tooLong(string(line[:min(len(line), 100)]), n)
		} else if text := strings.TrimSpace(string(line)); text != "" && !handle(text) {
			return
		}
		if err != nil {
			return // the end of the input, or a failed read
		}
		line, n, last = line[:0], 0, 0
	}
}

// Truncate cuts s to n bytes, marked "...", for quoting input in an error line.
func Truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
