// The variants.ini importer: sections read as Fairy-Stockfish reads them, refused keys reported at their line.
package defs

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// janggiCannon comes from the table's moves with "$" read as the letter the section gives
// it: its legs refuse cannons of that letter (and a new letter is followed).
func TestINIJanggiCannonNamesItsOwnLetter(t *testing.T) {
	ini := "[jc:chess]\njanggiCannon = w\nstartFen = rnbqkbnr/pppppppp/8/8/8/2w2W2/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
	out, err := ImportINI("v.ini", []byte(ini), "jc")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "not: [W]") || strings.Contains(string(out), "$") {
		t.Errorf("the cannon's legs should refuse W and no \"$\" be left:\n%s", out)
	}
}

func TestINIRefusedKeysArePositioned(t *testing.T) {
	ini := "# comment\n[bad:chess]\nmutuallyImmuneTypes = q\nfoo = 1\nqueen = -\npromotionPieceTypes = qrbn\nchasingRule = axf\ncustomPiece2 = z:mNxK\n\n[good:chess]\ncastling = false\ncustomPiece1 = a:mNcK\n"
	_, err := ImportINI("v.ini", []byte(ini), "bad")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"v.ini:3:23: mutuallyImmuneTypes: not imported",
		"v.ini:4:7: foo: neither Fairy-Stockfish 11.1 nor its current source has such a key",
		`v.ini:6:23: promotionPieceTypes: "q" is no piece of the variant`,
		"v.ini:7:15: chasingRule: not imported",
		`v.ini:8:20: customPiece2: "x" is XBetza, but Chimera's atoms cannot say it`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	// A limit on a type men promote into goes on their promotion where no other man of the
	// type can stand (knights into centaurs); a centaur in the setup is counted apart.
	lim := "[lim:chess]\ncentaur = g\npromotedPieceType = n:g\npromotionLimit = g:1\n" +
		"\n[lim2:lim]\nstartFen = rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1\n"
	if out, err := ImportINI("v.ini", []byte(lim), "lim"); err != nil || !strings.Contains(string(out), "limits: {+N: 1}") {
		t.Errorf("[lim]: %v\n%s", err, out)
	}
	if _, err := ImportINI("v.ini", []byte(lim), "lim2"); err == nil || !strings.Contains(err.Error(), `promotionLimit: g: men promote into this type under promotedPieceType, which Fairy-Stockfish counts with it and Chimera as a type of their own, and the setup "start" holds one`) {
		t.Errorf("[lim2]: %v", err)
	}
	out, err := ImportINI("v.ini", []byte(ini), "good")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:good", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if def.Castling != nil || !strings.Contains(def.Setups[0].FEN, " w - ") {
		t.Errorf("castling = false: castling %v, FEN %s", def.Castling, def.Setups[0].FEN)
	}
	if a := def.Pieces[len(def.Pieces)-1]; a.Letter != "A" || !SameMoves(a.Moves, mustBetza("mNcK")) {
		t.Errorf("customPiece1: %+v", a)
	}
	if got := INISections([]byte(ini)); strings.Join(got, ",") != "bad,good" {
		t.Errorf("sections %v", got)
	}
	if _, err := ImportINI("v.ini", []byte("[chess]\n"), "chess"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a built-in's name: %v", err)
	}
}

func mustBetza(s string) []Atom {
	a, err := ParseBetza(s)
	if err != nil {
		panic(err)
	}
	return a
}

