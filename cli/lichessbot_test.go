// docs/lichess-bot's recipe: chimera-uci run as lichess-bot runs its engine, and spoken to as python-chess's engine module speaks (its lines, its option checks), for every variant of the config.
package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"chimera/defs"
)

// lichessBotConfig is the part of lichess-bot's config.yml the recipe sets.
type lichessBotConfig struct {
	Engine struct {
		Dir        string         `yaml:"dir"`
		Name       string         `yaml:"name"`
		Protocol   string         `yaml:"protocol"`
		Ponder     bool           `yaml:"ponder"`
		UCIOptions map[string]any `yaml:"uci_options"`
	} `yaml:"engine"`
	Challenge struct {
		Variants []string `yaml:"variants"`
	} `yaml:"challenge"`
}

// pcOption is an engine option as python-chess's engine module reads an "option" line
// (chess/engine.py, UciProtocol's _option and Option.parse).
type pcOption struct {
	name, typ, def string
	min, max       *int
	vars           []string
}

var pcOptionSplit = regexp.MustCompile(`\s*(\bname\b|\btype\b|\bdefault\b|\bmin\b|\bmax\b|\bvar\b)\s*`)

func pcParseOption(arg string) pcOption {
	parts := map[string]string{}
	var vars []string
	cur := ""
	text := strings.TrimSpace(arg)
	// re.split with a group keeps the separators: walk the pieces between and the
	// keywords themselves.
	last := 0
	var tokens []string
	for _, m := range pcOptionSplit.FindAllStringSubmatchIndex(text, -1) {
		tokens = append(tokens, text[last:m[0]], text[m[2]:m[3]])
		last = m[1]
	}
	tokens = append(tokens, text[last:])
	for _, tok := range tokens {
		_, known := parts[tok]
		switch {
		case tok == "var" || slices.Contains([]string{"name", "type", "default", "min", "max"}, tok) && !known:
			cur = tok
			if tok != "var" {
				parts[tok] = ""
			}
		case cur == "var":
			vars = append(vars, tok)
		case cur != "":
			parts[cur] = tok
		}
	}
	o := pcOption{name: parts["name"], typ: parts["type"], def: parts["default"], vars: vars}
	if n, err := strconv.Atoi(parts["min"]); err == nil {
		o.min = &n
	}
	if n, err := strconv.Atoi(parts["max"]); err == nil {
		o.max = &n
	}
	return o
}

// parse is python-chess's Option.parse: the value as it will be sent, or its refusal.
func (o pcOption) parse(v any) (string, error) {
	s := fmt.Sprint(v)
	switch o.typ {
	case "check":
		if b, ok := v.(bool); ok {
			return strconv.FormatBool(b), nil
		}
		return strconv.FormatBool(s != "" && s != "false"), nil
	case "spin":
		n, err := strconv.Atoi(s)
		if err != nil || o.min != nil && n < *o.min || o.max != nil && n > *o.max {
			return "", fmt.Errorf("spin option %q: %q is not a whole number within its bounds", o.name, s)
		}
		return strconv.Itoa(n), nil
	case "combo":
		if !slices.Contains(o.vars, s) {
			return "", fmt.Errorf("invalid value for combo option %q, got: %s", o.name, s)
		}
		return s, nil
	case "button", "reset", "save":
		return "", nil
	case "string", "file", "path":
		return s, nil
	}
	return "", fmt.Errorf("unknown option type: %q", o.typ)
}

// pcEngine is the engine as python-chess drives it: a process, its options and the
// values it has been sent.
type pcEngine struct {
	t       *testing.T
	in      io.WriteCloser
	lines   chan string
	options map[string]pcOption
	config  map[string]string
	sent    []string // every line sent, for the failure messages
	heard   []string
}

func startPCEngine(t *testing.T, command string, env []string) *pcEngine {
	t.Helper()
	cmd := exec.Command(command)
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("lichess-bot would fail to start the engine: %v", err)
	}
	e := &pcEngine{t: t, in: in, lines: make(chan string, 4096), options: map[string]pcOption{}, config: map[string]string{}}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		e.send("quit")
		in.Close()
		cmd.Wait()
	})
	// python-chess's initialize: uci, then every option line until uciok; an option's
	// default must parse (a combo's must be one of its values).
	e.send("uci")
	e.until(func(l string) bool {
		if rest, ok := strings.CutPrefix(l, "option "); ok {
			o := pcParseOption(rest)
			if o.def != "" || o.typ == "combo" {
				v, err := o.parse(o.def)
				if err != nil {
					t.Fatalf("python-chess refuses the option line %q: %v", l, err)
				}
				e.config[o.name] = v
			}
			e.options[o.name] = o
		}
		return l == "uciok"
	})
	return e
}

