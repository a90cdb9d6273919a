// Perft and SFEN cross-checked with shogiops (lishogi's rules library, run by Node) in the shogi family, pawn-drop mates counted apart.
package perft_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"chimera/compiler"
	"chimera/engine/perft"
	"chimera/engine/usi"
	"chimera/interpreter"
)

// shogiopsVariants are the shogi family: Chimera's name, shogiops' rules name ("" where
// shogiops has no such variant), the depth the start position is counted to, the depth
// the random positions are counted to (shortDepth in -short mode, which also caps the
// start's depth there), positions whose tree, to the depth given, holds pawn drops
// that mate (see TestShogiopsCrossCheck), counted in -short mode too, and other positions
// that reach the variant's special rules (counted to shortDepth at most in -short mode).
var shogiopsVariants = []struct {
	name, rules                   string
	startDepth, depth, shortDepth int
	pawnDropMates                 []shogiopsProbe
	probes                        []shogiopsProbe
}{
	{"shogi", "standard", 4, 3, 2, []shogiopsProbe{
		// Sente's P*1b mates at the root: the gold guards it, gote's own lance fills 2a.
		{"7lk/9/8G/9/9/9/9/9/K8 b P 1", 3},
		// Gote's P*9h mates the same way.
		{"4k4/9/9/9/9/9/g8/9/KL7 w p 2", 3},
		// From shogiops' random play (seed 1, ply 127 and 106): one pawn-drop mate at ply
		// 2, and 64 at ply 3.
		{"4rg2b/4k3p/1pnL2+PP1/+P1pPpBp1l/6PnP/P2gGP1p1/S3Pp1RL/LS2G1S1S/1N2K2N1 w Pp 128", 3},
		{"+Lrb3b1l/s2g1lp1s/5p+R1n/1pppP2pk/p1PNp1PP1/5P2p/PP1PG2G1/2K4Sg/N1S4N1 b lp 107", 3},
	}, nil},
	{"minishogi", "minishogi", 5, 4, 3, []shogiopsProbe{
		{"3rk/5/4G/5/K4 b P 1", 3},
		// From shogiops' random play (seed 1, ply 36): two pawn-drop mates at ply 3.
		{"+Rb3/1s2k/1Bg1p/2S2/1G1K1 b Pr 37", 3},
	}, nil},
	{"kyotoshogi", "kyotoshogi", 5, 4, 3, nil, nil},
	{"dobutsu", "", 0, 0, 0, nil, nil},
	{"chushogi", "chushogi", 3, 3, 2, nil, []shogiopsProbe{
		// From shogiops' random play biased to captures, lions first (seed 7): a lion
		// just taken by a man that is not a lion (the counterstrike square in the hands
		// field: 6g, 7e, 4g) ...
		{"lfcsgekg1cfl/a1b1txotsb1a/mvrhdq1dhrvm/pppppppppppp/3i4i3/12/6H5/1P1IP1P1I3/P1PP1P1PPPPP/MVR1DNQDHRVM/A1BOT1XT1B1A/LFCSGKEGSCFL w 6g 14", 3},
		{"lfcsgekgscfl/a1b1txotdb1a/mvr1d3hrvm/pppp2pppppp/5h2i3/3ip7/12/3I4I3/2PPDPPPPPPP/MqRH2QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b 7e 29", 3},
		{"lfcsgek1scfl/av1dtxogtb1a/m1r2q1dhrvm/1pphpppppppp/p7i3/12/8I3/3IPHP5/PPPP1P1PPPPP/MVR1D1QDHRVM/A1B1TOXTGB1A/LFCSGKE1SCFL w 4g 30", 3},
		// ... horned falcons and soaring eagles (promoted dragons and horses) to move ...
		{"l2sg1kgsdfl/2Q4t1b1a/4er4v1/m2p2o3pm/R10p/7p4/6P1i3/P6P4/1M+h1XP2P1PP/6T1D2M/A1BG1OK5/LFC1TSE+r2+hL w - 124", 3},
		{"1f2tekg2fl/l5ot1v1a/a3dxr5/4pppp4/10p1/12/1v3P6/P11/4X3PPPP/6R2V1M/3H1G1TDB1A/L1C+d1KEGSCFL w - 106", 3},
		{"lf1k1etgscfl/a5s4a/c9vm/m1p1ptp1o1pp/p4p6/12/4P4p2/P1P2GP2+h1P/1P3P4PM/1M2SD2T1V1/A1R2OX1SB1A/LFCTGK2E1FL w - 128", 3},
		// ... and a lion two squares from a guarded enemy lion.
		{"l1+Rsgekgscfl/fv2txo1tb1a/m2bdq1dhrvm/pp1ppppppppp/6n1i3/12/6N5/7PI3/PP1PPP2PPPP/M2HD1QD1R1M/AVBSTOXT2VA/LFC1GKEGSCFL b - 31", 3},
		{"lf1sgekgscfl/a1bctxot1b1a/mvrhdq1dhrvm/ppppppppp1p1/8ip1p/3i8/7nI3/3I1N4P1/PPPPPPPPPP1P/MVRHD1QDHRVM/A1B1TOXT1BFA/LFCSGKEGSC1L w - 18", 3},
		{"lf1sgekgs2l/a1bctxotcbfa/2rhdq1dhrvm/Q1p1p1pppppp/4n3i3/3p1p6/3N8/6P1I3/P1PPPP1PPPPP/1M+vTD2DHRVM/AVBH1OXTSBFA/LFCSGKEG1C1L w - 44", 3},
		// A lion that can take the last king: the game ends there (no move is counted after).
		{"12/12/12/12/12/4k7/4g7/4N7/12/12/12/11K b - 1", 3},
	}},
	// Both refuse a pawn drop that mates, as shogiops does (hands.drops.no-mate-illegal).
	{"annanshogi", "annanshogi", 4, 3, 2, []shogiopsProbe{
		// P*5b would mate: the pawn moves as the gold behind it, which guards it.
		{"4k4/9/4G4/9/9/9/9/9/K8 b P 1", 3},
	}, nil},
	{"checkshogi", "checkshogi", 4, 3, 2, []shogiopsProbe{
		// P*1b would mate as in shogi, so it is no move; any other check wins at once.
		{"7lk/9/8G/9/9/9/9/9/K8 b P 1", 3},
	}, nil},
}