// The keys of promotion into new types and of particular rules: what each refuses, at
// its line and column, and what the result-only rules write.
func TestINIPromotionAndRuleKeys(t *testing.T) {
	ini := "[bad]\nshogiPawn = p\ngold = g\nking = k\nstartFen = 4k/5/5/5/P3K[] w - - 0 1\n" +
		"promotedPieceType = k:g p:g\npieceDrops = true\ncapturesToHand = true\nnFoldValue = none\n" +
		"\n[bad2:chess]\ngold = g\npromotedPieceType = p:g\npiecePromotionOnCapture = true\npromotionPieceTypes = qg\npromotionLimit = q:1 g:1\n" +
		"\n[good:chess]\nbers = j\nshatarMateRule = true\nnFoldValue = win\nnFoldValueAbsolute = true\nmaterialCounting = unweighted\ncountingRule = makruk\n"
	_, err := ImportINI("v.ini", []byte(ini), "bad")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"v.ini:6:21: promotedPieceType: k:g: Fairy-Stockfish 11.1 never promotes its king",
		"v.ini:9:14: nFoldValue: none: a repetition must end the game",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	_, err = ImportINI("v.ini", []byte(ini), "bad2")
	for _, want := range []string{
		"v.ini:14:27: piecePromotionOnCapture: the pawn promotes into a new type only by capturing",
		"v.ini:16:18: promotionLimit: g: men promote into this type under promotedPieceType, which Fairy-Stockfish counts with it and Chimera as a type of their own, and the Pawn promotes into it itself",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	out, err := ImportINI("v.ini", []byte(ini), "good")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:good", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	r := def.Rules
	if r.Checkmate == nil || strings.Join(r.Checkmate.ForbiddenBy, ",") != "N" || len(r.Checkmate.NeedsCheckBy) != 3 {
		t.Errorf("shatarMateRule: %+v", r.Checkmate)
	}
	if r.RepetitionLoses != "black" || r.Points == nil || len(r.Points.Values) != len(def.Pieces) || r.Counting == nil || !r.Counting.FromMen {
		t.Errorf("nFoldValue, materialCounting, countingRule: %q %+v %+v", r.RepetitionLoses, r.Points, r.Counting)
	}
}

// A startFen's fields read as Fairy-Stockfish's current source reads them: the expected
// FENs are what it prints (`d`) for these sections of its variants.ini.
func TestINIStartFENAsFairyStockfishReadsIt(t *testing.T) {
	for _, c := range []struct {
		fen           string
		checkCounting bool
		want          string
	}{
		{"ppppp/ppppp/5/PPPPP/PPPPP w 0 1", false, "ppppp/ppppp/5/PPPPP/PPPPP w - - 0 1"},
		{"1fkm3/1p1s3/7/7/7/3S1P1/3MKF1[] w - 0 1", false, "1fkm3/1p1s3/7/7/7/3S1P1/3MKF1[] w - - 1 1"},
		{"rnbqcbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQCBNK w 7+7 0 1", true, "rnbqcbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQCBNK w - - 7+7 0 1"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
	} {
		got, ok := fsfStartFEN(c.fen, 8, 8, c.checkCounting, false)
		if !ok || got != c.want {
			t.Errorf("%q: got %q, want %q", c.fen, got, c.want)
		}
	}
}

// Walls in a start FEN ('*') of a variant without walls stand all game: missing cells of
// the layout, left out of the zones; a hopper, which may hop a wall in Fairy-Stockfish,
// is refused.
func TestINIStartFENWalls(t *testing.T) {
	ini := "[walled:chess]\nstartFen = rnbqkbn*/pppppppp/8/8/8/8/PPPPPPPP/*NBQKBNR w - - 0 1\ncastling = false\n\n" +
		"[hopper:walled]\ncannon = c\n"
	out, err := ImportINI("v.ini", []byte(ini), "walled")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:walled", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rows := strings.Fields(def.Board.Layout); len(rows) != 8 || rows[0] != ".......*" || rows[7] != "*......." {
		t.Errorf("layout %q", def.Board.Layout)
	}
	for name, z := range def.Zones {
		for _, sq := range append(append(z.Squares, z.White...), z.Black...) {
			if sq == "a1" || sq == "h8" {
				t.Errorf("zone %s keeps the wall %s", name, sq)
			}
		}
	}
	if _, err := ImportINI("v.ini", []byte(ini), "hopper"); err == nil || !strings.Contains(err.Error(), "v.ini:2:12: startFen: not imported: walls") {
		t.Errorf("a hopper with walls: %v", err)
	}
}

// pass and passOnStalemate: both colours' pass, only without other moves for the
// second; one colour's is refused at its line.
func TestINIPassKeys(t *testing.T) {
	ini := "[p1:chess]\npass = true\n\n[p2:p1]\npassOnStalemate = true\n\n[p3:chess]\npassWhite = true\n"
	for section, want := range map[string]*Pass{"p1": {EndAfter: 2}, "p2": {EndAfter: 2, OnlyWithoutMoves: true}} {
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatal(err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatal(err)
		}
		if p := def.Rules.Pass; p == nil || p.EndAfter != want.EndAfter || p.OnlyWithoutMoves != want.OnlyWithoutMoves || p.InCheck {
			t.Errorf("[%s] pass %+v, want %+v", section, p, want)
		}
	}
	if _, err := ImportINI("v.ini", []byte(ini), "p3"); err == nil || !strings.Contains(err.Error(), "v.ini:8:13: passWhite: not imported: a pass for one colour only") {
		t.Errorf("[p3]: %v", err)
	}
}

// immobilityIllegal: a type's squares with no quiet move on an empty board (a forward
// knight's last two ranks, a lance's last) take no drop of it; a man that never promotes
// is kept off them, one that may promote must promote there.
func TestINIImmobilityIllegal(t *testing.T) {
	ini := "[dead]\nmaxRank = 9\nmaxFile = 9\nking = k\nshogiKnight = n\nlance = l\ngold = g\n" +
		"promotedPieceType = l:g\npromotionRegionWhite = *7 *8 *9\npromotionRegionBlack = *1 *2 *3\n" +
		"startFen = 4k4/9/9/9/9/9/9/9/4K4[NLnl] w - - 0 1\npieceDrops = true\ncapturesToHand = true\nimmobilityIllegal = true\n"
	out, err := ImportINI("v.ini", []byte(ini), "dead")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:dead", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	forbid := map[string]Zone{}
	for _, r := range def.Hands.Drops.Forbid {
		forbid[strings.Join(r.Pieces, "")] = def.Zones[r.Zone]
	}
	if z := forbid["N"]; len(z.White) != 18 || z.White[0] != "a8" || len(z.Black) != 18 || z.Black[0] != "a1" {
		t.Errorf("knight drops: %+v", z)
	}
	if z := forbid["L"]; len(z.White) != 9 || z.White[0] != "a9" || z.Black[0] != "a1" {
		t.Errorf("lance drops: %+v", z)
	}
	for _, p := range def.Pieces {
		switch p.Letter {
		case "N":
			if z := def.Zones[p.Confined]; p.Confined == "" || len(z.White) != 63 || slices.Contains(z.White, "a8") {
				t.Errorf("knight confined %q %+v", p.Confined, z)
			}
		case "L":
			if p.Promotion == nil || p.Promotion.Forced == "" || len(def.Zones[p.Promotion.Forced].White) != 9 {
				t.Errorf("lance promotion %+v", p.Promotion)
			}
		}
	}
}

// The enclosing keys over the flipping built-ins, and stalematePieceCount: each value
// read as the current source's Position::drop_region, do_move and stalemate_value read it.
func TestINIEnclosingKeys(t *testing.T) {
	ini := "[e-none:flipello]\nenclosingDrop = none\n\n" +
		"[e-ataxx:flipello]\nenclosingDrop = ataxx\nflipEnclosedPieces = quadwrangle\nenclosingDropStart = a1 l10\n\n" +
		"[e-top:ataxx]\ndropOnTop = true\nflipEnclosedPieces = top\n\n" +
		"[e-top2:e-top]\nenclosingDrop = snort\n\n" +
		"[e-same:ataxx]\ndropOnTop = true\nenclosingDrop = snort\n\n" +
		"[e-nodrops:ataxx]\npieceDrops = false\nflipEnclosedPieces = reversi\nstalematePieceCount = false\n\n" +
		"[e-suicide:suicide]\nstalemateValue = loss\n\n" +
		"[e-any:ataxx]\nenclosingDrop = anyside\n\n" +
		"[e-king:chess]\nflipEnclosedPieces = ataxx\n\n" +
		"[e-any-region]\nmaxRank = 6\nmaxFile = 7\nimmobile = p\nstartFen = 7/7/7/7/7/7[PPpp] w - - 0 1\npieceDrops = true\nenclosingDrop = anyside\ndropRegionWhite = *1\n"
	load := func(section string) *Definition {
		t.Helper()
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatalf("[%s] %v", section, err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatalf("[%s] %v\n%s", section, err, out)
		}
		return def
	}
	if d := load("e-none").Hands.Drops; d.Flanking || d.NextToOwn || d.FirstOn != nil {
		t.Errorf("[e-none] drops %+v: none restricts nothing, nor keeps the start's cells", d)
	}
	def := load("e-ataxx")
	if d := def.Hands.Drops; d.Flanking || !d.NextToOwn || !slices.Equal(d.FirstOn, []string{"a1"}) {
		t.Errorf("[e-ataxx] drops %+v", d)
	}
	if f := def.Flip; f == nil || !f.Adjacent || f.Flanked || !f.DropsNextToOwn {
		t.Errorf("[e-ataxx] flip %+v", f)
	}
	def = load("e-top")
	if d := def.Hands.Drops; !d.OnTop || d.AwayFromEnemy || d.NextToOwn || def.Flip != nil {
		t.Errorf("[e-top] drops %+v flip %+v: dropOnTop is top; top flips nothing", d, def.Flip)
	}
	for _, section := range []string{"e-top2", "e-same"} {
		if d := load(section).Hands.Drops; d.OnTop || !d.AwayFromEnemy {
			t.Errorf("[%s] drops %+v: enclosingDrop, in a nearer section or read after it in the same, wins over dropOnTop", section, d)
		}
	}
	def = load("e-nodrops")
	if def.Hands != nil || def.Flip == nil || !def.Flip.Flanked || def.Rules.NoMoves.Otherwise != "loss" || strings.Contains(def.Setups[0].FEN, "[") {
		t.Errorf("[e-nodrops] hands %+v flip %+v stalemate %q FEN %s", def.Hands, def.Flip, def.Rules.NoMoves.Otherwise, def.Setups[0].FEN)
	}
	if got := load("e-suicide").Rules.NoMoves.Otherwise; got != "more-men-wins" {
		t.Errorf("[e-suicide] stalemate %q: loss, counted as the parent counts", got)
	}
	if d := load("e-any").Hands.Drops; !slices.Equal(d.SlideIn, []string{"west", "south"}) || !slices.Equal(d.SlideThrough, []string{"north", "east"}) || d.OnTop {
		t.Errorf("[e-any] drops %+v: anyside slides in from the left and the bottom, through from the top and the right", d)
	}
	for section, want := range map[string]string{
		"e-king":       "v.ini:32:22: flipEnclosedPieces: not imported: a flip in a variant with a king",
		"e-any-region": "v.ini:40:17: enclosingDrop: anyside: not imported: the drops slide in wherever the section's drop regions",
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: %v, want %q", section, err, want)
		}
	}
}

