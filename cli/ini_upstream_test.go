// Every section of Fairy-Stockfish's current variants.ini (../shared/fsf/variants-upstream.ini): imported or refused with a reason at its line, as docs/import.md's table says, and each imported one played as Fairy-Stockfish's current source plays it.
package cli

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/perft"
	"chimera/interpreter"
)

// upstreamINI is Fairy-Stockfish's current variants.ini: reference data beside the
// repository, never copied into it.
const upstreamINI = "../../shared/fsf/variants-upstream.ini"

// upstreamAs is the name a section is imported under: its own, or for a section named as
// one of Chimera's own built-ins (which Fairy-Stockfish loads) the name given to
// `chimera import --name`, its name and -ini, the step docs/import.md gives for it.
func upstreamAs(section string) string {
	if _, ok := defs.BuiltinName(section); ok {
		return section + "-ini"
	}
	return ""
}

// importSection imports one section of the current file under upstreamAs's name.
func importSection(data []byte, s string) (*defs.Definition, error) {
	text, err := defs.ImportINIAs(upstreamINI, data, s, upstreamAs(s))
	if err != nil {
		return nil, err
	}
	return defs.Parse(upstreamINI+":"+s, text)
}

// openUpstream compiles one section of the current file under upstreamAs's name.
func openUpstream(t *testing.T, data []byte, section string) (*compiler.Ruleset, error) {
	t.Helper()
	def, err := importSection(data, section)
	if err != nil {
		return nil, err
	}
	return interpreter.Build(def)
}

// importUpstream imports every section: the imported ones by name, and each refused
// one's errors.
func importUpstream(t *testing.T) (data []byte, imported []string, refused map[string]defs.ErrorList) {
	t.Helper()
	u := &upstreamImport
	u.once.Do(func() {
		u.data, u.err = os.ReadFile(upstreamINI)
		if u.err != nil {
			return
		}
		u.refused = map[string]defs.ErrorList{}
		for _, s := range defs.INISections(u.data) {
			def, err := importSection(u.data, s)
			if err == nil {
				_, err = interpreter.Build(def)
			}
			if err == nil {
				u.imported = append(u.imported, s)
				continue
			}
			var list defs.ErrorList
			if !errors.As(err, &list) {
				list = defs.ErrorList{{Msg: err.Error()}}
			}
			u.refused[s] = list
		}
	})
	if u.err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v: Fairy-Stockfish's current variants.ini is needed with CI=true", u.err)
		}
		t.Skipf("no current variants.ini: %v", u.err)
	}
	return u.data, slices.Clone(u.imported), maps.Clone(u.refused)
}

// upstreamImport is importUpstream's work, done once for the test binary (every section
// imported and compiled: about two seconds, asked by fifteen tests).
var upstreamImport struct {
	once     sync.Once
	data     []byte
	err      error
	imported []string
	refused  map[string]defs.ErrorList
}

// Every key of the current file is known: mapped, or refused with its reason at its
// line; and docs/import.md's table names exactly the sections imported.
func TestUpstreamINISections(t *testing.T) {
	t.Parallel() // touches no process-wide state
	data, imported, refused := importUpstream(t)
	if n := len(defs.INISections(data)); n != len(imported)+len(refused) || n < 140 {
		t.Fatalf("%d sections, %d imported and %d refused", n, len(imported), len(refused))
	}
	for s, errs := range refused {
		for _, e := range errs {
			if strings.Contains(e.Msg, "has such a key") || strings.Contains(e.Msg, "no such key") {
				t.Errorf("[%s] %s:%d: a key of the current file unknown to the importer: %s", s, e.File, e.Line, e.Msg)
			}
			if e.Line == 0 && !strings.Contains(e.Msg, "the section has no pieces") {
				t.Errorf("[%s]: an error without the ini line: %s", s, e.Msg)
			}
		}
	}
	doc, err := os.ReadFile("../docs/import.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| (imported|refused)")
	docImported := map[string]bool{}
	rows := 0
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		rows++
		if m[2] == "imported" {
			docImported[m[1]] = true
		}
	}
	if rows != len(imported)+len(refused) {
		t.Errorf("docs/import.md's table has %d sections, the file %d", rows, len(imported)+len(refused))
	}
	for _, s := range imported {
		if !docImported[s] {
			t.Errorf("[%s] is imported, docs/import.md says refused", s)
		}
		delete(docImported, s)
	}
	for s := range docImported {
		t.Errorf("[%s] is refused (%v), docs/import.md says imported", s, refused[s])
	}
}

