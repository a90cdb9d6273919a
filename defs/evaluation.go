// The evaluation: section: reading its file: and checking its weights against the board and pieces.

package defs

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// MaxEvalWeight bounds every number of an evaluation: section (centipawns).
const MaxEvalWeight = 100_000

// evaluationFile reads the file an evaluation: section names (file: NAME.yaml, beside the
// definition) onto the section, with its errors placed in that file.
func (d *decoder) evaluationFile(def *Definition, sources map[string][]byte) {
	ev := def.Evaluation
	if ev == nil || ev.File == "" {
		return
	}
	name, at := ev.File, ev.Src.At("file")
	ev.File = ""
	if n := ev.Src.Node; n != nil && n.Kind == yaml.MappingNode && len(n.Content) > 2 {
		d.errs.Add(d.file, n, "evaluation: file: stands alone (the other keys go in the file it names)")
		return
	}
	switch {
	case strings.HasPrefix(d.file, BuiltinFile("")):
		d.errs.Add(d.file, at, "evaluation.file: a built-in variant names no file")
		return
	case !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml"):
		d.errs.Add(d.file, at, "evaluation.file: %s: expected a .yaml file beside this definition", Quote(name))
		return
	case !filepath.IsLocal(name):
		d.errs.Add(d.file, at, "evaluation.file: %s: the file must be beside this definition or below its directory (a relative path without '..')", Quote(name))
		return
	}
	path := filepath.Join(filepath.Dir(d.file), name)
	if err := linkedOutside(d.file, path); err != nil {
		d.errs.Add(d.file, at, "evaluation.file: %s: %v", Quote(name), err)
		return
	}
	data, err := readFile(path)
	if err != nil {
		d.errs.Add(d.file, at, "evaluation.file: cannot read %s: %v", Quote(path), err)
		return
	}
	sources[path] = data
	doc, bad := parseYAML(path, data)
	if bad != nil {
		d.errs = append(d.errs, *bad)
		return
	}
	sub := newDecoder(path)
	sub.budget = d.budget
	sub.decode(doc, reflect.ValueOf(ev).Elem(), "evaluation")
	d.budget = sub.budget
	d.errs = append(d.errs, sub.errs...)
	if ev.File != "" {
		d.errs.Add(path, ev.Src.At("file"), "evaluation.file: the file an evaluation names holds the weights, not the name of another file")
		ev.File = ""
	}
}

// mapKey returns the key node of key in the mapping n (or n itself).
func mapKey(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return n
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return n
}

// mapValue returns the value node of key in the mapping n (or n itself).
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return n
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return n
}

// item returns element i of the sequence n (or n itself).
func item(n *yaml.Node, i int) *yaml.Node {
	if n != nil && n.Kind == yaml.SequenceNode && i < len(n.Content) {
		return n.Content[i]
	}
	return n
}

// weight checks one number of the section.
func (v *validator) weight(file string, n *yaml.Node, what string, x int) {
	if x < -MaxEvalWeight || x > MaxEvalWeight {
		v.errs.Add(file, n, "%s: %d is out of range (-%d to %d centipawns)", what, x, MaxEvalWeight, MaxEvalWeight)
	}
}

