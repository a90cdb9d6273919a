// Property tests on positions reached by seeded random playouts: make/unmake, incremental
// hash, FEN and move notation round trips (in every built-in variant), fast legality
// against make/test/unmake, and the move lists against the naive reference generator.
package interpreter_test

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

func openRuleset(t testing.TB, variant string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatalf("open %s: %v", variant, err)
	}
	return rs
}

func mustFEN(t testing.TB, rs *compiler.Ruleset, fen string) *interpreter.Position {
	t.Helper()
	p, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("FromFEN(%q): %v", fen, err)
	}
	if want := interpreter.WantCoreCells(rs); p.CoreCells() != want {
		t.Fatalf("FromFEN(%q): on the %d-cell core, want %d", fen, p.CoreCells(), want)
	}
	return p
}

// playoutStarts are the FENs of the definition's tests (the perft suites) and its setups.
func playoutStarts(rs *compiler.Ruleset) []string {
	var out []string
	for _, s := range rs.Setups() {
		out = append(out, s.FEN)
	}
	for _, tc := range rs.Def.Tests {
		if tc.FEN != "" && len(tc.Perft) > 0 {
			out = append(out, tc.FEN)
		}
	}
	return out
}

// legalByFiltering is the legal move set by the definition of legality: pseudo-legal moves
// after which none of the mover's royal pieces is attacked.
func legalByFiltering(p *interpreter.Position) []interpreter.Move {
	rs := p.Ruleset()
	us := p.Side()
	var out []interpreter.Move
	for _, m := range p.PseudoMoves(nil) {
		p.Make(m)
		safe := true
		for ts, ti := rs.RoyalList(), 0; ti < ts.Len(); ti++ {
			t := ts.At(ti)
			for b := p.Pieces(us, t); b.Any(); b = b.Rest() {
				if p.Attacked(b.First(), us^1) {
					safe = false
				}
			}
		}
		p.Unmake()
		if safe {
			out = append(out, m)
		}
	}
	return out
}

func sortedMoves(ms []interpreter.Move) []interpreter.Move {
	out := append([]interpreter.Move(nil), ms...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func sameMoves(a, b []interpreter.Move) bool {
	a, b = sortedMoves(a), sortedMoves(b)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func coords(p *interpreter.Position, ms []interpreter.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, p.Coord(m))
	}
	sort.Strings(out)
	return out
}

// checkPosition asserts every per-position property; where names the position in errors.
// Reading SAN back costs a legal move generation per candidate move, so parseSAN turns that
// part off for some positions.
func checkPosition(t *testing.T, p *interpreter.Position, ref *refBoard, where string, parseSAN bool) {
	t.Helper()
	rs := p.Ruleset()
	fen, hash := p.FEN(), p.Hash()
	if got := p.RecomputedHash(); got != hash {
		t.Fatalf("%s %s: incremental hash %x, recomputed %x", where, fen, hash, got)
	}

	// FEN round trip.
	q, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		t.Fatalf("%s: FromFEN(FEN()) of %s: %v", where, fen, err)
	}
	if q.FEN() != fen || q.Hash() != hash {
		t.Fatalf("%s: FEN round trip of %s gives %s (hash %x, want %x)", where, fen, q.FEN(), q.Hash(), hash)
	}

	legal := p.LegalMoves(nil)
	seen := map[interpreter.Move]bool{}
	for _, m := range legal {
		if seen[m] {
			t.Fatalf("%s %s: move %s generated twice", where, fen, p.Coord(m))
		}
		seen[m] = true
	}

	// The fast legality path against make/test/unmake of pseudo-legal moves.
	if want := legalByFiltering(p); !sameMoves(legal, want) {
		t.Fatalf("%s %s: LegalMoves %v; filtered pseudo-legal moves %v", where, fen, coords(p, legal), coords(p, want))
	}

	// Against the independent reference generator.
	if ref != nil {
		if ref.board() != strings.Join(strings.Fields(fen)[:2], " ") {
			t.Fatalf("%s: reference position %s, interpreter %s", where, ref.board(), fen)
		}
		got, want := coords(p, legal), ref.legalCoords()
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("%s %s: legal moves\n got  %v\n want %v (reference generator)", where, fen, got, want)
		}
	}

	coordSeen := map[string]bool{}
	sanSeen := map[string]bool{}
	for _, m := range legal {
		// Make/unmake and the incremental hash.
		p.Make(m)
		if h, r := p.Hash(), p.RecomputedHash(); h != r {
			t.Fatalf("%s %s after %s: incremental hash %x, recomputed %x", where, fen, p.Coord(m), h, r)
		}
		p.Unmake()
		if p.FEN() != fen || p.Hash() != hash {
			t.Fatalf("%s %s: make/unmake of %s gives %s (hash %x, want %x)", where, fen, p.Coord(m), p.FEN(), p.Hash(), hash)
		}

		// Notation round trips.
		c, s := p.Coord(m), p.SAN(m)
		if coordSeen[c] || sanSeen[s] {
			t.Fatalf("%s %s: notation %q / %q names two moves", where, fen, c, s)
		}
		coordSeen[c], sanSeen[s] = true, true
		texts := []string{c, s}
		if !parseSAN {
			texts = texts[:1]
		}
		for _, text := range texts {
			got, err := p.ParseMove(text)
			if err != nil || got != m {
				t.Fatalf("%s %s: ParseMove(%q) = %s, %v; want %s", where, fen, text, p.Coord(got), err, c)
			}
		}
	}
	if p.FEN() != fen || p.Hash() != hash {
		t.Fatalf("%s: position changed by the checks: %s, want %s", where, p.FEN(), fen)
	}
}

