// The memory budget of what a hook builds beyond expr's count: text (+, repeat, join...) and the lists of builtins expr does not count.

package compiler

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"
	exprbuiltin "github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/vm/runtime"
)

// ErrHookMemory stops a run that builds more than HookMemoryBudget bytes of text and
// elements of lists (those expr's own budget does not count).
var ErrHookMemory = fmt.Errorf("memory budget exceeded: the hook built more than %d bytes of text and elements of lists in one run", HookMemoryBudget)

// The fields a hook's building calls are rewritten into (see budgetBuilding).
const (
	addName     = "·add"
	builtinName = "·builtin"
)

// builtBy are the builtins whose results a run counts against its HookMemoryBudget: those
// that make text, and those that make lists expr does not count or counts only once
// built. (expr counts ranges, list and map literals, and the results of map, filter,
// sort, reverse... already.)
var builtBy = map[string]bool{
	"string": true, "trim": true, "trimPrefix": true, "trimSuffix": true, "upper": true, "lower": true,
	"replace": true, "repeat": true, "join": true, "toJSON": true, "fromJSON": true, "toBase64": true,
	"fromBase64": true, "split": true, "splitAfter": true, "keys": true, "values": true, "toPairs": true,
	"fromPairs": true, "uniq": true, "concat": true, "flatten": true,
}

// budgetBuilding rewrites a checked hook so that what it builds is counted: `+` on
// anything but numbers becomes a call of ·add, and each builtin of builtBy a call of
// ·builtin with its name first. The tree must be checked again afterwards.
func budgetBuilding(node *ast.Node) {
	ast.Walk(node, budgetVisitor{})
}

type budgetVisitor struct{}

func (budgetVisitor) Visit(slot *ast.Node) {
	var call *ast.CallNode
	switch n := (*slot).(type) {
	case *ast.BinaryNode:
		if n.Operator != "+" || numeric(n.Left.Type()) && numeric(n.Right.Type()) {
			return
		}
		call = &ast.CallNode{Callee: &ast.IdentifierNode{Value: addName}, Arguments: []ast.Node{n.Left, n.Right}}
	case *ast.BuiltinNode:
		if !builtBy[n.Name] {
			return
		}
		name := &ast.StringNode{Value: n.Name}
		name.SetLocation(n.Location())
		call = &ast.CallNode{Callee: &ast.IdentifierNode{Value: builtinName}, Arguments: append([]ast.Node{name}, n.Arguments...)}
	default:
		return
	}
	call.Callee.SetLocation((*slot).Location())
	ast.Patch(slot, call)
}

