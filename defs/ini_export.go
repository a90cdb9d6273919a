// Writing a definition as a section of a Fairy-Stockfish variants.ini: the import's keys written back, and the section imported again to prove it says the same rules.

package defs

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Unfit is a rule of a definition that no variants.ini key says: the definition's key
// (as a YAML path) and why.
type Unfit struct{ Key, Why string }

// ExportError lists every rule of a definition that a variants.ini cannot say.
type ExportError struct {
	Variant string
	Unfit   []Unfit
}

func (e *ExportError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: not expressible as a Fairy-Stockfish variants.ini section:", e.Variant)
	for _, u := range e.Unfit {
		fmt.Fprintf(&b, "\n  %s: %s", u.Key, u.Why)
	}
	return b.String()
}

// iniLine is one key the exporter writes, with the definition's key it says.
type iniLine struct{ key, value, yaml string }

type exporter struct {
	def   *Definition
	im    *importer // the import's tables and readings (the pawn, the parent's goals)
	lines []iniLine
	unfit []Unfit
}

func (ex *exporter) put(key, value, yaml string) {
	ex.lines = append(ex.lines, iniLine{key, value, yaml})
}

func (ex *exporter) refuse(key, format string, args ...any) {
	ex.unfit = append(ex.unfit, Unfit{key, fmt.Sprintf(format, args...)})
}

// ExportINI writes def as the section [section] of a Fairy-Stockfish variants.ini, with
// no parent: every piece and rule by its key (the keys `chimera import` reads, which
// Fairy-Stockfish 11.1 or its current source reads the same way). The section is then
// imported again and compared with def rule by rule; a rule that does not come back the
// same is listed in an *ExportError with its YAML key, and nothing is written.
func ExportINI(def *Definition, section string) ([]byte, error) {
	ex := &exporter{def: def}
	ex.im = &importer{def: def, table: fsfPieces()}
	for _, p := range def.Pieces {
		ex.im.parentLetters = append(ex.im.parentLetters, p.Letter)
		ex.im.parentNames = append(ex.im.parentNames, p.Name)
	}
	ex.board()
	ex.pieces()
	if len(def.Setups) > 0 {
		if len(def.Setups[0].Shuffle) > 0 {
			ex.refuse("setups[0].shuffle", "a shuffled start: Fairy-Stockfish's variants.ini gives one start position (its Chess960 is the UCI option UCI_Chess960)")
		}
		ex.put("startFen", def.Setups[0].FEN, "setups[0].fen")
	}
	ex.pawn()
	ex.castling()
	for _, row := range iniRuleKeys {
		if v := row.write(def); v != "" {
			ex.put(row.key, v, row.yaml)
		}
	}
	ex.goals()
	ex.walls()
	ex.drops()
	ex.enclosing()
	ex.stalemateCount()
	ex.passes()
	ex.tables()
	text := ex.text(section)
	unfit := ex.unfit
	for _, u := range checkExport(def, text, ex.lines) {
		// A rule the section could not write at all is named once, by the exporter.
		if !slices.ContainsFunc(ex.unfit, func(v Unfit) bool { return strings.HasPrefix(u.Key, v.Key) || strings.HasPrefix(v.Key, u.Key) }) {
			unfit = append(unfit, u)
		}
	}
	if len(unfit) > 0 {
		return nil, &ExportError{Variant: def.Name, Unfit: unfit}
	}
	return text, nil
}

func (ex *exporter) text(section string) []byte {
	var b strings.Builder
	title := strings.Join(strings.Fields(ex.def.Title), " ") // one comment line
	fmt.Fprintf(&b, "# %s, written by `chimera export --ini`.\n[%s]\n", title, section)
	for _, l := range ex.lines {
		fmt.Fprintf(&b, "%s = %s\n", l.key, l.value)
	}
	return []byte(b.String())
}

// hex reports whether the definition's board is hexagonal (no variants.ini can say it).
func (ex *exporter) hex() bool { return ex.def.Board.Geometry == "hex" }

