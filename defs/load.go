// Loading definitions: from bytes, from a file path, or by built-in name from the embedded files.

package defs

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

//go:embed *.yaml
var builtin embed.FS

// MaxExtends bounds a chain of definitions extending one another.
const MaxExtends = 8

// Parse decodes and validates one definition; file names it in errors.
// The returned error, if any, is an ErrorList sorted by position: every decoding error
// (YAML syntax, unknown keys, wrong types) or, when decoding succeeded, every validation
// error. Parse never panics, whatever the input.
func Parse(file string, data []byte) (*Definition, error) {
	def := &Definition{}
	sources := map[string][]byte{}
	errs := parseInto(def, file, data, 0, sources)
	if len(errs) == 0 {
		errs = validate(def, sources)
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
// sources collects the text of every file read, for error positions inside values.
func parseInto(def *Definition, file string, data []byte, depth int, sources map[string][]byte) ErrorList {
	sources[file] = data
	doc, bad := parseYAML(file, data)
	if bad != nil {
		return ErrorList{*bad}
	}
	if base := extendsNode(doc); base != nil {
		if depth >= MaxExtends {
			return ErrorList{{File: file, Line: base.Line, Col: base.Column, Msg: fmt.Sprintf("extends: more than %d definitions deep (a cycle?)", MaxExtends)}}
		}
		baseFile, baseData, err := findBase(file, base.Value)
		if err != nil {
			return ErrorList{{File: file, Line: base.Line, Col: base.Column, Msg: "extends: " + err.Error()}}
		}
		if errs := parseInto(def, baseFile, baseData, depth+1, sources); len(errs) > 0 {
			return errs
		}
		def.Bases = append([]string{def.Name}, def.Bases...)
		def.Tests = nil
		def.Aliases = nil
		def.Source = nil
		def.XBoard, def.UCI, def.PGN, def.USI, def.UCCI = nil, nil, nil, nil, nil
		if hasKey(doc, "board") || hasKey(doc, "pieces") || hasKey(doc, "pieces-by-letter") {
			// Weights fitted to the base's board and men: an extension with another board
			// or other pieces starts from the derived weights (or gives its own).
			def.Evaluation = nil
		}
	}
	d := newDecoder(file)
	d.decode(doc, reflect.ValueOf(def).Elem(), "")
	d.piecesByLetter(def)
	d.lowerBetza(def)
	d.evaluationFile(def, sources)
	d.netFile(def)
	return d.errs
}

// parseYAML reads the one YAML document of a definition file into a node tree.
func parseYAML(file string, data []byte) (root *yaml.Node, bad *Error) {
	defer func() {
		// yaml.v3 turns its own failures into errors; anything else escaping it is a bug
		// in the parser, reported here rather than crashing the caller.
		if r := recover(); r != nil {
			root, bad = nil, &Error{File: file, Msg: fmt.Sprintf("YAML parser failure: %v", r)}
		}
	}()
	doc, err := decodeOne(data)
	if err != nil {
		e := yamlError(file, data, err)
		return nil, &e
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		return doc.Content[0], nil
	}
	return doc, nil
}

// errSecondDocument is returned by decodeOne for a stream of several documents.
type errSecondDocument struct{ line, col int }

func (e errSecondDocument) Error() string { return "second document" }

// decodeOne parses data, which must hold exactly one YAML document.
func decodeOne(data []byte) (*yaml.Node, error) {
	var doc, extra yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	switch err := dec.Decode(&extra); {
	case err == nil:
		return nil, errSecondDocument{extra.Line, extra.Column}
	case !errors.Is(err, io.EOF):
		return nil, err
	}
	return &doc, nil
}

// MaxSyntaxScan bounds the size (in lines) of a file whose YAML syntax error is located by
// re-parsing its prefixes.
const MaxSyntaxScan = 100000

// yamlError turns a yaml.v3 error ("yaml: line N: msg") into a positioned Error.
// yaml.v3 gives no column, and its line is often that of the enclosing construct (a list,
// a mapping; counted from 0 for parser errors) rather than of the fault: the faulty line
// is found as the shortest prefix of the file, at least N lines long, that fails with the
// very same error.
func yamlError(file string, data []byte, err error) Error {
	var second errSecondDocument
	switch {
	case errors.Is(err, io.EOF):
		return Error{File: file, Msg: "empty definition file: expected a mapping with name, board, pieces and setups"}
	case errors.As(err, &second):
		return Error{File: file, Line: second.line, Col: second.col, Msg: "a definition file holds one YAML document; found a second (remove the '---' line)"}
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n != 1 || line < 1 {
		return Error{File: file, Msg: "YAML syntax error: " + msg}
	}
	msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	lines := bytes.SplitAfter(data, []byte("\n"))
	at := line
	if len(lines) <= MaxSyntaxScan && line <= len(lines) {
		// The parser stops at the first fault, so once a prefix holds it every longer
		// prefix fails the same way: binary search for the shortest.
		lo, hi := line, len(lines)
		for lo < hi {
			mid := (lo + hi) / 2
			if _, e := decodeOne(bytes.Join(lines[:mid], nil)); e != nil && e.Error() == err.Error() {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		at = lo
	}
	return Error{File: file, Line: at, Msg: "YAML syntax error: " + msg}
}

// hasKey reports whether the mapping doc has the top-level key.
func hasKey(doc *yaml.Node, key string) bool {
	for i := 0; doc.Kind == yaml.MappingNode && i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value == key {
			return true
		}
	}
	return false
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

// BuiltinFile is how errors name a built-in variant's file when it is read as the base of
// another (extends:): "built-in chess", for a file the user may not have.
func BuiltinFile(name string) string { return "built-in " + name }

// findBase resolves an extends: value: a built-in name, or the path of a definition file
// (.yaml or .yml) next to the extending file or below its directory. A built-in extends
// only built-ins.
func findBase(file, name string) (string, []byte, error) {
	if data, ok := BuiltinSource(name); ok && !strings.ContainsAny(name, "/\\.") {
		canonical, _ := BuiltinName(name)
		return BuiltinFile(canonical), data, nil
	}
	builtins := builtinHint(name)
	if strings.HasPrefix(file, BuiltinFile("")) {
		return "", nil, fmt.Errorf("%s is not a built-in variant (%s)", Quote(name), builtins)
	}
	if !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml") {
		return "", nil, fmt.Errorf("%s is neither a built-in variant (%s) nor a definition file (.yaml)", Quote(name), builtins)
	}
	if !filepath.IsLocal(name) {
		return "", nil, fmt.Errorf("%s: the base must be a built-in variant or a file next to this one or below its directory (a relative path without '..')", Quote(name))
	}
	path := filepath.Join(filepath.Dir(file), name)
	if err := linkedOutside(file, path); err != nil {
		return "", nil, fmt.Errorf("%s: %v", Quote(name), err)
	}
	data, err := readFile(path)
	if err != nil {
		return "", nil, fmt.Errorf("%s is neither a built-in variant (%s) nor a readable file", Quote(name), builtins)
	}
	return path, data, nil
}

// linkedOutside refuses a path beside the definition file (or below its directory) that
// symbolic links take outside that directory: a definition names only files it ships
// with, so that loading one cannot read (and show in an error) any other file.
func linkedOutside(file, path string) error {
	realDir, err1 := filepath.EvalSymlinks(filepath.Dir(file))
	real, err2 := filepath.EvalSymlinks(path)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(realDir, real); err != nil || !filepath.IsLocal(rel) {
			return errors.New("a link to a file outside this file's directory")
		}
	}
	return nil
}

// MaxFileSize bounds the size of a definition file.
const MaxFileSize = 1 << 20

// readFile reads a definition file: a regular file of at most MaxFileSize bytes (so that a
// path such as /dev/zero cannot hang the loader).
func readFile(path string) ([]byte, error) {
	return ReadRegular(path, "a definition file", MaxFileSize)
}

// ReadRegular reads path, which must be a regular file of at most limit bytes: a device
// such as /dev/zero, a pipe or a folder is refused rather than read without end. what
// names such a file in the error of one too large ("an openings file").
func ReadRegular(path, what string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	tooBig := func(n int64) error {
		return fmt.Errorf("%s: %d bytes; %s holds at most %d", path, n, what, limit)
	}
	if fi.Size() > limit {
		return nil, tooBig(fi.Size())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit { // it grew since
		return nil, tooBig(int64(len(data)))
	}
	return data, nil
}

// LoadFile reads and parses a definition file.
func LoadFile(path string) (*Definition, error) {
	data, err := readFile(path)
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

// BuiltinSource returns the YAML text of a built-in variant, named by its name or one of
// its aliases.
func BuiltinSource(name string) ([]byte, bool) {
	name, ok := BuiltinName(name)
	if !ok {
		return nil, false
	}
	data, err := builtin.ReadFile(name + ".yaml")
	return data, err == nil
}

// BuiltinName returns the name of the built-in variant called name: name itself for a
// built-in, the built-in it belongs to for an alias (aliases: [normal] in chess.yaml).
func BuiltinName(name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return "", false
	}
	if _, err := fs.Stat(builtin, name+".yaml"); err == nil {
		return name, true
	}
	owner, ok := builtinAliases().owner[name]
	return owner, ok
}

// topLevelKey returns the lines of data that hold the top-level key (its line and the
// indented or blank lines after it), or nothing.
func topLevelKey(data []byte, key string) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i, l := range lines {
		if !bytes.HasPrefix(l, []byte(key+":")) {
			continue
		}
		j := i + 1
		for j < len(lines) && (len(bytes.TrimSpace(lines[j])) == 0 || lines[j][0] == ' ' || lines[j][0] == '#') {
			j++
		}
		return bytes.Join(lines[i:j], nil)
	}
	return nil
}

// BuiltinTitle is the title of the built-in variant name as its file writes it, read
// without decoding the rest (a menu of every built-in needs their titles, not their
// rules); "" for a name that is no built-in or a file without a top-level title.
func BuiltinTitle(name string) string {
	data, ok := BuiltinSource(name)
	if !ok {
		return ""
	}
	doc, bad := parseYAML(name, topLevelKey(data, "title"))
	if bad != nil || doc.Kind != yaml.MappingNode || len(doc.Content) != 2 || doc.Content[1].Kind != yaml.ScalarNode {
		return ""
	}
	return doc.Content[1].Value
}

// BuiltinGeometry is the board geometry of the built-in variant name ("square" or "hex"),
// read without decoding its rules: its board's geometry key, or the geometry of the
// built-in it extends when it has no board key.
func BuiltinGeometry(name string) string {
	if board := builtinKey(name, "board"); board != nil {
		var b struct {
			Board struct {
				Geometry string `yaml:"geometry"`
			} `yaml:"board"`
		}
		if yaml.Unmarshal(board, &b) == nil && b.Board.Geometry != "" {
			return b.Board.Geometry
		}
	}
	return "square"
}

// BuiltinSeats reports whether the built-in variant name is a game of seats (a seats
// key, its own or the built-in's it extends), read without decoding its rules: the
// two-sided commands and protocols leave such games out of what they offer.
func BuiltinSeats(name string) bool {
	return builtinKey(name, "seats") != nil
}

// builtinKey returns the lines of the built-in variant name's top-level key, or of the
// built-in it extends when it has no such key (nil for none).
func builtinKey(name, key string) []byte {
	for range 8 {
		data, ok := BuiltinSource(name)
		if !ok {
			return nil
		}
		if v := topLevelKey(data, key); v != nil {
			return v
		}
		var e struct {
			Extends string `yaml:"extends"`
		}
		if yaml.Unmarshal(topLevelKey(data, "extends"), &e) != nil || e.Extends == "" {
			return nil
		}
		name = e.Extends
	}
	return nil
}

// BuiltinAliases lists the aliases of the built-in variant name, as its file writes them.
func BuiltinAliases(name string) []string {
	return slices.Clone(builtinAliases().of[name])
}

// aliasTable holds the aliases of the built-in variants: each built-in's, and the built-in
// each alias leads to. An alias two built-ins claim leads to the first in name order;
// validation reports the second.
type aliasTable struct {
	of    map[string][]string
	owner map[string]string
}

// builtinAliases reads, once, the top-level aliases: list of each embedded file, without
// decoding the rest (the validation of a definition asks for them, so every command that
// opens a definition does): only the lines of that key are parsed.
var builtinAliases = sync.OnceValue(func() aliasTable {
	t := aliasTable{of: map[string][]string{}, owner: map[string]string{}}
	for _, name := range Builtins() {
		data, _ := builtin.ReadFile(name + ".yaml")
		doc, bad := parseYAML(name, topLevelKey(data, "aliases"))
		if bad != nil || doc.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(doc.Content); i += 2 {
			if doc.Content[i].Value != "aliases" || doc.Content[i+1].Kind != yaml.SequenceNode {
				continue
			}
			for _, n := range doc.Content[i+1].Content {
				if n.Kind != yaml.ScalarNode {
					continue
				}
				t.of[name] = append(t.of[name], n.Value)
				if _, taken := t.owner[n.Value]; !taken {
					t.owner[n.Value] = name
				}
			}
		}
	}
	return t
})

// Load finds a variant by built-in name (or alias), by file path, or as a section of a
// Fairy-Stockfish variants.ini (FILE.ini:SECTION, imported). A name containing a
// path separator or ending in .yaml/.yml is always a path.
func Load(nameOrPath string) (*Definition, error) {
	if IsINISpec(nameOrPath) {
		return LoadINI(nameOrPath)
	}
	isPath := strings.ContainsRune(nameOrPath, filepath.Separator) || strings.HasSuffix(nameOrPath, ".yaml") || strings.HasSuffix(nameOrPath, ".yml")
	if !isPath {
		if name, ok := BuiltinName(nameOrPath); ok {
			data, _ := BuiltinSource(name)
			return Parse("defs/"+name+".yaml", data)
		}
		if _, err := os.Stat(nameOrPath); err != nil {
			return nil, fmt.Errorf("unknown variant %s: not a built-in (%s) and no such file", Quote(nameOrPath), builtinHint(nameOrPath))
		}
	}
	return LoadFile(nameOrPath)
}

// builtinHint names, for a name that is no built-in, the built-ins it may have meant
// (those it starts, contains or is a letter or two away from) and how to list them all.
func builtinHint(name string) string {
	lower := strings.ToLower(name)
	var near []string
	for _, b := range Builtins() {
		if len(lower) >= 2 && (strings.HasPrefix(b, lower) || strings.Contains(lower, b) && len(b) >= 4) || editDistance(lower, b) <= 2 {
			near = append(near, b)
		}
	}
	all := fmt.Sprintf("%d built-ins; chimera list names them", len(Builtins()))
	if len(near) == 0 || len(near) > 8 {
		return all
	}
	return "did you mean " + strings.Join(near, ", ") + "? " + all
}

// BuiltinWhere returns the first built-in, in name order, whose definition satisfies ok,
// or "" (protocol conventions are looked up this way, not by name).
func BuiltinWhere(ok func(*Definition) bool) string {
	for _, b := range Builtins() {
		if def, err := Load(b); err == nil && ok(def) {
			return b
		}
	}
	return ""
}