func (e *pcEngine) send(line string) {
	e.sent = append(e.sent, line)
	fmt.Fprintln(e.in, line)
}

func (e *pcEngine) until(done func(string) bool) {
	e.t.Helper()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("the engine exited; sent:\n%s\nheard:\n%s", strings.Join(e.sent, "\n"), strings.Join(e.heard, "\n"))
			}
			e.heard = append(e.heard, l)
			if done(l) {
				return
			}
		case <-time.After(time.Minute):
			e.t.Fatalf("no answer for a minute; sent:\n%s", strings.Join(e.sent, "\n"))
		}
	}
}

// setoption is python-chess's _setoption: refused unless the engine lists the option and
// the value parses; sent only when it changes the engine's value.
func (e *pcEngine) setoption(name string, value any) {
	e.t.Helper()
	o, ok := e.options[name]
	if !ok {
		e.t.Fatalf("python-chess: engine does not support option %s", name)
	}
	v, err := o.parse(value)
	if err != nil {
		e.t.Fatalf("python-chess: %v", err)
	}
	if old, ok := e.config[name]; ok && old == v {
		return
	}
	e.send(fmt.Sprintf("setoption name %s value %s", name, v))
	e.config[name] = v
}

// play is python-chess's play: ucinewgame and isready before a game's first move, the
// variant options, the position, go with the clocks; the answer is bestmove's move.
func (e *pcEngine) play(first bool, uciVariant string, chess960 bool, fen string, moves []string) string {
	e.t.Helper()
	if first {
		e.send("ucinewgame")
		e.send("isready")
		e.until(func(l string) bool { return l == "readyok" })
	}
	e.setoption("UCI_Variant", uciVariant)
	e.setoption("UCI_Chess960", chess960)
	pos := "position fen " + fen
	if uciVariant == "chess" && fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		pos = "position startpos"
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	e.send(pos)
	e.send("go wtime 1000 btime 1000 winc 10 binc 10")
	var best string
	e.until(func(l string) bool {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
			return true
		}
		return false
	})
	return best
}

// lichessRow is a row of docs/lichess-bot.md's variant table.
type lichessRow struct {
	uciVariant string
	chess960   bool
	builtin    string
}

func lichessTable(t *testing.T) map[string]lichessRow {
	t.Helper()
	doc, err := os.ReadFile("../docs/lichess-bot.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `(\\w+)` \\| `([\\w-]+)` \\| (true|false) \\| `([\\w-]+)` \\|$")
	out := map[string]lichessRow{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		out[m[1]] = lichessRow{m[2], m[3] == "true", m[4]}
	}
	return out
}

// The start FEN python-chess sends for a lichess game (lichess-bot's setup_board: the
// variant board's starting_fen, chess/variant.py; a Chess960 or From Position game's
// initial FEN, written with Shredder-FEN castling in Chess960).
var pcStartFEN = map[string]string{
	"standard":      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"fromPosition":  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"chess960":      "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
	"crazyhouse":    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
	"atomic":        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"horde":         "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
	"kingOfTheHill": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"racingKings":   "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
	"threeCheck":    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
	"antichess":     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
}

// fsfLegal returns Fairy-Stockfish's legal moves (perft 1) in the position python-chess
// sent, or nil when Fairy-Stockfish is not installed.
func fsfLegal(t *testing.T, f *fsfProcess, uciVariant string, chess960 bool, fen string, moves []string) []string {
	t.Helper()
	if f == nil {
		return nil
	}
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	lines := f.perftAfter(t, []string{"setoption name UCI_Variant value " + uciVariant, fmt.Sprintf("setoption name UCI_Chess960 value %v", chess960), pos}, 1)
	var legal []string
	for _, l := range lines {
		if m, _, ok := strings.Cut(l, ":"); ok && !strings.HasPrefix(l, "Nodes") {
			legal = append(legal, m)
		}
	}
	return legal
}