func (ex *exporter) board() {
	b := ex.def.Board
	if ex.hex() {
		ex.refuse("board.geometry", "a hexagonal board: Fairy-Stockfish's boards are square")
	}
	if b.Files > fsfMaxFiles || b.Ranks > fsfMaxRanks {
		ex.refuse("board", "%d×%d: Fairy-Stockfish's largest board is %d files by %d ranks", b.Files, b.Ranks, fsfMaxFiles, fsfMaxRanks)
	}
	ex.put("maxRank", strconv.Itoa(b.Ranks), "board.ranks")
	ex.put("maxFile", strconv.Itoa(b.Files), "board.files")
}

// pieces writes each piece as Fairy-Stockfish's type that moves as it (fsf/pieces.yaml:
// the pawn by its pawn moves, the king as the royal type), or as a custom piece by its
// XBetza; the royal piece that does not move as a king is the royal custom piece.
func (ex *exporter) pieces() {
	def := ex.def
	used := map[string]bool{}
	custom := 0
	royal := ""
	var king *fsfPiece
	for i := range ex.im.table {
		if ex.im.table[i].Royal {
			king = &ex.im.table[i]
		}
	}
	for i, p := range def.Pieces {
		yk := fmt.Sprintf("pieces[%d] (%s)", i, p.Letter)
		if len(p.Letter) != 1 || p.Letter[0] < 'A' || p.Letter[0] > 'Z' {
			ex.refuse(yk+".letter", "%s: a Fairy-Stockfish piece is one letter", Quote(p.Letter))
			continue
		}
		l := strings.ToLower(p.Letter)
		if p.Royal {
			if royal != "" {
				ex.refuse(yk+".royal", "a second royal type (%s is one): Fairy-Stockfish has one king type", royal)
				p.Royal = false // written as a man of its moves: the other rules are still compared
				ex.plain(p, yk, l, used, &custom)
				continue
			}
			royal = p.Letter
			if SameMoves(p.Moves, king.moves) {
				ex.put(king.Key, l, yk)
				ex.region(king.Key, p, yk)
				continue
			}
			text, why := WriteBetzaOn(ex.hex(), p.Moves)
			if why != "" {
				ex.refuse(yk+".moves", "no XBetza for the royal piece's moves: %s", why)
				text = placeholder(text) // the other rules are still compared
			}
			ex.put(king.Key, l+":"+text, yk)
			continue
		}
		ex.plain(p, yk, l, used, &custom)
	}
}

// plain writes a man that is not the king: as Fairy-Stockfish's type that moves as it, or
// as a custom piece (one whose moves XBetza cannot say is refused, and written with the
// nearest XBetza so that the other rules are still compared).
func (ex *exporter) plain(p Piece, yk, l string, used map[string]bool, custom *int) {
	keys, keysOK := movesKeys(p.Moves)
	t := slices.IndexFunc(ex.im.table, func(f fsfPiece) bool {
		if used[f.Key] || f.Royal || f.Refused != "" || f.moves == nil {
			return false
		}
		if f.Pawn {
			return ex.im.isPawn(p)
		}
		return keysOK && f.keysOK && slices.Equal(keys, f.keys) // SameMoves(p.Moves, f.moves)
	})
	if t >= 0 {
		key := ex.im.table[t].Key
		used[key] = true
		ex.put(key, l, yk)
		ex.region(key, p, yk)
		return
	}
	text, why := WriteBetzaOn(ex.hex(), p.Moves)
	if why != "" {
		ex.refuse(yk+".moves", "no XBetza for these moves: %s", why)
		text = placeholder(text)
	}
	*custom++
	if *custom > 25 {
		ex.refuse(yk, "more than 25 custom pieces")
		return
	}
	ex.put(fmt.Sprintf("customPiece%d", *custom), l+":"+text, yk)
}

// region writes a confined man's squares as its type's: Fairy-Stockfish's
// mobilityRegion<Colour><Type> (a custom piece's is not read by the import).
func (ex *exporter) region(key string, p Piece, yk string) {
	if p.Confined == "" {
		return
	}
	w, b := ex.squares(p.Confined)
	typ := strings.ToUpper(key[:1]) + key[1:]
	ex.put("mobilityRegionWhite"+typ, w, yk+".confined")
	ex.put("mobilityRegionBlack"+typ, b, yk+".confined")
}

