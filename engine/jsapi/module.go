// Package jsapi is the JavaScript API's Go side (chimera.js over chimera-api.wasm), shaped after ffish.js: the variants, compiled on first use, and boards that keep their game.
//
// The WebAssembly program (cli/jsapi, chimera-api.wasm) binds a Module's functions and
// each Board's methods to JavaScript; everything here is plain Go, tested natively. Errors
// are returned, never panicked: the binding turns them into JavaScript Errors.
package jsapi

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

// maxUserVariants bounds the definitions a module holds besides the built-ins (the
// oldest is forgotten first), as chimera serve bounds those written in its page.
const maxUserVariants = 256

// Module is the API's state: the variants compiled so far and those loaded.
type Module struct {
	mu        sync.Mutex
	compiled  map[string]*compiler.Ruleset // built-ins compiled on first use, by name
	user      map[string]*userVariant      // loaded with LoadVariant or LoadVariantConfig
	order     []string                     // the loaded ones' names, the oldest first
	held      atomic.Int64                 // the moves all boards keep (maxHeld)
	gameBytes atomic.Int64                 // the PGN text of the games kept (maxGameBytes)
}

// userVariant is a variant loaded at run time: its YAML and its ruleset.
type userVariant struct {
	yaml string
	rs   *compiler.Ruleset
}

// NewModule returns a module with the built-in variants (none compiled yet).
func NewModule() *Module {
	return &Module{compiled: map[string]*compiler.Ruleset{}, user: map[string]*userVariant{}}
}

// twoSided refuses a game of seats: the module plays two sides.
func twoSided(rs *compiler.Ruleset) error {
	return interpreter.TwoSided(rs, "this module", "play it with chimera seats, perft or show")
}

// Variants names the variants, separated by spaces: the built-ins, then those loaded.
func (m *Module) Variants() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var names []string
	for _, b := range defs.Builtins() {
		if !defs.BuiltinSeats(b) { // a game of seats: not played here
			names = append(names, b)
		}
	}
	for _, n := range m.order {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return strings.Join(names, " ")
}

// Ruleset finds a variant by name, compiling a built-in the first time it is asked for.
// A loaded variant of a built-in's name hides it.
func (m *Module) Ruleset(name string) (*compiler.Ruleset, error) {
	if name == "" {
		return nil, errors.New("missing variant: name one (chimera.variants() lists them)")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if u, ok := m.user[name]; ok {
		return u.rs, nil
	}
	builtin, ok := defs.BuiltinName(name)
	if !ok {
		return nil, fmt.Errorf("unknown variant %s: not a built-in (chimera.variants() lists them) nor one loaded", defs.Quote(name))
	}
	if rs, ok := m.compiled[builtin]; ok {
		return rs, nil
	}
	rs, err := interpreter.Open(builtin)
	if err == nil {
		err = twoSided(rs)
	}
	if err != nil {
		return nil, err
	}
	m.compiled[builtin] = rs
	return rs, nil
}

// LoadVariant compiles a definition (YAML) and adds it under its name, which it returns.
// A definition with errors returns a defs.ErrorList (positioned); file names the text
// given in those errors.
func (m *Module) LoadVariant(file, yaml string) (string, error) {
	if len(yaml) > defs.MaxFileSize {
		return "", fmt.Errorf("the definition has %d bytes, over the limit of %d", len(yaml), defs.MaxFileSize)
	}
	def, err := defs.Parse(file, []byte(yaml))
	if err != nil {
		return "", err
	}
	rs, err := interpreter.Build(def)
	if err == nil {
		err = twoSided(rs)
	}
	if err != nil {
		return "", err
	}
	m.add(rs.Name, yaml, rs)
	return rs.Name, nil
}

// add keeps a loaded variant, forgetting the oldest past maxUserVariants.
func (m *Module) add(name, yaml string, rs *compiler.Ruleset) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.order = slices.DeleteFunc(m.order, func(n string) bool { return n == name })
	m.order = append(m.order, name)
	m.user[name] = &userVariant{yaml: yaml, rs: rs}
	if len(m.order) > maxUserVariants {
		delete(m.user, m.order[0])
		m.order = m.order[1:]
	}
}

// ConfigError is what LoadVariantConfig could not load: the sections with errors, each
// with its positioned error; Loaded names the sections loaded all the same.
type ConfigError struct {
	Loaded   []string
	Sections []string
	Errs     []error
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of the %d sections of the variants.ini could not be imported:", len(e.Sections), len(e.Sections)+len(e.Loaded))
	for i, s := range e.Sections {
		fmt.Fprintf(&b, "\n[%s]: %v", s, e.Errs[i])
	}
	return b.String()
}

// LoadVariantConfig imports every section of a Fairy-Stockfish variants.ini (its text) as
// chimera import does (docs/import.md), and adds each as a variant. It returns the names
// added; the sections that could not be imported make a *ConfigError (the others are
// added all the same, as ffish.js loads what it can).
func (m *Module) LoadVariantConfig(ini string) ([]string, error) {
	if len(ini) > defs.MaxFileSize {
		return nil, fmt.Errorf("the variants.ini has %d bytes, over the limit of %d", len(ini), defs.MaxFileSize)
	}
	const file = "variants.ini"
	data := []byte(ini)
	sections := defs.INISections(data)
	if len(sections) == 0 {
		return nil, errors.New("the variants.ini has no section ([name] or [name:parent])")
	}
	var loaded []string
	cerr := &ConfigError{}
	for _, s := range sections {
		text, err := defs.ImportINI(file, data, s)
		if err == nil {
			_, err = m.LoadVariant(file+":"+s, string(text))
		}
		if err != nil {
			cerr.Sections, cerr.Errs = append(cerr.Sections, s), append(cerr.Errs, err)
			continue
		}
		loaded = append(loaded, s)
	}
	if len(cerr.Sections) > 0 {
		cerr.Loaded = loaded
		return loaded, cerr
	}
	return loaded, nil
}

// VariantYAML is the definition of a variant: a loaded one's text, a built-in's file.
func (m *Module) VariantYAML(name string) (string, error) {
	m.mu.Lock()
	u, ok := m.user[name]
	m.mu.Unlock()
	if ok {
		return u.yaml, nil
	}
	if b, ok := defs.BuiltinSource(name); ok {
		return string(b), nil
	}
	return "", fmt.Errorf("unknown variant %s", defs.Quote(name))
}

// StartingFEN is the FEN of a variant's default setup.
func (m *Module) StartingFEN(variant string) (string, error) {
	rs, err := m.Ruleset(variant)
	if err != nil {
		return "", err
	}
	p, err := interpreter.Start(rs, "")
	if err != nil {
		return "", err
	}
	return p.FEN(), nil
}

// CapturesToHand reports whether a variant's captured men go to the capturer's pool.
func (m *Module) CapturesToHand(variant string) (bool, error) {
	rs, err := m.Ruleset(variant)
	if err != nil {
		return false, err
	}
	return rs.Hands != nil && rs.Hands.CaptureTo >= 0, nil
}