// shogiopsProbe is a position (shogiops' SFEN) and the depth it is counted to.
type shogiopsProbe struct {
	sfen  string
	depth int
}

const (
	// shogiopsPositions is how many positions of random play each variant is checked in
	// (shogiopsShortPositions in -short mode).
	shogiopsPositions      = 6
	shogiopsShortPositions = 2
	// shogiopsSeed seeds the random play; CHIMERA_SHOGIOPS_SEED=N draws other positions.
	shogiopsSeed = 1
	// shogiopsScript is the Node program that runs shogiops.
	shogiopsScript = "testdata/shogiops/perft.mjs"
)

// shogiopsRunner runs shogiopsScript with Node against the shogiops installed where CHIMERA_SHOGIOPS says.
type shogiopsRunner struct{ jsLibrary }

// shogiopsFind finds Node and the shogiops installation (see findJSLibrary).
func shogiopsFind(t *testing.T) shogiopsRunner {
	t.Helper()
	return shogiopsRunner{findJSLibrary(t, "shogiops", "CHIMERA_SHOGIOPS", shogiopsScript)}
}

// rules is the list of shogiops' rules names.
func (r shogiopsRunner) rules() ([]string, error) {
	var names []string
	out, err := r.run("", "rules")
	if err == nil {
		err = json.Unmarshal(out, &names)
	}
	return names, err
}

// shogiopsGames is the start position and the positions of random play, as shogiops writes them.
type shogiopsGames struct {
	Start     string `json:"start"`
	Positions []struct {
		SFEN string `json:"sfen"`
		Ply  int    `json:"ply"`
	} `json:"positions"`
}

func (r shogiopsRunner) positions(rules string, n, seed int) (shogiopsGames, error) {
	var g shogiopsGames
	out, err := r.run("", "positions", rules, strconv.Itoa(n), strconv.Itoa(seed))
	if err == nil {
		err = json.Unmarshal(out, &g)
	}
	return g, err
}

// shogiopsRequest asks for the perft counts of a position; shogiopsReply answers it:
// Counts[i] is shogiops' perft at depth i+1 and PawnDropMates[i] the pawn drops at ply
// i+1 of its tree that it refuses only because they mate; Divide is each root move (USI,
// shogiops' notation) with its two counts at depth-1, the root's pawn-drop mates included.
type shogiopsRequest struct {
	Variant string `json:"variant"`
	SFEN    string `json:"sfen"`
	Depth   int    `json:"depth"`
	Divide  bool   `json:"divide,omitempty"`
}