func TestLichessBotRecipe(t *testing.T) {
	t.Parallel() // touches no process-wide state
	data, err := os.ReadFile("../docs/lichess-bot/config.yml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg lichessBotConfig
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf("config.yml: %v", err)
	}
	if cfg.Engine.Protocol != "uci" || cfg.Engine.Ponder {
		t.Errorf("config.yml: protocol %q, ponder %v; want uci without pondering", cfg.Engine.Protocol, cfg.Engine.Ponder)
	}
	wrapper, err := filepath.Abs(filepath.Join("../docs/lichess-bot", cfg.Engine.Name))
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(wrapper); err != nil || st.Mode()&0o111 == 0 {
		t.Fatalf("the engine file %s must be there and executable (lichess-bot checks both): %v", wrapper, err)
	}
	table := lichessTable(t)
	// lichess's variants, all of them in the table, each a built-in whose source is that
	// lichess variant.
	for _, v := range []string{"standard", "chess960", "fromPosition", "crazyhouse", "atomic", "horde", "kingOfTheHill", "racingKings", "threeCheck", "antichess"} {
		r, ok := table[v]
		if !ok {
			t.Errorf("docs/lichess-bot.md's table has no row for lichess's %s", v)
			continue
		}
		if !slices.Contains(cfg.Challenge.Variants, v) {
			t.Errorf("config.yml does not accept %s", v)
		}
		def, err := defs.Load(r.builtin)
		if err != nil {
			t.Errorf("%s: %v", v, err)
			continue
		}
		if def.Source == nil || def.Source.Lichess == "" {
			t.Errorf("%s is played as %s, which is no lichess variant (source: lichess:)", v, r.builtin)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"CHIMERA=" + exe, "CHIMERA_CLI_MAIN=1"}
	plies := 6
	if testing.Short() {
		plies = 3
	}
	checked := 0
	var fsf *fsfProcess // Fairy-Stockfish, where installed, for the legal moves
	for _, name := range []string{"fairy-stockfish", "/usr/games/fairy-stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			fsf = startFSF(t, path, "")
			break
		}
	}
	if fsf == nil && os.Getenv("CI") == "true" {
		t.Fatal("fairy-stockfish is needed for this cross-check and CI=true")
	}
	for _, v := range cfg.Challenge.Variants {
		t.Run(v, func(t *testing.T) {
			r, ok := table[v]
			if !ok {
				t.Fatalf("config.yml accepts %s, which docs/lichess-bot.md's table does not map", v)
			}
			e := startPCEngine(t, wrapper, env)
			for name, value := range cfg.Engine.UCIOptions {
				e.setoption(name, value)
			}
			var moves []string
			for ply := 0; ply < plies; ply++ {
				best := e.play(ply == 0, r.uciVariant, r.chess960, pcStartFEN[v], moves)
				if best == "" || best == "(none)" {
					t.Fatalf("after %q: bestmove %q; heard:\n%s", moves, best, strings.Join(e.heard, "\n"))
				}
				if legal := fsfLegal(t, fsf, r.uciVariant, r.chess960, pcStartFEN[v], moves); legal != nil {
					checked++
					if !slices.Contains(legal, best) {
						t.Fatalf("after %q: bestmove %s is not among Fairy-Stockfish's legal moves %v", moves, best, legal)
					}
				}
				moves = append(moves, best)
			}
			for _, l := range e.heard {
				if strings.HasPrefix(l, "info string") && !strings.HasPrefix(l, "info string variant ") {
					t.Errorf("the engine objected: %s", l)
				}
			}
		})
	}
	t.Logf("%d moves checked against Fairy-Stockfish's legal moves", checked)
}

// A definition of one's own, named as a lichess variant and loaded through VariantPath
// (uci_options), is what the engine plays when lichess-bot asks for that variant.
func TestLichessBotOwnVariant(t *testing.T) {
	dir := t.TempDir()
	own := filepath.Join(dir, "my-kingofthehill.yaml")
	// King of the hill on a hill of one corner.
	text := "extends: kingofthehill\nname: kingofthehill\ntitle: My hill\nzones:\n  hill: {squares: [a1]}\n"
	if err := os.WriteFile(own, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper, _ := filepath.Abs("../docs/lichess-bot/chimera-uci")
	e := startPCEngine(t, wrapper, []string{"CHIMERA=" + exe, "CHIMERA_CLI_MAIN=1"})
	e.setoption("VariantPath", own)
	e.play(true, "kingofthehill", false, pcStartFEN["kingOfTheHill"], nil)
	found := false
	for _, l := range e.heard {
		if strings.HasPrefix(l, "info string loaded variant kingofthehill from ") {
			found = true
		}
	}
	if !found {
		t.Fatalf("VariantPath did not load the definition; heard:\n%s", strings.Join(e.heard, "\n"))
	}
	// After the king steps onto d4 (the built-in's hill, not this one's) the built-in's
	// game is won, and this one's goes on: Black has moves only in the variant of one's own.
	e.send("position fen 4k3/8/8/8/8/3K4/8/8 w - - 0 1 moves d3d4")
	e.send("go perft 1")
	var total string
	e.until(func(l string) bool {
		if rest, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			total = rest
			return true
		}
		return false
	})
	if total == "0" {
		t.Errorf("after Kd4 the game is over: the built-in kingofthehill is played, not the definition loaded")
	}
}
