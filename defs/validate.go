// Semantic validation of a decoded Definition: names, letters, squares, vectors, references.

package defs

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Bounds of the numbers of a definition that the board does not bound already.
const (
	MaxRange        = MaxCells  // a ride's or a leg's number of steps (range)
	MaxFiftyMove    = 1_000_000 // rules.fifty-move, half-moves
	MaxRepetition   = 100       // rules.repetition, occurrences
	MaxCheckCounter = 100       // rules.check-counter, checks
	MaxCountMoves   = 10_000    // rules.counting.limits.moves, moves
	MaxPieceValue   = 10_000    // a piece's value, centipawns (100 pawns)
	MaxRank         = 100       // a piece's rank for range captures
)

// MaxCells is the largest board (files × ranks) the runtime supports: 16×16, or any other
// shape of at most 256 cells (its wide sets have four 64-bit words; boards of up to 64
// cells run on one-word sets).
const MaxCells = 256

// nameRE is the form of names (variants, zones, statuses, pools): lowercase letters,
// digits and '-', not starting with '-'. A name may start with a digit, as
// Fairy-Stockfish's 3check does.
var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// nameRule says what nameRE accepts, for messages.
const nameRule = "use lowercase letters, digits and '-', not starting with '-'"

// protocolNameRE is the form of a name another program gives a variant (xboard.name,
// source.sjaak): a name as nameRE, or with '_' too, as Sjaak II's names have
// (caissa_britannia).
var protocolNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// protocolNameRule says what protocolNameRE accepts, for messages.
const protocolNameRule = "use lowercase letters, digits, '-' and '_', not starting with '-' or '_'"

// ParseSquare reads a square name such as "e4" on a board of the given size,
// returning 0-based file and rank.
func ParseSquare(s string, files, ranks int) (file, rank int, ok bool) {
	if len(s) < 2 || len(s) > 4 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, 0, false
		}
	}
	if s[1] == '0' {
		return 0, 0, false
	}
	r, _ := strconv.Atoi(s[1:])
	file, rank = int(s[0]-'a'), r-1
	if file >= files || rank >= ranks {
		return 0, 0, false
	}
	return file, rank, true
}

// Choice sets for enumerated keys.
var (
	symmetries  = []string{"all", "mirror", "none"}
	directions  = []string{"forward", "backward", "sideways", "orthogonal", "diagonal"}
	modes       = []string{"both", "move", "capture", "capture-royal"}
	conditions  = []string{"empty", "friend", "enemy", "any", "missing", "unused"}
	checkRules  = []string{"royal-attacked", "enemy-royal-unattacked", "none"}
	outcomes    = []string{"win", "loss", "draw"}
	whoses      = []string{"own", "opponent"}
	effects     = []string{"replace", "bounce"}
	sides       = []string{"white", "black"}
	results     = []string{"1-0", "0-1", "1/2-1/2", "3/4-1/4", "1/4-3/4", "*"}
	castleNotes = []string{"king-to-square", "king-to-partner"}
)

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

type validator struct {
	def     *Definition
	sources map[string][]byte // file texts, to place errors inside literal block scalars
	errs    ErrorList
	letters map[string]bool // piece letters declared
	reused  map[string]bool // piece letters declared more than once
}

func (v *validator) add(s Src, key, format string, args ...any) {
	v.errs = append(v.errs, s.Errorf(key, format, args...))
}

func (v *validator) addItem(s Src, key string, i int, format string, args ...any) {
	v.errs.Add(s.File, s.Item(key, i), format, args...)
}

// has reports whether key is written in src's mapping (false for a hand-built
// definition, which has no source).
func has(s Src, key string) bool {
	if s.Node == nil || s.Node.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(s.Node.Content); i += 2 {
		if s.Node.Content[i].Value == key {
			return true
		}
	}
	return false
}

// required reports a key whose value is zero because it is not written, at the start of
// its mapping; it returns false then, so that the caller skips checks of the value. (A
// value inherited through extends: is not zero, though the key is not in s's mapping.)
func (v *validator) required(s Src, where, key, hint string, zero bool) bool {
	if !zero || has(s, key) {
		return true
	}
	v.add(s, "", "%s: missing key %q (%s)", where, key, hint)
	return false
}

// choice checks an enumerated value, suggesting the closest choice.
func (v *validator) choice(s Src, key, what, val string, set []string) {
	if val != "" && !oneOf(val, set) {
		v.add(s, key, "unknown %s %q (%sexpected one of: %s)", what, val, suggest(val, set), strings.Join(set, ", "))
	}
}

// Validate checks a decoded definition and returns every problem found, sorted.
func Validate(d *Definition) ErrorList {
	return validate(d, nil)
}

// validate is Validate with the source texts of the files read, used to point into the
// board layout.
func validate(d *Definition, sources map[string][]byte) ErrorList {
	v := &validator{def: d, letters: map[string]bool{}, reused: map[string]bool{}, sources: sources}
	if v.required(d.Src, "definition", "name", "the variant's short id, e.g. chess", d.Name == "") && !nameRE.MatchString(d.Name) {
		v.add(d.Src, "name", "name %q: %s", d.Name, nameRule)
	}
	v.aliases()
	v.source()
	v.texts()
	v.collectLetters()
	v.board()
	v.zones()
	v.pieces()
	v.castling()
	v.rules()
	v.goals()
	v.freeze()
	v.borrowMoves()
	v.statuses()
	v.capture()
	v.hands()
	v.walls()
	v.turns()
	v.fog()
	v.seats()
	if f := v.def.Flip; f != nil && !f.Adjacent && !f.Flanked {
		v.add(f.Src, "", "flip: say which men turn: adjacent: true (those next to the landing cell) or flanked: true (those in a line to another of the mover's men)")
	}
	if f := v.def.Flip; f != nil && f.DropsNextToOwn && (v.def.Hands == nil || v.def.Hands.Drops == nil) {
		v.add(f.Src, "drops-next-to-own", "flip.drops-next-to-own says which drops turn men: it needs hands.drops")
	}
	v.setups()
	v.tests()
	v.xboard()
	v.evaluation()
	if u := v.def.UCI; u != nil {
		if u.Chess960 != (u.Variant != "") {
			v.add(u.Src, "variant", "uci: chess960 and variant go together (the game a UCI engine plays this variant as, with UCI_Chess960)")
		}
		if u.Variant != "" && !nameRE.MatchString(u.Variant) {
			v.add(u.Src, "variant", "uci variant %q: %s", u.Variant, nameRule)
		}
	}
	if g := v.def.PGN; g != nil {
		for _, tag := range g.VariantTags {
			v.text(g.Src, "variant-tags", "variant tag", tag, false)
		}
	}
	v.errs.Sort()
	return v.errs
}

// aliases checks the other names of the variant: each a name, not the variant's own,
// not written twice, and neither the name nor an alias of another built-in variant (a
// name must lead to one variant).
func (v *validator) aliases() {
	d := v.def
	seen := map[string]bool{}
	for i, a := range d.Aliases {
		switch owner, builtin := BuiltinName(a); {
		case !nameRE.MatchString(a):
			v.addItem(d.Src, "aliases", i, "alias %q: %s", Clip(a), nameRule)
		case a == d.Name:
			v.addItem(d.Src, "aliases", i, "alias %q is the variant's own name", a)
		case seen[a]:
			v.addItem(d.Src, "aliases", i, "alias %q is written twice", a)
		case builtin && owner == a:
			v.addItem(d.Src, "aliases", i, "alias %q is the name of the built-in variant %q", a, a)
		case builtin && owner != d.Name:
			v.addItem(d.Src, "aliases", i, "alias %q is already an alias of the built-in variant %q", a, owner)
		}
		seen[a] = true
	}
}

// source checks where the variant says it comes from: at least one source, each by a
// name (lowercase letters, digits and '-', as the sources write their variants' names).
func (v *validator) source() {
	src := v.def.Source
	if src == nil {
		if has(v.def.Src, "source") {
			v.add(v.def.Src, "source", "source is empty: name at least one of fairy-stockfish, lichess, lishogi, seed, sjaak, hachu, rules-text")
		}
		return
	}
	for _, f := range src.Names() {
		switch {
		case f.Key == "sjaak" && !protocolNameRE.MatchString(f.Name):
			v.add(src.Src, f.Key, "source %s %q: the variant's name there, %s", f.Key, Clip(f.Name), protocolNameRule)
		case f.Key != "sjaak" && !nameRE.MatchString(f.Name):
			v.add(src.Src, f.Key, "source %s %q: the variant's name there, %s", f.Key, Clip(f.Name), nameRule)
		}
	}
	empty := false
	for _, key := range []string{"fairy-stockfish", "lichess", "lishogi", "seed", "sjaak", "hachu", "rules-text"} {
		if has(src.Src, key) && !slices.ContainsFunc(src.Names(), func(n SourceName) bool { return n.Key == key }) {
			v.add(src.Src, key, "source %s is empty: the variant's name there", key)
			empty = true
		}
	}
	if len(src.Names()) == 0 && !empty {
		v.add(src.Src, "", "source names no source: give at least one of fairy-stockfish, lichess, lishogi, seed, sjaak, hachu, rules-text")
	}
}

// texts refuses control characters (terminal escape sequences start with one), Unicode
// direction controls and invalid UTF-8 in the texts that commands print: the title, the
// description and describe texts (which may hold line breaks and tabs), and the names of
// pieces, goals, setups and tests.
func (v *validator) texts() {
	d := v.def
	v.text(d.Src, "title", "title", d.Title, false)
	v.text(d.Src, "description", "description", d.Description, true)
	for _, p := range d.Pieces {
		v.text(p.Src, "name", "piece name", p.Name, false)
		v.text(p.Src, "describe", "piece "+strconv.Quote(Clip(p.Name))+": describe", p.Describe, true)
	}
	for _, g := range d.Goals {
		v.text(g.Src, "name", "goal name", g.Name, false)
	}
	for _, s := range d.Setups {
		v.text(s.Src, "name", "setup name", s.Name, false)
	}
	for _, t := range d.Tests {
		v.text(t.Src, "name", "test name", t.Name, false)
	}
}

// text reports the first character of val that a terminal would not print as text.
func (v *validator) text(s Src, key, what, val string, multiline bool) {
	for i, r := range val {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(val[i:], string(utf8.RuneError)):
			v.add(s, key, "%s: not UTF-8 text (byte %d is 0x%02x)", what, i, val[i])
			return
		case multiline && (r == '\n' || r == '\t'):
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			v.add(s, key, "%s: control character %U at byte %d (terminal escapes are refused: write plain text)", what, r, i)
			return
		}
	}
}

func (v *validator) board() {
	b := &v.def.Board
	if b.Node == nil && b.Files == 0 && b.Ranks == 0 {
		v.add(v.def.Src, "", "missing key \"board\" (files, ranks and optional layout)")
		return
	}
	filesOK, ranksOK := false, false
	if v.required(b.Src, "board", "files", "the number of files, 1 to 26", b.Files == 0) {
		if b.Files < 1 || b.Files > 26 {
			v.add(b.Src, "files", "board.files must be between 1 and 26, found %d", b.Files)
		} else {
			filesOK = true
		}
	}
	hex := b.Geometry == "hex"
	if b.Geometry != "" {
		v.choice(b.Src, "geometry", "board geometry", b.Geometry, []string{"square", "hex"})
	}
	if hex {
		switch {
		case b.Files%2 == 0 || b.Files < 3:
			v.add(b.Src, "files", "board.files %d: a hexagonal board has an odd number of files, 3 or more (the 91-cell hexagon has 11)", b.Files)
		case b.Ranks != 0 && b.Ranks < (b.Files+1)/2:
			v.add(b.Src, "ranks", "board.ranks %d: a hexagonal board of %d files has at least %d cells along its middle file (%d, the default, for the regular hexagon)", b.Ranks, b.Files, (b.Files+1)/2, b.Files)
		}
		if b.HexRanks != "" {
			v.choice(b.Src, "hex-ranks", "board.hex-ranks", b.HexRanks, []string{"file", "line"})
		}
		if b.Layout != "" || b.Boards > 1 {
			v.add(b.Src, "geometry", "a hexagonal board takes no layout and no second board yet")
		}
		if b.Ranks == 0 {
			b.Ranks = b.Files
		}
	} else if b.HexRanks != "" {
		v.add(b.Src, "hex-ranks", "board.hex-ranks names how a hexagonal board's ranks run; this board is square (say geometry: hex)")
	}
	if v.required(b.Src, "board", "ranks", "the number of ranks", b.Ranks == 0) {
		if b.Ranks < 1 || b.Ranks > MaxCells {
			v.add(b.Src, "ranks", "board.ranks must be between 1 and %d, found %d", MaxCells, b.Ranks)
		} else {
			ranksOK = true
		}
	}
	if filesOK && ranksOK && b.Files*b.Ranks > MaxCells {
		v.add(b.Src, "files", "board %dx%d has %d cells; at most %d are supported", b.Files, b.Ranks, b.Files*b.Ranks, MaxCells)
	}
	if b.Boards < 0 || b.Boards > MaxBoards {
		v.add(b.Src, "boards", "board.boards must be between 1 and %d, found %d", MaxBoards, b.Boards)
	} else if b.Boards > 1 && filesOK && ranksOK {
		if cols := b.Boards*(b.Files+1) - 1; cols*b.Ranks > MaxCells && b.Apart == "" {
			v.add(b.Src, "boards", "%d boards of %dx%d take %d cells with the columns between them; at most %d are supported", b.Boards, b.Files, b.Ranks, cols*b.Ranks, MaxCells)
		}
		if !b.Crossing && b.Apart == "" {
			v.add(b.Src, "boards", "board.boards %d without crossing or apart: say crossing: true for the rule that moved men cross to the next board, or apart: partners for boards played apart by partners", b.Boards)
		}
	}
	if b.Apart != "" {
		v.apart()
	}
	if b.Crossing && b.Boards < 2 {
		v.add(b.Src, "crossing", "board.crossing needs board.boards of 2 or more: the moved men cross to the next board")
	}
	if b.Crossing {
		v.crossing()
	}
	if hex {
		d := v.def
		refuse := func(what string) {
			v.add(b.Src, "geometry", "a hexagonal board cannot be combined with %s yet", what)
		}
		if d.Hands != nil || d.Walls != nil || d.Flip != nil || d.Capture != nil || len(d.Freeze) > 0 || d.BorrowMoves != nil {
			refuse("hands, walls, flips, capture effects, freezes or borrowed moves (their neighbourhoods are square)")
		}
		for _, pc := range d.Pieces {
			if pc.Betza != "" {
				refuse(fmt.Sprintf("moves in XBetza notation (piece %s: XBetza's directions are square)", Clip(pc.Letter)))
			}
		}
	}
	if b.Layout != "" && filesOK && ranksOK {
		v.layout(b)
	}
	for _, r := range b.Restricted {
		if v.required(r.Src, "board.restricted", "zone", "the zone whose squares are restricted", r.Zone == "") {
			v.zoneRef(r.Src, "zone", r.Zone)
		}
		if v.required(r.Src, "board.restricted", "only", "the letters of the pieces that may end a move there", r.Only == nil) {
			v.letterList(r.Src, "only", r.Only)
		}
	}
}

