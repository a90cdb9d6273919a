// expr hooks: the typed environment they see and their one-time compilation.
package compiler

import (
	"github.com/expr-lang/expr"
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
	// Counts[color][type] is filled by the interpreter; Letters maps letters to types.
	Counts  *[2][MaxPieceTypes]int `expr:"-"`
	Letters *[128]int8             `expr:"-"`
}

// Count returns how many pieces with the letter the side ("white"/"black") has on the board.
func (e HookEnv) Count(letter string, side string) int {
	if e.Counts == nil || e.Letters == nil || len(letter) != 1 || letter[0] >= 128 {
		return 0
	}
	t := e.Letters[letter[0]&^0x20]
	if t < 0 {
		return 0
	}
	c := 0
	if side == "black" {
		c = 1
	}
	return e.Counts[c][t]
}

func compileHook(src string) (*vm.Program, error) {
	return expr.Compile(src, expr.Env(HookEnv{}), expr.AsBool())
}

// LetterTable exposes the letter-to-type table for hook environments.
func (r *Ruleset) LetterTable() *[128]int8 { return &r.byLetter }
