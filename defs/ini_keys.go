// The variants.ini keys, one by one: what each sets in the definition an ini section is imported into.

package defs

import (
	_ "embed"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"
)

// noEffectKeys are keys Fairy-Stockfish reads for its GUI conventions or its own
// evaluation: they change no move and no result, so they are read and have no effect.
var noEffectKeys = map[string]string{
	"pieceToCharTable": "XBoard's piece images",
	"variantTemplate":  "XBoard's board template",
	"pocketSize":       "XBoard's holdings size",
	"endgameEval":      "Fairy-Stockfish's evaluation",
	"pieceValueMg":     "Fairy-Stockfish's evaluation",
	"pieceValueEg":     "Fairy-Stockfish's evaluation",
}

// refusedWhy says why a key is not imported.
func refusedWhy(key string) string {
	if why, ok := refusedKeys()[key]; ok {
		return "not imported: " + why
	}
	if strings.HasPrefix(key, "mobilityRegion") {
		return "not imported: no piece type of that name (mobilityRegionWhite<Type> / mobilityRegionBlack<Type>, the type capitalised as its key: mobilityRegionWhiteKing)"
	}
	return "neither Fairy-Stockfish 11.1 nor its current source has such a key (they ignore it with \"Invalid option\")"
}

// refusedKeys are Fairy-Stockfish 11.1 keys the importer does not map, and why (the
// list, with the built-ins a user may extend instead, is data: fsf/refused.yaml).
var refusedKeys = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	if err := yaml.Unmarshal(fsfRefusedYAML, &m); err != nil {
		panic("defs: fsf/refused.yaml: " + err.Error())
	}
	return m
})

//go:embed fsf/refused.yaml
var fsfRefusedYAML []byte

var fileLetters = "abcdefghijklmnopqrstuvwxyz"

// importAll applies every key the importer maps, in Fairy-Stockfish's order.
func (im *importer) importAll() {
	def := im.def
	for key := range noEffectKeys {
		im.get(key)
	}
	if def.Zones == nil {
		def.Zones = map[string]Zone{}
	}
	// Board.
	if k, ok := im.get("maxRank"); ok {
		if n, err := strconv.Atoi(k.Value); err != nil || n < 1 || n > 10 {
			im.errorf(k, "expected a rank 1-10 (Fairy-Stockfish 11.1's largest board), found %s", Quote(k.Value))
		} else {
			def.Board.Ranks = n
		}
	}
	if k, ok := im.get("maxFile"); ok {
		n, err := strconv.Atoi(k.Value)
		if err != nil && len(k.Value) == 1 && k.Value[0] >= 'a' && k.Value[0] <= 'z' {
			n, err = int(k.Value[0]-'a')+1, nil
		}
		if err != nil || n < 1 || n > 12 {
			im.errorf(k, "expected a file 1-12 or a-l (Fairy-Stockfish 11.1's largest board), found %s", Quote(k.Value))
		} else {
			def.Board.Files = n
		}
	}
	if def.Board.Layout != "" && (im.used["maxRank"] || im.used["maxFile"]) {
		im.errorf(im.keys["maxRank"], "the parent's board has a layout; a new size would need a new one")
	}
	if !im.fresh && (def.Board.Files != im.parentFiles || def.Board.Ranks != im.parentRanks) {
		im.resize()
	}
	im.readParentPawn()
	im.readParentPiecePromotions()
	im.importPieces()
	im.importSoldier()
	if k, ok := im.get("startFen"); ok {
		checks := def.Rules.CheckCounter > 0
		if c, ok := im.keys["checkCounting"]; ok {
			checks = c.Value == "true"
		}
		_, counting := im.keys["countingRule"]
		fen, _ := fsfStartFEN(k.Value, def.Board.Files, def.Board.Ranks, checks, counting || def.Rules.Counting != nil)
		def.Setups = []Setup{{Name: "start", FEN: fen}}
	}
	im.importPromotedTypes()
	im.importPromotionRegion()
	im.importPawn()
	im.importInitialRegion()
	im.importPromotingSteps()
	im.resizePawnDrops()
	im.importPiecePromotions()
	im.importPromotionLimit()
	im.importPawnTypes()
	im.importMoveRuleTypes()
	im.importCastling()
	im.importCastlingRook()
	im.parentStalemate = def.Rules.NoMoves.Otherwise
	im.importRules()
	im.importStalematePieceCount()
	im.importVariantRules()
	im.importGoals()
	im.importDrops()
	im.importEnclosing()
	im.importRegions()
	im.importKingType()
	im.importFlyingGeneral()
	im.importEnPassantRegion()
	im.enPassantStaysUnpromoted()
	im.importBlast()
	im.importPetrify()
	im.importChess960()
	im.importImmobility()
	im.importWalling()
	im.importWalls()
	im.fitBoard()
}

// fitBoard drops the moves that leave the board from every square (a bishop's on a board
// of one rank), for which Fairy-Stockfish generates nothing and Chimera's definitions have
// no place: a piece left with none stands immobile, as there. A zone the board left
// without a square and nothing names any more goes too.
func (im *importer) fitBoard() {
	def := im.def
	hex := def.Board.Geometry == "hex"
	fits := func(v []int, symmetry string, only []string) bool {
		if len(v) != 2 {
			return true // reported by the validator
		}
		imgs := ImagesOn(hex, v[0], v[1], symmetry, only)
		if len(imgs) == 0 {
			imgs = ImagesOn(hex, v[0], v[1], symmetry, nil)
		}
		return slices.ContainsFunc(imgs, func(w [2]int) bool {
			return !outside(w[0], def.Board.Files) && !outside(w[1], def.Board.Ranks)
		})
	}
	atomFits := func(a Atom) bool {
		switch {
		case a.Leap != nil:
			return fits(a.Leap, a.Symmetry, a.Only)
		case a.Ride != nil:
			return fits(a.Ride, a.Symmetry, a.Only)
		}
		for _, l := range a.Path {
			if !fits(l.Step, a.Symmetry, a.Only) {
				return false
			}
		}
		return true
	}
	stuck := map[string]bool{}
	for i := range def.Pieces {
		p := &def.Pieces[i]
		if kept := slices.DeleteFunc(slices.Clone(p.Moves), func(a Atom) bool { return !atomFits(a) }); len(kept) < len(p.Moves) {
			p.Moves = append([]Atom{}, kept...)
			stuck[p.Letter] = len(kept) == 0
		}
	}
	// A type left without a move that no man can be from the start (none in the setups,
	// none dropped, none promoted into) goes: Fairy-Stockfish's type of that letter is
	// only ever in a position set up with it, which Chimera then refuses.
	for removed := true; removed; {
		removed = false
		for at, p := range def.Pieces {
			if !stuck[p.Letter] || p.FEN != "" || def.Hands != nil || slices.ContainsFunc(def.Setups, func(s Setup) bool { return fenHolds(s.FEN, p.Letter) }) ||
				slices.ContainsFunc(def.Pieces, func(q Piece) bool { return q.Promotion != nil && slices.Contains(q.Promotion.To, p.Letter) }) {
				continue
			}
			im.removePiece(at)
			removed = true
			break
		}
	}
	for name, z := range def.Zones {
		if len(z.Squares)+len(z.Ranks)+len(z.White)+len(z.Black) > 0 {
			continue
		}
		delete(def.Zones, name)
		if mentions(reflect.ValueOf(def).Elem(), name) {
			def.Zones[name] = z
		}
	}
}

// mentions reports whether v holds the string s (a map key or a value), where it was read
// from aside (Src).
func mentions(v reflect.Value, s string) bool {
	if v.Type() == reflect.TypeOf(Src{}) {
		return false
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && mentions(v.Elem(), s)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && mentions(v.Field(i), s) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if mentions(v.Index(i), s) {
				return true
			}
		}
	case reflect.Map:
		for _, key := range v.MapKeys() {
			if mentions(key, s) || mentions(v.MapIndex(key), s) {
				return true
			}
		}
	case reflect.String:
		return v.String() == s
	}
	return false
}

// resize maps the parent's zones onto a board of a new size as Fairy-Stockfish does: its
// regions are squares of its largest board, so a child on a smaller or larger board
// keeps the same squares, those off the new board counting for nothing (a 6x6 child of
// an 8x8 parent keeps Black's promotion on rank 1 and loses White's on rank 8, unless it
// gives a region of its own).
func (im *importer) resize() {
	def := im.def
	for name, z := range def.Zones {
		w, b := zoneSquares(z, max(im.parentFiles, def.Board.Files), im.parentRanks)
		def.Zones[name] = Zone{White: onBoard(w, def.Board.Files, def.Board.Ranks), Black: onBoard(b, def.Board.Files, def.Board.Ranks)}
	}
	im.resized = true
	// The parent's evaluation weights (no rule) have square tables of its board's size.
	def.Evaluation = nil
	// A castling whose files are off the new board has no squares to castle to: Fairy-
	// Stockfish finds no such rights in a FEN.
	if c := def.Castling; c != nil {
		for _, f := range []string{c.Short.King, c.Short.Partner, c.Long.King, c.Long.Partner} {
			if f != "" && int(f[0]-'a') >= def.Board.Files {
				def.Castling = nil
				break
			}
		}
	}
}

// resizePawnDrops: on a resized board, the inherited zone that keeps the pawn's drops off
// the first rank and its promotion zone is Fairy-Stockfish's rule, which it computes on
// the board it plays: the side's first rank of the new board and the pawn's promotion
// region.
func (im *importer) resizePawnDrops() {
	def := im.def
	if !im.resized || def.Hands == nil || def.Hands.Drops == nil {
		return
	}
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	if at < 0 {
		return
	}
	p := def.Pieces[at]
	for _, r := range def.Hands.Drops.Forbid {
		if !slices.Equal(r.Pieces, []string{p.Letter}) || r.Zone == "" {
			continue
		}
		var w, b []string
		if p.Promotion != nil {
			w, b = zoneSquares(def.Zones[p.Promotion.Zone], def.Board.Files, def.Board.Ranks)
		}
		for f := 0; f < def.Board.Files; f++ {
			w = append(w, fmt.Sprintf("%c1", 'a'+f))
			b = append(b, fmt.Sprintf("%c%d", 'a'+f, def.Board.Ranks))
		}
		def.Zones[r.Zone] = Zone{White: dedupe(w), Black: dedupe(b)}
	}
}