type shogiopsReply struct {
	SFEN          string              `json:"sfen"`
	Counts        []int64             `json:"counts"`
	PawnDropMates []int64             `json:"pawnDropMates"`
	Divide        map[string][2]int64 `json:"divide"`
	RootMates     []string            `json:"rootPawnDropMates"`
	Error         string              `json:"error"`
}

// perft answers the requests, in one run of Node.
func (r shogiopsRunner) perft(reqs []shogiopsRequest) ([]shogiopsReply, error) {
	var in strings.Builder
	for _, q := range reqs {
		line, err := json.Marshal(q)
		if err != nil {
			return nil, err
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	out, err := r.run(in.String(), "perft")
	if err != nil {
		return nil, err
	}
	var replies []shogiopsReply
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a shogiopsReply
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, fmt.Errorf("reply %q: %v", sc.Text(), err)
		}
		replies = append(replies, a)
	}
	if len(replies) != len(reqs) {
		return nil, fmt.Errorf("%d replies to %d requests:\n%s", len(replies), len(reqs), out)
	}
	return replies, nil
}

// Kyoto shogi's letters. shogiops gives each face of a piece its own letter (tokin and
// lance, gold and knight, pawn and rook, silver and bishop); Fairy-Stockfish, and so
// Chimera, writes the faces N, L, P, S plain and the others as their promotion (+N is the
// gold, +L the tokin, +P the rook, +S the bishop), and a piece in hand by its plain face.
var (
	shogiopsKyotoBoard = map[rune]string{'g': "+n", 't': "+l", 'r': "+p", 'b': "+s"}
	shogiopsKyotoHand  = map[rune]rune{'g': 'n', 't': 'l'}
	// A drop of a piece's promoted face: Chimera's +N*2c is shogiops' G*2c.
	shogiopsKyotoDrops = map[string]string{"+N": "G", "+L": "T", "+P": "R", "+S": "B"}
)

// shogiopsToFSF writes a shogiops SFEN with Fairy-Stockfish's letters, which Chimera's
// usi package reads: the same text but in Kyoto shogi.
func shogiopsToFSF(rules, sfen string) string {
	f := strings.Fields(sfen)
	if rules != "kyotoshogi" || len(f) < 3 {
		return sfen
	}
	swap := func(ch rune, to string) string {
		if unicode.IsUpper(ch) {
			return strings.ToUpper(to)
		}
		return to
	}
	var board, hand strings.Builder
	for _, ch := range f[0] {
		if to, ok := shogiopsKyotoBoard[unicode.ToLower(ch)]; ok {
			board.WriteString(swap(ch, to))
		} else {
			board.WriteRune(ch)
		}
	}
	for _, ch := range f[2] {
		if to, ok := shogiopsKyotoHand[unicode.ToLower(ch)]; ok {
			hand.WriteString(swap(ch, string(to)))
		} else {
			hand.WriteRune(ch)
		}
	}
	f[0], f[2] = board.String(), hand.String()
	return strings.Join(f, " ")
}

// shogiopsHandSorted is sfen with the pieces in hand written in one fixed order (each
// side's letters sorted, sente's first): SFEN fixes the order of shogi's own pieces only
// (R B G S N L P), and shogiops and Chimera order Kyoto shogi's differently.
func shogiopsHandSorted(sfen string) string {
	f := strings.Fields(sfen)
	if len(f) < 3 || f[2] == "-" {
		return sfen
	}
	counts := map[rune]int{}
	n := 0
	for _, ch := range f[2] {
		if ch >= '0' && ch <= '9' {
			n = n*10 + int(ch-'0')
			continue
		}
		counts[ch] += max(n, 1)
		n = 0
	}
	var letters []rune
	for ch := range counts {
		letters = append(letters, ch)
	}
	slices.Sort(letters)
	var hand strings.Builder
	for _, ch := range letters {
		if counts[ch] > 1 {
			hand.WriteString(strconv.Itoa(counts[ch]))
		}
		hand.WriteRune(ch)
	}
	f[2] = hand.String()
	return strings.Join(f, " ")
}

