// Opening a variant: load, validate, compile, and check its setups and test positions.
package interpreter

import (
	"fmt"

	"chimera/compiler"
	"chimera/defs"
)

// Open loads a variant by built-in name or file path, compiles it and checks that its
// setup and test FENs are valid positions. Errors are positioned (defs.ErrorList) when
// they come from the definition.
func Open(nameOrPath string) (*compiler.Ruleset, error) {
	def, err := defs.Load(nameOrPath)
	if err != nil {
		return nil, err
	}
	return Build(def)
}

// Build compiles a parsed definition and checks its FENs.
func Build(def *defs.Definition) (*compiler.Ruleset, error) {
	rs, err := compiler.Compile(def)
	if err != nil {
		return nil, err
	}
	var errs defs.ErrorList
	for _, s := range rs.Setups() {
		if _, err := FromFEN(rs, s.FEN); err != nil {
			errs = append(errs, s.Def.Errorf("fen", "setup %q: %v", s.Name, err))
		}
	}
	for i := range def.Tests {
		t := &def.Tests[i]
		if t.FEN == "" {
			continue
		}
		if _, err := FromFEN(rs, t.FEN); err != nil {
			errs = append(errs, t.Errorf("fen", "test %q: %v", t.Name, err))
		}
	}
	errs.Sort()
	if len(errs) > 0 {
		return nil, errs
	}
	return rs, nil
}

// Start returns the position of the named setup ("" for the default, the first).
func Start(rs *compiler.Ruleset, setup string) (*Position, error) {
	for _, s := range rs.Setups() {
		if setup == "" || s.Name == setup {
			return FromFEN(rs, s.FEN)
		}
	}
	names := ""
	for i, s := range rs.Setups() {
		if i > 0 {
			names += ", "
		}
		names += s.Name
	}
	return nil, fmt.Errorf("unknown setup %q (setups: %s)", setup, names)
}
