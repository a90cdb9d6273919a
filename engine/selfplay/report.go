// The designer's report on a set of self-play games.

package selfplay

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"chimera/compiler"
	"chimera/interpreter"
)

// PieceInfo is what the report knows of a piece type.
type PieceInfo struct {
	Letter   string `json:"letter"`
	Name     string `json:"name"`
	Royal    bool   `json:"royal,omitempty"`
	Value    int    `json:"value"`    // declared, in centipawns (0 when undeclared)
	InPlay   bool   `json:"in_play"`  // on the board or in a pool at the start of some game
	MovedIn  int    `json:"moved_in"` // games in which it moved or was dropped
	typeCode int
}

// Pieces lists the piece types of rs, marking those present in any of the positions fens.
func Pieces(rs *compiler.Ruleset, fens []string) []PieceInfo {
	out := make([]PieceInfo, rs.NumPieces())
	for t := range out {
		pt := rs.Piece(t)
		out[t] = PieceInfo{Letter: pt.LetterText, Name: pt.Name, Royal: pt.Royal, Value: pt.Value, typeCode: t}
	}
	seen := map[string]bool{}
	for _, fen := range fens {
		if seen[fen] {
			continue
		}
		seen[fen] = true
		p, err := interpreter.FromFEN(rs, fen)
		if err != nil {
			continue
		}
		for t := range out {
			if p.Pieces(compiler.White, t).Any() || p.Pieces(compiler.Black, t).Any() {
				out[t].InPlay = true
			}
			for pool := 0; pool < max(rs.NumPools(), 1) && rs.Hands != nil; pool++ {
				if p.PoolCount(compiler.White, pool, t) > 0 || p.PoolCount(compiler.Black, pool, t) > 0 {
					out[t].InPlay = true
				}
			}
		}
	}
	return out
}

// Info describes a run for its report.
type Info struct {
	Variant  string      `json:"variant"`
	Title    string      `json:"title"`
	Budget   string      `json:"budget"` // the engines' limit per move, in words
	Starts   string      `json:"starts"` // where games start, in words
	MaxPlies int         `json:"max_plies"`
	Pieces   []PieceInfo `json:"-"`
	// Partial says why the run holds fewer games than it was to play ("" for a whole run).
	Partial string `json:"partial,omitempty"`
}

// Ending counts the games that ended one way.
type Ending struct {
	Reason string `json:"reason"`
	Goal   bool   `json:"goal,omitempty"`
	Games  int    `json:"games"`
	White  int    `json:"white_wins"`
	Draws  int    `json:"draws"`
	Black  int    `json:"black_wins"`
}

// FirstMove is the score of the games that began with one move.
type FirstMove struct {
	Move  string  `json:"move"` // SAN
	Games int     `json:"games"`
	White int     `json:"white_wins"`
	Draws int     `json:"draws"`
	Black int     `json:"black_wins"`
	Score float64 `json:"white_score"`
}

// Lengths summarizes game lengths in plies.
type Lengths struct {
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Min    int     `json:"min"`
	Q1     int     `json:"q1"`
	Median int     `json:"median"`
	Q3     int     `json:"q3"`
	Max    int     `json:"max"`
}

// Report is the designer's reading of a set of games.
type Report struct {
	Info
	Games      int         `json:"games"`
	Distinct   int         `json:"distinct_games"` // games whose moves differ from every other's
	White      Rate        `json:"white_wins"`
	Draw       Rate        `json:"draws"`
	Black      Rate        `json:"black_wins"`
	FirstMover EloEstimate `json:"first_move_advantage"` // White's score and Elo
	Length     Lengths     `json:"length_plies"`
	Endings    []Ending    `json:"endings"`
	FirstMoves []FirstMove `json:"first_moves"`
	PieceUse   []PieceInfo `json:"pieces"`
	Warnings   []string    `json:"warnings"`
	Records    []Game      `json:"-"`
}