// adjudicateFullBoard: the current source's full-board end, rules.full-board; false over
// a parent that has it takes it away.
func TestINIFullBoardKey(t *testing.T) {
	ini := "[f1:chess]\nadjudicateFullBoard = true\n\n[f2:f1]\nadjudicateFullBoard = false\n\n[f3:chess]\nadjudicateFullBoard = yes\n"
	for section, want := range map[string]bool{"f1": true, "f2": false} {
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatal(err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatal(err)
		}
		if def.Rules.FullBoard != want {
			t.Errorf("[%s] full-board %v, want %v", section, def.Rules.FullBoard, want)
		}
	}
	if _, err := ImportINI("v.ini", []byte(ini), "f3"); err == nil || !strings.Contains(err.Error(), "adjudicateFullBoard: expected true or false") {
		t.Errorf("[f3]: %v", err)
	}
}

// castlingKingPiece over a parent whose king the section takes away: the commoner castles
// on the parent's squares, and the export writes the key back.
func TestINICastlingKingPiece(t *testing.T) {
	ini := "[river2:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\n"
	out, err := ImportINI("v.ini", []byte(ini), "river2")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("river2.yaml", out)
	if err != nil {
		t.Fatal(err)
	}
	if def.Castling == nil || def.Castling.Royal != "K" || def.Castling.Partner != "R" {
		t.Fatalf("castling %+v, want the commoner K castling with R:\n%s", def.Castling, out)
	}
	if !strings.Contains(def.Setups[0].FEN, " KQkq ") {
		t.Errorf("setup %q: the castling rights should stay", def.Setups[0].FEN)
	}
	back, err := ExportINI(def, "river3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(back), "castlingKingPiece = k") {
		t.Errorf("export without castlingKingPiece:\n%s", back)
	}
	if _, err := ImportINI("v.ini", []byte("[r:chess]\ncastlingKingPiece = z\n"), "r"); err == nil || !strings.Contains(err.Error(), `v.ini:2:21: castlingKingPiece: "z" is no piece of the variant`) {
		t.Errorf("an unknown letter: %v", err)
	}
}

