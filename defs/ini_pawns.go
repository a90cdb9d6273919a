// The variants.ini keys of Fairy-Stockfish's pawn types (pawnTypes, promotionPawnTypes, nMoveRuleTypes, each colour's): which types promote as its pawn, take en passant and reset the n-move count; and a custom type's initial moves (XBetza i), made from the double-step region.

package defs

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// iniInitialZone is the zone a custom type's initial moves start from: Fairy-Stockfish's
// doubleStepRegion (Position::moves_from adds a type's initial moves on its squares,
// whatever the man did before).
const iniInitialZone = "ini-initial"

// pawnState is what the import knows of the parent's pawn before the section's piece keys
// change the pieces (a custom type given the pawn's letter displaces it).
type pawnState struct {
	// promo: the parent's pawn's promotion types; promoW, promoB its region; mandatory
	// whether it must promote; known: the parent has such a pawn (or none, fresh).
	promo          []string
	promoW, promoB []string
	mandatory      bool
	promoKnown     bool
	// doubleW, doubleB: the parent's doubleStepRegion (the squares its pawn steps two
	// from); doubleKnown: read from its pawn (or Fairy-Stockfish's default, fresh).
	doubleW, doubleB []string
	doubleKnown      bool
	// initial: the piece keys whose XBetza has initial moves.
	initial []iniKey
}

// readParentPawn records the parent's pawn (its promotion and its double-step region)
// before the section's piece keys may remove or displace it.
func (im *importer) readParentPawn() {
	st := &pawnState{}
	im.pawns = st
	def := im.def
	files, ranks := def.Board.Files, def.Board.Ranks
	if im.fresh {
		// Fairy-Stockfish's default variant: double steps from White's rank 2 and Black's
		// rank 7, promotion on rank 8 (Black's 1) into no type of the section's.
		st.doubleW = onBoard(ranksSquares([]int{2}, files), files, ranks)
		st.doubleB = onBoard(ranksSquares([]int{7}, files), files, ranks)
		st.doubleKnown = true
		st.promoW, st.promoB = onBoard(ranksSquares([]int{8}, files), files, ranks), ranksSquares([]int{1}, files)
		st.mandatory, st.promoKnown = true, true
		return
	}
	at := slices.IndexFunc(def.Pieces, im.isPawn)
	if at < 0 {
		return
	}
	p := def.Pieces[at]
	st.doubleW, st.doubleB, st.doubleKnown = []string{}, []string{}, true
	for _, a := range p.Moves {
		if a.EPTarget && len(a.Range) == 2 && a.Range[0] == 2 {
			if a.From == "" {
				st.doubleW, st.doubleB = im.allSquares(), im.allSquares()
			} else {
				st.doubleW, st.doubleB = zoneSquares(def.Zones[a.From], files, ranks)
			}
		}
	}
	switch pr := p.Promotion; {
	case pr != nil && pr.Zone != "" && pr.InPlace == nil && !pr.Leaving && !pr.OnCapture && pr.Entering == false && pr.Forced == "" && pr.ToBlack == nil && pr.FromPool == "":
		st.promo = slices.Clone(pr.To)
		st.promoW, st.promoB = zoneSquares(def.Zones[pr.Zone], files, ranks)
		st.mandatory, st.promoKnown = !pr.Optional, true
	case pr == nil && p.Confined == "":
		st.promoW, st.promoB = onBoard(ranksSquares([]int{8}, files), files, ranks), ranksSquares([]int{1}, files)
		st.mandatory, st.promoKnown = false, true
	}
}

// betzaToken is one move of an XBetza text (its modifiers, its atom, a range) and where
// it starts.
type betzaToken struct {
	text string
	off  int
}

// betzaTokens splits an XBetza text into its moves: lowercase modifiers, an atom letter,
// then the same leaper letter again (a rider) or a range of up to two digits.
func betzaTokens(s string) []betzaToken {
	var out []betzaToken
	for i := 0; i < len(s); {
		start := i
		for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			i++
		}
		if i >= len(s) || s[i] < 'A' || s[i] > 'Z' {
			return append(out, betzaToken{s[start:], start}) // ParseBetza says what is wrong
		}
		letter := s[i]
		i++
		if i < len(s) && s[i] == letter && !strings.ContainsRune("RBQ", rune(letter)) {
			i++
		} else {
			for j := 0; j < 2 && i < len(s) && s[i] >= '0' && s[i] <= '9'; j++ {
				i++
			}
		}
		out = append(out, betzaToken{s[start:i], start})
	}
	return out
}

