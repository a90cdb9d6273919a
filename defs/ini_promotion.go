// The variants.ini keys of promotion into a new type (promotedPieceType and the keys that shape it) and of promotion limits.

package defs

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// promotedLetter is the letter of the type a man of letter x promotes into under
// promotedPieceType: "+X", its FEN token.
func promotedLetter(x string) string { return "+" + x }

// readParentPiecePromotions records the zone of a built-in parent's own piece
// promotions (parentPieceZone): each optional, from or into the zone, into a type written
// "+X" that demotes to X, all in one zone. Fairy-Stockfish keeps them where
// promotedPieceType names other types, promoting those in its promotion region, the same.
func (im *importer) readParentPiecePromotions() {
	if im.fresh {
		return
	}
	def := im.def
	zone := ""
	for _, p := range def.Pieces {
		pr := p.Promotion
		if pr == nil || im.isPawn(p) {
			continue
		}
		if !pr.Optional || !pr.Leaving || pr.OnCapture || pr.InPlace != nil || pr.Entering || pr.FromPool != "" || len(pr.ToBlack) > 0 || len(pr.To) != 1 || zone != "" && pr.Zone != zone {
			return
		}
		to := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == pr.To[0] })
		if to < 0 || def.Pieces[to].FEN != promotedLetter(p.Letter) || def.Pieces[to].DemotesTo != p.Letter {
			return
		}
		zone = pr.Zone
	}
	im.parentPieceZone = zone
}

// importPromotedTypes reads promotedPieceType ("x:y x2:y2 ...", "x:-" for none): a man of
// type x promotes into a type that moves as y does, written +X in a FEN, and returns to
// a pool as x (as y with dropLoop, which keeps a captured man as it stands). Each such
// type is a piece "+X" of the definition. Fairy-Stockfish never promotes its king, and a
// type y that promotes itself, or is the pawn or the king, is refused: the man it became
// would promote again, or move with a pawn's special moves, which a type of its own cannot.
func (im *importer) importPromotedTypes() {
	def := im.def
	im.promoted, im.movesAs = map[string]string{}, map[string]string{}
	k, ok := im.get("promotedPieceType")
	if !ok {
		return
	}
	s := strings.ReplaceAll(strings.ReplaceAll(k.Value, " ", ""), "\t", "")
	pairs := map[string]string{}
	var order []string
	for s != "" {
		if len(s) < 3 || s[1] != ':' {
			im.errorf(k, "expected pairs letter:letter (p:g s:g), found %s", Quote(s))
			return
		}
		x, ok := im.letterOf(k, s[0])
		if !ok {
			return
		}
		y := ""
		if s[2] != '-' {
			if y, ok = im.letterOf(k, s[2]); !ok {
				return
			}
		}
		if _, seen := pairs[x]; !seen {
			order = append(order, x)
		}
		pairs[x] = y
		s = s[3:]
	}
	if len(order) == 0 {
		return
	}
	over := false
	for _, p := range def.Pieces {
		if p.FEN == "" && (p.Promotion == nil || im.isPawn(p)) {
			continue
		}
		// Over the parent's own promotions: Fairy-Stockfish keeps them, and promotes the
		// new pairs in the parent's region, which is theirs when they are all alike.
		if im.parentPieceZone == "" {
			im.errorf(k, "the parent's %s promotes already, and not as promotedPieceType does (optionally, from or into one zone, into a type \"+X\"); promotion into new types over it is not imported", p.Name)
			return
		}
		over = true
	}
	if !over {
		im.parentPieceZone = "" // no promotion of the parent's left: the section's region
	}
	for _, x := range order {
		xi := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == x })
		if pr := def.Pieces[xi].Promotion; pairs[x] == "" || pr == nil || im.isPawn(def.Pieces[xi]) {
			continue
		}
		im.errorf(k, "%s: the parent's %s promotes already: a new promotion over the parent's own is not imported", strings.ToLower(x), def.Pieces[xi].Name)
		return
	}
	// A new promoting type with squares it could never leave: where the built-in parent's
	// immobilityIllegal is true (fsf/tables.yaml), importImmobility forces its promotion
	// there, as a section's own key would; where it is false, it may stay unpromoted.
	for _, x := range order {
		y := pairs[x]
		if y == "" {
			continue
		}
		xi := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == x })
		yi := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == y })
		px, py := def.Pieces[xi], def.Pieces[yi]
		switch {
		case px.Royal:
			im.errorf(k, "%s:%s: Fairy-Stockfish 11.1 never promotes its king (it ignores the pair); Chimera refuses it", strings.ToLower(x), strings.ToLower(y))
			continue
		case py.Royal && im.royalIntoRoyal(x, y):
			// The side's one pseudo-royal man becomes its king: a royal man with the king's
			// moves, as extinctionPseudoRoyal's royal men say it (pseudoRoyal).
		case py.Royal || im.isPawn(py):
			im.errorf(k, "%s:%s: a man promoted into the %s would keep a type of its own in Fairy-Stockfish (a king's or a pawn's special rules); not imported", strings.ToLower(x), strings.ToLower(y), py.Name)
			continue
		case pairs[y] != "":
			im.errorf(k, "%s:%s: the %s promotes too, so a promoted %s would promote again into a type that forgets it was a %s; not imported", strings.ToLower(x), strings.ToLower(y), py.Name, px.Name, px.Name)
			continue
		}
		im.promoted[x] = promotedLetter(x)
		im.movesAs[promotedLetter(x)] = y
		def.Pieces = append(def.Pieces, Piece{
			Name:      "Promoted " + strings.ToLower(px.Name[:1]) + px.Name[1:],
			Letter:    promotedLetter(x),
			Value:     py.Value,
			Moves:     slices.Clone(py.Moves),
			Turned:    py.Turned,
			DemotesTo: x,
		})
	}
}