// shogiopsMove writes a Chimera move as shogiops writes it in USI: the usi package's
// conversion, and in Kyoto shogi shogiops' letters for a drop's face and + for every
// turn-over (Chimera writes - for a turn back to the plain face).
func shogiopsMove(b usi.Board, rules, coord string) string {
	m := b.MoveToUSI(coord)
	if rules != "kyotoshogi" {
		return m
	}
	if face, sq, ok := strings.Cut(m, "*"); ok {
		if f, ok := shogiopsKyotoDrops[face]; ok {
			return f + "*" + sq
		}
		return m
	}
	if s, ok := strings.CutSuffix(m, "-"); ok {
		return s + "+"
	}
	return m
}

// shogiopsRead reads an SFEN as shogiops (lishogi) writes it, letters and all, the two ways
// Chimera reads SFEN: as --fen, the browser and the Go API do (interpreter.FromFEN takes
// an SFEN as it is) and as a USI session does (position sfen: usi's FENFromSFEN, then the
// FEN); both must give the same position. It returns the position and its FEN.
func shogiopsRead(rs *compiler.Ruleset, board usi.Board, pools bool, sfen string) (*interpreter.Position, string, error) {
	p, err := interpreter.FromFEN(rs, sfen)
	if err != nil {
		return nil, "", fmt.Errorf("Chimera cannot read shogiops' SFEN %s: %v", sfen, err)
	}
	fen, err := board.FENFromSFEN(sfen, pools)
	if err != nil {
		return nil, "", fmt.Errorf("USI cannot convert shogiops' SFEN %s: %v", sfen, err)
	}
	q, err := interpreter.FromFEN(rs, fen)
	if err != nil {
		return nil, "", fmt.Errorf("Chimera cannot read shogiops' SFEN %s as USI converts it (%s): %v", sfen, fen, err)
	}
	if p.FEN() != q.FEN() {
		return nil, "", fmt.Errorf("shogiops' SFEN %s is read as %s, but as %s through USI", sfen, p.FEN(), q.FEN())
	}
	return p, p.FEN(), nil
}

