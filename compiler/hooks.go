// expr hooks: the typed environment they see and their one-time compilation.
package compiler

import (
	"fmt"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"
)

// HookEnv is what a hook expression sees after a move. Field names are the names used in
// expressions: mover, piece, from, to, captures, ply, check; count("Q", "white") counts pieces.
type HookEnv struct {
	Mover    string `expr:"mover"`    // "white" or "black": the side that just moved
	Piece    string `expr:"piece"`    // uppercase letter of the piece that moved
	From     string `expr:"from"`     // its origin square, e.g. "e2"
	To       string `expr:"to"`       // its destination square
	Captures int    `expr:"captures"` // pieces captured by the move
	Ply      int    `expr:"ply"`      // half-moves played since the start position
	Check    bool   `expr:"check"`    // the side now to move is in check
	// Count returns how many pieces with the letter the side ("white"/"black") has on the
	// board; the interpreter supplies it. It is a field rather than a method because expr
	// names methods by their Go name: only a tagged field shadows the builtin count().
	Count func(letter, side string) int `expr:"count"`
}

func compileHook(src string) (*vm.Program, error) {
	return expr.Compile(src, expr.Env(HookEnv{}), expr.AsBool())
}

// countArgs checks the constant arguments of every count(letter, side) call in a compiled
// hook against the ruleset, so that a misspelt letter or side is an error when the
// definition loads rather than a count of 0 (or of the other side) at run time.
func countArgs(prog *vm.Program, typeOf func(byte) int) []string {
	c := &countChecker{typeOf: typeOf}
	root := prog.Node()
	ast.Walk(&root, c)
	return c.problems
}

type countChecker struct {
	typeOf   func(byte) int
	problems []string
}

func (c *countChecker) Visit(n *ast.Node) {
	call, ok := (*n).(*ast.CallNode)
	if !ok || len(call.Arguments) != 2 {
		return
	}
	if id, ok := call.Callee.(*ast.IdentifierNode); !ok || id.Value != "count" {
		return
	}
	if s, ok := call.Arguments[0].(*ast.StringNode); ok {
		if len(s.Value) != 1 || c.typeOf(s.Value[0]) < 0 {
			c.problems = append(c.problems, fmt.Sprintf("count(%q, ...): no piece has the letter %q", s.Value, s.Value))
		}
	}
	if s, ok := call.Arguments[1].(*ast.StringNode); ok && s.Value != "white" && s.Value != "black" {
		c.problems = append(c.problems, fmt.Sprintf("count(..., %q): the side is \"white\" or \"black\"", s.Value))
	}
}

// identUser records whether an expression names an identifier.
type identUser struct {
	name string
	uses bool
}

func (u *identUser) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok && id.Value == u.name {
		u.uses = true
	}
}

// usesIdent reports whether a compiled hook reads the variable name, so that costly
// environment values (such as check) are computed only for hooks that need them.
func usesIdent(prog *vm.Program, name string) bool {
	u := &identUser{name: name}
	root := prog.Node()
	ast.Walk(&root, u)
	return u.uses
}
