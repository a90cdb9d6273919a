// Burning (defs.Piece.Burns) against HaChu's Tenjiku shogi fire demon: its moves and the
// board after each, through the XBoard protocol.
package perft_test

import (
	"context"
	"fmt"
	"math/rand"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"chimera/defs"
	"chimera/interpreter"
)

// burnFragment is the part of Tenjiku shogi as HaChu 0.21 plays it that the burning test
// needs: kings, HaChu's fire demon (a slider forward, backward and diagonally, which burns
// the enemy men on the eight cells around where it stops), and men for it to take and
// burn. Promotions are left out: the test compares the fire demons' moves alone.
const burnFragment = `name: burn-fragment
board: {files: 16, ranks: 16}
pieces:
  - {name: King, letter: K, royal: true, moves: [{leap: [1, 0]}, {leap: [1, 1]}]}
  - name: Fire Demon
    letter: F
    burns: [[1, 0], [1, 1]]
    moves: [{ride: [0, 1], only: [forward, backward]}, {ride: [1, 1]}]
  - {name: Pawn, letter: P, moves: [{leap: [0, 1], symmetry: none}]}
  - {name: Gold, letter: G, moves: [{leap: [1, 0]}, {leap: [1, 1], only: [forward]}]}
  - {name: Rook, letter: R, moves: [{ride: [1, 0]}]}
  - {name: Bishop, letter: B, moves: [{ride: [1, 1]}]}
rules: {check: none}
goals: [{name: king taken, extinct: [K]}]
setups: [{name: start, fen: 8k7/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7KF7 w - - 0 1}]
`

// hachuLetters are HaChu's Tenjiku tokens for the fragment's men (its fire demon is D!).
var hachuLetters = map[byte]string{'K': "K", 'F': "D!", 'P': "P", 'G': "G", 'R': "R", 'B': "B"}

// burnBoard is a random placement: 16 ranks of 16 cells, rank 16 first, '.' empty.
type burnBoard [16][16]byte

func randomBurnBoard(rng *rand.Rand) burnBoard {
	var b burnBoard
	for r := range b {
		for f := range b[r] {
			b[r][f] = '.'
		}
	}
	put := func(c byte) {
		for {
			r, f := rng.Intn(16), rng.Intn(16)
			if b[r][f] == '.' {
				b[r][f] = c
				return
			}
		}
	}
	put('K')
	put('k')
	for range 1 + rng.Intn(3) {
		put('F')
	}
	for range rng.Intn(3) {
		put('f')
	}
	for _, c := range "PGRBpgrb" {
		for range 2 + rng.Intn(5) {
			put(byte(c))
		}
	}
	return b
}

// fen writes the board as a FEN of the fragment (White to move), or for HaChu's setboard
// with HaChu's tokens for the fragment's letters (the board alone).
func (b burnBoard) fen(hachu map[byte]string) string {
	var s strings.Builder
	for r := range b {
		if r > 0 {
			s.WriteByte('/')
		}
		empty := 0
		for f := range b[r] {
			c := b[r][f]
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				s.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if hachu == nil {
				s.WriteByte(c)
				continue
			}
			up := c &^ 0x20
			tok := hachu[up]
			if c != up {
				tok = strings.ToLower(tok[:1]) + tok[1:]
			}
			s.WriteString(tok)
		}
		if empty > 0 {
			s.WriteString(strconv.Itoa(empty))
		}
	}
	if hachu == nil {
		s.WriteString(" w - - 0 1")
	}
	return s.String()
}

// hachuRun starts a fresh HaChu (its fire zones are never cleared by setboard or undo, so
// each board needs one), sets up board, sends the commands, and returns its output.
func hachuRun(t *testing.T, bin, board string, cmds ...string) string {
	t.Helper()
	out, ok := hachuTry(t, bin, 30*time.Second, board, cmds...)
	if !ok {
		t.Fatalf("HaChu on %s: no answer within 30 s", board)
	}
	return out
}

// hachuTry is hachuRun that gives up after limit: ok is false when HaChu has not ended
// by then (its process is killed).
func hachuTry(t *testing.T, bin string, limit time.Duration, board string, cmds ...string) (out string, ok bool) {
	t.Helper()
	out, ok, err := hachuAttempt(bin, limit, board, cmds...)
	if err != nil {
		t.Fatalf("HaChu on %s: %v", board, err)
	}
	return out, ok
}

