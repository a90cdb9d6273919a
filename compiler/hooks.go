// expr hooks: the environment they see, their one-time compilation, and their limits.

package compiler

import (
	"errors"
	"fmt"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/checker"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// Limits of a hook. The first two are checked when the definition loads; the last two
// stop a run that goes past them, which then fails like any run-time error.
const (
	// MaxHookNodes bounds the size of a hook's expression (its parsed nodes).
	MaxHookNodes = 2000
	// MaxHookCost bounds the steps one run of a hook may be estimated to take at load:
	// every node once, the body of a loop once per element of a range or list whose size
	// is known then (nested loops multiply).
	MaxHookCost = 100_000
	// MaxHookSteps bounds the loop iterations (predicate bodies run) of one run.
	MaxHookSteps = 100_000
	// HookMemoryBudget is expr's memory budget for one run: elements of the ranges,
	// lists and maps it builds; and, counted apart (HookBudget), bytes of the text it
	// builds and elements of the lists its builtins make.
	HookMemoryBudget = 100_000
)

// HookEnv is what a hook sees after a move. The interpreter binds each field to the move
// being judged. Hooks are written with the plain names (mover, piece, from, to, captures,
// ply, check, count, held); the compiler rewrites each name into a call of the field that serves
// it, so that a run boxes nothing:
//
//   - mover, piece, from, to are names the hook compares with constants (`to == "e4"`,
//     `piece in ["K", "Q"]`, `mover == "white"`), passes to count, or binds with let for
//     the same uses. Such names are served as numbers and the constants they meet are
//     turned into the same numbers when the definition loads: a side is 0 (white) or 1,
//     a letter is its piece type's index, a square is its cell.
//   - Any other use (slicing `to[0:1]`, `to startsWith "e"`, `"x" + piece`, comparing
//     with `<`) needs the text: those names are served as text by the fields tagged
//     "…·text" (which cost an allocation per read).
//
// The "·" in the internal names keeps hooks from writing them: expr does not read it.
type HookEnv struct {
	Mover    func() int         `expr:"mover"`    // 0 white, 1 black: the side that just moved
	Piece    func() int         `expr:"piece"`    // type index of the piece that moved
	From     func() int         `expr:"from"`     // its origin cell
	To       func() int         `expr:"to"`       // its destination cell
	Captures func() int         `expr:"captures"` // pieces captured by the move
	Ply      func() int         `expr:"ply"`      // half-moves since the game began
	Check    func() bool        `expr:"check"`    // the side now to move is in check
	Count    func(t, c int) int `expr:"count"`    // pieces of type t side c has on the board
	Held     func(t, c int) int `expr:"held"`     // pieces of type t side c holds in its pools
	// At is what stands on a square: its letter, uppercase for White, lowercase for
	// Black; "" for an empty square or a name that is no square of the board.
	At func(square string) string `expr:"at"`

	MoverText func() string                 `expr:"mover·text"` // "white" or "black"
	PieceText func() string                 `expr:"piece·text"` // uppercase letter
	FromText  func() string                 `expr:"from·text"`  // square name, e.g. "e2"
	ToText    func() string                 `expr:"to·text"`
	CountText func(letter, side string) int `expr:"count·text"` // letter any case; side "white" or else black
	HeldText  func(letter, side string) int `expr:"held·text"`
	Step      func() bool                   `expr:"·step"` // counts a loop iteration against MaxHookSteps
	// Add and Builtin build text and lists, counted against HookMemoryBudget: the
	// compiler rewrites `+` on values not known to be numbers into Add, and each
	// builtin that builds (repeat, join, upper, split...) into Builtin with its name
	// first (see HookBudget).
	Add     func(a, b any) any                 `expr:"·add"`
	Builtin func(name string, args ...any) any `expr:"·builtin"`
}

// Hook is a goal's compiled `when:` expression.
type Hook struct {
	// Index is the hook's place among the ruleset's hooks (Ruleset.Hook).
	Index int
	// Where names the hook in messages: file:line:col: hook "expression" (capped).
	Where string
	// Source is the expression as written.
	Source  string
	Program *vm.Program
}

// stepName is the field the compiler calls once per loop iteration.
const stepName = "·step"

// hookConfig is expr's configuration for hooks: the environment, a true/false result,
// the size limit.
func hookConfig() *conf.Config {
	cfg := conf.CreateNew()
	expr.Env(HookEnv{})(cfg)
	expr.AsBool()(cfg)
	cfg.MaxNodes = MaxHookNodes
	cfg.Check()
	return cfg
}

// compileHook parses, checks and compiles a hook for the ruleset (whose pieces and board
// give the names' numbers). It returns the program, the moves it can be true for, and the
// problems found (an expr error or the hook's own checks), each a message without position.
func compileHook(src string, rs *Ruleset) (*vm.Program, moveFilter, []string) {
	cfg := hookConfig()
	tree, err := parser.ParseWithConfig(src, cfg)
	if err != nil {
		if strings.Contains(err.Error(), "exceeds maximum allowed nodes") {
			return nil, moveFilter{}, []string{fmt.Sprintf("the expression has more than %d parts (expr nodes); write a shorter one", MaxHookNodes)}
		}
		return nil, moveFilter{}, []string{HookErrorText(err)}
	}
	if cost, loops := hookCost(tree.Node); cost > MaxHookCost {
		why := ""
		if len(loops) > 0 {
			why = fmt.Sprintf(" (%s)", loopsText(loops))
		}
		return nil, moveFilter{}, []string{fmt.Sprintf("one run would take about %s steps%s, more than the limit of %s", thousands(cost), why, thousands(MaxHookCost))}
	}
	a := analyzeNames(tree, rs)
	if len(a.problems) > 0 {
		return nil, moveFilter{}, a.problems
	}
	filter := a.filter(tree.Node)
	a.rewrite()
	if _, err := checker.Check(tree, cfg); err != nil {
		return nil, moveFilter{}, []string{HookErrorText(err)}
	}
	// What the hook builds is counted as it runs: its types known, `+` on text and the
	// builtins that build become calls of the budgeted fields, checked again.
	budgetBuilding(&tree.Node)
	if _, err := checker.Check(tree, cfg); err != nil {
		return nil, moveFilter{}, []string{HookErrorText(err)}
	}
	if err := optimizer.Optimize(&tree.Node, cfg); err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			err = fe.Bind(tree.Source)
		}
		return nil, moveFilter{}, []string{HookErrorText(err)}
	}
	prog, err := exprcompiler.Compile(tree, cfg)
	if err != nil {
		return nil, moveFilter{}, []string{HookErrorText(err)}
	}
	return prog, filter, nil
}

