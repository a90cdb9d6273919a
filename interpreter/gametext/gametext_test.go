// Tests of replaying move text: move numbers, results, comments, and errors labelled with their move.
package gametext_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"chimera/compiler"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

func TestPlayGame(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		game, fen, err string
	}{
		{"1. e4 e5 2. Nf3 Nc6", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ""},
		{"e2e4 e7e5 g1f3 1-0", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ""},
		// {comments} may span lines and hold ';'; a ';' outside them ends its line; $NAGs, results and "1...." numbers are skipped.
		{"1. e4 {best; by\ntest} e5 ; the rest is ignored: Qh4\n2. Nf3 $1 2... Nc6 1/2-1/2", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ""},
		// An unclosed comment or variation is an error at its position (it would swallow
		// the rest of the game), after the moves before it.
		{"1. e4 {unclosed e5 2. Nf3", "", "1... {: the comment { opened at line 1, column 7 is never closed"},
		{"1. e4 e5\n2. Nf3 (2. d4 exd4 3. c3", "", "2... (: the variation ( opened at line 2, column 8 is never closed"},
		{"1. e4 {a {nested} comment} e5 (1... c5 (1... e6)) 2. Nf3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ""},
		{"1.d4 d5 2.c4 dxc4 3.e5", "", "3. e5: "},
		{"1. e4 e5 2. Ke2 Ke7 3. Ke3 Kf6 4. Kf3 Kf5", "", "4... Kf5: "},
		{"1. e4 xyz", "", "1... xyz: "},
	}
	for i, c := range cases {
		p, _ := interpreter.Start(rs, "")
		err := gametext.PlayGame(p, c.game)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("#%d got error %v", i, err)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("#%d got error %v, want prefix %q", i, err, c.err)
		case c.err == "" && p.FEN() != c.fen:
			t.Errorf("#%d got %s, want %s", i, p.FEN(), c.fen)
		}
	}
}