// hachuAttempt is hachuTry that returns HaChu's failure (a crash) as err.
func hachuAttempt(bin string, limit time.Duration, board string, cmds ...string) (out string, ok bool, err error) {
	in := "xboard\nprotover 2\neasy\nnew\nvariant tenjiku\nforce\nsetboard " + board + "\nmemory 16\noption Allow repeats=1\nping 1\n" +
		strings.Join(cmds, "\n") + "\nping 2\nquit\n"
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdin = strings.NewReader(in)
	b, err := cmd.Output()
	if ctx.Err() != nil {
		return "", false, nil
	}
	return string(b), true, err
}

// hachuListed is HaChu's list of moves: an illegal move (a1a1) makes it print every entry
// of its list as a debug line "# n. code code move" (n may be negative). Entries HaChu has
// cleared (code 0) are left out.
func hachuListed(out string) []string {
	var ms []string
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) != 5 || f[0] != "#" || !strings.HasSuffix(f[1], ".") {
			continue
		}
		if _, err := strconv.Atoi(strings.TrimSuffix(f[1], ".")); err != nil {
			continue
		}
		if code, err := strconv.ParseUint(f[2], 16, 32); err != nil || code == 0 {
			continue
		}
		ms = append(ms, f[4])
	}
	return ms
}

// hachuBoard reads HaChu's board print (command p, after the last pong 1): for each cell,
// rank 16 first, 'w' or 'b' for a man of that side, '.' for none.
func hachuBoard(t *testing.T, out string) [16][16]byte {
	t.Helper()
	_, after, _ := strings.Cut(out, "pong 1\n")
	var rows [][]int
	for _, l := range strings.Split(after, "\n") {
		if len(l) < 5 || l[0] != '#' || strings.Trim(l[1:], " 0123456789") != "" {
			continue
		}
		var row []int
		for k := 1; k+4 <= len(l); k += 4 {
			n, _ := strconv.Atoi(strings.TrimSpace(l[k : k+4]))
			row = append(row, n)
		}
		rows = append(rows, row)
	}
	if len(rows) != 22 {
		t.Fatalf("HaChu's board print has %d rows, want 22:\n%s", len(rows), after)
	}
	var b [16][16]byte
	for r := range 16 {
		for f := range 16 {
			switch n := rows[3+r][3+f]; {
			case n == 0:
				b[r][f] = '.'
			case n&1 == 1:
				b[r][f] = 'w'
			default:
				b[r][f] = 'b'
			}
		}
	}
	return b
}