// Fairy-Stockfish's walling keys (its current source's movegen.cpp and position.cpp):
// static, duck, arrow and past onto walls.place and walls.moving, the walling region onto
// walls.except; edge onto walls.place edge and wallOrMove onto walls.instead; wallOrMove
// without walls, a region per side and walls over rules the walls do not follow are
// refused at their line, with why.
func TestINIWallingKeys(t *testing.T) {
	ini := "[wpast:isolation]\nwallingRule = past\n" +
		"\n[wduck:snailtrail]\nwallingRule = duck\nwallingRegion = *1 *2 *3 *4\nwallOrMove = false\n" +
		"\n[warrow:snailtrail]\nwallingRule = arrow\n" +
		"\n[wnone:duck]\nwallingRule = none\n" +
		"\n[wedge:chess]\nwallingRule = edge\nwallOrMove = true\n" +
		"\n[bad2:amazons]\nwallingRegionWhite = *1\n" +
		"\n[bad3:chess]\nwallingRule = static\n" +
		"\n[bad4:duck]\nwallingRule = arrow\n" +
		"\n[bad5:chess]\nwallingRule = walls\n" +
		"\n[bad6:chess]\nwallOrMove = true\n"
	for _, c := range []struct {
		section string
		want    *Walls
	}{
		{"wpast", &Walls{Place: "origin", Except: []string{"c1", "d8"}}},
		{"wduck", &Walls{Moving: true, Except: []string{"a5", "b5", "c5", "d5", "e5", "f5", "g5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "a7", "b7", "c7", "d7", "e7", "f7", "g7"}}},
		{"warrow", &Walls{Place: "reach"}},
		{"wnone", nil},
		{"wedge", &Walls{Place: "edge", Instead: true}},
	} {
		out, err := ImportINI("v.ini", []byte(ini), c.section)
		if err != nil {
			t.Fatalf("[%s]: %v", c.section, err)
		}
		def, err := Parse("v.ini:"+c.section, out)
		if err != nil {
			t.Fatalf("[%s]: %v\n%s", c.section, err, out)
		}
		if w := def.Walls; (w == nil) != (c.want == nil) || w != nil && (w.Place != c.want.Place || w.Moving != c.want.Moving || w.Instead != c.want.Instead || !slices.Equal(w.Except, c.want.Except)) {
			t.Errorf("[%s]: walls %+v, want %+v", c.section, w, c.want)
		}
	}
	for section, wants := range map[string][]string{
		"bad2": {"v.ini:20:22: wallingRegionWhite: not imported: a walling region for each side"},
		"bad3": {`v.ini:23:15: wallingRule: static: not imported: walls cannot be combined with a check rule (rules.check is "royal-attacked"`},
		"bad4": {"v.ini:26:15: wallingRule: arrow: not imported: Fairy-Stockfish aims the arrow after castling from the partner's square"},
		"bad5": {`v.ini:29:15: wallingRule: expected arrow, duck, edge, past, static or none, found "walls"`},
		"bad6": {"v.ini:32:14: wallOrMove: true: not imported: without walls (wallingRule) Fairy-Stockfish's wallOrMove makes the pass it adds a plain pass"},
	} {
		_, err := ImportINI("v.ini", []byte(ini), section)
		for _, want := range wants {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("[%s]: missing %q in:\n%v", section, want, err)
			}
		}
	}
	// The walls written back: a built-in's walls, exported, import to the same walls.
	for _, name := range []string{"amazons", "isolation", "snailtrail", "wedge"} {
		def, err := Load(name)
		if name == "wedge" {
			var out []byte
			if out, err = ImportINI("v.ini", []byte(ini), name); err == nil {
				def, err = Parse("v.ini:"+name, out)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		text, err := ExportINI(def, "x")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := ImportINI("x.ini", text, "x")
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, text)
		}
		back, err := Parse("x.ini:x", out)
		if err != nil {
			t.Fatal(err)
		}
		if w, b := def.Walls, back.Walls; b == nil || orDefault(w.Place, "any") != orDefault(b.Place, "any") || w.Moving != b.Moving || w.Instead != b.Instead || !slices.Equal(w.Except, b.Except) {
			t.Errorf("%s: walls %+v written as\n%s\nread back as %+v", name, w, text, b)
		}
	}
}

// castlingWins (the current source's CastlingRights: K, Q White's short and long, k, q
// Black's): a castling toward a side named wins, a side keeping none of its named rights
// loses, the mover's judged first; written back as the same key.
func TestINICastlingWins(t *testing.T) {
	ini := "[castle:chess]\ncastlingWins = q\n\n[both:chess]\ncastlingWins = Kq\n" +
		"\n[bad:chess]\ncastlingWins = x\n\n[bad2:chess]\ncastling = false\ncastlingWins = K\n"
	out, err := ImportINI("v.ini", []byte(ini), "castle")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:castle", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := []Goal{
		{Name: "castling rights lost", CastlingLost: []string{"long"}, Whose: "opponent", Side: "white"},
		{Name: "castled", Castled: []string{"long"}, Side: "black"},
		{Name: "castling rights lost", CastlingLost: []string{"long"}, Side: "black", Result: "loss"},
	}
	if len(def.Goals) != len(want) {
		t.Fatalf("goals %+v, want %+v", def.Goals, want)
	}
	for i, g := range def.Goals {
		g.Src = Src{}
		if !slices.Equal(g.Castled, want[i].Castled) || !slices.Equal(g.CastlingLost, want[i].CastlingLost) || g.Whose != want[i].Whose || g.Side != want[i].Side || g.Result != want[i].Result {
			t.Errorf("goal %d: %+v, want %+v", i, g, want[i])
		}
	}
	text, err := ExportINI(def, "castle")
	if err != nil || !strings.Contains(string(text), "\ncastlingWins = q\n") {
		t.Errorf("export: %v\n%s", err, text)
	}
	out, err = ImportINI("v.ini", []byte(ini), "both")
	if err != nil {
		t.Fatal(err)
	}
	if def, err = Parse("v.ini:both", out); err != nil {
		t.Fatal(err)
	}
	if text, err := ExportINI(def, "both"); err != nil || !strings.Contains(string(text), "\ncastlingWins = Kq\n") {
		t.Errorf("export of Kq: %v\n%s", err, text)
	}
	for section, want := range map[string]string{
		"bad":  `v.ini:8:16: castlingWins: expected castling rights K, Q, k, q (White's short and long, Black's) or -, found "x"`,
		"bad2": "v.ini:12:16: castlingWins: the variant has no castling",
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: missing %q in:\n%v", section, want, err)
		}
	}
}

