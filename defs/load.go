// Loading definitions: from bytes, from a file path, or by built-in name from the embedded files.
package defs

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

//go:embed *.yaml
var builtin embed.FS

// MaxExtends bounds a chain of definitions extending one another.
const MaxExtends = 8

// Parse decodes and validates one definition; file names it in errors.
// The returned error, if any, is an ErrorList.
func Parse(file string, data []byte) (*Definition, error) {
	def := &Definition{}
	errs := parseInto(def, file, data, 0)
	if len(errs) == 0 {
		errs = Validate(def)
	}
	errs.Sort()
	if len(errs) > 0 {
		return nil, errs
	}
	return def, nil
}

// parseInto decodes one file onto def. When the file extends another definition, the base
// is decoded first and the file's keys are laid over it: mappings merge key by key, lists
// and scalars replace, and tests are never inherited (they describe the base).
func parseInto(def *Definition, file string, data []byte, depth int) ErrorList {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		return ErrorList{yamlError(file, err)}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return ErrorList{{File: file, Line: extra.Line, Col: extra.Column, Msg: "a definition file holds one YAML document; found a second"}}
	}
	doc := &root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if base := extendsNode(doc); base != nil {
		if depth >= MaxExtends {
			return ErrorList{{File: file, Line: base.Line, Col: base.Column, Msg: fmt.Sprintf("extends: more than %d definitions deep (a cycle?)", MaxExtends)}}
		}
		baseFile, baseData, err := findBase(file, base.Value)
		if err != nil {
			return ErrorList{{File: file, Line: base.Line, Col: base.Column, Msg: "extends: " + err.Error()}}
		}
		if errs := parseInto(def, baseFile, baseData, depth+1); len(errs) > 0 {
			return errs
		}
		def.Tests = nil
	}
	d := &decoder{file: file}
	d.decode(doc, reflect.ValueOf(def).Elem(), "definition")
	return d.errs
}

func extendsNode(doc *yaml.Node) *yaml.Node {
	if doc.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value == "extends" && doc.Content[i+1].Kind == yaml.ScalarNode {
			return doc.Content[i+1]
		}
	}
	return nil
}

// findBase resolves an extends: value: a built-in name, or a path relative to the file.
func findBase(file, name string) (string, []byte, error) {
	if data, ok := BuiltinSource(name); ok && !strings.ContainsAny(name, "/\\.") {
		return "defs/" + name + ".yaml", data, nil
	}
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(file), name)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, fmt.Errorf("%q is neither a built-in variant (%s) nor a readable file", name, strings.Join(Builtins(), ", "))
	}
	return path, data, nil
}

// yamlError turns a yaml.v3 syntax error ("yaml: line N: msg") into a positioned Error.
func yamlError(file string, err error) Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		return Error{File: file, Line: line, Col: 1, Msg: "YAML syntax: " + msg}
	}
	if errors.Is(err, errEOF) || msg == "EOF" {
		return Error{File: file, Msg: "empty definition file"}
	}
	return Error{File: file, Line: 1, Col: 1, Msg: "YAML: " + msg}
}

var errEOF = errors.New("EOF")

// LoadFile reads and parses a definition file.
func LoadFile(path string) (*Definition, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Builtins lists the names of the embedded variants, sorted.
func Builtins() []string {
	entries, _ := fs.ReadDir(builtin, ".")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(names)
	return names
}

// BuiltinSource returns the YAML text of a built-in variant.
func BuiltinSource(name string) ([]byte, bool) {
	data, err := builtin.ReadFile(name + ".yaml")
	return data, err == nil
}

// Load finds a variant by built-in name or by file path. A name containing a path
// separator or ending in .yaml/.yml is always a path.
func Load(nameOrPath string) (*Definition, error) {
	isPath := strings.ContainsRune(nameOrPath, filepath.Separator) || strings.HasSuffix(nameOrPath, ".yaml") || strings.HasSuffix(nameOrPath, ".yml")
	if !isPath {
		if data, ok := BuiltinSource(nameOrPath); ok {
			return Parse("defs/"+nameOrPath+".yaml", data)
		}
		if _, err := os.Stat(nameOrPath); err != nil {
			return nil, fmt.Errorf("unknown variant %q: not a built-in (%s) and no such file", nameOrPath, strings.Join(Builtins(), ", "))
		}
	}
	return LoadFile(nameOrPath)
}
