// The variants.ini keys of passing, facing kings, material counting, the royal that may only take its checker, mates by some men only, counting rules and repetitions that are not draws.

package defs

import (
	_ "embed"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"
)

// fsfTables are Fairy-Stockfish's tables behind some keys' values (fsf/tables.yaml), by
// its piece types.
type fsfTables struct {
	MaterialCounting map[string]Points   `yaml:"material-counting"`
	MateRule         Checkmate           `yaml:"mate-rule"` // shatarMateRule = true
	CountingRule     map[string]Counting `yaml:"counting-rule"`
	DropRules        fsfDropRules        `yaml:"drop-rules"`
	// ParentDrops: a built-in's drop keys, for a section over it that changes them.
	ParentDrops map[string]map[string]string `yaml:"parent-drops"`
	// ImmobilityIllegal: the built-ins whose immobilityIllegal is true (false for the
	// others), for the types a section over one of them adds.
	ImmobilityIllegal []string `yaml:"immobility-illegal"`
	// EnclosingDrop, FlipEnclosed: the drop rule and the flip of each EnclosingRule value.
	EnclosingDrop map[string]fsfEnclosingDrop `yaml:"enclosing-drop"`
	FlipEnclosed  map[string]*Flip            `yaml:"flip-enclosed"`
}

// fsfEnclosingDrop is the drop rule of one enclosingDrop value (hands.drops keys), or why
// it is refused.
type fsfEnclosingDrop struct {
	Flanking      bool `yaml:"flanking"`
	NextToOwn     bool `yaml:"next-to-own"`
	OnTop         bool `yaml:"on-top"`
	AwayFromEnemy bool `yaml:"away-from-enemy"`
	// SlideIn, SlideThrough: the edges drops slide in from (hands.drops.slide-in,
	// slide-through).
	SlideIn      []string `yaml:"slide-in"`
	SlideThrough []string `yaml:"slide-through"`
	Refused      string   `yaml:"refused"`
}

// fsfDropRules are the keys of the drop rules keyed to one piece type (drop-rules).
type fsfDropRules struct {
	Type              string `yaml:"type"`
	OnePerFileKey     string `yaml:"one-per-file-key"`
	OnePerFileDefault bool   `yaml:"one-per-file-default"`
	NoMateKey         string `yaml:"no-mate-key"`
	NoMateDefault     bool   `yaml:"no-mate-default"`
}

//go:embed fsf/tables.yaml
var fsfTablesYAML []byte

// tables is read on first use (only the importer needs it), not at every start.
var tables = sync.OnceValue(func() fsfTables {
	var t fsfTables
	if err := yaml.Unmarshal(fsfTablesYAML, &t); err != nil {
		panic("defs: fsf/tables.yaml: " + err.Error())
	}
	return t
})

// tableNames lists a table's values for an error message, with the ones read as such.
func tableNames[V any](m map[string]V, also ...string) string {
	names := slices.Sorted(maps.Keys(m))
	return strings.Join(append(names, also...), ", ")
}

// fsfType returns the letters of the definition's men that Fairy-Stockfish counts as its
// type key: the piece of that type, then the promoted types (promotedPieceType) that move
// as it, for Fairy-Stockfish keeps a promoted man's type as the type it became.
func (im *importer) fsfType(key string) []string {
	i := slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Key == key })
	if i < 0 {
		return nil
	}
	at := im.findFSF(im.table[i])
	if at < 0 {
		return nil
	}
	l := im.def.Pieces[at].Letter
	out := []string{l}
	for _, p := range im.def.Pieces {
		if im.movesAs[p.Letter] == l {
			out = append(out, p.Letter)
		}
	}
	return out
}

// asTypes returns the letters with the promoted types (promotedPieceType) that move as one
// of them: the men Fairy-Stockfish counts as those types, for a promoted man's type is the
// type it became.
func (im *importer) asTypes(letters []string) []string {
	out := slices.Clone(letters)
	for _, p := range im.def.Pieces {
		if y, ok := im.movesAs[p.Letter]; ok && slices.Contains(letters, y) && !slices.Contains(out, p.Letter) {
			out = append(out, p.Letter)
		}
	}
	return out
}