// TestShogiopsCrossCheck compares Chimera with shogiops in each variant of the shogi
// family that both have (the others are skipped, by name): Chimera must read every SFEN
// shogiops writes, as it is (shogiopsRead) and write it back the same (usi.SFENFromFEN;
// in Kyoto shogi with Fairy-Stockfish's letters, and the order of the pieces in hand
// aside), start where shogiops starts, and count the same perft from the start (to the
// variant's start depth), from positions of shogiops' random play and from positions
// where a pawn drop mates, at every depth up to the last, where each root move's count
// must agree too (which checks the moves' USI notation).
//
// One rule differs, and is counted apart rather than hidden: a pawn drop that checkmates
// (uchifuzume) is illegal in shogiops (lishogi's rules), while Chimera, following
// Fairy-Stockfish 11.1, plays it and scores the mate as a loss for the side that dropped
// the pawn. So at each depth Chimera's count must be shogiops' count plus the number of
// pawn drops at that ply of shogiops' tree that shogiops refuses only because they would
// mate (the script finds them; the mated side has no move, so they add nothing deeper),
// and at the root Chimera's moves must be shogiops' plus exactly those drops. Nothing else
// may differ.
func TestShogiopsCrossCheck(t *testing.T) {
	r := shogiopsFind(t)
	seed := shogiopsSeed
	if s := os.Getenv("CHIMERA_SHOGIOPS_SEED"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("CHIMERA_SHOGIOPS_SEED=%q: want a whole number", s)
		}
		seed = n
	}
	theirRules, err := r.rules()
	if err != nil {
		t.Fatal(err)
	}
	count := shogiopsPositions
	if testing.Short() {
		count = shogiopsShortPositions
	}
	for _, v := range shogiopsVariants {
		t.Run(v.name, func(t *testing.T) {
			if !slices.Contains(theirRules, v.rules) {
				t.Skipf("shogiops has no %s (its rules: %s), so it is not cross-checked with shogiops", v.name, strings.Join(theirRules, ", "))
			}
			rs, err := interpreter.Open(v.name)
			if err != nil {
				msg := err.Error()
				if len(msg) > 100 {
					msg = msg[:100] + "..."
				}
				t.Skipf("Chimera cannot load variant %s yet, so it is not cross-checked with shogiops: %s", v.name, msg)
			}
			board := usi.Board{Files: rs.Files, Ranks: rs.Ranks}
			pools := rs.Hands != nil
			// refused: Chimera refuses the pawn-drop mates too (no-mate-illegal), so its
			// counts are shogiops' own.
			refused := pools && rs.Hands.NoMateIllegal
			games, err := r.positions(v.rules, count, seed)
			if err != nil {
				t.Fatal(err)
			}
			if len(games.Positions) != count {
				t.Fatalf("shogiops gave %d positions; want %d", len(games.Positions), count)
			}

			start, err := interpreter.Start(rs, "")
			if err != nil {
				t.Fatal(err)
			}
			if got, want := board.SFENFromFEN(start.FEN()), shogiopsToFSF(v.rules, games.Start); got != want {
				t.Errorf("start position: Chimera's %s (SFEN %s), shogiops' %s", start.FEN(), got, games.Start)
			}

			depth, startDepth := v.depth, v.startDepth
			if testing.Short() {
				depth = v.shortDepth
				startDepth = min(startDepth, v.depth)
			}
			reqs := []shogiopsRequest{{Variant: v.rules, SFEN: games.Start, Depth: startDepth, Divide: true}}
			names := []string{"start"}
			for i, g := range games.Positions {
				reqs = append(reqs, shogiopsRequest{Variant: v.rules, SFEN: g.SFEN, Depth: depth, Divide: true})
				names = append(names, fmt.Sprintf("random #%d (ply %d, seed %d)", i, g.Ply, seed))
			}
			firstProbe := len(reqs)
			for i, pr := range v.pawnDropMates {
				reqs = append(reqs, shogiopsRequest{Variant: v.rules, SFEN: pr.sfen, Depth: pr.depth, Divide: true})
				names = append(names, fmt.Sprintf("pawn-drop mate #%d", i))
			}
			lastMateProbe := len(reqs)
			for i, pr := range v.probes {
				d := pr.depth
				if testing.Short() {
					d = min(d, v.shortDepth)
				}
				reqs = append(reqs, shogiopsRequest{Variant: v.rules, SFEN: pr.sfen, Depth: d, Divide: true})
				names = append(names, fmt.Sprintf("probe #%d", i))
			}
			replies, err := r.perft(reqs)
			if err != nil {
				t.Fatal(err)
			}

			orderNoted := false
			agreed, mates, matePositions := 0, int64(0), 0
			for i, q := range reqs {
				a := replies[i]
				if a.Error != "" {
					t.Errorf("%s %s: shogiops: %s", names[i], q.SFEN, a.Error)
					continue
				}
				if a.SFEN != q.SFEN || len(a.Counts) != q.Depth || len(a.PawnDropMates) != q.Depth {
					t.Errorf("%s %s: shogiops read it back as %s with %d counts (want %d)", names[i], q.SFEN, a.SFEN, len(a.Counts), q.Depth)
					continue
				}
				sfen := shogiopsToFSF(v.rules, q.SFEN)
				p, fen, err := shogiopsRead(rs, board, pools, q.SFEN)
				if err != nil {
					t.Errorf("%s: %v", names[i], err)
					continue
				}
				switch got := board.SFENFromFEN(p.FEN()); {
				case got == sfen:
				case v.rules == "kyotoshogi" && shogiopsHandSorted(got) == shogiopsHandSorted(sfen):
					if !orderNoted {
						t.Logf("hand order differs, as expected in Kyoto shogi: Chimera writes %s (shogiops' %s) as %s", sfen, q.SFEN, got)
						orderNoted = true
					}
				default:
					t.Errorf("%s: SFEN round trip: Chimera reads shogiops' %s (FEN %s) and writes %s (SFEN %s)", names[i], q.SFEN, fen, p.FEN(), got)
				}
				if i >= firstProbe && i < lastMateProbe && !slices.ContainsFunc(a.PawnDropMates, func(n int64) bool { return n > 0 }) {
					t.Errorf("%s %s: shogiops refuses no pawn drop to depth %d, so the position checks nothing", names[i], q.SFEN, q.Depth)
				}

				ok := true
				for d := 1; d <= q.Depth && ok; d++ {
					want, m := a.Counts[d-1]+a.PawnDropMates[d-1], a.PawnDropMates[d-1]
					if refused {
						want, m = a.Counts[d-1], 0
					}
					var got int64
					var diff string
					if d < q.Depth {
						if got = perft.Perft(p, d); got != want {
							diff = shogiopsDivideDiff(r, board, v.rules, p, q, d, !refused)
						}
					} else {
						got, diff = shogiopsDivide(board, v.rules, p, d, a, !refused)
					}
					if got != want || diff != "" {
						ok = false
						t.Errorf("%s %s: perft %d: Chimera %d, shogiops %d + %d pawn-drop mates%s", names[i], q.SFEN, d, got, a.Counts[d-1], m, diff)
					}
				}
				if ok {
					agreed++
					var n int64
					for _, m := range a.PawnDropMates {
						n += m
					}
					if n > 0 {
						mates += n
						matePositions++
						t.Logf("%s %s: pawn-drop mates Chimera counts and shogiops refuses, by depth: %v (shogiops' perft %v)", names[i], q.SFEN, a.PawnDropMates, a.Counts)
					}
				}
			}
			t.Logf("%d of %d positions agree with shogiops (start to depth %d, %d random to depth %d, %d with pawn-drop mates, %d others); Chimera's counts include %d pawn-drop mates, in %d positions, that shogiops refuses",
				agreed, len(reqs), startDepth, count, depth, len(v.pawnDropMates), len(v.probes), mates, matePositions)
		})
	}
}