// A board of one rank: the moves that leave it from every square go (the king's and the
// queen's diagonals, Fairy-Stockfish generating nothing for them), and the types left
// without a move that no man can be from the start (the pawn, the knight, the bishop,
// none in the setup) with them; a new type's leap along the rank stays.
func TestINIOneRank(t *testing.T) {
	ini := "[line:chess]\nmaxRank = 1\ncustomPiece1 = d:D\nstartFen = KDR2rdk w\n"
	out, err := ImportINI("v.ini", []byte(ini), "line")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:line", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var letters []string
	for _, p := range def.Pieces {
		letters = append(letters, p.Letter)
		want := map[string]string{"K": "W", "Q": "R", "R": "R", "D": "D"}[p.Letter]
		if got, why := WriteBetza(p.Moves); got != want || why != "" {
			t.Errorf("%s moves as %q (%s), want %q", p.Letter, got, why, want)
		}
	}
	if strings.Join(letters, "") != "KQRD" {
		t.Errorf("pieces %v, want K Q R D", letters)
	}
	// Standing in the setup, the bishop stays, immobile.
	out, err = ImportINI("v.ini", []byte(ini+"[bishops:line]\nstartFen = KB4bk w\n"), "bishops")
	if err == nil {
		def, err = Parse("v.ini:bishops", out)
	}
	if err != nil {
		t.Fatalf("a setup with the bishops: %v", err)
	}
	if i := slices.IndexFunc(def.Pieces, func(p Piece) bool { return p.Letter == "B" }); i < 0 || def.Pieces[i].Moves == nil || len(def.Pieces[i].Moves) != 0 {
		t.Errorf("the bishop: %+v", def.Pieces)
	}
}

// Drop keys over placement: its hands built again from its keys beneath the section's,
// its bishops split by colour while each side holds two, drops must be made and no
// captures go to hand; captures to hand (more bishops to drop later) are refused.
func TestINIOverPlacement(t *testing.T) {
	ini := "[pawns:placement]\ndropNoDoubled = p\nstartFen = 8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1\ndropRegionWhite = *1 *2\ndropRegionBlack = *8 *7\n" +
		"[captures:pawns]\ncapturesToHand = true\n"
	out, err := ImportINI("v.ini", []byte(ini), "pawns")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:pawns", out)
	if err != nil {
		t.Fatal(err)
	}
	d := def.Hands.Drops
	if !slices.Equal(d.SplitColors, []string{"B"}) || !slices.Equal(d.MustDrop, []string{"K", "Q", "R", "B", "N", "P"}) || !slices.Equal(d.OnePerFile, []string{"P"}) || d.CreateCastling != "e" || def.Hands.CaptureTo != "" {
		t.Errorf("hands: %+v", d)
	}
	if _, err := ImportINI("v.ini", []byte(ini), "captures"); err == nil || !strings.Contains(err.Error(), "dropOppositeColoredBishop: the parent placement's rule") {
		t.Errorf("captures to hand: %v", err)
	}
}