// Each imported section plays as Fairy-Stockfish's current source plays the same file:
// perft divides along a game from its start position. Fairy-Stockfish 11.1 (Debian's)
// cannot load the keys newer than it, so this needs a build of the current source, named
// by CHIMERA_FSF_CURRENT (make build ARCH=x86-64-modern largeboards=yes all=yes nnue=no,
// outside the repository); without it the test is skipped.
func TestUpstreamINIPerft(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	data, imported, _ := importUpstream(t)
	abs, _ := filepath.Abs(upstreamINI)
	depth, plies := 3, 16
	if testing.Short() {
		depth, plies = 2, 8
	}
	for _, section := range imported {
		t.Run(section, func(t *testing.T) {
			rs, err := openUpstream(t, data, section)
			if err != nil {
				t.Fatalf("import: %v", err)
			}
			p, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for ply := 0; ply <= plies; ply++ {
				legal := p.LegalMoves(nil)
				if ply%4 == 0 || len(legal) == 0 {
					got := divideLines(p, depth)
					want := fsfINIPerft(t, fsf, abs, section, moves, depth)
					if w := rs.Walls; w != nil && w.Instead {
						want = plainTurnLines(want)
					}
					if strings.Join(got, "\n") != strings.Join(want, "\n") {
						t.Fatalf("after %q (FEN %s), perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", moves, p.FEN(), depth, strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
				}
				if len(legal) == 0 || p.Result() != interpreter.Ongoing {
					break
				}
				m := legal[(ply*7+len(moves)*3+len(legal)/2)%len(legal)]
				moves = append(moves, fsfTurnText(rs, p.Coord(m)))
				p.Make(m)
			}
		})
	}
}

// turnSquaresRE reads a coordinate move's two squares.
var turnSquaresRE = regexp.MustCompile(`^([a-z]+[0-9]+)([a-z]+[0-9]+)`)

// fsfTurnText is a move's text as Fairy-Stockfish's current source reads it. Where a wall
// is placed instead of a move (wallOrMove), it writes a man's move with the wall field of
// a move that places none, its empty gating square a1 (uci.cpp: e2e4,e4a1; e7e8q,e8a1),
// and reads a move only in that form.
func fsfTurnText(rs *compiler.Ruleset, text string) string {
	if w := rs.Walls; w == nil || !w.Instead || strings.Contains(text, ",") {
		return text
	}
	g := turnSquaresRE.FindStringSubmatch(text)
	if g == nil {
		return text
	}
	return text + "," + g[2] + "a1"
}

// plainTurnLines strips from Fairy-Stockfish's perft lines under wallOrMove the wall
// field of every man's move (origin and destination apart: e2e4,e4a1), which places no
// wall; a wall turn (a1a1,a1d4) keeps its own.
func plainTurnLines(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		move, count, ok := strings.Cut(l, ": ")
		if g := turnSquaresRE.FindStringSubmatch(move); ok && g != nil && g[1] != g[2] {
			move, _, _ = strings.Cut(move, ",")
			l = move + ": " + count
		}
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// nFoldValue without nFoldValueAbsolute is the value of a repetition for the side to move
// in the repeated position (Fairy-Stockfish's Position::is_optional_game_end): after the
// knights go out and back twice, the start position stands a third time with White to
// move, who loses it under loss and wins it under win.
func TestUpstreamINIRepetitionValue(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "rep.ini")
	if err := os.WriteFile(ini, []byte("[reploss:chess]\nnFoldValue = loss\n\n[repwin:chess]\nnFoldValue = win\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for section, want := range map[string]string{"reploss": "0-1", "repwin": "1-0"} {
		rs, err := interpreter.Open(ini + ":" + section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"} {
			if r := p.Result(); r != interpreter.Ongoing {
				t.Fatalf("[%s] over after %d moves: %v", section, i, r)
			}
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		if r := p.Result(); r.Score != want || r.Reason != "repetition" {
			t.Errorf("[%s] after the knights' dance: %v, want %s by repetition", section, r, want)
		}
	}
}

// upstreamPositions are positions of imported sections that a game from the start
// position seldom reaches, set up to meet a rule: each is compared with Fairy-Stockfish's
// current source by perft divide (the FEN, then the moves).
var upstreamPositions = []struct{ section, fen, moves string }{
	// promotedPieceType g:k under extinctionPseudoRoyal (forward): the lone pseudo-royal g
	// promotes (or not) into the king, which a rook then checks along the last rank and
	// the other side's g may not be left attacked either.
	{"forward", "6g1/3G4/8/8/8/8/8/r7 w - - 0 1", ""},
	{"forward", "6g1/3G4/8/8/8/8/8/r7 w - - 0 1", "d7d8+"},
	{"forward", "6g1/3G4/8/8/8/8/8/r7 w - - 0 1", "d7c8+ a1a8"},
	{"forward", "6g1/3G4/8/8/8/8/8/7R w - - 0 1", "h1h8"},
	// passOnStalemate: White has no move but the pass (its first man's, from a1); Black
	// has moves besides it, so may not pass.
	{"andersgiveaway", "8/8/8/8/8/p7/P7/7b w - - 0 1", ""},
	{"andersanti", "8/8/8/8/8/p7/P7/7b w - - 0 1", "a2a2"},
	{"andersanti", "8/8/8/8/8/p7/P7/8 w - - 0 1", ""},
	// doubleStepRegion, tripleStepRegion: a triple step from rank 2, a double one from
	// rank 3, each passed square taken en passant.
	{"wildebeest", "10k/11/11/11/11/5p5/3p7/11/4P6/K10 w - - 0 1", ""},
	{"wildebeest", "10k/11/11/11/11/5p5/3p7/11/4P6/K10 w - - 0 1", "e2e5"},
	{"wildebeest", "10k/11/11/11/11/11/3p7/4P6/11/K10 w - - 0 1", "e3e5"},
	{"semitorpedo", "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1", "e3e5"},
	{"blackletter", "4k4/9/9/9/9/9/9/4P4/9/4K4 w - - 0 1", ""},
	// immobilityIllegal: no pawn dropped on the last rank (makhouse, whose pawns promote
	// on the sixth rank and beyond, and may be dropped there); no lance dropped on the
	// last rank nor knight on the last two, and moves there promote (shinobi).
	{"makhouse", "k7/8/8/8/8/8/8/7K[Pp] w - - 0 1", ""},
	{"makhouse", "k7/8/8/8/8/8/8/7K[Pp] w - - 0 1", "P@g7"},
	{"shinobi", "4k3/8/8/8/8/L7/7H/4K3[LHlh] w - - 0 1", ""},
	{"shinobi", "4k3/8/8/8/8/L7/7H/4K3[LHlh] w - - 0 1", "a3a6"},
	{"pandemonium", "4k4/9/9/9/9/9/9/9/4K4[PNBRUVpnbruv] w - - 0 1", ""},
	// dropNoDoubled: no pawn dropped on a file with one of its side's pawns (mansindam), none
	// dropped at all with dropNoDoubledCount = 0 (dragonfly).
	{"mansindam", "4k4/9/9/9/9/9/2P1p4/9/4K4[PPpp] w - - 0 1", ""},
	{"dragonfly", "3k3/7/7/7/7/7/3K3[PNpn] w - - 0 1", ""},
	// mobilityRegion over a parent's confinement (xiangqi's palace and own half): held
	// elephants and advisors are dropped on their points only, soldiers on theirs.
	{"xiangqihouse", "3k5/9/9/9/9/9/9/9/9/4K4[BAPbap] w - - 0 1", ""},
	{"xiangqihouse", "3k5/9/9/9/9/9/9/9/9/4K4[BAPbap] b - - 0 1", ""},
	// soldierPromotionRank = 4 on a 5-rank board: sideways steps from rank 4 on (each
	// side's), not before; Black's general in its own region.
	{"crowdedxiangqi", "3k5/9/P8/5P3/4K4 w - - 0 1", ""},
	{"crowdedxiangqi", "3k5/p8/9/4p4/5K3 b - - 0 1", ""},
	// An inherited type given a new letter (gemini's archbishop A, janus's J; the snag's
	// king G): castling on the new files, promotion into the renamed type.
	{"gemini", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1", ""},
	{"gemini", "4k5/P9/10/10/10/10/10/4K5 w - - 0 1", ""},
	{"caught-in-a-snag", "4g3/8/8/8/8/3G4 w - - 0 1", ""},
	// castlingRookPieces: the king castles with the custom rook.
	{"ajax-orthodox", "r3k2r/8/8/8/8/8/8/R3K2R[Mm] w KQkq - 0 1", ""},
	// flyingGeneral: no move leaves the kings on one file or rank with nothing between (a
	// man between them pinned on a file, on a rank; a king's step onto the other's file);
	// the king castles through no square facing the other king.
	{"empire", "4k3/8/8/8/4C3/8/8/4K3 w - - 0 1", ""},
	{"empire", "8/8/8/8/k2C3K/8/8/8 w - - 0 1", ""},
	{"empire", "3k4/8/8/8/8/8/8/4K3 w - - 0 1", ""},
	{"empire", "r3k2r/pppppppp/8/8/8/8/8/5K2 b kq - 0 1", ""},
	{"ordavsempire", "4k3/8/8/8/4H3/8/8/4K3 w - - 0 1", ""},
	// blastOnCapture: a capture removes the capturer and the men around but pawns (the
	// capture is forced; a side blown away wins, or with extinctionOpponentPieceCount only
	// while the other has men left); the king on the hill.
	{"atomic-giveaway", "8/8/2nbr3/2pqp3/8/8/3R4/4K3 w - - 0 1", ""},
	{"atomic-giveaway", "8/8/8/8/8/3pk3/4Q3/8 w - - 0 1", ""},
	{"antiatomic", "8/8/8/8/8/3pk3/4Q3/8 w - - 0 1", ""},
	{"antiatomic", "8/8/2nbr3/2pqp3/8/8/3R4/4K3 w - - 0 1", ""},
	{"atomic-giveaway-hill", "8/8/8/2k5/8/2NK4/8/8 w - - 0 1", ""},
	{"epicatomic", "r3k4r/pppnqppbpp/10/4N5/10/10/PPPPPPPPPP/R3K4R w - - 0 1", ""},
	// extinctionPseudoRoyal with extinctionPieceCount: every king of a side is never left
	// attacked while it has at most count + 1 (each one attacked must be made safe; two
	// attacked at once by one rook, with no move that saves both: no move).
	{"twokings2", "3kk3/8/8/8/8/8/8/r2KK3 w - - 0 1", ""},
	{"twokings2", "3kk3/8/8/8/8/8/4R3/3KK3 b - - 0 1", ""},
	{"quasi-shatranj", "k8k/10/10/10/10/10/10/10/10/K4r3K w - - 0 1", ""},
	{"quasi-shatranj", "k8k/10/10/10/10/10/10/10/5R4/K4r3K w - - 0 1", ""},
	// extinctionPseudoRoyal with a side that has more than one man of the type (count 0):
	// each type counted on its own, the counts before the move deciding. Two amazons, one
	// attacked, may be left so; one alone may not; taking one leaves the other in check.
	// Two kings of backrank may be left attacked.
	{"maharajah2", "m6m/8/8/8/8/8/8/R3K3 b Q - 0 1", ""},
	{"maharajah2", "m7/8/8/8/8/8/8/R3K3 b Q - 0 1", ""},
	{"maharajah2", "m6m/8/8/8/8/8/8/R3K2R w KQ - 0 1", ""},
	{"backrank", "4k3/8/8/8/8/8/K3K2r/8 w - - 0 1", ""},
	{"backrank", "3k1k2/8/8/8/8/8/8/R3K3 w - - 0 1", ""},
	// connectN with immobile men dropped: a drop that completes a row on a rank, a file, a
	// diagonal (not a row in nineholes, connectDiagonal = false); Black's row stands while
	// White is to move.
	{"tictactoe", "PP1/pp1/3[PPPppp] w - - 0 1", ""},
	{"tictactoe", "P1p/P2/2p[PPPppp] b - - 0 1", ""},
	{"picaria", "P1p/3/p1P[Pp] w - - 0 1", ""},
	{"nineholes", "P1p/3/p1P[Pp] w - - 0 1", ""},
	{"symphony", "8/8/8/8/8/8/8/PPPP4[PPpppp] w - - 0 1", ""},
	// promotedPieceType into a type its rules name (chak): a promoted man keeps the
	// mobility region of the type it became (a pawn into the warrior, confined to ranks 5-9);
	// the king promotes into the divine king, pseudo-royal, confined, and the flag piece.
	{"chak", "rv2kjsvr/3so4/2p1pp2p/p8/1Q1q5/2P6/P1J1P1P1P/4O4/RVS1K1SVR w - - 8 5", "c4c5+"},
	{"chak", "4k4/4o4/9/9/9/4K4/9/4O4/9 w - - 0 1", ""},
	{"chak", "4k4/4o4/9/4+K4/9/9/9/4O4/9 w - - 0 1", ""},
	{"chak", "4k4/4o4/2r6/9/4+K4/9/9/4O4/9 w - - 0 1", ""},
	// pawnTypes: a custom type promotes as the pawn (any move into the region: a step, a
	// capture, argess's sideways steps; xhess's lame knight leaps), mandatory; its double
	// step (XBetza ifmnD, from the double-step region) is taken en passant.
	{"argess", "7r/6P1/8/8/7K/8/1p6/7k w - - 0 1", ""},
	{"argess", "7r/6P1/8/8/3K4/8/1p6/7k b - - 0 1", ""},
	{"xhess", "k9/3H6/10/10/10/10/10/10/6h3/9K w - - 0 1", ""},
	{"xhess", "k9/3H6/10/10/10/10/10/10/6h3/9K b - - 0 1", ""},
	{"allexplodeatomic", "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", "a2a4"},
	{"allexplodeatomic", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", ""},
	{"allexplodeatomic", "4k3/8/8/3ppp2/4n3/3P4/8/4K3 w - - 0 1", ""}, // the blast takes the custom pawns
	// The enclosing rules: enclosingDropStart (a start cell empty: drops there only, then
	// flanking ones); flipEnclosedPieces = quadwrangle (a drop turns the men beside it only
	// when it lands beside one of the mover's men; a move always turns); = ataxx after a
	// capture, on a board with room (crusade's full board ends the game at the start);
	// enclosingDrop = top on a board with men stacked.
	{"flipello6", "6/6/2pP2/3p2/6/6[PPPPPPPPPPpppppppppp] w - - 0 1", ""},
	{"flipello6", "6/6/2pP2/3p2/6/6[PPPPPPPPPPpppppppppp] w - - 0 1", "P@c3"},
	{"quadwrangle", "8/8/8/3p4/4P3/8/8/8 w - - 0 1", ""},
	{"quadwrangle", "8/8/8/3p4/4P3/8/8/8 w - - 0 1", "P@c6"},
	{"quadwrangle7x7", "7/7/2p4/7/3P3/7/7 w - - 0 1", "d3d4"},
	{"crusade", "PpPpPpPp/pPpPpPpP/PpP1PpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP w - - 0 1", ""},
	{"crusade", "8/8/2pP4/2Pp4/8/8/8/8 w - - 0 1", ""},
	{"cfour", "7/7/7/2p4/2P4/1pPp3[PPPPPPPPPPPPPPPPPPpppppppppppppppppp] w - - 0 1", ""},
	{"snort", "8/8/8/3p4/8/2P5/8/8 w - - 0 1", ""},
	// flagMove with the king (no checks given): White's king on its region is answered by
	// a king move of Black's onto its own (a draw) or wins after Black's move; Black's
	// wins at once; White's with no answer for Black wins at once.
	// flagPieceCount: the flag is won when the last of that many men of the mover reaches
	// the region, not before.
	{"aralzaa", "NN1/N1n/nn1 w - - 0 1", ""},
	{"aralzaa", "Nn1/N1N/nn1 b - - 0 1", ""},
	{"aralzaa", "N2/N1n/nnN w - - 0 1", ""},
	{"knights-halma", "8/8/8/3n4/3n4/nn6/nn6/nnn2NNN b - - 0 1", ""},
	{"knights-halma", "8/8/8/3n4/8/nn6/nnn5/nnn2NNN b - - 0 1", ""},
	{"knights-halma", "8/8/8/3n4/8/nn6/nnn5/nnn2NNN b - - 0 1", "d5b4"},
	// flagPieceSafe: a man on its side's region holds it unattacked, two hold it attacked
	// or not; the side to move's held flag is judged first.
	{"squatter", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ""},
	{"squatter", "3RR3/5n2/k4n2/8/8/8/8/6K1 b - - 0 1", ""},
	{"squatter", "3R4/5n2/k7/8/8/8/8/6K1 b - - 0 1", ""},
	{"squatter", "3R4/8/k7/8/8/8/8/6K1 b - - 0 1", ""},
	{"squatter", "3R4/8/k7/8/8/8/8/1r4K1 w - - 0 1", ""},
	{"squatter", "3R4/5n2/k4n2/8/8/8/8/1R4K1 w - - 0 1", ""},
	// flagPieceBlockedWin: a region full of men, one of them the mover's, holds the flag
	// with fewer than flagPieceCount there, whichever man moved last; the opponent's men
	// alone hold it for no one.
	{"kono", "pppPp/p3p/2p2/P3P/PPPP1 w - - 0 1", ""},
	{"kono", "pppPp/p3p/2p2/P3P/PPPP1 b - - 0 1", ""},
	{"kono", "pppP1/p3p/2p2/Pp2P/PPPP1 b - - 0 1", ""},
	{"kono", "pppP1/p2pp/5/Pp2P/PPPP1 b - - 0 1", "d4e5"},
	{"kono", "ppp1p/p1P1p/5/P1p1P/PP1PP w - - 0 1", ""},
	// flagPieceSafe with flagMove: a man on its region unattacked (or two) wins; one
	// attacked is answered by any move, and wins if still there after it; the side to
	// move's man on its region wins first.
	{"alapo", "R5/6/6/r5/6/5K b - - 0 1", ""},
	{"alapo", "R5/6/6/r5/6/5K b - - 0 1", "a3a4"},
	{"alapo", "6/R5/6/r5/2k3/5K w - - 0 1", ""},
	{"alapo", "6/R5/6/6/1r4/5K w - - 0 1", ""},
	{"alapo", "1R4/6/6/6/6/k3RK b - - 0 1", ""},
	{"racingchess", "8/k5K1/8/8/8/8/8/8 w - - 0 1", ""},
	{"racingchess", "8/k5K1/8/8/8/8/8/8 w - - 0 1", "g7g8"},
	{"racingchess", "r7/k5K1/8/8/8/8/8/7R w - - 0 1", ""},
	{"racingchess", "8/6K1/8/8/8/k7/8/8 w - - 0 1", ""},
	{"racingchess", "1r6/6K1/k7/8/8/8/8/8 b - - 0 1", ""},
	{"racingchess", "8/2k5/8/8/8/8/1K6/8 b - - 0 1", ""},
	{"racingchess", "8/6K1/8/8/8/8/k7/8 w - - 0 1", ""},
	{"racingchess", "8/6K1/8/8/8/8/k7/8 w - - 0 1", "g7g8"},
	{"racingchess", "8/6K1/8/8/8/8/k7/7R w - - 0 1", ""},
	{"racingchess", "8/6K1/8/8/8/8/1k6/8 b - - 0 1", ""},
	{"racingchess", "8/6K1/8/8/8/8/1k6/2N5 b - - 0 1", ""},
	// An en-passant capture onto the capturer's promotion region stays unpromoted
	// (promotion.skip-en-passant), and the man promotes on its next step.
	{"shinobiplus", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4"},
	{"shinobiplus", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4 d4e3 e1d1"},
	{"shogun", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4"},
	// promotionLimit on types men promote into (n:g, f:q; each at most 1): with a promoted
	// knight (a centaur) on the board no knight promotes, a bishop still does, and none
	// once one has; with a promoted fers (a queen) no dropped fers promotes.
	{"shogun", "4k3/8/8/3BN3/8/8/8/+N3K3 w - - 0 1", ""},
	{"shogun", "4k3/8/8/N6N/8/8/8/4K3 w - - 0 1", "a5b7+ e8f8"},
	{"shogun", "4k3/8/8/4F3/8/8/8/+F3K3 w - - 0 1", ""},
	{"shogun", "4k3/8/8/4F3/8/8/8/4K3 w - - 0 1", ""},
	// janggiCannon: it hops over no cannon of either side and takes none; a soldier or a
	// pawn screens it.
	// oppositeCastling: a castling ends the opponent's right toward that wing.
	{"opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"},
	{"opposite-castling", "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1", "e1c1"},
	{"opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8 a1b1"},
	// castlingKingPiece: with no king, the commoner castles, over attacked squares too.
	{"river", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", ""},
	{"river", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "a8b8"},
	{"river", "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1", "d2g5"},
	{"synochess", "3k4/8/2c5/8/2c5/2P5/2C5/4K3[] w - - 0 1", ""},
	{"synochess", "3k4/2c5/8/2p5/8/2C5/8/2C1K3[] b - - 0 1", ""},
	{"synochess", "3k4/8/8/1cPc4/8/2p5/2S5/1C2K1C1[] b - - 0 1", ""},
	{"synochess", "r2k3r/2c5/1s6/2C1c3/8/2P5/4C3/R3K2R[ss] w KQ - 0 1", "c3c4 b6b5"},
	// Custom types whose moves are not left-right symmetric: Black's are White's turned
	// half round (gethenian's b, i, n, t on the board, dropped, and as the promoted types
	// that move as them; bajr's men).
	{"gethenian", "3k3/7/2n1t2/3b3/2N1T2/3B3/3K3[BINTbint] w - - 0 1", ""},
	{"gethenian", "3k3/7/2n1t2/3b3/2N1T2/3B3/3K3[BINTbint] b - - 0 1", ""},
	{"gethenian", "3k3/3i3/2+n1+b2/7/2+N1+B2/3I3/3K3[] b - - 0 1", ""},
	{"bajr", "6/1p4/6/3P2/6/6 b - - 0 1", ""},
	// Drop keys over placement, its hands built again from its keys beneath the section's
	// (screen): the second bishop dropped on the other colour, no pawn dropped on a file
	// with one, drops in the first four ranks only, the must-drop rule over every type.
	{"screen", "8/8/8/8/8/8/8/2B5[KQRRBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1", ""},
	{"screen", "8/8/8/8/3P4/8/8/8[KQRRBBNNPPPPPPPkqrrbbnnpppppppp] w - - 0 1", ""},
	{"screen", "8/8/8/8/8/8/8/R7[KQRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1", "K@e1"},
	// castlingWins = q: Black's long castling wins, its short one (which ends the long
	// right) loses; Black's king or a8 rook moving, or the rook taken, loses; a position
	// without Black's long right is over; White's castlings and rights count for nothing.
	{"castle", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ""},
	{"castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""},
	{"castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", ""},
	{"castle", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "e1c1"},
	{"castle", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", ""},
	{"castle", "r3k2r/pppq1ppp/2n2n2/1B2p3/4P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 0 1", ""},
	// Each colour's own promotion (khans: promotionPawnTypesBlack = s,
	// promotionPieceTypesBlack = t): Black's s promotes into t on rank 1 by its steps and
	// its capture, Black's pawn into t only, White's pawn into the usual four, White's s
	// onto rank 8 not at all; a promotion that gives check.
	{"khans", "4k3/1P6/8/8/8/2s5/1p1s4/R3K2R b KQ - 0 1", ""},
	{"khans", "4k3/1P1S4/8/8/8/2s5/1p1s4/R3K2R w KQ - 0 1", ""},
	{"khans", "4k3/1P1S4/8/8/8/2s5/1p1s4/R3K2R w KQ - 0 1", "d7f8"},
	{"khans", "4k3/8/8/8/8/8/3s4/3QK3 b - - 0 1", ""},
	// connectRegion (gale): a drop short of White's chain along rank 2, of one that turns
	// south (which Fairy-Stockfish's fill, stepping east and north only, never finds), and
	// of Black's along the b-file.
	{"gale", "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/PPPPPPP1P/1p1p1p1p1 w - - 0 1", ""},
	{"gale", "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/PPP1P1P1P/1pPp1p1p1/P1PPPPP1P/1p1p1p1p1 w - - 0 1", ""},
	{"gale", "1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1 b - - 0 1", ""},
}

// Each of upstreamPositions plays as Fairy-Stockfish's current source plays it (perft
// divide at depth 2), with CHIMERA_FSF_CURRENT as for TestUpstreamINIPerft.
func TestUpstreamINIPerftPositions(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	data, _, _ := importUpstream(t) // skipped without the file
	file, _ := filepath.Abs(upstreamINI)
	for _, c := range upstreamPositions {
		rs, err := openUpstream(t, data, c.section)
		if err != nil {
			t.Errorf("[%s] import: %v", c.section, err)
			continue
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Errorf("[%s] %s: %v", c.section, c.fen, err)
			continue
		}
		for _, s := range strings.Fields(c.moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("[%s] %s: %v", c.section, s, err)
			}
			p.Make(m)
		}
		got := divideLines(p, 2)
		pos := "position fen " + c.fen
		if c.moves != "" {
			pos += " moves " + c.moves
		}
		script := fmt.Sprintf("uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\n%s\ngo perft 2\nquit\n", file, c.section, pos)
		cmd := exec.Command(fsf)
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("fairy-stockfish: %v", err)
		}
		want := perftLines(string(out))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("[%s] %s moves %s, perft 2:\nChimera:\n%s\nFairy-Stockfish:\n%s", c.section, c.fen, c.moves, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// materialCounting = blackdrawodds (the current source's Position::material_counting_result:
// -VALUE_MATE from White's view): a game its rules would draw, here by the n-move rule,
// is Black's.
func TestUpstreamINIDrawOdds(t *testing.T) {
	t.Parallel()      // touches no process-wide state
	importUpstream(t) // skipped without the file
	rs, err := interpreter.Open(upstreamINI + ":capturethequeen")
	if err != nil {
		t.Fatal(err)
	}
	p, err := interpreter.FromFEN(rs, "3q4/8/8/8/8/8/8/1Q6 w - - 100 80")
	if err != nil {
		t.Fatal(err)
	}
	if r := p.Result(); r.Score != "0-1" {
		t.Errorf("[capturethequeen] at the n-move limit: %v, want 0-1 (Black's draw odds)", r)
	}
}

// stalematePieceCount (the current source's Position::stalemate_value): counted, the side
// to move without a move has stalemateValue with fewer men than its opponent, the opposite
// with more, a draw with as many; crusade keeps ataxx's (loss, counted), snort turns the
// count off (loss, whatever the men). Perft cannot see these results.
func TestUpstreamINIStalemateCount(t *testing.T) {
	importUpstream(t) // skipped without the file
	for _, c := range []struct{ section, fen, want string }{
		{"crusade", "p7/8/8/8/8/8/8/PP6 w - - 0 1", "1-0"},
		{"crusade", "pp6/8/8/8/8/8/8/P7 w - - 0 1", "0-1"},
		{"crusade", "p7/8/8/8/8/8/8/P7 w - - 0 1", "1/2-1/2"},
		// Every empty cell beside a black man: White, with 48 men to 8, cannot drop.
		{"snort", "1p1p1p1p/p1p1p1p1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1", "0-1"},
	} {
		rs, err := interpreter.Open(upstreamINI + ":" + c.section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(p.LegalMoves(nil)); n != 0 {
			t.Fatalf("[%s] %s: %d moves, want none", c.section, c.fen, n)
		}
		if r := p.Result(); r.Score != c.want {
			t.Errorf("[%s] %s: %v, want %s", c.section, c.fen, r, c.want)
		}
	}
}

// connectINI is a file of connect-N sections written for this test: queens and knights that
// only move, three in a row, and each connect key changed in turn (connectPieceTypes = *
// counts no man in Fairy-Stockfish: ALL_PIECES is no piece type of the variant).
const connectINI = `[conn]
maxRank = 5
maxFile = 5
customPiece1 = q:mQ
customPiece2 = n:mN
startFen = q1n1q/5/N3n/5/Q1N1Q w - - 0 1
connectN = 3
nMoveRule = 0
nFoldRule = 0

[conn-loss:conn]
connectValue = loss

[conn-draw:conn]
connectValue = draw

[conn-rank:conn]
connectVertical = false
connectDiagonal = false

[conn-file:conn]
connectHorizontal = false
connectDiagonal = false

[conn-diagonal:conn]
connectHorizontal = false
connectVertical = false

[conn-queens:conn]
connectPieceTypes = q

[conn-four:conn]
connectN = 4
connectPieceTypes = *

[conn-square:conn]
connectN = 0
connectNxN = 2

[conn-row-or-square:conn]
connectN = 4
connectNxN = 2
connectValue = loss

[conn-collinear:conn]
startFen = q3n/2n2/5/2N2/Q3N w - - 0 1
connectN = 0
collinearN = 3

[conn-collinear-straight:conn-collinear]
connectDiagonal = false
connectValue = loss

[conn-region:conn]
connectN = 0
connectRegion1White = a*
connectRegion2White = e*
connectRegion1Black = *5
connectRegion2Black = *1
connectValue = loss
`

// connectPositions are set up for connectINI's sections: men of the side that moved last
// in a row on each kind of line (the position is decided), men of the side to move in a
// row (it is not), and men that would be in a row if lines ran on past the board's edge.
var connectPositions = []string{
	"q3q/5/5/5/QQQ2 b - - 0 1",
	"q3q/5/5/2Q2/Q1Q2 b - - 0 1",
	"q3q/5/N4/N4/N4 b - - 0 1",
	"q3q/5/4N/3Q1/2Q2 b - - 0 1",
	"qqq2/5/5/5/Q3Q w - - 0 1",
	"q3q/5/5/Q4/3QQ b - - 0 1",
	"q3q/5/Q4/4Q/3Q1 b - - 0 1",
	"q3q/Q4/4Q/5/3Q1 w - - 0 1",
	"1q3/q1n2/5/QN3/1Q2Q w - - 0 1",
	// A square of the mover's men, of the side to move's, one cut by the edge; men on one
	// line with gaps along a file and a diagonal.
	"q3q/5/5/QQ3/QQ3 b - - 0 1",
	"QQ3/QQ3/5/5/q3q w - - 0 1",
	"q3q/5/5/Q3Q/Q3Q b - - 0 1",
	"q3q/Q4/5/Q4/Q4 b - - 0 1",
	"q3q/3Q1/5/1Q3/Q4 b - - 0 1",
	// Chains from the a-file to the e-file, straight, turning north, turning south; Black's
	// from rank 5 down to rank 1 (one way: east along it, then south-east only).
	"2q2/5/5/5/QQQNN b - - 0 1",
	"2q2/5/2QNQ/2Q2/QQQ2 b - - 0 1",
	"2q2/5/QQQ2/2Q2/2QNN b - - 0 1",
	"q4/1q3/2n2/3q1/4Q w - - 0 1",
	"4q/3q1/2n2/1q3/Q4 w - - 0 1",
}

// connectN and its keys (connectValue, connectPieceTypes, the three directions) play as
// Fairy-Stockfish's current source plays them: perft divides along a game from the start
// position and at connectPositions, with CHIMERA_FSF_CURRENT as for TestUpstreamINIPerft.
func TestINIConnectPerft(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	ini := filepath.Join(t.TempDir(), "connect.ini")
	if err := os.WriteFile(ini, []byte(connectINI), 0o644); err != nil {
		t.Fatal(err)
	}
	depth, plies := 3, 24
	if testing.Short() {
		depth, plies = 2, 12
	}
	wins := 0
	for _, section := range defs.INISections([]byte(connectINI)) {
		rs, err := interpreter.Open(ini + ":" + section)
		if err != nil {
			t.Fatalf("[%s] import: %v", section, err)
		}
		// Chimera's divides and the positions, then Fairy-Stockfish's in one run.
		var got [][]string
		var positions []string
		for _, fen := range connectPositions {
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("[%s] %s: %v", section, fen, err)
			}
			got, positions = append(got, divideLines(p, depth)), append(positions, "fen "+fen)
		}
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		var moves []string
		for ply := 0; ply <= plies; ply++ {
			legal := p.LegalMoves(nil)
			if ply%2 == 0 || len(legal) == 0 {
				got, positions = append(got, divideLines(p, depth)), append(positions, strings.TrimSpace("startpos moves "+strings.Join(moves, " ")))
			}
			if len(legal) == 0 || p.Result() != interpreter.Ongoing {
				if strings.Contains(p.Result().Reason, "in a row") {
					wins++
				}
				break
			}
			m := legal[(ply*7+len(moves)*3+len(legal)/2)%len(legal)]
			moves = append(moves, p.Coord(m))
			p.Make(m)
		}
		want := fsfINIPerftBatch(t, fsf, ini, section, positions, depth)
		if w := rs.Walls; w != nil && w.Instead {
			for i := range want {
				want[i] = plainTurnLines(want[i])
			}
		}
		for i := range positions {
			if strings.Join(got[i], "\n") != strings.Join(want[i], "\n") {
				t.Errorf("[%s] position %s, perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", section, positions[i], depth, strings.Join(got[i], "\n"), strings.Join(want[i], "\n"))
			}
		}
	}
	if wins == 0 {
		t.Error("no game ended by a row: the games test nothing of the goal")
	}
}

// The result of a row is connectValue for the side that made it (Fairy-Stockfish's
// Position::is_immediate_game_end: -connectValue for the side to move), which perft cannot
// see: White's three queens on the first rank, Black to move.
func TestINIConnectResult(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "connect.ini")
	if err := os.WriteFile(ini, []byte(connectINI), 0o644); err != nil {
		t.Fatal(err)
	}
	for section, want := range map[string]string{"conn": "1-0", "conn-loss": "0-1", "conn-draw": "1/2-1/2", "conn-rank": "1-0", "conn-file": "*", "conn-diagonal": "*", "conn-queens": "1-0", "conn-four": "*"} {
		rs, err := interpreter.Open(ini + ":" + section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, "q3q/5/5/5/QQQ2 b - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if r := p.Result(); r.Score != want {
			t.Errorf("[%s] three queens in a row: %v, want %s", section, r, want)
		}
	}
}

// connectNxN (a square of the mover's men) and collinearN (the mover's men on one line, with
// gaps) decide as Fairy-Stockfish's Position::is_immediate_game_end does, with connectValue
// for the side that moved; TestINIConnectPerft compares their perft.
func TestINIConnectShapeResult(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "connect.ini")
	if err := os.WriteFile(ini, []byte(connectINI), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ section, fen, want string }{
		{"conn-square", "q3q/5/5/QQ3/QQ3 b - - 0 1", "1-0"},
		{"conn-square", "QQ3/QQ3/5/5/q3q w - - 0 1", "*"}, // the side to move's square
		{"conn-square", "q3q/5/5/Q3Q/Q3Q b - - 0 1", "*"}, // cut by the edge
		{"conn-square", "q3q/5/5/5/QQQ2 b - - 0 1", "*"},  // a row, no square
		{"conn-row-or-square", "q3q/5/5/QQ3/QQ3 b - - 0 1", "0-1"},
		{"conn-row-or-square", "q3q/5/5/5/QQQQ1 b - - 0 1", "0-1"},
		{"conn-row-or-square", "q3q/5/5/5/QQQ2 b - - 0 1", "*"},
		{"conn-collinear", "q3q/Q4/5/Q4/Q4 b - - 0 1", "1-0"},   // a file with a gap
		{"conn-collinear", "q3q/3Q1/5/1Q3/Q4 b - - 0 1", "1-0"}, // a diagonal with a gap
		{"conn-collinear", "q3q/5/5/Q4/3QQ b - - 0 1", "*"},     // two on a rank, one off it
		{"conn-collinear", "q4/5/5/5/Q1Q1Q w - - 0 1", "*"},     // the side to move's
		{"conn-collinear-straight", "q3q/Q4/5/Q4/Q4 b - - 0 1", "0-1"},
		{"conn-collinear-straight", "q3q/3Q1/5/1Q3/Q4 b - - 0 1", "*"},
	} {
		rs, err := interpreter.Open(ini + ":" + c.section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r := p.Result(); r.Score != c.want {
			t.Errorf("[%s] %s: %v, want %s", c.section, c.fen, r, c.want)
		}
	}
}

// pawnTypes: a move of a pawn type resets the n-move count only where the type could not
// move straight back (Fairy-Stockfish's Position::do_move). The half-move clocks are
// Fairy-Stockfish's current source's ("d" after the same moves): argess's custom pawn steps
// sideways and back (no reset), xhess's only forward (reset), allexplodeatomic's double
// step (reset), and the types whose moves reset it or not, move by move.
func TestUpstreamINIPawnTypesClock(t *testing.T) {
	importUpstream(t) // skipped without the file
	for _, c := range []struct{ section, fen, move, clock string }{
		{"argess", "7k/8/8/8/3P4/8/8/K7 w - - 10 20", "d4d5", "11"},
		{"argess", "7k/8/8/8/3P4/8/8/K7 w - - 10 20", "d4c4", "11"},
		{"xhess", "k9/10/10/10/10/3H6/10/10/10/9K w - - 10 20", "d5d6", "0"},
		{"allexplodeatomic", "4k3/8/8/8/8/8/P7/4K3 w - - 10 20", "a2a4", "0"},
		{"allexplodeatomic", "4k3/8/8/8/8/8/P7/4K3 w - - 10 20", "e1d1", "11"},
		// Types with both kinds of quiet moves (resets-clock-unless-back): allwayspawns'
		// pawn steps every way (no reset) and makes its double step (reset); dragon-chess's
		// pawn steps as a king (no reset) and makes its double step (reset).
		{"allwayspawns", "4k3/8/8/8/3P4/8/8/4K3 w - - 10 20", "d4d5", "11"},
		{"allwayspawns", "4k3/8/8/8/8/8/3P4/4K3 w - - 10 20", "d2d4", "0"},
		{"dragon-chess", "4k3/8/8/8/3P4/8/8/4K3 w - - 10 20", "d4c3", "11"},
		{"dragon-chess", "4k3/8/8/8/8/8/3P4/4K3 w - - 10 20", "d2d4", "0"},
	} {
		rs, err := interpreter.Open(upstreamINI + ":" + c.section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("[%s] %s: %v", c.section, c.move, err)
		}
		p.Make(m)
		if f := strings.Fields(p.FEN()); len(f) < 6 || f[len(f)-2] != c.clock {
			t.Errorf("[%s] %s after %s: %s, want the half-move clock %s", c.section, c.fen, c.move, p.FEN(), c.clock)
		}
	}
}

// flagMove with the king as flag piece (racingchess) decides as Fairy-Stockfish's current
// Position::is_immediate_game_end does, which perft cannot tell from a draw: White's king on
// its region wins at once when Black has no king move onto Black's own, and after Black's
// move otherwise (a draw if Black's king got there too); Black's king there wins at once.
func TestUpstreamINIFlagMoveResult(t *testing.T) {
	importUpstream(t) // skipped without the file
	rs, err := interpreter.Open(upstreamINI + ":racingchess")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ fen, want string }{
		{"6K1/8/8/8/8/8/k7/8 b - - 0 1", "*"},       // Black can answer
		{"6K1/8/8/8/8/8/k7/7R b - - 0 1", "1-0"},    // the rook keeps Black's king off rank 1
		{"6K1/8/8/8/8/8/8/k7 w - - 0 1", "1/2-1/2"}, // both kings there, White to move
		{"8/6K1/8/8/8/8/8/k7 w - - 0 1", "0-1"},     // Black's king there
		{"6K1/8/8/8/8/8/1k6/8 w - - 0 1", "1-0"},    // Black did not answer
	} {
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r := p.Result(); r.Score != c.want {
			t.Errorf("%s: %v, want %s", c.fen, r, c.want)
		}
	}
}

// flagPieceCount decides as Fairy-Stockfish's current Position::is_immediate_game_end does
// (flag_reached for the side that moved: at least that many of its flag pieces on its
// region), which perft cannot tell from a draw.
func TestUpstreamINIFlagCountResult(t *testing.T) {
	importUpstream(t) // skipped without the file
	for _, c := range []struct{ section, fen, want string }{
		{"aralzaa", "NNN/2n/nn1 b - - 0 1", "1-0"},
		{"aralzaa", "NN1/2N/nnn b - - 0 1", "*"}, // two of three; Black's own flag is not judged
		{"knights-halma", "8/8/8/8/8/nnn5/nnn5/nnn2NNN w - - 0 1", "0-1"},
		{"knights-halma", "8/8/8/8/8/nn6/nnn5/nnn2NNN w - - 0 1", "*"},
	} {
		rs, err := interpreter.Open(upstreamINI + ":" + c.section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r := p.Result(); r.Score != c.want {
			t.Errorf("[%s] %s: %v, want %s", c.section, c.fen, r, c.want)
		}
	}
}

// flagPieceSafe decides as Fairy-Stockfish's current Position::is_immediate_game_end does
// (flag_reached: one man on its region unattacked, or more than one attacked or not; the
// side to move's flag first, a draw when both are held), which perft cannot tell from a
// draw.
func TestUpstreamINIFlagSafeResult(t *testing.T) {
	importUpstream(t) // skipped without the file
	rs, err := interpreter.Open(upstreamINI + ":squatter")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ fen, want string }{
		{"3R4/8/k7/8/8/8/8/6K1 b - - 0 1", "1-0"},       // unattacked
		{"3R4/5n2/k7/8/8/8/8/6K1 b - - 0 1", "*"},       // attacked
		{"3RR3/5n2/k4n2/8/8/8/8/6K1 b - - 0 1", "1-0"},  // two, both attacked
		{"3R4/8/k7/8/8/8/8/6K1 w - - 0 1", "1-0"},       // the side to move's
		{"3R4/8/k7/8/8/8/8/1r4K1 w - - 0 1", "1/2-1/2"}, // both
		{"6k1/8/8/8/8/8/8/1r4K1 w - - 0 1", "0-1"},      // the side that moved's
	} {
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if r := p.Result(); r.Score != c.want {
			t.Errorf("%s: %v, want %s", c.fen, r, c.want)
		}
	}
}

// fsfINIResult is Fairy-Stockfish's verdict on a position of a section of the ini file,
// after moves (coordinates), asked through its XBoard protocol: asked to move in a game
// its rules have ended, it names the result ("1-0", "0-1", "1/2-1/2"); otherwise it moves
// ("*", the game goes on).
func fsfINIResult(t *testing.T, fsf, ini, section, fen string, moves []string) string {
	t.Helper()
	cmd := exec.Command(fsf)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	defer cmd.Wait()
	defer in.Close()
	fmt.Fprintf(in, "xboard\nprotover 2\noption VariantPath=%s\nvariant %s\nforce\nsetboard %s\n", ini, section, fen)
	for _, m := range moves {
		fmt.Fprintf(in, "usermove %s\n", m)
	}
	fmt.Fprintf(in, "sd 1\ngo\n")
	var seen []string
	for sc := bufio.NewScanner(out); sc.Scan(); {
		l := sc.Text()
		seen = append(seen, l)
		for _, r := range []string{"1-0", "0-1", "1/2-1/2"} {
			if strings.HasPrefix(l, r+" {") {
				fmt.Fprintln(in, "quit")
				return r
			}
		}
		if strings.HasPrefix(l, "move ") {
			fmt.Fprintln(in, "quit")
			return "*"
		}
		if strings.Contains(l, "Illegal move") || strings.HasPrefix(l, "Error") {
			t.Fatalf("fairy-stockfish [%s] %s %v: %s", section, fen, moves, l)
		}
	}
	t.Fatalf("fairy-stockfish [%s] %s %v: neither a result nor a move:\n%s", section, fen, moves, strings.Join(seen, "\n"))
	return ""
}

// compareFlagResults plays each case in Chimera and asks Fairy-Stockfish's current build
// (CHIMERA_FSF_CURRENT) for its verdict on the same position: the game over or not, and
// who won. Each case says what Fairy-Stockfish's source decides there, which a rule left
// out or judged otherwise would not.
func compareFlagResults(t *testing.T, section string, cases []flagCase) {
	t.Helper()
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	importUpstream(t) // skipped without the file
	ini, _ := filepath.Abs(upstreamINI)
	rs, err := interpreter.Open(upstreamINI + ":" + section)
	if err != nil {
		t.Fatal(err)
	}
	decided := 0
	for _, c := range cases {
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		moves := strings.Fields(c.moves)
		want := fsfINIResult(t, fsf, ini, section, c.fen, moves)
		if want != "*" {
			decided++
		}
		played := true
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Errorf("[%s] %s moves %q (%s): %v; Fairy-Stockfish %s", section, c.fen, c.moves, c.why, err, want)
				played = false
				break
			}
			p.Make(m)
		}
		if !played {
			continue
		}
		if r := p.Result(); r.Score != want {
			t.Errorf("[%s] %s moves %q (%s): Chimera %v, Fairy-Stockfish %s", section, c.fen, c.moves, c.why, r, want)
		}
	}
	if decided == 0 || decided == len(cases) {
		t.Errorf("[%s] Fairy-Stockfish decides %d of %d cases: the cases do not tell a game over from one going on", section, decided, len(cases))
	}
}

type flagCase struct{ fen, moves, why string }

// flagPieceBlockedWin (kono: seven men a side, a region of seven cells, flagPieceCount 7)
// decides as Fairy-Stockfish's current Position::flag_reached does: the side that moved
// holds its region with one man there once every cell of it holds a man of either side,
// whichever man moved last.
func TestUpstreamINIFlagBlockedResult(t *testing.T) {
	compareFlagResults(t, "kono", []flagCase{
		{"pppPp/p3p/2p2/P3P/PPPP1 b - - 0 1", "", "White's one man on a region Black's men fill: White holds it"},
		{"pppPp/p3p/2p2/P3P/PPPP1 w - - 0 1", "", "the same with White to move: the side to move's flag is not judged"},
		{"pppPp/p3p/2p2/P3P/PPPP1 w - - 0 1", "a2b3", "White moves off the region, which stays full: White holds it"},
		{"pppPp/p3p/2p2/P3P/PPPP1 w - - 0 1", "d5c4", "White's man leaves the region: a cell empty"},
		{"pppP1/p3p/2p2/Pp2P/PPPP1 b - - 0 1", "", "one cell of the region empty"},
		{"pppP1/p3p/2p2/Pp2P/PPPP1 b - - 0 1", "c3d4", "a move of Black's elsewhere: the region still not full"},
		{"ppppp/p3p/5/P3P/PPPPP b - - 0 1", "", "regions full of the other side's men only"},
		{"pppp1/p3p/2P2/P3P/PPpPP w - - 0 1", "", "Black's one man on a region White's men fill: Black holds it"},
		{"ppp1p/p1P1p/5/P1p1P/PP1PP w - - 0 1", "c4d5", "White fills its region with its man"},
	})
}

// flagPieceSafe with flagMove (alapo: any man a flag piece, one needed) decides as
// Fairy-Stockfish's current Position::is_immediate_game_end does: the side to move's man
// still on its region wins first, safe or not; else the side that moved wins with one man
// on its region no enemy man attacks, or with two there attacked or not; one attacked is
// answered by any move.
func TestUpstreamINIFlagSafeMoveResult(t *testing.T) {
	compareFlagResults(t, "alapo", []flagCase{
		{"R5/6/6/3k2/6/5K b - - 0 1", "", "White's rook on its region unattacked"},
		{"R5/6/6/r5/6/5K b - - 0 1", "", "White's rook attacked: Black answers"},
		{"R5/6/6/r5/6/5K b - - 0 1", "a3b3", "Black's answer leaves the rook there: White wins"},
		{"R5/6/6/r5/6/5K b - - 0 1", "a3a6", "Black's answer takes it"},
		{"RR4/6/6/rr4/6/5K b - - 0 1", "", "two of White's on the region, both attacked"},
		{"R5/6/6/r5/6/5K w - - 0 1", "", "White to move with its rook still there, attacked"},
		{"R5/6/6/6/6/k4K w - - 0 1", "", "both regions held, White to move: the side to move's first"},
		{"R5/6/6/6/6/k4K b - - 0 1", "", "both regions held, Black to move: the side to move's first"},
		{"6/6/6/6/6/k4K w - - 0 1", "", "Black's commoner on its region unattacked"},
		{"6/6/6/6/6/k3RK w - - 0 1", "", "Black's commoner on its region attacked by the rook"},
		{"6/R5/6/r5/2k3/5K w - - 0 1", "a5a6", "White's rook steps on attacked"},
		{"6/R5/6/6/1r4/5K w - - 0 1", "a5a6", "White's rook steps on unattacked"},
		{"6/R5/6/6/1r4/5K w - - 0 1", "a5b5", "White's rook steps off the rook's file"},
	})
}

// doubleStepRank in the current source is a band: every rank from doubleStepRankMin
// (default 2) up to it, each side's (parser.cpp; 11.1 read the one rank). A pawn on rank 2
// with doubleStepRank = 3 steps two, as one on rank 3 does; doubleStepRankMin = 1 alone
// lets a pawn on the first rank step two; beside doubleStepRank it is refused (the current
// source ignores it there). Compared with CHIMERA_FSF_CURRENT by perft divide.
func TestINIDoubleStepRankCurrent(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "ds.ini")
	text := "[dsthree:chess]\ndoubleStepRank = 3\n\n[dsfour:chess]\ndoubleStepRank = 4\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n[dsmin:chess]\ndoubleStepRankMin = 1\n\n[dsboth:chess]\ndoubleStepRank = 4\ndoubleStepRankMin = 3\n"
	if err := os.WriteFile(ini, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := interpreter.Open(ini + ":dsboth"); err == nil || !strings.Contains(err.Error(), "doubleStepRankMin") {
		t.Errorf("[dsboth] imported (%v), want doubleStepRankMin refused", err)
	}
	cases := []struct{ section, fen string }{
		{"dsthree", "4k3/p7/3p4/8/8/3P4/P7/4K3 w - - 0 1"},
		{"dsthree", "4k3/p7/3p4/8/8/3P4/P7/4K3 b - - 0 1"},
		{"dsfour", "4k3/p7/8/3p4/8/2P5/P7/4K3 w - - 0 1"},
		{"dsfour", "4k3/p7/8/3p4/1P6/2P5/P7/4K3 b - - 0 1"},
		{"dsmin", "4k3/8/8/8/8/8/1P6/K3P3 w - - 0 1"},
		{"dsmin", "k3p3/1p6/8/8/8/2P5/8/4K3 b - - 0 1"},
	}
	// The squares each reading gives, from the rules alone: White's pawns stepping two.
	wantTwo := map[string][]string{"dsthree": {"a2a4", "d3d5"}, "dsfour": {"a2a4", "c3c5"}, "dsmin": {"b2b4", "e1e3"}}
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	for i, c := range cases {
		rs, err := interpreter.Open(ini + ":" + c.section)
		if err != nil {
			t.Fatalf("[%s]: %v", c.section, err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := divideLines(p, 2)
		if i%2 == 0 {
			for _, m := range wantTwo[c.section] {
				if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, m+":") }) {
					t.Errorf("[%s] %s: no double step %s", c.section, c.fen, m)
				}
			}
		}
		if fsf == "" {
			continue
		}
		want := fsfINIPerftFEN(t, fsf, ini, c.section, c.fen, nil, 2)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("[%s] %s, perft 2:\nChimera:\n%s\nFairy-Stockfish:\n%s", c.section, c.fen, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// wallsINI maps each walling value Chimera's walls can say onto the built-ins with walls
// (Fairy-Stockfish's isolation, snailtrail, amazons, duck), with walling regions, and
// castlingWins naming rights of both sides.
const wallsINI = `[wpast:isolation]
wallingRule = past

[wduck:snailtrail]
wallingRule = duck

[warrow:snailtrail]
wallingRule = arrow

[wstatic:duck]
wallingRule = static

[wregion:amazons]
wallingRegion = *1 *2 *3 *4 *5 j*

[wisoregion:isolation]
wallingRegionWhite = *1 *2 *3 *4
wallingRegionBlack = *1 *2 *3 *4

[wduckregion:duck]
wallingRegion = *3 *4 *5 *6

[wedge:amazons]
wallingRule = edge

[wduckor:duck]
wallOrMove = true

[wstaticor:chess]
wallingRule = static
wallOrMove = true

[cwqq:chess]
castlingWins = Qq

[cwkq:chess]
castlingWins = Kq
`

// wallsPositions are positions of wallsINI's sections, by section: walls standing, castling
// and en passant under a duck kept to a region, rights of both sides named.
var wallsPositions = map[string][]string{
	"wpast":       {"6/6/3p2/6/6/6/2P3/6 w - - 0 1", "6/6/3p2/2*3/6/6/2P3/6 b - - 0 1"},
	"wduck":       {"6p/7/7/3*3/7/7/P6 w - - 0 1"},
	"warrow":      {"6p/7/7/7/7/7/P6 w - - 0 1", "6p/7/2*4/3*3/7/7/P6 b - - 0 1"},
	"wstatic":     {"rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	"wregion":     {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 b - - 0 1"},
	"wisoregion":  {"3p2/6/6/6/6/2*3/6/2P3 w - - 0 1"},
	"wduckregion": {"r3k2r/8/8/8/4*3/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
	"wedge":       {"3q2q3/10/10/q8q/4*5/10/Q8Q/10/10/3Q2Q3 b - - 0 1"},
	"wduckor":     {"rnbqkbnr/pppp1ppp/8/4p3/4*3/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2"},
	"wstaticor":   {"r3k2r/8/8/3*4/8/8/4q3/R3K2R w KQkq - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
	"cwqq":        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1"},
	"cwkq":        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1"},
}

// TestINIWallingPerft: the walling keys (wallingRule static, duck, arrow, past;
// wallingRegion*) and castlingWins as Fairy-Stockfish's current source plays them, perft
// divide from each section's start and at set-up positions (CHIMERA_FSF_CURRENT, as for
// TestUpstreamINIPerft).
func TestINIWallingPerft(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	ini := filepath.Join(t.TempDir(), "walls.ini")
	if err := os.WriteFile(ini, []byte(wallsINI), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, section := range defs.INISections([]byte(wallsINI)) {
		rs, err := interpreter.Open(ini + ":" + section)
		if err != nil {
			t.Fatalf("[%s] import: %v", section, err)
		}
		p, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		depth := 2
		if testing.Short() && p.Ruleset().Files >= 10 {
			depth = 1 // amazons' millions of turns at depth 2: the full run counts them
		}
		got, positions := [][]string{divideLines(p, depth)}, []string{"startpos"}
		for _, fen := range wallsPositions[section] {
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("[%s] %s: %v", section, fen, err)
			}
			got, positions = append(got, divideLines(p, depth)), append(positions, "fen "+fen)
		}
		want := fsfINIPerftBatch(t, fsf, ini, section, positions, depth)
		if w := rs.Walls; w != nil && w.Instead {
			for i := range want {
				want[i] = plainTurnLines(want[i])
			}
		}
		for i := range positions {
			if strings.Join(got[i], "\n") != strings.Join(want[i], "\n") {
				t.Errorf("[%s] position %s, perft %d:\nChimera:\n%s\nFairy-Stockfish:\n%s", section, positions[i], depth, strings.Join(got[i], "\n"), strings.Join(want[i], "\n"))
			}
		}
	}
}

// nMoveRuleTypesBlack (khans: Black's s resets the n-move count; White's types stay the
// parent's, the pawn): along games from positions where both colours have s men and
// pawns, the half-move clock after every ply is Fairy-Stockfish's current source's (its
// "d" FEN after the same moves), and the games make quiet moves of each colour's s and
// pawn, so a rule for both colours (or for neither) fails. Its promotions (Black's s and
// pawn into t) and captures reset the count as every promotion and capture does. The
// n-move draw that follows is the one the source claims under the xboard protocol (its
// optional game end): after White's s steps at clock 99, or Black's pawn, the game is
// drawn; after Black's s or White's pawn, or a promotion, it goes on.
func TestUpstreamINIMoveRuleTypesClock(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	data, _, _ := importUpstream(t) // skipped without the file
	file, _ := filepath.Abs(upstreamINI)
	rs, err := openUpstream(t, data, "khans")
	if err != nil {
		t.Fatal(err)
	}
	plies := 60
	if testing.Short() {
		plies = 36
	}
	// kinds counts the quiet moves (no capture, no promotion) of each colour's s and pawn.
	kinds := map[string]int{}
	for gi, start := range []string{
		"4k3/1sss4/8/p6p/8/8/PSS3SP/4K3 w - - 0 1",
		"3k4/s1s1s3/1p6/8/2P5/6S1/P1S5/4K3 b - - 7 30",
		"4k3/2s5/pp6/8/8/1S6/1P1S2PP/4K3 w - - 0 1",
	} {
		compareClocks(t, fsf, file, "khans", rs, start, plies, gi, []string{"S", "P", ""}, kinds)
	}
	for _, k := range []string{"White's S", "Black's S", "White's P", "Black's P"} {
		if kinds[k] < 3 {
			t.Errorf("the games made %d quiet moves of %s; want at least 3 (%v)", kinds[k], k, kinds)
		}
	}
	// The n-move draw, claimed or not by Fairy-Stockfish.
	for _, c := range []struct{ section, fen, move string }{
		{"khans", "4k3/8/8/8/8/8/S7/4K3 w - - 99 80", "a2b4"},
		{"khans", "4k3/s7/8/8/8/8/8/4K3 b - - 99 80", "a7b5"},
		{"khans", "4k3/8/8/8/8/8/P7/4K3 w - - 99 80", "a2a3"},
		{"khans", "4k3/p7/8/8/8/8/8/4K3 b - - 99 80", "a7a6"},
		{"khans", "4k3/8/8/8/8/8/1p6/4K3 b - - 99 80", "b2b1t"},
	} {
		rs, err := openUpstream(t, data, c.section)
		if err != nil {
			t.Fatal(err)
		}
		p, err := interpreter.FromFEN(rs, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("[%s] %s: %v", c.section, c.move, err)
		}
		p.Make(m)
		claim := fsfXboardClaim(t, fsf, file, c.section, c.fen, c.move)
		if got := p.Result(); (got.Score == "1/2-1/2") != (claim == "1/2-1/2") {
			t.Errorf("[%s] %s after %s: %v (FEN %s); Fairy-Stockfish's answer: %q", c.section, c.fen, c.move, got, p.FEN(), claim)
		}
	}
}

// pawnTypes without the pawn (xhess: pawnTypes = h): the pawn's promotion resets the
// n-move count, as every promotion does in Fairy-Stockfish's current source, though its
// steps do not; the clocks are the source's ("d" after the same move).
func TestUpstreamINIPawnPromotionClock(t *testing.T) {
	compareClocksAfter(t, "xhess", [][2]string{
		{"k9/3P6/10/10/10/10/10/10/10/9K w - - 10 20", "d9d10q"},
		{"k9/10/3P6/10/10/10/10/10/10/9K w - - 10 20", "d8d9"},
		{"k9/10/10/10/10/3H6/10/10/10/9K w - - 10 20", "d5d6"},
	})
}

// compareClocksAfter plays each case's moves (space-separated) from its FEN in the
// imported section and compares the half-move clock with the FEN of CHIMERA_FSF_CURRENT
// ("d" after the same moves).
func compareClocksAfter(t *testing.T, section string, cases [][2]string) {
	t.Helper()
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	data, _, _ := importUpstream(t) // skipped without the file
	file, _ := filepath.Abs(upstreamINI)
	rs, err := openUpstream(t, data, section)
	if err != nil {
		t.Fatal(err)
	}
	var positions, clocks []string
	for _, c := range cases {
		p, err := interpreter.FromFEN(rs, c[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range strings.Fields(c[1]) {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("[%s] %s: %v", section, mv, err)
			}
			p.Make(m)
		}
		positions = append(positions, "fen "+c[0]+" moves "+c[1])
		clocks = append(clocks, strings.Fields(p.FEN())[4])
	}
	for i, fen := range fsfINIFENs(t, fsf, file, section, positions) {
		if f := strings.Fields(fen); len(f) < 6 || f[len(f)-2] != clocks[i] {
			t.Errorf("[%s] %s: the half-move clock %s, Fairy-Stockfish's FEN %s", section, positions[i], clocks[i], fen)
		}
	}
}

// The per-colour forms of the pawn-type keys, each as Fairy-Stockfish's current source
// plays it, on a file written for the test: promotionPieceTypesWhite and Black apart
// (pcolour), a colour whose pawns promote into nothing (pnone), a custom type that
// promotes and resets the n-move count for White only (pawnsides), a child section whose
// keys override its parent's for both colours or one (pawnsideschild), and a type with
// both kinds of quiet moves counted for White only (unlessside). Perft divides at
// positions set up to meet them and along games from the start, and the half-move clock
// after each ply of games that move the custom types and pawns, against CHIMERA_FSF_CURRENT.
func TestINIPerColourPawnKeys(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	ini := filepath.Join(t.TempDir(), "colours.ini")
	text := "[pcolour:chess]\npromotionPieceTypesWhite = nq\npromotionPieceTypesBlack = r\n\n" +
		"[pnone:chess]\npromotionPieceTypesBlack = -\n\n" +
		"[pawnsides:chess]\ncustomPiece1 = s:mfWcfF\npromotionPawnTypesWhite = ps\nnMoveRuleTypesWhite = ps\nnMoveRuleTypesBlack = -\n\n" +
		"[pawnsideschild:pawnsides]\nnMoveRuleTypes = s\npromotionPawnTypesBlack = s\npromotionPieceTypesBlack = n\n\n" +
		"[unlessside:chess]\ncustomPiece1 = u:mfWmsWcF\nnMoveRuleTypesWhite = pu\n"
	if err := os.WriteFile(ini, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	data := []byte(text)
	open := func(section string) *compiler.Ruleset {
		t.Helper()
		src, err := defs.ImportINI(ini, data, section)
		if err != nil {
			t.Fatalf("[%s] import: %v", section, err)
		}
		def, err := defs.Parse(ini+":"+section, src)
		if err != nil {
			t.Fatalf("[%s] %v", section, err)
		}
		rs, err := interpreter.Build(def)
		if err != nil {
			t.Fatalf("[%s] %v", section, err)
		}
		return rs
	}
	for _, c := range []struct {
		section   string
		positions []string
		prefer    []string
	}{
		{"pcolour", []string{"4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1", "4k3/1P6/8/8/8/8/1p6/4K3 b - - 0 1"}, []string{"P", ""}},
		{"pnone", []string{"4k3/1P6/8/8/8/8/1p6/R3K3 b - - 0 1", "r3k3/1P6/8/8/8/8/1p6/R3K3 w - - 0 1"}, []string{"P", ""}},
		{"pawnsides", []string{"4k3/1S6/8/8/8/8/1s6/4K3 w - - 0 1", "4k3/1S6/8/8/8/8/1s6/4K3 b - - 0 1", "7k/1S1P4/8/8/8/8/1s1p4/7K b - - 0 1", "7k/8/2s2s2/8/8/1S4S1/8/7K w - - 0 1"}, []string{"S", "P", ""}},
		{"pawnsideschild", []string{"4k3/1S6/8/8/8/8/1s6/4K3 w - - 0 1", "4k3/1S6/8/8/8/8/1s6/4K3 b - - 0 1", "7k/1S1P4/8/8/8/8/1s1p4/7K b - - 0 1", "7k/8/2s2s2/8/8/1S4S1/8/7K w - - 0 1"}, []string{"S", "P", ""}},
		{"unlessside", []string{"7k/8/8/8/3U4/8/3u4/K7 w - - 3 9", "7k/8/8/8/3U4/8/3u4/K7 b - - 3 9"}, []string{"U", "P", ""}},
	} {
		rs := open(c.section)
		for _, fen := range c.positions {
			p, err := interpreter.FromFEN(rs, fen)
			if err != nil {
				t.Fatalf("[%s] %s: %v", c.section, fen, err)
			}
			got, want := divideLines(p, 2), fsfINIPerftFEN(t, fsf, ini, c.section, fen, nil, 2)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("[%s] %s, perft 2:\nChimera:\n%s\nFairy-Stockfish:\n%s", c.section, fen, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
		// Along a game from the start, and the clocks of games from the positions and the
		// start.
		start, err := interpreter.Start(rs, "")
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		moves, _ := clockGame(t, rs, start.FEN(), 8, 0, c.prefer, count)
		for _, i := range []int{3, 7} {
			if i >= len(moves) {
				continue
			}
			p, _ := interpreter.Start(rs, "")
			for _, s := range moves[i] {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				p.Make(m)
			}
			got, want := divideLines(p, 2), fsfINIPerft(t, fsf, ini, c.section, moves[i], 2)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("[%s] after %q, perft 2:\nChimera:\n%s\nFairy-Stockfish:\n%s", c.section, moves[i], strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
		for gi, fen := range append(slices.Clone(c.positions), start.FEN()) {
			compareClocks(t, fsf, ini, c.section, rs, fen, 24, gi, c.prefer, count)
		}
		t.Logf("[%s] quiet moves: %v", c.section, count)
		if x := c.prefer[0]; count["White's "+x] < 2 || count["Black's "+x] < 2 || count["White's P"] < 2 || count["Black's P"] < 2 {
			t.Errorf("[%s] the games made too few quiet moves of each colour's %s and pawns (%v)", c.section, x, count)
		}
	}
}

// clockGame plays up to plies moves from start, preferring by turns (two plies each) a
// quiet move (no capture, no promotion) of a man of the letters of prefer ("": any move),
// shifted by seed, and returns each ply's moves so far and Chimera's half-move clock after
// it; count tallies the quiet moves by colour and letter ("White's S").
func clockGame(t *testing.T, rs *compiler.Ruleset, start string, plies, seed int, prefer []string, count map[string]int) (moves [][]string, clocks []string) {
	t.Helper()
	p, err := interpreter.FromFEN(rs, start)
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for ply := 0; ply < plies; ply++ {
		legal := p.LegalMoves(nil)
		if len(legal) == 0 || p.Result() != interpreter.Ongoing {
			break
		}
		var pick []interpreter.Move
		if want := prefer[(ply/2+seed)%len(prefer)]; want != "" {
			for _, m := range legal {
				if !p.IsCapture(m) && m.Promotion() < 0 && rs.Piece(p.At(m.From()).Type()).LetterText == want {
					pick = append(pick, m)
				}
			}
		}
		if len(pick) == 0 {
			pick = legal
		}
		m := pick[(ply*7+seed*3+len(pick)/2)%len(pick)]
		if pc := p.At(m.From()); !p.IsCapture(m) && m.Promotion() < 0 {
			count[[]string{"White's ", "Black's "}[pc.Color()]+rs.Piece(pc.Type()).LetterText]++
		}
		played = append(played, p.Coord(m))
		p.Make(m)
		moves = append(moves, slices.Clone(played))
		clocks = append(clocks, strings.Fields(p.FEN())[4])
	}
	return moves, clocks
}

// compareClocks plays clockGame and compares the half-move clock after each ply with
// Fairy-Stockfish's ("d" after the same moves, in one run).
func compareClocks(t *testing.T, fsf, ini, section string, rs *compiler.Ruleset, start string, plies, seed int, prefer []string, count map[string]int) {
	t.Helper()
	moves, clocks := clockGame(t, rs, start, plies, seed, prefer, count)
	var positions []string
	for _, ms := range moves {
		positions = append(positions, "fen "+start+" moves "+strings.Join(ms, " "))
	}
	for i, fen := range fsfINIFENs(t, fsf, ini, section, positions) {
		if f := strings.Fields(fen); len(f) < 6 || f[len(f)-2] != clocks[i] {
			t.Fatalf("[%s] %s moves %s: the half-move clock %s, Fairy-Stockfish's FEN %s", section, start, strings.Join(moves[i], " "), clocks[i], fen)
		}
	}
}

// fsfINIFENs runs one Fairy-Stockfish with the ini file loaded over several positions
// (each a UCI position command's arguments) and returns the FEN its "d" shows for each.
func fsfINIFENs(t *testing.T, fsf, ini, section string, positions []string) []string {
	t.Helper()
	return fsfFENs(t, fsf, ini, section, positions)
}

// fsfFENs is fsfINIFENs for a variant of the file ini, or of Fairy-Stockfish's own
// (ini "").
func fsfFENs(t *testing.T, fsf, ini, section string, positions []string) []string {
	t.Helper()
	var script strings.Builder
	script.WriteString("uci\n")
	if ini != "" {
		fmt.Fprintf(&script, "setoption name VariantPath value %s\n", ini)
	}
	fmt.Fprintf(&script, "setoption name UCI_Variant value %s\n", section)
	for _, pos := range positions {
		fmt.Fprintf(&script, "position %s\nd\n", pos)
	}
	script.WriteString("quit\n")
	cmd := exec.Command(fsf)
	cmd.Stdin = strings.NewReader(script.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	var fens []string
	for _, l := range strings.Split(string(out), "\n") {
		if f, ok := strings.CutPrefix(strings.TrimSpace(l), "Fen: "); ok {
			fens = append(fens, f)
		}
	}
	if len(fens) != len(positions) {
		t.Fatalf("fairy-stockfish [%s]: %d FENs for %d positions:\n%s", section, len(fens), len(positions), out)
	}
	return fens
}

// fsfXboardClaim sets up fen under the xboard protocol, plays move and asks Fairy-
// Stockfish to move: it returns the result it claims at once ("1/2-1/2" for the n-move
// rule, its optional game end), or "" when it moves instead.
func fsfXboardClaim(t *testing.T, fsf, ini, variant, fen, move string) string {
	t.Helper()
	cmd := exec.Command(fsf)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("fairy-stockfish: %v", err)
	}
	timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	defer func() {
		timer.Stop()
		in.Close()
		cmd.Wait()
	}()
	fmt.Fprintf(in, "xboard\nprotover 2\noption VariantPath=%s\nvariant %s\nforce\nsetboard %s\nusermove %s\nsd 1\ngo\n", ini, variant, fen, move)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(l, "Illegal move"), strings.HasPrefix(l, "Error"), strings.HasPrefix(l, "tellusererror"):
			t.Fatalf("fairy-stockfish [%s] %s %s: %s", variant, fen, move, l)
		case strings.HasPrefix(l, "move "):
			fmt.Fprintf(in, "quit\n")
			return ""
		case strings.HasPrefix(l, "1/2-1/2"), strings.HasPrefix(l, "1-0"), strings.HasPrefix(l, "0-1"):
			fmt.Fprintf(in, "quit\n")
			return strings.Fields(l)[0]
		}
	}
	t.Fatalf("fairy-stockfish [%s] %s %s: no move and no result", variant, fen, move)
	return ""
}

// Fairy-Stockfish's current source resets the n-move counter on every drop
// (Position::do_move), whatever the type dropped: an imported section with drops of its
// own resets it so too. The half-move clock after drops of a knight, a piece whose own
// moves do not reset it, and of a pawn, against CHIMERA_FSF_CURRENT.
func TestUpstreamINIDropClock(t *testing.T) {
	compareClocksAfter(t, "leaperhouse", [][2]string{
		{"oncurkucno/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/ONCUKRUCNO[Nn] w - - 7 10", "N@e5"},
		{"oncurkucno/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/ONCUKRUCNO[Nn] w - - 7 10", "b1d2 N@e6"},
		{"oncurkucno/10/ppp1pppppp/10/10/10/10/PPPPPPPPPP/10/ONCUKRUCNO[p] b - - 12 10", "P@d7"},
	})
}

// TestUpstreamBuiltinDrops plays a seeded random game, rich in drops, in each built-in that
// Fairy-Stockfish's current source plays under its name and that drops men, and compares
// with that source: perft 2 every fifth ply, and under an n-move rule the half-move clock
// after every ply (every drop resets it there). A built-in that lichess also plays keeps
// lichess's rules (a pawn's drop only resets the clock) and is left out; its own tests
// hold them.
func TestUpstreamBuiltinDrops(t *testing.T) {
	fsf := os.Getenv("CHIMERA_FSF_CURRENT")
	if fsf == "" {
		t.Skip("CHIMERA_FSF_CURRENT (a build of Fairy-Stockfish's current source) is not set")
	}
	compared := 0
	for _, n := range defs.Builtins() {
		def, err := defs.Load(n)
		if err != nil {
			t.Fatal(err)
		}
		if def.Source == nil || def.Source.FairyStockfish == "" || def.Source.Lichess != "" {
			continue
		}
		rs, err := interpreter.Open(n)
		if err != nil {
			t.Fatal(err)
		}
		if rs.Hands == nil || rs.Hands.DropFrom < 0 || rs.Walls != nil {
			continue
		}
		// From the start, or, where no drop comes of it (hands filled only from a
		// partner's board), from the first of the definition's test positions that does.
		starts := []string{""}
		for _, c := range def.Tests {
			if c.FEN != "" {
				starts = append(starts, c.FEN)
			}
		}
		var start string
		var moves, positions, clocks []string
		drops := 0
		for _, fen := range starts {
			p, err := interpreter.Start(rs, "")
			if fen != "" {
				p, err = interpreter.FromFEN(rs, fen)
			}
			if err != nil {
				t.Fatal(err)
			}
			start = p.FEN()
			rng := rand.New(rand.NewPCG(uint64(len(n)), 616))
			moves, positions, clocks, drops = nil, nil, nil, 0
			for ply := 0; ply < 60; ply++ {
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				// Half the time a drop if one is legal, else a capture a third of the
				// time (which fills the hands), else any move.
				var dropping, taking []interpreter.Move
				for _, m := range legal {
					if m.IsDrop() {
						dropping = append(dropping, m)
					} else if p.IsCapture(m) {
						taking = append(taking, m)
					}
				}
				m := legal[rng.IntN(len(legal))]
				if len(dropping) > 0 && rng.IntN(2) == 0 {
					m = dropping[rng.IntN(len(dropping))]
				} else if len(taking) > 0 && rng.IntN(3) == 0 {
					m = taking[rng.IntN(len(taking))]
				}
				if m.IsDrop() {
					drops++
				}
				moves = append(moves, p.Coord(m))
				p.Make(m)
				positions = append(positions, "fen "+start+" moves "+strings.Join(moves, " "))
				clocks = append(clocks, strings.Fields(p.FEN())[4])
			}
			if drops > 0 {
				break
			}
		}
		if drops == 0 {
			t.Errorf("%s: no game made a drop", n)
			continue
		}
		fens := fsfFENs(t, fsf, "", def.Source.FairyStockfish, positions)
		for i, fen := range fens {
			if rs.FiftyMove == 0 {
				break // no n-move rule: the clock changes no game (perft only, below)
			}
			if f := strings.Fields(fen); len(f) < 6 || f[len(f)-2] != clocks[i] {
				t.Errorf("%s after %s: the half-move clock %s, Fairy-Stockfish's FEN %s", n, strings.Join(moves[:i+1], " "), clocks[i], fen)
				break
			}
		}
		// And perft 2 every fifth ply, hands full: where 11.1 and the current source drop
		// differently (supply's advisors, elephants and soldiers), the counts part.
		var want []int
		var perftPositions []string
		for i := 4; i < len(positions); i += 5 {
			want = append(want, i)
			perftPositions = append(perftPositions, positions[i])
		}
		var counts []int64
		for _, lines := range fsfINIPerftBatch(t, fsf, "", def.Source.FairyStockfish, perftPositions, 2) {
			for _, l := range lines {
				if f, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
					c, err := strconv.ParseInt(f, 10, 64)
					if err != nil {
						t.Fatal(err)
					}
					counts = append(counts, c)
				}
			}
		}
		if len(counts) != len(want) {
			t.Fatalf("%s: Fairy-Stockfish gave %d counts for %d positions", n, len(counts), len(want))
		}
		for k, i := range want {
			p, err := interpreter.FromFEN(rs, start)
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range moves[:i+1] {
				m, err := p.ParseMove(mv)
				if err != nil {
					t.Fatalf("%s: %s: %v", n, mv, err)
				}
				p.Make(m)
			}
			if got := perft.Perft(p, 2); got != counts[k] {
				t.Errorf("%s %s: perft 2: Chimera %d, Fairy-Stockfish %d", n, positions[i], got, counts[k])
			}
		}
		clockNote := ""
		if rs.FiftyMove > 0 {
			clockNote = ", and the clock after every ply"
		}
		t.Logf("%s: %d plies, %d drops: %d perft counts agree%s", n, len(positions), drops, len(want), clockNote)
		compared++
	}
	if compared == 0 {
		t.Error("no built-in compared")
	}
}
