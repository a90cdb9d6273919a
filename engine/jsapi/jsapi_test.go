// Tests of the JavaScript API's Go side: variants compiled on first use, boards that make and take back moves in place, bad input as errors. (cli/jsapi_test.go compares it with ffish.js under Node.)
package jsapi

import (
	"errors"
	"strings"
	"testing"

	"chimera/defs"
)

func TestVariantsCompiledOnFirstUse(t *testing.T) {
	m := NewModule()
	want := 0 // the built-ins but the games of seats
	for _, b := range defs.Builtins() {
		if d, err := defs.Load(b); err != nil || d.Seats == nil {
			want++
		}
	}
	if got := len(strings.Fields(m.Variants())); got != want || want == len(defs.Builtins()) {
		t.Fatalf("Variants lists %d names, want the %d built-ins played by two sides (of %d)", got, want, len(defs.Builtins()))
	}
	if _, err := m.Ruleset("fourplayer"); err == nil || !strings.Contains(err.Error(), "game of 4 seats") {
		t.Errorf("a game of seats: error %v, want it refused", err)
	}
	if _, err := m.NewBoard("fourplayer-ffa", "", false); err == nil {
		t.Errorf("a board of a game of seats was made")
	}
	if len(m.compiled) != 0 {
		t.Fatalf("%d variants compiled before any was asked for", len(m.compiled))
	}
	b, err := m.NewBoard("chess", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.compiled) != 1 {
		t.Fatalf("a board of one variant compiled %d", len(m.compiled))
	}
	// The board's moves are made in place: 20 moves at the start (every chess book), and
	// the perft count of depth 3 (8902, the published figure) from the position.
	if n := b.NumberLegalMoves(); n != 20 {
		t.Fatalf("%d legal moves at the start, want 20", n)
	}
	if n, err := b.Perft(3); err != nil || n != 8902 {
		t.Fatalf("perft 3 = %d, %v; want 8902", n, err)
	}
}

func TestBoardPushPop(t *testing.T) {
	m := NewModule()
	b, err := m.NewBoard("chess", "", false)
	if err != nil {
		t.Fatal(err)
	}
	start := b.FEN()
	if err := b.PushSANMoves("e4 e5 Nf3 Nc6 Bb5 a6", NotationSAN); err != nil {
		t.Fatal(err)
	}
	// The position after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6, the Ruy Lopez's Morphy Defence.
	if got, want := b.FEN(), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"; got != want {
		t.Fatalf("FEN %s, want %s", got, want)
	}
	if got := b.MoveStack(); got != "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" {
		t.Fatalf("moveStack %q", got)
	}
	if got, _ := b.VariationSAN("b5c6 d7c6 e1g1", NotationSAN, true); got != "4. Bxc6 dxc6 5. O-O" {
		t.Fatalf("variationSan %q", got)
	}
	if !b.IsCapture("b5c6") || b.IsCapture("e1g1") || b.IsCapture("e2e5") {
		t.Fatal("isCapture: Bxc6 captures, castling and an illegal move do not")
	}
	for range 6 {
		if _, err := b.Pop(); err != nil {
			t.Fatal(err)
		}
	}
	if b.FEN() != start {
		t.Fatalf("after the pops: %s, want %s", b.FEN(), start)
	}
}

func TestBadInputIsAnError(t *testing.T) {
	m := NewModule()
	b, err := m.NewBoard("chess", "", false)
	if err != nil {
		t.Fatal(err)
	}
	start := b.FEN()
	for name, err := range map[string]error{
		"no variant":      second(m.NewBoard("", "", false)),
		"unknown variant": second(m.NewBoard("nonesuch", "", false)),
		"bad FEN":         second(m.NewBoard("chess", "8/8 w - - 0 1", false)),
		"is960":           second(m.NewBoard("chess", "", true)),
		"setFen":          b.SetFEN("rnbqkbnr w"),
		"pop at start":    second(b.Pop()),
		"notation 99":     second(b.SANMove("e2e4", 99)),
		"LAN":             second(b.LegalMovesSAN(NotationLAN)),
		"pushMoves":       b.PushMoves("e2e4 e7e5 e2e4"),
		"pushSanMoves":    b.PushSANMoves("e4 Ke7 Qh5", NotationSAN),
		"perft 0":         second(b.Perft(0)),
		"pool":            second(b.Pocket(true, "nonesuch")),
		"definition":      second(m.LoadVariant("x.yaml", "extends: chess\nname: [x\n")),
		"too large":       second(m.LoadVariant("x.yaml", strings.Repeat("x", defs.MaxFileSize+1))),
		"ini":             second(m.LoadVariantConfig("no section here")),
		"pgn move":        second(m.ReadGamePGN("1. e4 e5 2. Qxx9 *", "chess")),
		"pgn variant":     second(m.ReadGamePGN("[Variant \"nonesuch\"]\n\n1. e4 *", "chess")),
		"validateFen":     second(m.ValidateFEN("8/8/8/8/8/8/8/8 w - - 0 1", "nonesuch")),
	} {
		if err == nil || err.Error() == "" {
			t.Errorf("%s: no error", name)
		}
	}
	if b.FEN() != start || b.MoveStack() != "" {
		t.Fatalf("the bad calls changed the board: %s, moves %q", b.FEN(), b.MoveStack())
	}
}