func dedupe(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// findFSF returns the index of the definition's piece that is Fairy-Stockfish's type p:
// the royal king, the pawn by its moves (a step forward, captures one forward diagonal),
// any other by its moves exactly.
func (im *importer) findFSF(p fsfPiece) int {
	return slices.IndexFunc(im.def.Pieces, func(q Piece) bool {
		switch {
		case p.Pawn:
			return im.isPawn(q)
		case p.Soldier:
			return !q.Royal && (SameMoves(q.Moves, p.moves) || soldierZone(q) != "")
		case p.Royal:
			return q.Royal && SameMoves(q.Moves, p.moves)
		}
		return !q.Royal && SameMoves(q.Moves, p.moves)
	})
}

// isPawn: a piece whose moves, but for a double step and en passant, are Fairy-Stockfish's
// pawn's (a step forward without capturing, captures on the forward diagonals).
func (im *importer) isPawn(q Piece) bool {
	if im.custom[q.Letter] {
		return false // a custom type is never Fairy-Stockfish's pawn, whatever its moves
	}
	var moves []Atom
	for _, a := range q.Moves {
		if a.EPTarget {
			continue
		}
		a.EPCapture = false
		moves = append(moves, a)
	}
	return len(moves) > 0 && SameMoves(moves, im.table[0].moves)
}

// importPieces adds and removes piece types in Fairy-Stockfish's order: its built-in
// types (fsf/pieces.yaml's order), then customPiece1..25, then the king. A type given a
// letter another man has displaces that man (Fairy-Stockfish removes the type holding the
// letter first), so "king = -" with "commoner = k" leaves the commoner as K whatever the
// lines' order. "king = k:XBETZA" is Fairy-Stockfish's royal custom piece: the king keeps
// its type (royal, castling) and moves as the XBetza says.
func (im *importer) importPieces() {
	def := im.def
	add := func(k iniKey, piece Piece) {
		if j := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == piece.Letter }); j >= 0 {
			if q := def.Pieces[j]; len(q.FEN) == 2 && q.FEN[0] == '+' && q.DemotesTo == q.FEN[1:] && !slices.ContainsFunc(def.Pieces, func(o Piece) bool { return o.Letter == q.FEN }) {
				// A promoted type of the parent's whose letter is Chimera's own (its FEN
				// token is "+X"): Fairy-Stockfish knows no such letter, so the man stays,
				// lettered as the importer letters its promoted types.
				relabel(reflect.ValueOf(def).Elem(), q.Letter, q.FEN)
				def.Pieces[j].FEN = ""
			} else {
				im.removePiece(j)
			}
		}
		def.Pieces = append(def.Pieces, piece)
	}
	betza := im.readBetza
	var king *fsfPiece
	for i := range im.table {
		p := im.table[i]
		if p.Royal {
			king = &im.table[i]
			continue
		}
		im.importPieceKey(p, add)
	}
	// customPieceN = l:XBETZA (Fairy-Stockfish after 11.1): read with Chimera's XBetza reader.
	for n := 1; n <= 25; n++ {
		key := fmt.Sprintf("customPiece%d", n)
		k, ok := im.get(key)
		if !ok || k.Value == "" {
			continue
		}
		if k.Value[0] == '-' {
			continue // a custom type of a built-in parent is no type Chimera can find
		}
		l, text, ok := strings.Cut(k.Value, ":")
		if !ok || len(l) != 1 || !unicode.IsLetter(rune(l[0])) || l[0] > 'z' {
			im.errorf(k, "expected letter:XBetza (a:mNcK), found %s", Quote(k.Value))
			continue
		}
		moves, turned, ok := betza(k, text, 2)
		if !ok {
			continue
		}
		add(k, Piece{Name: fmt.Sprintf("Custom piece %d", n), Letter: strings.ToUpper(l), Moves: moves, Value: 300, Turned: turned})
		if im.custom == nil {
			im.custom = map[string]bool{}
		}
		im.custom[strings.ToUpper(l)] = true
	}
	if king != nil {
		k, ok := im.keys[king.Key]
		if l, text, custom := strings.Cut(k.Value, ":"); ok && custom && len(l) == 1 {
			moves, turned, mok := betza(k, text, 2)
			im.importPieceKey(*king, add)
			if at := im.findFSF(*king); at >= 0 {
				im.king = def.Pieces[at].Letter
				if mok {
					def.Pieces[at].Moves, def.Pieces[at].Turned = moves, turned
				}
			}
		} else {
			im.importPieceKey(*king, add)
			if at := im.findFSF(*king); at >= 0 {
				im.king = def.Pieces[at].Letter
			}
		}
	}
	if len(def.Pieces) == 0 {
		im.errs = append(im.errs, Error{File: im.file, Msg: "the section has no pieces (Fairy-Stockfish's default variant starts with none: give pawn = p, king = k...)"})
	}
	if !slices.ContainsFunc(def.Pieces, func(q Piece) bool { return q.Royal }) {
		// Without a king there is nothing to check: Fairy-Stockfish plays on without one.
		def.Rules.Check = "none"
		def.Rules.RoyalOptional = false
	}
}

// importPieceKey applies one type's key: "-" removes the type, a letter adds it (add
// displaces a man of that letter) or keeps it where the parent has it under that letter.
func (im *importer) importPieceKey(p fsfPiece, add func(iniKey, Piece)) {
	def := im.def
	k, ok := im.get(p.Key)
	if !ok || k.Value == "" {
		return
	}
	at := im.findFSF(p)
	c := k.Value[0]
	if c == '-' {
		if at >= 0 {
			im.removePiece(at)
		}
		return
	}
	if !unicode.IsLetter(rune(c)) || c > 'z' {
		im.errorf(k, "expected a piece letter or '-', found %s", Quote(k.Value))
		return
	}
	letter := strings.ToUpper(string(c))
	if at >= 0 {
		if def.Pieces[at].Letter != letter {
			im.reletter(k, at, letter)
		}
		return
	}
	if p.Refused != "" {
		im.errorf(k, "not imported: %s", p.Refused)
		return
	}
	piece := Piece{Name: p.Name, Letter: letter, Value: p.Value, Royal: p.Royal, Moves: ownLetter(p.moves, letter)}
	if p.Pawn {
		empty := ""
		piece.SANLetter = &empty
		piece.ResetsClock = true
	}
	add(k, piece)
}

// ownLetter copies a table type's moves with "$" in the legs' `not` lists read as the
// letter the section gives the type.
func ownLetter(moves []Atom, letter string) []Atom {
	out := slices.Clone(moves)
	for i := range out {
		if len(out[i].Path) == 0 {
			continue
		}
		out[i].Path = slices.Clone(out[i].Path)
		for j := range out[i].Path {
			leg := &out[i].Path[j]
			if slices.Contains(leg.Not, "$") {
				leg.Not = slices.Clone(leg.Not)
				for n, l := range leg.Not {
					if l == "$" {
						leg.Not[n] = letter
					}
				}
			}
		}
	}
	return out
}

// soldierZone returns the zone a piece's sideways steps start from when it moves as
// Fairy-Stockfish's soldier promoted past a rank (a step forward, and sideways steps from
// the zone: a soldier's sideways steps past a river), else "".
func soldierZone(q Piece) string {
	if len(q.Moves) != 2 {
		return ""
	}
	fwd, side := fsfStep("fW"), fsfStep("sW")
	for i, a := range q.Moves {
		b := q.Moves[1-i]
		if b.From == "" || a.From != "" || !SameMoves([]Atom{a}, fwd) {
			continue
		}
		b.From = ""
		if SameMoves([]Atom{b}, side) {
			return q.Moves[1-i].From
		}
	}
	return ""
}

// fsfStep reads an XBetza text of the importer's own (it cannot fail).
func fsfStep(betza string) []Atom {
	m, err := ParseBetza(betza)
	if err != nil {
		panic("defs: " + betza + ": " + err.Error())
	}
	return m
}

// importSoldier maps soldierPromotionRank: Fairy-Stockfish's soldier steps forward, and
// sideways too from that rank on (each side's; 1: everywhere): the soldier's sideways
// steps start from zone ini-soldier, those ranks.
func (im *importer) importSoldier() {
	def := im.def
	r, ok := im.intKey("soldierPromotionRank", 1, def.Board.Ranks)
	if !ok {
		return
	}
	at := im.findFSF(im.table[slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Soldier })])
	if at < 0 {
		return // no soldier: nothing the rank changes, as in Fairy-Stockfish
	}
	moves := fsfStep("fW")
	side := fsfStep("sW")
	if r > 1 {
		def.Zones["ini-soldier"] = Zone{Ranks: ranksFrom(r, def.Board.Ranks)}
		for i := range side {
			side[i].From = "ini-soldier"
		}
	}
	def.Pieces[at].Moves = append(moves, side...)
}

// reletter gives an inherited piece another letter, as Fairy-Stockfish's add_piece does
// (the type holding the letter removed first): every rule naming the old letter names the
// new one. The parent's setups, written with the old letter, must be replaced by the
// section's startFen.
func (im *importer) reletter(k iniKey, at int, letter string) {
	def := im.def
	old := def.Pieces[at].Letter
	if _, ok := im.keys["startFen"]; !ok {
		im.errorf(k, "the parent's %s is %s: a new letter needs a startFen of the section's (the parent's is written with %s)", k.Key, old, old)
		return
	}
	for _, q := range def.Pieces {
		if q.FEN != "" && strings.Contains(q.FEN, old) || q.FENAlias == old {
			im.errorf(k, "the parent's %s is %s, which a FEN token of its pieces names: a new letter is not imported", k.Key, old)
			return
		}
	}
	if j := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == letter }); j >= 0 {
		im.removePiece(j)
	}
	def.Evaluation = nil // weights by letter, no rule
	relabel(reflect.ValueOf(def).Elem(), old, letter)
}

// relabel replaces, everywhere in v, a string that is exactly the letter old (a piece
// letter: the definition's other strings are lowercase names, zones, squares and FENs of
// more than one character) by new, map keys included.
func relabel(v reflect.Value, old, new string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			relabel(v.Elem(), old, new)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				relabel(v.Field(i), old, new)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			relabel(v.Index(i), old, new)
		}
	case reflect.Map:
		for _, key := range v.MapKeys() {
			val := reflect.New(v.Type().Elem()).Elem()
			val.Set(v.MapIndex(key))
			relabel(val, old, new)
			nk := key
			if key.Kind() == reflect.String && key.String() == old {
				nk = reflect.ValueOf(new).Convert(key.Type())
				v.SetMapIndex(key, reflect.Value{})
			}
			v.SetMapIndex(nk, val)
		}
	case reflect.String:
		if v.String() == old && v.CanSet() {
			v.SetString(new)
		}
	}
}

// removePiece removes a piece and every reference to its letter that would dangle. The
// type it promotes into, written "+X" for its letter X and demoting to it, goes too: in
// Fairy-Stockfish "+X" is then a promotion of the type the letter X is given next.
func (im *importer) removePiece(at int) {
	def := im.def
	letter := def.Pieces[at].Letter
	def.Pieces = slices.Delete(def.Pieces, at, at+1)
	if j := slices.IndexFunc(def.Pieces, func(q Piece) bool {
		return q.DemotesTo == letter && (q.FEN == promotedLetter(letter) || q.Letter == promotedLetter(letter))
	}); j >= 0 {
		defer im.removePiece(j)
	}
	for i := range def.Pieces {
		if pr := def.Pieces[i].Promotion; pr != nil {
			pr.To = slices.DeleteFunc(pr.To, func(l string) bool { return l == letter })
			if len(pr.To) == 0 {
				def.Pieces[i].Promotion = nil
			}
		}
	}
	if def.Hands != nil && def.Hands.Drops != nil {
		// The drop rules of the type (Fairy-Stockfish's are by type, not letter).
		d := def.Hands.Drops
		not := func(l string) bool { return l == letter }
		for i := range d.Forbid {
			d.Forbid[i].Pieces = slices.DeleteFunc(d.Forbid[i].Pieces, not)
		}
		d.Forbid = slices.DeleteFunc(d.Forbid, func(r DropRule) bool { return len(r.Pieces) == 0 })
		d.OnePerFile = slices.DeleteFunc(d.OnePerFile, not)
		d.NoMate = slices.DeleteFunc(d.NoMate, not)
	}
	if c := def.Castling; c != nil && (c.Royal == letter || c.Partner == letter) {
		if c.Royal == letter {
			im.unkinged = c
		}
		def.Castling = nil
	}
	if def.Capture != nil && def.Capture.Explode != nil {
		// A type spared or immune by its letter: a man given the letter after it is not.
		e := def.Capture.Explode
		e.Spare = slices.DeleteFunc(e.Spare, func(l string) bool { return l == letter })
		e.Immune = slices.DeleteFunc(e.Immune, func(l string) bool { return l == letter })
	}
}

