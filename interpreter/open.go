// Opening a variant: load, validate, compile, and check its setups and test positions.

package interpreter

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

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
		if rs.Seats != nil {
			if _, err := NewTable(rs, s.FEN); err != nil {
				errs = append(errs, s.Def.Errorf("fen", "setup %q: %v", s.Name, err))
			}
			continue
		}
		if _, err := FromFEN(rs, s.FEN); err != nil {
			errs = append(errs, s.Def.Errorf("fen", "setup %q: %v", s.Name, err))
		} else if s.Shuffled() {
			if msg := checkShuffle(rs, s); msg != "" {
				errs = append(errs, s.Def.Errorf("shuffle", "setup %q: %s", s.Name, msg))
			}
		}
	}
	for i := range def.Tests {
		t := &def.Tests[i]
		if t.FEN == "" {
			continue
		}
		if rs.Seats != nil {
			if _, err := NewTable(rs, t.FEN); err != nil {
				errs = append(errs, t.Errorf("fen", "test %q: %v", t.Name, err))
			}
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

// Start returns the position of the named setup ("" for the default, the first). A
// shuffled setup takes an arrangement number, "NAME:N" (or "N" alone when the variant has
// one shuffled setup); without one an arrangement is drawn at random.
func Start(rs *compiler.Ruleset, setup string) (*Position, error) {
	fen, _, err := SetupFEN(rs, setup)
	if err != nil {
		return nil, err
	}
	return FromFEN(rs, fen)
}

// SetupFEN resolves a setup name as Start does and returns its FEN and the resolved name
// (with the arrangement number of a shuffled setup, e.g. "shuffle:518").
func SetupFEN(rs *compiler.Ruleset, setup string) (fen, resolved string, err error) {
	name, n, err := compiler.ParseSetupName(setup)
	if err != nil {
		return "", "", err
	}
	if n < 0 && name != "" && strings.Trim(name, "0123456789") == "" {
		// A bare number names an arrangement of the one shuffled setup.
		var shuffled []compiler.Setup
		for _, s := range rs.Setups() {
			if s.Shuffled() {
				shuffled = append(shuffled, s)
			}
		}
		if len(shuffled) == 1 {
			name, n, _ = compiler.ParseSetupName(shuffled[0].Name + ":" + name)
		}
	}
	for _, s := range rs.Setups() {
		if name != "" && s.Name != name {
			continue
		}
		if !s.Shuffled() {
			if n >= 0 {
				return "", "", fmt.Errorf("setup %q is not shuffled: it has no numbered arrangements", s.Name)
			}
			return s.FEN, s.Name, nil
		}
		if n < 0 {
			n = rand.IntN(s.Count())
		}
		if n >= s.Count() {
			return "", "", fmt.Errorf("setup %q has arrangements 0 to %d, not %d", s.Name, s.Count()-1, n)
		}
		return ArrangedFEN(rs, s, n), fmt.Sprintf("%s:%d", s.Name, n), nil
	}
	var names []string
	for _, s := range rs.Setups() {
		if s.Shuffled() {
			names = append(names, fmt.Sprintf("%s (0-%d)", s.Name, s.Count()-1))
		} else {
			names = append(names, s.Name)
		}
	}
	return "", "", fmt.Errorf("unknown setup %s (setups: %s)", defs.Quote(setup), strings.Join(names, ", "))
}

// ArrangedFEN is the FEN of arrangement n of the shuffled setup s: its FEN with White's
// first rank rearranged and Black's last rank mirroring it.
func ArrangedFEN(rs *compiler.Ruleset, s compiler.Setup, n int) string {
	fields := strings.Fields(s.FEN)
	rows := strings.Split(fields[0], "/")
	var white, black strings.Builder
	empty := 0
	for _, t := range s.Arrangement(n, rs.Files) {
		if t < 0 {
			empty++
			continue
		}
		if empty > 0 {
			fmt.Fprint(&white, empty)
			fmt.Fprint(&black, empty)
			empty = 0
		}
		l := rs.Piece(t).Letter
		white.WriteByte(l)
		black.WriteByte(l + 'a' - 'A')
	}
	if empty > 0 {
		fmt.Fprint(&white, empty)
		fmt.Fprint(&black, empty)
	}
	rows[0], rows[len(rows)-1] = black.String(), white.String()
	fields[0] = strings.Join(rows, "/")
	return strings.Join(fields, " ")
}

// checkShuffle checks a shuffled setup against its FEN: the steps place exactly the pieces
// of White's first rank, Black's last rank mirrors it, and the first and last arrangements
// (and a sample between) are valid positions.
func checkShuffle(rs *compiler.Ruleset, s compiler.Setup) string {
	p, _ := FromFEN(rs, s.FEN)
	var onRank, placed []int
	for f := 0; f < rs.Files; f++ {
		w, b := p.At(rs.SquareAt(f, 0)), p.At(rs.SquareAt(f, rs.Ranks-1))
		switch {
		case w == NoPiece && b == NoPiece:
		case w != NoPiece && w.Color() == compiler.White && b == MakePiece(w.Type(), compiler.Black):
			onRank = append(onRank, w.Type())
		default:
			return fmt.Sprintf("Black's last rank must mirror White's first rank (file %c)", 'a'+f)
		}
	}
	for _, t := range s.Arrangement(0, rs.Files) {
		if t >= 0 {
			placed = append(placed, t)
		}
	}
	slices.Sort(onRank)
	slices.Sort(placed)
	if !slices.Equal(onRank, placed) {
		return "the shuffle steps must place exactly the pieces on White's first rank of the fen"
	}
	for _, n := range []int{0, s.Count() / 3, s.Count() / 2, s.Count() - 1} {
		if _, err := FromFEN(rs, ArrangedFEN(rs, s, n)); err != nil {
			return fmt.Sprintf("arrangement %d: %v", n, err)
		}
	}
	return ""
}
