// The moves a hook can be true for, read from its conditions on piece, to and mover, so that it runs on no other.

package compiler

import "github.com/expr-lang/expr/ast"

// moveFilter is a set of moves: those of a piece type in types ending, for mover c, on a
// square of to[c]. A hook's filter holds every move the hook can be true for (it may hold
// more): the goal then runs the hook only for moves in it, which changes no result.
type moveFilter struct {
	types uint64
	to    [2]Bitboard
	// anywhere: to holds every cell for both sides (the hook tests neither to nor mover).
	anywhere bool
}

// everyMove is the filter of a hook whose conditions say nothing about piece, to or mover.
func (a *nameAnalysis) everyMove() moveFilter {
	var all Bitboard
	for sq := 0; sq < a.rs.Cells; sq++ {
		all = all.With(sq)
	}
	return moveFilter{types: 1<<uint(len(a.rs.pieces)) - 1, to: [2]Bitboard{all, all}, anywhere: true}
}

func (f moveFilter) and(g moveFilter) moveFilter {
	return moveFilter{f.types & g.types, [2]Bitboard{f.to[0].And(g.to[0]), f.to[1].And(g.to[1])}, f.anywhere && g.anywhere}
}

// or holds both sets (and possibly more: a set of this shape cannot always hold exactly both).
func (f moveFilter) or(g moveFilter) moveFilter {
	return moveFilter{f.types | g.types, [2]Bitboard{f.to[0].Or(g.to[0]), f.to[1].Or(g.to[1])}, f.anywhere || g.anywhere}
}

// filter is the set of moves for which the expression n can be true. It follows &&, ||,
// ?:, let and ;, and reads tests of piece, to and mover against checked constants (==,
// !=, in a list); anything else may be true for every move.
func (a *nameAnalysis) filter(n ast.Node) moveFilter {
	switch n := n.(type) {
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and":
			return a.filter(n.Left).and(a.filter(n.Right))
		case "||", "or":
			return a.filter(n.Left).or(a.filter(n.Right))
		case "==", "!=":
			name, c := a.nameTest(n.Left, n.Right)
			if name == "" {
				name, c = a.nameTest(n.Right, n.Left)
			}
			if name != "" {
				return a.only(name, []int{c}, n.Operator == "!=")
			}
		case "in":
			if name, ok := a.envIdent[n.Left]; ok {
				if list, ok := n.Right.(*ast.ArrayNode); ok {
					codes := make([]int, 0, len(list.Nodes))
					for _, e := range list.Nodes {
						c, ok := a.code[e]
						if !ok {
							return a.everyMove()
						}
						codes = append(codes, c)
					}
					return a.only(name, codes, false)
				}
			}
		}
	case *ast.ConditionalNode:
		return a.filter(n.Exp1).or(a.filter(n.Exp2))
	case *ast.VariableDeclaratorNode:
		return a.filter(n.Expr)
	case *ast.SequenceNode:
		return a.filter(n.Nodes[len(n.Nodes)-1])
	}
	return a.everyMove()
}

// nameTest reads `name == constant`: the environment's name and the constant's number.
func (a *nameAnalysis) nameTest(x, y ast.Node) (string, int) {
	name, ok := a.envIdent[x]
	if !ok {
		return "", 0
	}
	c, ok := a.code[y]
	if !ok {
		return "", 0
	}
	return name, c
}

// only is the set of moves whose name (piece, to or mover) is one of codes, or with
// except, none of them. A test of from says nothing here.
func (a *nameAnalysis) only(name string, codes []int, except bool) moveFilter {
	all := a.everyMove()
	f := all
	switch name {
	case "piece":
		f.types = 0
		for _, c := range codes {
			f.types |= 1 << uint(c)
		}
		if except {
			f.types = all.types &^ f.types
		}
	case "to":
		var set Bitboard
		for _, c := range codes {
			set = set.With(c)
		}
		if except {
			set = all.to[0].AndNot(set)
		}
		f.to, f.anywhere = [2]Bitboard{set, set}, false
	case "mover":
		var in [2]bool
		for _, c := range codes {
			in[c] = true
		}
		for c := range in {
			if in[c] == except {
				f.to[c], f.anywhere = Bitboard{}, false
			}
		}
	}
	return f
}