// letterOf reads an ini piece letter, which must be a piece of the definition.
func (im *importer) letterOf(k iniKey, c byte) (string, bool) {
	l := strings.ToUpper(string(c))
	if !slices.ContainsFunc(im.def.Pieces, func(q Piece) bool { return q.Letter == l }) {
		im.errorf(k, "%s is no piece of the variant", Quote(string(c)))
		return "", false
	}
	return l, true
}

func ranksFrom(lo, hi int) []int {
	var r []int
	for i := lo; i <= hi; i++ {
		r = append(r, i)
	}
	return r
}

// importPawn builds the pawn's double step and promotion from doubleStep,
// doubleStepRank, firstRankDoubleSteps, promotionRank, promotionPieceTypes and
// mandatoryPawnPromotion; a key the section does not give keeps the parent's rule
// (Fairy-Stockfish's default: double step from rank 2, promotion on rank 8, none to).
func (im *importer) importPawn() {
	def := im.def
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	keys := []string{"doubleStep", "doubleStepRank", "doubleStepRankMin", "firstRankDoubleSteps", "promotionRank", "promotionPieceTypes", "mandatoryPawnPromotion",
		"promotionRegionWhite", "promotionRegionBlack", "promotionPieceTypesWhite", "promotionPieceTypesBlack",
		"doubleStepRegionWhite", "doubleStepRegionBlack", "tripleStepRegionWhite", "tripleStepRegionBlack"}
	given := false
	for _, k := range keys {
		if _, ok := im.keys[k]; ok {
			given = true
		}
	}
	if given {
		for _, k := range keys {
			im.get(k)
		}
	}
	if at >= 0 && im.promoted[def.Pieces[at].Letter] != "" {
		given = true
	}
	if at < 0 || !given && !im.fresh {
		return // Fairy-Stockfish's pawn keys act on its pawn only
	}
	p := &def.Pieces[at]
	// Double step.
	oldDouble := slices.IndexFunc(p.Moves, func(a Atom) bool { return a.EPTarget })
	enabled, _ := im.boolKey("doubleStep", im.fresh || oldDouble >= 0)
	// The current source's double-step ranks (parser.cpp): every rank from
	// doubleStepRankMin (default 2) up to doubleStepRank (default 2), each side's; it reads
	// doubleStepRankMin only without doubleStepRank. 11.1's firstRankDoubleSteps (which the
	// current source no longer reads) adds the first rank, as 11.1 did.
	rank, rankGiven := im.intKey("doubleStepRank", 1, def.Board.Ranks)
	if !rankGiven {
		rank = 2
	}
	low, lowGiven := im.intKey("doubleStepRankMin", 1, def.Board.Ranks)
	if lowGiven && rankGiven {
		im.errorf(im.keys["doubleStepRankMin"], "not imported: Fairy-Stockfish's current source ignores it beside doubleStepRank (parser.cpp reads doubleStepRankMin only without doubleStepRank: the ranks are then 2 to doubleStepRank); give one of them")
	}
	if !lowGiven || rankGiven {
		low = 2
	}
	first, firstGiven := im.boolKey("firstRankDoubleSteps", false)
	rankGiven = rankGiven || lowGiven
	zone := ""
	if oldDouble >= 0 && !rankGiven && !firstGiven {
		zone = p.Moves[oldDouble].From
	}
	if oldDouble >= 0 {
		p.Moves = slices.Delete(p.Moves, oldDouble, oldDouble+1)
	}
	// The current source's regions: each side's squares a pawn may step two (three) from,
	// a side not given keeping the parent's (Fairy-Stockfish's default: White's rank 2 and
	// Black's rank 7 of any board, and no triple step). The triple step is not switched
	// off by doubleStep = false.
	wr, wok := im.get("doubleStepRegionWhite")
	br, bok := im.get("doubleStepRegionBlack")
	if enabled {
		switch {
		case zone != "":
		case im.fresh && !rankGiven && !firstGiven:
			zone = "ini-double-step"
			def.Zones[zone] = Zone{White: onBoard(ranksSquares([]int{2}, def.Board.Files), def.Board.Files, def.Board.Ranks), Black: onBoard(ranksSquares([]int{7}, def.Board.Files), def.Board.Files, def.Board.Ranks)}
		default:
			zone = "ini-double-step"
			ranks := ranksFrom(low, rank)
			if first && !slices.Contains(ranks, 1) {
				ranks = append([]int{1}, ranks...)
			}
			if len(ranks) == 0 {
				def.Zones[zone] = Zone{White: []string{}, Black: []string{}} // doubleStepRank below doubleStepRankMin
				break
			}
			def.Zones[zone] = Zone{Ranks: ranks}
		}
		if wok || bok {
			w, b := zoneSquares(def.Zones[zone], def.Board.Files, def.Board.Ranks)
			if wok {
				w, _ = im.parseSquares(wr)
			}
			if bok {
				b, _ = im.parseSquares(br)
			}
			zone = "ini-double-step"
			def.Zones[zone] = Zone{White: w, Black: b}
		}
		if z := def.Zones[zone]; z.Ranks != nil || z.Squares != nil || len(z.White)+len(z.Black) > 0 {
			p.Moves = append(p.Moves, Atom{Ride: []int{0, 1}, Range: []int{2, 2}, Symmetry: "none", Mode: "move", From: zone, EPTarget: true})
		} else {
			delete(def.Zones, zone) // no square to step two from
		}
	}
	tw, twok := im.get("tripleStepRegionWhite")
	tb, tbok := im.get("tripleStepRegionBlack")
	if twok || tbok {
		w, b := []string{}, []string{}
		if twok {
			w, _ = im.parseSquares(tw)
		}
		if tbok {
			b, _ = im.parseSquares(tb)
		}
		if len(w) > 0 || len(b) > 0 {
			def.Zones["ini-triple-step"] = Zone{White: w, Black: b}
			p.Moves = append(p.Moves, Atom{Ride: []int{0, 1}, Range: []int{3, 3}, Symmetry: "none", Mode: "move", From: "ini-triple-step", EPTarget: true})
		}
	}
	for i := range p.Moves {
		if slices.Equal(p.Moves[i].Leap, []int{1, 1}) && p.Moves[i].Mode == "capture" {
			p.Moves[i].EPCapture = true
		}
	}
	// Promotion: Fairy-Stockfish's promotion regions are each side's squares, from
	// promotionRank (that rank and beyond, on this board) or promotionRegionWhite and
	// promotionRegionBlack; a side not given keeps the parent's squares (the default:
	// White's rank 8, Black's rank 1).
	pr := p.Promotion
	mandatory, mandGiven := im.boolKey("mandatoryPawnPromotion", pr == nil || !pr.Optional)
	ws, bs, regionGiven := im.promoWhite, im.promoBlack, im.regionGiven
	// Each colour's types (promotionPieceTypes, its White and Black forms; a colour none
	// gives keeps the parent's).
	var toW, toB []string
	if pr != nil && !im.fresh {
		toW, toB = pr.To, pr.To
		if pr.ToBlack != nil {
			toB = pr.ToBlack
		}
	}
	tw, okw := im.getAny("promotionPieceTypes", "promotionPieceTypesWhite")
	tb, okb := im.getAny("promotionPieceTypes", "promotionPieceTypesBlack")
	read := func(k iniKey) []string {
		var out []string
		for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
			if c == '-' {
				break
			}
			if l, ok := im.letterOf(k, c); ok && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
		return out
	}
	if okw {
		toW = read(tw)
	}
	switch {
	case okb && okw && tb == tw:
		toB = toW // promotionPieceTypes: both colours'
	case okb:
		toB = read(tb)
	}
	if y := im.promoted[p.Letter]; y != "" {
		// first: the type a promoted drop is made as
		toW, toB = append([]string{y}, toW...), append([]string{y}, toB...)
	}
	var toBlack []string // Black's, where they are not White's
	if !slices.Equal(dedupe(slices.Clone(toW)), dedupe(slices.Clone(toB))) {
		toBlack = toB
		if pr != nil && (pr.InPlace != nil || pr.FromPool != "") {
			k := tb
			if !okb {
				k = tw
			}
			im.errorf(k, "not imported: White's and Black's pawns promote into different types, which Chimera's promotion in place or from a pool does not say (promotion.to-black)")
			return
		}
	}
	if pr != nil && !regionGiven && !mandGiven && pr.Zone != "" && len(toW) > 0 && len(toB) > 0 {
		pr.To, pr.ToBlack = toW, toBlack
		return
	}
	zone = "ini-promotion"
	def.Zones[zone] = Zone{White: ws, Black: bs}
	if len(toW) == 0 || len(toB) == 0 {
		// Fairy-Stockfish's pawn that promotes into nothing may not enter its promotion
		// region when promotion is mandatory, and enters it as a pawn otherwise: each
		// colour's.
		p.Promotion = nil
		cw, cb := len(toW) == 0 && mandatory && len(ws) > 0, len(toB) == 0 && mandatory && len(bs) > 0
		if cw || cb {
			if p.Confined != "" {
				im.errorf(im.keys["pawn"], "not imported: a pawn confined by its parent that may not enter its promotion region either")
				return
			}
			w, b := im.allSquares(), im.allSquares()
			if cw {
				w = im.outsideSquares(ws)
			}
			if cb {
				b = im.outsideSquares(bs)
			}
			p.Confined = im.squaresZone(w, b, iniPawnRegion)
		}
		switch {
		case len(toW) > 0:
			def.Zones[zone] = Zone{White: ws, Black: []string{}}
			p.Promotion = &Promotion{Zone: zone, To: toW, Optional: !mandatory}
		case len(toB) > 0:
			def.Zones[zone] = Zone{White: []string{}, Black: bs}
			p.Promotion = &Promotion{Zone: zone, To: toB, Optional: !mandatory}
		}
		return
	}
	p.Promotion = &Promotion{Zone: zone, To: toW, ToBlack: toBlack, Optional: !mandatory}
}