// placeholder is the XBetza written for moves that have none exactly: the nearest, or a
// wazir's step.
func placeholder(text string) string {
	if _, err := ParseBetza(text); text == "" || err != nil {
		return "W"
	}
	return text
}

// squares writes each side's squares of a zone as a Fairy-Stockfish square set.
func (ex *exporter) squares(zone string) (white, black string) {
	d := ex.def
	w, b := zoneSquares(d.Zones[zone], d.Board.Files, d.Board.Ranks)
	join := func(s []string) string {
		if len(s) == 0 {
			return "-"
		}
		return strings.Join(dedupe(s), " ")
	}
	return join(onBoard(w, d.Board.Files, d.Board.Ranks)), join(onBoard(b, d.Board.Files, d.Board.Ranks))
}

// fromRank returns r when a zone is each side's ranks r and beyond (White's counted from
// rank 1, Black's mirrored), else 0.
func (ex *exporter) fromRank(zone string) int {
	d := ex.def
	w, b := zoneSquares(d.Zones[zone], d.Board.Files, d.Board.Ranks)
	w, b = dedupe(onBoard(w, d.Board.Files, d.Board.Ranks)), dedupe(onBoard(b, d.Board.Files, d.Board.Ranks))
	for r := 1; r <= d.Board.Ranks; r++ {
		if slices.Equal(w, dedupe(ranksSquares(ranksFrom(r, d.Board.Ranks), d.Board.Files))) &&
			slices.Equal(b, dedupe(ranksSquares(ranksFrom(1, d.Board.Ranks+1-r), d.Board.Files))) {
			return r
		}
	}
	return 0
}

// ranksOf returns the ranks (counted from each side) a zone is, or nil when it is not
// whole ranks mirrored for Black.
func (ex *exporter) ranksOf(zone string) []int {
	d := ex.def
	w, b := zoneSquares(d.Zones[zone], d.Board.Files, d.Board.Ranks)
	w, b = dedupe(onBoard(w, d.Board.Files, d.Board.Ranks)), dedupe(onBoard(b, d.Board.Files, d.Board.Ranks))
	var ranks []int
	for r := 1; r <= d.Board.Ranks; r++ {
		sq := ranksSquares([]int{r}, d.Board.Files)
		if slices.Contains(w, sq[0]) {
			ranks = append(ranks, r)
		}
	}
	var bw []int
	for _, r := range ranks {
		bw = append(bw, d.Board.Ranks+1-r)
	}
	if !slices.Equal(w, dedupe(ranksSquares(ranks, d.Board.Files))) || !slices.Equal(b, dedupe(ranksSquares(bw, d.Board.Files))) {
		return nil
	}
	return ranks
}

