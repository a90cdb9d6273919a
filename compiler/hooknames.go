// Names in hooks: which values are sides, letters or squares, the constants they meet, and the rewrite that makes them numbers.

package compiler

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// maxConstRange bounds the ranges with constant bounds that are built at load.
const maxConstRange = 1024

// nameKind is what a name-valued expression of a hook names.
type nameKind uint8

const (
	kindNone   nameKind = iota
	kindSide            // "white" or "black"
	kindLetter          // a piece letter
	kindSquare          // a square name
)

// envKinds are the environment's names that hold a name, and what they name.
var envKinds = map[string]nameKind{"mover": kindSide, "piece": kindLetter, "from": kindSquare, "to": kindSquare}

// envValues are the environment's other values, read by calling their field.
var envValues = map[string]bool{"captures": true, "ply": true, "check": true}

// nameClass is a set of expressions that must hold the same kind of name: the two sides
// of ==, a value and the list it is looked up in, the branches of ?:, a let value and the
// variable, count's first (letter) or second (side) argument. Classes merge by union-find.
type nameClass struct {
	parent   int
	kind     nameKind
	conflict bool // two kinds met (`to == mover`): left as text, where the test is simply false
	foreign  bool // holds a value that is not a name (a number, a call, text built at run time)
	text     bool // a member is used as text (sliced, joined, ordered, passed to a function)
	piece    bool // holds the identifier piece, so letters must be written as piece shows them
	strs     []*ast.Node
	idents   []*ast.Node
}

// binding is a let variable in scope: its class, or for a list literal its elements' class.
type binding struct {
	name  string
	class int
	list  bool
}

// countCall is a call of count(letter, side) and the classes of its arguments.
type countCall struct {
	call         *ast.CallNode
	name         string // count or held
	letter, side int
}

// nameAnalysis finds the classes of a hook's name-valued expressions, checks the constants
// they meet, and rewrites the hook for HookEnv.
type nameAnalysis struct {
	rs       *Ruleset
	classes  []nameClass
	scope    []binding
	counts   []countCall
	values   []*ast.Node          // identifiers of envValues, to be called
	preds    []*ast.PredicateNode // loop bodies, to be counted
	ranges   []*ast.Node          // ranges (a..b), made constants when their bounds are
	envIdent map[ast.Node]string  // the environment's name identifiers (not shadowed by let)
	code     map[ast.Node]int     // the number of each checked constant in a named class
	problems []string
}

// analyzeNames walks a parsed hook. Its problems are constants that can never equal what
// they are compared with (a misspelt square, letter or side).
func analyzeNames(tree *parser.Tree, rs *Ruleset) *nameAnalysis {
	a := &nameAnalysis{rs: rs, envIdent: map[ast.Node]string{}, code: map[ast.Node]int{}}
	a.walk(&tree.Node)
	a.settleCounts()
	a.checkConstants()
	return a
}

func (a *nameAnalysis) newClass(k nameKind) int {
	a.classes = append(a.classes, nameClass{parent: len(a.classes), kind: k})
	return len(a.classes) - 1
}

// foreignClass is the class of a value that is not a name.
func (a *nameAnalysis) foreignClass() int {
	c := a.newClass(kindNone)
	a.classes[c].foreign = true
	return c
}

func (a *nameAnalysis) find(c int) int {
	for a.classes[c].parent != c {
		a.classes[c].parent = a.classes[a.classes[c].parent].parent
		c = a.classes[c].parent
	}
	return c
}

// union merges the classes of x and y and returns the merged class.
func (a *nameAnalysis) union(x, y int) int {
	x, y = a.find(x), a.find(y)
	if x == y {
		return x
	}
	cx, cy := &a.classes[x], &a.classes[y]
	switch {
	case cx.kind == kindNone:
		cx.kind = cy.kind
	case cy.kind != kindNone && cy.kind != cx.kind:
		cx.conflict = true
	}
	cx.conflict = cx.conflict || cy.conflict
	cx.foreign = cx.foreign || cy.foreign
	cx.text = cx.text || cy.text
	cx.piece = cx.piece || cy.piece
	cx.strs = append(cx.strs, cy.strs...)
	cx.idents = append(cx.idents, cy.idents...)
	cy.strs, cy.idents, cy.parent = nil, nil, x
	return x
}

// asText marks class c as used where only text will do.
func (a *nameAnalysis) asText(c int) { a.classes[a.find(c)].text = true }

