// Tests of the replay command: PGN files and move text, check marks, stops, tags, stdin.
package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const hostageSpecimens = "../testdata/games/hostage-specimens.pgn"

// runInput runs the command line with stdin reading input.
func runInput(input string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = MainWithInput(args, strings.NewReader(input), &out, &errb)
	return code, out.String(), errb.String()
}

// writeGame writes text to a file of a fresh directory and returns its path.
func writeGame(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func wantAll(t *testing.T, what, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%s: no %q in\n%s", what, w, got)
		}
	}
}

// The two specimen games of the Hostage rules, as written there, replay to the end with
// every check mark true; the final positions are those the reference generator reaches
// (interpreter.TestHostageSpecimenGames compares them square by square and pool by pool).
func TestReplayHostageSpecimens(t *testing.T) {
	code, out, errs := run("replay", "hostage", hostageSpecimens)
	if code != 0 || errs != "" {
		t.Fatalf("got exit %d, stderr %q; want 0 and nothing\n%s", code, errs, out)
	}
	wantAll(t, "specimens", out,
		"Game 1 (line 1): Hostage Chess specimen game 1\nReplayed 46 moves\n",
		"FEN: 5r2/pppk1p1p/3pNP2/4n3/3bP3/4B1P1/PPP2PpP/RNK1q1n1[Brp][QRb] w - - 1 24\nTo move: white (in check)\nResult: *\n",
		"Game 2 (line 16): Hostage Chess specimen game 2\nReplayed 30 moves\n",
		"FEN: r1b1k1nr/ppp2ppp/2p5/8/2bPPn2/5q1P/PP1Q1PBP/RN3K1R[Pp][BN] w kq - 4 16\n",
		"  1  R  N  K  .  q  .  n  .\n",
		"Game text ends: White resigns\nGame text result: 0-1\nResult tag: 0-1 (agrees with the resignation)\n",
		"2 games: 2 clean, 0 with a stop or a warning, 0 not replayed",
	)
	if strings.Contains(out, "warning:") || strings.Contains(out, "note:") {
		t.Errorf("got warnings or notes in\n%s", out)
	}

	// --verbose: every move as written, then in coordinates.
	code, out, _ = run("replay", "--def", "../defs/hostage.yaml", hostageSpecimens, "--verbose")
	if code != 0 {
		t.Fatalf("--verbose: got exit %d", code)
	}
	for _, re := range []string{`(?m)^1\. e4 +e2e4$`, `(?m)^7\.\.\. \(P-P\)@g2 +P-P@g2$`, `(?m)^10\.\.\. N\(b\)d7 +b8d7$`,
		`(?m)^11\. @g5 +P@g5$`, `(?m)^14\. \(N-N\)N@g7\+ +N-N@g7$`, `(?m)^21\. \(B-N\)N@g7\+ +B-N@g7$`, `(?m)^14\. B@g2 +B@g2$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("--verbose: no line matching %s in\n%s", re, out)
		}
	}
}

// A check mark that does not hold is a warning naming the move, and makes the exit status 1.
func TestReplayFalseCheck(t *testing.T) {
	src, err := os.ReadFile(hostageSpecimens)
	if err != nil {
		t.Fatal(err)
	}
	game1 := strings.SplitN(string(src), "\n\n[", 2)[0]
	path := writeGame(t, strings.Replace(strings.Replace(game1, "16.Qg7 ", "16.Qg7+ ", 1), "Kd7 22.", "Kd7# 22.", 1))
	code, out, _ := run("replay", "hostage", path)
	if code != 1 {
		t.Errorf("got exit %d, want 1", code)
	}
	wantAll(t, "false marks", out,
		"Replayed 46 moves\n",
		"warning: 16. Qg7+ claims check, but black is not in check\n",
		"warning: 21... Kd7# claims mate, but white is not in check\n",
		"Result tag: 0-1 (agrees with the resignation)")
	if strings.Contains(out, "Game 1") {
		t.Errorf("a single game is numbered:\n%s", out)
	}

	// A check not marked is only a note; a mate marked '+' too.
	code, out, _ = runInput("1. f3 e5 2. g4 Qh4+\n", "replay", "chess", "-")
	if code != 0 {
		t.Errorf("got exit %d, want 0", code)
	}
	wantAll(t, "notes", out, "note: 2... Qh4+ is checkmate (not marked '#')", "Result: 0-1 (checkmate)")
	code, out, _ = runInput("1. e4 f6 2. d4 g5 3. Qh5\n", "replay", "chess", "-")
	if code != 0 {
		t.Errorf("got exit %d, want 0", code)
	}
	wantAll(t, "notes", out, "note: 3. Qh5 is checkmate (not marked '#')")
	code, out, _ = runInput("1. e4 e5 2. Qh5 Nc6 3. Qxf7 Kxf7\n", "replay", "chess", "-")
	if code != 0 {
		t.Errorf("got exit %d, want 0", code)
	}
	wantAll(t, "notes", out, "note: 3. Qxf7 gives check (not marked '+')")
}

// An illegal move stops the replay: the move and the parser's error, the position, its legal moves.
func TestReplayIllegalMove(t *testing.T) {
	src, err := os.ReadFile(hostageSpecimens)
	if err != nil {
		t.Fatal(err)
	}
	path := writeGame(t, strings.Replace(string(src), "N(b)d7", "N(b)d5", 1))
	code, out, _ := run("replay", "hostage", path)
	if code != 1 {
		t.Errorf("got exit %d, want 1", code)
	}
	wantAll(t, "illegal move", out,
		"Game 1 (line 1)",
		"Replayed 19 moves\nStopped at 10... N(b)d5: illegal move \"N(b)d5\" in this position (black to move)\n",
		"  2  P  P  P  .  .  P  p  P\n",
		"Legal moves here:\n",
		"Nbd7  b8d7\n", "Bb4+  c5b4\n", "O-O   e8g8\n",
		"FEN: rn2k2r/ppp2ppp/3p1n2/2b5/2BNPQb1/4B1Pq/PPP2PpP/RN2K1R1[][P] b Qkq - 5 10\n",
		"Moves: 42\n",
		// The second game is replayed all the same.
		"Game 2 (line 16)", "2 games: 1 clean, 1 with a stop or a warning, 0 not replayed")

	// An unreadable move stops it too; after a checkmate there are no legal moves.
	code, out, _ = runInput("1. f3 e5 2. g4 Qh4# 3. Kf2\n", "replay", "chess", "-")
	if code != 1 {
		t.Errorf("got exit %d, want 1", code)
	}
	wantAll(t, "after mate", out, "Stopped at 3. Kf2: the game is over (0-1, checkmate): no more moves are played\n", "Legal moves here: none\n", "Moves: 0\n")
	code, out, _ = runInput("1. e4 e5 2. Nf3 xyzzy\n", "replay", "chess", "-")
	if code != 1 || !strings.Contains(out, "Stopped at 2... xyzzy: ") {
		t.Errorf("got exit %d and\n%s\nwant 1 and a stop at 2... xyzzy", code, out)
	}
}

// A [FEN] tag sets the start position, and its move number numbers the moves.
func TestReplayFENTag(t *testing.T) {
	pgn := `[Event "Back rank"]
[SetUp "1"]
[FEN "6k1/p4ppp/8/8/8/8/5PPP/3R2K1 b - - 0 20"]
[Result "1-0"]

20... a6 21. Rd8# 1-0
`
	code, out, errs := run("replay", "chess", writeGame(t, pgn), "-v")
	if code != 0 {
		t.Fatalf("got exit %d, stderr %q\n%s", code, errs, out)
	}
	wantAll(t, "FEN tag", out,
		"20... a6   a7a6\n21. Rd8#   d1d8\n", "Replayed 2 moves\n",
		"FEN: 3R2k1/5ppp/p7/8/8/8/5PPP/6K1 b - - 1 21\n",
		"Result: 1-0 (checkmate)\nGame text result: 1-0\nResult tag: 1-0 (agrees with the position)\n")

	// A [Result] tag that the game contradicts is a warning.
	code, out, _ = run("replay", "chess", writeGame(t, strings.Replace(pgn, `[Result "1-0"]`, `[Result "0-1"]`, 1)))
	if code != 1 {
		t.Errorf("got exit %d, want 1", code)
	}
	wantAll(t, "result tag", out, "Result tag: 0-1 (disagrees with the position: 1-0)\n", "warning: [Result \"0-1\"] on line 4 disagrees with the position (1-0)\n")
}

// A bad [FEN] tag is an input error naming its line: exit 2.
func TestReplayBadFEN(t *testing.T) {
	pgn := "[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\"]\n\n1. e4\n"
	path := writeGame(t, pgn)
	code, _, errs := run("replay", "chess", path)
	if code != 2 || !strings.Contains(errs, "chimera replay: "+path+":2: [FEN] tag: ") {
		t.Errorf("got exit %d, stderr %q; want 2 and the tag's line", code, errs)
	}
	// In a file of several games the others are replayed.
	code, out, errs := run("replay", "chess", writeGame(t, pgn+"\n[Event \"y\"]\n\n1. d4 d5\n"))
	if code != 2 || !strings.Contains(errs, ":2: [FEN] tag: ") {
		t.Errorf("got exit %d, stderr %q; want 2", code, errs)
	}
	wantAll(t, "several", out, "Not replayed: bad [FEN] tag on line 2\n", "Game 2 (line 6): y\nReplayed 2 moves\n", "2 games: 1 clean, 0 with a stop or a warning, 1 not replayed")
}

// FILE "-" reads standard input; plain move text needs no tags.
func TestReplayStdin(t *testing.T) {
	code, out, errs := runInput("1. e4 e5\n2. Nf3 Nc6\n", "replay", "chess", "-")
	if code != 0 || errs != "" {
		t.Fatalf("got exit %d, stderr %q", code, errs)
	}
	wantAll(t, "stdin", out, "Replayed 4 moves\n", "FEN: r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n", "To move: white\nResult: *\n")
	if strings.Contains(out, "Result tag") || strings.Contains(out, "Game text") {
		t.Errorf("got result lines for a text without any:\n%s", out)
	}
	// --fen starts a text without a [FEN] tag.
	code, out, _ = runInput("1. Ra8#", "replay", "chess", "-", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	if code != 0 || !strings.Contains(out, "Result: 1-0 (checkmate)") {
		t.Errorf("--fen: got exit %d and\n%s", code, out)
	}
}

// A chess PGN with comments, NAGs, annotations, nested variations and an escape line.
func TestReplayChessPGN(t *testing.T) {
	pgn := `[Event "Annotated"]
[Site "?"]
[White "Morphy"]
[Black "Duke and Count"]
[Variant "Standard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 $6 {This is a weak move already.--Fischer} 4. dxe5 Bxf3
5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7
12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
`
	varied := strings.Replace(pgn, "4. dxe5 Bxf3", "4. dxe5 (4. c4 (4. Be2 Bxf3) Nc6)\n; a comment line (\n4... Bxf3 (4... Nd7 {(unclosed in a comment}) ", 1)
	varied = strings.Replace(varied, "9. Bg5 b5", "9. Bg5 !? b5 !!\n%an escape line (\n", 1)
	final := "FEN: 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n"
	for i, text := range []string{pgn, varied} {
		code, out, errs := run("replay", "chess", writeGame(t, text))
		if code != 0 || errs != "" {
			t.Errorf("#%d got exit %d, stderr %q\n%s", i, code, errs, out)
			continue
		}
		wantAll(t, "Opera game", out, "Replayed 33 moves\n", final, "Result: 1-0 (checkmate)\n", "Result tag: 1-0 (agrees with the position)\n")
	}
}

// A [Variant] tag naming another variant is warned about on standard error; the game goes on.
func TestReplayVariantTag(t *testing.T) {
	cases := []struct {
		tag  string
		warn bool
	}{
		{"Crazyhouse", true},
		{"chess", false},
		{"CHESS", false},
		{"Standard", false},
		{"King of the Hill", true},
	}
	for _, c := range cases {
		code, out, errs := runInput("[Variant \""+c.tag+"\"]\n\n1. e4 e5\n", "replay", "chess", "-")
		warned := strings.Contains(errs, "chimera replay: warning: stdin:1: [Variant \""+c.tag+"\"] names another variant; replaying as chess")
		if code != 0 || warned != c.warn || !strings.Contains(out, "Replayed 2 moves") {
			t.Errorf("%s: got exit %d, stderr %q; want 0, warning %v", c.tag, code, errs, c.warn)
		}
	}
	if code, _, errs := runInput("[Variant \"King of the Hill\"]\n\n1. e4 e5\n", "replay", "kingofthehill", "-"); code != 0 || errs != "" {
		t.Errorf("kingofthehill: got exit %d, stderr %q", code, errs)
	}
}

func TestReplayUsageErrors(t *testing.T) {
	cases := []struct {
		args  []string
		input string
		want  string
	}{
		{[]string{"replay", "chess"}, "", "missing FILE"},
		{[]string{"replay", "chess", "nosuchfile.pgn"}, "", "nosuchfile.pgn"},
		{[]string{"replay", "chess", "-", "extra"}, "", "unexpected argument"},
		{[]string{"replay", "nosuchvariant", "-"}, "", "unknown variant"},
		{[]string{"replay", "chess", "-"}, "  \n\n", "stdin: no game"},
		{[]string{"replay", "chess", "-"}, "[Event \"x\"]\n[Site x]\n1. e4\n", "stdin:2: not a tag pair"},
	}
	for i, c := range cases {
		code, _, errs := runInput(c.input, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("#%d %v: got exit %d, stderr %q; want 2 and %q", i, c.args, code, errs, c.want)
		}
	}
}