// layout checks the rows of board.layout, pointing at the offending row when the layout
// is a literal block (`layout: |`) and the source is known.
func (v *validator) layout(b *Board) {
	n := b.At("layout")
	type row struct {
		text      string
		line, col int
	}
	var rows []row
	var lines []string
	if src, ok := v.sources[b.File]; ok {
		lines = strings.Split(string(src), "\n")
	}
	exact := n != nil && n.Style&yaml.LiteralStyle != 0 && lines != nil
	if exact {
		for k, vl := range strings.Split(b.Layout, "\n") {
			li := n.Line + k // 0-based index of the source line holding value line k
			src := ""
			if li < len(lines) {
				src = strings.TrimRight(lines[li], "\r")
			}
			indent := len(src) - len(vl)
			if indent < 0 || src[indent:] != vl {
				exact = false
				break
			}
			for off := 0; off < len(vl); {
				for off < len(vl) && (vl[off] == ' ' || vl[off] == '\t') {
					off++
				}
				end := off
				for end < len(vl) && vl[end] != ' ' && vl[end] != '\t' {
					end++
				}
				if end > off {
					rows = append(rows, row{vl[off:end], li + 1, indent + off + 1})
				}
				off = end
			}
		}
	}
	if !exact {
		rows = rows[:0]
		for _, f := range strings.Fields(b.Layout) {
			rows = append(rows, row{text: f})
		}
	}
	at := func(r row, format string, args ...any) {
		if r.line == 0 {
			v.add(b.Src, "layout", format, args...)
			return
		}
		v.errs = append(v.errs, Error{File: b.File, Line: r.line, Col: r.col, Msg: fmt.Sprintf(format, clipArgs(args)...)})
	}
	if len(rows) != b.Ranks {
		v.add(b.Src, "layout", "board.layout has %d rows; expected %d (one per rank, from the top)", len(rows), b.Ranks)
	}
	squares := 0
	for i, r := range rows {
		rank := b.Ranks - i
		if bad := strings.Trim(r.text, ".*-"); bad != "" {
			ch, _ := utf8.DecodeRuneInString(bad)
			at(r, "board.layout row %d (rank %d) %q: unknown cell %q; use '.' for a square, '*' for no cell, '-' for an unused cell", i+1, rank, r.text, string(ch))
		} else if len(r.text) != b.Files {
			at(r, "board.layout row %d (rank %d) %q has %d cells; expected %d", i+1, rank, r.text, len(r.text), b.Files)
		}
		squares += strings.Count(r.text, ".")
	}
	if squares == 0 {
		v.add(b.Src, "layout", "board.layout has no playable square ('.')")
	}
}

func (v *validator) square(s Src, key string, i int, sq string) {
	if v.def.Board.Geometry == "hex" {
		if _, _, ok := HexOf(&v.def.Board).ParseCell(sq); !ok {
			v.addItem(s, key, i, "%q is not a cell of the hexagonal board of %d files (a file letter a-%c without j, and a rank of that file, e.g. f6)",
				sq, v.def.Board.Files, HexFileLetter(v.def.Board.Files-1))
		}
		return
	}
	if _, _, ok := ParseSquare(sq, v.def.Board.Files, v.def.Board.Ranks); !ok {
		v.addItem(s, key, i, "%q is not a square of the %dx%d board (expected a file letter a-%c and a rank 1-%d, e.g. a1)",
			sq, v.def.Board.Files, v.def.Board.Ranks, 'a'+max(v.def.Board.Files, 1)-1, v.def.Board.Ranks)
	}
}

func (v *validator) zones() {
	for name, z := range v.def.Zones {
		if !nameRE.MatchString(name) {
			v.add(z.Src, "", "zone name %q: %s", name, nameRule)
		}
		kinds := 0
		if len(z.Squares) > 0 {
			kinds++
		}
		if len(z.Ranks) > 0 {
			kinds++
		}
		if len(z.White) > 0 || len(z.Black) > 0 {
			kinds++
		}
		if kinds != 1 {
			v.add(z.Src, "", "zone %q: give exactly one of squares, ranks, or white and black", name)
		}
		for i, sq := range z.Squares {
			v.square(z.Src, "squares", i, sq)
		}
		for i, sq := range z.White {
			v.square(z.Src, "white", i, sq)
		}
		for i, sq := range z.Black {
			v.square(z.Src, "black", i, sq)
		}
		for i, r := range z.Ranks {
			if r < 1 || r > v.def.Board.Ranks {
				v.addItem(z.Src, "ranks", i, "zone %q: rank %d is outside 1..%d", name, r, v.def.Board.Ranks)
			}
		}
	}
}

func (v *validator) zoneRef(s Src, key, name string) {
	switch {
	case name == "" && !has(s, key):
		v.add(s, key, "missing key %q (a zone name)", key)
		return
	case name == "":
		v.add(s, key, "%s: expected a zone name, found empty text", key)
		return
	}
	if _, ok := v.def.Zones[name]; !ok {
		var names []string
		for z := range v.def.Zones {
			names = append(names, z)
		}
		v.add(s, key, "unknown zone %q (%sdefine it under zones:)", name, suggest(name, names))
	}
}

func (v *validator) letterList(s Src, key string, ls []string) {
	for i, l := range ls {
		if !v.letters[strings.ToUpper(l)] || !isPieceLetter(strings.ToUpper(l)) {
			v.addItem(s, key, i, "unknown piece letter %q (letters: %s)", l, v.letterNames())
		} else if !isPieceLetter(l) {
			v.addItem(s, key, i, "piece letter %q: write piece letters in uppercase here (%q)", l, strings.ToUpper(l))
		}
	}
}

func (v *validator) letterNames() string {
	var ls []string
	for _, p := range v.def.Pieces {
		if isPieceLetter(p.Letter) {
			ls = append(ls, p.Letter)
		}
	}
	return strings.Join(ls, ", ")
}