// importPromotionRegion reads Fairy-Stockfish's promotion regions, each side's squares,
// from promotionRank (that rank and beyond, on this board) or promotionRegionWhite and
// promotionRegionBlack; a side not given keeps the parent's pawn's squares (the
// default: White's rank 8, Black's rank 1).
func (im *importer) importPromotionRegion() {
	def := im.def
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	var ws, bs []string
	if at >= 0 && def.Pieces[at].Promotion != nil && def.Pieces[at].Promotion.Zone != "" && !im.fresh {
		pr := def.Pieces[at].Promotion
		z := def.Zones[pr.Zone]
		if r := z.Ranks; len(r) == 1 && r[0] < def.Board.Ranks && !pr.Optional && pr.InPlace == nil && !pr.Leaving && !pr.OnCapture {
			// A built-in pawn that must promote on a rank short of the last (the sixth, in
			// a game of eight ranks): Fairy-Stockfish's region is that rank and beyond, the same while
			// pawns step there one rank at a time, not once they may be dropped or set
			// up past it.
			z = Zone{Ranks: ranksFrom(r[0], def.Board.Ranks)}
			def.Zones["ini-promotion"] = z
			pr.Zone = "ini-promotion"
		}
		ws, bs = zoneSquares(z, def.Board.Files, def.Board.Ranks)
	} else {
		ws, bs = onBoard(ranksSquares([]int{8}, def.Board.Files), def.Board.Files, def.Board.Ranks), ranksSquares([]int{1}, def.Board.Files)
	}
	if r, ok := im.intKey("promotionRank", 1, def.Board.Ranks); ok {
		ws = ranksSquares(ranksFrom(r, def.Board.Ranks), def.Board.Files)
		bs = ranksSquares(ranksFrom(1, def.Board.Ranks+1-r), def.Board.Files)
		im.regionGiven = true
	}
	if k, ok := im.get("promotionRegionWhite"); ok {
		ws, _ = im.parseSquares(k)
		im.regionGiven = true
	}
	if k, ok := im.get("promotionRegionBlack"); ok {
		bs, _ = im.parseSquares(k)
		im.regionGiven = true
	}
	im.promoWhite, im.promoBlack = ws, bs
}

// ranksSquares lists the squares of those ranks (from White's side).
func ranksSquares(ranks []int, files int) []string {
	out := []string{}
	for _, r := range ranks {
		for f := 0; f < files; f++ {
			out = append(out, fmt.Sprintf("%c%d", 'a'+f, r))
		}
	}
	return out
}

// fileKey reads a file as Fairy-Stockfish does: a number from 1, or a letter.
func (im *importer) fileKey(key string, def int) int {
	k, ok := im.get(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(k.Value)
	if err != nil && len(k.Value) == 1 && k.Value[0] >= 'a' && k.Value[0] <= 'z' {
		n, err = int(k.Value[0]-'a')+1, nil
	}
	if err != nil || n < 1 || n > im.def.Board.Files {
		im.errorf(k, "expected a file of the board (a number or a letter), found %s", Quote(k.Value))
		return def
	}
	return n - 1
}

func (im *importer) importCastling() {
	def := im.def
	kf := im.fileKey("castlingKingsideFile", 6)
	qf := im.fileKey("castlingQueensideFile", 2)
	rank, rankGiven := im.intKey("castlingRank", 1, def.Board.Ranks)
	// castlingKingPiece (the current source's): the type that castles in the king's place,
	// whether royal or not (a variant without a king castles its commoner).
	kingPiece := ""
	if k, ok := im.get("castlingKingPiece"); ok && k.Value != "" && k.Value[0] != '-' {
		l, ok := im.letterOf(k, k.Value[0])
		if !ok {
			return
		}
		kingPiece = l
		if def.Castling == nil && im.unkinged != nil {
			// The parent castles its king, which the section took away: the new type castles
			// in its place, on the parent's squares, unless castling = false.
			def.Castling = im.unkinged
		}
	}
	enabled, given := im.boolKey("castling", im.fresh || def.Castling != nil)
	changed := given || im.used["castlingKingsideFile"] || im.used["castlingQueensideFile"] || rankGiven || kingPiece != ""
	if !enabled {
		def.Castling = nil
	} else if changed || im.fresh {
		c := def.Castling
		if c == nil {
			c = &Castling{}
			for _, p := range def.Pieces {
				if p.Royal && c.Royal == "" {
					c.Royal = p.Letter
				}
			}
			if k, ok := im.keys["castlingRookPieces"]; ok && k.Value != "" && k.Value[0] != '-' {
				c.Partner = strings.ToUpper(k.Value[:1]) // checked by importCastlingRook
			} else if k, ok := im.keys["castlingRookPiece"]; ok && k.Value != "" {
				c.Partner = strings.ToUpper(k.Value[:1]) // checked by importCastlingRook
			} else if j := im.findFSF(im.table[slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Key == "rook" })]); j >= 0 {
				c.Partner = def.Pieces[j].Letter
			}
			if im.fresh {
				rankGiven = true
				if rank == 0 {
					rank = 1
				}
			}
		}
		if im.fresh || im.used["castlingKingsideFile"] || c.Short.King == "" {
			c.Short = CastleSide{King: fileLetters[kf : kf+1], Partner: fileLetters[kf-1 : kf]}
		}
		if im.fresh || im.used["castlingQueensideFile"] || c.Long.King == "" {
			c.Long = CastleSide{King: fileLetters[qf : qf+1], Partner: fileLetters[qf+1 : qf+2]}
		}
		if rankGiven && rank > 1 {
			c.Rank = rank
		}
		if kingPiece != "" {
			c.Royal = kingPiece
		}
		def.Castling = c
		if c.Royal == "" || c.Partner == "" {
			def.Castling = nil // nothing to castle with: Fairy-Stockfish finds no castling rights either
		}
	}
	if def.Castling == nil {
		for i := range def.Setups {
			if f := strings.Fields(def.Setups[i].FEN); len(f) > 2 {
				f[2] = "-"
				def.Setups[i].FEN = strings.Join(f, " ")
			}
		}
	}
}

// valueKey reads win, loss, draw or none.
func (im *importer) valueKey(key string) (string, bool) {
	k, ok := im.get(key)
	if !ok {
		return "", false
	}
	switch k.Value {
	case "win", "loss", "draw", "none":
		return k.Value, true
	}
	im.errorf(k, "expected win, loss, draw or none, found %s", Quote(k.Value))
	return "", false
}

// importRules maps the keys of iniRuleKeys (ini_export.go), each row the key's reading.
func (im *importer) importRules() {
	for _, row := range iniRuleKeys {
		if k, ok := im.keys[row.key]; ok {
			row.read(im, k)
		}
	}
}

// fsfMaxFiles and fsfMaxRanks are the largest board of Fairy-Stockfish's large-board
// build (files a-l, ranks 1-10): a square set may name any square of it.
const fsfMaxFiles, fsfMaxRanks = 12, 10

// parseSquares reads a Fairy-Stockfish square set as its current source does: tokens
// apart by spaces, each a square (a1), a whole rank (*3) or a whole file (a*), up to a
// token "-"; a token may name squares of Fairy-Stockfish's largest board (12x10) that
// are off this board, which then count for nothing (Fairy-Stockfish keeps them, and
// no man ever stands there). The squares are returned sorted by rank then file.
func (im *importer) parseSquares(k iniKey) ([]string, bool) {
	def := im.def
	on := map[[2]int]bool{}
	bad := func(tok string) ([]string, bool) {
		im.errorf(k, "expected squares (a1 b2, *3 for a rank, a* for a file, of a board of at most 12 files a-l and 10 ranks), found %s", Quote(tok))
		return nil, false
	}
	for _, tok := range strings.Fields(k.Value) {
		if tok == "-" {
			break
		}
		switch {
		case len(tok) == 2 && tok[1] == '*' && unicode.IsLetter(rune(tok[0])):
			f := int(unicode.ToLower(rune(tok[0])) - 'a')
			if f >= fsfMaxFiles {
				return bad(tok)
			}
			for r := 0; r < fsfMaxRanks; r++ {
				on[[2]int{f, r}] = true
			}
		case tok[0] == '*':
			r, err := strconv.Atoi(tok[1:])
			if err != nil || r < 1 || r > fsfMaxRanks {
				return bad(tok)
			}
			for f := 0; f < fsfMaxFiles; f++ {
				on[[2]int{f, r - 1}] = true
			}
		case len(tok) > 1 && unicode.IsLetter(rune(tok[0])):
			f := int(unicode.ToLower(rune(tok[0])) - 'a')
			r, err := strconv.Atoi(tok[1:])
			if err != nil || f < 0 || f >= fsfMaxFiles || r < 1 || r > fsfMaxRanks {
				return bad(tok)
			}
			on[[2]int{f, r - 1}] = true
		default:
			return bad(tok)
		}
	}
	out := []string{}
	for r := 0; r < def.Board.Ranks; r++ {
		for f := 0; f < def.Board.Files; f++ {
			if on[[2]int{f, r}] {
				out = append(out, fmt.Sprintf("%c%d", 'a'+f, r+1))
			}
		}
	}
	return out, true
}

func (im *importer) allSquares() []string {
	var out []string
	for r := 1; r <= im.def.Board.Ranks; r++ {
		for x := 0; x < im.def.Board.Files; x++ {
			out = append(out, fmt.Sprintf("%c%d", 'a'+x, r))
		}
	}
	return out
}

func (im *importer) letters() []string {
	var ls []string
	for _, p := range im.def.Pieces {
		ls = append(ls, p.Letter)
	}
	return ls
}

func negate(v string) string {
	return map[string]string{"win": "loss", "loss": "win", "draw": "draw"}[v]
}

func (im *importer) importExtinction() {
	def := im.def
	// Extinction: for each listed type, a side with at most extinctionPieceCount men of it
	// (board and hand) while the other has at least extinctionOpponentPieceCount has met
	// extinctionValue (from the side to move's view, as Fairy-Stockfish judges it).
	keys := []string{"extinctionValue", "extinctionPieceTypes", "extinctionPieceCount", "extinctionOpponentPieceCount", "extinctionPseudoRoyal"}
	if !slices.ContainsFunc(keys, func(key string) bool { _, ok := im.keys[key]; return ok }) {
		return
	}
	first := im.keys[keys[slices.IndexFunc(keys, func(key string) bool { _, ok := im.keys[key]; return ok })]]
	// The parent's extinction goals, read back as Fairy-Stockfish's keys: the keys given
	// change them, the others keep them.
	value, types, all, count, opp, ok := im.parentExtinction()
	if !ok {
		for _, key := range keys {
			im.get(key)
		}
		im.errorf(first, "not imported: the parent's extinction goals are not of the form Fairy-Stockfish's keys make (one value, one list of types, one count), so the keys cannot be laid over them")
		return
	}
	def.Goals = slices.DeleteFunc(def.Goals, func(g Goal) bool { return len(g.Extinct) > 0 })
	if v, ok := im.valueKey("extinctionValue"); ok {
		value = v
	}
	if k, ok := im.get("extinctionPieceTypes"); ok {
		types, all = nil, false
		for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
			if c == '-' {
				break
			}
			if c == '*' {
				all = true
			} else if l, ok := im.letterOf(k, c); ok {
				types = append(types, l)
			}
		}
	}
	if n, ok := im.intKey("extinctionPieceCount", 0, 255); ok {
		count = n
	}
	if n, ok := im.intKey("extinctionOpponentPieceCount", 0, 255); ok {
		opp = n
	}
	if pseudo, ok := im.boolKey("extinctionPseudoRoyal", false); ok && pseudo {
		im.pseudoRoyal(im.keys["extinctionPseudoRoyal"], types, all, count)
		if def.Capture == nil || def.Capture.Explode == nil {
			return // no extinction judged: pseudo-royal men are never taken
		}
		// Fairy-Stockfish still judges extinction where captures explode: a royal man
		// may be blown up.
	}
	if value != "" && value != "none" && (len(types) > 0 || all) {
		groups := [][]string{}
		for _, t := range types {
			groups = append(groups, im.asTypes([]string{t}))
		}
		if all {
			groups = append(groups, im.letters())
		}
		for _, g := range groups {
			// whose: opponent is the side to move, for which the value holds; whose: own the mover.
			def.Goals = append(def.Goals,
				Goal{Name: "extinction", Extinct: g, Together: len(g) > 1, AtMost: count, OpponentAtLeast: opp, Whose: "opponent", Result: negate(value)},
				Goal{Name: "extinction", Extinct: g, Together: len(g) > 1, AtMost: count, OpponentAtLeast: opp, Whose: "own", Result: value})
		}
	}
}