// importVariantRules maps the rules Fairy-Stockfish 11.1 keeps for particular games onto
// Chimera's rules: kingPass (a pass, not in check; two in a row end the game),
// bikjangRule (facing kings must part, or pass; a facing that survives a move ends the
// game), materialCounting (a game ended drawn by those rules, the n-move rule or a
// repetition is decided on points), makpongRule (in check, the king may only take its
// checker), shatarMateRule (a mate by knights alone loses; a mate wins only after a check
// by the types fsf/tables.yaml names in the series of checks that ends in it, else
// draws), countingRule (the counting tables of fsf/tables.yaml) and nFoldValue with
// nFoldValueAbsolute (the colour that loses a repetition).
func (im *importer) importVariantRules() {
	def := im.def
	r := &def.Rules
	royal := slices.ContainsFunc(def.Pieces, func(q Piece) bool { return q.Royal })
	if k, ok := im.get("materialCounting"); ok {
		r.Points = nil
		switch k.Value {
		case "none":
		case "unweighted":
			values := map[string]float64{}
			for _, l := range im.letters() {
				values[l] = 1
			}
			r.Points = &Points{Values: values}
		default:
			t, known := tables().MaterialCounting[k.Value]
			if !known {
				im.errorf(k, "expected %s, found %s", tableNames(tables().MaterialCounting, "unweighted", "none"), Quote(k.Value))
				break
			}
			values := map[string]float64{}
			for key, v := range t.Values {
				for _, l := range im.fsfType(key) {
					values[l] = v
				}
			}
			r.Points = &Points{Values: values, Bonus: maps.Clone(t.Bonus)}
		}
	}
	if v, ok := im.boolKey("shatarMateRule", false); ok && !v {
		r.Checkmate = nil
	} else if ok && royal {
		var forbidden, by []string
		for _, key := range tables().MateRule.ForbiddenBy {
			forbidden = append(forbidden, im.fsfType(key)...)
		}
		for _, key := range tables().MateRule.NeedsCheckBy {
			by = append(by, im.fsfType(key)...)
		}
		r.Checkmate = &Checkmate{ForbiddenBy: forbidden, NeedsCheckBy: by}
		if len(r.Checkmate.ForbiddenBy) == 0 {
			r.Checkmate.ForbiddenBy = nil
		}
	}
	im.importCounting()
	im.importNFoldValue()
	im.importPass()
	// adjudicateFullBoard (the current source's Position::is_immediate_game_end): a full
	// board ends the game, on points under materialCounting, else drawn: rules.full-board.
	if v, ok := im.boolKey("adjudicateFullBoard", false); ok {
		r.FullBoard = v
	}
}

// importPass maps the passes of the current source: pass (passWhite, passBlack), a pass
// any turn, and passOnStalemate (passOnStalemateWhite, passOnStalemateBlack), a pass only
// when no other move is legal (Position::legal). Either is the king's move onto its own
// square, never in check (the king would stand attacked), or by a side without a king its
// first man's from a1; two passes in a row end the game (Position::is_immediate_game_end),
// drawn or on points: rules.pass with end-after: 2, and only-without-moves for
// passOnStalemate. A rule for one colour only is refused: Chimera's pass is both sides'.
func (im *importer) importPass() {
	read := func(keys ...string) (white, black bool, k iniKey, given bool) {
		wk, wok := im.getAny(keys[0], keys[1])
		bk, bok := im.getAny(keys[0], keys[2])
		if !wok && !bok {
			return false, false, iniKey{}, false
		}
		white, black = wk.Value == "true", bk.Value == "true"
		for _, kk := range []iniKey{wk, bk} {
			if kk.Key != "" && kk.Value != "true" && kk.Value != "false" {
				im.errorf(kk, "expected true or false, found %s", Quote(kk.Value))
			}
		}
		k = wk
		if !wok || white == black && bok {
			k = bk
		}
		return white, black, k, true
	}
	pw, pb, pk, pok := read("pass", "passWhite", "passBlack")
	sw, sb, sk, sok := read("passOnStalemate", "passOnStalemateWhite", "passOnStalemateBlack")
	if !pok && !sok {
		return
	}
	if pok && pw != pb {
		im.errorf(pk, "not imported: a pass for one colour only; Chimera's rules.pass is both sides'")
		return
	}
	if sok && sw != sb {
		im.errorf(sk, "not imported: a pass for one colour only; Chimera's rules.pass is both sides'")
		return
	}
	// The parent's pass read back as the two rules, the keys given over them.
	r := &im.def.Rules
	pass, stale := r.Pass != nil && !r.Pass.OnlyWithoutMoves, r.Pass != nil && r.Pass.OnlyWithoutMoves
	if pok {
		pass = pw
	}
	if sok {
		stale = sw
	}
	switch {
	case stale:
		r.Pass = &Pass{EndAfter: 2, OnlyWithoutMoves: true}
	case pass:
		r.Pass = &Pass{EndAfter: 2}
	default:
		r.Pass = nil
	}
}

