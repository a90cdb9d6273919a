// The load-time cost estimate of a hook: its nodes, with loop bodies counted once per element.

package compiler

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// hookCost estimates the steps one run of the expression takes: one per node, plus for
// each builtin that runs a predicate ({...}) over its first argument (all, any, filter,
// map, sum, reduce...) the predicate's cost once per element, and for a range the
// elements it builds. Sizes known at load are those of constant ranges (1..100) and of
// list literals, passed through let and through builtins that keep or shrink a list;
// a size known only at run time counts as 1, left to the run-time budget. It also
// returns the element counts of the nested loops on the costliest path, outermost first.
func hookCost(n ast.Node) (float64, []float64) {
	e := costEstimator{sizes: map[string]float64{}}
	return e.cost(n)
}

type costEstimator struct {
	sizes map[string]float64 // size of each let-bound name in scope
}

// costCap keeps estimates finite: anything near it is far beyond every limit anyway.
const costCap = 1e30

func (e *costEstimator) cost(n ast.Node) (float64, []float64) {
	switch n := n.(type) {
	case nil:
		return 0, nil
	case *ast.BuiltinNode:
		var pred *ast.PredicateNode
		var loops []float64
		total, best := 1.0, 0.0
		for _, arg := range n.Arguments {
			if p, ok := arg.(*ast.PredicateNode); ok && pred == nil {
				pred = p
				continue
			}
			c, cl := e.cost(arg)
			total += c
			if c > best {
				best, loops = c, cl
			}
		}
		if len(n.Arguments) == 0 {
			return total, nil
		}
		size := e.size(n.Arguments[0])
		if pred == nil {
			return min(total+size, costCap), loops
		}
		body, inner := e.cost(pred.Node)
		return min(total+size*(body+1), costCap), append([]float64{size}, inner...)
	case *ast.VariableDeclaratorNode:
		value, vl := e.cost(n.Value)
		old, had := e.sizes[n.Name]
		e.sizes[n.Name] = e.size(n.Value)
		body, bl := e.cost(n.Expr)
		if had {
			e.sizes[n.Name] = old
		} else {
			delete(e.sizes, n.Name)
		}
		if value > body {
			return min(1+value+body, costCap), vl
		}
		return min(1+value+body, costCap), bl
	case *ast.BinaryNode:
		l, ll := e.cost(n.Left)
		r, rl := e.cost(n.Right)
		total := 1 + l + r
		if n.Operator == ".." {
			total += e.size(n)
		}
		if l > r {
			return min(total, costCap), ll
		}
		return min(total, costCap), rl
	}
	total, best := 1.0, 0.0
	var loops []float64
	for _, c := range hookChildren(n) {
		cost, cl := e.cost(*c)
		total += cost
		if cost > best {
			best, loops = cost, cl
		}
	}
	return min(total, costCap), loops
}

// size is the number of elements of n's value when known at load, else 1.
func (e *costEstimator) size(n ast.Node) float64 {
	switch n := n.(type) {
	case *ast.ArrayNode:
		return float64(len(n.Nodes))
	case *ast.BinaryNode:
		if n.Operator == ".." {
			lo, ok1 := constInt(n.Left)
			hi, ok2 := constInt(n.Right)
			if ok1 && ok2 {
				return max(0, float64(hi)-float64(lo)+1)
			}
		}
	case *ast.IdentifierNode:
		if s, ok := e.sizes[n.Value]; ok {
			return s
		}
	case *ast.VariableDeclaratorNode:
		old, had := e.sizes[n.Name]
		e.sizes[n.Name] = e.size(n.Value)
		s := e.size(n.Expr)
		if had {
			e.sizes[n.Name] = old
		} else {
			delete(e.sizes, n.Name)
		}
		return s
	case *ast.ConditionalNode:
		return max(e.size(n.Exp1), e.size(n.Exp2))
	case *ast.SequenceNode:
		if len(n.Nodes) > 0 {
			return e.size(n.Nodes[len(n.Nodes)-1])
		}
	case *ast.BuiltinNode:
		if n.Name == "concat" {
			s := 0.0
			for _, a := range n.Arguments {
				s += e.size(a)
			}
			return s
		}
		if len(n.Arguments) > 0 {
			return e.size(n.Arguments[0]) // filter, map, sort, uniq...: no longer than their list
		}
	}
	return 1
}

// constInt reads an integer constant, possibly negated.
func constInt(n ast.Node) (int, bool) {
	switch n := n.(type) {
	case *ast.IntegerNode:
		return n.Value, true
	case *ast.UnaryNode:
		if v, ok := constInt(n.Node); ok && n.Operator == "-" {
			return -v, true
		}
	}
	return 0, false
}

// loopsText describes nested loop sizes: "a loop over 10,000 elements inside a loop
// over 10,000 elements".
func loopsText(loops []float64) string {
	parts := make([]string, len(loops))
	for i, s := range loops {
		parts[len(loops)-1-i] = fmt.Sprintf("a loop over %s elements", thousands(s))
	}
	return strings.Join(parts, " inside ")
}

// hookChildren returns the slots of n's child nodes, so that a walk can replace them.
func hookChildren(n ast.Node) []*ast.Node {
	var out []*ast.Node
	add := func(c *ast.Node) {
		if *c != nil {
			out = append(out, c)
		}
	}
	switch n := n.(type) {
	case *ast.UnaryNode:
		add(&n.Node)
	case *ast.BinaryNode:
		add(&n.Left)
		add(&n.Right)
	case *ast.ChainNode:
		add(&n.Node)
	case *ast.MemberNode:
		add(&n.Node)
		add(&n.Property)
	case *ast.SliceNode:
		add(&n.Node)
		add(&n.From)
		add(&n.To)
	case *ast.CallNode:
		add(&n.Callee)
		for i := range n.Arguments {
			add(&n.Arguments[i])
		}
	case *ast.BuiltinNode:
		for i := range n.Arguments {
			add(&n.Arguments[i])
		}
		add(&n.Map)
	case *ast.PredicateNode:
		add(&n.Node)
	case *ast.ConditionalNode:
		add(&n.Cond)
		add(&n.Exp1)
		add(&n.Exp2)
	case *ast.VariableDeclaratorNode:
		add(&n.Value)
		add(&n.Expr)
	case *ast.SequenceNode:
		for i := range n.Nodes {
			add(&n.Nodes[i])
		}
	case *ast.ArrayNode:
		for i := range n.Nodes {
			add(&n.Nodes[i])
		}
	case *ast.MapNode:
		for i := range n.Pairs {
			add(&n.Pairs[i])
		}
	case *ast.PairNode:
		add(&n.Key)
		add(&n.Value)
	}
	return out
}