func TestReplayGameDetails(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := interpreter.Start(rs, "")
	r := gametext.ReplayGame(p, "1. e4 e5 2. Bc4+ Nc6 3. Qh5 Nf6?? 4. Qxf7 mate 1-0")
	if r.Stop != nil {
		t.Fatalf("stopped: %v", r.Stop)
	}
	if len(r.Moves) != 7 || r.Result != "1-0" || r.Resigned {
		t.Fatalf("got %d moves, result %q, resigned %v; want 7, 1-0, false", len(r.Moves), r.Result, r.Resigned)
	}
	bc4, nf6, qxf7 := r.Moves[2], r.Moves[5], r.Moves[6]
	if bc4.Label() != "2. Bc4+" || bc4.Coord != "f1c4" || !bc4.ClaimsCheck || bc4.Check || bc4.Mate {
		t.Errorf("got %+v for 2. Bc4+: want a check claimed that is not one", bc4)
	}
	if nf6.Label() != "3... Nf6??" || nf6.Side != compiler.Black || nf6.Number != 3 || nf6.ClaimsCheck || nf6.ClaimsMate {
		t.Errorf("got %+v for 3... Nf6??", nf6)
	}
	if qxf7.Coord != "h5f7" || !qxf7.ClaimsMate || !qxf7.Check || !qxf7.Mate {
		t.Errorf("got %+v for 4. Qxf7 mate: want a true mate claim", qxf7)
	}

	// '#' and a "mate" suffix claim mate; a check not marked is seen; resignations name a side.
	cases := []struct {
		game              string
		claimCheck, check bool
		claimMate, mate   bool
		resigner          string
	}{
		{"1. f3 e5 2. g4 Qh4#", false, true, true, true, ""},
		{"1. f3 e5 2. g4 Qh4mate", false, true, true, true, ""},
		{"1. f3 e5 2. g4 Qh4 Resigns", false, true, false, true, "white"},
		{"1. e4 f6 2. d4 g5 3. Qh5+ Black resigns", true, true, false, true, "black"},
		{"1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. d4 resigns", false, false, false, false, "black"},
	}
	for i, c := range cases {
		p, _ := interpreter.Start(rs, "")
		r := gametext.ReplayGame(p, c.game)
		if r.Stop != nil {
			t.Errorf("#%d stopped: %v", i, r.Stop)
			continue
		}
		last := r.Moves[len(r.Moves)-1]
		if last.ClaimsCheck != c.claimCheck || last.Check != c.check || last.ClaimsMate != c.claimMate || last.Mate != c.mate {
			t.Errorf("#%d got %+v, want claims check %v mate %v, check %v mate %v", i, last, c.claimCheck, c.claimMate, c.check, c.mate)
		}
		resigner := ""
		if r.Resigned {
			resigner = interpreter.SideName(r.Resigner)
		}
		if resigner != c.resigner {
			t.Errorf("#%d got resigner %q, want %q", i, resigner, c.resigner)
		}
	}

	// Where it stops: the move, its number and side, the parser's error; p before it.
	p, _ = interpreter.Start(rs, "")
	r = gametext.ReplayGame(p, "1. e4 e5 2. Ke3")
	if r.Stop == nil || r.Stop.Label() != "2. Ke3" || r.Stop.Side != compiler.White || len(r.Moves) != 2 ||
		!strings.HasPrefix(r.Stop.Error(), "2. Ke3: illegal move") || !strings.HasPrefix(p.FEN(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w") {
		t.Errorf("got stop %v after %d moves in %s", r.Stop, len(r.Moves), p.FEN())
	}
}

// Variations are skipped, nested or spanning lines, with exchanges and parenthesised
// origins inside and next to them; the moves of the main line stay.
func TestVariations(t *testing.T) {
	chess, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	const italian = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	for i, game := range []string{
		"1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 Nc6 3. Bc4 Bc5",
		"1. e4 e5 (1...c5 {a comment (with parentheses)} 2.Nf3\n; a line comment )\nd6 ) 2. Nf3 Nc6 3. Bc4 Bc5",
		"1. e4 e5 2. Nf3 (Nc3 Nf6) (O-O) Nc6 (2...d6 3.d4) 3. Bc4 (3.Bb5 a6 (3...Nf6 4.O-O)) Bc5 *",
		"%escaped line (\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5(3...Nf6)",
	} {
		p, _ := interpreter.Start(chess, "")
		if err := gametext.PlayGame(p, game); err != nil || p.FEN() != italian {
			t.Errorf("#%d got %v and %s, want %s", i, err, p.FEN(), italian)
		}
	}

	hostage, err := interpreter.Open("hostage")
	if err != nil {
		t.Fatal(err)
	}
	plain := "1.e4 e5 2.Bc4 Bc5 3.Nf3 d6 4.d4 exd4 5.Nxd4 Qh4 6.g3 Qh3 7.Be3 (P-P)@g2 8.Qf3 Nf6 9.Rg1 Bg4 10.Qf4 N(b)d7 " +
		"11.@g5 Ne5 12.gxf6 g5 13.Qxg5 Bxd4 14.(N-N)N@g7+ Kf8"
	varied := "1.e4 e5 2.Bc4 Bc5 3.Nf3 d6 4.d4 exd4 5.Nxd4 Qh4 6.g3 Qh3 7.Be3 (7.Nc3 (P-P)@g2) (P-P)@g2 ( 7...Qg2 )\n" +
		"8.Qf3 Nf6 9.Rg1 Bg4 10.Qf4 N(b)d7 (10...N(f)d7 11.Nb5) 11.@g5 Ne5 12.gxf6 g5 13.Qxg5 (13.Qf4 (B-N)N@e6) Bxd4\n" +
		"14.(N-N)N@g7+ (14.(B-N)N@g7+ Kf8) Kf8"
	p1, _ := interpreter.Start(hostage, "")
	p2, _ := interpreter.Start(hostage, "")
	if err := gametext.PlayGame(p1, plain); err != nil {
		t.Fatal(err)
	}
	r := gametext.ReplayGame(p2, varied)
	if r.Stop != nil || p2.FEN() != p1.FEN() || len(r.Moves) != 28 {
		t.Errorf("got %v, %d moves, %s; want 28 moves to %s", r.Stop, len(r.Moves), p2.FEN(), p1.FEN())
	}
	if r.Stop == nil && (r.Moves[13].Text != "(P-P)@g2" || r.Moves[19].Text != "N(b)d7" || r.Moves[26].Text != "(N-N)N@g7+") {
		t.Errorf("got moves %q, %q, %q; want the exchanges and N(b)d7 as written", r.Moves[13].Text, r.Moves[19].Text, r.Moves[26].Text)
	}
}

func TestReadPGN(t *testing.T) {
	text := "\ufeff[Event \"One\"]\r\n[White \"A \\\"quoted\\\" name\"]\n\n1. e4 {a comment\n[not a tag]} e5 1-0\n\n" +
		"[Event \"Two\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 *\n"
	games, err := gametext.ReadPGN(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("got %d games, want 2", len(games))
	}
	g1, g2 := games[0], games[1]
	if w, _ := g1.Tag("white"); w.Value != `A "quoted" name` || w.Line != 2 || g1.Line != 1 || g1.TextLine != 4 {
		t.Errorf("game 1: got tag %+v, lines %d and %d", w, g1.Line, g1.TextLine)
	}
	if !strings.Contains(g1.Text, "[not a tag]") || !strings.Contains(g1.Text, "e5 1-0") {
		t.Errorf("game 1: got movetext %q", g1.Text)
	}
	if f, ok := g2.Tag("FEN"); !ok || f.Line != 8 || g2.Line != 7 || g2.TextLine != 9 || strings.TrimSpace(g2.Text) != "1. Kd2 *" {
		t.Errorf("game 2: got %+v", g2)
	}

	// Plain move text is one game without tags.
	if games, err := gametext.ReadPGN("1. e4 e5\n2. Nf3\n"); err != nil || len(games) != 1 || len(games[0].Tags) != 0 || games[0].TextLine != 1 {
		t.Errorf("plain text: got %+v, %v", games, err)
	}
	// A line starting with '[' that is not a tag pair is an error at its line.
	_, err = gametext.ReadPGN("[Event \"x\"]\n[Site unquoted]\n1. e4\n")
	var le *gametext.LineError
	if !errors.As(err, &le) || le.Line != 2 {
		t.Errorf("got error %v, want one at line 2", err)
	}
}

// TestBareNumbersAndNullMoves: a bare number is read only as the current move number, so
// that a stray number cannot make the next move be tried for the wrong side; 0000 (the
// null move of engine protocols) is not a move of the game; move numbers are bounded.
func TestBareNumbersAndNullMoves(t *testing.T) {
	rs, err := interpreter.Open("chess")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		game, fen, err string
	}{
		{"1 e4 e5 2 Nf3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ""},
		{"1 e4 1... e5 2 Nf3 Nc6 3", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ""},
		{"1 e4 e5 3 Nf3", "", "2. 3: 3 is not a move; a bare number is read only as the current move number (2)"},
		{"e4 5 e5", "", "1... 5: 5 is not a move"},
		{"e4 0 e5", "", "1... 0: 0 is not a move"},
		{"e4 0000 e5", "", "1... 0000: 0000 is a null move (a pass), which is not a move of the game"},
		{"0000", "", "1. 0000: 0000 is a null move"},
		{"1. e4 e5 99999999999999999999. Nf3", "", "move number 99999999999999999999 is too large (at most 1000000000)"},
		{"1. e4 e5 1000000001. Nf3", "", "move number 1000000001 is too large"},
	}
	for i, c := range cases {
		p, _ := interpreter.Start(rs, "")
		err := gametext.PlayGame(p, c.game)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("#%d %q: got error %v", i, c.game, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("#%d %q: got error %v, want %q", i, c.game, err, c.err)
		case c.err == "" && p.FEN() != c.fen:
			t.Errorf("#%d %q: got %s, want %s", i, c.game, p.FEN(), c.fen)
		}
	}
}

// TestGameOverTakesNoMoves: one convention for every rule that ends a game — checkmate, a
// goal, the fifty-move rule, repetition — a finished game takes no more moves.
func TestGameOverTakesNoMoves(t *testing.T) {
	cases := []struct {
		variant, fen, game string
		err                string // "" when the whole game is played
	}{
		{"chess", "", "1. f3 e5 2. g4 Qh4# 3. Nc3", "3. Nc3: the game is over (0-1, checkmate)"},
		{"chess", "4k3/8/8/8/8/8/8/4K2R w K - 98 80", "80. Rh2 Kd7", ""},
		{"chess", "4k3/8/8/8/8/8/8/4K2R w K - 99 80", "80. Rh2 Kd7", "80... Kd7: the game is over (1/2-1/2, fifty-move rule)"},
		{"chess", "", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8", ""},
		{"chess", "", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4", "5. e4: the game is over (1/2-1/2, repetition)"},
		{"kingofthehill", "", "1. d4 e5 2. Kd2 Ke7 3. Kd3 Kf6 4. Ke4", ""},
		{"kingofthehill", "", "1. d4 e5 2. Kd2 Ke7 3. Kd3 Kf6 4. Ke4 Kf5", "4... Kf5: the game is over (1-0, "},
	}
	for i, c := range cases {
		rs, err := interpreter.Open(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		var p *interpreter.Position
		if c.fen == "" {
			p, err = interpreter.Start(rs, "")
		} else {
			p, err = interpreter.FromFEN(rs, c.fen)
		}
		if err != nil {
			t.Fatal(err)
		}
		err = gametext.PlayGame(p, c.game)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("#%d %s %q: got error %v", i, c.variant, c.game, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("#%d %s %q: got error %v, want %q", i, c.variant, c.game, err, c.err)
		}
	}
}

// zeros is an endless input of NUL bytes, as /dev/zero gives.
type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

// TestPGNReaderBounded: the reader holds one line and one game at most; an endless line
// or an overlong game is an error at its line, not memory without end (#23: replay of
// /dev/zero reached 6.4 GB in 20 s).
func TestPGNReaderBounded(t *testing.T) {
	_, err := gametext.NewPGNReader(zeros{}).Next()
	var le *gametext.LineError
	if !errors.As(err, &le) || le.Line != 1 || !strings.Contains(le.Msg, "longer than") {
		t.Errorf("an endless line: got %v, want a line error at line 1", err)
	}
	long := strings.Repeat(strings.Repeat("e4 e5 ", 100)+"\n", gametext.MaxPGNGame/600+10)
	_, err = gametext.NewPGNReader(strings.NewReader("[Event \"x\"]\n\n" + long)).Next()
	if !errors.As(err, &le) || !strings.Contains(le.Msg, "bytes of movetext") {
		t.Errorf("an overlong game: got %v, want a line error", err)
	}
	// Read one at a time, the games are those ReadPGN returns.
	text := "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[Site \"c\"]\n1. d4 {a\n[comment]} d5 *\n"
	all, err := gametext.ReadPGN(text)
	if err != nil || len(all) != 2 {
		t.Fatalf("ReadPGN: %d games, %v", len(all), err)
	}
	r := gametext.NewPGNReader(strings.NewReader(text))
	for i := range all {
		g, err := r.Next()
		if err != nil || g.Text != all[i].Text || len(g.Tags) != len(all[i].Tags) || g.Line != all[i].Line {
			t.Errorf("game %d: got %+v (%v), want %+v", i, g, err, all[i])
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last game: got %v, want io.EOF", err)
	}
}