// pawn writes the pawn's double step and promotion keys.
func (ex *exporter) pawn() {
	def := ex.def
	at := slices.IndexFunc(def.Pieces, ex.im.isPawn)
	if at < 0 {
		return
	}
	p := def.Pieces[at]
	yk := fmt.Sprintf("pieces[%d] (%s)", at, p.Letter)
	double := slices.IndexFunc(p.Moves, func(a Atom) bool { return a.EPTarget })
	ex.put("doubleStep", strconv.FormatBool(double >= 0), yk+".moves")
	if double >= 0 {
		ranks := []int{}
		if z := p.Moves[double].From; z != "" {
			ranks = ex.ranksOf(z)
		}
		switch {
		case len(ranks) == 1:
			ex.put("doubleStepRank", strconv.Itoa(ranks[0]), yk+".moves")
		case len(ranks) == 2 && ranks[0] == 1:
			ex.put("doubleStepRank", strconv.Itoa(ranks[1]), yk+".moves")
			ex.put("firstRankDoubleSteps", "true", yk+".moves")
		default:
			ex.refuse(yk+".moves", "a double step from other squares than one rank (or the first and one more): no variants.ini key of both Fairy-Stockfish 11.1 and the importer says it")
		}
	}
	pr := p.Promotion
	if pr == nil {
		// Fairy-Stockfish's pawn with no types to promote into enters the last rank as a
		// pawn only when promotion is not mandatory.
		ex.put("promotionPieceTypes", "-", yk+".promotion")
		ex.put("mandatoryPawnPromotion", "false", yk+".promotion")
		return
	}
	if r := max(ex.fromRank(pr.Zone), mustPromoteFrom(def, p)); r > 0 {
		ex.put("promotionRank", strconv.Itoa(r), yk+".promotion.zone")
	} else {
		w, b := ex.squares(pr.Zone)
		ex.put("promotionRegionWhite", w, yk+".promotion.zone")
		ex.put("promotionRegionBlack", b, yk+".promotion.zone")
	}
	var to []string
	for _, l := range pr.To {
		to = append(to, strings.ToLower(l))
	}
	ex.put("promotionPieceTypes", strings.Join(to, ""), yk+".promotion.to")
	ex.put("mandatoryPawnPromotion", strconv.FormatBool(!pr.Optional), yk+".promotion.optional")
	if len(pr.Limits) > 0 {
		var lim []string
		for _, l := range slices.Sorted(maps.Keys(pr.Limits)) {
			lim = append(lim, fmt.Sprintf("%s:%d", strings.ToLower(l), pr.Limits[l]))
		}
		ex.put("promotionLimit", strings.Join(lim, " "), yk+".promotion.limits")
	}
}

func (ex *exporter) castling() {
	c := ex.def.Castling
	if c == nil {
		ex.put("castling", "false", "castling")
		return
	}
	ex.put("castling", "true", "castling")
	if at := slices.IndexFunc(ex.def.Pieces, func(p Piece) bool { return p.Letter == c.Royal }); at < 0 || !ex.def.Pieces[at].Royal {
		// The current source's castlingKingPiece, as the import reads it: a type that castles
		// in a variant with no royal man, over attacked squares or not.
		if slices.ContainsFunc(ex.def.Pieces, func(p Piece) bool { return p.Royal }) || c.Unattacked != nil && *c.Unattacked {
			ex.refuse("castling.royal", "%s castles but is not royal, beside a royal man or kept from attacked squares: the import reads castlingKingPiece only in a variant without a king", c.Royal)
		} else {
			ex.put("castlingKingPiece", strings.ToLower(c.Royal), "castling.royal")
		}
	}
	if len(c.Short.King) == 1 {
		ex.put("castlingKingsideFile", c.Short.King, "castling.short")
	}
	if len(c.Long.King) == 1 {
		ex.put("castlingQueensideFile", c.Long.King, "castling.long")
	}
	if c.Rank > 1 {
		ex.put("castlingRank", strconv.Itoa(c.Rank), "castling.rank")
	}
	rook := slices.IndexFunc(ex.lines, func(l iniLine) bool { return l.key == "rook" })
	if rook < 0 || ex.lines[rook].value != strings.ToLower(c.Partner) {
		ex.put("castlingRookPiece", strings.ToLower(c.Partner), "castling.partner")
	}
}