// royalIntoRoyal reports whether a man of type x promoting into the king type y is the
// side's one pseudo-royal man becoming its king, which Chimera says with royal men: both
// types pseudo-royal extinction types (extinctionPseudoRoyal), no castling (which
// Fairy-Stockfish's promoted king might claim), and no king on the board at the start,
// so that a side's king can only be its promoted man.
func (im *importer) royalIntoRoyal(x, y string) bool {
	pseudo, _ := im.boolKey("extinctionPseudoRoyal", false)
	castling, _ := im.boolKey("castling", im.def.Castling != nil)
	types, ok := im.get("extinctionPieceTypes")
	if !pseudo || castling || !ok || !strings.Contains(types.Value, strings.ToLower(x)) || !strings.Contains(types.Value, strings.ToLower(y)) {
		return false
	}
	for _, st := range im.def.Setups {
		board, _, _ := strings.Cut(st.FEN, " ")
		if strings.Contains(board, y) || strings.Contains(board, strings.ToLower(y)) {
			return false
		}
	}
	return true
}

// importPiecePromotions gives each type of promotedPieceType but the pawn (whose
// promotion importPawn built) its promotion as Fairy-Stockfish 11.1 generates it: a move
// that ends on the zone of promotionRank and beyond, or starts there, may promote;
// mandatoryPiecePromotion makes it compulsory; piecePromotionOnCapture lets only
// captures promote (quiet moves stay as they are); pieceDemotion lets a promoted man turn
// back by the same rules. dropLoop keeps a captured promoted man as it stands.
func (im *importer) importPiecePromotions() {
	def := im.def
	mand, _ := im.boolKey("mandatoryPiecePromotion", false)
	onCap, _ := im.boolKey("piecePromotionOnCapture", false)
	demote, _ := im.boolKey("pieceDemotion", false)
	loop := im.keys["dropLoop"].Value == "true"
	if len(im.promoted) == 0 {
		return
	}
	pawn := slices.IndexFunc(def.Pieces, im.isPawn)
	if k, ok := im.keys["piecePromotionOnCapture"]; ok && onCap && pawn >= 0 && im.promoted[def.Pieces[pawn].Letter] != "" {
		im.errorf(k, "the pawn promotes into a new type only by capturing, but into promotionPieceTypes by any move: one promotion cannot say both; not imported")
	}
	if k, ok := im.keys["pieceDemotion"]; ok && demote && pawn >= 0 && def.Pieces[pawn].Promotion != nil && slices.ContainsFunc(def.Pieces[pawn].Promotion.To, func(l string) bool { return !strings.HasPrefix(l, "+") }) {
		im.errorf(k, "a man promoted from a pawn into promotionPieceTypes would demote into nothing in Fairy-Stockfish 11.1; not imported")
	}
	zone := "ini-piece-promotion"
	if im.parentPieceZone != "" {
		if im.regionGiven {
			im.errorf(im.keys["promotedPieceType"], "the parent's pieces promote already in a zone of their own, and the section gives another promotion region, which Fairy-Stockfish applies to them too; promotion into new types over the parent's own promotions is not imported")
			return
		}
		zone = im.parentPieceZone // the parent's own (importPromotedTypes)
	} else {
		if len(im.promoWhite) == 0 && len(im.promoBlack) == 0 {
			im.errorf(im.keys["promotedPieceType"], "the promotion region is off the board (give promotionRank or promotionRegionWhite and promotionRegionBlack); not imported")
			return
		}
		def.Zones[zone] = Zone{White: im.promoWhite, Black: im.promoBlack}
	}
	for i := range def.Pieces {
		p := &def.Pieces[i]
		x := p.Letter
		if to := im.promoted[x]; to != "" && i != pawn {
			p.Promotion = &Promotion{Zone: zone, To: []string{to}, Optional: !mand, Leaving: true, OnCapture: onCap}
		}
		if strings.HasPrefix(x, "+") {
			if demote {
				p.Promotion = &Promotion{Zone: zone, To: []string{p.DemotesTo}, Optional: !mand, Leaving: true, OnCapture: onCap}
			}
			if loop {
				p.DemotesTo = im.movesAs[x]
			}
		}
	}
}

