// Tests that every input is accounted for: empty and misplaced flags, numbers out of
// range, move text that is not a move, moves after the end of the game.
package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInputsAccountedFor(t *testing.T) {
	cases := []struct {
		args []string
		want string // in stderr, with exit status 2
	}{
		// An empty --fen or --setup is not the start position.
		{[]string{"moves", "chess", "--fen", ""}, "--fen is empty: give a FEN, or leave --fen out for the default setup"},
		{[]string{"perft", "chess", "1", "--fen="}, "--fen is empty"},
		{[]string{"show", "chess", "--setup", " "}, "--setup is empty"},
		{[]string{"moves", "chess", "--fen", "startpos"}, "--fen startpos: not a FEN; leave --fen out for the start position, or give --setup NAME"},
		{[]string{"moves", "chess", "--fen", "rnbqkbnr"}, "board has 1 rank (ranks are separated by '/'); chess has 8"},
		// Move text: a null move, a stray number, moves after the game ended.
		{[]string{"moves", "chess", "--moves", "e4 0000 e5"}, "--moves: 1... 0000: 0000 is a null move (a pass), which is not a move of the game"},
		{[]string{"moves", "chess", "--moves", "1 e4 e5 3 Nf3"}, "--moves: 2. 3: 3 is not a move; a bare number is read only as the current move number (2)"},
		{[]string{"moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 99 80", "--moves", "Rh2 Kd7"}, "80... Kd7: the game is over (1/2-1/2, fifty-move rule): no more moves are played"},
		{[]string{"moves", "chess", "--moves", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4"}, "5. e4: the game is over (1/2-1/2, repetition)"},
		{[]string{"moves", "chess", "--moves", "a7a8"}, `illegal move "a7a8": the piece on a7 is not white's`},
		{[]string{"moves", "chess", "--fen", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "--moves", "a7a8"}, "needs a promotion letter: a7a8q, a7a8r, a7a8b, a7a8n"},
		{[]string{"moves", "chess", "--moves", "e2--e4"}, "write SAN (e4, Nf3, exd5, O-O, e8=Q), coordinates (e2e4, e7e8q) or long algebraic (e2-e4, Ng1-f3)"},
		// Numbers: negative, not numbers, too large.
		{[]string{"perft", "chess", "-1"}, `DEPTH must be a whole number from 1 to 40, got "-1"`},
		{[]string{"perft", "chess", "-1", "--divide"}, `DEPTH must be a whole number from 1 to 40, got "-1"`},
		{[]string{"perft", "chess", "99999999999999999999"}, "DEPTH must be a whole number from 1 to 40"},
		{[]string{"perft", "chess", "1", "--threads", "abc"}, `--threads takes a whole number, found "abc"`},
		{[]string{"perft", "chess", "1", "-t", "99999999999999999999"}, `--threads "99999999999999999999" is too large`},
		{[]string{"perft", "chess", "1", "-t", "-1"}, "--threads must be between 1 and 1024, got -1"},
		{[]string{"perft", "chess", "1", "--divide=maybe"}, `--divide takes true or false, found "maybe"`},
		{[]string{"validate", "chess", "--max-depth", "1e3"}, `--max-depth takes a whole number, found "1e3"`},
		{[]string{"search", "chess", "--movetime", "99999999999"}, "--movetime must be from 1 to 1000000000 milliseconds"},
		{[]string{"search", "chess", "--threads", "0"}, "--threads must be from 1 to 64, found 0"},
		{[]string{"search", "chess", "--threads", "65"}, "--threads must be from 1 to 64, found 65"},
		{[]string{"moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 9223372036854775807"}, "move number 9223372036854775807 is too large (at most 1000000000)"},
		// The variant given twice.
		{[]string{"perft", "--def", "../defs/chess.yaml", "chess", "3"}, `the variant is given twice, by --def ../defs/chess.yaml and by "chess"`},
		{[]string{"show", "--def", "../defs/chess.yaml", "x.yaml"}, "the variant is given twice"},
	}
	for i, c := range cases {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("#%d %q: got exit %d, stderr %q; want 2 and %q", i, c.args, code, errs, c.want)
		}
	}
	// Bare numbers that are the current move number, and long algebraic moves, are read.
	code, out, errs := run("moves", "chess", "--moves", "1 e2-e4 e5 2 Ng1-f3")
	if code != 0 || !strings.Contains(out, "FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n") {
		t.Errorf("got exit %d, %q (stderr %q); want the position after 1. e4 e5 2. Nf3", code, out, errs)
	}
}

// TestNewcomer: the version, help for a command, and the setups a variant offers.
func TestNewcomer(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}, {"-version"}} {
		code, out, errs := run(args...)
		if code != 0 || !strings.HasPrefix(out, "chimera "+Version+" (go") || errs != "" {
			t.Errorf("%v: got exit %d, %q, stderr %q; want 0 and chimera %s", args, code, out, errs, Version)
		}
	}
	if code, _, errs := run("version", "extra"); code != 2 || !strings.Contains(errs, "unexpected argument") {
		t.Errorf("version extra: got exit %d, stderr %q", code, errs)
	}
	code, out, _ := run("help")
	if code != 0 || !strings.Contains(out, "version   print the version") || !strings.Contains(out, "chimera help COMMAND") {
		t.Errorf("help: got exit %d and %q; want the version command and help COMMAND listed", code, out)
	}
	if code, _, errs := run("help", "nosuchcommand"); code != 2 || !strings.Contains(errs, `unknown command "nosuchcommand"`) {
		t.Errorf("help nosuchcommand: got exit %d, stderr %q", code, errs)
	}
	code, out, errs := run("show", "chess960", "--setup", "518")
	for _, want := range []string{
		"Setups (--setup NAME, the first by default): standard, shuffle 0-959\n",
		"  shuffle: arrangement N from 0 to 959 with --setup shuffle:N (or --setup N), at random without N\n",
		"FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("show chess960 --setup 518: got exit %d, %q (stderr %q); want %q", code, out, errs, want)
		}
	}
	code, out, _ = run("show", "prisonbreak")
	if code != 0 || !strings.Contains(out, "Setups (--setup NAME, the first by default): seed, six-pawns\n") {
		t.Errorf("show prisonbreak: got exit %d, %q; want its two setups", code, out)
	}
}

