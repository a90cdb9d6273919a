// Package suite runs a definition's own tests: perft counts, move lists, attacks, check, games, results.
package suite

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// Options bound the cost of a test run.
type Options struct {
	// MaxDepth skips perft depths above it (0 = no limit).
	MaxDepth int
	// MaxNodes skips perft depths whose expected count exceeds it (0 = no limit).
	MaxNodes int64
	// Workers is the number of goroutines for large perft counts (0 = all CPUs).
	Workers int
	// Nodes, when not nil, has the perft nodes added as they are counted (large counts
	// every few milliseconds, small ones when done), for a progress display.
	Nodes *atomic.Int64
	// AllowHookErrors keeps a test whose hooks failed as they ran (HookFailures) from
	// failing for that alone.
	AllowHookErrors bool
}

// parallelFrom is the expected node count from which perft is split across goroutines.
const parallelFrom = 200_000

// TestResult is the outcome of one definition test.
type TestResult struct {
	Name    string
	Where   string   // file:line of the test in its definition
	Pass    bool     // every assertion that ran held
	Failure []string // what went wrong, one assertion per line
	Skipped []string // what was not run (perft depths beyond the limits)
	Nodes   int64    // perft nodes counted
	Elapsed time.Duration
	// Interrupted: the context was cancelled during the game, whose test was then not
	// checked, or during the perft counts, so the depth being counted and those after it
	// were not checked (Skipped says which). Pass then says only that nothing checked
	// failed.
	Interrupted bool
	// HookFailures are the hooks that failed as the test ran (each failed run counted as
	// false); unless Options.AllowHookErrors, each is also a failure of the test.
	HookFailures []interpreter.HookFailure
}

// Message joins the failures into one text.
func (r *TestResult) Message() string { return strings.Join(r.Failure, "\n") }

// RunTests runs every test of the ruleset's definition, in file order.
func RunTests(rs *compiler.Ruleset, opt Options) []TestResult {
	if rs.Def == nil {
		return nil
	}
	out := make([]TestResult, 0, len(rs.Def.Tests))
	for i := range rs.Def.Tests {
		out = append(out, RunTest(rs, &rs.Def.Tests[i], opt))
	}
	return out
}

// SrcWhere renders a definition node's position as file:line:col (or the file alone).
func SrcWhere(s defs.Src) string {
	if s.Node == nil {
		return s.File
	}
	return fmt.Sprintf("%s:%d:%d", s.File, s.Node.Line, s.Node.Column)
}

// checkAfter compares the position with the expected FEN, both as the interpreter writes
// them (so equivalent spellings of castling rights compare equal).
func checkAfter(rs *compiler.Ruleset, p *interpreter.Position, fen string, fail func(string, ...any)) {
	want, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		fail("after: %v", err)
		return
	}
	if got, w := p.FEN(), want.FEN(); got != w {
		fail("after: got %s, want %s", got, w)
	}
}

// RunTest runs one test. The game, if any, is replayed first; every other assertion
// (after, perft, moves, contains, excludes, attacks, check, result) holds for the position the
// game leads to, or for the start position when there is no game.
func RunTest(rs *compiler.Ruleset, t *defs.Test, opt Options) TestResult {
	return RunTestContext(context.Background(), rs, t, opt)
}

