// Tests of the play command: scripted games through standard input, and a game in a
// terminal through tmux.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// playScript runs chimera play with the lines of script as its input.
func playScript(t *testing.T, script []string, args ...string) (int, string, string) {
	t.Helper()
	return runInput(strings.Join(script, "\n")+"\n", append([]string{"play"}, args...)...)
}

func wantIn(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in the output:\n%s", w, out)
		}
	}
}

func TestPlayScripted(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.pgn")
	script := []string{
		"e2e5",        // illegal
		"xyzzy",       // unreadable
		"z9z8",        // no such square
		"1. e4",       // a move number is allowed
		"moves",       // Black has replied; White's moves
		"fen",         //
		"undo",        // back to the start
		"undo",        // nothing left
		"fen",         //
		"Nf3",         //
		"hint",        //
		"pgn " + file, //
		"pgn",         //
		"help",        //
		"quit",        //
		"e4",          // never read
	}
	code, out, errs := playScript(t, script, "chess", "--depth", "2")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantIn(t, out,
		"Chess (chess). You play White.",
		"  1  R  N  B  Q  K  B  N  R",
		"Legend: upper case White",
		"white> e2e5\nIllegal move \"e2e5\" in this position (white to move). Type 'moves'",
		"white> xyzzy\n\"xyzzy\" is not a move in a form Chimera reads",
		"z9z8\nIllegal move \"z9z8\": z9 is not a square of the board",
		"white: 1. e4\nblack (engine): 1... ",
		"legal moves for white:",
		"fen\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
		"Took back 2 moves.",
		"Nothing to take back.",
		"white: 1. Nf3\n",
		"Hint: ",
		"Saved the game (2 moves) to "+file,
		"[Variant \"chess\"]\n",
		"[White \"Human\"]\n[Black \"Chimera\"]\n[Result \"*\"]\n",
		"\n1. Nf3 ",
		"pgn [FILE]   print the game as PGN",
	)
	if strings.Contains(out, "\x1b[") {
		t.Error("colour escapes written to a buffer")
	}
	if strings.Contains(out, "[FEN") {
		t.Error("a [FEN] tag for a game from the default setup")
	}
	// After quit nothing more is read.
	if strings.Contains(out, "quit\n") && strings.Count(out, "white: ") != 2 {
		t.Errorf("moves after quit were played:\n%s", out)
	}
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if code, rout, rerr := run("replay", "chess", file); code != 0 {
		t.Errorf("the saved game does not replay: %d %s %s\n%s", code, rout, rerr, saved)
	}
}

func TestPlayToTheEnd(t *testing.T) {
	file := filepath.Join(t.TempDir(), "mate.pgn")
	script := []string{"f3", "e5", "g4", "Qh4", "e4", "moves", "pgn " + file, "undo", "fen"}
	code, out, errs := playScript(t, script, "chess", "--human", "both")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantIn(t, out,
		"black: 2... Qh4#",
		"Game over: 0-1 (checkmate)",
		"Save the game with 'pgn FILE'",
		"game over> e4\nThe game is over (0-1, checkmate)",
		"No legal moves: the game is over",
		"Saved the game (4 moves) to "+file,
		"Took back 1 move.",
		"fen\nrnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
	)
	text, _ := os.ReadFile(file)
	for _, w := range []string{"[Result \"0-1\"]", "[Termination \"checkmate\"]", "1. f3 e5 2. g4 Qh4# 0-1"} {
		if !strings.Contains(string(text), w) {
			t.Errorf("no %q in the PGN:\n%s", w, text)
		}
	}
	if code, rout, _ := run("replay", "chess", file); code != 0 || !strings.Contains(rout, "Result tag: 0-1 (agrees") {
		t.Errorf("replay: %d\n%s", code, rout)
	}
}