// TestEchoesCapped: what the user typed is repeated in an error at most 200 characters long.
func TestEchoesCapped(t *testing.T) {
	huge := strings.Repeat("x", 50000)
	for _, args := range [][]string{
		{huge},
		{"help", huge},
		{"show", huge},
		{"show", "chess", huge},
		{"perft", "chess", huge},
		{"moves", "chess", "--fen", huge},
		{"moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w - " + huge},
		{"moves", "chess", "--moves", "e4 " + huge},
		{"moves", "chess", "--moves", huge + "-e4"},
		{"moves", "chess", "--setup", huge},
		{"perft", "chess", "1", "--threads", huge},
	} {
		code, _, errs := run(args...)
		if code != 2 || len(errs) > 2000 || !strings.Contains(errs, "...") {
			t.Errorf("%.40q: got exit %d and %d bytes on stderr: %.300s", args, code, len(errs), errs)
		}
	}
}

// TestHostileFlags: flags that were taken without a word (#23, a fresh hostile run): a limit
// of 0 read as no limit, NaN passing a range check, game counts that exhausted memory or
// looped for hours before the first game, --random-plies past a match's move cap, a
// negative --start-timeout, and show's output flags dropped when given together.
func TestHostileFlags(t *testing.T) {
	e := []string{"--engine", "x", "--engine", "y"}
	cases := []struct {
		args []string
		want string // in stderr, with exit status 2
	}{
		{[]string{"search", "chess", "--depth", "0"}, "--depth 0 is a limit of nothing: give a positive number, or leave --depth out"},
		{[]string{"search", "chess", "--nodes", "0"}, "--nodes 0 is a limit of nothing"},
		{[]string{"search", "chess", "--movetime", "0"}, "--movetime 0 is a limit of nothing"},
		{[]string{"play", "chess", "--depth", "0"}, "--depth must be from 1 to 100, found 0"},
		{[]string{"selfplay", "gardner", "--nodes", "0"}, "--nodes 0 is a limit of nothing"},
		{[]string{"selfplay", "gardner", "--depth", "0"}, "--depth 0 is a limit of nothing"},
		{[]string{"values", "gardner", "--movetime", "0"}, "--movetime 0 is a limit of nothing"},
		{[]string{"selfplay", "gardner", "--jitter", "NaN"}, "--jitter must be from 0 to 99 per cent, found NaN"},
		{[]string{"values", "gardner", "--jitter", "nan"}, "--jitter must be from 0 to 99 per cent, found NaN"},
		{[]string{"selfplay", "gardner", "-n", "99999999999"}, "-n must be from 1 to 1000000, found 99999999999"},
		{[]string{"values", "gardner", "-n", "99999999999"}, "-n must be from 2 to 1000000, found 99999999999"},
		{[]string{"values", "gardner", "-n", "400000"}, "-n 400000 for 5 piece types and 0 trades is 2000000 games, more than a run plays (1000000)"},
		{append([]string{"match", "chess", "-n", "99999999999", "--nodes", "100"}, e...), "-n must be from 1 to 1000000, found 99999999999"},
		{append([]string{"match", "chess", "--nodes", "100", "--random-plies", "400"}, e...), "--random-plies 400 reaches --max-plies 400: no game would have an engine move"},
		{[]string{"selfplay", "gardner", "--random-plies", "50", "--max-plies", "50"}, "--random-plies 50 reaches --max-plies 50: no game would have an engine move (lower --random-plies or raise --max-plies)"},
		{[]string{"values", "gardner", "--random-plies", "51", "--max-plies", "50"}, "--random-plies 51 reaches --max-plies 50: no game would have an engine move (lower"},
		{[]string{"tune", "gardner", "--random-plies", "50", "--max-plies", "50"}, "--random-plies 50 reaches --max-plies 50: no game would have an engine move (lower"},
		{[]string{"selfplay", "gardner", "--random-plies", "-1", "--nodes", "0"}, "--random-plies must not be negative, found -1"},
		{[]string{"values", "gardner", "--random-plies", "-2"}, "--random-plies must not be negative, found -2"},
		{append([]string{"match", "chess", "--nodes", "100", "--start-timeout", "-1s"}, e...), "--start-timeout must be positive, found -1s"},
		{[]string{"show", "chess", "--betza", "--svg", "x.svg"}, "give --betza (the XBetza lines) or --svg (a picture), not both"},
		{[]string{"show", "chess", "--generated", "--svg", "-"}, "--generated describes the pieces in the text output"},
		{[]string{"import", "games.pgn"}, "games.pgn: not a .ini file: give a Fairy-Stockfish variants file, FILE.ini"},
	}
	for i, c := range cases {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("#%d %q: got exit %d, stderr %q; want 2 and %q", i, c.args, code, errs, c.want)
		}
	}
}