// parentExtinction reads the parent's extinction goals back as Fairy-Stockfish's keys:
// the value (the result of a goal of the mover's own extinction), the types (each its own
// goal, or all men together for '*'), the counts. No goal: none of them. Goals that no
// such keys make (other results, counts or lists for different goals) are not read.
func (im *importer) parentExtinction() (value string, types []string, all bool, count, opp int, ok bool) {
	seen := false
	for _, g := range im.def.Goals {
		if len(g.Extinct) == 0 {
			continue
		}
		v := g.Result
		if v == "" {
			v = "win"
		}
		if g.Whose != "own" {
			v = negate(v)
		}
		if seen && (v != value || g.AtMost != count || g.OpponentAtLeast != opp) {
			return "", nil, false, 0, 0, false
		}
		value, count, opp, seen = v, g.AtMost, g.OpponentAtLeast, true
		switch {
		case g.Together && len(g.Extinct) == len(im.parentLetters):
			all = true
		case g.Together && len(g.Extinct) > 1:
			return "", nil, false, 0, 0, false
		default:
			for _, l := range g.Extinct {
				if !slices.Contains(types, l) {
					types = append(types, l)
				}
			}
		}
	}
	return value, types, all, count, opp, true
}

// pseudoRoyal maps extinctionPseudoRoyal: Fairy-Stockfish makes a side's men of an
// extinction type pseudo-royal (never left attacked; attacked without a move is
// checkmate) while it has at most extinctionPieceCount + 1 of them, counting each type
// on its own (Position::set_check_info), and judges no extinction then. Where each side
// has at most that many of each type from the start and can never get another (no
// promotion into it, no drops), Chimera's royal men are that rule: each royal (never left
// attacked, as rules.check-royals' default), never captured. Otherwise, with
// extinctionPieceCount 0, it is rules.check-royals: lone with a royal kind per type
// (pieces.royal-kind): the counts before the move decide which men a move may not leave
// attacked (Position::legal), a dropped man of the type is protected at once, and a man
// promoted into the type (promotedPieceType: a piece promotion) counts from the next move.
// Refused: every type ('*'), other counts, a pawn's promotion into the type (legal()
// counts it at once and unprotects the others), explosions.
func (im *importer) pseudoRoyal(k iniKey, types []string, all bool, count int) {
	def := im.def
	if all {
		im.errorf(k, "not imported: every man pseudo-royal (extinctionPieceTypes = *) while few are left: Chimera's royal men are royal from the start")
		return
	}
	// A man promoted into an extinction type is of that type (asTypes). A pseudo-royal man
	// that promotes into another such type stays one pseudo-royal man.
	royal := im.asTypes(types)
	more, pawnInto := def.Hands != nil, ""
	for _, p := range def.Pieces {
		if p.Promotion != nil && !slices.Contains(royal, p.Letter) && slices.ContainsFunc(p.Promotion.To, func(l string) bool { return slices.Contains(royal, l) }) {
			more = true
			if slices.ContainsFunc(p.Promotion.To, func(l string) bool { return slices.Contains(types, l) }) {
				pawnInto = p.Name
			}
		}
	}
	for _, st := range def.Setups {
		board, _, _ := strings.Cut(st.FEN, " ")
		for _, l := range types {
			if strings.Count(board, l) > count+1 || strings.Count(board, strings.ToLower(l)) > count+1 {
				more = true
			}
		}
	}
	switch {
	case !more:
	case count != 0:
		im.errorf(k, "not imported: a side may have more than extinctionPieceCount + 1 (%d) men of a pseudo-royal type, which Fairy-Stockfish then leaves unprotected; Chimera counts a side's royal men one by one (rules.check-royals: lone), not %d", count+1, count+1)
		return
	case pawnInto != "":
		im.errorf(k, "not imported: the %s promotes into a pseudo-royal type, which Fairy-Stockfish protects from that move on (and the side's other man of the type no more); Chimera's royal man made by a promotion counts from the next move", pawnInto)
		return
	case def.Capture != nil && def.Capture.Explode != nil:
		im.errorf(k, "not imported: captures explode and a side may have more than one man of a pseudo-royal type, which Chimera's rules.check-royals: lone does not say with explosions")
		return
	case slices.ContainsFunc(def.Pieces, func(p Piece) bool { return p.Confined != "" && !strings.HasPrefix(p.Confined, iniPawnRegion) }) || im.hasKeyPrefix("mobilityRegion"):
		// Position::attackers_to counts a man's attack only inside its mobility region
		// (board_bb(c, pt)); Chimera's confined man attacks everywhere. (A pawn kept off the
		// cells where it would have to promote is no mobility region.)
		im.errorf(k, "not imported: a man with a mobility region attacks only inside it in Fairy-Stockfish's current source, which then does not check a lone pseudo-royal man outside it; Chimera's confined man attacks everywhere")
		return
	}
	optional := false
	for i := range def.Pieces {
		p := &def.Pieces[i]
		if slices.Contains(royal, p.Letter) {
			p.Royal = true
			if more {
				// Each extinction type is a kind (a promoted man counts as its type).
				p.RoyalKind = p.Letter
				if y, ok := im.movesAs[p.Letter]; ok && slices.Contains(types, y) {
					p.RoyalKind = y
				}
			}
		}
	}
	if more {
		def.Rules.CheckRoyals = "lone"
	}
	for _, st := range def.Setups {
		board, _, _ := strings.Cut(st.FEN, " ")
		for _, upper := range []bool{true, false} {
			if !slices.ContainsFunc(def.Pieces, func(p Piece) bool {
				l := p.Letter
				if !upper {
					l = strings.ToLower(l)
				}
				return p.Royal && len(p.Letter) == 1 && strings.Contains(board, l)
			}) {
				optional = true
			}
		}
	}
	def.Rules.Check = ""
	def.Rules.RoyalOptional = optional
}

// hasKeyPrefix reports whether the section (or a parent) gives a key starting with prefix.
func (im *importer) hasKeyPrefix(prefix string) bool {
	for key := range im.keys {
		if strings.HasPrefix(key, prefix) {
			return true
		}
	}
	return false
}

// importGoals maps the keys of extinction, capture the flag and check counting.
func (im *importer) importGoals() {
	def := im.def
	im.importExtinction()
	im.importFlag()
	im.importCastlingWins()
	// Check counting: the start position's check field gives the count.
	if v, ok := im.boolKey("checkCounting", false); ok && v {
		n := 0
		if len(def.Setups) > 0 {
			for _, f := range strings.Fields(def.Setups[0].FEN) {
				if a, b, ok := strings.Cut(f, "+"); ok && a == b {
					n, _ = strconv.Atoi(a)
				}
			}
		}
		if n < 1 || n > 100 {
			im.errorf(im.keys["checkCounting"], "the start position gives no checks to count: its FEN needs a field such as 3+3 after the en-passant square")
		} else {
			def.Rules.CheckCounter = n
			def.Goals = append(def.Goals, Goal{Name: "checks given", ChecksGiven: true})
		}
	}
	im.importConnect()
}

// connectKeys are the keys of Fairy-Stockfish's connect-N goal (its other connection goals,
// refused, read connectPieceTypes, the directions and connectValue too).
var connectKeys = []string{"connectN", "connectNxN", "collinearN", "connectPieceTypes", "connectHorizontal", "connectVertical", "connectDiagonal", "connectValue",
	"connectRegion1White", "connectRegion2White", "connectRegion1Black", "connectRegion2Black"}

// importConnect maps connectN: the mover (Position::is_immediate_game_end looks at the side
// that just moved) with connectN men of connectPieceTypes (every type by default) next to
// one another along a rank (connectHorizontal), a file (connectVertical) or a diagonal
// (connectDiagonal) has connectValue (win by default): a line goal. connectNxN is a line
// goal with block (a tight square of N by N of those men, whatever the directions), and
// collinearN one with gaps (N of them on one line of those directions, other squares
// between them or not). connectRegion1White and connectRegion2White (Black's likewise) are
// a connect goal, one-way: the fill of Position::is_immediate_game_end steps from the
// mover's men on its region 1 east, north, north-east and south-east only (those of the
// directions), never back, and a man it reaches on region 2 wins. Without connectN,
// connectNxN, collinearN (or 0) and both regions of a side, the keys change nothing.
func (im *importer) importConnect() {
	def := im.def
	given := func(keys []string) (iniKey, bool) {
		for _, key := range keys {
			if k, ok := im.keys[key]; ok {
				return k, true
			}
		}
		return iniKey{}, false
	}
	// Without connectN the keys serve the other connection goals, which are refused.
	first, ok := given(connectKeys)
	if !ok {
		return
	}
	if slices.ContainsFunc(def.Goals, func(g Goal) bool { return g.Line > 0 || len(g.Connect) > 0 }) {
		im.errorf(first, "not imported: the parent has goals of men in a row or a chain, which the connect keys would have to be read back from")
		return
	}
	n, nxn, col := 0, 0, 0
	if v, ok := im.intKey("connectN", 0, 12); ok {
		n = v
	}
	if v, ok := im.intKey("connectNxN", 0, 12); ok {
		nxn = v
	}
	if v, ok := im.intKey("collinearN", 0, 12); ok {
		col = v
	}
	var pieces []string
	noType := false
	if k, ok := im.get("connectPieceTypes"); ok {
		// '*' is Fairy-Stockfish's ALL_PIECES, which no piece type is: the set is cut to
		// the variant's types (connectPieceTypesTrimmed), so it counts no man.
		for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
			if c == '-' {
				break
			}
			if c == '*' {
				continue
			}
			if l, ok := im.letterOf(k, c); ok && !slices.Contains(pieces, l) {
				pieces = append(pieces, l)
			}
		}
		pieces = im.asTypes(pieces)
		if len(pieces) == 0 {
			n, nxn, col, noType = 0, 0, 0, true // no type counts: never connected
		} else if len(pieces) == len(def.Pieces) {
			pieces = nil
		}
	}
	var along []string
	for _, a := range []struct{ key, along string }{{"connectHorizontal", "rank"}, {"connectVertical", "file"}, {"connectDiagonal", "diagonal"}} {
		if on, _ := im.boolKey(a.key, true); on {
			along = append(along, a.along)
		}
	}
	value := "win"
	if v, ok := im.valueKey("connectValue"); ok {
		value = v
	}
	if len(along) == 0 {
		n, col = 0, 0 // no direction: no row and no line
	}
	if nxn > min(def.Board.Files, def.Board.Ranks) {
		nxn = 0 // no such square fits on the board
	}
	var regions [2][2][]string // [region 1, 2][White, Black]
	for r, keys := range [2][2]string{{"connectRegion1White", "connectRegion1Black"}, {"connectRegion2White", "connectRegion2Black"}} {
		for c, key := range keys {
			if k, ok := im.get(key); ok {
				regions[r][c], _ = im.parseSquares(k)
			}
		}
	}
	// A side connects only with men on both of its regions, along a direction.
	chain := !noType && len(along) > 0 && (len(regions[0][0]) > 0 && len(regions[1][0]) > 0 || len(regions[0][1]) > 0 && len(regions[1][1]) > 0)
	if n == 0 && nxn == 0 && col == 0 && !chain {
		return
	}
	if value == "none" {
		im.errorf(im.keys["connectValue"], "not imported: a connection that ends the game with no result")
		return
	}
	if len(along) == 3 {
		along = nil
	}
	// In Position::is_immediate_game_end's order: a row, a square, men on a line.
	if n > 0 {
		def.Goals = append(def.Goals, Goal{Name: fmt.Sprintf("%d in a row", n), Line: n, Along: along, Pieces: pieces, Result: value})
	}
	if chain {
		if def.Zones == nil {
			def.Zones = map[string]Zone{}
		}
		for r, name := range []string{"ini-connect-1", "ini-connect-2"} {
			def.Zones[name] = Zone{White: regions[r][0], Black: regions[r][1]}
		}
		def.Goals = append(def.Goals, Goal{Name: "regions connected", Connect: []string{"ini-connect-1", "ini-connect-2"}, OneWay: true, Along: along, Pieces: pieces, Result: value})
	}
	if nxn > 0 {
		def.Goals = append(def.Goals, Goal{Name: fmt.Sprintf("%d by %d square", nxn, nxn), Line: nxn, Block: true, Pieces: pieces, Result: value})
	}
	if col > 0 {
		def.Goals = append(def.Goals, Goal{Name: fmt.Sprintf("%d on a line", col), Line: col, Gaps: true, Along: along, Pieces: pieces, Result: value})
	}
}

