// expr hooks: the typed environment they see and their one-time compilation.
package compiler

import (
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