// Analyze reads games into a report.
func Analyze(info Info, games []Game) *Report {
	r := &Report{Info: info, Games: len(games), Records: games}
	n := len(games)
	var w, d, b int
	lengths := make([]float64, 0, n)
	ints := make([]int, 0, n)
	endings := map[string]*Ending{}
	firsts := map[string]*FirstMove{}
	moved := make([]int, len(info.Pieces))
	distinct := map[string]bool{}
	for _, g := range games {
		switch g.Result {
		case "1-0":
			w++
		case "0-1":
			b++
		default:
			d++
		}
		distinct[g.FEN+" "+strings.Join(g.Moves, " ")] = true
		lengths = append(lengths, float64(g.Plies()))
		ints = append(ints, g.Plies())
		e := endings[g.Reason]
		if e == nil {
			e = &Ending{Reason: g.Reason, Goal: g.Goal}
			endings[g.Reason] = e
		}
		count(&e.Games, &e.White, &e.Draws, &e.Black, g.Result)
		if len(g.SAN) > 0 {
			f := firsts[g.SAN[0]]
			if f == nil {
				f = &FirstMove{Move: g.SAN[0]}
				firsts[g.SAN[0]] = f
			}
			count(&f.Games, &f.White, &f.Draws, &f.Black, g.Result)
		}
		for i, pc := range info.Pieces {
			if strings.Contains(g.Moved, pc.Letter) {
				moved[i]++
			}
		}
	}
	r.Distinct = len(distinct)
	r.White, r.Draw, r.Black = Wilson(w, n, Z95), Wilson(d, n, Z95), Wilson(b, n, Z95)
	r.FirstMover = EloFromResults(w, d, b)
	r.Length.Mean, r.Length.SD = meanSD(lengths)
	if n > 0 {
		sort.Ints(ints)
		r.Length.Min, r.Length.Max = ints[0], ints[n-1]
		r.Length.Q1, r.Length.Median, r.Length.Q3 = ints[(n-1)/4], ints[(n-1)/2], ints[3*(n-1)/4]
	}
	for _, e := range endings {
		r.Endings = append(r.Endings, *e)
	}
	sort.Slice(r.Endings, func(i, j int) bool {
		a, b := r.Endings[i], r.Endings[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.Reason < b.Reason
	})
	for _, f := range firsts {
		f.Score = (float64(f.White) + float64(f.Draws)/2) / float64(f.Games)
		r.FirstMoves = append(r.FirstMoves, *f)
	}
	sort.Slice(r.FirstMoves, func(i, j int) bool {
		a, b := r.FirstMoves[i], r.FirstMoves[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.Move < b.Move
	})
	for i, pc := range info.Pieces {
		pc.MovedIn = moved[i]
		r.PieceUse = append(r.PieceUse, pc)
	}
	r.Warnings = warnings(r)
	return r
}

func count(games, white, draws, black *int, result string) {
	*games++
	switch result {
	case "1-0":
		*white++
	case "0-1":
		*black++
	default:
		*draws++
	}
}

// warnings says what looks broken in a report's games.
func warnings(r *Report) []string {
	var out []string
	n := r.Games
	if n == 0 {
		return []string{"no games were played"}
	}
	pct := func(k int) string { return fmt.Sprintf("%.0f %%", 100*float64(k)/float64(n)) }
	if n >= 10 {
		switch {
		case r.White.Count == 0 && r.Black.Count == 0:
			out = append(out, fmt.Sprintf("no game of %d was won by either side: can the game be won at all, or does the engine not see how?", n))
		case r.White.Count == 0:
			out = append(out, fmt.Sprintf("White never won in %d games", n))
		case r.Black.Count == 0:
			out = append(out, fmt.Sprintf("Black never won in %d games", n))
		}
	}
	if n >= 20 {
		if r.White.Lo > 0.9 {
			out = append(out, fmt.Sprintf("White wins %s of the games: the first move may decide the game", pct(r.White.Count)))
		}
		if r.Black.Lo > 0.9 {
			out = append(out, fmt.Sprintf("Black wins %s of the games: moving first may be a handicap", pct(r.Black.Count)))
		}
	}
	for _, e := range r.Endings {
		if 2*e.Games <= n {
			continue
		}
		switch e.Reason {
		case ReasonMoveCap:
			out = append(out, fmt.Sprintf("most games (%s) hit the move cap of %d plies and were adjudicated draws: the variant may lack a way to finish, or the engine cannot find it at this budget", pct(e.Games), r.MaxPlies))
		case "repetition":
			out = append(out, fmt.Sprintf("most games (%s) end by repetition", pct(e.Games)))
		case "fifty-move rule":
			out = append(out, fmt.Sprintf("most games (%s) end by the fifty-move rule", pct(e.Games)))
		}
	}
	if n >= 10 && float64(r.Distinct) < 0.8*float64(n) {
		out = append(out, fmt.Sprintf("only %d of %d games differ from every other: the intervals, which count games as independent, are too narrow; raise --jitter or --random-plies", r.Distinct, n))
	}
	if n >= 10 && r.Length.Median < 10 {
		out = append(out, fmt.Sprintf("half the games end within %d plies: is there a quick forced win?", r.Length.Median))
	}
	hooked, first := 0, ""
	for _, g := range r.Records {
		if len(g.HookErrors) > 0 {
			hooked++
			if first == "" {
				first = g.HookErrors[0]
			}
		}
	}
	if hooked > 0 {
		out = append(out, fmt.Sprintf("a goal hook failed as it ran in %d of %d games, and each failed run counted as false: the results may not be the rules' (%s)", hooked, n, first))
	}
	for _, pc := range r.PieceUse {
		if pc.InPlay && pc.MovedIn == 0 && n >= 5 {
			out = append(out, fmt.Sprintf("the %s (%s) never moved in %d games", pc.Name, pc.Letter, n))
		}
	}
	return out
}

// WriteText writes the report as text.
func (r *Report) WriteText(w io.Writer) {
	title := r.Variant
	if r.Title != "" && r.Title != r.Variant {
		title = fmt.Sprintf("%s (%s)", r.Title, r.Variant)
	}
	fmt.Fprintf(w, "Self-play report: %s\n", title)
	if r.Partial != "" {
		fmt.Fprintf(w, "PARTIAL: %s; the figures below are of those games only\n", r.Partial)
	}
	fmt.Fprintf(w, "%d games (%d distinct), %s, move cap %d plies\n", r.Games, r.Distinct, r.Budget, r.MaxPlies)
	if r.Starts != "" {
		fmt.Fprintf(w, "Games start from %s\n", r.Starts)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Results (95 %% confidence intervals, Wilson)\n")
	for _, x := range []struct {
		name string
		r    Rate
	}{{"White wins", r.White}, {"Draws", r.Draw}, {"Black wins", r.Black}} {
		fmt.Fprintf(w, "  %-11s %5d  %5.1f %%  [%5.1f, %5.1f]\n", x.name, x.r.Count, 100*x.r.P, 100*x.r.Lo, 100*x.r.Hi)
	}
	fm := r.FirstMover
	fmt.Fprintf(w, "\nFirst-move advantage: White scores %.1f %% ± %.1f, %s Elo\n",
		100*fm.Score, 100*Z95*fm.ScoreSE, EloText(fm))
	l := r.Length
	fmt.Fprintf(w, "\nGame length (plies): mean %.1f, sd %.1f; min %d, quartiles %d / %d / %d, max %d\n",
		l.Mean, l.SD, l.Min, l.Q1, l.Median, l.Q3, l.Max)
	fmt.Fprintf(w, "\nHow games ended        games      %%   1-0  draw   0-1\n")
	for _, e := range r.Endings {
		name := e.Reason
		if e.Goal {
			name = "goal: " + name
		}
		if e.Reason == ReasonMoveCap {
			name = "move cap (draw)"
		}
		fmt.Fprintf(w, "  %-20s %5d  %5.1f  %4d  %4d  %4d\n", name, e.Games, 100*float64(e.Games)/float64(max(r.Games, 1)), e.White, e.Draws, e.Black)
	}
	fmt.Fprintf(w, "\nFirst moves            games  White's score   1-0  draw   0-1\n")
	for i, f := range r.FirstMoves {
		if i == 10 {
			fmt.Fprintf(w, "  (%d more)\n", len(r.FirstMoves)-10)
			break
		}
		fmt.Fprintf(w, "  %-20s %5d  %12.1f %%  %4d  %4d  %4d\n", f.Move, f.Games, 100*f.Score, f.White, f.Draws, f.Black)
	}
	fmt.Fprintf(w, "\nPieces: games in which each moved\n")
	for _, pc := range r.PieceUse {
		if !pc.InPlay {
			fmt.Fprintf(w, "  %s %-18s not in play\n", pc.Letter, pc.Name)
			continue
		}
		fmt.Fprintf(w, "  %s %-18s %5d  %5.1f %%\n", pc.Letter, pc.Name, pc.MovedIn, 100*float64(pc.MovedIn)/float64(max(r.Games, 1)))
	}
	if len(r.Warnings) == 0 {
		fmt.Fprintf(w, "\nWarnings: none\n")
		return
	}
	fmt.Fprintf(w, "\nWarnings:\n")
	for _, s := range r.Warnings {
		fmt.Fprintf(w, "  ! %s\n", s)
	}
}

// EloText writes an Elo estimate: "+35 ± 24", or "≥ +400" when the score saturated.
func EloText(e EloEstimate) string {
	if e.Saturated {
		if e.Elo > 0 {
			return fmt.Sprintf("at least %+.0f", e.Lo)
		}
		return fmt.Sprintf("at most %+.0f", e.Hi)
	}
	if math.IsInf(e.Margin, 0) || math.IsNaN(e.Margin) {
		return fmt.Sprintf("%+.0f", e.Elo)
	}
	return fmt.Sprintf("%+.0f ± %.0f", e.Elo, e.Margin)
}