// numeric: t is known to be a number (nil: not known).
func numeric(t reflect.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// HookBudget counts, in one run of a hook, the bytes of the text it builds and the
// elements of the lists made by the builtins expr does not count (expr counts the rest,
// separately, against the same HookMemoryBudget). Where the size of a result follows from
// the arguments (+, repeat, join, replace, concat, flatten, toJSON, string), it is
// counted before the result is made: a run past the budget stops without making it.
type HookBudget struct{ used int }

// Reset starts a run.
func (b *HookBudget) Reset() { b.used = 0 }

// charge counts n more; past the budget the run stops (the VM turns the panic into the
// run's error).
func (b *HookBudget) charge(n int) {
	if n < 0 || n > HookMemoryBudget-b.used {
		b.used = HookMemoryBudget + 1
		panic(ErrHookMemory)
	}
	b.used += n
}

// Add is `+` on values not known to be numbers: two texts are joined, counted; anything
// else is expr's own `+`.
func (b *HookBudget) Add(x, y any) any {
	if s, ok := x.(string); ok {
		if t, ok := y.(string); ok {
			b.charge(len(s) + len(t))
			return s + t
		}
	}
	return runtime.Add(x, y)
}

// Builtin runs expr's builtin name on args, counting its result.
func (b *HookBudget) Builtin(name string, args ...any) any {
	i, ok := exprbuiltin.Index[name]
	if !ok || !builtBy[name] {
		panic(fmt.Errorf("no builtin %s", name)) // never: budgetBuilding names builtBy's
	}
	f := exprbuiltin.Builtins[i]
	before := b.sizeBefore(name, args)
	if before >= 0 {
		b.charge(before)
	}
	var out any
	var err error
	switch {
	case f.Fast != nil:
		if len(args) != 1 {
			err = fmt.Errorf("invalid number of arguments for %s (expected 1, got %d)", name, len(args))
			break
		}
		out = f.Fast(args[0])
	case f.Safe != nil:
		out, _, err = f.Safe(args...)
	case f.Func != nil:
		out, err = f.Func(args...)
	default:
		err = errors.New("no builtin " + name)
	}
	if err != nil {
		panic(err)
	}
	if before < 0 {
		b.charge(sizeOf(out))
	}
	return out
}

// sizeBefore is the size of the result of builtin name on args, from the arguments, or
// -1 when it is known only once made (then at most a few times an argument's size). Bad
// arguments give 0: the builtin reports them.
func (b *HookBudget) sizeBefore(name string, args []any) int {
	room := HookMemoryBudget - b.used + 1 // a size above room fails the same as the exact one
	switch name {
	case "repeat":
		if len(args) != 2 {
			return 0
		}
		s, _ := args[0].(string)
		n, ok := wholeNumber(args[1])
		if !ok || n <= 0 || len(s) == 0 {
			return 0
		}
		if len(s) > room/n {
			return room + 1
		}
		return len(s) * n
	case "replace":
		if len(args) != 3 && len(args) != 4 {
			return 0
		}
		s, _ := args[0].(string)
		old, _ := args[1].(string)
		repl, _ := args[2].(string)
		n := strings.Count(s, old)
		if len(args) == 4 {
			if m, ok := wholeNumber(args[3]); ok && m >= 0 {
				n = min(n, m)
			}
		}
		return len(s) + max(0, n*(len(repl)-len(old)))
	case "join":
		if len(args) != 1 && len(args) != 2 {
			return 0
		}
		glue := 0
		if len(args) == 2 {
			s, _ := args[1].(string)
			glue = len(s)
		}
		v := reflect.ValueOf(args[0])
		if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			return 0
		}
		size := glue * max(0, v.Len()-1)
		for i := 0; i < v.Len() && size <= room; i++ {
			if s, ok := v.Index(i).Interface().(string); ok {
				size += len(s)
			}
		}
		return size
	case "concat":
		size := 0
		for _, a := range args {
			if v := reflect.ValueOf(a); v.Kind() == reflect.Slice || v.Kind() == reflect.Array {
				size += v.Len()
			}
		}
		return size
	case "flatten", "toJSON", "string":
		if len(args) == 0 {
			return 0
		}
		return walkSize(reflect.ValueOf(args[0]), room)
	}
	return -1
}

// wholeNumber reads a number argument as expr's builtins do.
func wholeNumber(x any) (int, bool) {
	v := reflect.ValueOf(x)
	switch {
	case v.CanInt():
		return int(v.Int()), true
	case v.CanUint():
		return int(min(v.Uint(), 1<<62)), true
	case v.CanFloat():
		return int(v.Float()), true
	}
	return 0, false
}

// walkSize counts a value's texts' bytes and its lists' and maps' elements, nested ones
// as often as they occur (a list may hold the same list twice, at every level), stopping
// past room.
func walkSize(v reflect.Value, room int) int {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return 1
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.String:
		return 1 + v.Len()
	case reflect.Slice, reflect.Array:
		size := 1
		for i := 0; i < v.Len() && size <= room; i++ {
			size += walkSize(v.Index(i), room-size)
		}
		return size
	case reflect.Map:
		size := 1
		for it := v.MapRange(); it.Next() && size <= room; {
			size += walkSize(it.Key(), room-size)
			size += walkSize(it.Value(), room-size)
		}
		return size
	}
	return 1
}

// sizeOf is a result's size: a text's bytes, a list's or map's elements.
func sizeOf(x any) int {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Array, reflect.Map:
		return v.Len()
	}
	return 0
}
