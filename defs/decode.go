// Strict positioned decoding of YAML nodes into the schema types, by reflection on yaml tags.
package defs

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

var srcType = reflect.TypeOf(Src{})

type decoder struct {
	file string
	errs ErrorList
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return strconv.Quote(n.Value)
}

// decode fills v (addressable) from node n; what describes v in messages.
func (d *decoder) decode(n *yaml.Node, v reflect.Value, what string) {
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			d.errs.Add(d.file, n, "%s: unresolved alias", what)
			return
		}
		n = n.Alias
	}
	switch v.Kind() {
	case reflect.Pointer:
		if n.Tag == "!!null" {
			return
		}
		p := reflect.New(v.Type().Elem())
		d.decode(n, p.Elem(), what)
		v.Set(p)
	case reflect.Struct:
		d.decodeStruct(n, v, what)
	case reflect.Slice:
		if n.Tag == "!!null" {
			return
		}
		if n.Kind != yaml.SequenceNode {
			d.errs.Add(d.file, n, "%s: expected a list, found %s", what, kindName(n))
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, c := range n.Content {
			d.decode(c, s.Index(i), what+"["+strconv.Itoa(i)+"]")
		}
		v.Set(s)
	case reflect.Map:
		if n.Tag == "!!null" {
			return
		}
		if n.Kind != yaml.MappingNode {
			d.errs.Add(d.file, n, "%s: expected a mapping, found %s", what, kindName(n))
			return
		}
		m := v
		if m.IsNil() {
			m = reflect.MakeMap(v.Type())
		}
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				d.errs.Add(d.file, k, "%s: keys must be plain names", what)
				continue
			}
			if seen[k.Value] {
				d.errs.Add(d.file, k, "%s: duplicate key %q", what, k.Value)
				continue
			}
			seen[k.Value] = true
			e := reflect.New(v.Type().Elem()).Elem()
			d.decode(val, e, what+"."+k.Value)
			m.SetMapIndex(reflect.ValueOf(k.Value), e)
		}
		v.Set(m)
	case reflect.String:
		if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
			d.errs.Add(d.file, n, "%s: expected text, found %s", what, kindName(n))
			return
		}
		v.SetString(n.Value)
	case reflect.Bool:
		b, err := strconv.ParseBool(n.Value)
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" || err != nil {
			d.errs.Add(d.file, n, "%s: expected true or false, found %s", what, kindName(n))
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int64:
		i, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 10, 64)
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || err != nil {
			d.errs.Add(d.file, n, "%s: expected a whole number, found %s", what, kindName(n))
			return
		}
		v.SetInt(i)
	default:
		d.errs.Add(d.file, n, "%s: cannot decode into %s", what, v.Type())
	}
}

func (d *decoder) decodeStruct(n *yaml.Node, v reflect.Value, what string) {
	if n.Kind != yaml.MappingNode {
		d.errs.Add(d.file, n, "%s: expected a mapping, found %s", what, kindName(n))
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
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		idx, ok := fields[k.Value]
		if !ok {
			sort.Strings(names)
			d.errs.Add(d.file, k, "%s: unknown key %q (expected one of: %s)", what, k.Value, strings.Join(names, ", "))
			continue
		}
		if seen[k.Value] {
			d.errs.Add(d.file, k, "%s: duplicate key %q", what, k.Value)
			continue
		}
		seen[k.Value] = true
		d.decode(val, v.Field(idx), what+"."+k.Value)
	}
}
