// Hooks at run time: each position's VM and environment, and the failure log it shares with its clones.

package interpreter

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/expr-lang/expr/vm"

	"chimera/compiler"
)

// hookState is a position's scratch for hooks, made on its first hook run: one VM and one
// environment whose fields read the move being judged. A clone makes its own.
type hookState struct {
	vm  vm.VM
	env compiler.HookEnv
	// The move being judged.
	mover     Color
	typ       int
	from, to  Square
	caps, ply int
	steps     int                 // loop iterations in this run
	built     compiler.HookBudget // text and lists built in this run
}

// errHookSteps stops a run that goes past compiler.MaxHookSteps.
var errHookSteps = fmt.Errorf("the hook ran more than %d loop steps (the limit of one run)", compiler.MaxHookSteps)

// newHookState binds an environment to the move fields; inCheck, count and held read the
// position (count(t, c): pieces of type t side c has on the board; held(t, c): in its
// pools).
func newHookState(rs *compiler.Ruleset, inCheck func() bool, count, held func(t int, c Color) int, at func(sq Square) Piece) *hookState {
	h := &hookState{}
	h.vm.MemoryBudget = compiler.HookMemoryBudget
	e := &h.env
	e.Mover = func() int { return h.mover }
	e.Piece = func() int { return h.typ }
	e.From = func() int { return h.from }
	e.To = func() int { return h.to }
	e.Captures = func() int { return h.caps }
	e.Ply = func() int { return h.ply }
	e.Check = inCheck
	e.Count = func(t, c int) int {
		if uint(t) >= uint(rs.NumPieces()) || uint(c) > 1 {
			return 0 // never: the compiler passes checked constants or the moved piece
		}
		return count(t, c)
	}
	e.Held = func(t, c int) int {
		if uint(t) >= uint(rs.NumPieces()) || uint(c) > 1 {
			return 0
		}
		return held(t, c)
	}
	e.At = func(square string) string {
		sq, ok := rs.ParseSquare(square)
		if !ok {
			return ""
		}
		pc := at(sq)
		if pc == NoPiece {
			return ""
		}
		return string(letterOf(rs, pc))
	}
	e.MoverText = func() string { return sideName[h.mover] }
	e.PieceText = func() string { return rs.Piece(h.typ).LetterText }
	e.FromText = func() string { return rs.SquareName(h.from) }
	e.ToText = func() string { return rs.SquareName(h.to) }
	byText := func(f func(t int, c Color) int) func(letter, side string) int {
		return func(letter, side string) int {
			t := rs.TypeOfText(letter)
			if t < 0 {
				return 0
			}
			c := compiler.White
			if side == "black" {
				c = compiler.Black
			}
			return f(t, c)
		}
	}
	e.CountText, e.HeldText = byText(count), byText(held)
	e.Add, e.Builtin = h.built.Add, h.built.Builtin
	e.Step = func() bool {
		if h.steps++; h.steps > compiler.MaxHookSteps {
			panic(errHookSteps)
		}
		return true
	}
	return h
}

// hookLog counts each hook's failed runs and keeps the first error. A position and its
// clones share one, so the workers of a parallel perft or search report into it.
type hookLog struct {
	fails []atomic.Int64
	first []atomic.Pointer[hookError]
	// stopped[i]: hook i overran its step or memory budget; it is not run again, each
	// move it would have judged counting as one more failure (it would cost the budget
	// again: a tree of such runs is a hang).
	stopped []atomic.Bool
}

type hookError struct{ err error }

func newHookLog(rs *compiler.Ruleset) *hookLog {
	if rs.NumHooks() == 0 {
		return nil
	}
	n := rs.NumHooks()
	return &hookLog{fails: make([]atomic.Int64, n), first: make([]atomic.Pointer[hookError], n), stopped: make([]atomic.Bool, n)}
}

// fail records a failed run of hook i, and stops the hook if it overran its budget.
func (l *hookLog) fail(i int, err error) {
	l.fails[i].Add(1)
	if l.first[i].Load() == nil {
		l.first[i].CompareAndSwap(nil, &hookError{err})
	}
	if errors.Is(err, errHookSteps) || errors.Is(err, compiler.ErrHookMemory) || strings.Contains(err.Error(), "memory budget exceeded") {
		l.stopped[i].Store(true)
	}
}

// failures lists the hooks that failed, by index.
func (l *hookLog) failures(rs *compiler.Ruleset) []HookFailure {
	if l == nil {
		return nil
	}
	var out []HookFailure
	for i := range l.fails {
		if n := l.fails[i].Load(); n > 0 {
			out = append(out, HookFailure{Hook: rs.Hook(i), Count: n, First: l.first[i].Load().err, Stopped: l.stopped[i].Load()})
		}
	}
	return out
}

// HookFailure is a hook whose runs failed (each failed run counted the hook as false).
type HookFailure struct {
	Hook  *compiler.Hook
	Count int64 // failed runs
	First error // the first failure's error, as expr reports it (with the expression's line:col)
	// Stopped: the hook overran its step or memory budget and was not run again; each
	// move it would have judged counts as a failure.
	Stopped bool
}

// Message is the failure for a report: where the hook is, the expression, how often it
// failed and the first error with a snippet of the expression.
func (f HookFailure) Message() string {
	times := "once"
	if f.Count > 1 {
		times = fmt.Sprintf("%d times", f.Count)
	}
	stopped := ""
	if f.Stopped {
		stopped = " (over its budget, it was not run again: every later move it would have judged counts as a failure)"
	}
	return fmt.Sprintf("%s: failed %s (counted as false)%s; first error: %s", f.Hook.Where, times, stopped, compiler.HookErrorText(f.First))
}

// MergeHookFailures adds up failure lists of the same ruleset (several positions' games):
// counts add, the first error of the earliest list stays; the result is by hook index.
func MergeHookFailures(lists ...[]HookFailure) []HookFailure {
	at := map[*compiler.Hook]int{}
	var out []HookFailure
	for _, list := range lists {
		for _, f := range list {
			if i, ok := at[f.Hook]; ok {
				out[i].Count += f.Count
				out[i].Stopped = out[i].Stopped || f.Stopped
				continue
			}
			at[f.Hook] = len(out)
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Hook.Index < out[j].Hook.Index })
	return out
}
