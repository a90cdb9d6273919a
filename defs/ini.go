// Importing a section of a Fairy-Stockfish variants.ini: its keys mapped onto a definition, each key it cannot honour a positioned error.

package defs

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// iniKey is one "key = value" line of a section.
type iniKey struct {
	Key, Value string
	Line, Col  int // where the value starts
	Depth      int // 0: the section's own key; 1: its parent's, and so on
}

// iniSection is one [name] or [name:parent] section.
type iniSection struct {
	Name, Parent string
	Line         int
	Keys         []iniKey
}

// readINI splits a variants.ini as Fairy-Stockfish 11.1 reads it: text before the first
// '[' is skipped; a line "[name]" or "[name:parent]" opens a section; in a section, a line
// starting with '#' is a comment and any other line with '=' is a key and its value.
func readINI(data []byte) []iniSection {
	var out []iniSection
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimRight(raw, "\r")
		if strings.HasPrefix(line, "[") {
			head := line[1:]
			if j := strings.IndexByte(head, ']'); j >= 0 {
				head = head[:j]
			}
			name, parent, _ := strings.Cut(head, ":")
			out = append(out, iniSection{Name: name, Parent: parent, Line: i + 1})
			continue
		}
		if len(out) == 0 || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			continue
		}
		col := strings.IndexByte(line, '=') + 2 + (len(v) - len(strings.TrimLeft(v, " \t")))
		s := &out[len(out)-1]
		s.Keys = append(s.Keys, iniKey{Key: k, Value: strings.TrimSpace(v), Line: i + 1, Col: col})
	}
	return out
}

// INISections lists the sections of a variants.ini, in file order.
func INISections(data []byte) []string {
	var names []string
	for _, s := range readINI(data) {
		names = append(names, s.Name)
	}
	return names
}

// fsfPiece is one of Fairy-Stockfish's piece types (fsf/pieces.yaml).
type fsfPiece struct {
	Key     string `yaml:"key"`
	Name    string `yaml:"name"`
	Value   int    `yaml:"value"`
	Betza   string `yaml:"betza"`
	Pawn    bool   `yaml:"pawn"`
	Soldier bool   `yaml:"soldier"`
	Royal   bool   `yaml:"royal"`
	// Immobile: the type has no move (its moves are none, not an XBetza).
	Immobile bool   `yaml:"immobile"`
	Refused  string `yaml:"refused"`
	// Moves: the type's moves as a definition's atoms, where XBetza cannot say them; "$"
	// in a leg's `not` stands for the letter the section gives the type.
	Moves []Atom `yaml:"moves"`
	moves []Atom
	// keys are the moves' keys as SameMoves compares them (keysOK: they have keys).
	keys   []string
	keysOK bool
}

//go:embed fsf/pieces.yaml
var fsfPiecesYAML []byte

// fsfTable is Fairy-Stockfish's types as fsf/pieces.yaml gives them, read once.
var fsfTable = sync.OnceValue(func() []fsfPiece {
	var ps []fsfPiece
	if err := yaml.Unmarshal(fsfPiecesYAML, &ps); err != nil {
		panic("defs: fsf/pieces.yaml: " + err.Error())
	}
	for i := range ps {
		if ps[i].Immobile || ps[i].Moves != nil {
			ps[i].moves = ps[i].Moves
			if ps[i].moves == nil {
				ps[i].moves = []Atom{}
			}
		}
		if ps[i].Betza != "" {
			m, err := ParseBetza(ps[i].Betza)
			if err != nil {
				panic("defs: fsf/pieces.yaml: " + ps[i].Key + ": " + err.Error())
			}
			ps[i].moves = m
		}
		if ps[i].moves != nil {
			ps[i].keys, ps[i].keysOK = movesKeys(ps[i].moves)
		}
	}
	return ps
})

// fsfPieces returns Fairy-Stockfish's types, the moves a copy of their own (an import
// may change its table's).
func fsfPieces() []fsfPiece {
	ps := slices.Clone(fsfTable())
	for i := range ps {
		ps[i].Moves, ps[i].moves = cloneAtoms(ps[i].Moves), cloneAtoms(ps[i].moves)
	}
	return ps
}