// RunTestContext is RunTest that stops its game (between moves; its checks are then not
// run) and its perft counts (between depths, and within a large count every few
// milliseconds) when ctx is cancelled, marking the result Interrupted.
func RunTestContext(ctx context.Context, rs *compiler.Ruleset, t *defs.Test, opt Options) (r TestResult) {
	start := time.Now()
	r = TestResult{Name: t.Name, Where: SrcWhere(t.Src)}
	fail := func(format string, args ...any) { r.Failure = append(r.Failure, fmt.Sprintf(format, args...)) }
	var p *interpreter.Position
	defer func() {
		if p != nil {
			r.HookFailures = p.HookFailures()
			for _, f := range r.HookFailures {
				if !opt.AllowHookErrors {
					fail("%s", f.Message())
				}
			}
		}
		r.Pass = len(r.Failure) == 0
		r.Elapsed = time.Since(start)
	}()

	p, err := testPosition(rs, t)
	if err != nil {
		fail("position: %v", err)
		return r
	}
	if strings.TrimSpace(t.Game) != "" {
		rep := gametext.ReplayGameContext(ctx, p, t.Game)
		if ctx.Err() != nil {
			r.Interrupted = true
			r.Skipped = append(r.Skipped, fmt.Sprintf("game stopped after %d moves, at %s (interrupted): the test's checks not run", len(rep.Moves), rep.Stop.Label()))
			return r
		}
		if rep.Stop != nil {
			fail("game: %v", rep.Stop)
			return r
		}
	}
	if t.After != "" {
		checkAfter(rs, p, t.After, fail)
	}
	if t.Moves != nil {
		checkMoveSet(p, t.Moves, fail)
	}
	for _, s := range t.Contains {
		if _, err := p.ParseMove(s); err != nil {
			fail("contains %s: not a legal move: %v", s, err)
		}
	}
	for _, s := range t.Excludes {
		m, err := p.ParseMove(s)
		switch {
		case err == nil:
			fail("excludes %s: it is legal (%s)", s, p.Coord(m))
		case strings.Contains(err.Error(), "ambiguous"):
			fail("excludes %s: it names several legal moves: %v", s, err)
		}
	}
	for _, a := range t.Attacks {
		checkAttacks(p, a, fail)
	}
	if t.Check != nil {
		if got := p.InCheck(); got != *t.Check {
			fail("check: got %v, want %v", got, *t.Check)
		}
	}
	if t.Result != "" {
		if got := p.Result(); got.Score != t.Result {
			reason := ""
			if got.Reason != "" {
				reason = " (" + got.Reason + ")"
			}
			fail("result: got %s%s, want %s", got.Score, reason, t.Result)
		}
	}
	if len(t.Perft) > 0 {
		r.Nodes, r.Interrupted = checkPerft(ctx, p, t.Perft, opt, fail, func(s string) { r.Skipped = append(r.Skipped, s) })
	}
	return r
}

// testPosition sets up the test's FEN, named setup, or the default setup.
func testPosition(rs *compiler.Ruleset, t *defs.Test) (*interpreter.Position, error) {
	if strings.TrimSpace(t.FEN) != "" {
		return interpreter.FromFEN(rs, t.FEN)
	}
	return interpreter.Start(rs, t.Setup)
}

// checkMoveSet compares the legal moves with an exact list. Listed moves are read like
// any move (ParseMove), so SAN and the other castling spelling also name their move. The
// legal moves are keyed by their coordinate text, so a move generated twice, or two moves
// written alike, fail the test rather than pass as one.
func checkMoveSet(p *interpreter.Position, want []string, fail func(string, ...any)) {
	checkMoveList(p, p.LegalMoves(nil), p.Coord, want, fail)
}