// readBetza reads a custom type's XBetza (the key's value from column at) as Fairy-
// Stockfish's current source does. Its initial moves (i) are made from the double-step
// region whatever the man did before (Position::moves_from), never capture (Bitboards::
// init_pieces drops initial captures), and those only an initial move reaches leave the
// squares they pass as en-passant squares (Position::do_move): a lame straight leap
// (ifmnD) is a ride of that range from zone ini-initial with ep-target. Black's moves are
// White's turned half round there (Bitboards::init_pieces negates each direction): turned
// reports a move that is not left-right symmetric, for which the piece needs turned: true.
func (im *importer) readBetza(k iniKey, text string, at int) (out []Atom, turned, ok bool) {
	for _, tok := range betzaTokens(text) {
		body, cut := tok.text, -1
		leg := strings.IndexByte(body, 'a')
		if leg < 0 {
			leg = len(body)
		}
		if j := strings.IndexByte(body, 'i'); j >= 0 && j < leg {
			body, cut = body[:j]+body[j+1:], j
		}
		moves, err := ParseBetzaTurned(body)
		if err == nil {
			if _, strict := ParseBetza(body); strict != nil {
				turned = true // read only with Black's moves turned half round
			}
		}
		if err != nil {
			if be, ok := err.(*BetzaError); ok {
				off := be.Offset
				if cut >= 0 && off >= cut {
					off++
				}
				k.Col += at + tok.off + off
				im.errorf(k, "%s", be.Msg)
			} else {
				im.errorf(k, "%v", err)
			}
			return nil, false, false
		}
		if cut >= 0 {
			if moves, err = initialMoves(moves); err != nil {
				k.Col += at + tok.off + cut
				im.errorf(k, "%v", err)
				return nil, false, false
			}
			if !slices.ContainsFunc(im.pawns.initial, func(o iniKey) bool { return o.Key == k.Key }) {
				im.pawns.initial = append(im.pawns.initial, k)
			}
		}
		out = append(out, moves...)
	}
	return out, turned, true
}

// initialMoves turns the atoms of an initial XBetza move into Fairy-Stockfish's: quiet
// moves only, from zone ini-initial; a lame straight path a ride with ep-target (the
// squares it passes become en-passant squares).
func initialMoves(atoms []Atom) ([]Atom, error) {
	var out []Atom
	for _, a := range atoms {
		if a.Mode == "capture" || a.Mode == "capture-royal" {
			continue // Fairy-Stockfish has no initial captures
		}
		a.Mode, a.Initial, a.From = "move", false, iniInitialZone
		switch {
		case a.Leap != nil:
			dx, dy := abs(a.Leap[0]), abs(a.Leap[1])
			if (dx == 0 || dy == 0 || dx == dy) && max(dx, dy) > 1 {
				return nil, fmt.Errorf("i (initial) on a leap over squares: Fairy-Stockfish makes the squares it passes en-passant squares, which Chimera's leaps cannot; not imported")
			}
		case a.Ride != nil:
			a.EPTarget = true
		case len(a.Path) > 0:
			step := a.Path[0].Step
			for _, l := range a.Path {
				if !slices.Equal(l.Step, step) || !slices.Equal(l.On, []string{"empty"}) || l.Capture || len(l.Range) > 0 || max(abs(step[0]), abs(step[1])) != 1 {
					return nil, fmt.Errorf("i (initial) on a move other than a leap, a ride or a lame straight leap: not imported")
				}
			}
			sym := a.Symmetry
			if sym == "mirror" && step[0] == 0 {
				sym = "none"
			}
			a = Atom{Ride: slices.Clone(step), Range: []int{len(a.Path), len(a.Path)}, Symmetry: sym, Only: a.Only, Mode: "move", From: iniInitialZone, EPTarget: true}
		}
		out = append(out, a)
	}
	return out, nil
}

