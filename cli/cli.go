// Package cli implements the chimera command line: one pflag FlagSet per subcommand,
// help texts with examples, and exit statuses (0 success, 1 test or validation failure,
// 2 usage or input error, 130 interrupted by Ctrl-C).
//
// Commands: list, show, moves, perft, search, play, validate, replay, uci, xboard, match,
// selfplay, seats, seat-engine, values, merge, serve, web, version, help. Wherever a variant name is expected, a path to a
// definition file works too, and --def PATH may replace it.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/rulebook"
	"chimera/interpreter"
)

// Version is the version of Chimera, printed by `chimera version` and `chimera --version`.
const Version = "0.1.0"

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1 // a test or validation failed
	exitUsage = 2 // bad usage or bad input
	// exitInterrupted: a long job (perft, validate) stopped by Ctrl-C, after printing
	// what it finished (128 + SIGINT, as shells report a process killed by it).
	exitInterrupted = 130
)

// command is one subcommand. setup registers its flags on fs and returns the function
// that runs it on the positional arguments.
type command struct {
	name     string
	args     string // the positional arguments, for the usage line
	summary  string // one line for the overview
	details  string // paragraphs for --help
	examples []string
	setup    func(fs *pflag.FlagSet) func(c *context, args []string) int
	// seats: the command plays games of seats (interpreter.Table); the others refuse
	// them (a seat's FEN read as two sides is the mover's turned frame).
	seats bool
}

var commands []*command

func init() {
	commands = []*command{listCommand, showCommand, movesCommand, perftCommand, searchCommand, playCommand, validateCommand, importCommand, exportCommand, replayCommand, uciCommand, usiCommand, ucciCommand, xboardCommand, matchCommand, selfplayCommand, seatsCommand, seatEngineCommand, valuesCommand, tuneCommand, trainCommand, mergeCommand, serveCommand, webCommand, versionCommand}
}

// context carries the input and output streams and the running command.
type context struct {
	in       io.Reader
	out, err io.Writer
	cmd      *command
	fs       *pflag.FlagSet // the command's flags, parsed
	// outputs are the files the command opened to write (openOutputs); those not written
	// when it ends are removed.
	outputs []*output
}

// Main runs the chimera command line with args (without the program name), reading
// standard input where a command is given "-" for a file, and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	return MainWithInput(args, os.Stdin, stdout, stderr)
}

// MainWithInput is Main reading stdin in place of standard input. A failed write to
// standard output (a full disk, a closed pipe) is reported on standard error, and the
// exit status is then at least 1.
func MainWithInput(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &errWriter{w: stdout}
	code := mainWithInput(args, stdin, out, stderr)
	if out.err != nil {
		name := "chimera"
		if len(args) > 0 {
			if cmd := lookup(args[0]); cmd != nil {
				name += " " + cmd.name
			}
		}
		fmt.Fprintf(stderr, "%s: writing standard output: %v\n", name, out.err)
		if code == exitOK {
			code = exitFail
		}
	}
	return code
}

// errWriter keeps the first error of the writes to w; every write after it fails at once
// with it (so a command streaming to a full disk stops writing).
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	e.err = err
	return n, err
}

// writeFailed reports whether a write to w (standard output, as Main wraps it) failed.
func writeFailed(w io.Writer) bool {
	e, ok := w.(*errWriter)
	return ok && e.err != nil
}

func mainWithInput(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		overview(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 && name == "help" {
			if cmd := lookup(args[1]); cmd != nil {
				commandHelp(stdout, cmd, commandFlags(cmd))
				return exitOK
			}
			var names []string
			for _, c := range commands {
				names = append(names, c.name)
			}
			fmt.Fprintf(stderr, "chimera help: unknown command %s\nCommands: %s.\nRun 'chimera help' for the overview.\n", defs.Quote(args[1]), strings.Join(names, ", "))
			return exitUsage
		}
		overview(stdout)
		return exitOK
	}
	if name == "--version" || name == "-version" {
		name = "version"
	}
	cmd := lookup(name)
	if cmd == nil {
		fmt.Fprintf(stderr, "chimera: unknown command %s\nRun 'chimera help' for the list of commands.\n", defs.Quote(name))
		return exitUsage
	}
	fs := newFlagSet(cmd)
	run := cmd.setup(fs)
	help := fs.BoolP("help", "h", false, "show this help")
	c := &context{in: stdin, out: stdout, err: stderr, cmd: cmd, fs: fs}
	defer c.closeOutputs()
	if err := fs.Parse(protectNegatives(fs, args[1:])); err != nil {
		return c.usage("%s", flagError(err))
	}
	if *help {
		commandHelp(stdout, cmd, fs)
		return exitOK
	}
	return run(c, restoreNegatives(fs.Args()))
}

