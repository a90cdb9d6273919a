// Writing a definition back as YAML: every key that differs from its default, in the order the language documents.

package defs

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"
)

// Marshal writes def as one YAML document that Parse reads back to the same definition.
// A value is written when it differs from its default: zero numbers, false, empty text
// and empty lists are left out, but a pointer that is set (san-letter: "", fifty-move: 0)
// is written as it is. extends: and pieces-by-letter: are not written: def holds what
// they gave already. Lists of numbers and atoms are written on one line each.
func Marshal(def *Definition) ([]byte, error) {
	n := marshalValue(reflect.ValueOf(def).Elem(), 0)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return nil, err
	}
	enc.Close()
	return b.Bytes(), nil
}

var skipKeys = map[string]bool{"extends": true, "pieces-by-letter": true}

var pieceType = reflect.TypeOf(Piece{})

func marshalValue(v reflect.Value, depth int) *yaml.Node {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return marshalValue(v.Elem(), depth)
	case reflect.Struct:
		m := &yaml.Node{Kind: yaml.MappingNode}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			key := f.Tag.Get("yaml")
			if key == "" || key == "-" || skipKeys[key] || !f.IsExported() {
				continue
			}
			if key == "moves" && t == pieceType && v.FieldByName("Betza").String() != "" {
				continue // the moves were lowered from the piece's betza:, which is written
			}
			fv := v.Field(i)
			if fv.Kind() != reflect.Pointer && fv.IsZero() {
				continue
			}
			// An empty list is left out, but moves: [] (a man that never moves) says
			// something that leaving it out would not.
			if (fv.Kind() == reflect.Slice || fv.Kind() == reflect.Map) && fv.Len() == 0 && !(key == "moves" && fv.Kind() == reflect.Slice && !fv.IsNil()) {
				continue
			}
			val := marshalValue(fv, depth+1)
			if val == nil {
				continue
			}
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, val)
		}
		if flowStruct[t.Name()] {
			m.Style = yaml.FlowStyle
		}
		return m
	case reflect.Slice:
		s := &yaml.Node{Kind: yaml.SequenceNode}
		for i := 0; i < v.Len(); i++ {
			s.Content = append(s.Content, marshalValue(v.Index(i), depth+1))
		}
		if k := v.Type().Elem().Kind(); k != reflect.Struct && k != reflect.Pointer {
			s.Style = yaml.FlowStyle
		}
		return s
	case reflect.Map:
		m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return cmpString(a.String(), b.String())
		})
		for _, k := range keys {
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k.String()}, marshalValue(v.MapIndex(k), depth+1))
		}
		if v.Type().Elem().Kind() == reflect.Struct {
			m.Style = 0
		}
		return m
	case reflect.String:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v.String()}
	case reflect.Bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v.Bool())}
	case reflect.Int, reflect.Int64, reflect.Int32:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(v.Int(), 10)}
	case reflect.Float64:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(v.Float(), 'g', -1, 64)}
	}
	panic(fmt.Sprintf("defs.Marshal: no YAML form for %s", v.Type()))
}

// flowStruct names the small structures written on one line.
var flowStruct = map[string]bool{"Atom": true, "Leg": true, "CastleSide": true, "CastleChoice": true, "DropRule": true, "ShuffleStep": true, "Restriction": true, "CountLimit": true, "NoMoves": true, "Zone": true, "Promotion": true, "InPlace": true}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