// importCounting maps countingRule: one of Fairy-Stockfish's tables (fsf/tables.yaml), by
// its types, written with the variant's letters.
func (im *importer) importCounting() {
	k, ok := im.get("countingRule")
	if !ok {
		return
	}
	if k.Value == "none" {
		im.def.Rules.Counting = nil
		return
	}
	t, known := tables().CountingRule[k.Value]
	if !known {
		im.errorf(k, "expected %s, found %s", tableNames(tables().CountingRule, "none"), Quote(k.Value))
		return
	}
	var limits []CountLimit
	for _, line := range t.Limits {
		out := line
		if len(line.BoardHas) > 0 {
			out.BoardHas = nil
			for _, key := range line.BoardHas {
				out.BoardHas = append(out.BoardHas, im.fsfType(key)...)
			}
			if len(out.BoardHas) == 0 {
				continue // the variant has none: the line never applies
			}
		}
		if len(line.OpponentHas) > 0 {
			// The opponent has at least n men of the type (of any of its letters: only one
			// letter may count, the others being promoted types Chimera counts apart).
			out.OpponentHas = map[string]int{}
			for _, key := range slices.Sorted(maps.Keys(line.OpponentHas)) {
				ls := im.fsfType(key)
				if len(ls) == 0 {
					out.OpponentHas = nil // the variant has none: the line never applies
					break
				}
				if len(ls) > 1 {
					im.errorf(k, "men promoted into the %s (promotedPieceType) count as that type in Fairy-Stockfish's counting table, but as a type of their own in Chimera's; not imported", key)
					return
				}
				out.OpponentHas[ls[0]] = line.OpponentHas[key]
			}
			if out.OpponentHas == nil {
				continue
			}
		}
		limits = append(limits, out)
	}
	im.def.Rules.Counting = &Counting{FromMen: t.FromMen, Limits: limits}
}

// importNFoldValue maps nFoldValue: with nFoldValueAbsolute = true, the value of a
// repetition from White's view, a loss for one colour; without it, from the view of the
// side to move in the repeated position (Fairy-Stockfish's Position::is_optional_game_end),
// so loss loses for it (rules.repetition-loses: to-move) and win for the side whose move
// completed the repetition (mover).
func (im *importer) importNFoldValue() {
	v, ok := im.valueKey("nFoldValue")
	abs, _ := im.boolKey("nFoldValueAbsolute", false)
	if !ok {
		return
	}
	im.def.Rules.RepetitionLoses = ""
	if v == "draw" {
		return
	}
	k := im.keys["nFoldValue"]
	switch {
	case v == "none":
		im.errorf(k, "none: a repetition must end the game")
	case !abs && v == "loss":
		im.def.Rules.RepetitionLoses = "to-move"
	case !abs:
		im.def.Rules.RepetitionLoses = "mover"
	case v == "loss":
		im.def.Rules.RepetitionLoses = "white"
	default:
		im.def.Rules.RepetitionLoses = "black"
	}
}