// importFlag maps capture the flag: a flag piece of the mover (flagPiece, or
// flagPieceWhite and flagPieceBlack; any piece by default or with '*') ends its move on
// its side's flag region (whiteFlag and blackFlag, or flagRegion, flagRegionWhite and
// flagRegionBlack, the later spelling read over the earlier). A key given over a parent
// with a flag goal changes that goal: its pieces, its squares, its count and whether a
// full region holds it are the defaults.
func (im *importer) importFlag() {
	def := im.def
	keys := []string{"whiteFlag", "blackFlag", "flagRegion", "flagRegionWhite", "flagRegionBlack", "flagPiece", "flagPieceWhite", "flagPieceBlack", "flagPieceCount", "flagPieceBlockedWin", "flagMove", "flagPieceSafe"}
	if !slices.ContainsFunc(keys, func(key string) bool { _, ok := im.keys[key]; return ok }) {
		return
	}
	royals := func() []string {
		var out []string
		for _, p := range def.Pieces {
			if p.Royal {
				out = append(out, p.Letter)
			}
		}
		return out
	}
	pw, pb := im.letters(), im.letters()
	ws, bs := []string{}, []string{}
	count, blocked := 0, false
	var kept []Goal
	for _, g := range def.Goals {
		if g.Reach == "" || g.Stands != "" || g.When != "" {
			kept = append(kept, g)
			continue
		}
		if g.Answerable || g.Whose == "opponent" || g.Result != "" && g.Result != "win" {
			k := im.keys[keys[slices.IndexFunc(keys, func(key string) bool { _, ok := im.keys[key]; return ok })]]
			im.errorf(k, "not imported: the parent's goal %s is not Fairy-Stockfish's flag rule, which this key would change", Quote(g.Name))
			for _, key := range keys {
				im.get(key) // refused with the first
			}
			return
		}
		ps := g.Pieces
		if len(ps) == 0 {
			ps = royals()
		}
		count, blocked = g.Count, g.Full
		w, b := zoneSquares(def.Zones[g.Reach], def.Board.Files, def.Board.Ranks)
		switch g.Side {
		case "white":
			pw, ws = ps, w
		case "black":
			pb, bs = ps, b
		default:
			pw, ws, pb, bs = ps, w, ps, b
		}
	}
	def.Goals = kept
	piece := func(k iniKey) []string {
		if k.Value == "" {
			return nil
		}
		if k.Value[0] == '*' {
			return im.letters()
		}
		if l, ok := im.letterOf(k, k.Value[0]); ok {
			return im.asTypes([]string{l})
		}
		return nil
	}
	if k, ok := im.getAny("flagPiece", "flagPieceWhite"); ok {
		pw = piece(k)
	}
	if k, ok := im.getAny("flagPiece", "flagPieceBlack"); ok {
		pb = piece(k)
	}
	if k, ok := im.getAny("whiteFlag", "flagRegion", "flagRegionWhite"); ok {
		ws, _ = im.parseSquares(k)
	}
	if k, ok := im.getAny("blackFlag", "flagRegion", "flagRegionBlack"); ok {
		bs, _ = im.parseSquares(k)
	}
	if n, ok := im.intKey("flagPieceCount", 0, 255); ok {
		count = n // 0 and 1 alike: one man on the region is enough
	}
	if count <= 1 {
		count = 0
	}
	if b, ok := im.boolKey("flagPieceBlockedWin", false); ok {
		blocked = b
	}
	blocked = blocked && count > 1 // one man on the region is enough already
	pw, pb = im.flagPromoters(pw, ws, true), im.flagPromoters(pb, bs, false)
	zone := "ini-flag"
	def.Zones[zone] = Zone{White: ws, Black: bs}
	safe, _ := im.boolKey("flagPieceSafe", false)
	move, _ := im.boolKey("flagMove", false)
	if blocked && (safe || move) {
		k, ok := im.keys["flagPieceBlockedWin"]
		if !ok { // the parent's goal holds its region when full
			k, _ = im.getAny("flagPieceSafe", "flagMove")
		}
		im.errorf(k, "not imported: a region held once full, with flagPieceSafe or flagMove (Fairy-Stockfish judges the safety of its men only at flagPieceCount of them)")
		return
	}
	if safe && move {
		im.flagSafeMove(zone, count, pw, pb, ws, bs)
		return
	}
	if safe {
		im.flagSafe(zone, count, pw, pb, ws, bs)
		return
	}
	if move {
		if count > 1 {
			im.errorf(im.keys["flagPieceCount"], "not imported: a flag rule with an answer that needs %d men on the region", count)
			return
		}
		im.flagMove(zone, pw, pb, ws, bs)
		return
	}
	switch {
	case len(ws) == 0 && len(bs) == 0:
		delete(def.Zones, zone)
	case slices.Equal(pw, pb) && len(pw) > 0:
		def.Goals = append(def.Goals, Goal{Name: "flag reached", Reach: zone, Pieces: pw, Count: count, Full: blocked})
	default:
		if len(ws) > 0 && len(pw) > 0 {
			def.Goals = append(def.Goals, Goal{Name: "flag reached", Reach: zone, Pieces: pw, Side: "white", Count: count, Full: blocked})
		}
		if len(bs) > 0 && len(pb) > 0 {
			def.Goals = append(def.Goals, Goal{Name: "flag reached", Reach: zone, Pieces: pb, Side: "black", Count: count, Full: blocked})
		}
	}
}

// flagPromoters adds to a side's flag pieces the pieces that become one wherever they end
// on the flag region: Fairy-Stockfish judges the flag on the men standing there after the
// move (flag_reached), and a man that must promote into a flag type, into nothing else,
// on every cell of the region is one there, while Chimera's reach goal counts the piece
// that moved. Promotions with conditions (captures only, entering, en passant, pools,
// limits, cells, standing) are left as they are.
func (im *importer) flagPromoters(ps, region []string, white bool) []string {
	def := im.def
	if len(ps) == 0 || len(region) == 0 {
		return ps
	}
	out := ps
	for _, p := range def.Pieces {
		pr := p.Promotion
		if pr == nil || slices.Contains(ps, p.Letter) || pr.Optional || pr.OnCapture || pr.Entering || pr.SkipEnPassant && slices.ContainsFunc(p.Moves, func(a Atom) bool { return a.EPCapture }) ||
			pr.FromPool != "" || len(pr.Limits) > 0 || pr.InPlace != nil || len(pr.ByCell) > 0 || len(pr.To) == 0 || !white && len(pr.ToBlack) > 0 {
			continue
		}
		if !slices.ContainsFunc(pr.To, func(l string) bool { return !slices.Contains(ps, l) }) {
			z, ok := def.Zones[pr.Zone]
			if !ok {
				continue
			}
			w, b := zoneSquares(z, def.Board.Files, def.Board.Ranks)
			if !white {
				w = b
			}
			if !slices.ContainsFunc(region, func(sq string) bool { return !slices.Contains(w, sq) }) {
				out = append(slices.Clip(out), p.Letter)
			}
		}
	}
	return out
}

// flagMove maps Fairy-Stockfish's flag rule with an answer (flagMove), as its current
// source reads it for a flag piece that is the king on both sides: a king of Black that
// reaches its region wins at once; one of White's wins unless Black can answer with a
// legal king move onto its own region (the game goes on, and White's king still standing
// there wins after Black's move, or draws if Black's stands there too). The answer is
// looked for only while Black is not in check, so the rule is mapped only where no check
// is given (checking = false). Other flag pieces get an answer of any move, which Chimera's
// goals do not say.
func (im *importer) flagMove(zone string, pw, pb, ws, bs []string) {
	def := im.def
	k := im.keys["flagMove"]
	king := func(ps []string) bool {
		if len(ps) != 1 {
			return false
		}
		i := slices.IndexFunc(def.Pieces, func(p Piece) bool { return p.Letter == ps[0] })
		return i >= 0 && def.Pieces[i].Royal
	}
	switch {
	case !king(pw) || !slices.Equal(pw, pb):
		im.errorf(k, "not imported: a flag piece other than the king on both sides is answered by any move in Fairy-Stockfish, which Chimera's goals do not say")
		return
	case def.Rules.MayGiveCheck == nil || *def.Rules.MayGiveCheck:
		im.errorf(k, "not imported: with checks given, Fairy-Stockfish looks for Black's answer only while Black is not in check (mapped with checking = false only)")
		return
	case len(ws) == 0 || len(bs) == 0:
		im.errorf(k, "not imported: a flag region for each side is needed")
		return
	case slices.ContainsFunc(def.Goals, func(g Goal) bool { return g.Stands != "" || g.Reach != "" }):
		im.errorf(k, "not imported: the parent's flag goals would be doubled")
		return
	}
	def.Goals = append(def.Goals,
		Goal{Name: "both flags reached", Reach: zone, Stands: zone, Pieces: pw, Side: "black", Result: "draw"},
		Goal{Name: "flag held", Stands: zone, Pieces: pw, Result: "loss"},
		Goal{Name: "flag reached", Reach: zone, Pieces: pw, Side: "white", Answerable: true},
		Goal{Name: "flag reached", Reach: zone, Pieces: pw, Side: "black"})
}

