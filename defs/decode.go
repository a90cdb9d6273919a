// Strict positioned decoding of YAML nodes into the schema types, by reflection on yaml tags.

package defs

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

var srcType = reflect.TypeOf(Src{})

// nodeType is a field holding its YAML node undecoded (*yaml.Node).
var nodeType = reflect.TypeOf((*yaml.Node)(nil))

// MaxNodes bounds the YAML nodes decoded from one file, aliases counted every time they
// are expanded, so that a small file of nested aliases cannot make decoding explode.
const MaxNodes = 100000

type decoder struct {
	file   string
	errs   ErrorList
	budget int                 // nodes left to decode
	active map[*yaml.Node]bool // anchored nodes being expanded through an alias
}

func newDecoder(file string) *decoder {
	return &decoder{file: file, budget: MaxNodes, active: map[*yaml.Node]bool{}}
}

// kindName describes what a node holds, for "expected X, found Y" messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		return "the quoted text " + Quote(n.Value)
	}
	return Quote(n.Value)
}

// label names the value being decoded in messages; the root is "definition".
func label(what string) string {
	if what == "" {
		return "definition"
	}
	return what
}

func join(what, key string) string {
	if what == "" {
		return key
	}
	return what + "." + key
}

// spend takes one node from the budget, reporting once when it runs out.
func (d *decoder) spend(n *yaml.Node) bool {
	if d.budget <= 0 {
		return false
	}
	d.budget--
	if d.budget == 0 {
		d.errs.Add(d.file, n, "the definition is too large: more than %d YAML nodes (aliases counted each time they are used)", MaxNodes)
		return false
	}
	return true
}

// decode fills v (addressable) from node n; what describes v in messages.
func (d *decoder) decode(n *yaml.Node, v reflect.Value, what string) {
	if !d.spend(n) {
		return
	}
	if n.Kind == yaml.AliasNode {
		a := n.Alias
		if a == nil {
			d.errs.Add(d.file, n, "%s: unresolved alias *%s", label(what), n.Value)
			return
		}
		if d.active[a] {
			d.errs.Add(d.file, n, "%s: alias *%s refers to a value that contains it", label(what), n.Value)
			return
		}
		d.active[a] = true
		d.decode(a, v, what)
		delete(d.active, a)
		return
	}
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			d.errs.Add(d.file, n, "%s: expected a mapping, found an empty document", label(what))
			return
		}
		n = n.Content[0]
	}
	if v.Type() == nodeType {
		v.Set(reflect.ValueOf(n)) // kept as written, for a key decoded later (pieces-by-letter)
		return
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && v.Kind() != reflect.Struct {
		// An explicit null clears the value to its default, so that `castling: ~` or
		// `capture-to: ~` in a definition that extends another removes what the base
		// declared. A required key cleared is then reported as missing. (A mapping held by
		// value, the definition itself or its board, cannot be cleared: decodeStruct says
		// a mapping was expected.)
		v.Set(reflect.Zero(v.Type()))
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if !v.IsNil() {
			// A section decoded over the base's (extends:) merges with it, as a mapping
			// does: `castling: {rank: 2}` keeps the base's royal, partner and files.
			p.Elem().Set(v.Elem())
		}
		d.decode(n, p.Elem(), what)
		v.Set(p)
	case reflect.Struct:
		d.decodeStruct(n, v, what)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.errs.Add(d.file, n, "%s: expected a list, found %s", label(what), kindName(n))
			return
		}
		// An empty list stays non-nil: `moves: []` says "no moves", unlike a missing key.
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, c := range n.Content {
			d.decode(c, s.Index(i), label(what)+"["+strconv.Itoa(i)+"]")
		}
		v.Set(s)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.errs.Add(d.file, n, "%s: expected a mapping, found %s", label(what), kindName(n))
			return
		}
		// A map decoded over an existing one (a definition extending a base) merges key by
		// key; duplicates are looked for within this mapping only.
		m := v
		if m.IsNil() {
			m = reflect.MakeMap(v.Type())
		}
		seen := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if !d.spend(k) || !d.plainKey(k, what) {
				continue
			}
			if first := seen[k.Value]; first != nil {
				d.errs.Add(d.file, k, "%s: duplicate key %q (first given at line %d)", label(what), k.Value, first.Line)
				continue
			}
			seen[k.Value] = k
			e := reflect.New(v.Type().Elem()).Elem()
			d.decode(val, e, join(what, k.Value))
			m.SetMapIndex(reflect.ValueOf(k.Value), e)
		}
		v.Set(m)
	case reflect.String:
		if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
			d.errs.Add(d.file, n, "%s: expected text, found %s", label(what), kindName(n))
			return
		}
		v.SetString(n.Value)
	case reflect.Bool:
		b, err := strconv.ParseBool(n.Value)
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || err != nil {
			d.errs.Add(d.file, n, "%s: expected true or false, found %s", label(what), kindName(n))
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int64:
		// Base 0 and underscores, as yaml.v3 itself resolves !!int (0x1f, 0o17, 1_000).
		i, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
		if n.Kind == yaml.ScalarNode && errors.Is(err, strconv.ErrRange) && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 {
			// Beyond 64 bits yaml.v3 resolves the digits as a float; they are too large.
			d.errs.Add(d.file, n, "%s: %s is too large", label(what), Clip(n.Value))
			return
		}
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || err != nil {
			d.errs.Add(d.file, n, "%s: expected a whole number, found %s", label(what), kindName(n))
			return
		}
		v.SetInt(i)
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") || err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			d.errs.Add(d.file, n, "%s: expected a number, found %s", label(what), kindName(n))
			return
		}
		v.SetFloat(f)
	default:
		d.errs.Add(d.file, n, "%s: cannot decode into %s", label(what), v.Type())
	}
}