// playout plays plies random legal moves from fen, checking every position reached (SAN
// read back in every sanEvery-th), then unmakes them all and checks the start is back.
func playout(t *testing.T, rs *compiler.Ruleset, fen string, rng *rand.Rand, plies, sanEvery int, reference bool) int {
	t.Helper()
	p := mustFEN(t, rs, fen)
	var ref *refBoard
	if reference {
		var err error
		if ref, err = refFromFEN(fen, rs.Castling != nil && rs.Castling.KingToPartner); err != nil {
			t.Fatal(err)
		}
	}
	startFEN, startHash := p.FEN(), p.Hash()
	var history []string
	n := 0
	for ply := 0; ply < plies; ply++ {
		where := fen + " after " + strings.Join(history, " ")
		checkPosition(t, p, ref, where, ply%sanEvery == 0)
		n++
		if p.Result() != interpreter.Ongoing {
			break
		}
		legal := p.LegalMoves(nil)
		m := legal[rng.Intn(len(legal))]
		c := p.Coord(m)
		history = append(history, c)
		p.Make(m)
		if ref != nil {
			var err error
			if ref, err = ref.playCoord(c); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
	}
	for range history {
		p.Unmake()
	}
	if p.FEN() != startFEN || p.Hash() != startHash {
		t.Fatalf("%s: unmaking the playout %v gives %s (hash %x, want %x)", fen, history, p.FEN(), p.Hash(), startHash)
	}
	return n
}

// onBothCores runs f on the smallest core that holds the board (64-cell up to 64 cells,
// 128-cell up to 128, else 256-cell), then with the 256-cell core forced on every board.
func onBothCores(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, wide := range []bool{false, true} {
		name := "smallest"
		if wide {
			name = "core256"
		}
		t.Run(name, func(t *testing.T) {
			interpreter.ForceWideCore(wide)
			defer interpreter.ForceWideCore(false)
			f(t)
		})
	}
}

func TestPlayoutProperties(t *testing.T) { onBothCores(t, testPlayoutProperties) }

func testPlayoutProperties(t *testing.T) {
	// In -short mode: fewer games, shorter, every other start, SAN read back less often.
	for _, c := range []struct {
		variant     string
		games       int
		plies       int
		shortGames  int
		shortPlies  int
		shortStride int
	}{
		{"chess", 6, 120, 2, 60, 1},
		{"chess960", 2, 100, 1, 60, 2},
	} {
		variant, games, plies, stride, sanEvery := c.variant, c.games, c.plies, 1, 2
		if testing.Short() {
			games, plies, stride, sanEvery = c.shortGames, c.shortPlies, c.shortStride, 5
		}
		rs := openRuleset(t, variant)
		if !rs.Allows(compiler.ShortcutPins) {
			t.Fatalf("%s: expected the pins shortcut (the cross-check needs the fast path)", variant)
		}
		var starts []string
		for i, fen := range playoutStarts(rs) {
			if i%stride == 0 {
				starts = append(starts, fen)
			}
		}
		if len(starts) < 6 {
			t.Fatalf("%s: %d playout starts", variant, len(starts))
		}
		positions := 0
		for i, fen := range starts {
			rng := rand.New(rand.NewSource(int64(1000*i + 7)))
			for g := 0; g < games; g++ {
				positions += playout(t, rs, fen, rng, plies, sanEvery, true)
			}
		}
		t.Logf("%s: %d positions checked from %d starts", variant, positions, len(starts))
	}
}

// checkNotation asserts that every legal move of p has its own coordinate text and its own
// SAN, that each is read back as that move, and that no move is generated twice.
func checkNotation(t *testing.T, p *interpreter.Position, where string) {
	t.Helper()
	fen := p.FEN()
	legal := p.LegalMoves(nil)
	if p.Ruleset().Walls != nil && testing.Short() && len(legal) > 64 {
		// Turns with walls come by the thousand (each move once per wall cell): under
		// -short a spread of 64 of them, every move's wall cells in turn over the games.
		step := len(legal) / 64
		sample := make([]interpreter.Move, 0, 64)
		for i := len(fen) % step; i < len(legal); i += step {
			sample = append(sample, legal[i])
		}
		legal = sample
	}
	seen := map[interpreter.Move]bool{}
	coordOf := map[string]interpreter.Move{}
	sanOf := map[string]interpreter.Move{}
	for _, m := range legal {
		if seen[m] {
			t.Fatalf("%s %s: move %s generated twice", where, fen, p.Coord(m))
		}
		seen[m] = true
		c, s := p.Coord(m), p.SAN(m)
		if o, dup := coordOf[c]; dup {
			t.Fatalf("%s %s: coordinate text %q names two moves (%x, %x)", where, fen, c, uint64(o), uint64(m))
		}
		if o, dup := sanOf[s]; dup {
			t.Fatalf("%s %s: SAN %q names two moves (%s, %s)", where, fen, s, p.Coord(o), c)
		}
		coordOf[c], sanOf[s] = m, m
		for _, text := range []string{c, s} {
			if got, err := p.ParseMove(text); err != nil || got != m {
				t.Fatalf("%s %s: ParseMove(%q) = %x, %v; want %s (%x)", where, fen, text, uint64(got), err, c, uint64(m))
			}
		}
	}
	if p.FEN() != fen {
		t.Fatalf("%s: position changed by the notation checks: %s, want %s", where, p.FEN(), fen)
	}
}

// TestNotationRoundTripAllVariants plays seeded random games in every built-in variant
// from its setups and the positions of its perft tests, checking the notation of every
// legal move of every position reached.
func TestNotationRoundTripAllVariants(t *testing.T) {
	onBothCores(t, testNotationRoundTripAllVariants)
}

func testNotationRoundTripAllVariants(t *testing.T) {
	// In -short mode: one game of 30 plies from each of two starts (a seeded sample), each
	// variant on one of the two cores (alternating).
	games, plies := 3, 80
	if testing.Short() {
		games, plies = 1, 30
	}
	names := defs.Builtins()
	if len(names) < 10 {
		t.Fatalf("got %d built-in variants %v, want every defs/*.yaml", len(names), names)
	}
	interpreter.ShareOut(t, len(names), func(t *testing.T, vi int) {
		variant := names[vi]
		if !interpreter.OnThisCore(t, vi) {
			return
		}
		rs := openRuleset(t, variant)
		starts := playoutStarts(rs)
		if len(starts) == 0 {
			t.Fatalf("%s: no setup and no perft position to start from", variant)
		}
		positions := 0
		for _, i := range interpreter.ShortSample(t, len(starts), 2, "notation "+variant) {
			fen := starts[i]
			rng := rand.New(rand.NewSource(int64(7919*i + len(variant))))
			for g := 0; g < games; g++ {
				p := mustFEN(t, rs, fen)
				var history []string
				for ply := 0; ply < plies; ply++ {
					checkNotation(t, p, variant+" "+fen+" after "+strings.Join(history, " "))
					positions++
					legal := p.LegalMoves(nil)
					if len(legal) == 0 {
						break
					}
					m := legal[rng.Intn(len(legal))]
					history = append(history, p.Coord(m))
					p.Make(m)
				}
			}
		}
		t.Logf("%s: %d positions from %d starts", variant, positions, len(starts))
	})
}

// TestNotationRoundTripFixed checks the notation properties in positions where two legal
// moves share origin and destination or two pawns reach one square in different ways.
func TestNotationRoundTripFixed(t *testing.T) {
	for i, c := range notationCollisions {
		p := mustFEN(t, notationRuleset(t, c.variant), c.fen)
		checkNotation(t, p, fmt.Sprintf("#%d %s", i, c.variant))
	}
}

// TestReferenceGenerator checks the reference generator itself on published counts, so a
// disagreement in the playouts points at the interpreter.
func TestReferenceGenerator(t *testing.T) {
	cases := []struct {
		fen      string
		chess960 bool
		perft    []int64
	}{
		// chessprogramming.org perft results.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, []int64{20, 400, 8902}},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, []int64{48, 2039}},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, []int64{14, 191, 2812}},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, []int64{6, 264, 9467}},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, []int64{44, 1486}},
		// Chess960 perft results (Fairy-Stockfish agrees).
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, []int64{21, 528, 12189}},
		{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true, []int64{21, 807}},
		{"rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", true, []int64{24, 479, 11099}},
		{"4k3/8/8/8/8/8/8/q1RK3R w CH - 0 1", true, []int64{17, 300, 5994}},
	}
	var perft func(b *refBoard, d int) int64
	perft = func(b *refBoard, d int) int64 {
		ms := b.legal()
		if d == 1 {
			return int64(len(ms))
		}
		var n int64
		for _, m := range ms {
			n += perft(b.play(m), d-1)
		}
		return n
	}
	for i, c := range cases {
		b, err := refFromFEN(c.fen, c.chess960)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range c.perft {
			if got := perft(b, d+1); got != want {
				t.Errorf("#%d %s depth %d: got %d want %d", i, c.fen, d+1, got, want)
			}
		}
	}
}

// TestMakeUnmakeDeep makes a whole random line and unmakes it, comparing every position on
// the way back with the one recorded on the way in.
func TestMakeUnmakeDeep(t *testing.T) {
	rs := openRuleset(t, "chess")
	rng := rand.New(rand.NewSource(42))
	for i, fen := range playoutStarts(rs) {
		p := mustFEN(t, rs, fen)
		var fens []string
		var hashes []uint64
		for ply := 0; ply < 200; ply++ {
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			fens, hashes = append(fens, p.FEN()), append(hashes, p.Hash())
			p.Make(legal[rng.Intn(len(legal))])
		}
		for j := len(fens) - 1; j >= 0; j-- {
			p.Unmake()
			if p.FEN() != fens[j] || p.Hash() != hashes[j] {
				t.Fatalf("#%d ply %d: got %s (%x) want %s (%x)", i, j, p.FEN(), p.Hash(), fens[j], hashes[j])
			}
		}
		if p.Ply() != 0 {
			t.Errorf("#%d: Ply() = %d after unmaking everything; want 0", i, p.Ply())
		}
	}
}