// negativeMark is put before a positional argument that reads as a negative number (-1),
// which pflag would otherwise take for a flag: `perft chess -1` then reports a bad depth,
// not an unknown flag "-1".
const negativeMark = "\x00"

var negativeRE = regexp.MustCompile(`^-[0-9]`)

// protectNegatives marks the negative numbers of args that are not the value of a flag.
func protectNegatives(fs *pflag.FlagSet, args []string) []string {
	out := make([]string, len(args))
	takesValue := false // the argument before is a flag that takes the next one as its value
	for i, a := range args {
		out[i] = a
		switch {
		case a == "--":
			copy(out[i:], args[i:])
			return out
		case takesValue:
			takesValue = false
		case negativeRE.MatchString(a):
			out[i] = negativeMark + a
		case strings.HasPrefix(a, "--") && !strings.Contains(a, "="):
			f := fs.Lookup(a[2:])
			takesValue = f != nil && f.NoOptDefVal == ""
		case strings.HasPrefix(a, "-") && len(a) == 2:
			f := fs.ShorthandLookup(a[1:])
			takesValue = f != nil && f.NoOptDefVal == ""
		}
	}
	return out
}

// restoreNegatives removes the marks protectNegatives put.
func restoreNegatives(args []string) []string {
	for i, a := range args {
		args[i] = strings.TrimPrefix(a, negativeMark)
	}
	return args
}

// flagError rewrites pflag's message for a value it cannot read ("invalid argument "abc"
// for "-t, --threads" flag: strconv.ParseInt: parsing "abc": invalid syntax") in the
// user's terms.
func flagError(err error) string {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err.Error()
	}
	name, val := "--"+bad.GetFlag().Name, defs.Quote(bad.GetValue())
	switch t := bad.GetFlag().Value.Type(); {
	case errors.Is(err, strconv.ErrRange):
		return fmt.Sprintf("%s %s is too large", name, val)
	case t == "bool":
		return fmt.Sprintf("%s takes true or false, found %s", name, val)
	case strings.HasPrefix(t, "int") || strings.HasPrefix(t, "uint"):
		return fmt.Sprintf("%s takes a whole number, found %s", name, val)
	}
	return fmt.Sprintf("%s: bad value %s", name, val)
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func newFlagSet(cmd *command) *pflag.FlagSet {
	fs := pflag.NewFlagSet("chimera "+cmd.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	return fs
}

// commandFlags builds a command's flag set only to describe it.
func commandFlags(cmd *command) *pflag.FlagSet {
	fs := newFlagSet(cmd)
	cmd.setup(fs)
	fs.BoolP("help", "h", false, "show this help")
	return fs
}

func overview(w io.Writer) {
	fmt.Fprintln(w, "chimera: a declarative chess-variant interpreter.")
	fmt.Fprintln(w, "\nUsage: chimera COMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "help", "show this overview, or `chimera help COMMAND` for a command")
	fmt.Fprintln(w, "\nA VARIANT is a built-in variant name (see `chimera list`) or a path to a .yaml")
	fmt.Fprintln(w, "definition; --def PATH may replace it. Every command takes --help.")
	fmt.Fprintln(w, "Exit status: 0 success, 1 a test or validation failed, 2 usage or input error,")
	fmt.Fprintln(w, "130 interrupted (Ctrl-C during perft or validate, after printing what was done).")
	fmt.Fprintln(w, "\nExamples:")
	fmt.Fprintln(w, "  chimera list")
	fmt.Fprintln(w, "  chimera show chess")
	fmt.Fprintln(w, "  chimera perft chess 5 --divide")
	fmt.Fprintln(w, "  chimera play chess --human black")
	fmt.Fprintln(w, "  chimera validate myvariant.yaml")
	fmt.Fprintln(w, "  chimera replay chess games.pgn")
	fmt.Fprintln(w, "  chimera help perft")
}

func commandHelp(w io.Writer, cmd *command, fs *pflag.FlagSet) {
	fmt.Fprintf(w, "Usage: chimera %s [flags] %s\n\n", cmd.name, cmd.args)
	fmt.Fprintf(w, "%s\n", cmd.summary)
	for _, para := range strings.Split(strings.TrimSpace(cmd.details), "\n\n") {
		if para != "" {
			fmt.Fprintf(w, "\n%s\n", rulebook.Wrap(para, 80, "", ""))
		}
	}
	fmt.Fprintf(w, "\nFlags:\n%s", fs.FlagUsages())
	fmt.Fprintf(w, "\nExamples:\n")
	for _, e := range cmd.examples {
		fmt.Fprintf(w, "  %s\n", e)
	}
}

var versionCommand = &command{
	name:     "version",
	summary:  "print the version of chimera (also: chimera --version)",
	details:  `Prints "chimera", the version, and the Go version the program was built with.`,
	examples: []string{"chimera version", "chimera --version"},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			fmt.Fprintf(c.out, "chimera %s (%s)\n", Version, runtime.Version())
			return exitOK
		}
	},
}