// cloneAtoms is a deep copy of atoms (nil stays nil).
func cloneAtoms(as []Atom) []Atom {
	if as == nil {
		return nil
	}
	out := slices.Clone(as)
	for i := range out {
		a := &out[i]
		a.Leap, a.Ride, a.Range, a.Only = slices.Clone(a.Leap), slices.Clone(a.Ride), slices.Clone(a.Range), slices.Clone(a.Only)
		a.Path = slices.Clone(a.Path)
		for j := range a.Path {
			l := &a.Path[j]
			l.Step, l.On, l.Range, l.Not = slices.Clone(l.Step), slices.Clone(l.On), slices.Clone(l.Range), slices.Clone(l.Not)
		}
	}
	return out
}

// IsINISpec reports whether a variant argument names a section of a variants.ini:
// FILE.ini:SECTION.
func IsINISpec(arg string) bool {
	i := strings.LastIndex(arg, ".ini:")
	return i > 0 && i+5 < len(arg)
}

// LoadINI reads FILE.ini:SECTION: the section imported, then parsed as a definition.
func LoadINI(spec string) (*Definition, error) {
	i := strings.LastIndex(spec, ".ini:")
	path, section := spec[:i+4], spec[i+5:]
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	out, err := ImportINI(path, data, section)
	if err != nil {
		return nil, err
	}
	return Parse(spec, out)
}

// ImportINI converts one section of a variants.ini into the YAML text of a definition.
// Errors are positioned at the ini's lines (file:line:col: the key and why).
func ImportINI(file string, data []byte, section string) ([]byte, error) {
	return ImportINIAs(file, data, section, "")
}

// ImportINIAs is ImportINI with the definition named name ("": the section's name), for
// a section whose own name is one of Chimera's built-ins that Fairy-Stockfish does not
// have (it loads such a section; Chimera's name leads to its built-in).
func ImportINIAs(file string, data []byte, section, name string) ([]byte, error) {
	def, err := importINIAs(file, data, section, name)
	if err != nil {
		return nil, err
	}
	out, err := Marshal(def)
	if err != nil {
		return nil, err
	}
	header := fmt.Sprintf("# Imported by `chimera import` from %s, section [%s].\n", file, section)
	return append([]byte(header), out...), nil
}

// importer holds the state of one section's import.
type importer struct {
	file  string
	def   *Definition
	errs  ErrorList
	keys  map[string]iniKey // the section's keys, its ini parents' below them
	used  map[string]bool
	table []fsfPiece
	fresh bool // no built-in parent: Fairy-Stockfish's default variant, with no pieces
	// unkinged: the parent's castling, dropped when its king or partner type went
	// (castlingKingPiece may give it a new king).
	unkinged *Castling
	letter   map[string]byte // fsf piece key -> letter, for the pieces the section adds
	// promoted: letter -> the letter of the type it promotes into under promotedPieceType
	// ("+X"); movesAs: that type -> the letter of the type whose moves it has.
	promoted, movesAs map[string]string
	// parentFiles, parentRanks: the parent's board; resized: the section gives another.
	parentFiles, parentRanks int
	resized                  bool
	// promoWhite, promoBlack: each side's promotion region; regionGiven: a key sets it.
	promoWhite, promoBlack []string
	regionGiven            bool
	parentLetters          []string // the parent's pieces
	parentNames            []string // their names, parentLetters' order
	// custom: the letters of the section's custom types (customPieceN), which Fairy-
	// Stockfish never takes for its pawn, even where they move as it.
	custom map[string]bool
	// king: the letter of Fairy-Stockfish's king type ("" when the variant has none, or a
	// parent's royal moves as no king of Fairy-Stockfish's).
	king string
	// builtin: the built-in variant at the root of the section's parents ("" for none).
	builtin string
	// parentPieceZone: the zone of the parent's own piece promotions (each optional,
	// leaving too, into a type written "+X" that demotes to X), read before the piece
	// keys; "" when the parent has none or they differ.
	parentPieceZone string
	// pawns: the parent's pawn, read before the piece keys (ini_pawns.go).
	pawns *pawnState
	// parentStalemate: the parent's rules.no-moves.otherwise, before the section's keys.
	parentStalemate string
	// sets: the piece sets read (setOf), by key.
	sets map[iniKey]pieceSetRead
}