// goals writes the extinction goals, the flag goals and check counting, each read back
// as the import reads a parent's goals.
func (ex *exporter) goals() {
	def := ex.def
	value, types, all, count, opp, ok := ex.im.parentExtinction()
	switch {
	case !ok:
		ex.refuse("goals", "extinct goals not of the form Fairy-Stockfish's extinction keys make: one value, one list of types, one count")
	case value != "":
		var ts []string
		for _, l := range types {
			ts = append(ts, strings.ToLower(l))
		}
		if all {
			ts = append(ts, "*")
		}
		ex.put("extinctionValue", value, "goals")
		ex.put("extinctionPieceTypes", strings.Join(ts, ""), "goals")
		ex.put("extinctionPieceCount", strconv.Itoa(count), "goals")
		ex.put("extinctionOpponentPieceCount", strconv.Itoa(opp), "goals")
	}
	for i, g := range def.Goals {
		if g.Reach == "" || g.Stands != "" || g.When != "" {
			continue
		}
		yk := fmt.Sprintf("goals[%d]", i)
		if g.Count > 1 {
			ex.refuse(yk+".count", "a flag of several men (flagPieceCount) is newer than Fairy-Stockfish 11.1")
		}
		if g.Full {
			ex.refuse(yk+".full", "a flag held once its region is full (flagPieceBlockedWin) is newer than Fairy-Stockfish 11.1")
		}
		if g.Count > 1 || g.Full {
			continue
		}
		if g.Answerable || g.Whose != "" && g.Whose != "own" || g.Result != "" && g.Result != "win" || len(g.Pieces) > 1 {
			ex.refuse(yk, "a reach goal other than Fairy-Stockfish's flag rule (one type, or the king, reaching its side's squares wins)")
			continue
		}
		w, b := ex.squares(g.Reach)
		switch g.Side {
		case "white":
			b = "-"
		case "black":
			w = "-"
		}
		pieces := g.Pieces
		if len(pieces) == 0 {
			// The royal men, as the goal's default: Fairy-Stockfish's flag piece is one type.
			for _, p := range def.Pieces {
				if p.Royal {
					pieces = append(pieces, p.Letter)
				}
			}
		}
		if len(pieces) == 1 {
			ex.put("flagPiece", strings.ToLower(pieces[0]), yk+".pieces")
		}
		ex.put("whiteFlag", w, yk+".reach")
		ex.put("blackFlag", b, yk+".reach")
	}
	ex.castlingWins()
	if def.Rules.CheckCounter > 0 {
		ex.put("checkCounting", "true", "rules.check-counter")
	}
	ex.connect()
}

// castlingWins writes the castling goals as castlingWins, the rights whose castling wins
// (the castled goals' sides, by their side's colour), when the goals are those the import
// makes of them (castlingWinsGoals).
func (ex *exporter) castlingWins() {
	var goals []Goal
	at, rights := -1, ""
	for i, g := range ex.def.Goals {
		if len(g.Castled) == 0 && len(g.CastlingLost) == 0 {
			continue
		}
		if at < 0 {
			at = i
		}
		g.Src = Src{}
		goals = append(goals, g)
		for _, side := range g.Castled {
			for colour, letters := range map[string]string{"white": "KQ", "black": "kq"} {
				if g.Side == "" || g.Side == colour {
					rights += letters[map[string]int{"short": 0, "long": 1}[side]:][:1]
				}
			}
		}
	}
	if at < 0 {
		return
	}
	yk := fmt.Sprintf("goals[%d]", at)
	if rights == "" || !reflect.DeepEqual(goals, castlingWinsGoals(rights)) {
		ex.refuse(yk, "castling goals other than Fairy-Stockfish's castlingWins makes (a castling toward the rights named wins; a side keeping none of its named rights loses, the mover judged first)")
		return
	}
	ex.put("castlingWins", rights, yk)
}