// importKingType maps kingType: the king keeps its type (royal, castling) but moves and
// attacks as the named type does, a type of the variant. The pawn and the soldier,
// whose moves Fairy-Stockfish shapes by their type rather than by their moves, are
// refused.
func (im *importer) importKingType() {
	def := im.def
	k, ok := im.get("kingType")
	if !ok || k.Value == "" {
		return
	}
	l, ok := im.letterOf(k, k.Value[0])
	if !ok {
		return
	}
	at := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == l })
	king := slices.IndexFunc(def.Pieces, func(q Piece) bool {
		return q.Royal && SameMoves(q.Moves, im.table[slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Key == "king" })].moves)
	})
	soldier := slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Soldier })
	switch {
	case at == king:
		return
	case im.isPawn(def.Pieces[at]) || SameMoves(def.Pieces[at].Moves, im.table[soldier].moves) || strings.HasPrefix(l, "+"):
		im.errorf(k, "a king moving as the %s would take on rules Fairy-Stockfish keys to that type; not imported", def.Pieces[at].Name)
		return
	case king < 0:
		im.errorf(k, "the variant has no king to move as the %s", def.Pieces[at].Name)
		return
	}
	def.Pieces[king].Moves = slices.Clone(def.Pieces[at].Moves)
	def.Pieces[king].Turned = def.Pieces[at].Turned
}

// importCastlingRook maps castlingRookPiece (11.1) and castlingRookPieces (the current
// source, read over it): the king castles with men of those types instead of the rook
// (castling.partner, the first, and other-partners; types of the variant other than the
// king).
func (im *importer) importCastlingRook() {
	def := im.def
	k, ok := im.getAny("castlingRookPiece", "castlingRookPieces")
	if !ok || k.Value == "" {
		return
	}
	var ls []string
	for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
		if c == '-' {
			break
		}
		l, ok := im.letterOf(k, c)
		if !ok {
			return
		}
		if !slices.Contains(ls, l) {
			ls = append(ls, l)
		}
		if k.Key == "castlingRookPiece" {
			break // one type
		}
	}
	if def.Castling == nil || len(ls) == 0 {
		return
	}
	if slices.Contains(ls, def.Castling.Royal) {
		im.errorf(k, "the king cannot castle with itself")
		return
	}
	def.Castling.Partner, def.Castling.OtherPartners = ls[0], ls[1:]
	if len(ls) == 1 {
		def.Castling.OtherPartners = nil
	}
}

// importFlyingGeneral maps flyingGeneral (the current source's Position::legal): no move
// may leave a side's king on a rank or file with the other side's king and no man between
// (a rook's line from the king, castling's passed squares included). In Chimera that is
// the king's ride along the four orthogonals that captures only royal men (mode
// capture-royal): the kings attack each other along an open line, so neither may be left
// facing. Refused where another type is royal (Fairy-Stockfish's rule looks at its king
// type only) and over a parent whose royal men attack so already, which false would have
// to undo.
func (im *importer) importFlyingGeneral() {
	def := im.def
	k, given := im.keys["flyingGeneral"]
	v, ok := im.boolKey("flyingGeneral", false)
	if !given || !ok {
		return
	}
	already := slices.ContainsFunc(def.Pieces, func(q Piece) bool {
		return q.Royal && slices.ContainsFunc(q.Moves, func(a Atom) bool { return a.Mode == "capture-royal" })
	})
	switch {
	case already && v:
		return // the parent's generals may not face already
	case already:
		im.errorf(k, "the parent's royal men attack each other along open lines already (its own rule of facing generals); false is not imported")
		return
	case !v:
		return
	case def.Rules.Check != "" && def.Rules.Check != "royal-attacked":
		im.errorf(k, "not imported: the variant has no check (rules.check %s), and facing kings are a check in Chimera", def.Rules.Check)
		return
	}
	at := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Royal && q.Letter == im.king })
	if at < 0 {
		return // no king: Fairy-Stockfish's rule has no king to keep apart
	}
	if other := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Royal && q.Letter != im.king }); other >= 0 {
		im.errorf(k, "not imported: %s is royal too, and Fairy-Stockfish keeps its king type only from facing the other king; a Chimera move that captures only royal men would attack it as well", def.Pieces[other].Name)
		return
	}
	def.Pieces[at].Moves = append(def.Pieces[at].Moves, Atom{Ride: []int{1, 0}, Mode: "capture-royal"})
}