// named reports whether class c is served as numbers: it names something, consistently,
// and only ever meets constants, other names and count.
func (a *nameAnalysis) named(c int) bool {
	k := &a.classes[a.find(c)]
	return k.kind != kindNone && !k.conflict && !k.foreign && !k.text
}

func (a *nameAnalysis) lookup(name string) *binding {
	for i := len(a.scope) - 1; i >= 0; i-- {
		if a.scope[i].name == name {
			return &a.scope[i]
		}
	}
	return nil
}

// walk returns the class of the value in slot, after walking its children; a child used
// in a way the walk does not follow is marked as used as text.
func (a *nameAnalysis) walk(slot *ast.Node) int {
	switch n := (*slot).(type) {
	case *ast.StringNode:
		c := a.newClass(kindNone)
		a.classes[c].strs = append(a.classes[c].strs, slot)
		return c
	case *ast.IdentifierNode:
		if b := a.lookup(n.Value); b != nil {
			if b.list {
				a.asText(b.class) // a list of names used as a value, not looked up in
				return a.foreignClass()
			}
			return b.class
		}
		if k, ok := envKinds[n.Value]; ok {
			c := a.newClass(k)
			a.classes[c].idents = append(a.classes[c].idents, slot)
			a.classes[c].piece = n.Value == "piece"
			a.envIdent[n] = n.Value
			return c
		}
		if envValues[n.Value] {
			a.values = append(a.values, slot)
		}
		return a.foreignClass()
	case *ast.BinaryNode:
		switch n.Operator {
		case "..":
			a.ranges = append(a.ranges, slot)
		case "==", "!=":
			a.union(a.walk(&n.Left), a.walk(&n.Right))
			return a.foreignClass()
		case "in":
			l := a.walk(&n.Left)
			switch r := n.Right.(type) {
			case *ast.ArrayNode:
				for i := range r.Nodes {
					l = a.union(l, a.walk(&r.Nodes[i]))
				}
				return a.foreignClass()
			case *ast.IdentifierNode:
				if b := a.lookup(r.Value); b != nil && b.list {
					a.union(l, b.class)
					return a.foreignClass()
				}
			}
			a.asText(l)
			a.asText(a.walk(&n.Right))
			return a.foreignClass()
		}
	case *ast.ConditionalNode:
		a.asText(a.walk(&n.Cond))
		return a.union(a.walk(&n.Exp1), a.walk(&n.Exp2))
	case *ast.VariableDeclaratorNode:
		b := binding{name: n.Name}
		if list, ok := n.Value.(*ast.ArrayNode); ok {
			b.list, b.class = true, a.newClass(kindNone)
			for i := range list.Nodes {
				b.class = a.union(b.class, a.walk(&list.Nodes[i]))
			}
		} else {
			b.class = a.walk(&n.Value)
		}
		a.scope = append(a.scope, b)
		c := a.walk(&n.Expr)
		a.scope = a.scope[:len(a.scope)-1]
		return c
	case *ast.SequenceNode:
		for i := range n.Nodes[:len(n.Nodes)-1] {
			a.asText(a.walk(&n.Nodes[i]))
		}
		return a.walk(&n.Nodes[len(n.Nodes)-1])
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok && (id.Value == "count" || id.Value == "held") && a.lookup(id.Value) == nil && len(n.Arguments) == 2 {
			letter := a.union(a.walk(&n.Arguments[0]), a.newClass(kindLetter))
			side := a.union(a.walk(&n.Arguments[1]), a.newClass(kindSide))
			a.counts = append(a.counts, countCall{call: n, name: id.Value, letter: letter, side: side})
			return a.foreignClass()
		}
	case *ast.PredicateNode:
		a.preds = append(a.preds, n)
	}
	for _, c := range hookChildren(*slot) {
		a.asText(a.walk(c))
	}
	return a.foreignClass()
}

// settleCounts makes each count call take numbers for both arguments or text for both:
// a call whose side is text makes its letter text too, and so on until nothing changes.
func (a *nameAnalysis) settleCounts() {
	for changed := true; changed; {
		changed = false
		for _, c := range a.counts {
			if l, s := a.named(c.letter), a.named(c.side); l != s {
				a.asText(c.letter)
				a.asText(c.side)
				changed = true
			}
		}
	}
}