// pieceSet reads a Fairy-Stockfish piece set (a letter a type, up to '-'); '*' (every
// type) is refused.
func (im *importer) pieceSet(k iniKey) ([]string, bool) {
	var out []string
	for _, c := range []byte(strings.ReplaceAll(k.Value, " ", "")) {
		if c == '-' {
			break
		}
		if c == '*' {
			im.errorf(k, "not imported: '*' (every type) as pawn types")
			return nil, false
		}
		l, ok := im.letterOf(k, c)
		if !ok {
			return nil, false
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out, true
}

// importInitialRegion gives zone ini-initial, the squares custom types' initial moves
// start from: Fairy-Stockfish's doubleStepRegion, the parent's (its pawn's double step,
// or the default's ranks 2 and 7) unless doubleStep = false or the regions are given.
func (im *importer) importInitialRegion() {
	st := im.pawns
	if len(st.initial) == 0 {
		return
	}
	def := im.def
	w, b, known := st.doubleW, st.doubleB, st.doubleKnown
	if k, ok := im.keys["doubleStep"]; ok && k.Value == "false" {
		w, b, known = []string{}, []string{}, true
	} else {
		for _, key := range []string{"doubleStepRank", "doubleStepRankMin", "firstRankDoubleSteps"} {
			if k, ok := im.keys[key]; ok {
				im.errorf(k, "not imported with a custom type's initial moves (from the double-step region): give doubleStepRegionWhite and doubleStepRegionBlack")
				return
			}
		}
		wk, wok := im.get("doubleStepRegionWhite")
		bk, bok := im.get("doubleStepRegionBlack")
		if wok {
			w, _ = im.parseSquares(wk)
		}
		if bok {
			b, _ = im.parseSquares(bk)
		}
		known = known || wok && bok
	}
	if !known {
		im.errorf(st.initial[0], "not imported: initial moves start from Fairy-Stockfish's double-step region, which the parent's pawn does not show (it has none)")
		return
	}
	def.Zones[iniInitialZone] = Zone{White: slices.Clone(w), Black: slices.Clone(b)}
	// A square only an initial move reaches is an en-passant square (Position::do_move);
	// one the type's other moves reach too is not.
	for i := range def.Pieces {
		p := &def.Pieces[i]
		quiet := quietVectors(*p, im.boardSpan(), false)
		for _, a := range p.Moves {
			if a.From != iniInitialZone || !a.EPTarget {
				continue
			}
			for _, v := range atomVectors(a, im.boardSpan()) {
				if slices.Contains(quiet, v) {
					k := st.initial[0]
					im.errorf(k, "not imported: the %s's initial move to %v is one of its other moves too, which Fairy-Stockfish then makes without an en-passant square", p.Name, v)
					return
				}
			}
		}
	}
}

func (im *importer) boardSpan() int { return max(im.def.Board.Files, im.def.Board.Ranks) }

// atomVectors lists the [files, ranks] vectors (White's) of an atom's moves on an empty
// board of that span: a leap's images, a ride's at each distance of its range, a path's
// total. A hop or a path of other kinds gives nil.
func atomVectors(a Atom, span int) [][2]int {
	var out [][2]int
	switch {
	case a.Leap != nil:
		return Images(a.Leap[0], a.Leap[1], a.Symmetry, a.Only)
	case a.Ride != nil:
		lo, hi := 1, span
		switch len(a.Range) {
		case 1:
			if a.Range[0] > 0 {
				hi = a.Range[0]
			}
		case 2:
			lo = max(a.Range[0], 1)
			if a.Range[1] > 0 {
				hi = a.Range[1]
			}
		}
		for _, w := range Images(a.Ride[0], a.Ride[1], a.Symmetry, a.Only) {
			for n := lo; n <= hi; n++ {
				out = append(out, [2]int{w[0] * n, w[1] * n})
			}
		}
	case len(a.Path) > 0:
		var t [2]int
		for _, l := range a.Path {
			if len(l.Range) > 0 || slices.ContainsFunc(l.On, func(o string) bool { return o != "empty" }) {
				return nil
			}
			t[0], t[1] = t[0]+l.Step[0], t[1]+l.Step[1]
		}
		return Images(t[0], t[1], a.Symmetry, a.Only)
	}
	return out
}

// quietVectors lists the vectors of a piece's quiet moves on an empty board: its initial
// ones (from a zone: a double step, an XBetza i) or, as Fairy-Stockfish's PseudoMoves[0]
// has them, the others.
func quietVectors(p Piece, span int, initial bool) [][2]int {
	var out [][2]int
	for _, a := range p.Moves {
		if a.Mode == "capture" || a.Mode == "capture-royal" || isInitialAtom(a) != initial {
			continue
		}
		out = append(out, atomVectors(a, span)...)
	}
	return out
}

// isInitialAtom: an atom Fairy-Stockfish counts among a type's initial moves.
func isInitialAtom(a Atom) bool { return a.From == iniInitialZone || a.EPTarget || a.Initial }

// importPawnTypes maps pawnTypes and promotionPawnTypes (and its White and Black forms)
// as Fairy-Stockfish's current source plays them:
//   - promotion (promotionPawnTypes[c]; pawnTypes sets both colours'): a type of a colour's
//     set other than the pawn promotes as that colour's pawn does (Fairy-Stockfish's
//     generate_moves: any move that ends in the colour's promotion region, into its
//     promotionPieceTypes, mandatory unless mandatoryPawnPromotion = false; with no types
//     to promote into and mandatory, it may not enter the region). Its pawn type keeps
//     promoting whatever the sets (generate_pawn_moves).
//   - en passant (pawnTypes): a type of the set takes en passant with its capture-only
//     leaps; the others (a custom type's XBetza e) no longer do; the pawn type always does.
//
// The n-move count's types (pawnTypes among them) are importMoveRuleTypes'.
func (im *importer) importPawnTypes() {
	kp, okP := im.get("pawnTypes")
	kw, okW := im.getAny("pawnTypes", "promotionPawnTypes", "promotionPawnTypesWhite")
	kb, okB := im.getAny("pawnTypes", "promotionPawnTypes", "promotionPawnTypesBlack")
	if !okW && !okB {
		return
	}
	var pawnSet, promoW, promoB []string
	var ok bool
	if okP {
		if pawnSet, ok = im.setOf(kp); !ok {
			return
		}
	}
	at := kw
	if promoW, ok = im.setOf(kw); !ok {
		return
	}
	if kb != kw {
		if promoB, ok = im.setOf(kb); !ok {
			return
		}
		at = kb
	} else {
		promoB = promoW
	}
	pawn := ""
	if i := slices.IndexFunc(im.def.Pieces, im.isPawn); i >= 0 {
		pawn = im.def.Pieces[i].Letter
	}
	im.importPawnPromotions(at, [2][]string{promoW, promoB}, pawn)
	if okP {
		im.importEnPassantTypes(kp, pawnSet, pawn)
	}
}

// setOf is pieceSet, read once per key (a key read for several rules reports its errors
// once).
func (im *importer) setOf(k iniKey) ([]string, bool) {
	if im.sets == nil {
		im.sets = map[iniKey]pieceSetRead{}
	}
	if r, done := im.sets[k]; done {
		return r.set, r.ok
	}
	set, ok := im.pieceSet(k)
	im.sets[k] = pieceSetRead{set, ok}
	return set, ok
}

// pieceSetRead is one key's pieceSet.
type pieceSetRead struct {
	set []string
	ok  bool
}

// sidePromotion is the pawn's promotion as Fairy-Stockfish has it for the section, each
// colour's: region (White's, Black's), the types it promotes into (without
// promotedPieceType's; none: it promotes into nothing), whether it must, the limits, and
// zone, the pawn's own zone when it promotes on both colours' squares of it.
type sidePromotion struct {
	region, to [2][]string
	mandatory  bool
	limits     map[string]int
	zone       string
}

// pawnPromotion is the pawn's promotion as Fairy-Stockfish has it for the section.
func (im *importer) pawnPromotion(k iniKey) (sidePromotion, bool) {
	def := im.def
	files, ranks := def.Board.Files, def.Board.Ranks
	var out sidePromotion
	if i := slices.IndexFunc(def.Pieces, im.isPawn); i >= 0 {
		p := def.Pieces[i]
		pr := p.Promotion
		confined := strings.HasPrefix(p.Confined, iniPawnRegion)
		if pr == nil && !confined {
			im.errorf(k, "not imported: the pawn's promotion is not Fairy-Stockfish's (it promotes into nothing)")
			return out, false
		}
		out.mandatory = true
		if pr != nil {
			strip := func(ls []string) []string {
				return slices.DeleteFunc(slices.Clone(ls), func(l string) bool { return strings.HasPrefix(l, "+") })
			}
			out.to[0], out.to[1] = strip(pr.To), strip(pr.To)
			if pr.ToBlack != nil {
				out.to[1] = strip(pr.ToBlack)
			}
			out.region[0], out.region[1] = zoneSquares(def.Zones[pr.Zone], files, ranks)
			for c := range 2 {
				if len(out.region[c]) == 0 {
					out.to[c] = nil // a colour whose pawn does not promote
				}
			}
			if len(pr.Limits) > 0 {
				out.limits = maps.Clone(pr.Limits)
			}
			out.mandatory, out.zone = !pr.Optional, pr.Zone
		}
		if confined {
			// A colour whose pawn promotes into nothing is kept out of its region.
			all := im.allSquares()
			cw, cb := zoneSquares(def.Zones[p.Confined], files, ranks)
			for c, in := range [2][]string{cw, cb} {
				if len(out.region[c]) == 0 && len(in) < len(all) {
					out.region[c] = slices.DeleteFunc(slices.Clone(all), func(s string) bool { return slices.Contains(in, s) })
					out.to[c] = nil
				}
			}
		}
		return out, true
	}
	st := im.pawns
	if !st.promoKnown {
		im.errorf(k, "not imported: the parent has no pawn whose promotion other types could share")
		return out, false
	}
	if k2, given := im.keys["promotionLimit"]; given {
		im.errorf(k2, "not imported with no pawn type: the limits of other promotion pawn types")
		return out, false
	}
	out.to = [2][]string{st.promo, st.promo}
	out.mandatory = st.mandatory
	if k2, given := im.keys["mandatoryPawnPromotion"]; given {
		out.mandatory = k2.Value != "false"
	}
	for c, keys := range [2][]string{{"promotionPieceTypes", "promotionPieceTypesWhite"}, {"promotionPieceTypes", "promotionPieceTypesBlack"}} {
		if kt, ok := im.getAny(keys...); ok {
			to, ok := im.setOf(kt)
			if !ok {
				return out, false
			}
			out.to[c] = to
		}
	}
	w, b := st.promoW, st.promoB
	if im.regionGiven {
		w, b = im.promoWhite, im.promoBlack
	}
	out.region = [2][]string{slices.Clone(w), slices.Clone(b)}
	out.zone = "ini-promotion"
	def.Zones[out.zone] = Zone{White: slices.Clone(w), Black: slices.Clone(b)}
	return out, true
}

// iniPawnRegion names the zones a man that promotes into nothing is confined to (each
// colour's squares outside its promotion region, or every square).
const iniPawnRegion = "ini-pawn-region"

// squaresZone names a zone of exactly these squares, each side's: the first of names
// that has them, else base, or base-2, base-3 and so on where base is taken, made here.
func (im *importer) squaresZone(w, b []string, base string, names ...string) string {
	def := im.def
	files, ranks := def.Board.Files, def.Board.Ranks
	same := func(x, y []string) bool { return slices.Equal(dedupe(slices.Clone(x)), dedupe(slices.Clone(y))) }
	for _, n := range append(names, base) {
		if z, ok := def.Zones[n]; ok && n != "" {
			zw, zb := zoneSquares(z, files, ranks)
			if same(zw, w) && same(zb, b) {
				return n
			}
		}
	}
	name := base
	for i := 2; ; i++ {
		if _, taken := def.Zones[name]; !taken {
			break
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
	def.Zones[name] = Zone{White: slices.Clone(w), Black: slices.Clone(b)}
	return name
}

// outsideSquares: the board's squares but these, or all of them for none.
func (im *importer) outsideSquares(in []string) []string {
	return slices.DeleteFunc(im.allSquares(), func(s string) bool { return slices.Contains(in, s) })
}

// importPawnPromotions gives each type of a colour's promotion pawn types but the pawn
// that colour's pawn's promotion: where both colours' sets have it, each colour's
// region and types (promotion.to-black where they differ); where one colour's only, that
// colour's squares of the region.
func (im *importer) importPawnPromotions(k iniKey, sets [2][]string, pawn string) {
	def := im.def
	var others []string
	for _, set := range sets {
		for _, l := range set {
			if l != pawn && !slices.Contains(others, l) {
				others = append(others, l)
			}
		}
	}
	if len(others) == 0 {
		return
	}
	if def.Hands != nil {
		im.errorf(k, "not imported with pools: a captured man promoted from one of these types returns to the pool as Fairy-Stockfish's main promotion pawn type")
		return
	}
	pp, ok := im.pawnPromotion(k)
	if !ok {
		return
	}
	for _, l := range others {
		i := slices.IndexFunc(def.Pieces, func(q Piece) bool { return q.Letter == l })
		p := &def.Pieces[i]
		switch {
		case p.Royal:
			im.errorf(k, "%s: not imported: a royal type promoting as the pawn", strings.ToLower(l))
			return
		case p.Promotion != nil:
			im.errorf(k, "%s: not imported: the type promotes already (promotedPieceType), and would have two promotions", strings.ToLower(l))
			return
		}
		// Each colour whose set has the type promotes it, or (promoting into nothing,
		// mandatory) keeps it out of its region; Fairy-Stockfish's generate_moves: a move
		// into the region that cannot promote is not made.
		var promotes, confines [2]bool
		for c := range 2 {
			if !slices.Contains(sets[c], l) || len(pp.region[c]) == 0 {
				continue
			}
			promotes[c] = len(pp.to[c]) > 0
			confines[c] = !promotes[c] && pp.mandatory
		}
		if confines[0] || confines[1] {
			if p.Confined != "" {
				im.errorf(k, "%s: not imported: a confined type that may not enter its promotion region either", strings.ToLower(l))
				return
			}
			w, b := im.allSquares(), im.allSquares()
			if confines[0] {
				w = im.outsideSquares(pp.region[0])
			}
			if confines[1] {
				b = im.outsideSquares(pp.region[1])
			}
			p.Confined = im.squaresZone(w, b, iniPawnRegion)
		}
		if !promotes[0] && !promotes[1] {
			continue
		}
		w, b := []string{}, []string{}
		if promotes[0] {
			w = pp.region[0]
		}
		if promotes[1] {
			b = pp.region[1]
		}
		zone := im.squaresZone(w, b, "ini-promotion", pp.zone)
		to, toBlack := pp.to[0], pp.to[1]
		switch {
		case !promotes[0]:
			to, toBlack = pp.to[1], nil
		case !promotes[1] || slices.Equal(dedupe(slices.Clone(to)), dedupe(slices.Clone(toBlack))):
			toBlack = nil
		}
		// Every promotion resets the n-move count in Fairy-Stockfish, whatever the type.
		p.Promotion = &Promotion{Zone: zone, To: slices.Clone(to), ToBlack: slices.Clone(toBlack), Optional: !pp.mandatory, ResetsClock: true}
		if len(pp.limits) > 0 {
			p.Promotion.Limits = maps.Clone(pp.limits)
		}
		im.refuseInitialIntoPromotion(k, *p)
	}
}

// refuseInitialIntoPromotion refuses a type whose initial move could end in its promotion
// region: Fairy-Stockfish's promoting move makes no en-passant square, Chimera's ep-target
// ride does.
func (im *importer) refuseInitialIntoPromotion(k iniKey, p Piece) {
	def := im.def
	files, ranks := def.Board.Files, def.Board.Ranks
	pw, pb := zoneSquares(def.Zones[p.Promotion.Zone], files, ranks)
	fw, fb := zoneSquares(def.Zones[iniInitialZone], files, ranks)
	for _, a := range p.Moves {
		if a.From != iniInitialZone || !a.EPTarget {
			continue
		}
		for _, v := range atomVectors(a, im.boardSpan()) {
			for side, from := range [][]string{fw, fb} {
				zone, dy := pw, v[1]
				if side == 1 {
					zone, dy = pb, -v[1]
				}
				for _, s := range from {
					r, _ := strconv.Atoi(s[1:])
					if t := fmt.Sprintf("%c%d", int(s[0])+v[0], r+dy); slices.Contains(zone, t) {
						im.errorf(k, "%s: not imported: its initial move ends in its promotion region (%s), where Fairy-Stockfish's promotion makes no en-passant square", strings.ToLower(p.Letter), t)
						return
					}
				}
			}
		}
	}
}

// importEnPassantTypes: the types of pawnTypes take en passant, with the captures of
// theirs that only capture (Fairy-Stockfish's generate_moves: attacks & ~quiets); the
// other types do not (a custom type's XBetza e included). The pawn type always does
// (generate_pawn_moves). Refused where such a type's capture-only move is not a leap
// while en-passant squares arise.
func (im *importer) importEnPassantTypes(k iniKey, set []string, pawn string) {
	def := im.def
	epSquares := slices.ContainsFunc(def.Pieces, func(q Piece) bool {
		return slices.ContainsFunc(q.Moves, func(a Atom) bool { return a.EPTarget })
	})
	for i := range def.Pieces {
		p := &def.Pieces[i]
		if p.Letter == pawn {
			continue
		}
		in := slices.Contains(set, p.Letter)
		quiet := quietVectors(*p, im.boardSpan(), true)
		quiet = append(quiet, quietVectors(*p, im.boardSpan(), false)...)
		for j := range p.Moves {
			a := &p.Moves[j]
			a.EPCapture = false
			if !in || a.Mode != "capture" {
				continue
			}
			if a.Leap == nil {
				if epSquares {
					im.errorf(k, "%s: not imported: a capture-only move other than a leap taking en passant", strings.ToLower(p.Letter))
					return
				}
				continue
			}
			for _, v := range Images(a.Leap[0], a.Leap[1], a.Symmetry, a.Only) {
				if slices.Contains(quiet, v) && epSquares {
					im.errorf(k, "%s: not imported: a capture-only leap onto a square its quiet moves reach too (Fairy-Stockfish takes en passant only where the type does not move)", strings.ToLower(p.Letter))
					return
				}
			}
			a.EPCapture = true
		}
		if in && p.Promotion != nil && epSquares {
			im.refuseEPIntoPromotion(k, *p)
		}
	}
}

// refuseEPIntoPromotion refuses a type that could take en passant onto a square of its
// promotion region: Fairy-Stockfish's en-passant capture never promotes.
func (im *importer) refuseEPIntoPromotion(k iniKey, p Piece) {
	def := im.def
	files, ranks := def.Board.Files, def.Board.Ranks
	pw, pb := zoneSquares(def.Zones[p.Promotion.Zone], files, ranks)
	for _, q := range def.Pieces {
		for _, a := range q.Moves {
			if !a.EPTarget || a.Ride == nil || a.From == "" {
				continue
			}
			w, b := zoneSquares(def.Zones[a.From], files, ranks)
			hi := 1
			if len(a.Range) > 0 {
				hi = a.Range[len(a.Range)-1]
			}
			for side, from := range [][]string{w, b} {
				zone, dy := pb, 1 // the capturer is the other side
				if side == 1 {
					zone, dy = pw, -1
				}
				for _, s := range from {
					r, _ := strconv.Atoi(s[1:])
					for n := 1; n < hi; n++ {
						for _, v := range Images(a.Ride[0], a.Ride[1], a.Symmetry, a.Only) {
							if t := fmt.Sprintf("%c%d", int(s[0])+v[0]*n, r+dy*v[1]*n); slices.Contains(zone, t) {
								im.errorf(k, "%s: not imported: it takes en passant onto %s, in its promotion region, which Fairy-Stockfish never promotes", strings.ToLower(p.Letter), t)
								return
							}
						}
					}
				}
			}
		}
	}
}

// importMoveRuleTypes maps the n-move count's types, each colour's (the current source's
// nMoveRuleTypes[c]: pawnTypes and nMoveRuleTypes set both colours', nMoveRuleTypesWhite
// and nMoveRuleTypesBlack one; the nearest section's key wins, and within a section the
// one parser.cpp reads last; a colour no key sets keeps the parent's types). A move of a
// colour's type resets the count when the type could not move straight back from where
// it went on an empty board (Position::do_move: PseudoMoves[0][us] from the square it went
// to); no other type's move does, but captures and promotions. A type whose quiet moves
// all go one way gets resets-clock, one with both kinds resets-clock-unless-back (decided
// move by move), and a type of one colour's set only resets-clock-sides with that colour.
func (im *importer) importMoveRuleTypes() {
	def := im.def
	kw, okw := im.getAny("pawnTypes", "nMoveRuleTypes", "nMoveRuleTypesWhite")
	kb, okb := im.getAny("pawnTypes", "nMoveRuleTypes", "nMoveRuleTypesBlack")
	if !okw && !okb {
		return
	}
	given := [2]bool{okw, okb}
	var sets [2][]string
	for c, k := range [2]iniKey{kw, kb} {
		if given[c] {
			set, ok := im.setOf(k)
			if !ok {
				return
			}
			sets[c] = set
		}
	}
	at := kb
	if !okb {
		at = kw
	}
	pawn := ""
	if i := slices.IndexFunc(def.Pieces, im.isPawn); i >= 0 {
		pawn = def.Pieces[i].Letter
	}
	span := im.boardSpan()
	for i := range def.Pieces {
		p := &def.Pieces[i]
		var member [2]bool
		for c := range 2 {
			if !given[c] {
				member[c] = p.ResetsClockBy(c) // the parent's
				continue
			}
			if strings.HasPrefix(p.Letter, "+") {
				if slices.Contains(sets[c], im.movesAs[p.Letter]) {
					k := kw
					if c == 1 {
						k = kb
					}
					im.errorf(k, "%s: not imported: a promoted type counted as a pawn type", strings.ToLower(im.movesAs[p.Letter]))
					return
				}
				continue
			}
			member[c] = slices.Contains(sets[c], p.Letter)
		}
		p.ResetsClock, p.ResetsClockUnlessBack, p.ResetsClockSides = false, false, nil
		if !member[0] && !member[1] {
			continue
		}
		reversible, irreversible := false, true // the pawn's steps never go back
		if p.Letter != pawn {
			back := quietVectors(*p, span, false)
			irreversible = false
			for _, a := range p.Moves {
				if a.Mode == "capture" || a.Mode == "capture-royal" {
					continue
				}
				vs := atomVectors(a, span)
				if vs == nil {
					im.errorf(at, "%s: not imported: which of its moves the n-move count forgets is not read for hops", strings.ToLower(p.Letter))
					return
				}
				for _, v := range vs {
					if slices.Contains(back, [2]int{-v[0], -v[1]}) {
						reversible = true
					} else {
						irreversible = true
					}
				}
			}
		}
		// A type with both kinds of quiet moves resets the count by the move
		// (resets-clock-unless-back: the one it could make straight back leaves it).
		p.ResetsClock = irreversible && !reversible
		p.ResetsClockUnlessBack = irreversible && reversible
		if irreversible && member[0] != member[1] {
			side := 0
			if member[1] {
				side = 1
			}
			p.ResetsClockSides = []string{clockSides[side]}
		}
	}
	// Fairy-Stockfish's promotion resets the count whoever promotes: so does the pawn's
	// where its moves do not for both colours.
	if i := slices.IndexFunc(def.Pieces, im.isPawn); i >= 0 {
		if p := &def.Pieces[i]; p.Promotion != nil && !(p.ResetsClock && p.ResetsClockBy(0) && p.ResetsClockBy(1)) {
			p.Promotion.ResetsClock = true
		}
	}
}