// importBlast maps blastOnCapture and blastImmuneTypes (the current source's
// Position::do_move): a capture removes the capturer and every man on the eight squares
// around the capture square but Fairy-Stockfish's pawns, and none of the immune types
// (capture.explode, as the built-in atomic's). Fairy-Stockfish refuses kings with it (its
// atomic's king is a pseudo-royal commoner): over a variant with a royal man that does not
// explode already, it is refused. With capturesToHand each man blown up goes into its
// owner's opponent's hand, as Chimera's explosions do with a capture pool.
func (im *importer) importBlast() {
	def := im.def
	k, given := im.keys["blastOnCapture"]
	v, ok := im.boolKey("blastOnCapture", false)
	already := def.Capture != nil && def.Capture.Explode != nil
	switch {
	case !given || !ok || v && already:
	case !v && already:
		im.errorf(k, "the parent's captures explode; false is not imported (extend a variant without explosions)")
	case !v:
	case slices.ContainsFunc(def.Pieces, func(q Piece) bool { return q.Royal }):
		im.errorf(k, "not imported: Fairy-Stockfish refuses blastOnCapture with a king (\"Can not use kings with blastOnCapture\"); Chimera's royal man would stand where the king stood")
	default:
		if def.Capture == nil {
			def.Capture = &CaptureRule{}
		}
		def.Capture.Explode = &Explosion{Steps: [][]int{{1, 0}, {1, 1}}, Spare: im.fsfType("pawn")}
		already = true
	}
	k, ok = im.get("blastImmuneTypes")
	if !ok {
		return
	}
	if !already {
		im.errorf(k, "no captures explode in this variant (blastOnCapture)")
		return
	}
	var immune []string
	for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
		if c == '-' {
			break
		}
		if l, ok := im.letterOf(k, c); ok {
			immune = append(immune, l)
		}
	}
	def.Capture.Explode.Immune = immune
}

// importPetrify maps petrifyOnCaptureTypes (the current source's Position::do_move): a
// man of those types that captures turns to stone, a wall on the square it took on
// (capture.petrify, the built-in petrified's); with explosions the wall stands where the
// capturer blew up. The key replaces the parent's types, over any parent. Refused: a
// royal type (Fairy-Stockfish makes a petrifiable pseudo-royal man's captures illegal and
// its attacks none; Chimera's petrified king is one that never captures, moves: mode
// move).
func (im *importer) importPetrify() {
	k, ok := im.get("petrifyOnCaptureTypes")
	if !ok {
		return
	}
	var types []string
	for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
		if c == '-' {
			break
		}
		if c == '*' {
			continue // Fairy-Stockfish's ALL_PIECES, the type of no man
		}
		l, ok := im.letterOf(k, c)
		if !ok {
			return
		}
		if i := slices.IndexFunc(im.def.Pieces, func(q Piece) bool { return q.Letter == l }); im.def.Pieces[i].Royal {
			im.errorf(k, "not imported: %s is royal; Fairy-Stockfish never lets a royal man turn to stone (a pseudo-royal one of these types may not capture and attacks nothing), which Chimera says by its moves (mode: move), not by capture.petrify", Quote(l))
			return
		}
		if !slices.Contains(types, l) {
			types = append(types, l)
		}
	}
	if len(types) == 0 {
		if im.def.Capture != nil {
			im.def.Capture.Petrify = nil
		}
		return
	}
	if im.def.Capture == nil {
		im.def.Capture = &CaptureRule{}
	}
	im.def.Capture.Petrify = types
}