// TestMergeHostileRecords: files of different commands given together, perft records with
// flags for games, and a header whose game count was edited to a huge or negative number
// and a line too long to read (before: "json: unknown field", the flags dropped with exit
// 0, a loop of hours, "bufio.Scanner: token too long").
func TestMergeHostileRecords(t *testing.T) {
	dir := t.TempDir()
	sp := filepath.Join(dir, "s0.jsonl")
	pf := filepath.Join(dir, "p0.jsonl")
	if code, _, errs := run("selfplay", "gardner", "-n", "2", "--nodes", "50", "-j", "1", "--max-plies", "10", "-q", "--shard", "0/1", "--out", sp); code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errs)
	}
	if code, _, errs := run("perft", "chess", "1", "--shard", "0/1", "--out", pf); code != 0 {
		t.Fatalf("perft: exit %d, %s", code, errs)
	}
	data, err := os.ReadFile(sp)
	if err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.jsonl")
	os.WriteFile(big, []byte(strings.Replace(string(data), `"games":2`, `"games":99999999999`, 1)), 0o644)
	pdata, err := os.ReadFile(pf)
	if err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, "long.jsonl")
	header, _, _ := strings.Cut(string(pdata), "\n")
	os.WriteFile(long, []byte(header+"\n{\"move\":\""+strings.Repeat("a", 2<<20)+"\"}\n"), 0o644)
	neg := filepath.Join(dir, "neg.jsonl")
	os.WriteFile(neg, []byte(strings.Replace(string(data), `"games":2`, `"games":-2`, 1)), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"merge", sp, pf}, "p0.jsonl holds records of chimera perft, " + sp + " of chimera selfplay: merge the files of one run"},
		{[]string{"merge", pf, sp}, "s0.jsonl holds records of chimera selfplay, " + pf + " of chimera perft"},
		{[]string{"merge", pf, "--json"}, "--json, --html and --pgn are for selfplay, values and match records: perft records have no games"},
		{[]string{"merge", pf, "--pgn", filepath.Join(dir, "x.pgn")}, "perft records have no games"},
		{[]string{"merge", big}, "the header's games, 99999999999, is not a number of games Chimera plays in a run (1 to 1000000)"},
		{[]string{"merge", neg}, "the header's games, -2, is not a number of games"},
		{[]string{"merge", long}, "long.jsonl:2: the line is too long to be a record Chimera writes"},
	}
	for i, c := range cases {
		code, _, errs := run(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("#%d %q: got exit %d, stderr %q; want 2 and %q", i, c.args, code, errs, c.want)
		}
	}
}