func (im *importer) errorf(k iniKey, format string, args ...any) {
	im.errs = append(im.errs, Error{File: im.file, Line: k.Line, Col: k.Col, Msg: k.Key + ": " + fmt.Sprintf(format, args...)})
}

// get returns the key's line, marking it handled.
func (im *importer) get(key string) (iniKey, bool) {
	k, ok := im.keys[key]
	if ok {
		im.used[key] = true
	}
	return k, ok
}

// getAny reads a value Fairy-Stockfish reads under several keys (an old spelling and
// new ones), given in the order its parser reads them, marking each handled: the key of
// the nearest section wins (a section's keys are read over its parent's whole variant),
// and within a section the one read last.
func (im *importer) getAny(keys ...string) (iniKey, bool) {
	var out iniKey
	found := false
	for _, key := range keys {
		if k, ok := im.get(key); ok && (!found || k.Depth <= out.Depth) {
			out, found = k, true
		}
	}
	return out, found
}

// zoneSquares writes a zone as each side's squares on a board of that size.
func zoneSquares(z Zone, files, ranks int) (white, black []string) {
	white, black = []string{}, []string{}
	switch {
	case z.Squares != nil:
		white, black = slices.Clone(z.Squares), slices.Clone(z.Squares)
	case z.Ranks != nil:
		for _, r := range z.Ranks {
			for f := 0; f < files; f++ {
				white = append(white, fmt.Sprintf("%c%d", 'a'+f, r))
				black = append(black, fmt.Sprintf("%c%d", 'a'+f, ranks+1-r))
			}
		}
	default:
		white, black = slices.Clone(z.White), slices.Clone(z.Black)
	}
	return white, black
}

// onBoard keeps the squares of a board of that size.
func onBoard(sq []string, files, ranks int) []string {
	out := []string{}
	for _, s := range sq {
		if len(s) < 2 {
			continue
		}
		r, err := strconv.Atoi(s[1:])
		if err == nil && int(s[0]-'a') < files && r >= 1 && r <= ranks {
			out = append(out, s)
		}
	}
	return out
}