// flagSafe maps flagPieceSafe (without flagMove): each side's flag is judged on every
// position, the side to move's first, by safe-on goals: more flag men on the region than
// flagPieceCount, or exactly that many with none attacked (Fairy-Stockfish's flag_reached).
// The side to move holding it wins, a draw if the side that moved holds its own too; else
// the side that moved holding it wins.
func (im *importer) flagSafe(zone string, count int, pw, pb, ws, bs []string) {
	k := im.keys["flagPieceSafe"]
	switch {
	case !slices.Equal(pw, pb) || len(pw) == 0:
		im.errorf(k, "not imported: flag pieces that differ by side (Chimera's safe-on goal has one list for both)")
		return
	case len(ws) == 0 || len(bs) == 0:
		im.errorf(k, "not imported: a flag region for each side is needed")
		return
	case slices.ContainsFunc(im.def.Goals, func(g Goal) bool { return g.SafeOn != "" }):
		im.errorf(k, "not imported: the parent's safe-on goals would be doubled")
		return
	}
	im.def.Goals = append(im.def.Goals,
		Goal{Name: "both flags held", SafeOn: zone, Whose: "both", Pieces: pw, Count: count, Result: "draw"},
		Goal{Name: "flag held", SafeOn: zone, Whose: "opponent", Pieces: pw, Count: count, Result: "loss"},
		Goal{Name: "flag held", SafeOn: zone, Pieces: pw, Count: count})
}

// flagSafeMove maps flagPieceSafe with flagMove, as Fairy-Stockfish's current source
// reads the pair (Position::flag_reached, is_immediate_game_end) for flag pieces other
// than the king: a man of the side to move still standing on its region (safe or not: it
// got there the move before and was not taken) wins for that side first; else the side
// that moved holding its region safe (safe-on: more flag men than flagPieceCount, or
// exactly that many none of them attacked) wins. A man that stands there attacked is the
// answer's to take; any move is the answer. The king as flag piece draws and answers by
// rules of its own there, which are not mapped.
func (im *importer) flagSafeMove(zone string, count int, pw, pb, ws, bs []string) {
	def := im.def
	k := im.keys["flagMove"]
	royal := func(ps []string) bool {
		return slices.ContainsFunc(def.Pieces, func(p Piece) bool { return p.Royal && len(ps) == 1 && p.Letter == ps[0] })
	}
	switch {
	case royal(pw) || royal(pb):
		im.errorf(k, "not imported: with flagPieceSafe and the king as flag piece, Fairy-Stockfish draws when both kings hold their regions and lets Black's king answer White's, rules of the king alone that Chimera's goals do not say")
		return
	case !slices.Equal(pw, pb) || len(pw) == 0:
		im.errorf(k, "not imported: flag pieces that differ by side (Chimera's safe-on goal has one list for both)")
		return
	case len(ws) == 0 || len(bs) == 0:
		im.errorf(k, "not imported: a flag region for each side is needed")
		return
	case count > 1:
		if kc, ok := im.keys["flagPieceCount"]; ok {
			k = kc // else the parent's goal's count
		}
		im.errorf(k, "not imported: a flag rule with an answer that needs %d men on the region", count)
		return
	case slices.ContainsFunc(def.Goals, func(g Goal) bool { return g.Stands != "" || g.SafeOn != "" }):
		im.errorf(k, "not imported: the parent's flag goals would be doubled")
		return
	}
	def.Goals = append(def.Goals,
		Goal{Name: "flag held", Stands: zone, Pieces: pw, Result: "loss"},
		Goal{Name: "flag held", SafeOn: zone, Pieces: pw})
}

// dropKeys are the keys of drops and hands.
func dropKeys() []string {
	dr := tables().DropRules
	return []string{"pieceDrops", "capturesToHand", "dropLoop", "dropChecks", "mustDrop", "mustDropType", "firstRankPawnDrops", "promotionZonePawnDrops", "whiteDropRegion", "blackDropRegion", "dropRegionWhite", "dropRegionBlack", "dropPromoted", dr.OnePerFileKey, dr.NoMateKey, "castlingDroppedPiece", "dropNoDoubled", "dropNoDoubledCount", "twoBoards", "dropOppositeColoredBishop"}
}

// parentDrops: over a built-in whose hands are Fairy-Stockfish's plain ones (the table
// parent-drops), a section that gives a drop key of its own has its hands built again,
// the built-in's keys read beneath the section's as if its parents' (Fairy-Stockfish
// reads a section's keys over its parent's whole variant).
func (im *importer) parentDrops() {
	keys, ok := tables().ParentDrops[im.builtin]
	if !ok || im.def.Hands == nil || !slices.ContainsFunc(dropKeys(), func(key string) bool { _, ok := im.keys[key]; return ok }) {
		return
	}
	im.def.Hands = nil
	for key, v := range keys {
		if _, ok := im.keys[key]; !ok {
			im.keys[key] = iniKey{Key: key, Value: v, Depth: MaxExtends + 1}
		}
	}
}

// parentDropRules changes the drop rules of a parent's own hands where a key only takes
// one away: dropNoDoubled = - (the current source's key; no type kept off a file: no
// one-per-file rule left) and shogiPawnDropMateIllegal = false (no drop barred for
// mating: no no-mate rule left; the current source's rule judges the mate's value, not
// the move, so perft counts the drop either way). Every other drop key over such a
// parent is refused at its line.
func (im *importer) parentDropRules(noDoubled iniKey, ndok bool) {
	d := im.def.Hands.Drops
	dr := tables().DropRules
	for _, key := range dropKeys() {
		k, ok := im.keys[key]
		if !ok {
			continue
		}
		switch {
		case key == "dropNoDoubled" && ndok && strings.TrimSpace(noDoubled.Value) == "-" && d != nil:
			d.OnePerFile, d.PerFile = nil, 0
		case key == dr.NoMateKey && strings.TrimSpace(k.Value) == "false" && d != nil:
			d.NoMate = nil
		default:
			im.errorf(k, "the parent has hands of its own; changing its drop rules is not imported (only dropNoDoubled = - and %s = false, which take a rule away)", dr.NoMateKey)
		}
	}
}

func (im *importer) importDrops() {
	def := im.def
	im.parentDrops()
	drops, _ := im.boolKey("pieceDrops", false)
	capt, _ := im.boolKey("capturesToHand", false)
	two, _ := im.boolKey("twoBoards", false)
	loop, _ := im.boolKey("dropLoop", false)
	checks, chk := im.boolKey("dropChecks", true)
	must, mok := im.boolKey("mustDrop", false)
	mustType, mtok := im.get("mustDropType")
	firstPawn, _ := im.boolKey("firstRankPawnDrops", false)
	zonePawn, _ := im.boolKey("promotionZonePawnDrops", false)
	wr, wok := im.getAny("whiteDropRegion", "dropRegionWhite")
	br, bok := im.getAny("blackDropRegion", "dropRegionBlack")
	promoted, _ := im.boolKey("dropPromoted", false)
	dr := tables().DropRules
	doubled, _ := im.boolKey(dr.OnePerFileKey, dr.OnePerFileDefault)
	pawnMate, _ := im.boolKey(dr.NoMateKey, dr.NoMateDefault)
	castle, _ := im.boolKey("castlingDroppedPiece", false)
	noDoubled, ndok := im.get("dropNoDoubled")
	noDoubledCount, ndcok := im.intKey("dropNoDoubledCount", 0, 255)
	split, splitKey := im.get("dropOppositeColoredBishop")
	if !slices.ContainsFunc(dropKeys(), func(key string) bool { return im.used[key] }) {
		return
	}
	if def.Hands != nil && !drops && def.Hands.CaptureTo == "" && def.Hands.Exchange == nil && def.Hands.Gating == nil &&
		!slices.ContainsFunc(dropKeys(), func(key string) bool { return key != "pieceDrops" && im.used[key] }) {
		// pieceDrops = false alone over a parent whose hands only drop: no drops, so no
		// hands (nor pools in the setups).
		def.Hands = nil
		for i := range def.Setups {
			f := strings.Fields(def.Setups[i].FEN)
			if len(f) > 0 {
				if j := strings.IndexByte(f[0], '['); j >= 0 {
					f[0] = f[0][:j]
				}
				def.Setups[i].FEN = strings.Join(f, " ")
			}
		}
		return
	}
	if def.Hands != nil {
		im.parentDropRules(noDoubled, ndok)
		return
	}
	if !drops {
		if capt {
			im.errorf(im.keys["capturesToHand"], "captures go to hand, but pieceDrops is not true: Chimera's pools are for drops")
		}
		return
	}
	// Fairy-Stockfish's current source resets the n-move counter on every drop.
	h := &Hands{Pools: []string{"hand"}, Drops: &Drops{From: "hand", ResetsClock: true}}
	if capt {
		h.CaptureTo = "hand"
		h.Demote = !loop && slices.ContainsFunc(def.Pieces, im.isPawn)
	}
	if two {
		if capt {
			im.errorf(im.keys["twoBoards"], "twoBoards with capturesToHand: on two boards a capture goes to the partner's hand, not the capturer's")
		} else {
			// Two boards played by partners: a capture goes to the partner's hand on the
			// other board (board.apart), a promoted man as what it promoted from.
			def.Board.Boards, def.Board.Apart = 2, "partners"
			h.Demote = !loop && slices.ContainsFunc(def.Pieces, im.isPawn)
		}
	}
	// Fairy-Stockfish's gives_check sees no check where the opponent has no king of its
	// KING type, which it never has where captures explode (blastOnCapture refuses kings:
	// the royal men are pseudo-royal extinction men): there dropChecks = false bars nothing.
	if blast := im.keys["blastOnCapture"]; chk && !checks && (def.Capture == nil || def.Capture.Explode == nil) && blast.Value != "true" {
		f := false
		h.Drops.MayGiveCheck = &f
	}
	if mok && must {
		if mtok && mustType.Value != "" && mustType.Value != "*" {
			if l, ok := im.letterOf(mustType, mustType.Value[0]); ok {
				h.Drops.MustDrop = []string{l}
			}
		} else {
			h.Drops.MustDrop = im.letters()
		}
	}
	if at := slices.IndexFunc(def.Pieces, im.isPawn); at >= 0 {
		// Fairy-Stockfish keeps a pawn's drops off the side's first rank of this board
		// and off its promotion region, unless these keys are true.
		var w, b []string
		if !firstPawn {
			w, b = ranksSquares([]int{1}, def.Board.Files), ranksSquares([]int{def.Board.Ranks}, def.Board.Files)
		}
		if !zonePawn {
			w, b = append(w, im.promoWhite...), append(b, im.promoBlack...)
		}
		if len(w) > 0 || len(b) > 0 {
			def.Zones["ini-no-pawn-drop"] = Zone{White: dedupe(append([]string{}, w...)), Black: dedupe(append([]string{}, b...))}
			h.Drops.Forbid = append(h.Drops.Forbid, DropRule{Pieces: []string{def.Pieces[at].Letter}, Zone: "ini-no-pawn-drop"})
		}
	}
	if wok || bok {
		outside := func(k iniKey, ok bool) []string {
			if !ok {
				return []string{}
			}
			in, _ := im.parseSquares(k)
			var out []string
			for _, s := range im.allSquares() {
				if !slices.Contains(in, s) {
					out = append(out, s)
				}
			}
			if out == nil {
				out = []string{}
			}
			return out
		}
		def.Zones["ini-no-drop"] = Zone{White: outside(wr, wok), Black: outside(br, bok)}
		h.Drops.Forbid = append(h.Drops.Forbid, DropRule{Pieces: im.letters(), Zone: "ini-no-drop"})
	}
	if splitKey {
		im.importSplitColors(h, split, capt)
	}
	im.importHandDropRules(h, promoted, doubled, pawnMate, castle)
	if ndok || ndcok {
		im.importNoDoubled(h, noDoubled, ndok, noDoubledCount, ndcok, promoted)
	}
	def.Hands = h
	for i := range def.Setups {
		f := strings.Fields(def.Setups[i].FEN)
		if len(f) > 0 && !strings.Contains(f[0], "[") {
			f[0] += "[]"
			def.Setups[i].FEN = strings.Join(f, " ")
		}
	}
}