// flagPieceBlockedWin: the flag goal judged on the position, held once the region is full
// (goals.full), for a count above one only, kept under a child's count, refused with
// flagPieceSafe or flagMove. flagPieceSafe with flagMove: the side to move's man still on
// its region loses the mover the game (stands), then the mover's safe one wins (safe-on);
// refused for the king as flag piece and for a count above one.
func TestINIFlagBlockedAndSafeMove(t *testing.T) {
	ini := "[blocked]\nmaxRank = 3\nmaxFile = c\ncustomPiece1 = p:mF\nstartFen = ppp/3/PPP w - - 0 1\nflagPiece = p\nflagRegionWhite = *3\nflagRegionBlack = *1\nflagPieceCount = 3\nflagPieceBlockedWin = true\n" +
		"\n[blocked2:blocked]\nflagPieceCount = 2\n" +
		"\n[blockedone:blocked]\nflagPieceCount = 1\n" +
		"\n[blockedsafe:blocked]\nflagPieceSafe = true\n" +
		"\n[safemove:chess]\nking = -\ncommoner = k\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\n" +
		"\n[safemoveking:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\n" +
		"\n[safemovecount:safemove]\nflagPieceCount = 2\n"
	goals := func(section string) []Goal {
		t.Helper()
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatalf("[%s]: %v", section, err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatalf("[%s]: %v\n%s", section, err, out)
		}
		return def.Goals
	}
	for section, want := range map[string]struct {
		count int
		full  bool
	}{"blocked": {3, true}, "blocked2": {2, true}, "blockedone": {0, false}} {
		gs := goals(section)
		if len(gs) != 1 || gs[0].Reach != "ini-flag" || gs[0].Count != want.count || gs[0].Full != want.full {
			t.Errorf("[%s]: goals %+v, want one reach goal with count %d, full %v", section, gs, want.count, want.full)
		}
	}
	gs := goals("safemove")
	if len(gs) != 2 || gs[0].Stands != "ini-flag" || gs[0].Result != "loss" || gs[0].Reach != "" || gs[1].SafeOn != "ini-flag" || gs[1].Whose != "" || gs[1].Result != "" {
		t.Errorf("[safemove]: goals %+v, want stands (a loss) then safe-on", gs)
	}
	for section, want := range map[string]string{
		"blockedsafe":   "v.ini:10:23: flagPieceBlockedWin: not imported: a region held once full, with flagPieceSafe or flagMove",
		"safemoveking":  "v.ini:34:12: flagMove: not imported: with flagPieceSafe and the king as flag piece",
		"safemovecount": "v.ini:37:18: flagPieceCount: not imported: a flag rule with an answer that needs 2 men on the region",
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: missing %q in:\n%v", section, want, err)
		}
	}
	// Written back, a full goal is refused at its key: Fairy-Stockfish 11.1 has no such rule.
	def, err := Parse("v.ini:blocked", []byte(mustImport(t, ini, "blocked")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ExportINI(def, "x"); err == nil || !strings.Contains(err.Error(), "goals[0].full") {
		t.Errorf("export of a full goal: %v", err)
	}
}

func mustImport(t *testing.T, ini, section string) []byte {
	t.Helper()
	out, err := ImportINI("v.ini", []byte(ini), section)
	if err != nil {
		t.Fatalf("[%s]: %v", section, err)
	}
	return out
}

// connectRegion1White and its kin: a connect goal, one way, of each side's regions, with
// the directions, types and value of the connect keys; none where a side lacks a region
// on each end for each side, no type counts or no direction is left; a positioned error
// for a value that ends nothing and for bad squares.
func TestINIConnectRegionKeys(t *testing.T) {
	ini := "[g1:chess]\nconnectRegion1White = a*\nconnectRegion2White = h*\nconnectRegion1Black = *1\nconnectRegion2Black = *8\nconnectDiagonal = false\n" +
		"\n[g2:g1]\nconnectRegion2White = -\nconnectRegion2Black = -\n" +
		"\n[g3:g1]\nconnectPieceTypes = *\n" +
		"\n[g4:g1]\nconnectHorizontal = false\nconnectVertical = false\n" +
		"\n[g5:g1]\nconnectValue = none\n" +
		"\n[g6:g1]\nconnectRegion2Black = z9\n" +
		"\n[g7:g1]\nconnectN = 4\nconnectNxN = 2\nconnectPieceTypes = pn\nconnectValue = loss\n"
	for section, want := range map[string]*Goal{
		"g1": {Name: "regions connected", Connect: []string{"ini-connect-1", "ini-connect-2"}, OneWay: true, Along: []string{"rank", "file"}, Result: "win"},
		"g2": nil, "g3": nil, "g4": nil,
	} {
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatalf("[%s]: %v", section, err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatal(err)
		}
		var got *Goal
		for i, g := range def.Goals {
			if len(g.Connect) > 0 {
				got = &def.Goals[i]
				got.Src = Src{}
			}
		}
		if want == nil {
			if got != nil {
				t.Errorf("[%s] got the goal %+v, want none", section, *got)
			}
			continue
		}
		if got == nil || !reflect.DeepEqual(*got, *want) {
			t.Errorf("[%s] got the goal %+v, want %+v\n%s", section, got, *want, out)
			continue
		}
		w, b := zoneSquares(def.Zones["ini-connect-2"], 8, 8)
		if strings.Join(w, " ") != "h1 h2 h3 h4 h5 h6 h7 h8" || strings.Join(b, " ") != "a8 b8 c8 d8 e8 f8 g8 h8" {
			t.Errorf("[%s] region 2: White %v, Black %v", section, w, b)
		}
	}
	// Row, chain, square, in Position::is_immediate_game_end's order, of the same types
	// and value.
	out, err := ImportINI("v.ini", []byte(ini), "g7")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:g7", out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range def.Goals {
		if g.Line > 0 || len(g.Connect) > 0 {
			names = append(names, g.Name)
			if g.Result != "loss" || strings.Join(g.Pieces, "") != "PN" {
				t.Errorf("[g7] goal %q: result %s, pieces %v, want loss and P, N", g.Name, g.Result, g.Pieces)
			}
		}
	}
	if strings.Join(names, ", ") != "4 in a row, regions connected, 2 by 2 square" {
		t.Errorf("[g7] goals %v", names)
	}
	for section, want := range map[string]string{
		"g5": "v.ini:20:16: connectValue: not imported: a connection that ends the game with no result",
		"g6": `v.ini:23:23: connectRegion2Black: expected squares`,
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: %v, want %s", section, err, want)
		}
	}
}