// plainKey reports whether k is usable as a mapping key, reporting it when it is not.
func (d *decoder) plainKey(k *yaml.Node, what string) bool {
	switch {
	case k.Kind != yaml.ScalarNode:
		d.errs.Add(d.file, k, "%s: keys must be plain names, found %s", label(what), kindName(k))
		return false
	case k.Tag == "!!merge":
		d.errs.Add(d.file, k, "%s: YAML merge keys (<<) are not supported; write the keys out (aliases of whole values are fine)", label(what))
		return false
	}
	return true
}

func (d *decoder) decodeStruct(n *yaml.Node, v reflect.Value, what string) {
	if n.Kind != yaml.MappingNode {
		d.errs.Add(d.file, n, "%s: expected a mapping, found %s", label(what), kindName(n))
		return
	}
	t := v.Type()
	fields := map[string]int{}
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type == srcType {
			v.Field(i).Set(reflect.ValueOf(Src{File: d.file, Node: n}))
			continue
		}
		tag := f.Tag.Get("yaml")
		if tag == "" || tag == "-" {
			continue
		}
		fields[tag] = i
		names = append(names, tag)
	}
	sort.Strings(names)
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if !d.spend(k) || !d.plainKey(k, what) {
			continue
		}
		idx, ok := fields[k.Value]
		if !ok {
			// The list of keys is the schema's, not the input's: written out whole (Add clips
			// its text arguments).
			d.errs.Add(d.file, k, "%s: unknown key %q (%sexpected one of: "+strings.Join(names, ", ")+")", label(what), k.Value, suggest(k.Value, names))
			continue
		}
		if first := seen[k.Value]; first != nil {
			d.errs.Add(d.file, k, "%s: duplicate key %q (first given at line %d)", label(what), k.Value, first.Line)
			continue
		}
		seen[k.Value] = k
		d.decode(val, v.Field(idx), join(what, k.Value))
	}
}

// suggest returns `did you mean "x"? ` when one of names is close to word, else "".
func suggest(word string, names []string) string {
	best, bestDist := "", len(word)/3+2
	for _, n := range names {
		if d := editDistance(word, n); d < bestDist {
			best, bestDist = n, d
		}
	}
	if best == "" || best == word {
		return ""
	}
	return fmt.Sprintf("did you mean %q? ", best)
}

// editDistance is the Damerau-Levenshtein (optimal string alignment) distance, so that a
// swap of two neighbouring letters ("lepa" for "leap") counts as one edit.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// piecesByLetter applies a file's pieces-by-letter over the pieces decoded so far, in the
// order written: a letter of an existing piece changes that piece key by key (as a section
// of an extending file merges with its base), a new letter adds a piece at the end, and
// `~` removes the piece. The node is then cleared, so that a file extending this one
// applies only its own.
func (d *decoder) piecesByLetter(def *Definition) {
	n := def.PiecesByLetter
	def.PiecesByLetter = nil
	if n == nil {
		return
	}
	const what = "pieces-by-letter"
	if n.Kind != yaml.MappingNode {
		d.errs.Add(d.file, n, "%s: expected a mapping from piece letters to pieces, found %s", what, kindName(n))
		return
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if !d.spend(k) || !d.plainKey(k, what) {
			continue
		}
		if first := seen[k.Value]; first != nil {
			d.errs.Add(d.file, k, "%s: duplicate key %q (first given at line %d)", what, k.Value, first.Line)
			continue
		}
		seen[k.Value] = k
		at := slices.IndexFunc(def.Pieces, func(p Piece) bool { return p.Letter == k.Value })
		if val.Kind == yaml.ScalarNode && val.Tag == "!!null" {
			if at < 0 {
				d.errs.Add(d.file, k, "%s: no piece with letter %q to remove", what, k.Value)
				continue
			}
			def.Pieces = slices.Delete(def.Pieces, at, at+1)
			continue
		}
		var pc Piece
		if at >= 0 {
			pc = def.Pieces[at]
		}
		d.decode(val, reflect.ValueOf(&pc).Elem(), join(what, k.Value))
		switch {
		case pc.Letter == "":
			pc.Letter = k.Value
		case pc.Letter != k.Value:
			d.errs.Add(d.file, k, "%s: the piece under %q has letter %q; the key is its letter", what, k.Value, pc.Letter)
			continue
		}
		if at >= 0 {
			def.Pieces[at] = pc
		} else {
			def.Pieces = append(def.Pieces, pc)
		}
	}
}
