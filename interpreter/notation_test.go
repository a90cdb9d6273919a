// SAN and coordinate notation: writing (disambiguation, en passant, promotion, castling,
// check and mate, letterless pieces, captures in passing that tell two moves apart),
// reading loose forms, and errors for illegal, ambiguous and garbage input.
package interpreter_test

import (
	"sort"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

func TestSANWrite(t *testing.T) {
	cases := []struct {
		variant, fen string
		coord        string // the move, in coordinate notation
		san          string
	}{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", "Nf3"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e4"},
		// Two knights reach d2: the origin file tells them apart.
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
		// Two rooks on one file: the origin rank.
		{"chess", "7k/8/8/8/8/4R3/8/4RK2 w - - 0 1", "e1e2", "R1e2"},
		{"chess", "7k/8/8/8/8/4R3/8/4RK2 w - - 0 1", "e3e2", "R3e2"},
		// Three queens on b2: file, rank, or both.
		{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"},
		{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "c1b2", "Qcb2"},
		{"chess", "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a3b2", "Q3b2"},
		// A pinned knight does not need telling apart.
		{"chess", "4k3/4r3/8/8/8/5N2/4N3/4K3 w - - 0 1", "f3d4", "Nd4"},
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N"},
		{"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8r", "exd8=R+"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"chess", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
		{"chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		// Chess960: castling is O-O / O-O-O whichever way the king goes.
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1a1", "O-O-O"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1h1", "O-O"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1c1", "Kc1"},
		{"chess960", "r5kr/8/8/8/8/8/8/R5KR w AHah - 0 1", "g1h1", "O-O"},
	}
	for i, c := range cases {
		rs := openRuleset(t, c.variant)
		p := mustFEN(t, rs, c.fen)
		m, err := p.ParseMove(c.coord)
		if err != nil {
			t.Errorf("#%d %s: ParseMove(%q): %v", i, c.fen, c.coord, err)
			continue
		}
		if got := p.Coord(m); got != c.coord {
			t.Errorf("#%d %s: Coord got %q want %q", i, c.fen, got, c.coord)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("#%d %s: SAN(%s) got %q want %q", i, c.fen, c.coord, got, c.san)
		}
		if back, err := p.ParseMove(c.san); err != nil || back != m {
			t.Errorf("#%d %s: ParseMove(%q) got %s, %v want %s", i, c.fen, c.san, p.Coord(back), err, c.coord)
		}
	}
}

func TestParseMoveLoose(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	cases := []struct {
		variant, fen string
		in           string
		coord        string
	}{
		{"chess", start, "Nf3", "g1f3"},
		{"chess", start, "Ngf3", "g1f3"},  // origin file when not needed
		{"chess", start, "N1f3", "g1f3"},  // origin rank when not needed
		{"chess", start, "Ng1f3", "g1f3"}, // long algebraic
		{"chess", start, "e2-e4", "e2e4"},
		{"chess", start, "Ng1-f3", "g1f3"},
		{"chess", start, "e2-e4+", "e2e4"},
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4xd5", "e4d5"},
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "Ke1-d2", "e1d2"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7-e8=Q", "e7e8q"},
		{"chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7xd8N", "e7d8n"},
		{"chess", start, "  e4 ", "e2e4"}, // spaces around
		{"chess", start, "e4!?", "e2e4"},  // annotation
		{"chess", start, "Nf3+", "g1f3"},  // a wrong check sign is tolerated
		{"chess", start, "g1f3", "g1f3"},  // coordinate
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5"},
		{"chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", "e4d5"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", "e5d6"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=q", "e7e8q"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8N", "e7e8n"},
		{"chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8Q", "e7e8q"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1"}, // king takes rook
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nbd2", "b1d2"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nb1d2", "b1d2"},
		// Chess960: king-takes-rook is the move's own notation, king-to-square is read too
		// unless an ordinary king move has that text.
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1a1", "b1a1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1g1", "b1h1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "b1c1", "b1c1"}, // the king's step, not castling
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "O-O-O", "b1a1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", "0-0", "b1h1"},
	}
	for i, c := range cases {
		p := mustFEN(t, openRuleset(t, c.variant), c.fen)
		m, err := p.ParseMove(c.in)
		if err != nil {
			t.Errorf("#%d %s: ParseMove(%q): %v", i, c.fen, c.in, err)
			continue
		}
		if got := p.Coord(m); got != c.coord {
			t.Errorf("#%d %s: ParseMove(%q) got %s want %s", i, c.fen, c.in, got, c.coord)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	const mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	cases := []struct {
		fen, in string
		want    string // substring of the error
	}{
		{start, "", "empty"},
		{start, "   ", "empty"},
		{start, "e5", "illegal"},
		{start, "Ke2", "illegal"},
		{start, "Nf6", "illegal"},
		{start, "O-O", "illegal"},
		{start, "O-O-O", "illegal"},
		{start, "e2e5", "illegal"},
		{start, "e3e4", "no piece on e3"},
		{start, "e7e5", "not white's"},
		{start, "i2i4", "illegal"},
		{start, "a9a1", "illegal"},
		{start, "e2e4e5", "illegal"},
		{start, "e8=Q", "illegal"},
		{start, "xyz", "is not a move in a form Chimera reads"},
		{start, "Zz9", "illegal"},
		{start, "=Q", "is not a move in a form Chimera reads"},
		{start, "O-O-O-O", "illegal"},
		{start, "\x00\xff", "is not a move in a form Chimera reads"},
		{start, "🙂", "is not a move in a form Chimera reads"},
		{start, strings.Repeat("e4", 500), "illegal"},
		{start, "e99999999999999999999", "illegal"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", "illegal"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=P", "illegal"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "illegal"}, // promotion is compulsory
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8", "illegal"},
		// A promotion without its letter names the moves it could be.
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8", `illegal move "a7a8": the move promotes and needs a promotion letter: a7a8q, a7a8r, a7a8b, a7a8n`},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a8", "needs a promotion letter: a8=Q, a8=R, a8=B, a8=N"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7-a8", "needs a promotion letter: a7a8q,"},
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8", "needs a promotion letter: e8=Q,"},
		// Long algebraic notation is read; an illegal one says why as coordinates do.
		{start, "e2-e5", "illegal move \"e2-e5\" in this position"},
		{start, "e3-e4", "no piece on e3"},
		{start, "Nb1-d2", "illegal"},
		{start, "Bg1-f3", "illegal"}, // the piece on g1 is a knight
		{start, "e2--e4", "is not a move in a form Chimera reads: write SAN (e4, Nf3, exd5, O-O, e8=Q), coordinates (e2e4, e7e8q) or long algebraic (e2-e4, Ng1-f3)"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "ambiguous"},
		{"7k/8/8/8/8/4R3/8/4RK2 w - - 0 1", "Re2", "ambiguous"},
		{"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Qb2", "ambiguous"},
		{"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Qab2", "ambiguous"},
		{"6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1", "Q1b2", "ambiguous"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "illegal"}, // pinned
		{mated, "e4", "game is over"},
		{mated, "Ke2", "game is over"},
	}
	rs := openRuleset(t, "chess")
	for i, c := range cases {
		p := mustFEN(t, rs, c.fen)
		m, err := p.ParseMove(c.in)
		if err == nil {
			t.Errorf("#%d %s: ParseMove(%q) got %s; want an error containing %q", i, c.fen, c.in, p.Coord(m), c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("#%d %s: ParseMove(%q) got error %q; want it to contain %q", i, c.fen, c.in, err, c.want)
		}
		if len(err.Error()) > 400 {
			t.Errorf("#%d ParseMove(%q...): an error of %d bytes; the input echoed must be capped", i, c.in[:min(len(c.in), 20)], len(err.Error()))
		}
	}
}

// TestSANGame replays a game in SAN and checks each move's SAN as written back.
func TestSANGame(t *testing.T) {
	rs := openRuleset(t, "chess")
	p := mustFEN(t, rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	// Opera game, Morphy - Duke of Brunswick and Count Isouard, Paris 1858.
	game := strings.Fields("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
		"Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#")
	for i, san := range game {
		m, err := p.ParseMove(san)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, san, err)
		}
		if got := p.SAN(m); got != san {
			t.Errorf("#%d: SAN got %q want %q", i, got, san)
		}
		p.Make(m)
	}
	if r := p.Result(); r.Score != "1-0" || r.Reason != "checkmate" {
		t.Errorf("result got %+v want 1-0 by checkmate", r)
	}
}

// notationDef is a made-up variant for the notation corner cases the built-ins lack:
// letterless pieces reaching one square along their file from two ranks (a leap of two
// over a friend) and from two ranks of one other file, and a piece whose two paths
// between the same squares capture different pieces in passing.
const notationDef = `
name: notation
board: {files: 5, ranks: 5}
pieces:
  - name: King
    letter: K
    royal: true
    moves: [{leap: [1, 0]}, {leap: [1, 1]}]
  - name: Walker
    letter: P
    san-letter: ""
    moves:
      - {leap: [0, 1], symmetry: none, mode: move}
      - {leap: [0, 2], symmetry: none, mode: move}
      - {leap: [1, 1], symmetry: mirror, mode: move}
      - {leap: [1, 2], symmetry: mirror, mode: move}
  - name: Locust
    letter: Z
    moves:
      - path: [{step: [1, 0], on: [enemy], capture: true}, {step: [0, 1], on: [empty]}]
rules:
  check: royal-attacked
setups:
  - {name: start, fen: "4k/5/5/1PP2/1PP1K w - - 0 1"}
`

// notationRuleset opens a built-in variant, or notationDef for "notation".
func notationRuleset(t *testing.T, variant string) *compiler.Ruleset {
	t.Helper()
	if variant != "notation" {
		return openRuleset(t, variant)
	}
	def, err := defs.Parse("notation.yaml", []byte(notationDef))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// notationCollisions are positions where two legal moves share origin and destination, or
// pieces without a SAN letter reach one square in several ways. moves lists every legal
// move as "SAN coordinate", worked out by hand from the rules files (prison-break.md,
// claustrophobia.md, Breakthrough's description) or notationDef.
var notationCollisions = []struct {
	variant, fen string
	moves        []string
}{
	// Pawn d5 with a knight ahead on d6 slides to c6 or e6; e6 is also the en-passant
	// capture of e5: same origin and destination, so that one names its victim.
	{"prisonbreak", "5k/6/3n2/3Pp1/6/6/6/K5 w - e6 0 1", []string{
		"Ka2 a1a2", "Kb1 a1b1", "Kb2 a1b2", "c6 d5c6", "e6 d5e6", "dxe6 d5e6xe5"}},
	// Pawn d4 (enemy on d5 ahead) slides to c5 or e5; pawn e4 steps to e5 or takes d5.
	{"prisonbreak", "5k/6/6/3p2/3PP1/6/6/K5 w - - 0 1", []string{
		"Ka2 a1a2", "Kb1 a1b1", "Kb2 a1b2", "c5 d4c5", "de5 d4e5", "exd5 e4d5", "e5 e4e5"}},
	// Black: pawn b2 steps to b1 or takes the knight c1; pawn c2 (knight c1 ahead) slides
	// to b1 or d1; all four promote. A Bomber on d1 checks f1 over the empty e1.
	{"claustrophobia", "k5*/7/5**/5**/5**/5**/1pp4/2N2K* b - - 0 1", []string{
		"Ka7 a8a7", "Kb7 a8b7", "Kb8 a8b8",
		"b1=B b2b1b", "b1=N b2b1n", "b1=Q b2b1q", "b1=R b2b1r",
		"bxc1=B b2c1b", "bxc1=N b2c1n", "bxc1=Q b2c1q", "bxc1=R b2c1r",
		"cb1=B c2b1b", "cb1=N c2b1n", "cb1=Q c2b1q", "cb1=R c2b1r",
		"d1=B c2d1b", "d1=N c2d1n", "d1=Q c2d1q", "d1=R+ c2d1r"}},
	// Breakthrough: three pieces reach e5 without capture, two reach d5 and f5.
	{"breakthrough", "p7/8/8/8/3PPP2/8/8/8 w - - 0 1", []string{
		"c5 d4c5", "d5 d4d5", "de5 d4e5", "ed5 e4d5", "e5 e4e5", "ef5 e4f5",
		"fe5 f4e5", "f5 f4f5", "g5 f4g5"}},
	// Chess with the king on b1 allowed to castle with a1: the king's castled square c1
	// is also its step, so castling writes king takes partner.
	{"chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", []string{
		"Ka2 b1a2", "Kb2 b1b2", "Kc1 b1c1", "Kc2 b1c2", "O-O-O b1a1",
		"Ra2 a1a2", "Ra3 a1a3", "Ra4 a1a4", "Ra5 a1a5", "Ra6 a1a6", "Ra7 a1a7", "Ra8+ a1a8"}},
	// Walkers: b1 and b2 both reach a3 and c3, c1 and c2 both reach b3 and d3 (the file
	// is not enough: the square); c1 and c2 also reach c3 along the file (the rank).
	{"notation", "4k/5/5/1PP2/1PP1K w - - 0 1", []string{
		"Kd1 e1d1", "Kd2 e1d2", "Ke2 e1e2",
		"b1a3 b1a3", "a2 b1a2", "1b3 b1b3", "b1c3 b1c3",
		"b2a3 b2a3", "a4 b2a4", "2b3 b2b3", "b4 b2b4", "b2c3 b2c3", "bc4 b2c4",
		"c1b3 c1b3", "1c3 c1c3", "d2 c1d2", "c1d3 c1d3",
		"c2b3 c2b3", "cb4 c2b4", "2c3 c2c3", "c4 c2c4", "c2d3 c2d3", "d4 c2d4"}},
	// The Locust c3 jumps an enemy on d3 to d2 or d4, or one on c4 to b4 or d4: two moves
	// c3-d4. Kd2 would be taken by the Locust d3 jumping to c2 or e2.
	{"notation", "k4/2z2/2Zz1/5/4K w - - 0 1", []string{
		"Kd1 e1d1", "Ke2 e1e2",
		"Zxc4-b4 c3b4", "Zxd3-d2 c3d2", "Zxc4-d4 c3d4xc4", "Zxd3-d4 c3d4xd3"}},
}

func TestNotationCollisions(t *testing.T) {
	for i, c := range notationCollisions {
		p := mustFEN(t, notationRuleset(t, c.variant), c.fen)
		var got []string
		for _, m := range p.LegalMoves(nil) {
			got = append(got, p.SAN(m)+" "+p.Coord(m))
		}
		sort.Strings(got)
		want := append([]string(nil), c.moves...)
		sort.Strings(want)
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("#%d %s %s:\n got  %v\n want %v", i, c.variant, c.fen, got, want)
		}
	}
}

func TestParseMoveCollisions(t *testing.T) {
	const (
		epSlide = "5k/6/3n2/3Pp1/6/6/6/K5 w - e6 0 1"
		slide   = "5k/6/6/3p2/3PP1/6/6/K5 w - - 0 1"
		promo   = "k5*/7/5**/5**/5**/5**/1pp4/2N2K* b - - 0 1"
		walkers = "4k/5/5/1PP2/1PP1K w - - 0 1"
		locust  = "k4/2z2/2Zz1/5/4K w - - 0 1"
		chessEP = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	)
	cases := []struct {
		variant, fen, in string
		coord            string // the move read, or "" for an error
		err              string // substring of the error
	}{
		{"prisonbreak", epSlide, "d5e6", "d5e6", ""}, // the slide: its own text
		{"prisonbreak", epSlide, "d5e6xe5", "d5e6xe5", ""},
		{"prisonbreak", epSlide, "d5e6XE5", "d5e6xe5", ""},
		{"prisonbreak", epSlide, "dxe6", "d5e6xe5", ""},
		{"prisonbreak", epSlide, "dxe6e.p.", "d5e6xe5", ""},
		{"prisonbreak", epSlide, "e6", "d5e6", ""},
		{"prisonbreak", epSlide, "de6", "", "ambiguous: 2 legal moves match"},
		{"prisonbreak", epSlide, "d5e6xd6", "", "illegal"},
		{"prisonbreak", epSlide, "d5c6xe5", "", "illegal"},
		{"prisonbreak", slide, "de5", "d4e5", ""},
		{"prisonbreak", slide, "e5", "e4e5", ""},
		{"prisonbreak", slide, "ee5", "e4e5", ""},
		{"prisonbreak", slide, "d4e5", "d4e5", ""},
		{"prisonbreak", slide, "exd5", "e4d5", ""},
		{"prisonbreak", slide, "dxe5", "", "illegal"},
		{"claustrophobia", promo, "cb1=Q", "c2b1q", ""},
		{"claustrophobia", promo, "b1=Q", "b2b1q", ""},
		{"claustrophobia", promo, "b1Q", "b2b1q", ""}, // loose: no origin means along the file
		{"claustrophobia", promo, "cb1N", "c2b1n", ""},
		{"claustrophobia", promo, "b2b1q", "b2b1q", ""},
		{"claustrophobia", promo, "c2b1Q", "c2b1q", ""},
		{"claustrophobia", promo, "d1=R+", "c2d1r", ""},
		{"claustrophobia", promo, "bb1=Q", "b2b1q", ""},
		{"claustrophobia", promo, "b1", "", "illegal"}, // promotion is compulsory
		{"notation", walkers, "1b3", "b1b3", ""},
		{"notation", walkers, "2b3", "b2b3", ""},
		{"notation", walkers, "c1b3", "c1b3", ""},
		{"notation", walkers, "cb3", "", "ambiguous: 2 legal moves match"},
		{"notation", walkers, "b3", "", "ambiguous: 4 legal moves match"},
		{"notation", walkers, "c3", "", "ambiguous: 4 legal moves match"},
		{"notation", walkers, "1c3", "c1c3", ""},
		{"notation", walkers, "cb4", "c2b4", ""},
		{"notation", walkers, "b4", "b2b4", ""},
		{"notation", walkers, "c4", "c2c4", ""},
		{"notation", locust, "c3d4", "", "ambiguous: 2 legal moves match; give the squares captured in passing: c3d4xc4 c3d4xd3"},
		{"notation", locust, "c3d4xd3", "c3d4xd3", ""},
		{"notation", locust, "c3d4xc4", "c3d4xc4", ""},
		{"notation", locust, "Zxd3-d4", "c3d4xd3", ""},
		{"notation", locust, "c3d2", "c3d2", ""},
		{"notation", locust, "c3d2xd3", "c3d2", ""}, // the captures may always be given
		{"notation", locust, "c3d2xc4", "", "illegal"},
		{"notation", locust, "e1d2", "", "illegal"},
		{"chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1c1", "b1c1", ""},
		{"chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "Kc1", "b1c1", ""},
		{"chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "b1a1", ""},
		{"chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "O-O-O", "b1a1", ""},
		{"chess", chessEP, "e5d6", "e5d6", ""},
		{"chess", chessEP, "e5d6xd5", "e5d6", ""},
	}
	for i, c := range cases {
		p := mustFEN(t, notationRuleset(t, c.variant), c.fen)
		m, err := p.ParseMove(c.in)
		switch {
		case c.coord == "" && err == nil:
			t.Errorf("#%d %s: ParseMove(%q) got %s; want an error containing %q", i, c.fen, c.in, p.Coord(m), c.err)
		case c.coord == "" && !strings.Contains(err.Error(), c.err):
			t.Errorf("#%d %s: ParseMove(%q) got error %q; want it to contain %q", i, c.fen, c.in, err, c.err)
		case c.coord != "" && err != nil:
			t.Errorf("#%d %s: ParseMove(%q): %v", i, c.fen, c.in, err)
		case c.coord != "" && p.Coord(m) != c.coord:
			t.Errorf("#%d %s: ParseMove(%q) got %s want %s", i, c.fen, c.in, p.Coord(m), c.coord)
		}
	}
}

// TestNotateAllAsNotate: NotateAll, which tells the moves apart from the list it is given,
// writes every legal move as Notate does (generating them again for each), in every
// notation, along random games of every built-in variant.
func TestNotateAllAsNotate(t *testing.T) {
	t.Parallel() // no package switch (forceWideCore...) read or set
	for _, name := range defs.Builtins() {
		rs := openRuleset(t, name)
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		seed, plies := uint64(len(name)), 8
		if testing.Short() {
			plies = 2
		}
		for ply := 0; ply < plies && p.Result() == interpreter.Ongoing; ply++ {
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			for n := range interpreter.NotationNames {
				all := p.NotateAll(legal, interpreter.Notation(n))
				// Notate generates the moves for each: a sample of them where they are many.
				for i := 0; i < len(legal); i += max(1, len(legal)/40) {
					if one := p.Notate(legal[i], interpreter.Notation(n)); all[i] != one {
						t.Errorf("%s %s, %s: NotateAll wrote %q, Notate %q", name, p.FEN(), interpreter.NotationNames[n], all[i], one)
					}
				}
			}
			seed = seed*6364136223846793005 + 1442695040888963407
			p.Make(legal[seed>>33%uint64(len(legal))])
		}
	}
}