// promotedPieceType over a built-in parent whose own pieces promote (shogi's): the
// parent's promotions stay, the new pair promotes in the parent's zone; a custom type
// given the internal letter of the parent's promoted silver leaves those men as +S; a type
// that would stand where it never moves again (the parent's forced promotions are not
// known) and a pair over a type that promotes already are refused at the key.
func TestINIPromotedTypesOverParentPromotions(t *testing.T) {
	ini := "[over:shogi]\ncustomPiece1 = a:W\npromotedPieceType = a:g\n" +
		"startFen = lnsgkgsnl/1r5b1/ppppppppp/9/4a4/9/PPPPPPPPP/1B2A2R1/LNSGKGSNL[-] w 0 1\n" +
		"\n[dead:shogi]\ncustomPiece1 = a:fW\npromotedPieceType = a:g\n" +
		"\n[again:shogi]\npromotedPieceType = s:r\n" +
		"\n[region:shogi]\ncustomPiece1 = a:W\npromotedPieceType = a:g\npromotionRegionWhite = *9\npromotionRegionBlack = *1\n"
	out, err := ImportINI("v.ini", []byte(ini), "over")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:over", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	find := func(l string) *Piece {
		for i := range def.Pieces {
			if def.Pieces[i].Letter == l {
				return &def.Pieces[i]
			}
		}
		t.Fatalf("no piece %s in\n%s", l, out)
		return nil
	}
	if a := find("A"); a.Name != "Custom piece 1" || a.Promotion == nil || a.Promotion.Zone != "camp" || a.Promotion.To[0] != "+A" {
		t.Errorf("A: %+v", a)
	}
	if s := find("S"); s.Promotion == nil || s.Promotion.To[0] != "+S" {
		t.Errorf("the silver's promotion: %+v", s.Promotion)
	}
	if ps := find("+S"); ps.DemotesTo != "S" || ps.FEN != "" {
		t.Errorf("+S: %+v", ps)
	}
	if pa := find("+A"); pa.DemotesTo != "A" {
		t.Errorf("+A: %+v", pa)
	}
	// A new type with squares it could never leave (a wazir stepping forward only), over
	// shogi, whose immobilityIllegal is true: it promotes there by force, and is never
	// dropped there, as the section's own immobilityIllegal = true would have it.
	out, err = ImportINI("v.ini", []byte(ini), "dead")
	if err != nil {
		t.Fatal(err)
	}
	if def, err = Parse("v.ini:dead", out); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	a := find("A")
	if a.Promotion == nil || a.Promotion.Forced != "ini-dead-a" {
		t.Errorf("[dead] A's promotion: %+v, want forced on ini-dead-a", a.Promotion)
	}
	if z := def.Zones["ini-dead-a"]; !slices.Equal(z.White, []string{"a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9"}) {
		t.Errorf("[dead] zone ini-dead-a: %+v", z)
	}
	if !slices.ContainsFunc(def.Hands.Drops.Forbid, func(r DropRule) bool { return slices.Equal(r.Pieces, []string{"A"}) && r.Zone == "ini-dead-a" }) {
		t.Errorf("[dead] no drop of A forbidden on ini-dead-a: %+v", def.Hands.Drops.Forbid)
	}
	for _, l := range []string{"P", "L", "N"} {
		if p := find(l); p.Promotion != nil && strings.HasPrefix(p.Promotion.Forced, "ini-dead") {
			t.Errorf("[dead] the parent's %s took the section's rule: %+v", l, p.Promotion)
		}
	}
	for section, want := range map[string]string{
		"again":  "v.ini:11:21: promotedPieceType: s: the parent's Silver promotes already",
		"region": "v.ini:15:21: promotedPieceType: the parent's pieces promote already in a zone of their own, and the section gives another promotion region",
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: %v, want %q", section, err, want)
		}
	}
}