// importRegions maps mobilityRegionWhite<Type> and mobilityRegionBlack<Type>: the type's
// men may stand only there (a side not given may stand anywhere).
func (im *importer) importRegions() {
	def := im.def
	// The types: Fairy-Stockfish's built-in ones, then customPiece1..25 (the letter its key
	// gives).
	types := slices.Clone(im.table)
	for n := 1; n <= 25; n++ {
		types = append(types, fsfPiece{Key: fmt.Sprintf("customPiece%d", n)})
	}
	for _, p := range types {
		typ := strings.ToUpper(p.Key[:1]) + p.Key[1:]
		w, wok := im.get("mobilityRegionWhite" + typ)
		b, bok := im.get("mobilityRegionBlack" + typ)
		if !wok && !bok {
			continue
		}
		at := -1
		if p.moves == nil && strings.HasPrefix(p.Key, "customPiece") {
			if k, ok := im.keys[p.Key]; ok && len(k.Value) > 1 && k.Value[1] == ':' && im.custom[strings.ToUpper(k.Value[:1])] {
				l := strings.ToUpper(k.Value[:1])
				at = slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == l })
			}
		} else {
			at = im.findFSF(p)
		}
		if p.Royal && at < 0 {
			// The king type whatever its moves (kingType: a royal that steps as a
			// wazir): the variant's one royal piece.
			if i := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Royal }); i >= 0 && slices.IndexFunc(def.Pieces[i+1:], func(q Piece) bool { return q.Royal }) < 0 {
				at = i
			}
		}
		if at < 0 {
			continue // Fairy-Stockfish keeps the region of a type the variant has not
		}
		// A side not given keeps the parent's region (its confined zone), as Fairy-
		// Stockfish keeps the parent's mobilityRegion of that colour.
		ws, bs := im.allSquares(), im.allSquares()
		old := def.Pieces[at].Confined
		if strings.HasPrefix(old, "ini-") {
			k := w
			if !wok {
				k = b
			}
			im.errorf(k, "not imported: the import confines this piece already (%s), which a region of its own would undo", old)
			continue
		}
		if z, ok := def.Zones[old]; ok {
			ws, bs = zoneSquares(z, def.Board.Files, def.Board.Ranks)
			ws, bs = onBoard(ws, def.Board.Files, def.Board.Ranks), onBoard(bs, def.Board.Files, def.Board.Ranks)
		}
		if wok {
			ws, wok = im.parseSquares(w)
		}
		if bok {
			bs, bok = im.parseSquares(b)
		}
		zone := "ini-region-" + strings.ToLower(def.Pieces[at].Letter)
		def.Zones[zone] = Zone{White: ws, Black: bs}
		for _, l := range im.asTypes([]string{def.Pieces[at].Letter}) {
			if i := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == l }); def.Pieces[i].Confined == "" || def.Pieces[i].Confined == old {
				def.Pieces[i].Confined = zone
			}
		}
	}
	im.confineDrops()
}

// confineDrops: a man is never dropped outside its mobility region (Fairy-Stockfish's
// Position::drop_region is the drop region within board_bb(c, pt)), which Chimera's
// confined, a rule of moves, does not say for drops: each confined type held in a hand
// gets a forbid rule on the rest of the board. The regions are mobilityRegion keys' and
// a built-in parent's own (a palace), not the import's other confinements (a
// pawn kept out of a region it may not promote in, whose drops follow the pawn's keys).
func (im *importer) confineDrops() {
	def := im.def
	if def.Hands == nil || def.Hands.Drops == nil {
		return
	}
	for _, p := range def.Pieces {
		z, ok := def.Zones[p.Confined]
		if !ok || strings.HasPrefix(p.Confined, "ini-") && !strings.HasPrefix(p.Confined, "ini-region-") {
			continue
		}
		out := "ini-no-drop-" + strings.ToLower(p.Letter)
		w, b := zoneSquares(z, def.Board.Files, def.Board.Ranks)
		rest := func(in []string) []string {
			out := []string{}
			for _, s := range im.allSquares() {
				if !slices.Contains(in, s) {
					out = append(out, s)
				}
			}
			return out
		}
		ow, ob := rest(w), rest(b)
		if len(ow) == 0 && len(ob) == 0 {
			continue
		}
		def.Zones[out] = Zone{White: ow, Black: ob}
		def.Hands.Drops.Forbid = append(def.Hands.Drops.Forbid, DropRule{Pieces: []string{p.Letter}, Zone: out})
	}
}

// importPromotingSteps: Fairy-Stockfish's pawn that promotes on its double (triple) step
// leaves no en-passant square (Position::do_move sets it only for a move that does not
// promote). Where the pawn must promote, the squares of its step's zone from which the
// step lands in the promotion region get a step of their own that makes no en-passant
// target. An optional promotion is left as it is: the step that declines it does make one.
func (im *importer) importPromotingSteps() {
	def := im.def
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	if at < 0 || def.Pieces[at].Promotion == nil || def.Pieces[at].Promotion.Optional || def.Pieces[at].Promotion.Zone == "" {
		return
	}
	p := &def.Pieces[at]
	files, ranks := def.Board.Files, def.Board.Ranks
	pw, pb := zoneSquares(def.Zones[p.Promotion.Zone], files, ranks)
	land := func(s string, n int) string {
		r, err := strconv.Atoi(s[1:])
		if err != nil {
			return ""
		}
		return fmt.Sprintf("%c%d", s[0], r+n)
	}
	for i := 0; i < len(p.Moves); i++ {
		a := p.Moves[i]
		if !a.EPTarget || a.From == "" || len(a.Range) != 2 || a.Range[0] != a.Range[1] {
			continue
		}
		n := a.Range[0]
		w, b := zoneSquares(def.Zones[a.From], files, ranks)
		var keepW, keepB, promW, promB []string
		for _, s := range w {
			if slices.Contains(pw, land(s, n)) {
				promW = append(promW, s)
			} else {
				keepW = append(keepW, s)
			}
		}
		for _, s := range b {
			if slices.Contains(pb, land(s, -n)) {
				promB = append(promB, s)
			} else {
				keepB = append(keepB, s)
			}
		}
		if promW == nil && promB == nil {
			continue
		}
		name := fmt.Sprintf("ini-step%d-promoting", n)
		def.Zones[a.From+"-no-promotion"] = Zone{White: append([]string{}, keepW...), Black: append([]string{}, keepB...)}
		def.Zones[name] = Zone{White: append([]string{}, promW...), Black: append([]string{}, promB...)}
		p.Moves[i].From = a.From + "-no-promotion"
		a.From, a.EPTarget = name, false
		p.Moves = slices.Insert(p.Moves, i+1, a)
		i++
	}
}

// enPassantStaysUnpromoted marks a pawn that could take en passant onto a square of its
// promotion region with promotion.skip-en-passant: Fairy-Stockfish's en-passant capture
// never promotes (its move type is EN_PASSANT, never PROMOTION or PIECE_PROMOTION), while
// a Chimera move into the zone does unless the key says otherwise.
func (im *importer) enPassantStaysUnpromoted() {
	def := im.def
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	if at < 0 || def.Pieces[at].Promotion == nil || def.Pieces[at].Promotion.Zone == "" || !slices.ContainsFunc(def.Pieces[at].Moves, func(a Atom) bool { return a.EPCapture }) {
		return
	}
	p := def.Pieces[at]
	files, ranks := def.Board.Files, def.Board.Ranks
	pw, pb := zoneSquares(def.Zones[p.Promotion.Zone], files, ranks)
	shift := func(s string, dr int) string {
		r, err := strconv.Atoi(s[1:])
		if err != nil {
			return ""
		}
		return fmt.Sprintf("%c%d", s[0], r+dr)
	}
	for _, a := range p.Moves {
		if !a.EPTarget || a.From == "" || len(a.Range) != 2 {
			continue
		}
		w, b := zoneSquares(def.Zones[a.From], files, ranks)
		// Each side's steps pass squares the other side's pawns take en passant onto.
		for side, from := range [][]string{w, b} {
			dir := 1 - 2*side
			zone := pb // the capturer is the other side
			if side == 1 {
				zone = pw
			}
			for _, s := range from {
				for k := 1; k < a.Range[1]; k++ {
					if slices.Contains(zone, shift(s, dir*k)) {
						pr := *p.Promotion // a copy: the promotion may be shared
						pr.SkipEnPassant = true
						def.Pieces[at].Promotion = &pr
						return
					}
				}
			}
		}
	}
}

// fenHolds reports whether a FEN's board or hand holds a man of the letter (either
// side's; "+X" a promoted one, "X" one not written after '+').
func fenHolds(fen, letter string) bool {
	board, _, _ := strings.Cut(fen, " ")
	for i := 0; i < len(board); i++ {
		c := board[i]
		if c == '+' && i+1 < len(board) {
			i++
			if len(letter) == 2 && strings.EqualFold(board[i:i+1], letter[1:]) {
				return true
			}
			continue
		}
		if len(letter) == 1 && strings.EqualFold(string(c), letter) {
			return true
		}
	}
	return false
}

// importSplitColors maps dropOppositeColoredBishop (Position::legal: a bishop is never
// dropped on the colour of one of its side's bishops, and another man's drop stands only
// while each colour keeps room for half the side's bishops, board and hand) onto
// split-colors, which says the same of two bishops a side: where each side holds at most
// two from the start and gets no other while it holds one (no captures to hand, and
// every type must be dropped while one is held, so no man moves, and none promotes,
// before the hand is empty, after which the rule has nothing to judge).
func (im *importer) importSplitColors(h *Hands, k iniKey, capt bool) {
	switch k.Value {
	case "false":
		return
	case "true":
	default:
		im.errorf(k, "expected true or false, found %s", Quote(k.Value))
		return
	}
	at := im.findFSF(im.table[slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Key == "bishop" })])
	if at < 0 {
		return // no bishop type: nothing to split, as in Fairy-Stockfish
	}
	b := im.def.Pieces[at].Letter
	most := 0
	for _, s := range im.def.Setups {
		board, _, _ := strings.Cut(s.FEN, " ")
		most = max(most, strings.Count(board, b), strings.Count(board, strings.ToLower(b)))
	}
	if capt || most > 2 || !slices.Equal(h.Drops.MustDrop, im.letters()) {
		why := refusedWhy(k.Key)
		if k.Depth > MaxExtends {
			why = fmt.Sprintf("the parent %s's rule, under the section's drop keys: %s", im.builtin, why)
		}
		im.errorf(k, "%s", why)
		return
	}
	h.Drops.SplitColors = []string{b}
}