func TestPlayEngineBothSidesFromFEN(t *testing.T) {
	// The engine mates at once; the PGN starts from the FEN; the end of the input ends the game.
	fen := "7k/8/6K1/8/8/8/8/R7 w - - 0 1"
	code, out, errs := runInput("pgn\n", "play", "chess", "--human", "none", "--fen", fen, "--depth", "3")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantIn(t, out,
		"You play neither side",
		"white (engine): 1. Ra8#",
		"Game over: 1-0 (checkmate)",
		"[White \"Chimera\"]",
		"[SetUp \"1\"]\n[FEN \""+fen+"\"]",
		"1. Ra8# 1-0",
	)
	if !strings.HasSuffix(out, "game over> \n") {
		t.Errorf("the output does not end at the prompt: %q", out[max(0, len(out)-80):])
	}
	if code, out, _ := runInput("undo\n", "play", "chess", "--human", "none", "--fen", fen, "--depth", "3"); code != 0 || !strings.Contains(out, "the engine plays both sides") {
		t.Errorf("undo with no human side: %d\n%s", code, out)
	}
}

func TestPlayBlackVariants(t *testing.T) {
	// The engine opens for White; the human's undo takes back to Black's turn, never
	// before the engine's first move; pools and zones are drawn.
	code, out, errs := playScript(t, []string{"e5", "undo", "undo", "moves", "board"}, "hostage", "--human", "black", "--depth", "1")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantIn(t, out, "white (engine): 1. ", "Took back 2 moves.", "Nothing to take back.", "Pools: White prison []", "black> ")
	if n := strings.Count(out, "white (engine): 1. "); n != 1 {
		t.Errorf("the engine played its first move %d times, want 1 (undo keeps it)", n)
	}
	code, out, _ = playScript(t, []string{"board", "Ka4"}, "prisonbreak", "--human", "both", "--fen", "5k/6/6/6/6/1K4/6/6 w - - 0 1")
	if code != 0 {
		t.Fatalf("prisonbreak: exit %d", code)
	}
	wantIn(t, out, "[] zone escape", "  4 [K]", "Game over: 1-0 (escape)")
}

// TestPlayWalls: a turn with its wall typed in SAN or coordinates, refused without it;
// the board draws the walls, the legend says what '*' is, 'moves' lists each move once
// with its wall's squares, and help tells how to type a turn.
func TestPlayWalls(t *testing.T) {
	code, out, errs := playScript(t, []string{"e2e4", "e4,d5", "moves", "Nf6,d5", "g8f6,f6h5", "help"}, "duck", "--human", "both")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantIn(t, out,
		"'*' a wall: it",
		"places no wall",
		"white: 1. e4,d5",
		"  5  .  .  .  *  .  .  .  .\n",
		"589 legal turns for black: 19 moves, each with the squares its wall may take", // d7-d5 blocked by the duck
		"  Nf6 (g8f6), wall on: e2 a3 ",
		"no wall may be placed on d5 after Nf6",
		"black: 1... Nf6,h5",
		"  5  .  .  .  .  .  .  .  *\n",
		"type the wall's square after a comma")
	if strings.Contains(out, "  Nf6,") {
		t.Errorf("'moves' lists turns one by one:\n%s", out)
	}
}

func TestPlayUsage(t *testing.T) {
	for _, args := range [][]string{
		{"play", "chess", "--human", "red"},
		{"play", "chess", "--movetime", "0"},
		{"play", "chess", "--depth", "101"},
		{"play", "chess", "extra"},
		{"play", "nosuchvariant"},
		{"play", "chess", "--fen", "not a fen"},
	} {
		code, _, errs := runInput("", args...)
		if code != 2 || errs == "" {
			t.Errorf("%v: got exit %d and %q, want 2 and a message", args, code, errs)
		}
	}
}

// Turns of several moves in the terminal: moves typed one by one or a turn whole, the
// side to move told which move of its turn comes, a turn written with a move too many
// refused.
func TestPlayTurnsOfSeveralMoves(t *testing.T) {
	code, out, errs := playScript(t, []string{"e4", "e5", "Nc6", "d4/Nf3", "d6/Bg4/a6", "d6/Bg4"}, "marseillais", "--human", "both")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantIn(t, out,
		"  White to move\n", // a first turn of one move says nothing of turns
		"black: 1... e5",
		"Black to move (move 2 of 2)",
		"black: 1... Nc6",
		"white: 2. d4",
		"white: 2. Nf3",
		`"d6/Bg4/a6": the turn ended after 2 of the 3 moves written`,
		"black: 2... Bg4",
		"White to move (move 1 of 2)")
}