// checkMoveList is checkMoveSet for the given legal moves of p, written by coord.
func checkMoveList(p *interpreter.Position, moves []interpreter.Move, coord func(interpreter.Move) string, want []string, fail func(string, ...any)) {
	legal := map[string]bool{}
	generated := map[interpreter.Move]bool{}
	for _, m := range moves {
		c := coord(m)
		switch {
		case generated[m]:
			fail("moves: %s is generated twice", c)
		case legal[c]:
			fail("moves: two legal moves are written %s", c)
		}
		generated[m] = true
		legal[c] = true
	}
	listed := map[string]bool{}
	var missing []string
	for _, s := range want {
		c := s
		if !legal[s] {
			m, err := p.ParseMove(s)
			if err != nil {
				missing = append(missing, s)
				continue
			}
			c = coord(m)
		}
		if listed[c] {
			fail("moves: %s is listed twice", s)
		}
		listed[c] = true
	}
	var extra []string
	for c := range legal {
		if !listed[c] {
			extra = append(extra, c)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		msg := fmt.Sprintf("moves: got %d legal moves, want %d", len(moves), len(want))
		if len(missing) > 0 {
			msg += "; listed but not legal: " + strings.Join(missing, " ")
		}
		if len(extra) > 0 {
			msg += "; legal but not listed: " + strings.Join(extra, " ")
		}
		fail("%s", msg)
	}
}

func checkAttacks(p *interpreter.Position, a defs.AttackCheck, fail func(string, ...any)) {
	rs := p.Ruleset()
	by := compiler.White
	if a.By == "black" {
		by = compiler.Black
	}
	var notAttacked, attacked []string
	for _, name := range a.Squares {
		sq, ok := rs.ParseSquare(name)
		if !ok {
			fail("attacks by %s: %s is not a square of the board", a.By, name)
			continue
		}
		if !p.Attacked(sq, by) {
			notAttacked = append(notAttacked, name)
		}
	}
	for _, name := range a.Not {
		sq, ok := rs.ParseSquare(name)
		if !ok {
			fail("attacks by %s: %s is not a square of the board", a.By, name)
			continue
		}
		if p.Attacked(sq, by) {
			attacked = append(attacked, name)
		}
	}
	if len(notAttacked) > 0 {
		fail("attacks by %s: not attacked, want attacked: %s", a.By, strings.Join(notAttacked, " "))
	}
	if len(attacked) > 0 {
		fail("attacks by %s: attacked, want not attacked: %s", a.By, strings.Join(attacked, " "))
	}
}

// checkPerft counts depths 1..len(want) within the limits and stops at the first
// mismatch (deeper counts would differ too), or when ctx is cancelled. It returns the
// nodes counted in the depths it finished, and whether it was interrupted.
func checkPerft(ctx context.Context, p *interpreter.Position, want []int64, opt Options, fail func(string, ...any), skip func(string)) (int64, bool) {
	var total int64
	for d := 1; d <= len(want); d++ {
		w := want[d-1]
		if beyondLimits(opt, d, w) {
			skip(skippedDepths(want, d, opt))
			break
		}
		var got int64
		var err error
		if err = ctx.Err(); err == nil && w >= parallelFrom {
			var entries []perft.DivideEntry
			entries, err = perft.DivideContext(ctx, p, d, opt.Workers, perft.Watch{Nodes: opt.Nodes})
			for _, e := range entries {
				got += e.Nodes
			}
		} else if err == nil {
			got = perft.Perft(p, d)
			if opt.Nodes != nil {
				opt.Nodes.Add(got)
			}
		}
		if err != nil {
			depths := fmt.Sprintf("perft depth %d", d)
			if d < len(want) {
				depths = fmt.Sprintf("perft depths %d-%d", d, len(want))
			}
			skip(depths + " not run (interrupted)")
			return total, true
		}
		total += got
		if got != w {
			msg := fmt.Sprintf("perft depth %d: got %d, want %d", d, got, w)
			if d < len(want) {
				msg += " (deeper depths not run)"
			}
			fail("%s", msg)
			break
		}
	}
	return total, false
}

// beyondLimits tells whether perft depth d, expecting w nodes, is skipped under opt.
func beyondLimits(opt Options, d int, w int64) bool {
	return opt.MaxDepth > 0 && d > opt.MaxDepth || opt.MaxNodes > 0 && w > opt.MaxNodes
}

// ExpectedNodes is the number of perft nodes the test's counts expect within the limits
// of opt (the most it will count), for an estimate of a run's length.
func ExpectedNodes(t *defs.Test, opt Options) int64 {
	var n int64
	for i, w := range t.Perft {
		if beyondLimits(opt, i+1, w) {
			break
		}
		if w > 0 {
			n += min(w, math.MaxInt64-n)
		}
	}
	return n
}

func skippedDepths(want []int64, d int, opt Options) string {
	depths := fmt.Sprintf("perft depth %d", d)
	if d < len(want) {
		depths = fmt.Sprintf("perft depths %d-%d", d, len(want))
	}
	why := fmt.Sprintf("expected %d nodes > limit %d", want[d-1], opt.MaxNodes)
	if opt.MaxDepth > 0 && d > opt.MaxDepth {
		why = fmt.Sprintf("beyond depth limit %d", opt.MaxDepth)
	}
	return depths + " skipped (" + why + ")"
}
