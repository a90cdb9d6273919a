// Tests of self-play: reproducible games whatever the scheduling, statistics with known
// values, PGN that replays, warnings, handicap positions.
package selfplay_test

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/engine/search"
	"chimera/engine/selfplay"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

func open(t testing.TB, variant string) *compiler.Ruleset {
	t.Helper()
	rs, err := interpreter.Open(variant)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// strip drops what depends on the machine (time).
func strip(games []selfplay.Game) []selfplay.Game {
	out := append([]selfplay.Game(nil), games...)
	for i := range out {
		out[i].Millis = 0
	}
	return out
}

var smallOpt = selfplay.Options{Limits: search.Limits{Nodes: 400}, MaxPlies: 60, Jitter: 0.2, HashMB: 4}

func TestDeterministicAcrossJobsAndShards(t *testing.T) {
	rs := open(t, "gardner")
	specs := selfplay.Specs(8, []selfplay.Start{{FEN: rs.SetupAt(0).FEN}}, 2, 42)
	one, err := selfplay.Run(rs, specs, smallOpt, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, err := selfplay.Run(rs, specs, smallOpt, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(strip(one), strip(two)) {
		t.Fatalf("1 job and 2 jobs give different games:\n%v\n%v", strip(one), strip(two))
	}
	// Shards played apart and put together give the same games.
	var merged []selfplay.Game
	for i := 0; i < 3; i++ {
		g, err := selfplay.Run(rs, selfplay.Shard(specs, i, 3), smallOpt, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		merged = append(merged, g...)
	}
	selfplay.SortGames(merged)
	if !reflect.DeepEqual(strip(one), strip(merged)) {
		t.Fatalf("shards differ from the whole run")
	}
	// The two games of a pair share their random opening; the pairs' openings differ, and
	// the jitter parts the two games of some pair (at 400 nodes a game, not of every one).
	distinct, openings := map[string]bool{}, map[string]bool{}
	for i, g := range one {
		if g.Opening != 2 || len(g.Moves) < 2 {
			t.Errorf("game %d: %d opening plies of %d, want 2", i, g.Opening, len(g.Moves))
			continue
		}
		if i%2 == 1 && strings.Join(g.Moves[:2], " ") != strings.Join(one[i-1].Moves[:2], " ") {
			t.Errorf("games %d and %d: openings %v and %v differ", i-1, i, g.Moves[:2], one[i-1].Moves[:2])
		}
		if g.Result == "" || g.Reason == "" || g.Moved == "" {
			t.Errorf("game %d: incomplete record %+v", i, g)
		}
		distinct[strings.Join(g.Moves, " ")] = true
		openings[strings.Join(g.Moves[:2], " ")] = true
	}
	if len(openings) != 4 || len(distinct) <= len(openings) {
		t.Errorf("%d distinct openings of 4 pairs, %d distinct games of 8: want 4, and more games than openings", len(openings), len(distinct))
	}
}

func TestMoveCap(t *testing.T) {
	rs := open(t, "chess")
	opt := smallOpt
	opt.MaxPlies = 6
	g, err := selfplay.Play(rs, search.New(rs, 4), selfplay.Spec{FEN: rs.SetupAt(0).FEN, PlaySeed: 1}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if g.Plies() != 6 || g.Result != "1/2-1/2" || g.Reason != selfplay.ReasonMoveCap {
		t.Errorf("got %d plies, %s by %s; want 6 plies, a draw by the move cap", g.Plies(), g.Result, g.Reason)
	}
}

func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775328},
		{5, 10, 0.2365931, 0.7634069},
		{81, 100, 0.7222115, 0.8748525},
	}
	for _, c := range cases {
		r := selfplay.Wilson(c.k, c.n, selfplay.Z95)
		if math.Abs(r.Lo-c.lo) > 1e-6 || math.Abs(r.Hi-c.hi) > 1e-6 {
			t.Errorf("Wilson(%d, %d) = [%.7f, %.7f], want [%.7f, %.7f]", c.k, c.n, r.Lo, r.Hi, c.lo, c.hi)
		}
	}
}

func TestElo(t *testing.T) {
	for _, c := range []struct{ s, elo float64 }{{0.5, 0}, {0.75, 190.8485}, {0.64, 99.9510}, {0.25, -190.8485}} {
		if got := selfplay.Elo(c.s); math.Abs(got-c.elo) > 1e-3 {
			t.Errorf("Elo(%g) = %.4f, want %.4f", c.s, got, c.elo)
		}
		if got := selfplay.ScoreOf(c.elo); math.Abs(got-c.s) > 1e-6 {
			t.Errorf("ScoreOf(%g) = %g, want %g", c.elo, got, c.s)
		}
	}
	// 60 wins, 20 draws, 20 losses: s = 0.7, per-game variance (60 + 20/4)/100 - 0.49 = 0.16,
	// standard error 0.04, so the interval is Elo(0.7 ± 1.96*0.04).
	e := selfplay.EloFromResults(60, 20, 20)
	if math.Abs(e.Score-0.7) > 1e-12 || math.Abs(e.ScoreSE-0.04) > 1e-12 {
		t.Errorf("score %g ± %g, want 0.7 ± 0.04", e.Score, e.ScoreSE)
	}
	if math.Abs(e.Elo-147.1907) > 1e-3 || math.Abs(e.Lo-86.2250) > 1e-3 || math.Abs(e.Hi-218.2518) > 1e-3 || e.Saturated {
		t.Errorf("Elo %.4f [%.4f, %.4f], want 147.1907 [86.2250, 218.2518]", e.Elo, e.Lo, e.Hi)
	}
	// All draws: no variance, no margin. All wins: saturated, a finite bound.
	if d := selfplay.EloFromResults(0, 10, 0); d.Elo != 0 || d.Margin != 0 {
		t.Errorf("ten draws: %+v", d)
	}
	if w := selfplay.EloFromResults(10, 0, 0); !w.Saturated || math.IsInf(w.Elo, 0) || w.Elo < 400 {
		t.Errorf("ten wins: %+v", w)
	}
}

func TestPGNReplays(t *testing.T) {
	rs := open(t, "gardner")
	specs := selfplay.Specs(2, []selfplay.Start{{FEN: rs.SetupAt(0).FEN, Moves: []string{"b2b3"}}}, 1, 3)
	games, err := selfplay.Run(rs, specs, smallOpt, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	h := selfplay.PGNHeader{Event: "chimera selfplay", Variant: "gardner", Date: "2024.01.02", Player: "chimera 400 nodes", Rules: rs}
	for _, g := range games {
		if err := selfplay.WritePGN(&buf, h, g); err != nil {
			t.Fatal(err)
		}
	}
	pgn, err := gametext.ReadPGN(buf.String())
	if err != nil || len(pgn) != 2 {
		t.Fatalf("ReadPGN: %d games, %v\n%s", len(pgn), err, buf.String())
	}
	for i, pg := range pgn {
		g := games[i]
		want := map[string]string{"Variant": "gardner", "FEN": g.FEN, "Result": g.Result, "Termination": g.Reason,
			"Round": []string{"1", "2"}[i], "SetUp": "1", "Event": "chimera selfplay"}
		for name, value := range want {
			if tag, ok := pg.Tag(name); !ok || tag.Value != value {
				t.Errorf("game %d: tag %s = %q, want %q", i, name, tag.Value, value)
			}
		}
		p, _ := interpreter.FromFEN(rs, g.FEN)
		r := gametext.ReplayGame(p, pg.Text)
		if r.Stop != nil || len(r.Moves) != g.Plies() || r.Result != g.Result {
			t.Errorf("game %d replays to %d moves (stop %v), result %q; want %d, %q\n%s", i, len(r.Moves), r.Stop, r.Result, g.Plies(), g.Result, pg.Text)
		}
		for j, m := range r.Moves {
			if j < len(g.Moves) && m.Coord != g.Moves[j] {
				t.Errorf("game %d move %d: %s, want %s", i, j, m.Coord, g.Moves[j])
				break
			}
		}
	}
}

// fakeGames makes n games of result and reason, with pieces moved.
func fakeGames(n int, result, reason, moved string, plies int) []selfplay.Game {
	out := make([]selfplay.Game, n)
	for i := range out {
		out[i] = selfplay.Game{Index: i, Result: result, Reason: reason, Moved: moved, FEN: fmt.Sprint(reason, i),
			Moves: make([]string, plies), SAN: append([]string{"e4"}, make([]string, plies-1)...)}
	}
	return out
}

func TestWarnings(t *testing.T) {
	info := selfplay.Info{Variant: "fake", MaxPlies: 200, Pieces: []selfplay.PieceInfo{
		{Letter: "K", Name: "King", Royal: true, InPlay: true},
		{Letter: "Q", Name: "Queen", InPlay: true},
		{Letter: "Z", Name: "Zebra", InPlay: false},
	}}
	// White never wins, most games hit the cap, the queen never moves; the zebra is not in play.
	games := append(fakeGames(15, "1/2-1/2", selfplay.ReasonMoveCap, "K", 200), fakeGames(5, "0-1", "checkmate", "K", 40)...)
	r := selfplay.Analyze(info, games)
	text := strings.Join(r.Warnings, "\n")
	for _, want := range []string{"White never won in 20 games", "hit the move cap of 200 plies", "the Queen (Q) never moved"} {
		if !strings.Contains(text, want) {
			t.Errorf("warnings lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Zebra") || strings.Contains(text, "Black never") {
		t.Errorf("unexpected warning:\n%s", text)
	}
	if r.White.Count != 0 || r.Draw.Count != 15 || r.Black.Count != 5 || r.Length.Max != 200 || r.Length.Min != 40 {
		t.Errorf("counts: %+v %+v %+v, lengths %+v", r.White, r.Draw, r.Black, r.Length)
	}
	if len(r.Endings) != 2 || r.Endings[0].Reason != selfplay.ReasonMoveCap || r.Endings[0].Draws != 15 {
		t.Errorf("endings: %+v", r.Endings)
	}
	if len(r.FirstMoves) != 1 || r.FirstMoves[0].Games != 20 || r.FirstMoves[0].Score != 0.375 {
		t.Errorf("first moves: %+v", r.FirstMoves)
	}
	// A healthy set: no warnings.
	ok := append(fakeGames(8, "1-0", "checkmate", "KQ", 60), fakeGames(6, "0-1", "escape", "KQ", 50)...)
	ok = append(ok, fakeGames(6, "1/2-1/2", "repetition", "KQ", 80)...)
	if r := selfplay.Analyze(info, ok); len(r.Warnings) != 0 {
		t.Errorf("warnings on healthy games: %v", r.Warnings)
	}
	same := append(fakeGames(10, "1-0", "checkmate", "KQ", 60), fakeGames(10, "0-1", "checkmate", "KQ", 60)...)
	for i := range same {
		same[i].FEN = "x"
		same[i].Moves[0] = fmt.Sprint(i % 4)
	}
	if r := selfplay.Analyze(info, same); r.Distinct != 4 || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "only 4 of 20 games differ") {
		t.Errorf("repeated games: %d distinct, warnings %v", r.Distinct, r.Warnings)
	}
	var html bytes.Buffer
	if err := selfplay.WriteHTML(&html, r); err != nil || !strings.Contains(html.String(), "<svg") || !strings.Contains(html.String(), "never moved") {
		t.Errorf("HTML report: %v\n%.300s", err, html.String())
	}
}

func TestRemovePiece(t *testing.T) {
	cases := []struct{ variant, fen, sq, want string }{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "b1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "h8", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1"},
		{"claustrophobia", "rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPPQN/RRNBBK* w - - 0 1", "f2", "rrnbbk*/pppppqn/5**/5**/5**/5**/PPPPP1N/RRNBBK* w - - 0 1"},
		{"hostage", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[][] w KQkq - 0 1", "d8", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[][] w KQkq - 0 1"},
	}
	for _, c := range cases {
		rs := open(t, c.variant)
		sq, _ := rs.ParseSquare(c.sq)
		got, err := selfplay.RemovePiece(rs, c.fen, sq)
		if err != nil {
			t.Errorf("%s %s: %v", c.variant, c.sq, err)
			continue
		}
		if got != c.want {
			// Castling rights may be dropped or kept, as long as the position is valid.
			if strings.Fields(got)[0] != strings.Fields(c.want)[0] {
				t.Errorf("%s without %s: %s, want %s", c.variant, c.sq, got, c.want)
			}
		}
	}
}

func TestValueSpecsAlternate(t *testing.T) {
	rs := open(t, "chess")
	fen := rs.SetupAt(0).FEN
	types, err := selfplay.Handicaps(rs, fen)
	if err != nil || len(types) != 5 {
		t.Fatalf("handicaps %v, %v; want the five non-royal chess pieces", types, err)
	}
	n := rs.TypeOf('N')
	specs, err := selfplay.ValueSpecs(rs, fen, []int{n}, 4, 0, 1)
	if err != nil || len(specs) != 4 {
		t.Fatal(len(specs), err)
	}
	want := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
		"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
		"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	}
	for i, s := range specs {
		side := []string{"white", "black"}[i%2]
		if s.FEN != want[i] || s.Handicapped != side || s.Pairing != "-N" || s.Index != i {
			t.Errorf("spec %d: %s %s %s, want %s %s -N", i, s.FEN, s.Handicapped, s.Pairing, want[i], side)
		}
	}
}

// A trade takes a piece of the first type from one side and one of the second from the
// other, the side lacking the first alternating colours.
func TestTradeSpecs(t *testing.T) {
	rs := open(t, "chess")
	fen := rs.SetupAt(0).FEN
	n, b := rs.TypeOf('N'), rs.TypeOf('B')
	specs, err := selfplay.TradeSpecs(rs, fen, [][2]int{{n, b}}, 4, 0, 1, 10)
	if err != nil || len(specs) != 4 {
		t.Fatal(len(specs), err)
	}
	want := []string{
		"rn1qkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", // White without b1's knight, Black without c8's bishop
		"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1", // Black without b8's knight, White without c1's bishop
		"rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
		"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR w KQkq - 0 1",
	}
	for i, s := range specs {
		side := []string{"white", "black"}[i%2]
		if s.FEN != want[i] || s.Handicapped != side || s.Pairing != "N:B" || s.Index != 10+i {
			t.Errorf("spec %d: %s %s %s %d, want %s %s N:B %d", i, s.FEN, s.Handicapped, s.Pairing, s.Index, want[i], side, 10+i)
		}
	}
	if _, err := selfplay.TradeSpecs(rs, fen, [][2]int{{n, n}}, 2, 0, 1, 0); err == nil {
		t.Errorf("a knight traded for a knight was accepted")
	}
}

func TestAnalyzeValues(t *testing.T) {
	info := selfplay.Info{Variant: "fake", Pieces: []selfplay.PieceInfo{
		{Letter: "K", Name: "King", Royal: true}, {Letter: "N", Name: "Knight", Value: 300}, {Letter: "P", Name: "Pawn", Value: 100},
		{Letter: "Q", Name: "Queen", Value: 900},
	}}
	var games []selfplay.Game
	add := func(pairing string, full, draws, handicapped int) {
		for i := 0; i < full+draws+handicapped; i++ {
			side := []string{"white", "black"}[i%2]
			win, loss := "0-1", "1-0" // the full side's win, seen from the handicapped White
			if side == "black" {
				win, loss = loss, win
			}
			res := "1/2-1/2"
			if i < full {
				res = win
			} else if i >= full+draws {
				res = loss
			}
			games = append(games, selfplay.Game{Index: len(games), Pairing: pairing, Handicapped: side, Result: res})
		}
	}
	add("-P", 60, 20, 20)  // s = 0.70: +147.19 Elo
	add("-N", 90, 10, 0)   // s = 0.95: +511.53 Elo
	add("-Q", 100, 0, 0)   // all won: a bound
	add("N:P", 60, 20, 20) // the side keeping its knight (without a pawn) scores 0.70
	r := selfplay.AnalyzeValues(info, games, "P")
	if len(r.Trades) != 1 {
		t.Fatalf("trades %+v", r.Trades)
	}
	tr := r.Trades[0]
	if tr.Trade != "N:P" || tr.Wins != 60 || tr.Draws != 20 || tr.Losses != 20 || math.Abs(tr.Diff-1) > 1e-9 ||
		math.Abs(tr.Singles-(511.53-147.19)/147.19) > 0.01 || tr.Declared != 2 || !tr.HasDeclared {
		t.Errorf("trade row %+v", tr)
	}
	if want := math.Abs(tr.Diff-2) <= tr.Margin; want != (tr.Verdict == "agrees") {
		t.Errorf("trade verdict %q with %.2f ± %.2f against 2", tr.Verdict, tr.Diff, tr.Margin)
	}
	if len(r.Rows) != 3 || r.Rows[0].Letter != "N" || r.Rows[1].Letter != "P" || r.Rows[2].Letter != "Q" {
		t.Fatalf("rows %+v", r.Rows)
	}
	n, p, q := r.Rows[0], r.Rows[1], r.Rows[2]
	if p.Wins != 60 || p.Draws != 20 || p.Losses != 20 || p.Value != 1 || p.Verdict != "unit" {
		t.Errorf("pawn row %+v", p)
	}
	if math.Abs(n.Value-511.53/147.19) > 0.01 || n.DeclaredUnits != 3 || n.Margin <= 0 {
		t.Errorf("knight row %+v", n)
	}
	wantVerdict := "agrees"
	if math.Abs(n.Value-3) > n.Margin {
		wantVerdict = "DISAGREES: worth more than declared"
	}
	if n.Verdict != wantVerdict {
		t.Errorf("knight verdict %q, want %q", n.Verdict, wantVerdict)
	}
	if !q.Bound || !strings.HasPrefix(q.Verdict, "agrees") && !strings.HasPrefix(q.Verdict, "DISAGREES") {
		t.Errorf("queen row %+v", q)
	}
	var buf bytes.Buffer
	r.WriteText(&buf)
	if !strings.Contains(buf.String(), "≥") || !strings.Contains(buf.String(), "N Knight") || !strings.Contains(buf.String(), "N:P") {
		t.Errorf("table:\n%s", buf.String())
	}
}

// The rules added with the chess family's, shogi's and the Asian variants in play: for
// each variant that uses them, 20 self-play games (4 with -short), each written as PGN and
// replayed move by move against the legal moves, must replay in full to the result and
// reason the games ended with.
func TestNewRulesSelfplay(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	opt := selfplay.Options{Limits: search.Limits{Nodes: 300}, MaxPlies: 300, Jitter: 0.2, HashMB: 4}
	for _, v := range []string{"antichess", "giveaway", "suicide", "losers", "codrus", "3check", "5check",
		"racingkings", "horde", "atomic", "jesonmor", "shogi", "minishogi", "kyotoshogi", "micro", "dobutsu",
		"grand", "makruk", "makpong", "shatranj"} {
		t.Run(v, func(t *testing.T) {
			rs := open(t, v)
			specs := selfplay.Specs(games, []selfplay.Start{{FEN: rs.SetupAt(0).FEN}}, 2, 7)
			played, err := selfplay.Run(rs, specs, opt, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			decided := 0
			for i, g := range played {
				var buf bytes.Buffer
				h := selfplay.PGNHeader{Event: "chimera selfplay", Variant: v, Date: "2026.11.25", Player: "chimera 300 nodes", Rules: rs}
				if err := selfplay.WritePGN(&buf, h, g); err != nil {
					t.Fatal(err)
				}
				pgn, err := gametext.ReadPGN(buf.String())
				if err != nil || len(pgn) != 1 {
					t.Fatalf("game %d: ReadPGN: %v", i, err)
				}
				p, _ := interpreter.FromFEN(rs, g.FEN)
				r := gametext.ReplayGame(p, pgn[0].Text)
				if r.Stop != nil || len(r.Moves) != g.Plies() || r.Result != g.Result {
					t.Errorf("game %d replays to %d of %d moves (stop %v), result %q, want %q (%s)", i, len(r.Moves), g.Plies(), r.Stop, r.Result, g.Result, g.Reason)
				}
				for j, m := range r.Moves {
					if m.ClaimsMate != m.Mate || m.ClaimsCheck && !m.Check {
						t.Errorf("game %d move %d (%s): marks claim check %v mate %v, the position says check %v mate %v", i, j, m.Label(), m.ClaimsCheck, m.ClaimsMate, m.Check, m.Mate)
					}
				}
				if g.Result == "1-0" || g.Result == "0-1" {
					decided++
				}
			}
			if decided == 0 && !testing.Short() {
				t.Errorf("none of %d games was decided", len(played))
			}
		})
	}
}