func (im *importer) boolKey(key string, def bool) (bool, bool) {
	k, ok := im.get(key)
	if !ok {
		return def, false
	}
	switch k.Value {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	im.errorf(k, "expected true or false, found %s", Quote(k.Value))
	return def, false
}

func (im *importer) intKey(key string, lo, hi int) (int, bool) {
	k, ok := im.get(key)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(k.Value)
	if err != nil || n < lo || n > hi {
		im.errorf(k, "expected a whole number %d-%d, found %s", lo, hi, Quote(k.Value))
		return 0, false
	}
	return n, true
}

func importINI(file string, data []byte, section string) (*Definition, error) {
	return importINIAs(file, data, section, "")
}

func importINIAs(file string, data []byte, section, as string) (*Definition, error) {
	sections := readINI(data)
	idx := slices.IndexFunc(sections, func(s iniSection) bool { return s.Name == section })
	if idx < 0 {
		return nil, fmt.Errorf("%s: no section [%s] (sections: %s)", file, section, strings.Join(INISections(data), ", "))
	}
	im := &importer{file: file, keys: map[string]iniKey{}, used: map[string]bool{}, table: fsfPieces(), letter: map[string]byte{}}
	// The chain of ini parents, then the built-in (or Fairy-Stockfish's default) at its root.
	chain := []iniSection{sections[idx]}
	for {
		cur := chain[len(chain)-1]
		if cur.Parent == "" {
			break
		}
		j := slices.IndexFunc(sections[:slices.IndexFunc(sections, func(s iniSection) bool { return s.Name == cur.Name && s.Line == cur.Line })], func(s iniSection) bool { return s.Name == cur.Parent })
		if j < 0 {
			break
		}
		if len(chain) > MaxExtends {
			return nil, ErrorList{{File: file, Line: cur.Line, Msg: fmt.Sprintf("[%s:%s]: more than %d sections deep", cur.Name, cur.Parent, MaxExtends)}}
		}
		chain = append(chain, sections[j])
	}
	root := chain[len(chain)-1]
	for i := len(chain) - 1; i >= 0; i-- {
		for _, k := range chain[i].Keys {
			k.Depth = i
			im.keys[k.Key] = k
		}
	}
	if name, ok := BuiltinName(section); ok {
		msg := fmt.Sprintf("[%s]: a built-in variant has this name (Fairy-Stockfish refuses it too: \"Variant '%s' already exists\")", section, section)
		if def, err := Load(name); err == nil && (def.Source == nil || def.Source.FairyStockfish != section) {
			// A built-in of Chimera's own that Fairy-Stockfish does not have: Fairy-
			// Stockfish loads the section, which Chimera imports under another name.
			msg = fmt.Sprintf("[%s]: Chimera has a built-in variant of this name (%s); import the section under another name: chimera import %s %s --name NAME", section, def.Title, file, section)
			if as != "" && as != section {
				msg = ""
			}
		}
		if msg != "" {
			return nil, ErrorList{{File: file, Line: sections[idx].Line, Msg: msg}}
		}
	}
	if as != "" {
		if !validName(as) {
			return nil, ErrorList{{File: file, Line: sections[idx].Line, Msg: fmt.Sprintf("[%s]: the name %s: a variant name is lowercase letters, digits and '-'", section, Quote(as))}}
		}
		if owner, ok := BuiltinName(as); ok {
			return nil, ErrorList{{File: file, Line: sections[idx].Line, Msg: fmt.Sprintf("[%s]: the name %s is the built-in variant %s's; give another", section, Quote(as), Quote(owner))}}
		}
	}
	var base *Definition
	var err error
	if root.Parent != "" {
		if _, ok := BuiltinName(root.Parent); !ok {
			return nil, ErrorList{{File: file, Line: root.Line, Msg: fmt.Sprintf("[%s:%s]: %s is neither a built-in variant (%s) nor a section above", root.Name, root.Parent, Quote(root.Parent), builtinHint(root.Parent))}}
		}
		base, err = Load(root.Parent)
		im.builtin = root.Parent
	} else {
		im.fresh = true
		base, err = Load("chess")
	}
	if err != nil {
		return nil, err
	}
	im.def = base
	im.parentFiles, im.parentRanks = base.Board.Files, base.Board.Ranks
	for _, p := range base.Pieces {
		im.parentLetters = append(im.parentLetters, p.Letter)
		im.parentNames = append(im.parentNames, p.Name)
	}
	def := base
	def.Name = strings.ReplaceAll(strings.ToLower(section), "_", "-")
	if as != "" {
		def.Name = as
	}
	def.Title = section
	def.Description = fmt.Sprintf("Imported from %s, section [%s].", file, section)
	def.Aliases, def.XBoard, def.UCI, def.PGN, def.USI, def.Tests = nil, nil, nil, nil, nil, nil
	def.Source = nil // the base's source is not the section's
	if !validName(def.Name) {
		return nil, ErrorList{{File: file, Line: sections[idx].Line, Msg: fmt.Sprintf("[%s]: a variant name is lowercase letters, digits and '-'", section)}}
	}
	if im.fresh {
		def.Pieces = nil
		def.Castling = nil
		def.Zones = nil
	}
	im.importAll()
	for key, k := range im.keys {
		if !im.used[key] {
			im.errorf(k, "%s", refusedWhy(key))
		}
	}
	im.errs.Sort()
	if len(im.errs) > 0 {
		return nil, im.errs
	}
	return def, nil
}

func validName(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