// shogiopsDivide counts p's divide at depth in Chimera and compares it with shogiops'
// (a.Divide: each root move with shogiops' count and its pawn-drop mates, which Chimera
// counts as moves when mates says so, else refuses as shogiops does); it returns
// Chimera's total and the root moves whose counts differ ("" when none).
func shogiopsDivide(b usi.Board, rules string, p *interpreter.Position, depth int, a shogiopsReply, mates bool) (int64, string) {
	theirs := a.Divide
	if !mates {
		theirs = map[string][2]int64{}
		for m, c := range a.Divide {
			if !slices.Contains(a.RootMates, m) {
				theirs[m] = [2]int64{c[0], 0}
			}
		}
	}
	ours := map[string]int64{}
	var total int64
	for _, e := range perft.Divide(p, depth, 0) {
		ours[shogiopsMove(b, rules, p.Coord(e.Move))] += e.Nodes
		total += e.Nodes
	}
	var moves []string
	for m := range ours {
		moves = append(moves, m)
	}
	for m := range theirs {
		if _, ok := ours[m]; !ok {
			moves = append(moves, m)
		}
	}
	slices.Sort(moves)
	var diffs []string
	for _, m := range moves {
		o, ook := ours[m]
		c, cok := theirs[m]
		switch {
		case !ook:
			diffs = append(diffs, fmt.Sprintf("%s missing (shogiops %d + %d)", m, c[0], c[1]))
		case !cok:
			diffs = append(diffs, fmt.Sprintf("%s extra (Chimera %d)", m, o))
		case o != c[0]+c[1]:
			diffs = append(diffs, fmt.Sprintf("%s %d vs %d + %d", m, o, c[0], c[1]))
		}
	}
	if len(diffs) == 0 {
		return total, ""
	}
	if len(diffs) > shogiopsDivideLines {
		diffs = append(diffs[:shogiopsDivideLines], fmt.Sprintf("and %d more", len(diffs)-shogiopsDivideLines))
	}
	return total, fmt.Sprintf("; divide %d, Chimera vs shogiops + its refused pawn-drop mates: %s", depth, strings.Join(diffs, "; "))
}

// shogiopsDivideDiff asks shogiops for q's divide at depth and compares it with
// Chimera's, for a mismatch report.
func shogiopsDivideDiff(r shogiopsRunner, b usi.Board, rules string, p *interpreter.Position, q shogiopsRequest, depth int, mates bool) string {
	q.Depth, q.Divide = depth, true
	replies, err := r.perft([]shogiopsRequest{q})
	if err == nil && replies[0].Error != "" {
		err = fmt.Errorf("%s", replies[0].Error)
	}
	if err != nil {
		return fmt.Sprintf(" (no divide from shogiops: %v)", err)
	}
	if _, diff := shogiopsDivide(b, rules, p, depth, replies[0], mates); diff != "" {
		return diff
	}
	return fmt.Sprintf("; divide %d: every root move's count agrees", depth)
}

// shogiopsDivideLines is how many differing root moves a mismatch report lists.
const shogiopsDivideLines = 24