// connect writes the line goals as the connect keys: a row (connectN), a square
// (connectNxN), men on a line with gaps (collinearN), and the connect goal one way as the
// regions (connectRegion1White and its kin), at most one of each, of the same
// pieces (connectPieceTypes), directions (connectHorizontal, connectVertical,
// connectDiagonal) and result (connectValue), for the mover, after every other goal (as
// Position::is_immediate_game_end judges them).
func (ex *exporter) connect() {
	def := ex.def
	var first *Goal
	var along []string
	kinds := map[string]bool{}
	seen := false
	for i, g := range def.Goals {
		yk := fmt.Sprintf("goals[%d]", i)
		if g.Line == 0 && len(g.Connect) == 0 {
			if seen {
				ex.refuse(yk, "a goal after a line goal: Fairy-Stockfish judges its connect goals after all others")
			}
			continue
		}
		seen = true
		bare := g
		bare.Src, bare.Name, bare.Line, bare.Along, bare.Gaps, bare.Block, bare.Pieces, bare.Result = Src{}, "", 0, nil, false, false, nil, ""
		bare.Connect, bare.OneWay = nil, false
		if bare.Whose == "own" {
			bare.Whose = ""
		}
		if !reflect.DeepEqual(bare, Goal{}) {
			ex.refuse(yk, "a line or connect goal with other conditions than the connect keys say (the mover's men, on either side)")
			continue
		}
		kind := "connectN"
		switch {
		case len(g.Connect) > 0:
			kind = "connectRegion"
			if !g.OneWay {
				ex.refuse(yk+".one-way", "a chain that steps back west or south: Fairy-Stockfish's connectRegion fill steps east, north, north-east and south-east only (one-way: true)")
				continue
			}
		case g.Block:
			kind = "connectNxN"
		case g.Gaps:
			kind = "collinearN"
		}
		if kinds[kind] {
			if kind == "connectRegion" {
				ex.refuse(yk, "a second connect goal (the connectRegion keys name one pair of regions a side)")
			} else {
				ex.refuse(yk, "a second line goal of its kind (%s is one number)", kind)
			}
			continue
		}
		kinds[kind] = true
		if kind != "connectRegion" && g.Line > 12 {
			ex.refuse(yk+".line", "more than 12 men in a row: the import reads connect keys up to 12")
			continue
		}
		result := g.Result
		if result == "" {
			result = "win"
		}
		if first != nil {
			fr := first.Result
			if fr == "" {
				fr = "win"
			}
			if fr != result || !sameSet(first.Pieces, g.Pieces) {
				ex.refuse(yk, "line goals of other pieces or another result than the first: the connect keys name one set and one value")
				continue
			}
		} else {
			first = &def.Goals[i]
		}
		if !g.Block {
			if along != nil && !sameSet(along, g.Along) {
				ex.refuse(yk+".along", "line goals along other lines than the first: the connect keys name one set of directions")
				continue
			}
			along = g.Along
			if along == nil {
				along = []string{}
			}
		}
		if kind == "connectRegion" {
			w1, b1 := ex.squares(g.Connect[0])
			w2, b2 := ex.squares(g.Connect[1])
			ex.put("connectRegion1White", w1, yk+".connect")
			ex.put("connectRegion2White", w2, yk+".connect")
			ex.put("connectRegion1Black", b1, yk+".connect")
			ex.put("connectRegion2Black", b2, yk+".connect")
			continue
		}
		ex.put(kind, strconv.Itoa(g.Line), yk+".line")
	}
	if first == nil {
		return
	}
	if len(first.Pieces) > 0 {
		var ts []string
		for _, l := range first.Pieces {
			ts = append(ts, strings.ToLower(l))
		}
		ex.put("connectPieceTypes", strings.Join(ts, ""), "goals.pieces")
	}
	if len(along) > 0 {
		for _, a := range []struct{ key, along string }{{"connectHorizontal", "rank"}, {"connectVertical", "file"}, {"connectDiagonal", "diagonal"}} {
			if !slices.Contains(along, a.along) {
				ex.put(a.key, "false", "goals.along")
			}
		}
	}
	if first.Result != "" && first.Result != "win" {
		ex.put("connectValue", first.Result, "goals.result")
	}
}

// sameSet reports whether two lists hold the same strings, whatever their order.
func sameSet(a, b []string) bool {
	return slices.Equal(dedupe(slices.Clone(a)), dedupe(slices.Clone(b)))
}

