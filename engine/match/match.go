// The match: configuration, workers, the referee of each game, results.

package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"chimera/compiler"
	"chimera/engine/xbtext"
	"chimera/interpreter"
	"chimera/interpreter/gametext"
)

// Config describes a match.
type Config struct {
	Ruleset *compiler.Ruleset
	// VariantFile is the definition file of Ruleset, if it came from one: UCI engines
	// that do not offer the variant but have a VariantPath option are given it.
	VariantFile string
	Engines     [2]EngineSpec
	Games       int
	TC          TimeControl  // both engines' clock, unless TC2 is set
	TC2         *TimeControl // engine 2's clock when it differs from engine 1's (a time handicap)
	Concurrency int          // games played at once (each with its own pair of engine processes)
	// Setup names the setup games start from when there are no openings, as chimera's
	// --setup does: NAME, or NAME:N for one arrangement of a shuffled setup (a shuffled
	// setup without one draws an arrangement per pair); "" is the first setup.
	Setup       string
	Openings    []gametext.Opening // gametext.ReadOpenings
	RandomPlies int                // random legal plies played after the opening (or from the start)
	Seed        uint64             // seeds the random plies and shuffled setups, per pair of games
	MaxPlies    int                // a game still going after this many plies is drawn (0: no cap)
	// An engine forfeits when its move takes longer than its clock (or the fixed move
	// time) by more than Grace plus GraceFraction of that time. Zero values mean 20 ms and
	// 5 %; a negative GraceFraction means none.
	Grace         time.Duration
	GraceFraction float64
	StartTimeout  time.Duration // for the handshake and each synchronization (default 10 s)
	MoveTimeout   time.Duration // with a fixed search (TC.Nodes, TC.Depth): the wait for a move (default 1 min)
	// Shard, when N > 0, plays only the pairs of games k (games 2k and 2k+1) with k mod N
	// = I: each pair starts as it would in the whole match, so that the shards' games
	// together are the whole match's (with a fixed search).
	Shard Shard
	SPRT  *SPRT  // stop early on an SPRT decision
	Event string // the PGN Event tag (default "chimera match")

	PGN      io.Writer // games in PGN, in game order (nil: none)
	Progress io.Writer // a line per game finished (nil: none)
	Log      io.Writer // the engines' traffic (nil: none)
}

// Shard is part I of N of a match (I from 0).
type Shard struct{ I, N int }

// has reports whether game i is in the shard.
func (sh Shard) has(i int) bool { return sh.N <= 1 || (i/2)%sh.N == sh.I }

// Games is the number of games of a match of n games in the shard.
func (sh Shard) Games(n int) int {
	k := 0
	for i := 0; i < n; i++ {
		if sh.has(i) {
			k++
		}
	}
	return k
}

// Game is one game played.
type Game struct {
	Index       int // from 0
	White       int // the engine (0 or 1) that played White
	Names       [2]string
	FEN         string // the start, when not the variant's standard one
	Opening     string
	Moves       []PlayedMove
	Result      string // 1-0, 0-1, 1/2-1/2
	Reason      string // how it ended, in words
	Termination string // PGN's Termination: normal, time forfeit, rules infraction, abandoned, adjudication
	Date        time.Time
	Aborted     bool // the match stopped during the game: not counted, not written
}

// PlayedMove is a move of a game with what the referee saw of it.
type PlayedMove struct {
	SAN     string
	Coord   string
	Book    bool // an opening move
	Elapsed time.Duration
	Eval    string
}

// Score is the game's score for engine e: 1, 1/2 or 0 (3/4 or 1/4 where the rules score
// so).
func (g *Game) Score(e int) float64 {
	w, _ := interpreter.WhitePoints(g.Result)
	if g.White == e {
		return w
	}
	return 1 - w
}

// Summary is the outcome of a match.
type Summary struct {
	Names    [2]string
	Games    []*Game // the games finished, in game order
	Estimate Estimate
	// SPRT: the log-likelihood ratio at the end and the decision, "H0", "H1" or "".
	LLR      float64
	Decision string
	Stopped  bool // stopped before all games were played (SPRT, or the context)
	White    [3]int
	Endings  map[string]int // how games ended (Reason)
}