// givenZero returns the first of the named flags given as 0 on the command line, or "".
// Their default, 0, means "not given" (no such limit); a 0 typed out asks for a limit of
// nothing, which is refused rather than read as no limit.
func (c *context) givenZero(names ...string) string {
	for _, n := range names {
		if f := c.fs.Lookup(n); f != nil && f.Changed && f.Value.String() == "0" {
			return n
		}
	}
	return ""
}

// usage reports a usage error and returns exitUsage.
func (c *context) usage(format string, args ...any) int {
	fmt.Fprintf(c.err, "chimera %s: %s\nRun 'chimera %s --help' for usage.\n", c.cmd.name, fmt.Sprintf(format, args...), c.cmd.name)
	return exitUsage
}

// inputError reports bad input (a definition, a FEN, a move) and returns exitUsage.
// A positioned error list is printed one error a line.
func (c *context) inputError(err error) int {
	var list defs.ErrorList
	if errors.As(err, &list) {
		fmt.Fprintf(c.err, "chimera %s: the definition has errors:\n%s\n", c.cmd.name, list.Error())
		return exitUsage
	}
	fmt.Fprintf(c.err, "chimera %s: %v\n", c.cmd.name, err)
	return exitUsage
}

// defFlag registers --def on fs.
func defFlag(fs *pflag.FlagSet) *string {
	return fs.String("def", "", "definition file (.yaml) to use instead of VARIANT")
}

// variant opens the variant named by --def or by the first positional argument and
// returns the remaining arguments. On failure it returns the exit status to use.
func (c *context) variant(def string, args []string) (*compiler.Ruleset, []string, int) {
	name := def
	if def != "" && len(args) > 0 && namesVariant(args[0]) {
		return nil, nil, c.usage("the variant is given twice, by --def %s and by %s: give one of them", defs.Clip(def), defs.Quote(args[0]))
	}
	if def == "" {
		if len(args) == 0 {
			return nil, nil, c.usage("missing VARIANT (a built-in name, a .yaml path, FILE.ini:SECTION, or --def PATH)")
		}
		name, args = args[0], args[1:]
	}
	rs, err := interpreter.Open(name)
	if err != nil {
		return nil, nil, c.inputError(err)
	}
	if !c.cmd.seats {
		if err := c.twoSided(rs); err != nil {
			return nil, nil, c.inputError(err)
		}
	}
	return rs, args, exitOK
}

// twoSided refuses a game of seats for the running command, which plays two sides only,
// naming the commands that play it.
func (c *context) twoSided(rs *compiler.Ruleset) error {
	return interpreter.TwoSided(rs, "chimera "+c.cmd.name, seatsCommands())
}

// seatsCommands names the commands that play games of seats.
func seatsCommands() string {
	var names []string
	for _, cmd := range commands {
		if cmd.seats {
			names = append(names, "chimera "+cmd.name)
		}
	}
	return "games of seats are played by " + strings.Join(names, ", ") + " (docs/fourplayer-rules.md)"
}

// namesVariant reports whether a positional argument names a variant: a built-in name or
// a definition file's path.
func namesVariant(arg string) bool {
	if _, ok := defs.BuiltinSource(arg); ok {
		return true
	}
	return strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml") || defs.IsINISpec(arg)
}

// noMoreArgs reports extra positional arguments.
func (c *context) noMoreArgs(args []string) int {
	if len(args) > 0 {
		return c.usage("unexpected argument %s", defs.Quote(args[0]))
	}
	return exitOK
}