// importPromotionLimit reads promotionLimit ("q:1 r:2 ..."): the pawn promotes into such a
// type only while its side has fewer men of it on the board. A limit on a type men also
// promote into under promotedPieceType is refused: Fairy-Stockfish counts those men as
// that type, Chimera as a type of their own.
func (im *importer) importPromotionLimit() {
	def := im.def
	k, ok := im.get("promotionLimit")
	if !ok {
		return
	}
	limits := map[string]int{}
	s := strings.Fields(strings.ReplaceAll(k.Value, ":", " "))
	if len(s)%2 != 0 {
		im.errorf(k, "expected pairs letter:count (q:1 r:2), found %s", Quote(k.Value))
		return
	}
	for i := 0; i < len(s); i += 2 {
		n, err := strconv.Atoi(s[i+1])
		if len(s[i]) != 1 || !unicode.IsLetter(rune(s[i][0])) || err != nil || n < 0 || n > 255 {
			im.errorf(k, "expected pairs letter:count, count 0-255 (q:1 r:2), found %s", Quote(s[i]+":"+s[i+1]))
			return
		}
		l, ok := im.letterOf(k, s[i][0])
		if !ok {
			return
		}
		if n > 0 {
			limits[l] = n
		} else {
			delete(limits, l)
		}
	}
	// A limit on a type y men promote into under promotedPieceType (x:y): Fairy-Stockfish
	// counts the promoted men +X with y's men, Chimera +X apart. Where no man of type y can
	// stand but a promoted x, the count of y is the count of +X, and the limit goes on x's
	// promotion into +X; the pawn's, which Fairy-Stockfish never limits, has none.
	for y, n := range limits {
		x := im.promotedFrom(y)
		if x == "" {
			continue
		}
		if why := im.onlyPromotedStand(x, y); why != "" {
			im.errorf(k, "%s: men promote into this type under promotedPieceType, which Fairy-Stockfish counts with it and Chimera as a type of their own, and %s; not imported", strings.ToLower(y), why)
			return
		}
		delete(limits, y)
		xi := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == x })
		if xi < 0 || im.isPawn(def.Pieces[xi]) || def.Pieces[xi].Promotion == nil || !slices.Contains(def.Pieces[xi].Promotion.To, promotedLetter(x)) {
			continue // the pawn's promotion into +P is never limited (make_promotions)
		}
		pr := *def.Pieces[xi].Promotion
		pr.Limits = map[string]int{promotedLetter(x): n}
		for l, c := range def.Pieces[xi].Promotion.Limits {
			pr.Limits[l] = c
		}
		def.Pieces[xi].Promotion = &pr
	}
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	if at < 0 || def.Pieces[at].Promotion == nil {
		return
	}
	pr := def.Pieces[at].Promotion
	for l, n := range limits {
		if slices.Contains(pr.To, l) {
			if pr.Limits == nil {
				pr.Limits = map[string]int{}
			}
			pr.Limits[l] = n
		}
	}
}

// promotedFrom returns the letter x whose men promote into the type y under
// promotedPieceType, or "" when none does (the first of them in the pieces' order when
// several do).
func (im *importer) promotedFrom(y string) string {
	for _, p := range im.def.Pieces {
		if to := im.promoted[p.Letter]; to != "" && im.movesAs[to] == y {
			return p.Letter
		}
	}
	return ""
}

// onlyPromotedStand says why a man of type y could stand on the board other than as a
// promoted x (so that Fairy-Stockfish's count of y would not be Chimera's count of +X), or
// "" when none can: no other type promotes into y, no promotion names y, no setup holds a
// y on the board or in hand, and a captured +X returns to hand as x.
func (im *importer) onlyPromotedStand(x, y string) string {
	def := im.def
	for _, p := range def.Pieces {
		if p.Letter != x && im.promoted[p.Letter] != "" && im.movesAs[im.promoted[p.Letter]] == y {
			return "the " + p.Name + " promotes into it too"
		}
		if pr := p.Promotion; pr != nil && (slices.Contains(pr.To, y) || slices.Contains(pr.ToBlack, y)) {
			return "the " + p.Name + " promotes into it itself"
		}
		if p.Letter == promotedLetter(x) && p.DemotesTo != x {
			return "a captured promoted man returns to hand as it (dropLoop)"
		}
	}
	for _, st := range def.Setups {
		fields := strings.Fields(st.FEN)
		if len(fields) == 0 {
			continue
		}
		for i, c := range fields[0] {
			if strings.EqualFold(string(c), y) && (i == 0 || fields[0][i-1] != '+') {
				return "the setup " + Quote(st.Name) + " holds one"
			}
		}
	}
	return ""
}