// Run plays the match. It returns an error when an engine cannot be started, does not
// speak its protocol or does not play the variant; once the games run, engines that crash
// or hang lose their games and the match goes on. Cancelling ctx stops the match: the
// games finished so far are summed up.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Ruleset == nil {
		return nil, errors.New("no variant")
	}
	if cfg.Games < 1 {
		return nil, errors.New("no games to play")
	}
	if !cfg.TC.fixed() && cfg.TC.Base <= 0 {
		return nil, errors.New("no time control")
	}
	if t := cfg.TC2; t != nil && (t.MoveTime > 0 != (cfg.TC.MoveTime > 0) || t.searchLimit() != cfg.TC.searchLimit() || (!t.fixed() && t.Base <= 0)) {
		return nil, errors.New("the two engines' time controls must both be clocks, both fixed move times or both fixed searches")
	}
	if cfg.MoveTimeout <= 0 {
		cfg.MoveTimeout = time.Minute
	}
	if cfg.Shard.N > 0 && (cfg.Shard.I < 0 || cfg.Shard.I >= cfg.Shard.N) {
		return nil, fmt.Errorf("shard %d/%d: I must be from 0 to N-1", cfg.Shard.I, cfg.Shard.N)
	}
	if cfg.Concurrency < 1 {
		cfg.Concurrency = 1
	}
	cfg.Concurrency = min(cfg.Concurrency, (cfg.Shard.Games(cfg.Games)+1)/2*2)
	if cfg.Grace == 0 {
		cfg.Grace = 20 * time.Millisecond
	}
	if cfg.GraceFraction == 0 {
		cfg.GraceFraction = 0.05
	}
	cfg.GraceFraction = max(cfg.GraceFraction, 0)
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 10 * time.Second
	}
	if cfg.Event == "" {
		cfg.Event = "chimera match"
	}
	for i, e := range cfg.Engines {
		if len(e.Args) == 0 {
			return nil, fmt.Errorf("engine %d: no command", i+1)
		}
	}
	// Every pair's start is worked out first: a bad opening fails the match at once.
	starts := make([]pairStart, (cfg.Games+1)/2)
	for i := range starts {
		st, err := startOf(cfg.Ruleset, cfg.Openings, cfg.Setup, cfg.RandomPlies, cfg.Seed, i)
		if err != nil {
			return nil, err
		}
		starts[i] = st
	}

	m := &matcher{cfg: cfg, starts: starts, log: &logger{w: cfg.Log, notes: cfg.Progress, start: time.Now()}}
	m.set = settings{rs: cfg.Ruleset, variantFile: cfg.VariantFile, timeout: cfg.StartTimeout, moveTimeout: cfg.MoveTimeout, log: m.log}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The first worker's engines are started here, so that an engine that cannot play
	// stops the match before it begins; they give the names used throughout.
	first := &worker{m: m, id: 1}
	for e := 0; e < 2; e++ {
		if err := first.start(ctx, e); err != nil {
			first.close()
			return nil, err
		}
		m.names[e] = first.players[e].name()
		if cfg.Progress != nil {
			fmt.Fprintln(cfg.Progress, first.notes[e])
		}
		if _, ok := first.players[e].(*xbPlayer); ok && cfg.tcOf(e).Nodes > 0 {
			first.close()
			return nil, fmt.Errorf("engine %s speaks XBoard's protocol, which has no node limit: give it a depth or a time", m.names[e])
		}
		if x, ok := first.players[e].(*xbPlayer); ok && x.features["setboard"] != "1" {
			for _, st := range starts {
				if !st.startpos || xbStartDiffers(cfg.Ruleset.Name) {
					first.close()
					return nil, fmt.Errorf("engine %s cannot be given a position (no setboard feature), and the games start from %s: give it openings as moves from the start", m.names[e], st.label)
				}
			}
		}
	}
	if m.names[0] == m.names[1] {
		m.names[1] += " (2)"
	}

	jobs := make(chan int)
	results := make(chan *Game)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Concurrency; w++ {
		wk := first
		if w > 0 {
			wk = &worker{m: m, id: w + 1}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer wk.close()
			for i := range jobs {
				results <- wk.play(ctx, i)
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			if !cfg.Shard.has(i) {
				continue
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	sc := newScorer(m.names, cfg.SPRT)
	s := sc.s
	pending := map[int]*Game{}
	next := 0
	decided := false
	for g := range results {
		// A game that ends after the SPRT's decision (one already under way, or begun
		// before the stop reached its worker) is not counted, as the decision was made
		// without it (merge's Tally stops at the same game).
		if g.Aborted || decided {
			continue
		}
		if sc.add(g) {
			decided = true
			cancel()
		}
		w, d, l := sc.w, sc.d, sc.l
		est := NewEstimate(w, d, l)
		line := fmt.Sprintf("game %d/%d: %s - %s %s (%s); %s: +%d =%d -%d, %.1f %%, Elo %s",
			len(s.Games), cfg.Shard.Games(cfg.Games), g.Names[g.White], g.Names[1-g.White], g.Result, g.Reason,
			m.names[0], w, d, l, 100*est.Score, est.EloText())
		if cfg.SPRT != nil {
			lo, hi := cfg.SPRT.Bounds()
			line += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", s.LLR, lo, hi)
		}
		if cfg.Progress != nil {
			fmt.Fprintln(cfg.Progress, line)
		}
		pending[g.Index] = g
		for {
			for next < cfg.Games && !cfg.Shard.has(next) {
				next++
			}
			if pending[next] == nil {
				break
			}
			m.writePGN(pending[next])
			delete(pending, next)
			next++
		}
	}
	var rest []int
	for i := range pending {
		rest = append(rest, i)
	}
	sort.Ints(rest)
	for _, i := range rest {
		m.writePGN(pending[i])
	}
	sort.Slice(s.Games, func(i, j int) bool { return s.Games[i].Index < s.Games[j].Index })
	s.Estimate = NewEstimate(sc.w, sc.d, sc.l)
	s.Stopped = len(s.Games) < cfg.Shard.Games(cfg.Games)
	return s, nil
}

type matcher struct {
	cfg    Config
	set    settings
	starts []pairStart
	names  [2]string
	log    *logger
	pgnMu  sync.Mutex
}

func (m *matcher) writePGN(g *Game) {
	if m.cfg.PGN == nil {
		return
	}
	m.pgnMu.Lock()
	defer m.pgnMu.Unlock()
	// A failed write is kept by the writer the caller gave (and reported by it); a game
	// that cannot be written at all is said in the progress lines and the log.
	if err := writePGN(m.cfg.PGN, m.cfg, g); err != nil && !errors.Is(err, errPGNWrite) {
		m.log.printf("pgn: %v", err)
		if m.cfg.Progress != nil {
			fmt.Fprintf(m.cfg.Progress, "game %d not written to the PGN file: %v\n", g.Index+1, err)
		}
	}
}

// worker plays games one after another with its own pair of engine processes.
type worker struct {
	m       *matcher
	id      int
	players [2]player
	notes   [2]string // how each engine's protocol was found, at its last start
}

// start starts engine e for this worker, with the protocol the first start found.
func (w *worker) start(ctx context.Context, e int) error {
	m := w.m
	spec := m.cfg.Engines[e]
	label := fmt.Sprintf("%d.%d %s", w.id, e+1, spec.DisplayName())
	p, proto, note, err := startPlayer(ctx, spec, e, label, m.set)
	if err != nil {
		return err
	}
	w.notes[e] = note
	if spec.Protocol == Detect {
		// Only the first worker's first start finds it, before the other workers start.
		m.cfg.Engines[e].Protocol = proto
	}
	w.players[e] = p
	return nil
}

func (w *worker) close() {
	for i, p := range w.players {
		if p != nil {
			p.close()
			w.players[i] = nil
		}
	}
}

// play plays game i: the pair's start, engine 1 White in even games, engine 2 in odd.
func (w *worker) play(ctx context.Context, i int) *Game {
	m := w.m
	cfg := m.cfg
	st := m.starts[i/2]
	g := &Game{Index: i, White: i % 2, Names: m.names, Opening: st.label, Date: time.Now()}
	if !st.startpos {
		g.FEN = st.fen
	}
	if ctx.Err() != nil {
		g.Aborted = true
		return g
	}
	root, err := interpreter.FromFEN(cfg.Ruleset, st.fen)
	if err != nil { // checked when the starts were worked out
		panic(err)
	}
	gs := &gameState{rs: cfg.Ruleset, rootFEN: st.fen, startpos: st.startpos, pos: root, codec: xbtext.New(cfg.Ruleset)}
	gs.tc[compiler.White], gs.tc[compiler.Black] = cfg.tcOf(g.White), cfg.tcOf(1-g.White)
	for _, s := range st.moves {
		mv, err := gs.pos.ParseMove(s)
		if err != nil {
			panic(err)
		}
		g.Moves = append(g.Moves, PlayedMove{SAN: gs.pos.SAN(mv), Coord: gs.pos.Coord(mv), Book: true})
		gs.push(mv)
	}
	engineOf := func(c compiler.Color) int {
		if c == compiler.White {
			return g.White
		}
		return 1 - g.White
	}
	colourOf := func(e int) compiler.Color {
		if e == g.White {
			return compiler.White
		}
		return compiler.Black
	}
	colourName := func(e int) string {
		if e == g.White {
			return "White"
		}
		return "Black"
	}
	// loses ends the game as a loss for engine e.
	loses := func(e int, termination, why string) {
		g.Result = "1-0"
		if e == g.White {
			g.Result = "0-1"
		}
		g.Termination, g.Reason = termination, why
	}
	// Engines are (re)started when they are not running, and told about the game.
	for _, e := range []int{g.White, 1 - g.White} {
		if p := w.players[e]; p != nil && !p.alive() {
			p.kill()
			w.players[e] = nil
		}
		if w.players[e] == nil {
			if err := w.start(ctx, e); err != nil {
				if ctx.Err() != nil {
					g.Aborted = true
					return g
				}
				loses(e, "abandoned", fmt.Sprintf("%s could not be started: %v", colourName(e), err))
				return w.finish(gs, g)
			}
		}
		if err := w.players[e].newGame(ctx, gs, colourOf(e)); err != nil {
			if ctx.Err() != nil {
				g.Aborted = true
				return g
			}
			w.players[e].kill()
			loses(e, "abandoned", fmt.Sprintf("%s did not take the new game: %v", colourName(e), err))
			return w.finish(gs, g)
		}
	}

	var clock [2]time.Duration
	clock[0], clock[1] = gs.tc[0].Base, gs.tc[1].Base
	var moved [2]int // moves made by each side in this game (for MOVES/BASE)
	for {
		if r := gs.pos.Result(); r != interpreter.Ongoing {
			g.Result, g.Reason, g.Termination = r.Score, r.Reason, "normal"
			break
		}
		if cfg.MaxPlies > 0 && len(g.Moves) >= cfg.MaxPlies {
			g.Result, g.Termination = "1/2-1/2", "adjudication"
			g.Reason = fmt.Sprintf("move cap of %d plies", cfg.MaxPlies)
			break
		}
		side := gs.pos.Side()
		e := engineOf(side)
		p := w.players[e]
		tc := gs.tc[side]
		budget := tc.MoveTime
		if budget <= 0 {
			budget = max(clock[side], 0)
		}
		grace := cfg.Grace + time.Duration(cfg.GraceFraction*float64(budget))
		t := turn{side: side, clock: clock, limit: budget + grace}
		if tc.searchLimit() {
			budget, t.limit = cfg.MoveTimeout, cfg.MoveTimeout
		}
		if tc.Moves > 0 {
			t.movesToGo = tc.Moves - moved[side]%tc.Moves
		}
		r, err := p.play(ctx, gs, t)
		var rej *rejectError
		switch {
		case errors.Is(err, errAborted) || (err != nil && ctx.Err() != nil):
			g.Aborted = true
			p.kill()
			return g
		case errors.Is(err, errTimeout):
			p.kill()
			loses(e, "time forfeit", fmt.Sprintf("%s loses on time: no move within %s (the engine was killed)", colourName(e), roundText(t.limit)))
		case errors.Is(err, errExited):
			p.kill()
			loses(e, "abandoned", fmt.Sprintf("%s's engine ended (%s)", colourName(e), exitText(p)))
		case errors.As(err, &rej):
			p.kill()
			loses(e, "rules infraction", fmt.Sprintf("%s refused the legal move %s: %q", colourName(e), lastMove(g), rej.line))
		case err != nil:
			p.kill()
			loses(e, "abandoned", fmt.Sprintf("%s: %v", colourName(e), err))
		case r.resign:
			loses(e, "normal", colourName(e)+" resigns")
		case r.elapsed > t.limit:
			loses(e, "time forfeit", fmt.Sprintf("%s loses on time: %s used with %s allowed", colourName(e), roundText(r.elapsed), roundText(budget)))
		}
		if g.Result != "" {
			break
		}
		var mv interpreter.Move
		if r.text == "" {
			err = errors.New("no move given")
		} else {
			mv, err = parseIn(gs, p, r.text)
		}
		if err != nil {
			loses(e, "rules infraction", fmt.Sprintf("%s played the illegal move %q: %v", colourName(e), r.text, err))
			break
		}
		if !tc.fixed() {
			clock[side] = max(clock[side]-r.elapsed, 0) + tc.Inc
			moved[side]++
			if tc.Moves > 0 && moved[side]%tc.Moves == 0 {
				clock[side] += tc.Base
			}
		}
		g.Moves = append(g.Moves, PlayedMove{SAN: gs.pos.SAN(mv), Coord: gs.pos.Coord(mv), Elapsed: r.elapsed, Eval: r.eval})
		gs.push(mv)
	}
	return w.finish(gs, g)
}

// tcOf is engine e's time control.
func (cfg *Config) tcOf(e int) TimeControl {
	if e == 1 && cfg.TC2 != nil {
		return *cfg.TC2
	}
	return cfg.TC
}

// finish tells the engines the result and retires an engine that is not to be reused.
func (w *worker) finish(gs *gameState, g *Game) *Game {
	for e, p := range w.players {
		if p == nil {
			continue
		}
		if p.alive() {
			p.endGame(gs, g.Result, g.Reason)
		}
		if !p.alive() || !p.reusable() {
			p.close()
			w.players[e] = nil
		}
	}
	return g
}

// parseIn reads an engine's move: as XBoard writes moves for an XBoard engine, else as
// coordinates (or SAN) in Chimera's notation, after the dialect's own (USI's, UCCI's).
func parseIn(g *gameState, p player, text string) (interpreter.Move, error) {
	switch x := p.(type) {
	case *xbPlayer:
		return g.codec.ParseMove(g.pos, x.moveIn(g.rs, text))
	case *uciPlayer:
		return g.pos.ParseMove(x.moveIn(g.rs, text))
	}
	return g.pos.ParseMove(text)
}

// xbStartDiffers reports whether XBoard's start of the variant is not Chimera's: the
// referee sends such a start with setboard.
func xbStartDiffers(name string) bool {
	_, ok := xbtext.Start(name)
	return ok
}

func lastMove(g *Game) string {
	if len(g.Moves) == 0 {
		return "(none)"
	}
	return g.Moves[len(g.Moves)-1].Coord
}

func exitText(p player) string {
	var pr *proc
	switch x := p.(type) {
	case *uciPlayer:
		pr = x.p
	case *xbPlayer:
		pr = x.p
	}
	if pr == nil {
		return "exited"
	}
	return pr.exitStatus()
}

func roundText(d time.Duration) string {
	return d.Round(time.Millisecond).String()
}