func isLetter(s string) bool { return len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' }

// burns checks a burning piece (defs.Piece.Burns): its offsets, and moves that each both
// move and capture, so that the cells it may stop on are the cells it attacks (the attack
// walk finds a burner's reach by its captures).
func (v *validator) burns(p Piece) {
	if len(p.Burns) == 0 {
		v.add(p.Src, "burns", "piece %q: burns needs at least one offset ([[1, 0], [1, 1]]: the eight cells around where it stops)", p.Name)
	}
	for i, s := range p.Burns {
		v.vectorAt(p.File, p.Item("burns", i), "burns", s, "all", nil)
	}
	for _, a := range p.Moves {
		both := a.Mode == "" || a.Mode == "both"
		if a.Path != nil && len(a.Path) > 0 {
			on := a.Path[len(a.Path)-1].On
			both = both && (on == nil || oneOf("any", on) || oneOf("empty", on) && oneOf("enemy", on))
		}
		if !both || a.Initial {
			v.add(a.Src, "mode", "piece %q burns: each of its moves must both move and capture (mode both, no first-move leap; a path's last leg on empty cells and enemy men alike), as the attack walk finds where it may stop by its captures", p.Name)
		}
	}
	if v.def.Board.Crossing {
		v.add(p.Src, "burns", "piece %q: burns cannot be combined with board.crossing yet", p.Name)
	}
	if c := v.def.Capture; c != nil && c.Effect == "bounce" {
		v.add(p.Src, "burns", "piece %q: burns cannot be combined with capture.effect bounce yet (a capturer that bounces stops beyond the cell it took, where the attack walk does not look for its burning)", p.Name)
	}
}

// rangeCaptures checks a piece's rank and its range-capturing atoms
// (defs.Atom.RangeCapture): rides that may capture, of a man with a rank above 0.
func (v *validator) rangeCaptures(p Piece) {
	switch {
	case p.Rank < 0:
		v.add(p.Src, "rank", "piece %q: rank must not be negative, found %d", p.Name, p.Rank)
	case p.Rank > MaxRank:
		v.add(p.Src, "rank", "piece %q: rank %d is too large (at most %d)", p.Name, p.Rank, MaxRank)
	}
	for _, a := range p.Moves {
		if !a.RangeCapture {
			continue
		}
		switch {
		case a.Ride == nil:
			v.add(a.Src, "range-capture", "piece %q: range-capture applies to a ride (its line is the ride's)", p.Name)
		case a.Mode != "" && a.Mode != "both" && a.Mode != "capture":
			v.add(a.Src, "range-capture", "piece %q: a range capture takes men: its ride's mode must be both or capture, found %s", p.Name, a.Mode)
		case a.EPTarget || a.Within != "":
			v.add(a.Src, "range-capture", "piece %q: range-capture does not go with ep-target or within", p.Name)
		case p.RidesUnattacked:
			v.add(a.Src, "range-capture", "piece %q: range-capture cannot be combined with rides-unattacked yet", p.Name)
		case p.Rank < 1:
			v.add(a.Src, "range-capture", "piece %q: a range capture passes men of lower rank than its own, and its rank is 0: give the piece a rank of 1 or more (rank: 1)", p.Name)
		}
	}
}

// fenAlias checks a piece's fen-alias: one uppercase letter that no piece has as its
// letter and no other piece as its alias, so that a FEN letter names one type.
func (v *validator) fenAlias(p Piece) {
	a := p.FENAlias
	switch {
	case !isLetter(a):
		v.add(p.Src, "fen-alias", "piece %q: fen-alias must be one uppercase letter A-Z, found %q", p.Name, Clip(a))
	case v.letters[a]:
		v.add(p.Src, "fen-alias", "piece %q: fen-alias %s is the letter of a piece; a FEN letter must name one piece", p.Name, a)
	default:
		var named []string
		for _, o := range v.def.Pieces {
			if o.FENAlias == a {
				named = append(named, strconv.Quote(o.Name))
			}
		}
		if len(named) > 1 {
			v.add(p.Src, "fen-alias", "fen-alias %s is given to %d pieces (%s); a FEN letter must name one piece", a, len(named), strings.Join(named, ", "))
		}
	}
}

// isPieceLetter reports whether s may be a piece's letter: one uppercase letter, or a
// FEN token that names a piece for more types than letters (IsPieceToken).
func isPieceLetter(s string) bool {
	return isLetter(s) || IsPieceToken(s)
}

// IsPieceToken reports whether s is a FEN token of more than a letter: "+" and one
// uppercase letter (a promoted piece, "+P"), or one with a mark after it, ' or !, as
// XBoard and HaChu dress letters ("Q'", "D!", "+R!").
func IsPieceToken(s string) bool {
	if len(s) > 0 && s[0] == '+' {
		s = s[1:]
		return isLetter(s) || len(s) == 2 && isLetter(s[:1]) && IsMark(s[1])
	}
	return len(s) == 2 && isLetter(s[:1]) && IsMark(s[1])
}

// IsMark reports whether c is a mark a FEN token may dress its letter with: ' or !.
func IsMark(c byte) bool { return c == '\'' || c == '!' }

// collectLetters checks the piece letters and records them, before anything refers to them.
func (v *validator) collectLetters() {
	if len(v.def.Pieces) == 0 {
		v.add(v.def.Src, "pieces", "missing key \"pieces\" (at least one piece)")
	}
	for _, p := range v.def.Pieces {
		if !v.required(p.Src, "piece", "letter", "one uppercase letter A-Z", p.Letter == "") {
			continue
		}
		if !isPieceLetter(p.Letter) {
			v.add(p.Src, "letter", "piece %q: letter must be one uppercase letter A-Z, or + and one (\"+L\"), or a letter dressed with ' or ! after it, with or without + (\"Q'\", \"D!\", \"+R!\"), found %q", p.Name, p.Letter)
		} else if v.letters[p.Letter] {
			v.add(p.Src, "letter", "piece letter %q is used twice", p.Letter)
			v.reused[p.Letter] = true
		}
		v.letters[p.Letter] = true
	}
}

func (v *validator) pieces() {
	sans := map[string]string{} // SAN letter -> name of the first piece using it
	fens := map[string]string{} // FEN token ("+P") -> name of the first piece using it
	for _, p := range v.def.Pieces {
		fen := p.FEN
		if isPieceLetter(p.Letter) && !isLetter(p.Letter) {
			// A letter "+X" is the piece's FEN token too.
			if fen != "" && fen != p.Letter {
				v.add(p.Src, "fen", "piece %q: its letter %s is its FEN token; fen %q would be another", p.Name, p.Letter, fen)
			}
			fen = p.Letter
		}
		if other, dup := fens[fen]; dup && fen != "" {
			v.add(p.Src, "fen", "piece %q is written %s in a FEN, as piece %q is", p.Name, fen, other)
		}
		fens[fen] = p.Name
		if p.Name == "" {
			v.add(p.Src, "name", "piece %s: missing key \"name\"", p.Letter)
		}
		if p.ResetsClock && p.ResetsClockUnlessBack {
			v.add(p.Src, "resets-clock-unless-back", "piece %q: resets-clock-unless-back says which of its moves reset the fifty-move counter, resets-clock that all do: give one of them", p.Name)
		}
		v.clockSides(p)
		switch {
		case p.Value < 0:
			v.add(p.Src, "value", "piece %q: value must not be negative, found %d", p.Name, p.Value)
		case p.Value > MaxPieceValue:
			v.add(p.Src, "value", "piece %q: value %d is too large (at most %d centipawns)", p.Name, p.Value, MaxPieceValue)
		}
		san, sanKey := p.Letter, "letter"
		if p.SANLetter != nil {
			san, sanKey = *p.SANLetter, "san-letter"
			if san != "" && !isLetter(san) {
				v.add(p.Src, "san-letter", "san-letter must be empty or one uppercase letter, found %q", san)
			}
		}
		if other, dup := sans[san]; dup && isPieceLetter(p.Letter) && !v.reused[p.Letter] {
			shown := strconv.Quote(san)
			if san == "" {
				shown = "(none)"
			}
			v.add(p.Src, sanKey, "piece %q has the SAN letter %s of piece %q: SAN moves would be ambiguous; give one of them another san-letter", p.Name, shown, other)
		} else if isPieceLetter(p.Letter) {
			sans[san] = p.Name
		}
		if p.Moves == nil {
			v.add(p.Src, "moves", "piece %q: missing key \"moves\" (its movement atoms)", p.Name)
		} else if len(p.Moves) == 0 && (v.def.Hands == nil || v.def.Hands.Drops == nil) && !v.placed(p.Letter) {
			// A man that never moves is one that is dropped (a disc), stands from the start
			// (a blocker) or is promoted into; elsewhere it is a slip.
			v.add(p.Src, "moves", "piece %q has no moves (moves: [] is for men that never move: dropped, in rules with drops, standing in a setup, or promoted into)", p.Name)
		}
		for _, a := range p.Moves {
			v.atom(a)
		}
		if p.Confined != "" || has(p.Src, "confined") {
			v.zoneRef(p.Src, "confined", p.Confined)
		}
		if p.FEN != "" && !IsPieceToken(p.FEN) {
			v.add(p.Src, "fen", "piece %q: fen must be + and one uppercase letter (\"+P\"), or one dressed with ' or ! after it, with or without + (\"Q'\", \"+R!\"), found %q", p.Name, p.FEN)
		}
		if tok := fen; IsPieceToken(tok) && IsMark(tok[len(tok)-1]) && v.def.Hands != nil {
			key := "letter"
			if p.FEN != "" {
				key = "fen"
			}
			v.add(p.Src, key, "piece %q: a man written with a mark (%s) cannot be held in a pool yet (hands)", p.Name, tok)
		}
		if p.DemotesTo != "" {
			v.letterList(p.Src, "demotes-to", []string{p.DemotesTo})
		}
		if len(p.FirstMoveEndsAimedBy) > 0 {
			v.letterList(p.Src, "first-move-ends-when-aimed-by", p.FirstMoveEndsAimedBy)
			initial := false
			for _, a := range p.Moves {
				if a.Initial {
					initial = true
					if a.Mode != "move" {
						v.add(a.Src, "mode", "piece %q: a first-move leap whose right an enemy's aim ends (first-move-ends-when-aimed-by) must be mode: move; a capturing one is not supported", p.Name)
					}
				}
			}
			if !initial {
				v.add(p.Src, "first-move-ends-when-aimed-by", "piece %q has no first-move leap (initial: true) whose right an aim could end", p.Name)
			}
		}
		if p.FENAlias != "" || has(p.Src, "fen-alias") {
			v.fenAlias(p)
		}
		if p.Burns != nil || has(p.Src, "burns") {
			v.burns(p)
		}
		v.rangeCaptures(p)
		if p.RidesUnattacked {
			v.ridesUnattacked(p)
		}
		if p.Contagious {
			v.contagious(p)
		}
		if p.PassOnce {
			v.passOnce(p)
		}
		if p.RoyalKind != "" || has(p.Src, "royal-kind") {
			v.royalKind(p)
		}
		if pr := p.Promotion; pr != nil {
			if v.required(pr.Src, "promotion", "zone", "where the piece promotes", pr.Zone == "") {
				v.zoneRef(pr.Src, "zone", pr.Zone)
			}
			limited := make([]string, 0, len(pr.Limits))
			for l, n := range pr.Limits {
				limited = append(limited, l)
				if n < 1 || n > 255 {
					v.add(pr.Src, "limits", "promotion.limits: %s: a count from 1 to 255, found %d", l, n)
				}
				if !slices.Contains(pr.To, l) && !slices.Contains(pr.ToBlack, l) {
					v.add(pr.Src, "limits", "promotion.limits: %s is not among the types it promotes to (to: %v)", l, pr.To)
				}
			}
			sort.Strings(limited)
			v.letterList(pr.Src, "limits", limited)
			if pr.Always != "" {
				v.zoneRef(pr.Src, "always", pr.Always)
				if !pr.Optional {
					v.add(pr.Src, "always", "promotion.always names where an optional promotion is always offered; it needs optional: true")
				}
			}
			if pr.SkipEnPassant && !slices.ContainsFunc(p.Moves, func(a Atom) bool { return a.EPCapture }) {
				v.add(pr.Src, "skip-en-passant", "promotion.skip-en-passant: piece %q never captures en passant (no move with en-passant: true)", p.Name)
			}
			if pr.Entering && (pr.Leaving || pr.OnCapture) {
				v.add(pr.Src, "entering", "promotion.entering says which moves promote; it does not combine with leaving or on-capture")
			}
			if pr.Forced != "" {
				v.zoneRef(pr.Src, "forced", pr.Forced)
				if !pr.Optional {
					v.add(pr.Src, "forced", "promotion.forced names where an optional promotion is compulsory; it needs optional: true")
				}
			}
			if len(pr.To) == 0 {
				v.add(pr.Src, "to", "promotion: give the letters it may promote to (to: [...])")
			}
			v.letterList(pr.Src, "to", pr.To)
			if pr.FromPool != "" && v.def.Hands == nil {
				v.add(pr.Src, "from-pool", "promotion.from-pool %q: no hands are declared (hands: pools: [...])", pr.FromPool)
			}
			seen := map[string]bool{}
			for i, l := range pr.To {
				if seen[l] {
					v.addItem(pr.Src, "to", i, "promotion.to lists %q twice", l)
				}
				seen[l] = true
			}
			if pr.ToBlack != nil {
				v.letterList(pr.Src, "to-black", pr.ToBlack)
				seenBlack := map[string]bool{}
				for i, l := range pr.ToBlack {
					if seenBlack[l] {
						v.addItem(pr.Src, "to-black", i, "promotion.to-black lists %q twice", l)
					}
					seenBlack[l] = true
				}
				if len(pr.ToBlack) == 0 {
					v.add(pr.Src, "to-black", "promotion.to-black: give the letters Black's men may promote to")
				}
				if pr.InPlace != nil || pr.FromPool != "" {
					v.add(pr.Src, "to-black", "promotion.to-black does not combine with in-place or from-pool")
				}
			}
			for i, bc := range pr.ByCell {
				if v.required(bc.Src, "promotion.by-cell", "zone", "the cells where its choices apply", bc.Zone == "") {
					v.zoneRef(bc.Src, "zone", bc.Zone)
				}
				if len(bc.To) == 0 {
					v.add(bc.Src, "to", "promotion.by-cell: give the letters offered on %s (to: [...])", orDefault(bc.Zone, "its zone"))
				}
				for j, l := range bc.To {
					if !slices.Contains(pr.To, l) && !slices.Contains(pr.ToBlack, l) {
						v.addItem(bc.Src, "to", j, "promotion.by-cell: %q is not among the types it promotes to (to: %v)", l, pr.To)
					}
				}
				for _, prev := range pr.ByCell[:i] {
					if prev.Zone == bc.Zone && bc.Zone != "" {
						v.add(bc.Src, "zone", "promotion.by-cell names zone %q twice", bc.Zone)
					}
				}
			}
			if len(pr.ByCell) > 0 && (pr.InPlace != nil || pr.FromPool != "") {
				v.add(pr.Src, "by-cell", "promotion.by-cell does not combine with in-place or from-pool")
			}
			if ip := pr.InPlace; ip != nil {
				for _, k := range []struct {
					key string
					set bool
				}{{"optional", pr.Optional}, {"leaving", pr.Leaving}, {"forced", pr.Forced != ""}, {"on-capture", pr.OnCapture}, {"from-pool", pr.FromPool != ""}, {"skip-en-passant", pr.SkipEnPassant}} {
					if k.set {
						v.add(pr.Src, k.key, "promotion.%s does not combine with in-place: an in-place promotion is a move of its own, which the man may always leave unmade", k.key)
					}
				}
				if ip.MayGiveCheck != nil && !*ip.MayGiveCheck && orDefault(v.def.Rules.Check, "royal-attacked") != "royal-attacked" {
					v.add(ip.Src, "may-give-check", "promotion.in-place.may-give-check: false forbids promotions that give check, which needs check: royal-attacked (found %q)", v.def.Rules.Check)
				}
			}
		}
	}
}

// vector checks the [files, ranks] displacement under key in s, used with a symmetry and
// a direction filter (only).
func (v *validator) vector(s Src, key string, vec []int, symmetry string, only []string) bool {
	if vec == nil && !has(s, key) {
		v.add(s, "", "missing key %q ([files, ranks])", key)
		return false
	}
	return v.vectorAt(s.File, s.At(key), key, vec, symmetry, only)
}

// vectorAt checks a displacement written at node n: two numbers, not [0, 0], and at least
// one of its images under the symmetry and the filter fits on the board (a knight [1, 2]
// moves on a board of two ranks through its image [2, 1]).
func (v *validator) vectorAt(file string, n *yaml.Node, key string, vec []int, symmetry string, only []string) bool {
	files, ranks := v.def.Board.Files, v.def.Board.Ranks
	switch {
	case len(vec) != 2:
		v.errs.Add(file, n, "%s: expected [files, ranks], two whole numbers, found %d numbers", key, len(vec))
		return false
	case vec[0] == 0 && vec[1] == 0:
		v.errs.Add(file, n, "%s: [0, 0] goes nowhere", key)
		return false
	case files <= 0 || ranks <= 0:
		return true
	}
	for _, o := range only {
		if !oneOf(o, directions) {
			only = nil // reported with the atom; judge the fit by the symmetry alone
			break
		}
	}
	hex := v.def.Board.Geometry == "hex"
	imgs := ImagesOn(hex, vec[0], vec[1], symmetry, only)
	if len(imgs) == 0 { // the filter keeps nothing: reported with the atom
		imgs = ImagesOn(hex, vec[0], vec[1], symmetry, nil)
	}
	for _, w := range imgs {
		if !outside(w[0], files) && !outside(w[1], ranks) {
			return true
		}
	}
	if len(imgs) == 1 {
		v.errs.Add(file, n, "%s: %s leaves the %dx%d board from every square", key, vecString(vec), files, ranks)
	} else {
		v.errs.Add(file, n, "%s: %s leaves the %dx%d board from every square, in each of its %d directions", key, vecString(vec), files, ranks, len(imgs))
	}
	return false
}

func vecString(vec []int) string {
	s := make([]string, len(vec))
	for i, x := range vec {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// outside reports whether a displacement of x cells leaves a line of n cells.
func outside(x, n int) bool { return x <= -n || x >= n }

func (v *validator) rng(s Src, key string, r []int) bool {
	if r == nil {
		return true
	}
	if len(r) < 1 || len(r) > 2 {
		v.add(s, key, "range: expected [max] or [min, max], found %d numbers", len(r))
		return false
	}
	for _, x := range r {
		if x < 0 {
			v.add(s, key, "range: %d is negative", x)
			return false
		}
		if x > MaxRange {
			v.add(s, key, "range: %d is too large (at most %d; 0 means no limit)", x, MaxRange)
			return false
		}
	}
	if len(r) == 2 && r[1] != 0 && r[0] > r[1] {
		v.add(s, key, "range: min %d is above max %d", r[0], r[1])
		return false
	}
	return true
}

func (v *validator) atom(a Atom) {
	if (a.Initial || a.NotInCheck) && a.Leap == nil {
		v.add(a.Src, "initial", "initial and not-in-check go with a leap (a first move of the piece)")
	}
	if a.NotInCheck && !a.Initial {
		v.add(a.Src, "not-in-check", "not-in-check goes with initial: true")
	}
	var kinds []string
	var first []int // the vector symmetry and only: apply to
	okVec := false
	if a.Leap != nil {
		kinds = append(kinds, "leap")
		okVec = v.vector(a.Src, "leap", a.Leap, a.Symmetry, a.Only)
		first = a.Leap
	}
	if a.Ride != nil {
		kinds = append(kinds, "ride")
		okVec = v.vector(a.Src, "ride", a.Ride, a.Symmetry, a.Only)
		first = a.Ride
		v.rng(a.Src, "range", a.Range)
	}
	if a.Path != nil {
		kinds = append(kinds, "path")
		okVec = v.path(a)
		if len(a.Path) > 0 {
			first = a.Path[0].Step
		}
	}
	switch len(kinds) {
	case 0:
		v.add(a.Src, "", "a move atom needs one of leap, ride or path; found none")
	case 1:
	default:
		v.add(a.Src, kinds[1], "a move atom needs exactly one of leap, ride or path; found %s", strings.Join(kinds, " and "))
	}
	if a.Range != nil && a.Ride == nil {
		v.add(a.Src, "range", "range applies to a ride (for a path, give range: on a leg)")
	}
	v.choice(a.Src, "symmetry", "symmetry", a.Symmetry, symmetries)
	onlyOK := true
	for i, o := range a.Only {
		if !oneOf(o, directions) {
			onlyOK = false
			v.addItem(a.Src, "only", i, "unknown direction %q (%sexpected one of: %s)", o, suggest(o, directions), strings.Join(directions, ", "))
		}
	}
	v.choice(a.Src, "mode", "mode", a.Mode, modes)
	if len(kinds) == 1 && okVec && onlyOK && len(first) == 2 && (a.Symmetry == "" || oneOf(a.Symmetry, symmetries)) && len(ImagesOn(v.def.Board.Geometry == "hex", first[0], first[1], a.Symmetry, a.Only)) == 0 {
		v.add(a.Src, "only", "only: [%s] keeps no direction of %s with symmetry %s: the atom never moves", strings.Join(a.Only, ", "), vecString(first), orDefault(a.Symmetry, "all"))
	}
	if a.From != "" || has(a.Src, "from") {
		v.zoneRef(a.Src, "from", a.From)
	}
	if a.Within != "" || has(a.Src, "within") {
		v.zoneRef(a.Src, "within", a.Within)
		if a.Mode == "capture-royal" || a.EPTarget || a.EPCapture || a.Initial {
			v.add(a.Src, "within", "within does not go with capture-royal, ep-target, en-passant or initial (the atom becomes a path)")
		}
	}
	if a.Mode == "capture-royal" && v.def.Rules.Check != "" && v.def.Rules.Check != "royal-attacked" {
		v.add(a.Src, "mode", "mode capture-royal needs the check rule royal-attacked (rules.check is %q): only then does a royal never stand where it could be captured", v.def.Rules.Check)
	}
	if a.EPCapture && a.Mode != "capture" {
		v.add(a.Src, "en-passant", "en-passant applies to a capture-only atom (mode: capture)")
	}
	if a.EPCapture && a.Leap == nil {
		v.add(a.Src, "en-passant", "en-passant applies to a leap (the pawn's diagonal step)")
	}
	if a.EPTarget && (a.Ride == nil || a.Mode != "move") {
		v.add(a.Src, "ep-target", "ep-target applies to a non-capturing ride (mode: move)")
	}
}

// Limits on a path, which keep generating its moves cheap: every optional or repeating
// leg multiplies the ways to walk it.
const (
	MaxLegs          = 8 // legs of one path
	MaxRepeatingLegs = 3 // legs of one path that may take several different numbers of steps beyond one
)

// legRepeats reports whether a leg may take several different numbers of steps beyond
// one (max 0 or above 1, and min below max): each such leg multiplies the ways to walk a
// path by up to the board's length. [n] alone means exactly n steps and does not branch;
// [0, 1] branches only two ways.
func legRepeats(r []int) bool {
	return len(r) == 2 && (r[1] == 0 || r[1] > 1 && r[0] < r[1])
}

// path checks the legs of a path atom; it reports whether the first leg's step is usable.
func (v *validator) path(a Atom) bool {
	if len(a.Path) == 0 {
		v.add(a.Src, "path", "path: at least one leg")
		return false
	}
	if len(a.Path) > MaxLegs {
		v.add(a.Src, "path", "path: at most %d legs, found %d", MaxLegs, len(a.Path))
	}
	ok := true
	var repeating []int // 1-based numbers of the legs that repeat
	var over Src        // the first repeating leg beyond the limit
	stops := 0          // legs marked stop
	for i, l := range a.Path {
		only := a.Only
		if i > 0 {
			only = nil // the filter picks the first leg's images; the others follow them
		}
		okStep := v.vector(l.Src, "step", l.Step, a.Symmetry, only)
		if i == 0 {
			ok = okStep
		}
		last := i == len(a.Path)-1
		okRange := v.rng(l.Src, "range", l.Range)
		switch {
		case !okRange:
		case len(l.Range) == 1 && l.Range[0] == 0:
			v.add(l.Src, "range", "range: [0] repeats a leg exactly zero times; write [0, N] for an optional leg or [1, 0] for any number of steps")
		case last && len(l.Range) == 2 && l.Range[0] == 0:
			v.add(l.Src, "range", "the last leg lands: its range starts at 1, found %s", vecString(l.Range))
		}
		if okRange {
			if legRepeats(l.Range) {
				repeating = append(repeating, i+1)
				if len(repeating) == MaxRepeatingLegs+1 {
					over = l.Src
				}
			}
		}
		for j, c := range l.On {
			if !oneOf(c, conditions) {
				v.addItem(l.Src, "on", j, "unknown square condition %q (%sexpected one of: %s)", c, suggest(c, conditions), strings.Join(conditions, ", "))
			}
		}
		if last && l.On != nil && !oneOf("empty", l.On) && !oneOf("enemy", l.On) && !oneOf("any", l.On) {
			v.add(l.Src, "on", "the last leg lands: its on: needs empty, enemy or any, found %v", l.On)
		}
		if last && l.Capture {
			v.add(l.Src, "capture", "the last leg captures by landing; capture: applies to squares passed")
		}
		if l.Not != nil || has(l.Src, "not") {
			v.letterList(l.Src, "not", l.Not)
		}
		if l.Stop {
			switch {
			case last:
				v.add(l.Src, "stop", "the last leg lands; stop: marks a square passed where the mover stops")
			case stops > 0:
				v.add(l.Src, "stop", "a path stops at most once (the move records one stop)")
			}
			stops++
		}
	}
	if len(repeating) > MaxRepeatingLegs {
		v.add(over, "range", "path: at most %d legs may repeat a varying number of times (range max 0 or above 1, min below max), found %d (legs %s)",
			MaxRepeatingLegs, len(repeating), numberList(repeating))
	}
	if a.Mode != "" {
		v.add(a.Src, "mode", "mode does not apply to a path: the last leg's on: decides")
	}
	return ok
}

// numberList writes 1, 2, 3 and 5.
func numberList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func (v *validator) file(s Src, key, f string) bool {
	if !v.required(s, "castling", key, "a file letter", f == "") {
		return false
	}
	if _, ok := v.def.Board.FileIndex(f); !ok {
		last := byte('a' + max(v.def.Board.Files, 1) - 1)
		if v.def.Board.Geometry == "hex" {
			v.add(s, key, "%q is not a file of the board (a-%c without j)", f, HexFileLetter(max(v.def.Board.Files, 1)-1))
			return false
		}
		v.add(s, key, "%q is not a file of the board (a-%c)", f, last)
		return false
	}
	return true
}

func (v *validator) castling() {
	c := v.def.Castling
	if c == nil {
		return
	}
	for _, k := range []struct{ key, l string }{{"royal", c.Royal}, {"partner", c.Partner}} {
		if v.required(c.Src, "castling", k.key, "a piece letter", k.l == "") && !v.letters[k.l] {
			v.add(c.Src, k.key, "castling.%s: unknown piece letter %q (letters: %s)", k.key, k.l, v.letterNames())
		}
	}
	if c.Royal != "" && c.Royal == c.Partner {
		v.add(c.Src, "partner", "castling.partner must differ from castling.royal (%q)", c.Royal)
	}
	v.letterList(c.Src, "other-partners", c.OtherPartners)
	for i, l := range c.OtherPartners {
		if l == c.Royal || l == c.Partner || slices.Index(c.OtherPartners, l) < i {
			v.addItem(c.Src, "other-partners", i, "castling.other-partners: %q is the royal, the partner or listed twice", l)
		}
	}
	for _, side := range []struct {
		key string
		cs  CastleSide
	}{{"short", c.Short}, {"long", c.Long}} {
		if side.cs.Node == nil && side.cs.King == "" && side.cs.Partner == "" {
			v.add(c.Src, "", "castling: missing key %q (king and partner files)", side.key)
			continue
		}
		kOK := v.file(side.cs.Src, "king", side.cs.King)
		pOK := v.file(side.cs.Src, "partner", side.cs.Partner)
		if kOK && pOK && side.cs.King == side.cs.Partner {
			v.add(side.cs.Src, "partner", "castling.%s: king and partner cannot both end on file %s", side.key, side.cs.King)
		}
		v.castleChoices(side.key, side.cs)
	}
	v.castleSANs(c)
	if c.Notation == "king-to-partner" && (c.Short.Also != nil || c.Long.Also != nil) {
		v.add(c.Src, "notation", "castling notation king-to-partner writes every castling toward one partner alike (e1h1), which cannot tell the king's squares of also apart: leave it out (king-to-square)")
	}
	v.choice(c.Src, "notation", "castling notation", c.Notation, castleNotes)
	v.choice(c.Src, "fen", "castling FEN letters", c.FEN, []string{"kq", "files"})
	if (c.Rank != 0 || has(c.Src, "rank")) && (c.Rank < 1 || c.Rank > v.def.Board.Ranks) {
		v.add(c.Src, "rank", "castling.rank must be between 1 and %d (counted from the owner's side), found %d", v.def.Board.Ranks, c.Rank)
	}
}

// castleSANs checks the SAN texts of the castlings: both sides' given, one word each, and
// no two castlings of a side written alike; given for one castling, given for all.
func (v *validator) castleSANs(c *Castling) {
	all := []*CastleSAN{c.Short.SAN, c.Long.SAN}
	for _, cs := range []CastleSide{c.Short, c.Long} {
		for _, ch := range cs.Also {
			all = append(all, ch.SAN)
		}
	}
	given := 0
	seen := [2]map[string]bool{{}, {}}
	for _, s := range all {
		if s == nil {
			continue
		}
		given++
		for k, t := range []string{s.White, s.Black} {
			key := []string{"white", "black"}[k]
			switch {
			case t == "":
				v.add(s.Src, "san", "castling san: give %s's text (e.g. O-O)", key)
			case strings.ContainsAny(t, " \t\n") || strings.ContainsAny(t[:1], "abcdefghijklmnopqrstuvwxyz"):
				v.add(s.Src, key, "castling san %q: one word that does not start with a file letter (e.g. O-O)", t)
			case seen[k][t]:
				v.add(s.Src, key, "castling san %q is given to two castlings of %s", t, key)
			}
			seen[k][t] = true
		}
	}
	if given > 0 && given < len(all) {
		v.add(c.Src, "san", "castling: san is given for %d of the %d castlings; give it for every one or none", given, len(all))
	}
}

// castleChoices checks the more destinations of a castling side (also): a king file and
// a partner file each, on the board, apart, and no king file twice on the side.
func (v *validator) castleChoices(key string, cs CastleSide) {
	if cs.Also == nil {
		return
	}
	if len(cs.Also) == 0 {
		v.add(cs.Src, "also", "castling.%s.also: an empty list gives no more squares (leave the key out, or list {king, partner} files)", key)
		return
	}
	kings := []string{cs.King}
	for _, ch := range cs.Also {
		kOK := v.file(ch.Src, "king", ch.King)
		pOK := v.file(ch.Src, "partner", ch.Partner)
		switch {
		case kOK && pOK && ch.King == ch.Partner:
			v.add(ch.Src, "partner", "castling.%s.also: king and partner cannot both end on file %s", key, ch.King)
		case kOK && slices.Contains(kings, ch.King):
			v.add(ch.Src, "king", "castling.%s.also: the king's file %s is given twice on this side (each castling of a side ends the king on its own file)", key, ch.King)
		}
		kings = append(kings, ch.King)
	}
}

func (v *validator) rules() {
	r := v.def.Rules
	v.choice(r.Src, "check", "check rule", r.Check, checkRules)
	v.choice(r.Src, "check-royals", "royal men checked", r.CheckRoyals, []string{"any", "all", "lone"})
	if (r.CheckRoyals == "all" || r.CheckRoyals == "lone") && orDefault(r.Check, "royal-attacked") != "royal-attacked" {
		v.add(r.Src, "check-royals", "check-royals %q says which royal men the check protects, which needs check: royal-attacked (found %q)", r.CheckRoyals, r.Check)
	}
	v.choice(r.NoMoves.Src, "in-check", "result", r.NoMoves.InCheck, outcomes)
	v.choice(r.NoMoves.Src, "otherwise", "result", r.NoMoves.Otherwise, append(slices.Clip(outcomes), "fewer-men-wins", "more-men-wins", "1/4", "3/4"))
	v.choice(r.Src, "perpetual-check", "perpetual-check result", r.PerpetualCheck, []string{"loss"})
	v.choice(r.Src, "repetition-loses", "side", r.RepetitionLoses, []string{"white", "black", "mover", "to-move"})
	if c := r.Counting; c != nil {
		if len(c.Limits) == 0 {
			v.add(c.Src, "limits", "counting: give its limits (limits: [{moves: N, ...}, ...])")
		}
		for _, l := range c.Limits {
			switch {
			case l.Moves == nil:
				v.add(l.Src, "", "counting.limits: missing key \"moves\" (the count's limit in moves; 0: no count)")
			case *l.Moves < 0 || *l.Moves > MaxCountMoves:
				v.add(l.Src, "moves", "counting.limits: moves must be from 0 to %d, found %d", MaxCountMoves, *l.Moves)
			}
			v.letterList(l.Src, "board-has", l.BoardHas)
			letters := make([]string, 0, len(l.OpponentHas))
			for letter, n := range l.OpponentHas {
				letters = append(letters, letter)
				if n < 1 || n > 255 {
					v.add(l.Src, "opponent-has", "counting.limits: opponent-has %s: a count from 1 to 255, found %d", letter, n)
				}
			}
			sort.Strings(letters)
			v.letterList(l.Src, "opponent-has", letters)
		}
	}
	if cm := r.Checkmate; cm != nil {
		v.letterList(cm.Src, "forbidden-by", cm.ForbiddenBy)
		v.letterList(cm.Src, "needs-check-by", cm.NeedsCheckBy)
		if orDefault(r.Check, "royal-attacked") != "royal-attacked" {
			v.add(r.Src, "check", "rules.checkmate judges the men giving check, which needs check: royal-attacked (found %q)", r.Check)
		}
	}
	if r.MayGiveCheck != nil && !*r.MayGiveCheck && orDefault(r.Check, "royal-attacked") != "royal-attacked" {
		v.add(r.Src, "may-give-check", "may-give-check: false forbids moves that give check, which needs check: royal-attacked (found %q)", r.Check)
	}
	switch {
	case r.CheckCounter < 0 || r.CheckCounter > MaxCheckCounter:
		v.add(r.Src, "check-counter", "check-counter must be between 1 and %d checks (0 or absent: no counter), found %d", MaxCheckCounter, r.CheckCounter)
	case r.CheckCounter > 0 && orDefault(r.Check, "royal-attacked") != "royal-attacked":
		v.add(r.Src, "check-counter", "check-counter counts checks, which needs check: royal-attacked (found %q)", r.Check)
	}
	if p := r.Pass; p != nil && (p.EndAfter < 0 || p.EndAfter > MaxRepetition) {
		v.add(p.Src, "end-after", "pass.end-after must be 0 (never) or a number of passes in a row up to %d, found %d", MaxRepetition, p.EndAfter)
	}
	if r.FacingRoyals && orDefault(r.Check, "royal-attacked") != "royal-attacked" {
		v.add(r.Src, "facing-royals", "facing-royals needs check: royal-attacked (found %q)", r.Check)
	}
	if pt := r.Points; pt != nil {
		for _, l := range slices.Sorted(maps.Keys(pt.Values)) {
			n := pt.Values[l]
			if !v.letters[l] {
				v.add(pt.Src, "values", "points.values: no piece has letter %q (%s)", l, v.letterNames())
			} else if n < 0 || n > 10000 {
				v.add(pt.Src, "values", "points.values: %s = %g is out of range (0 to 10000)", l, n)
			}
		}
		for _, side := range slices.Sorted(maps.Keys(pt.Bonus)) {
			n := pt.Bonus[side]
			if side != "white" && side != "black" {
				v.add(pt.Src, "bonus", "points.bonus: unknown side %q (expected white or black)", side)
			} else if n < 0 || n > 10000 {
				v.add(pt.Src, "bonus", "points.bonus: %s = %g is out of range (0 to 10000)", side, n)
			}
		}
	}
	switch {
	case r.FiftyMove != nil && *r.FiftyMove < 0:
		v.add(r.Src, "fifty-move", "fifty-move must be 0 (off) or a number of half-moves, found %d", *r.FiftyMove)
	case r.FiftyMove != nil && *r.FiftyMove > MaxFiftyMove:
		v.add(r.Src, "fifty-move", "fifty-move %d is too large (at most %d half-moves)", *r.FiftyMove, MaxFiftyMove)
	}
	switch {
	case r.Repetition != nil && (*r.Repetition < 0 || *r.Repetition == 1):
		v.add(r.Src, "repetition", "repetition must be 0 (off) or at least 2, found %d", *r.Repetition)
	case r.Repetition != nil && *r.Repetition > MaxRepetition:
		v.add(r.Src, "repetition", "repetition %d is too large (at most %d occurrences)", *r.Repetition, MaxRepetition)
	}
	if r.Check != "none" && !r.RoyalOptional && !v.hasRoyal() && len(v.def.Pieces) > 0 {
		s, key := r.Src, "check"
		if s.Node == nil {
			s, key = v.def.Src, "pieces"
		}
		v.add(s, key, "check rule %q needs a royal piece (royal: true), or use check: none", orDefault(r.Check, "royal-attacked"))
	}
}

func (v *validator) hasRoyal() bool {
	for _, p := range v.def.Pieces {
		if p.Royal {
			return true
		}
	}
	return false
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (v *validator) goals() {
	for _, g := range v.def.Goals {
		standing := 0
		for _, set := range []bool{len(g.Extinct) > 0, g.ChecksGiven, g.SafeOn != "", g.GivesCheck, g.Line != 0, len(g.Connect) > 0, len(g.Castled) > 0, len(g.CastlingLost) > 0} {
			if set {
				standing++
			}
		}
		switch {
		case g.Reach == "" && g.When == "" && len(g.Hit) == 0 && standing == 0 && g.Stands == "":
			v.add(g.Src, "", "a goal needs reach: ZONE, when: EXPRESSION, hit: [LETTERS], extinct: [LETTERS], stands: ZONE, safe-on: ZONE, line: N, connect: [ZONE, ZONE], checks-given: true, gives-check: true, castled: [SIDES] or castling-lost: [SIDES]")
		case standing > 1 || standing == 1 && (g.Reach != "" || g.When != "" || len(g.Hit) > 0 || g.Stands != ""):
			v.add(g.Src, "", "goal %q: extinct, safe-on, line, connect, checks-given, gives-check, castled and castling-lost are goals of their own; they combine with no other kind (write two goals)", g.Name)
		case g.Stands != "" && (g.When != "" || len(g.Hit) > 0):
			v.add(g.Src, "stands", "goal %q: stands combines only with reach (write two goals)", g.Name)
		}
		v.choice(g.Src, "side", "side", g.Side, []string{"white", "black"})
		if g.Count < 0 || g.Count > 255 {
			v.add(g.Src, "count", "goal %q: count must be a whole number 0-255, got %d", g.Name, g.Count)
		} else if g.Count > 1 && g.Reach == "" && g.SafeOn == "" {
			v.add(g.Src, "count", "goal %q: count goes with reach or safe-on: ZONE (that many men on the side's part of the zone)", g.Name)
		}
		switch {
		case g.Full && g.Reach == "":
			v.add(g.Src, "full", "goal %q: full goes with reach: ZONE (the mover's part of the zone held once every cell of it holds a man)", g.Name)
		case g.Full && (g.Answerable || g.Stands != "" || g.When != ""):
			v.add(g.Src, "full", "goal %q: full is judged on the position alone; it does not combine with answerable, stands or when (write two goals)", g.Name)
		}
		if g.Answerable && g.Reach == "" {
			v.add(g.Src, "answerable", "goal %q: answerable goes with reach: ZONE (the opponent may answer by reaching its own part of the zone)", g.Name)
		}
		v.letterList(g.Src, "extinct", g.Extinct)
		if g.AtMost < 0 || g.AtMost > 255 {
			v.add(g.Src, "at-most", "goal %q: at-most must be between 0 and 255 men, found %d", g.Name, g.AtMost)
		}
		if g.OpponentAtLeast < 0 || g.OpponentAtLeast > 255 {
			v.add(g.Src, "opponent-at-least", "goal %q: opponent-at-least must be between 0 and 255 men, found %d", g.Name, g.OpponentAtLeast)
		}
		if (g.AtMost != 0 || g.Together || g.OpponentAtLeast != 0) && len(g.Extinct) == 0 {
			v.add(g.Src, "extinct", "goal %q: at-most, together and opponent-at-least go with extinct: [LETTERS]", g.Name)
		}
		if g.ChecksGiven && v.def.Rules.CheckCounter == 0 {
			v.add(g.Src, "checks-given", "goal %q: checks-given needs rules.check-counter (the checks each side has to give)", g.Name)
		}
		if g.GivesCheck && v.def.Rules.Check != "" && v.def.Rules.Check != "royal-attacked" {
			v.add(g.Src, "gives-check", "goal %q: gives-check needs rules.check royal-attacked (a check is an attack on a royal piece), found %s", g.Name, v.def.Rules.Check)
		}
		v.lineGoal(g)
		v.castlingGoal(g)
		if g.Stands != "" {
			v.zoneRef(g.Src, "stands", g.Stands)
			if len(g.Pieces) == 0 && !v.hasRoyal() {
				v.add(g.Src, "stands", "goal %q: no royal piece can stand on %q; list the pieces that count (pieces: [...])", g.Name, g.Stands)
			}
		}
		if g.SafeOn != "" {
			v.zoneRef(g.Src, "safe-on", g.SafeOn)
			if len(g.Pieces) == 0 && !v.hasRoyal() {
				v.add(g.Src, "safe-on", "goal %q: no royal piece can stand on %q; list the pieces that count (pieces: [...])", g.Name, g.SafeOn)
			}
		}
		v.letterList(g.Src, "hit", g.Hit)
		if len(g.Hit) > 0 && g.Reach != "" {
			v.add(g.Src, "hit", "goal %q: hit and reach cannot be combined (write two goals)", g.Name)
		}
		if g.Reach != "" {
			v.zoneRef(g.Src, "reach", g.Reach)
			if len(g.Pieces) == 0 && !v.hasRoyal() {
				v.add(g.Src, "reach", "goal %q: no royal piece can reach %q; list the pieces that count (pieces: [...])", g.Name, g.Reach)
			}
		}
		if g.SafeOn != "" {
			v.choice(g.Src, "whose", "whose", g.Whose, append(whoses[:len(whoses):len(whoses)], "both"))
		} else {
			v.choice(g.Src, "whose", "whose", g.Whose, whoses)
		}
		v.choice(g.Src, "result", "result", g.Result, outcomes)
		v.letterList(g.Src, "pieces", g.Pieces)
	}
}

// placed reports whether men of the piece of this letter stand in a setup's placement or
// are promoted into.
func (v *validator) placed(letter string) bool {
	for _, st := range v.def.Setups {
		board, _, _ := strings.Cut(st.FEN, " ")
		board, _, _ = strings.Cut(board, "[")
		if strings.Contains(board, letter) || strings.Contains(board, strings.ToLower(letter)) {
			return true
		}
	}
	for _, p := range v.def.Pieces {
		if p.Promotion != nil && (slices.Contains(p.Promotion.To, letter) || slices.Contains(p.Promotion.ToBlack, letter)) {
			return true
		}
	}
	return false
}

// lineAlong are the lines a line goal may run along.
var lineAlong = []string{"rank", "file", "diagonal"}

// lineGoal checks a goal of men in a row (line, along).
func (v *validator) lineGoal(g Goal) {
	b := v.def.Board
	longest := max(b.Files, b.Ranks)
	switch {
	case g.Line == 0 && len(g.Connect) == 0 && len(g.Along) > 0:
		v.add(g.Src, "along", "goal %q: along goes with line: N (the men in a row) or connect: [ZONE, ZONE] (the chain of men)", g.Name)
	case g.Line == 0 && g.Gaps:
		v.add(g.Src, "gaps", "goal %q: gaps goes with line: N (the men on one line)", g.Name)
	case g.Line == 0 && g.Block:
		v.add(g.Src, "block", "goal %q: block goes with line: N (the side of the square of men)", g.Name)
	case g.Line == 0:
	case g.Block && g.Gaps:
		v.add(g.Src, "block", "goal %q: block (a square of men next to one another) does not combine with gaps", g.Name)
	case g.Block && len(g.Along) > 0:
		v.add(g.Src, "along", "goal %q: a block is a square of men, which runs along no line: drop along", g.Name)
	case g.Block && g.Line > min(b.Files, b.Ranks) && b.Files > 0 && b.Ranks > 0:
		v.add(g.Src, "line", "goal %q: a block's side must be a number of men from 1 to the board's shorter side (%d), found %d", g.Name, min(b.Files, b.Ranks), g.Line)
	case g.Line < 0 || g.Line > longest && longest > 0:
		v.add(g.Src, "line", "goal %q: line must be a number of men from 1 to the board's longer side (%d), found %d", g.Name, longest, g.Line)
	case b.Geometry == "hex":
		v.add(g.Src, "line", "goal %q: line goals run along ranks, files and diagonals of a square board, not a hexagonal one", g.Name)
	}
	for i, a := range g.Along {
		if !oneOf(a, lineAlong) {
			v.addItem(g.Src, "along", i, "unknown line %q (%sexpected one of: %s)", a, suggest(a, lineAlong), strings.Join(lineAlong, ", "))
		}
	}
	v.connectGoal(g)
}

// slideEdges are the edges drops may slide in from.
var slideEdges = []string{"west", "east", "south", "north"}

// slides checks the edges drops slide in from (slide-in, slide-through): known edges, each
// named once, on one square board with every cell in play.
func (v *validator) slides(d *Drops) {
	if len(d.SlideIn) == 0 && len(d.SlideThrough) == 0 {
		return
	}
	seen := map[string]bool{}
	for _, k := range []struct {
		key   string
		edges []string
	}{{"slide-in", d.SlideIn}, {"slide-through", d.SlideThrough}} {
		for i, e := range k.edges {
			switch {
			case !oneOf(e, slideEdges):
				v.addItem(d.Src, k.key, i, "unknown edge %q (%sexpected one of: %s)", e, suggest(e, slideEdges), strings.Join(slideEdges, ", "))
			case seen[e]:
				v.addItem(d.Src, k.key, i, "edge %q named twice: a drop from an edge either slides in or slides through", e)
			}
			seen[e] = true
		}
	}
	key := "slide-in"
	if len(d.SlideIn) == 0 {
		key = "slide-through"
	}
	b := v.def.Board
	switch {
	case b.Geometry == "hex":
		v.add(d.Src, key, "drops slide in along the ranks and files of a square board, not a hexagonal one")
	case b.Boards > 1:
		v.add(d.Src, key, "drops slide in along the ranks and files of one board, not of %d", b.Boards)
	case strings.ContainsAny(b.Layout, "*-"):
		v.add(d.Src, key, "drops slide in along whole ranks and files: the board's layout may leave no cell out")
	}
}

// connectGoal checks a goal of a chain of men joining two zones (connect, one-way).
func (v *validator) connectGoal(g Goal) {
	if len(g.Connect) == 0 {
		if g.OneWay {
			v.add(g.Src, "one-way", "goal %q: one-way goes with connect: [ZONE, ZONE] (the chain of men)", g.Name)
		}
		return
	}
	if len(g.Connect) != 2 {
		v.add(g.Src, "connect", "goal %q: connect names two zones, the chain's ends (connect: [ZONE, ZONE]), found %d", g.Name, len(g.Connect))
	}
	if g.Line != 0 {
		v.add(g.Src, "connect", "goal %q: connect (a chain of men) does not combine with line (a row of men): write two goals", g.Name)
	}
	if v.def.Board.Geometry == "hex" {
		v.add(g.Src, "connect", "goal %q: a chain's steps run along ranks, files and diagonals of a square board, not a hexagonal one", g.Name)
	}
	for i, z := range g.Connect {
		if _, ok := v.def.Zones[z]; !ok {
			var names []string
			for n := range v.def.Zones {
				names = append(names, n)
			}
			v.addItem(g.Src, "connect", i, "unknown zone %q (%sdefine it under zones:)", z, suggest(z, names))
		}
	}
}

// castleSides are the sides of castling a castling goal names.
var castleSides = []string{"short", "long"}

// castlingGoal checks a goal won by castling (castled) or lost with the castling rights
// (castling-lost).
func (v *validator) castlingGoal(g Goal) {
	for _, k := range []struct {
		key   string
		sides []string
	}{{"castled", g.Castled}, {"castling-lost", g.CastlingLost}} {
		if len(k.sides) == 0 {
			continue
		}
		if v.def.Castling == nil {
			v.add(g.Src, k.key, "goal %q: %s needs castling (the definition has no castling key)", g.Name, k.key)
		}
		if len(g.Pieces) > 0 {
			v.add(g.Src, "pieces", "goal %q: %s counts no pieces (the castling royal and its partner): drop pieces", g.Name, k.key)
		}
		for i, s := range k.sides {
			if !oneOf(s, castleSides) {
				v.addItem(g.Src, k.key, i, "unknown side of castling %q (%sexpected one of: %s)", s, suggest(s, castleSides), strings.Join(castleSides, ", "))
			}
		}
	}
	if len(g.Castled) > 0 && g.Whose != "" {
		v.add(g.Src, "whose", "goal %q: castled is the mover's castling; whose goes with castling-lost", g.Name)
	}
}

func (v *validator) freeze() {
	for _, f := range v.def.Freeze {
		if len(f.By) == 0 {
			v.add(f.Src, "by", "freeze: missing key \"by\" (letters of the freezing pieces)")
		}
		v.letterList(f.Src, "by", f.By)
		v.letterList(f.Src, "targets", f.Targets)
		if len(f.Steps) == 0 {
			v.add(f.Src, "steps", "freeze: missing key \"steps\" (offsets at which pieces are frozen)")
		}
		for i, s := range f.Steps {
			v.vectorAt(f.File, f.Item("steps", i), "steps", s, "all", nil)
		}
	}
}

// ridesUnattacked checks a piece with rides-unattacked: a royal man, under the check rule
// royal-attacked (only then is a cell "attacked" for it), with a ride for the key to
// restrict and none that is walked as a path (within), in rules without borrowed moves.
func (v *validator) ridesUnattacked(p Piece) {
	if !p.Royal {
		v.add(p.Src, "rides-unattacked", "piece %q: rides-unattacked restricts a royal man's rides; the piece is not royal (royal: true)", p.Name)
	}
	if c := orDefault(v.def.Rules.Check, "royal-attacked"); c != "royal-attacked" {
		v.add(p.Src, "rides-unattacked", "piece %q: rides-unattacked needs check: royal-attacked (found %q): only then is a cell attacked for a royal man", p.Name, c)
	}
	if v.def.BorrowMoves != nil {
		v.add(p.Src, "rides-unattacked", "piece %q: rides-unattacked cannot be combined with borrow-moves yet", p.Name)
	}
	rides := 0
	for _, a := range p.Moves {
		if a.Ride == nil || a.Mode == "capture-royal" {
			continue
		}
		if a.Within != "" {
			v.add(a.Src, "within", "piece %q: a ride with within is walked as a path, which rides-unattacked does not restrict; give the piece its ride without within", p.Name)
			continue
		}
		rides++
	}
	if rides == 0 {
		v.add(p.Src, "rides-unattacked", "piece %q: rides-unattacked restricts rides, and the piece has none (a ride atom, or a rider in betza)", p.Name)
	}
}

// passOnce checks a piece with pass-once: a man passes only by a path that stops and
// ends back on its origin, so the piece needs one whose legs can add up to nothing.
func (v *validator) passOnce(p Piece) {
	span := max(v.def.Board.Files, v.def.Board.Ranks, 1)
	for _, a := range p.Moves {
		if passesHome(a.Path, span) {
			return
		}
	}
	v.add(p.Src, "pass-once", "piece %q: pass-once makes the man's passes one move, and it has none: no path with a stop whose legs can lead back to its square", p.Name)
}

// passesHome reports whether a path stops on its way and its legs, each taken some number
// of times within its range, can add up to [0, 0] without going further than span (the
// board's longer side) from where they start.
func passesHome(legs []Leg, span int) bool {
	stops := false
	sums := map[[2]int]bool{{0, 0}: true}
	for _, l := range legs {
		stops = stops || l.Stop
		if len(l.Step) != 2 {
			return false
		}
		lo, hi := 1, 1
		switch len(l.Range) {
		case 1:
			lo, hi = l.Range[0], l.Range[0]
		case 2:
			lo, hi = l.Range[0], l.Range[1]
		}
		if hi == 0 || hi > span {
			hi = span
		}
		next := map[[2]int]bool{}
		for s := range sums {
			for k := lo; k <= hi; k++ {
				x, y := s[0]+k*l.Step[0], s[1]+k*l.Step[1]
				if max(x, -x, y, -y) <= span {
					next[[2]int{x, y}] = true
				}
			}
		}
		sums = next
	}
	return stops && sums[[2]int{0, 0}]
}

// royalKind checks a piece with royal-kind: a royal man, counted by kind under the check
// rule royal-attacked with check-royals: lone.
func (v *validator) royalKind(p Piece) {
	switch {
	case p.RoyalKind == "":
		v.add(p.Src, "royal-kind", "piece %q: royal-kind names the kind the royal man is counted in; it is empty", p.Name)
	case !p.Royal:
		v.add(p.Src, "royal-kind", "piece %q: royal-kind counts a royal man by kind; the piece is not royal (royal: true)", p.Name)
	case v.def.Rules.CheckRoyals != "lone" || orDefault(v.def.Rules.Check, "royal-attacked") != "royal-attacked":
		v.add(p.Src, "royal-kind", "piece %q: royal-kind counts royal men for rules.check-royals: lone (found check %q, check-royals %q)", p.Name, orDefault(v.def.Rules.Check, "royal-attacked"), orDefault(v.def.Rules.CheckRoyals, "any"))
	}
}

// contagious checks a contagious piece (defs.Piece.Contagious): not royal (a capturer
// turned royal would change how many royal men a side has), and in rules whose captures
// are plain replacements on one board, without pools.
func (v *validator) contagious(p Piece) {
	if p.Royal {
		v.add(p.Src, "contagious", "piece %q: a royal piece cannot be contagious (its capturer would become a royal man)", p.Name)
	}
	if c := v.def.Capture; c != nil && (c.Effect == "bounce" || c.Kick != "" || c.Explode != nil || len(c.Petrify) > 0) {
		v.add(p.Src, "contagious", "piece %q: contagious cannot be combined with a bounce, a kick, an explosion or capture.petrify yet: its capturer must land where it took", p.Name)
	}
	if v.def.Hands != nil {
		v.add(p.Src, "contagious", "piece %q: contagious cannot be combined with hands (pools) yet", p.Name)
	}
	if v.def.Board.Crossing {
		v.add(p.Src, "contagious", "piece %q: contagious cannot be combined with board.crossing yet", p.Name)
	}
}

// borrowMoves checks the square moves are borrowed from, and that no atom of the
// definition needs state a borrowed move cannot carry: first-move rights and en passant.
func (v *validator) borrowMoves() {
	b := v.def.BorrowMoves
	if b == nil {
		return
	}
	if v.required(b.Src, "borrow-moves", "from", "the [files, ranks] offset of the man whose moves are borrowed, e.g. [0, -1] for the one behind", len(b.From) == 0) {
		v.vectorAt(b.File, b.At("from"), "borrow-moves.from", b.From, "none", nil)
	}
	for _, pc := range v.def.Pieces {
		for _, a := range pc.Moves {
			if a.Initial || a.EPTarget || a.EPCapture {
				v.add(b.Src, "", "borrow-moves cannot be combined with first-move leaps or en passant (piece %s): a borrowed move carries neither right", Quote(pc.Letter))
				return
			}
		}
	}
}

func (v *validator) capture() {
	c := v.def.Capture
	if c == nil {
		return
	}
	v.choice(c.Src, "effect", "capture effect", c.Effect, effects)
	v.statusRef(c.Src, "status", c.Status)
	v.statusRef(c.Src, "kick", c.Kick)
	if c.Status != "" && c.Effect != "bounce" {
		v.add(c.Src, "status", "capture.status is the status a bounce gives; it needs effect: bounce")
	}
	if x := c.Explode; x != nil {
		if c.Effect == "bounce" || c.Kick != "" {
			v.add(c.Src, "explode", "capture.explode cannot be combined with a bounce or a kick")
		}
		if h := v.def.Hands; h != nil && h.Exchange != nil {
			v.add(c.Src, "explode", "capture.explode cannot be combined with hands.exchange (an exploded man would enter its opponent's pool, which the exchange does not say)")
		}
		if len(x.Steps) == 0 {
			v.add(x.Src, "steps", "explode: missing key \"steps\" (offsets, all 8 symmetry images, of the squares that explode around the captured one)")
		}
		for i, s := range x.Steps {
			v.vectorAt(x.File, x.Item("steps", i), "steps", s, "all", nil)
		}
		v.letterList(x.Src, "spare", x.Spare)
		v.letterList(x.Src, "immune", x.Immune)
		if c := v.def.Rules.Check; c == "" || c == "royal-attacked" {
			for i, l := range x.Immune {
				for _, p := range v.def.Pieces {
					if p.Letter == l && p.Royal {
						v.addItem(x.Src, "immune", i, "explode.immune: %s is royal; under the check rule royal-attacked a royal piece cannot be immune to explosions", l)
					}
				}
			}
		}
	}
	if c.Own {
		if c.Effect == "bounce" || c.Kick != "" || c.Explode != nil {
			v.add(c.Src, "own", "capture.own cannot be combined with a bounce, a kick or an explosion yet")
		}
		if h := v.def.Hands; h != nil && h.Exchange != nil {
			v.add(c.Src, "own", "capture.own does not combine with hands.exchange: the exchange's pools hold enemy men taken, and a man taken by its own side is none")
		}
	}
	if len(c.Petrify) > 0 {
		v.letterList(c.Src, "petrify", c.Petrify)
		for i, l := range c.Petrify {
			for _, p := range v.def.Pieces {
				if p.Letter == l && p.Royal {
					v.addItem(c.Src, "petrify", i, "capture.petrify: %s is royal; a royal man turned to stone would leave its side without it: give its moves mode: move instead (it may then never capture)", l)
				}
			}
		}
		if c.Effect == "bounce" || c.Kick != "" || c.Trading != nil {
			v.add(c.Src, "petrify", "capture.petrify cannot be combined with a bounce, a kick or trading rules yet")
		}
		if v.def.Walls != nil {
			v.add(c.Src, "petrify", "capture.petrify cannot be combined with walls: yet (a moving wall would take the petrified men's walls down)")
		}
		for _, pc := range v.def.Pieces {
			for _, a := range pc.Moves {
				if len(a.Path) > 0 {
					v.add(c.Src, "petrify", "capture.petrify cannot be combined with multi-leg paths yet (piece %s): a path does not see the walls petrified men leave", pc.Letter)
				}
			}
		}
	}
	if tr := c.Trading; tr != nil {
		if len(tr.Pieces) == 0 {
			v.add(tr.Src, "pieces", "trading: missing key \"pieces\" (the men whose trades it limits)")
		}
		v.letterList(tr.Src, "pieces", tr.Pieces)
		v.letterList(tr.Src, "cheap", tr.Cheap)
		if len(tr.Cheap) > 0 && !tr.Guarded {
			v.add(tr.Src, "cheap", "trading.cheap says which men taken on the way leave a guarded capture barred; it needs guarded: true")
		}
		if !tr.Guarded && !tr.Counterstrike && !tr.Protected && !tr.NoRetaliation {
			v.add(tr.Src, "", "trading: give at least one of guarded, protected, counterstrike and no-retaliation (true)")
		}
		if tr.Counterstrike && tr.NoRetaliation {
			v.add(tr.Src, "no-retaliation", "trading: no-retaliation bars every capture of these men that counterstrike bars and more; give one of them")
		}
	}
}

// MaxStatusDuration is the longest timed status, in half-moves.
const MaxStatusDuration = 15

func (v *validator) statuses() {
	seen := map[string]bool{}
	for i, st := range v.def.Statuses {
		if v.required(st.Src, "status", "name", "e.g. stunned", st.Name == "") && !nameRE.MatchString(st.Name) {
			v.add(st.Src, "name", "status name %q: %s", st.Name, nameRule)
		} else if seen[st.Name] {
			v.add(st.Src, "name", "status %q is declared twice", st.Name)
		}
		seen[st.Name] = true
		if st.Duration < 1 || st.Duration > MaxStatusDuration {
			v.add(st.Src, "duration", "duration must be between 1 and %d half-moves, found %d", MaxStatusDuration, st.Duration)
		}
		if i > 0 {
			v.add(st.Src, "", "only one timed status per variant is supported (found %q after %q)", st.Name, v.def.Statuses[0].Name)
		}
	}
}

// fog checks the fog's keys and refuses what a side's view cannot be made of (each named,
// so the author knows what to take out): a check rule (no side may be told it is in
// check), drops (every empty cell would be a move's landing: nothing fogged), walls and
// several-move turns (a view is taken between single moves), several boards and the
// hexagonal geometry (a view's FEN is one board of ranks).
func (v *validator) fog() {
	f := v.def.Fog
	if f == nil {
		return
	}
	d := v.def
	refuse := func(what string) {
		v.add(f.Src, "", "fog cannot be combined with %s", what)
	}
	if d.Rules.Check != "none" {
		refuse(fmt.Sprintf("a check rule (rules.check is %q; under fog no side is told it is in check: write check: none and a goal that takes the royal man, e.g. extinct: [K])", cmp.Or(d.Rules.Check, "royal-attacked")))
	}
	if d.Hands != nil {
		refuse("hands (a drop may land on any empty cell: a side would see the whole board)")
	}
	if d.Walls != nil {
		refuse("walls (a turn's wall is placed after the move: no view between them)")
	}
	if d.Turns != nil {
		refuse("turns of several moves (a view is taken between single moves)")
	}
	if d.Board.Boards > 1 || d.Board.Geometry == "hex" {
		refuse("several boards or a hexagonal board (a view's FEN is one board of ranks)")
	}
	if len(d.Statuses) > 0 || d.Rules.CheckCounter > 0 {
		refuse("statuses or a check counter (their FEN fields would show what the fog hides)")
	}
	letters := make([]string, 0, len(f.Sees))
	for l := range f.Sees {
		letters = append(letters, l)
	}
	slices.Sort(letters)
	for _, l := range letters {
		// Each entry is reported at its letter in sees:.
		at := f.Src.At("sees")
		if at != nil && at.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(at.Content); i += 2 {
				if at.Content[i].Value == l {
					at = at.Content[i]
					break
				}
			}
		}
		add := func(format string, args ...any) { v.errs.Add(f.File, at, format, args...) }
		if !v.letters[l] || !isPieceLetter(l) {
			add("fog.sees: unknown piece letter %q (letters: %s)", l, v.letterNames())
			continue
		}
		for i, c := range f.Sees[l] {
			switch {
			case len(c) != 2:
				add("fog.sees.%s: cell %d is %v: write [files, ranks], two numbers", l, i+1, c)
			case c[0] == 0 && c[1] == 0:
				add("fog.sees.%s: cell %d is [0, 0], the man's own cell, which it always sees", l, i+1)
			case abs(c[0]) >= max(d.Board.Files, 1) || abs(c[1]) >= max(d.Board.Ranks, 1):
				add("fog.sees.%s: cell %d is %v, off any %dx%d board", l, i+1, c, d.Board.Files, d.Board.Ranks)
			}
		}
	}
}

// walls checks the walls' keys, and refuses the mechanisms the core does not yet place
// walls after (each named, so the author knows what to take out).
func (v *validator) walls() {
	w := v.def.Walls
	if w == nil {
		return
	}
	v.choice(w.Src, "place", "wall placement", w.Place, []string{"any", "reach", "origin", "edge"})
	if w.Instead && (w.Place == "reach" || w.Place == "origin") {
		v.add(w.Src, "place", "%s places the wall where the turn's man moved, but with instead: true a wall turn moves no man (use any or edge)", w.Place)
	}
	for i, sq := range w.Except {
		v.square(w.Src, "except", i, sq)
	}
	d := v.def
	refuse := func(what string) {
		v.add(w.Src, "", "walls cannot be combined with %s yet (walls follow moves of leaps and rides, in rules without check)", what)
	}
	if d.Rules.Check != "none" && !w.Instead {
		refuse(fmt.Sprintf("a check rule (rules.check is %q; walls placed after the move need check: none, walls placed instead of a move take any)", cmp.Or(d.Rules.Check, "royal-attacked")))
	}
	if d.Hands != nil {
		refuse("hands (drops, pools, gating)")
	}
	if d.Capture != nil && (d.Capture.Effect != "" || d.Capture.Kick != "" || d.Capture.Explode != nil || d.Capture.Trading != nil) {
		refuse("capture rules (effects, explosions, trading)")
	}
	if d.Rules.Pass != nil || d.Rules.FacingRoyals {
		refuse("passes or facing royals")
	}
	if d.BorrowMoves != nil || len(d.Freeze) > 0 || len(d.Statuses) > 0 {
		refuse("borrowed moves, freezing or statuses")
	}
	for _, pc := range d.Pieces {
		for _, a := range pc.Moves {
			if len(a.Path) > 0 {
				refuse(fmt.Sprintf("multi-leg paths (piece %s)", pc.Letter))
			}
			if a.Initial {
				refuse(fmt.Sprintf("first-move atoms (piece %s)", pc.Letter))
			}
		}
		if pr := pc.Promotion; pr != nil && pr.InPlace != nil {
			refuse(fmt.Sprintf("promotion in place (piece %s)", pc.Letter))
		}
	}
}

// MaxTurnMoves bounds the moves of one turn (turns.white, turns.black and what grow
// reaches).
const MaxTurnMoves = 64

// turns checks the turns' keys, and refuses the mechanisms the core does not yet honour
// with turns of several moves (each named, so the author knows what to take out).
func (v *validator) turns() {
	t := v.def.Turns
	if t == nil {
		return
	}
	for _, side := range []struct {
		key  string
		list []int
	}{{"white", t.White}, {"black", t.Black}} {
		if len(side.list) == 0 {
			v.add(t.Src, side.key, "turns.%s: list the number of moves of the side's turns, its first turn first (the last stands for every later turn), e.g. [1, 2]", side.key)
		}
		for i, n := range side.list {
			if n < 1 || n > MaxTurnMoves {
				v.addItem(t.Src, side.key, i, "a turn of %d moves: a turn has 1 to %d moves", n, MaxTurnMoves)
			}
		}
	}
	if t.Grow < 0 || t.Grow > 8 {
		v.add(t.Src, "grow", "turns.grow %d: each later turn grows by 0 to 8 moves", t.Grow)
	}
	v.choice(t.Src, "check", "turn check rule", t.Check, []string{"move", "turn"})
	d := v.def
	refuse := func(what string) {
		v.add(t.Src, "", "turns of several moves cannot be combined with %s yet", what)
	}
	if t.Check == "turn" && d.Rules.Check != "" && d.Rules.Check != "royal-attacked" {
		refuse(fmt.Sprintf("rules.check %q (check: turn judges the royal's safety at the end of a turn: it needs royal-attacked)", d.Rules.Check))
	}
	if t.Check == "turn" && d.Rules.CheckRoyals != "" && d.Rules.CheckRoyals != "any" {
		refuse("rules.check-royals other than any (check: turn)")
	}
	if d.Walls != nil || d.Flip != nil {
		refuse("walls or flips (a turn's actions would interleave)")
	}
	if d.Hands != nil {
		refuse("hands (drops, pools, gating)")
	}
	r := d.Rules
	if r.Pass != nil || r.FacingRoyals || r.FullBoard {
		refuse("passes, facing royals or a full-board end")
	}
	if r.Counting != nil || r.CheckCounter > 0 || r.PerpetualCheck != "" || r.Checkmate != nil {
		refuse("counting, a check counter, perpetual-check or checkmate rules (they count moves as turns)")
	}
	if r.MayGiveCheck != nil && !*r.MayGiveCheck {
		refuse("may-give-check: false")
	}
	for _, g := range d.Goals {
		if g.Stands != "" || g.Answerable || g.SafeOn != "" || g.GivesCheck || len(g.CastlingLost) > 0 {
			refuse(fmt.Sprintf("goal %q: goals judged for the side to move (stands, answerable, safe-on, gives-check, castling-lost) take the side to move to be the side that did not move", Clip(g.Name)))
		}
	}
}

// apart checks boards played apart (board.apart): partners play two boards, each one game
// of the definition's rules, whose captures go to the partner's drop pool.
func (v *validator) apart() {
	b := &v.def.Board
	if b.Apart != "partners" {
		v.choice(b.Src, "apart", "board.apart", b.Apart, []string{"partners"})
		return
	}
	if b.Crossing {
		v.add(b.Src, "apart", "board.apart and board.crossing exclude each other: boards played apart are not crossed")
	}
	if b.Boards != 2 {
		v.add(b.Src, "apart", "board.apart: partners needs board.boards: 2 (partners play one board each), found %d", max(b.Boards, 1))
	}
	h := v.def.Hands
	switch {
	case h == nil || h.Drops == nil || h.Drops.From == "":
		v.add(b.Src, "apart", "board.apart: partners needs hands with drops: the men a partner captures go to the pool drops come from")
	case h.CaptureTo != "":
		v.add(h.Src, "capture-to", "hands.capture-to cannot be combined with board.apart: partners: a captured man goes to the partner's pool on the other board")
	case h.Exchange != nil || h.Gating != nil || len(h.EnemyPools) > 0:
		v.add(h.Src, "", "hands with exchange, gating or enemy pools cannot be combined with board.apart: partners yet")
	}
	d := v.def
	if d.Walls != nil || d.Flip != nil || d.Turns != nil || d.Fog != nil || d.Capture != nil {
		v.add(b.Src, "apart", "board.apart cannot be combined with walls, flips, turns of several moves, fog or capture effects yet")
	}
}

// MaxBoards is the most boards a definition may play together.
const MaxBoards = 4

// crossing refuses what the crossing rule cannot honour yet: every mechanism that places,
// removes or changes men beyond the move's own (a crossing moves exactly the men the move
// moved), and turns of several moves.
func (v *validator) crossing() {
	d := v.def
	b := &d.Board
	refuse := func(what string) {
		v.add(b.Src, "crossing", "board.crossing cannot be combined with %s yet", what)
	}
	if d.Hands != nil {
		refuse("hands (drops, pools, gating)")
	}
	if d.Walls != nil || d.Flip != nil {
		refuse("walls or flips")
	}
	if d.Turns != nil {
		refuse("turns of several moves")
	}
	if d.Capture != nil || len(d.Statuses) > 0 || len(d.Freeze) > 0 || d.BorrowMoves != nil {
		refuse("capture effects, statuses, freezes or borrowed moves")
	}
	r := d.Rules
	if r.Pass != nil || r.FacingRoyals || r.FullBoard || r.Counting != nil || r.CheckCounter > 0 {
		refuse("passes, facing royals, a full-board end, counting or a check counter")
	}
	for _, pc := range d.Pieces {
		if pc.Promotion != nil && pc.Promotion.InPlace != nil {
			refuse(fmt.Sprintf("promotions in place (piece %s)", Clip(pc.Letter)))
		}
	}
}

// statusRef checks a reference to a declared status.
func (v *validator) statusRef(s Src, key, name string) {
	if name == "" {
		return
	}
	var names []string
	for _, st := range v.def.Statuses {
		if st.Name == name {
			return
		}
		names = append(names, st.Name)
	}
	if len(names) == 0 {
		v.add(s, key, "unknown status %q: declare it under statuses (name, duration)", name)
		return
	}
	v.add(s, key, "unknown status %q (%sdeclared statuses: %s)", name, suggest(name, names), strings.Join(names, ", "))
}

func (v *validator) hands() {
	h := v.def.Hands
	if h == nil {
		return
	}
	pools := map[string]bool{}
	for i, p := range h.Pools {
		if !nameRE.MatchString(p) {
			v.addItem(h.Src, "pools", i, "pool name %q: %s", p, nameRule)
		} else if pools[p] {
			v.addItem(h.Src, "pools", i, "pool %q is declared twice", p)
		}
		pools[p] = true
	}
	if len(h.Pools) == 0 || len(h.Pools) > 2 {
		v.add(h.Src, "pools", "hands: give one or two pool names, found %d", len(h.Pools))
	}
	ref := func(s Src, key, p string) {
		if p != "" && !pools[p] {
			v.add(s, key, "unknown pool %q (%sdeclared pools: %s)", p, suggest(p, h.Pools), strings.Join(h.Pools, ", "))
		}
	}
	ref(h.Src, "capture-to", h.CaptureTo)
	for i, p := range h.EnemyPools {
		if !pools[p] {
			v.addItem(h.Src, "enemy-pools", i, "unknown pool %q (%sdeclared pools: %s)", p, suggest(p, h.Pools), strings.Join(h.Pools, ", "))
		}
	}
	if h.RestoreCastlingOnDrop && v.def.Castling == nil {
		v.add(h.Src, "restore-castling-on-drop", "restore-castling-on-drop needs castling: declare castling or remove the key")
	}
	if h.RestoreCastlingOnDrop && h.Drops == nil && h.Exchange == nil {
		v.add(h.Src, "restore-castling-on-drop", "restore-castling-on-drop needs drops or an exchange: nothing is ever dropped")
	}
	if g := h.Gating; g != nil {
		if v.required(g.Src, "gating", "from", "the pool gated pieces come from", g.From == "") {
			ref(g.Src, "from", g.From)
		}
	}
	if h.CaptureTo == "" && h.Drops == nil && h.Exchange == nil && h.Gating == nil {
		v.add(h.Src, "", "hands: pools that nothing fills or empties; give capture-to, drops, exchange or gating")
	}
	if d := h.Drops; d != nil {
		if v.required(d.Src, "drops", "from", "the pool dropped pieces come from", d.From == "") {
			ref(d.Src, "from", d.From)
		}
		for _, f := range d.Forbid {
			v.letterList(f.Src, "pieces", f.Pieces)
			v.zoneRef(f.Src, "zone", f.Zone)
		}
		v.letterList(d.Src, "split-colors", d.SplitColors)
		v.letterList(d.Src, "must-drop", d.MustDrop)
		v.letterList(d.Src, "one-per-file", d.OnePerFile)
		for i, sq := range d.FirstOn {
			v.square(d.Src, "first-on", i, sq)
		}
		if d.PerFile != 0 && (d.PerFile < 1 || d.PerFile > 255 || len(d.OnePerFile) == 0) {
			v.add(d.Src, "per-file", "drops.per-file: a count from 1 to 255 of the one-per-file types a file may hold, found %d", d.PerFile)
		}
		v.letterList(d.Src, "no-mate", d.NoMate)
		v.slides(d)
		v.pickUp(d)
		if d.NoMateIllegal && len(d.NoMate) == 0 {
			v.add(d.Src, "no-mate-illegal", "no-mate-illegal needs no-mate: the letters whose drops may not checkmate")
		}
		if d.CreateCastling != "" {
			if v.def.Castling == nil {
				v.add(d.Src, "create-castling", "create-castling needs castling: declare castling or remove the key")
			}
			if f := d.CreateCastling; len(f) != 1 || f[0] < 'a' || int(f[0]-'a') >= v.def.Board.Files {
				v.add(d.Src, "create-castling", "create-castling: expected the royal's home file, a letter from a to %c, found %s", 'a'+max(v.def.Board.Files, 1)-1, Quote(f))
			}
		}
	}
	if e := h.Exchange; e != nil {
		for _, k := range []struct{ key, pool string }{{"give", e.Give}, {"to", e.To}, {"take", e.Take}} {
			if v.required(e.Src, "exchange", k.key, "a pool name", k.pool == "") {
				ref(e.Src, k.key, k.pool)
			}
		}
		if len(e.Order) == 0 {
			v.add(e.Src, "", "exchange: missing key \"order\" (the pieces from lowest to highest rank, e.g. [[P], [N, B], [R], [Q]])")
		}
		seen := map[string]bool{}
		for i, tier := range e.Order {
			v.letterList(e.Src, "order", tier)
			for _, l := range tier {
				if seen[l] {
					v.addItem(e.Src, "order", i, "exchange.order lists %q twice", l)
				}
				seen[l] = true
			}
		}
	}
	for _, p := range v.def.Pieces {
		if p.Promotion != nil && p.Promotion.FromPool != "" {
			ref(p.Promotion.Src, "from-pool", p.Promotion.FromPool)
		}
		if p.Promotion != nil {
			v.choice(p.Promotion.Src, "pool-owner", "pool owner", p.Promotion.PoolOwner, []string{"own", "opponent"})
		}
	}
}

// pickUp checks drops.pick-up: letters of non-royal types, in a pool of the side's own men,
// and no mechanism that reads a move's landing cell (a pick-up lands nowhere).
func (v *validator) pickUp(d *Drops) {
	if len(d.PickUp) == 0 {
		return
	}
	v.letterList(d.Src, "pick-up", d.PickUp)
	for i, l := range d.PickUp {
		for _, p := range v.def.Pieces {
			if p.Letter == l && p.Royal {
				v.addItem(d.Src, "pick-up", i, "pick-up: %s is royal, and a royal man may not leave the board", p.Name)
			}
		}
	}
	h := v.def.Hands
	if slices.Contains(h.EnemyPools, d.From) {
		v.add(d.Src, "pick-up", "pick-up puts a side's own men into pool %q, which holds enemy men: drop from a pool of the side's own", d.From)
	}
	for _, clash := range []struct {
		on       bool
		key, why string
	}{
		{v.def.Flip != nil, "flip", "flips turn the men around a move's landing cell, and a pick-up lands on none"},
		{v.def.Board.Crossing, "board.crossing", "a moved man crosses from its landing cell, and a pick-up lands on none"},
		{h.Exchange != nil, "hands.exchange", "the exchange's pools hold men captured and rescued, not men picked up"},
	} {
		if clash.on {
			v.add(d.Src, "pick-up", "pick-up does not combine with %s: %s", clash.key, clash.why)
		}
	}
}

func (v *validator) setups() {
	if len(v.def.Setups) == 0 {
		v.add(v.def.Src, "setups", "missing key \"setups\" (at least one named start position)")
	}
	names := map[string]bool{}
	for _, s := range v.def.Setups {
		if s.Name == "" {
			v.add(s.Src, "name", "setup: missing key \"name\"")
		} else if names[s.Name] {
			v.add(s.Src, "name", "setup %q is defined twice", s.Name)
		}
		names[s.Name] = true
		if strings.TrimSpace(s.FEN) == "" {
			v.add(s.Src, "fen", "setup %q: missing key \"fen\"", s.Name)
		}
		v.shuffle(s)
	}
}

// shuffle checks the steps of a shuffled setup: known letters and files, and files lists
// that nest or stay apart, so that every step has the same number of choices whatever
// the steps before it chose.
func (v *validator) shuffle(s Setup) {
	for i, st := range s.Shuffle {
		if len(st.Pieces) == 0 {
			v.add(st.Src, "pieces", "setup %q: shuffle step %d places no piece", s.Name, i+1)
		}
		v.letterList(st.Src, "pieces", st.Pieces)
		for j, f := range st.Files {
			if len(f) != 1 || f[0] < 'a' || int(f[0]-'a') >= v.def.Board.Files {
				v.addItem(st.Src, "files", j, "%q is not a file of the board (a-%c)", f, 'a'+max(v.def.Board.Files, 1)-1)
			}
		}
		for _, prev := range s.Shuffle[:i] {
			if len(prev.Files) == 0 || len(st.Files) == 0 {
				if len(prev.Files) == 0 && len(st.Files) > 0 {
					v.add(st.Src, "files", "setup %q: a shuffle step with files must come before the steps without", s.Name)
				}
				continue
			}
			in, out := 0, 0
			for _, f := range prev.Files {
				if slices.Contains(st.Files, f) {
					in++
				} else {
					out++
				}
			}
			if in > 0 && out > 0 {
				v.add(st.Src, "files", "setup %q: the files of a shuffle step must contain, or stay apart from, those of each step before it", s.Name)
			}
		}
	}
}

func (v *validator) tests() {
	setups := map[string]bool{}
	var setupNames []string
	for _, s := range v.def.Setups {
		setups[s.Name] = true
		setupNames = append(setupNames, s.Name)
	}
	names := map[string]bool{}
	for _, t := range v.def.Tests {
		if t.Name == "" {
			v.add(t.Src, "name", "test: missing key \"name\"")
		} else if names[t.Name] {
			v.add(t.Src, "name", "test %q is defined twice", t.Name)
		}
		names[t.Name] = true
		if t.FEN != "" && t.Setup != "" {
			v.add(t.Src, "setup", "test %q: give fen or setup, not both", t.Name)
		}
		if t.Setup != "" && !setups[t.Setup] {
			v.add(t.Src, "setup", "test %q: unknown setup %q (%ssetups: %s)", t.Name, t.Setup, suggest(t.Setup, setupNames), strings.Join(setupNames, ", "))
		}
		if t.Result != "" && !oneOf(t.Result, results) {
			v.add(t.Src, "result", "test %q: result must be one of %s, found %q", t.Name, strings.Join(results, ", "), t.Result)
		}
		if len(t.Perft) == 0 && t.Moves == nil && len(t.Contains) == 0 && len(t.Excludes) == 0 &&
			len(t.Attacks) == 0 && t.Check == nil && t.Game == "" && t.Result == "" && t.After == "" {
			v.add(t.Src, "", "test %q checks nothing: give perft, moves, contains, excludes, attacks, check, game, result or after", t.Name)
		}
		for i, n := range t.Perft {
			if n < 0 {
				v.addItem(t.Src, "perft", i, "perft count must not be negative, found %d", n)
			}
		}
		for _, a := range t.Attacks {
			if v.required(a.Src, "attacks", "by", "white or black", a.By == "") && !oneOf(a.By, sides) {
				v.add(a.Src, "by", "attacks.by must be white or black, found %q", a.By)
			}
			for i, sq := range a.Squares {
				v.square(a.Src, "squares", i, sq)
			}
			for i, sq := range a.Not {
				v.square(a.Src, "not", i, sq)
			}
		}
	}
}

// xboard checks XBoard's conventions: a name as XBoard writes them, a start FEN on one
// line, and letters that map a piece letter of the definition to a single letter.
func (v *validator) xboard() {
	x := v.def.XBoard
	if x == nil {
		return
	}
	if v.required(x.Src, "xboard", "name", "XBoard's name for the variant, e.g. normal", x.Name == "") && !protocolNameRE.MatchString(x.Name) {
		v.add(x.Src, "name", "xboard name %q: %s", x.Name, protocolNameRule)
	}
	v.text(x.Src, "start", "xboard start", x.Start, false)
	keys := make([]string, 0, len(x.Letters))
	for k := range x.Letters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !v.letters[k] {
			v.add(x.Src, "letters", "xboard letters: %q is not a piece letter of the definition", k)
		}
		if to := x.Letters[k]; len(to) != 1 || !isLetter(strings.ToUpper(to)) {
			v.add(x.Src, "letters", "xboard letters: %q must map to one letter, found %q", k, to)
		}
	}
}

// clockSides checks a piece's resets-clock-sides: white or black, each once, at least one,
// beside resets-clock or resets-clock-unless-back (which it restricts), two sides only.
func (v *validator) clockSides(p Piece) {
	if p.ResetsClockSides == nil {
		return
	}
	if len(p.ResetsClockSides) == 0 {
		v.add(p.Src, "resets-clock-sides", "piece %q: resets-clock-sides lists no side (leave it out for both sides' moves; resets-clock: false for neither)", p.Name)
		return
	}
	if !p.ResetsClock && !p.ResetsClockUnlessBack {
		v.add(p.Src, "resets-clock-sides", "piece %q: resets-clock-sides says whose moves of it reset the fifty-move counter; give resets-clock or resets-clock-unless-back too", p.Name)
	}
	if v.def.Seats != nil {
		v.add(p.Src, "resets-clock-sides", "piece %q: resets-clock-sides names White and Black, which a game of seats does not have", p.Name)
	}
	for i, s := range p.ResetsClockSides {
		switch {
		case !oneOf(s, clockSides):
			v.addItem(p.Src, "resets-clock-sides", i, "piece %q: unknown side %q in resets-clock-sides (%sexpected one of: %s)", p.Name, s, suggest(s, clockSides), strings.Join(clockSides, ", "))
		case slices.Index(p.ResetsClockSides, s) < i:
			v.addItem(p.Src, "resets-clock-sides", i, "piece %q: resets-clock-sides lists %s twice", p.Name, s)
		}
	}
}

// clockSides are the sides resets-clock-sides names, White's index first.
var clockSides = []string{"white", "black"}