// drops writes the hand's keys.
func (ex *exporter) drops() {
	h := ex.def.Hands
	if h == nil || h.Drops == nil {
		return
	}
	d := h.Drops
	ex.put("pieceDrops", "true", "hands")
	ex.put("capturesToHand", strconv.FormatBool(h.CaptureTo != ""), "hands.capture-to")
	if ex.def.Board.Apart == "partners" {
		ex.put("twoBoards", "true", "board.apart")
	}
	ex.put("dropLoop", strconv.FormatBool(!h.Demote), "hands.demote")
	ex.put("dropChecks", strconv.FormatBool(d.MayGiveCheck == nil || *d.MayGiveCheck), "hands.drops.may-give-check")
	if len(d.MustDrop) > 0 {
		ex.put("mustDrop", "true", "hands.drops.must-drop")
		if len(d.MustDrop) == 1 {
			ex.put("mustDropType", strings.ToLower(d.MustDrop[0]), "hands.drops.must-drop")
		}
	}
	if at := slices.IndexFunc(ex.def.Pieces, ex.im.isPawn); at >= 0 {
		// The pawn's drops: Fairy-Stockfish keeps them off the first rank and the
		// promotion region unless told otherwise; the exported keys say which of the two
		// the definition forbids.
		pawn := ex.def.Pieces[at].Letter
		first, zone := true, true
		for _, r := range d.Forbid {
			if !slices.Equal(r.Pieces, []string{pawn}) {
				continue
			}
			w, _ := zoneSquares(ex.def.Zones[r.Zone], ex.def.Board.Files, ex.def.Board.Ranks)
			if slices.Contains(w, "a1") {
				first = false
			}
			if pr := ex.def.Pieces[at].Promotion; pr != nil {
				pw, _ := zoneSquares(ex.def.Zones[pr.Zone], ex.def.Board.Files, ex.def.Board.Ranks)
				if len(pw) > 0 && slices.Contains(w, pw[0]) {
					zone = false
				}
			}
		}
		ex.put("firstRankPawnDrops", strconv.FormatBool(first), "hands.drops.forbid")
		ex.put("promotionZonePawnDrops", strconv.FormatBool(zone), "hands.drops.forbid")
	}
	dr := tables().DropRules
	if len(d.OnePerFile) > 0 {
		ex.put(dr.OnePerFileKey, "false", "hands.drops.one-per-file")
	}
	if len(d.NoMate) > 0 {
		ex.put(dr.NoMateKey, "true", "hands.drops.no-mate")
	}
	if d.Promoted {
		ex.put("dropPromoted", "true", "hands.drops.promoted")
	}
	if d.CreateCastling != "" {
		ex.put("castlingDroppedPiece", "true", "hands.drops.create-castling")
	}
}

// tables writes the keys whose values name Fairy-Stockfish's tables (fsf/tables.yaml):
// each value is imported in turn, and the one that reads back as the definition's rule
// is written (none: the check of the export names the rule).
func (ex *exporter) tables() {
	r := ex.def.Rules
	if r.Counting != nil {
		ex.byImport("rules.counting", func(d *Definition) any { return d.Rules.Counting }, "countingRule", slices.Sorted(maps.Keys(tables().CountingRule)))
	}
	if r.Points != nil {
		ex.byImport("rules.points", func(d *Definition) any { return d.Rules.Points }, "materialCounting", append(slices.Sorted(maps.Keys(tables().MaterialCounting)), "unweighted"))
	}
	if r.Checkmate != nil {
		ex.byImport("rules.checkmate", func(d *Definition) any { return d.Rules.Checkmate }, "shatarMateRule", []string{"true"})
	}
	if r.RepetitionLoses != "" {
		abs := strconv.FormatBool(r.RepetitionLoses == "white" || r.RepetitionLoses == "black")
		ex.byImport("rules.repetition-loses", func(d *Definition) any { return d.Rules.RepetitionLoses }, "nFoldValue", []string{"loss", "win"}, "nFoldValueAbsolute", abs)
	}
}

// byImport writes the value of key (with the extra key-value pairs) that the import reads
// into the same rule as the definition's (rule gives it), when one does.
func (ex *exporter) byImport(yamlKey string, rule func(*Definition) any, key string, values []string, extra ...string) {
	want := show(rule(ex.def))
	for _, v := range values {
		d := *ex.def
		d.Rules.Counting, d.Rules.Points, d.Rules.Checkmate, d.Rules.RepetitionLoses = nil, nil, nil, "" // what the keys set
		im := &importer{file: "export", def: &d, keys: map[string]iniKey{key: {Key: key, Value: v}}, used: map[string]bool{}, table: ex.im.table}
		for i := 0; i+1 < len(extra); i += 2 {
			im.keys[extra[i]] = iniKey{Key: extra[i], Value: extra[i+1]}
		}
		im.importVariantRules()
		if len(im.errs) == 0 && show(rule(&d)) == want {
			ex.put(key, v, yamlKey)
			for i := 0; i+1 < len(extra); i += 2 {
				ex.put(extra[i], extra[i+1], yamlKey)
			}
			return
		}
	}
}