func second[T any](_ T, err error) error { return err }

func TestLoadVariantConfigKeepsTheGoodSections(t *testing.T) {
	m := NewModule()
	names, err := m.LoadVariantConfig("[good:chess]\ncastling = false\n[bad:chess]\nnoSuchKey = 1\n")
	var cerr *ConfigError
	if !errors.As(err, &cerr) || strings.Join(cerr.Sections, " ") != "bad" || strings.Join(names, " ") != "good" {
		t.Fatalf("names %v, error %v: want good loaded and bad reported", names, err)
	}
	if !strings.Contains(err.Error(), "noSuchKey") {
		t.Fatalf("the error does not name the key: %v", err)
	}
	b, err := m.NewBoard("good", "", false)
	if err != nil {
		t.Fatal(err)
	}
	// castling = false: the start FEN has no castling rights.
	if got := strings.Fields(b.FEN())[2]; got != "-" {
		t.Fatalf("castling rights %q, want -", got)
	}
}

// TestValidateFENCodes checks a code of each kind against ffish.js 0.7.10's answer to
// the same FEN (ffish.validateFen).
func TestValidateFENCodes(t *testing.T) {
	m := NewModule()
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	for fen, want := range map[string]int{
		start + " w KQkq - 0 1":       1,
		"":                            0,
		start + " x KQkq - 0 1":       -6,
		start + " w KQkq - x 1":       -2,
		start + " w KQkq - 0 x":       -1,
		"8/8/8 w - - 0 1":             -8,
		"4k3/8/8/8/8/8/8/8 w - - 0 1": -3,
		"rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": -10,
	} {
		if got, err := m.ValidateFEN(fen, "chess"); err != nil || got != want {
			t.Errorf("validateFen(%q) = %d, %v; ffish answers %d", fen, got, err, want)
		}
	}
}

// TestMovesHeldAreBounded lowers the module's bound on the moves its boards keep and
// fills it: the next move is an error, and moves taken back, a board closed or set to a
// FEN give room again.
func TestMovesHeldAreBounded(t *testing.T) {
	defer func(old int64) { maxHeld = old }(maxHeld)
	maxHeld = 6
	m := NewModule()
	a, _ := m.NewBoard("chess", "", false)
	b, _ := m.NewBoard("chess", "", false)
	if err := a.PushMoves("g1f3 g8f6 f3g1 f6g8"); err != nil {
		t.Fatal(err)
	}
	if err := b.PushMoves("b1c3 b8c6"); err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Push("c3b1"); ok || err == nil {
		t.Fatalf("a seventh move held: %v, %v; want an error", ok, err)
	}
	if _, err := a.Pop(); err != nil {
		t.Fatal(err)
	}
	if ok, err := b.Push("c3b1"); !ok || err != nil {
		t.Fatalf("after a pop: %v, %v", ok, err)
	}
	a.Close()
	if err := b.PushMoves("c6b8 b1c3 b8c6"); err != nil {
		t.Fatalf("after a board closed: %v", err)
	}
	if err := b.SetFEN(""); err != nil || m.held.Load() != 0 {
		t.Fatalf("after setFen: %v, %d moves held", err, m.held.Load())
	}
}

// TestGamesHeldAreBounded lowers the bound on the PGN text of the games kept: a game past
// it is an error until one is closed.
func TestGamesHeldAreBounded(t *testing.T) {
	defer func(old int) { maxGameBytes = old }(maxGameBytes)
	pgn := "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
	maxGameBytes = 2*len(pgn) + 1
	m := NewModule()
	var games []*Game
	for range 2 {
		g, err := m.ReadGamePGN(pgn, "chess")
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if got := games[1].MainlineMoves(); got != "e2e4 e7e5 g1f3 b8c6" {
		t.Fatalf("mainlineMoves %q", got)
	}
	if _, err := m.ReadGamePGN(pgn, "chess"); err == nil {
		t.Fatal("a third game read past the bound")
	}
	games[0].Close()
	if _, err := m.ReadGamePGN(pgn, "chess"); err != nil {
		t.Fatalf("after a game closed: %v", err)
	}
}

// RoyalsFace walks the file or rank between the royal men: facing on an open file, not
// when a man stands between, nor on different files, nor in a variant without the rule.
func TestRoyalsFace(t *testing.T) {
	m := NewModule()
	for _, c := range []struct {
		variant, fen string
		want         bool
	}{
		{"janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", false}, // soldiers between
		{"janggi", "9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1", true},
		{"janggi", "9/4k4/9/9/4r4/9/9/9/4K4/9 w - - 0 1", false},
		{"janggi", "9/3k5/9/9/9/9/9/9/4K4/9 w - - 0 1", false},
		{"janggi", "5k3/9/9/9/9/9/9/9/9/5K3 w - - 0 1", true},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false}, // no facing rule
	} {
		b, err := m.NewBoard(c.variant, c.fen, false)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.fen, err)
		}
		if got := b.RoyalsFace(); got != c.want {
			t.Errorf("%s %s: RoyalsFace %v, want %v", c.variant, c.fen, got, c.want)
		}
	}
}