// importEnPassantRegion maps enPassantRegion, enPassantRegionWhite and
// enPassantRegionBlack (the current source's: the squares a double step may make en-passant
// squares, between_bb(from, to) & enPassantRegion, read in that order): with no square
// on the board for either side, no move makes an en-passant target and none takes en
// passant (ep-target and en-passant taken off every move); with every square of the
// board for both, nothing changes. Another region is refused: Chimera's en-passant
// targets are every square a move passes.
func (im *importer) importEnPassantRegion() {
	var region [2]iniKey
	var given [2]bool
	for _, key := range []string{"enPassantRegion", "enPassantRegionWhite", "enPassantRegionBlack"} {
		k, ok := im.get(key)
		if !ok {
			continue
		}
		for side := range 2 {
			if key == "enPassantRegion" || (side == 0) == strings.HasSuffix(key, "White") {
				if !given[side] || k.Depth <= region[side].Depth {
					region[side], given[side] = k, true
				}
			}
		}
	}
	if !given[0] && !given[1] {
		return
	}
	all, none := true, true
	var last iniKey
	for side := range 2 {
		if !given[side] {
			none = false
			continue
		}
		last = region[side]
		sq, ok := im.parseSquares(region[side])
		if !ok {
			return
		}
		if len(sq) > 0 {
			none = false
		}
		if len(sq) < len(im.allSquares()) {
			all = false
		}
	}
	switch {
	case all:
	case none:
		for i := range im.def.Pieces {
			pc := &im.def.Pieces[i]
			var kept []Atom
			for _, a := range pc.Moves {
				a.EPTarget, a.EPCapture = false, false
				if !slices.ContainsFunc(kept, func(b Atom) bool { return reflect.DeepEqual(a, b) }) {
					kept = append(kept, a)
				}
			}
			pc.Moves = kept
		}
	default:
		im.errorf(last, "not imported: en-passant squares limited to a region (not every square, not none) have no Chimera rule: a move's en-passant targets are every square it passes")
	}
}

// importChess960 reads chess960 = false over a variant that has no shuffled start (the
// default); true is refused: Fairy-Stockfish's chess960 is set by UCI_Chess960, with its
// own castling, which the built-in chess960 has.
func (im *importer) importChess960() {
	def := im.def
	k, ok := im.keys["chess960"]
	if !ok || k.Value != "false" || slices.ContainsFunc(def.Setups, func(s Setup) bool { return len(s.Shuffle) > 0 }) {
		return // refused with its reason
	}
	im.get("chess960")
}

// castlingWinsGoals are the goals of Fairy-Stockfish's castlingWins (its current source's
// Position::is_immediate_game_end, 'Castle chess') for the rights listed, as its
// CastlingRights parser reads them: K and Q White's short and long castling, k and q
// Black's. A side that castles toward a listed side of its own wins at once; then, after
// every move, the mover, then the side to move, loses once it keeps none of its listed
// rights (lost by a move of its king or partner, a capture of the partner, or a castling
// toward a side not listed). Goals with side: white count White's moves only.
func castlingWinsGoals(rights string) []Goal {
	var listed [2][]string
	for _, c := range rights {
		side := map[rune]string{'K': "short", 'Q': "long", 'k': "short", 'q': "long"}[c]
		colour := 0
		if unicode.IsLower(c) {
			colour = 1
		}
		if side != "" && !slices.Contains(listed[colour], side) {
			listed[colour] = append(listed[colour], side)
		}
	}
	for i := range listed {
		slices.SortFunc(listed[i], func(a, b string) int { return strings.Compare(b, a) }) // short first
	}
	var goals []Goal
	for mover, name := range []string{"white", "black"} {
		if own := listed[mover]; len(own) > 0 {
			goals = append(goals,
				Goal{Name: "castled", Castled: own, Side: name},
				Goal{Name: "castling rights lost", CastlingLost: own, Side: name, Result: "loss"})
		}
		if theirs := listed[1-mover]; len(theirs) > 0 {
			goals = append(goals, Goal{Name: "castling rights lost", CastlingLost: theirs, Whose: "opponent", Side: name})
		}
	}
	return goals
}

// importCastlingWins maps castlingWins (the current source's; a string of castling rights,
// K Q k q, up to a "-"): the goals of castlingWinsGoals, after the extinction and flag
// goals, as Fairy-Stockfish judges them.
func (im *importer) importCastlingWins() {
	k, ok := im.get("castlingWins")
	if !ok {
		return
	}
	rights := ""
	for _, c := range strings.ReplaceAll(k.Value, " ", "") {
		if c == '-' {
			break
		}
		if !strings.ContainsRune("KQkq", c) {
			im.errorf(k, "expected castling rights K, Q, k, q (White's short and long, Black's) or -, found %s", Quote(string(c)))
			return
		}
		rights += string(c)
	}
	if rights == "" {
		return
	}
	if im.def.Castling == nil {
		im.errorf(k, "the variant has no castling (castling = false, or no king and rook to castle): no castling right to win by or lose")
		return
	}
	im.def.Goals = append(im.def.Goals, castlingWinsGoals(rights)...)
}