// snippetWidth is the most of a hook's line an error shows around the fault.
const snippetWidth = 72

// exprErrorText renders an expr error with its caret snippet, showing no more of a long
// line than a window around the caret.
func HookErrorText(err error) string {
	var fe *file.Error
	if !errors.As(err, &fe) || fe.Snippet == "" {
		return capText(err.Error(), 4*snippetWidth)
	}
	lines := strings.Split(fe.Snippet, "\n | ")
	if len(lines) != 3 {
		return capText(err.Error(), 4*snippetWidth)
	}
	src, caret := []rune(lines[1]), len([]rune(lines[2]))-1
	lo := max(0, min(caret-snippetWidth/2, len(src)-snippetWidth))
	hi := min(len(src), lo+snippetWidth)
	line, dots := string(src[lo:hi]), strings.Repeat(".", caret-lo)
	if lo > 0 {
		line, dots = "…"+line, "."+dots
	}
	if hi < len(src) {
		line += "…"
	}
	return fmt.Sprintf("%s (%d:%d)\n | %s\n | %s^", capText(fe.Message, 2*snippetWidth), fe.Line, fe.Column+1, line, dots)
}

// capText returns s cut to at most n runes, marked with "…" when cut: input echoed in a
// message stays readable however long it was.
func capText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// hookQuote is a hook's expression quoted for messages, capped.
func hookQuote(src string) string { return fmt.Sprintf("%q", capText(src, snippetWidth)) }

// thousands writes a non-negative count with commas: 100,000.
func thousands(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	if x >= 1e18 {
		return fmt.Sprintf("%.1e", x)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