// petrifyOnCaptureTypes over any parent (capture.petrify; with explosions too, a key
// left empty taking the parent's away), a royal type refused; enPassantRegion = - takes
// en passant away, a region of every square changes nothing, another region is refused;
// each refusal at its line and column.
func TestINIPetrifyAndEnPassantRegion(t *testing.T) {
	ini := "[pet:chess]\npetrifyOnCaptureTypes = qrbn\n" +
		"[nuc:atomic]\npetrifyOnCaptureTypes = pnbrq\nenPassantRegion = -\n" +
		"[unpet:petrified]\npetrifyOnCaptureTypes = -\n" +
		"[petk:chess]\npetrifyOnCaptureTypes = qk\n" +
		"[epall:chess]\nenPassantRegion = a* b* c* d* e* f* g* h*\n" +
		"[epsome:chess]\nenPassantRegion = *3 *6\n" +
		"[epwhite:chess]\nenPassantRegionWhite = -\n"
	load := func(section string) *Definition {
		t.Helper()
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatalf("[%s]: %v", section, err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatalf("[%s]: %v\n%s", section, err, out)
		}
		return def
	}
	eps := func(def *Definition) (n int) {
		for _, p := range def.Pieces {
			for _, a := range p.Moves {
				if a.EPTarget || a.EPCapture {
					n++
				}
			}
		}
		return n
	}
	if d := load("pet"); d.Capture == nil || strings.Join(d.Capture.Petrify, "") != "QRBN" {
		t.Errorf("[pet]: capture %+v", d.Capture)
	}
	if d := load("nuc"); d.Capture == nil || d.Capture.Explode == nil || strings.Join(d.Capture.Petrify, "") != "PNBRQ" || eps(d) != 0 {
		t.Errorf("[nuc]: capture %+v, %d en-passant atoms", d.Capture, eps(d))
	}
	if d := load("unpet"); d.Capture != nil && len(d.Capture.Petrify) > 0 {
		t.Errorf("[unpet]: petrify %v", d.Capture.Petrify)
	}
	if d := load("epall"); eps(d) != 2 {
		t.Errorf("[epall]: %d en-passant atoms, want chess's 2", eps(d))
	}
	for section, want := range map[string]string{
		"petk":    `v.ini:9:25: petrifyOnCaptureTypes: not imported: "K" is royal`,
		"epsome":  "v.ini:13:19: enPassantRegion: not imported: en-passant squares limited to a region",
		"epwhite": "v.ini:15:24: enPassantRegionWhite: not imported: en-passant squares limited to a region",
	} {
		if _, err := ImportINI("v.ini", []byte(ini), section); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("[%s]: got %v, want %q", section, err, want)
		}
	}
}

// Explosions with captures to hand (atomiczh) import; dropChecks = false bars nothing
// where captures explode (Fairy-Stockfish's gives_check needs a king of its KING type,
// which explosions refuse), and bars checking drops elsewhere.
func TestINIExplosionsToHand(t *testing.T) {
	ini := "[azh:atomic]\npieceDrops = true\ncapturesToHand = true\ndropChecks = false\n" +
		"[zh:chess]\npieceDrops = true\ncapturesToHand = true\ndropChecks = false\n"
	for section, bars := range map[string]bool{"azh": false, "zh": true} {
		out, err := ImportINI("v.ini", []byte(ini), section)
		if err != nil {
			t.Fatalf("[%s]: %v", section, err)
		}
		def, err := Parse("v.ini:"+section, out)
		if err != nil {
			t.Fatalf("[%s]: %v\n%s", section, err, out)
		}
		h := def.Hands
		if h == nil || h.CaptureTo != "hand" || h.Drops == nil {
			t.Fatalf("[%s]: hands %+v", section, h)
		}
		if got := h.Drops.MayGiveCheck != nil && !*h.Drops.MayGiveCheck; got != bars {
			t.Errorf("[%s]: drops barred from giving check %v, want %v", section, got, bars)
		}
		if explodes := def.Capture != nil && def.Capture.Explode != nil; explodes == bars {
			t.Errorf("[%s]: explosions %v", section, explodes)
		}
	}
}

// promotedPieceType into the king (the current source's forward): where the promoting
// type and the king are both extinctionPseudoRoyal types, no king stands at the start and
// nothing castles, the side's one pseudo-royal man becomes its king: the promoted type is
// royal with the king's moves. With castling, or a king at the start, it stays refused.
func TestINIPromotionIntoPseudoRoyalKing(t *testing.T) {
	base := "[fw:chess]\ncastling = false\nstartFen = 4g3/pppppppp/8/8/8/8/PPPPPPPP/4G3 w - - 0 1\n" +
		"customPiece1 = g:fFfW\npromotedPieceType = g:k\nextinctionValue = loss\nextinctionPieceTypes = kg\nextinctionPseudoRoyal = true\n"
	out, err := ImportINI("v.ini", []byte(base), "fw")
	if err != nil {
		t.Fatal(err)
	}
	def, err := Parse("v.ini:fw", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var g, pg, k *Piece
	for i := range def.Pieces {
		switch p := &def.Pieces[i]; p.Letter {
		case "G":
			g = p
		case "+G":
			pg = p
		case "K":
			k = p
		}
	}
	if g == nil || pg == nil || k == nil || !g.Royal || !pg.Royal || g.Promotion == nil || !slices.Equal(g.Promotion.To, []string{"+G"}) || !reflect.DeepEqual(movesOnly(pg.Moves), movesOnly(k.Moves)) || def.Rules.CheckRoyals == "lone" {
		t.Fatalf("g %+v, +g %+v, k %+v, check-royals %q: want g royal, promoting into a royal +G with the king's moves", g, pg, k, def.Rules.CheckRoyals)
	}
	for name, section := range map[string]string{
		"castling": strings.Replace(base, "castling = false\n", "", 1),
		"a king":   strings.Replace(base, "4G3 w", "4G2K w", 1),
	} {
		if _, err := ImportINI("v.ini", []byte(section), "fw"); err == nil || !strings.Contains(err.Error(), "promotedPieceType: g:k: a man promoted into the King") {
			t.Errorf("%s: %v, want the promotion into the king refused", name, err)
		}
	}
}

// movesOnly is the atoms without where they were written.
func movesOnly(atoms []Atom) []Atom {
	out := slices.Clone(atoms)
	for i := range out {
		out[i].Src = Src{}
	}
	return out
}