// evaluation checks the evaluation: section: known letters and pools, square tables the
// board's shape, numbers in range, terms the variant has.
func (v *validator) evaluation() {
	ev := v.def.Evaluation
	if ev == nil {
		return
	}
	file := ev.Src.File
	royal := map[string]bool{}
	hasRoyal := false
	for _, p := range v.def.Pieces {
		royal[p.Letter] = p.Royal
		hasRoyal = hasRoyal || p.Royal
	}
	pieces := ev.Src.At("pieces")
	for _, letter := range sortedKeys(ev.Pieces) {
		ep := ev.Pieces[letter]
		what := "evaluation.pieces." + letter
		if !v.letters[letter] {
			v.errs.Add(file, mapKey(pieces, letter), "evaluation.pieces: no piece has letter %q (letters: %s)", letter, v.letterNames())
			continue
		}
		if ep == nil {
			continue
		}
		if ep.Value != nil {
			v.weight(ep.File, ep.At("value"), what+".value", *ep.Value)
			if royal[letter] {
				v.errs.Add(ep.File, ep.At("value"), "%s.value: %s is royal: the evaluation counts no value for it (remove value:)", what, letter)
			}
		}
		for _, n := range []struct {
			key string
			x   *int
		}{{"near-enemy-royal", ep.NearEnemyRoyal}, {"near-own-royal", ep.NearOwnRoyal}} {
			if n.x == nil {
				continue
			}
			v.weight(ep.File, ep.At(n.key), what+"."+n.key, *n.x)
			switch {
			case royal[letter]:
				v.errs.Add(ep.File, ep.At(n.key), "%s.%s: %s is royal: only other men count near a royal one", what, n.key, letter)
			case !hasRoyal:
				v.errs.Add(ep.File, ep.At(n.key), "%s.%s: the variant has no royal piece to be near", what, n.key)
			}
		}
		if ep.StatusValue != nil {
			v.weight(ep.File, ep.At("status-value"), what+".status-value", *ep.StatusValue)
			switch {
			case royal[letter]:
				v.errs.Add(ep.File, ep.At("status-value"), "%s.status-value: %s is royal: the evaluation counts no value for it", what, letter)
			case !immobileStatus(v.def):
				v.errs.Add(ep.File, ep.At("status-value"), "%s.status-value: the variant has no status that makes a man immobile (statuses:)", what)
			}
		}
		if ep.Reach != nil {
			v.weight(ep.File, ep.At("reach"), what+".reach", *ep.Reach)
			if royal[letter] {
				v.errs.Add(ep.File, ep.At("reach"), "%s.reach: %s is royal: the evaluation counts no reach for it", what, letter)
			}
		}
		if ep.Squares == nil {
			continue
		}
		sq := ep.At("squares")
		files, ranks := v.def.Board.Files, v.def.Board.Ranks
		if len(ep.Squares) != ranks {
			v.errs.Add(ep.File, sq, "%s.squares: expected %d lists, one a rank from the last to the first, found %d", what, ranks, len(ep.Squares))
			continue
		}
		for r, row := range ep.Squares {
			if len(row) != files {
				v.errs.Add(ep.File, item(sq, r), "%s.squares[%d]: expected %d numbers, one a file from a, found %d", what, r, files, len(row))
				continue
			}
			for f, x := range row {
				v.weight(ep.File, item(item(sq, r), f), what+".squares", x)
			}
		}
	}
	if ev.Pools != nil {
		pools := ev.Src.At("pools")
		var names []string
		if h := v.def.Hands; h != nil {
			names = h.Pools
		}
		if len(names) == 0 {
			v.errs.Add(file, pools, "evaluation.pools: the variant has no pools (hands:)")
		}
		for _, pool := range sortedKeys(ev.Pools) {
			if len(names) > 0 && !oneOf(pool, names) {
				v.errs.Add(file, mapKey(pools, pool), "evaluation.pools: no pool is named %q (pools: %s)", pool, strings.Join(names, ", "))
				continue
			}
			byLetter := mapValue(pools, pool)
			for _, letter := range sortedKeys(ev.Pools[pool]) {
				if !v.letters[letter] {
					v.errs.Add(file, mapKey(byLetter, letter), "evaluation.pools.%s: no piece has letter %q (letters: %s)", pool, letter, v.letterNames())
					continue
				}
				v.weight(file, mapValue(byLetter, letter), "evaluation.pools."+pool+"."+letter, ev.Pools[pool][letter])
			}
		}
	}
	for _, t := range []struct {
		key string
		x   *int
	}{{"mobility", ev.Mobility}, {"advance", ev.Advance}, {"goal-distance", ev.GoalDistance}, {"checks-given", ev.ChecksGiven}, {"tempo", ev.Tempo}, {"passed", ev.Passed}, {"isolated", ev.Isolated}, {"doubled", ev.Doubled}, {"pair", ev.Pair}, {"open-file", ev.OpenFile}, {"half-open-file", ev.HalfOpenFile}, {"reach", ev.Reach}} {
		if t.x != nil {
			v.weight(file, ev.At(t.key), "evaluation."+t.key, *t.x)
		}
	}
	if ev.ChecksGiven != nil && v.def.Rules.CheckCounter == 0 {
		v.errs.Add(file, ev.At("checks-given"), "evaluation.checks-given: the variant counts no checks (rules.check-counter)")
	}
	promotes := false
	for _, p := range v.def.Pieces {
		promotes = promotes || p.Promotion != nil
	}
	for _, t := range []struct {
		key string
		x   *int
	}{{"passed", ev.Passed}, {"isolated", ev.Isolated}, {"doubled", ev.Doubled}, {"open-file", ev.OpenFile}, {"half-open-file", ev.HalfOpenFile}} {
		if t.x != nil && *t.x != 0 && !promotes {
			v.errs.Add(file, ev.At(t.key), "evaluation.%s: no piece promotes (the term counts men of pawn-like types: they promote and only move forward)", t.key)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// immobileStatus reports whether the definition has a status that makes a man immobile.
func immobileStatus(d *Definition) bool {
	for _, st := range d.Statuses {
		if st.Immobile {
			return true
		}
	}
	return false
}

// MaxNetSize bounds the size of a network file (evaluation.net).
const MaxNetSize = 64 << 20

// netFile reads the network file an evaluation: section names (net: FILE, beside the
// definition or below its directory) into NetData; the compiler checks what it holds.
func (d *decoder) netFile(def *Definition) {
	ev := def.Evaluation
	if ev == nil || ev.Net == "" {
		return
	}
	file := d.file
	if ev.Src.File != "" {
		file = ev.Src.File
	}
	name, at := ev.Net, ev.Src.At("net")
	ev.Net = ""
	switch {
	case strings.HasPrefix(file, BuiltinFile("")):
		d.errs.Add(file, at, "evaluation.net: a built-in variant names no file")
		return
	case !filepath.IsLocal(name):
		d.errs.Add(file, at, "evaluation.net: %s: the file must be beside this definition or below its directory (a relative path without '..')", Quote(name))
		return
	}
	path := filepath.Join(filepath.Dir(file), name)
	if err := linkedOutside(file, path); err != nil {
		d.errs.Add(file, at, "evaluation.net: %s: %v", Quote(name), err)
		return
	}
	data, err := ReadRegular(path, "a network file", MaxNetSize)
	if err != nil {
		d.errs.Add(file, at, "evaluation.net: cannot read %s: %v", Quote(path), err)
		return
	}
	ev.NetPath, ev.NetData = path, data
}