// importHandDropRules maps the drop keys of promoted types and of Fairy-Stockfish's
// one-step-forward man (the ini's pawn-drop keys name its type) onto the hands being
// built: dropPromoted (a held man may be dropped as the type it promotes into, where the
// held type may be dropped), the doubled-pawn key = false (no such man dropped on a file
// holding an unpromoted one of its side), the pawn-drop-mate key (a checkmate by such a
// man's drop loses), castlingDroppedPiece (a king dropped on the e-file of its castling
// rank, or a rook on a corner of it beside such a king, gains castling rights).
func (im *importer) importHandDropRules(h *Hands, promoted, doubled, pawnMate, castle bool) {
	def := im.def
	dr := tables().DropRules
	sp := -1
	if i := slices.IndexFunc(im.table, func(p fsfPiece) bool { return p.Key == dr.Type }); i >= 0 {
		sp = im.findFSF(im.table[i])
	}
	if !doubled && sp >= 0 {
		h.Drops.OnePerFile = []string{def.Pieces[sp].Letter}
		if promoted && im.promoted[def.Pieces[sp].Letter] != "" {
			im.errorf(im.keys[dr.OnePerFileKey], "with dropPromoted, Fairy-Stockfish 11.1 keeps a %s dropped promoted off a file with an unpromoted %s too, which Chimera's one-per-file does not; not imported", dr.Type, dr.Type)
		}
	}
	if pawnMate && sp >= 0 {
		h.Drops.NoMate = []string{def.Pieces[sp].Letter}
	}
	if castle {
		if def.Castling == nil || def.Board.Files < 5 {
			im.errorf(im.keys["castlingDroppedPiece"], "the variant has no castling: Fairy-Stockfish 11.1 would castle with a dropped king all the same; not imported")
		} else {
			h.Drops.CreateCastling = "e"
		}
	}
	if !promoted {
		return
	}
	for _, p := range def.Pieces {
		if pr := p.Promotion; pr != nil && !strings.HasPrefix(p.Letter, "+") && !strings.HasPrefix(pr.To[0], "+") {
			im.errorf(im.keys["dropPromoted"], "the %s promotes, but not into a type of promotedPieceType: Fairy-Stockfish drops it only as itself, Chimera's promoted drops as its first promotion; not imported", p.Name)
			return
		}
	}
	h.Drops.Promoted = true
	// A man dropped promoted lands where the held type may be dropped.
	for i, r := range h.Drops.Forbid {
		for _, l := range r.Pieces {
			if y := im.promoted[l]; y != "" && !slices.Contains(r.Pieces, y) {
				h.Drops.Forbid[i].Pieces = append(h.Drops.Forbid[i].Pieces, y)
			}
		}
	}
}

// importNoDoubled maps dropNoDoubled (a type, or '-' for none) and dropNoDoubledCount
// (default 1), Fairy-Stockfish's Position::drop_region: no man of the type is dropped on
// a file that holds that many of its side's men of the type already
// (hands.drops.one-per-file with per-file); with a count of 0 none is ever dropped (a
// drop rule over the whole board). With dropPromoted, Fairy-Stockfish keeps the type's
// promoted drops off such files too, which Chimera's one-per-file does not: refused.
func (im *importer) importNoDoubled(h *Hands, k iniKey, given bool, count int, countGiven bool, promoted bool) {
	def := im.def
	if !countGiven {
		count = 1
	}
	if !given {
		im.errorf(im.keys["dropNoDoubledCount"], "dropNoDoubledCount without dropNoDoubled: no type to count")
		return
	}
	if k.Value == "" || k.Value[0] == '-' {
		h.Drops.OnePerFile, h.Drops.PerFile = nil, 0
		return
	}
	l, ok := im.letterOf(k, k.Value[0])
	if !ok {
		return
	}
	if promoted && im.promoted[l] != "" {
		im.errorf(k, "with dropPromoted, Fairy-Stockfish keeps a %s dropped promoted off a file with its unpromoted men too, which Chimera's one-per-file does not; not imported", l)
		return
	}
	if count == 0 {
		zone := "ini-no-drop-" + strings.ToLower(l)
		def.Zones[zone] = Zone{Squares: im.allSquares()}
		h.Drops.Forbid = append(h.Drops.Forbid, DropRule{Pieces: []string{l}, Zone: zone})
		h.Drops.OnePerFile, h.Drops.PerFile = nil, 0
		return
	}
	h.Drops.OnePerFile, h.Drops.PerFile = []string{l}, 0
	if count > 1 {
		h.Drops.PerFile = count
	}
}