// checkConstants checks each constant that meets a name of a consistent kind, and
// records its number.
func (a *nameAnalysis) checkConstants() {
	direct := map[ast.Node]string{} // count's (held's) own arguments, for their own messages
	called := map[ast.Node]string{}
	for _, c := range a.counts {
		direct[c.call.Arguments[0]] = "letter"
		direct[c.call.Arguments[1]] = "side"
		called[c.call.Arguments[0]], called[c.call.Arguments[1]] = c.name, c.name
	}
	for i := range a.classes {
		k := &a.classes[i]
		if k.parent != i || k.kind == kindNone || k.conflict {
			continue
		}
		for _, slot := range k.strs {
			s := (*slot).(*ast.StringNode).Value
			code, msg := a.constant(k, s)
			switch {
			case msg == "":
				a.code[*slot] = code
			case direct[*slot] == "letter" && k.kind == kindLetter && !k.piece:
				a.problems = append(a.problems, fmt.Sprintf("%s(%q, ...): no piece has the letter %q", called[*slot], s, s))
			case direct[*slot] == "side" && k.kind == kindSide:
				a.problems = append(a.problems, fmt.Sprintf("%s(..., %q): the side is \"white\" or \"black\"", called[*slot], s))
			default:
				a.problems = append(a.problems, msg)
			}
		}
	}
}

// constant is the number of name s in class k, or why s can never be such a name.
func (a *nameAnalysis) constant(k *nameClass, s string) (int, string) {
	switch k.kind {
	case kindSide:
		switch s {
		case "white":
			return White, ""
		case "black":
			return Black, ""
		}
		return 0, fmt.Sprintf("%q is compared with a side, which is \"white\" or \"black\"", s)
	case kindLetter:
		t := a.rs.TypeOfText(s)
		switch {
		case t < 0:
			return 0, fmt.Sprintf("%q is compared with a piece letter, and no piece has the letter %q", s, s)
		case k.piece && s != a.rs.pieces[t].LetterText:
			return 0, fmt.Sprintf("%q is compared with piece, which is the uppercase letter %q", s, a.rs.pieces[t].LetterText)
		}
		return t, ""
	case kindSquare:
		if sq, ok := a.rs.ParseSquare(s); ok {
			return sq, ""
		}
		return 0, fmt.Sprintf("%q is compared with a square, and the board has no square %q", s, s)
	}
	return 0, ""
}

// rewrite turns the hook into one HookEnv serves: names of numbered classes become calls
// of their number fields and their constants numbers; other names become calls of their
// text fields; the other values become calls; every loop body first counts a step.
func (a *nameAnalysis) rewrite() {
	call := func(slot *ast.Node, field string) {
		ast.Patch(slot, &ast.CallNode{Callee: &ast.IdentifierNode{Value: field}})
	}
	for i := range a.classes {
		k := &a.classes[i]
		if k.parent != i {
			continue
		}
		numbered := a.named(i)
		for _, slot := range k.idents {
			name := (*slot).(*ast.IdentifierNode).Value
			if numbered {
				call(slot, name)
			} else {
				call(slot, name+"·text")
			}
		}
		if numbered {
			for _, slot := range k.strs {
				ast.Patch(slot, &ast.IntegerNode{Value: a.code[*slot]})
			}
		}
	}
	for _, slot := range a.values {
		call(slot, (*slot).(*ast.IdentifierNode).Value)
	}
	for _, c := range a.counts {
		if !a.named(c.letter) {
			id := &ast.IdentifierNode{Value: c.name + "·text"}
			id.SetLocation(c.call.Callee.Location())
			c.call.Callee = id
		}
	}
	for _, slot := range a.ranges {
		r := (*slot).(*ast.BinaryNode)
		lo, ok1 := constInt(r.Left)
		hi, ok2 := constInt(r.Right)
		if ok1 && ok2 && hi-lo < maxConstRange {
			// The list a range builds, made once: running it would allocate each time.
			list := make([]int, max(0, hi-lo+1))
			for i := range list {
				list[i] = lo + i
			}
			ast.Patch(slot, &ast.ConstantNode{Value: list})
		}
	}
	for _, p := range a.preds {
		step := &ast.CallNode{Callee: &ast.IdentifierNode{Value: stepName}}
		step.SetLocation(p.Location())
		step.Callee.SetLocation(p.Location())
		p.Node = &ast.SequenceNode{Nodes: []ast.Node{step, p.Node}}
	}
}