// TestBurningAgainstHaChu compares the fire demon of HaChu's Tenjiku shogi with a burning
// piece on random boards: the fire demons' moves must be HaChu's, and after each of them
// (up to four a board) the board must be HaChu's, man for man by side: the enemy men
// around where the demon stops burnt, whether it captured there or not, its own men and the
// men further away left. HaChu 0.21 also burns a man that lands next to a fire demon
// ("passive" burning), but scans the wrong side's demons for it (from the mover's own:
// a rook moved next to its own demon disappears, one moved next to an enemy demon may
// stay), so the moves checked land next to no other demon, and the rule is not part of the
// key. (Debian's HaChu 0.21 crashes in Tenjiku on men with a knight's jump, its
// piece-square tables overrunning into its knight steps: the fragment has none.)
func TestBurningAgainstHaChu(t *testing.T) {
	t.Parallel()
	bin := referenceProgram(t, "hachu")
	def, err := defs.Parse("burn-fragment.yaml", []byte(burnFragment))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := interpreter.Build(def)
	if err != nil {
		t.Fatal(err)
	}
	boards := 30
	if testing.Short() {
		boards = 4
	}
	rng := rand.New(rand.NewSource(50))
	played, burnt := 0, 0
	for n := 0; n < boards; n++ {
		b := randomBurnBoard(rng)
		p, err := interpreter.FromFEN(rs, b.fen(nil))
		if err != nil {
			t.Fatal(err)
		}
		legal := p.LegalMoves(nil)
		// HaChu lists no move when the side to move could take the enemy king.
		if slices.ContainsFunc(legal, func(m interpreter.Move) bool { return p.At(m.To()) == interpreter.MakePiece(0, 1) }) {
			n--
			continue
		}
		var ours []string
		var demon []interpreter.Move
		for _, m := range legal {
			if pc := p.At(m.From()); pc.Type() == 1 {
				ours = append(ours, rs.SquareName(m.From())+rs.SquareName(m.To()))
				demon = append(demon, m)
			}
		}
		var theirs []string
		for _, m := range hachuListed(hachuRun(t, bin, b.fen(hachuLetters), "usermove a1a1")) {
			f, _ := parseCoord(m)
			if len(m) >= 4 && b[15-f.rank][f.file] == 'F' {
				theirs = append(theirs, m)
			}
		}
		slices.Sort(ours)
		slices.Sort(theirs)
		if !slices.Equal(ours, theirs) {
			t.Fatalf("%s: the fire demons' moves differ\nChimera: %v\nHaChu:   %v", b.fen(nil), ours, theirs)
		}
		rng.Shuffle(len(demon), func(i, j int) { demon[i], demon[j] = demon[j], demon[i] })
		tried := 0
		for _, m := range demon {
			if tried == 4 {
				break
			}
			if nearDemon(p, m) {
				continue
			}
			tried++
			text := rs.SquareName(m.From()) + rs.SquareName(m.To())
			out := hachuRun(t, bin, b.fen(hachuLetters), "usermove "+text, "ping 9", "p")
			if strings.Contains(out, "Illegal move") {
				t.Fatalf("%s: HaChu refuses %s", b.fen(nil), text)
			}
			_, out, _ = strings.Cut(out, "pong 9\n")
			want := hachuBoard(t, "pong 1\n"+out)
			before, took := p.Men(1).Count(), 0
			if p.At(m.To()) != interpreter.NoPiece {
				took = 1
			}
			p.Make(m)
			burnt += before - p.Men(1).Count() - took
			var got [16][16]byte
			for r := range 16 {
				for f := range 16 {
					got[r][f] = '.'
					if pc := p.At(rs.SquareAt(f, 15-r)); pc != interpreter.NoPiece {
						got[r][f] = "wb"[pc.Color()]
					}
				}
			}
			p.Unmake()
			if got != want {
				t.Fatalf("%s: after %s the boards differ\nChimera: %s\nHaChu:   %s", b.fen(nil), text, rows(got), rows(want))
			}
			played++
		}
	}
	if played == 0 || burnt == 0 {
		t.Fatalf("%d moves compared, %d men burnt: the boards test nothing", played, burnt)
	}
	t.Logf("%d boards, %d fire demon moves compared with HaChu's boards, %d enemy men burnt", boards, played, burnt)
}

// nearDemon reports whether m lands next to a fire demon other than its mover (where
// HaChu 0.21's passive burning, which scans the wrong side's demons, would act).
func nearDemon(p *interpreter.Position, m interpreter.Move) bool {
	rs := p.Ruleset()
	tf, tr := rs.FileOf(m.To()), rs.RankOf(m.To())
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := tf+df, tr+dr
			if (df == 0 && dr == 0) || f < 0 || r < 0 || f >= 16 || r >= 16 {
				continue
			}
			if sq := rs.SquareAt(f, r); sq != m.From() && p.At(sq) != interpreter.NoPiece && p.At(sq).Type() == 1 {
				return true
			}
		}
	}
	return false
}

type cell struct{ file, rank int }

// parseCoord reads the origin of a move text such as "e5e7" or "a16a14".
func parseCoord(m string) (cell, bool) {
	if len(m) < 2 || m[0] < 'a' || m[0] > 'p' {
		return cell{}, false
	}
	i := 1
	for i < len(m) && m[i] >= '0' && m[i] <= '9' {
		i++
	}
	r, err := strconv.Atoi(m[1:i])
	if err != nil || r < 1 || r > 16 {
		return cell{}, false
	}
	return cell{int(m[0] - 'a'), r - 1}, true
}

func rows(b [16][16]byte) string {
	var s []string
	for r := range b {
		s = append(s, string(b[r][:]))
	}
	return fmt.Sprint(s)
}
