// The validate command: load and compile definitions, then run their own tests.

package cli

import (
	gocontext "context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/engine/suite"
	"chimera/interpreter"
)

// quickNodes is the perft budget of --quick: depths expecting more nodes are skipped.
const quickNodes = 2_000_000

var validateCommand = &command{
	name:    "validate",
	args:    "FILE|DIR|VARIANT...",
	summary: "check definitions and run their tests",
	details: `Loads and compiles each definition (a .yaml file, every .yaml file of a directory,
or a built-in variant name), printing its errors as file:line:col: message; then runs the
tests of its tests: section (perft counts, exact move lists, contains/excludes, attacks,
check, games and results) and prints one line per test: ok or FAIL, its name, the time,
and what failed, with the test's file:line:col.

--quick skips perft depths expecting more than 2,000,000 nodes; --max-nodes and
--max-depth set other limits. Skipped depths are reported.

A run that goes past two seconds shows its progress on standard error (tests done,
perft nodes, nodes/s, an estimate of the time left from the counts the tests expect):
a bar redrawn in place on a terminal, a line every few seconds otherwise. --quiet shows
none of it. Ctrl-C (or SIGTERM, or SIGHUP) stops the run: the test being run is reported as stopped, with the
perft depths it did not finish; the summary says how many tests were not run.

A definition with goal hooks (when:) then has them tried on sample games: 20 random
games of up to 60 plies from each setup, and 5 from each position its tests give by
FEN, the same games on every run; at each position on the way every legal move is made
with every hook that applies to it. The line "hooks:" says on how many moves.

` + hookErrorsHelp + ` A test in which a hook failed fails too, unless --allow-hook-errors
is given.

Exit status: 0 when everything passes, 1 when a test fails or a hook fails, 2 when a
definition does not load (or on a usage error), 130 when interrupted (128 and the signal's number).`,
	examples: []string{
		"chimera validate chess",
		"chimera validate --quick defs/",
		"chimera validate myvariant.yaml --max-depth 3",
		"chimera validate --def myvariant.yaml",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		def := defFlag(fs)
		quick := fs.Bool("quick", false, fmt.Sprintf("skip perft depths expecting more than %d nodes", quickNodes))
		maxNodes := fs.Int64("max-nodes", 0, "skip perft depths expecting over N nodes (0: none)")
		maxDepth := fs.Int("max-depth", 0, "skip perft depths above N (0: none)")
		threads := fs.IntP("threads", "t", min(runtime.NumCPU(), maxPerftThreads), "goroutines for large perft counts (1 to 1024)")
		quiet := fs.Bool("quiet", false, "show no progress on standard error")
		allowHooks := allowHookErrorsFlag(fs)
		return func(c *context, args []string) int {
			if *def != "" {
				args = append([]string{*def}, args...)
			}
			if len(args) == 0 {
				return c.usage("missing FILE, DIR or VARIANT")
			}
			if *maxNodes < 0 || *maxDepth < 0 || *threads < 1 || *threads > maxPerftThreads {
				return c.usage("--max-nodes and --max-depth must not be negative, --threads between 1 and %d", maxPerftThreads)
			}
			opt := suite.Options{MaxNodes: *maxNodes, MaxDepth: *maxDepth, Workers: *threads, AllowHookErrors: *allowHooks}
			if *quick && !fs.Changed("max-nodes") {
				opt.MaxNodes = quickNodes
			}
			var targets []string
			for _, a := range args {
				t, err := expandTarget(a)
				if err != nil {
					return c.inputError(err)
				}
				targets = append(targets, t...)
			}
			return validate(c, targets, opt, *quiet)
		}
	},
}

// validate loads the targets, then runs their tests with progress on stderr, until done
// or interrupted.
func validate(c *context, targets []string, opt suite.Options, quiet bool) int {
	loaded := make([]loadedTarget, len(targets))
	var tests int
	var expected int64
	for i, t := range targets {
		rs, err := interpreter.Open(t)
		loaded[i] = loadedTarget{t, rs, err}
		if err == nil {
			tests += len(rs.Def.Tests)
			for j := range rs.Def.Tests {
				expected += min(suite.ExpectedNodes(&rs.Def.Tests[j], opt), math.MaxInt64-expected)
			}
		}
	}
	v := &validation{c: c, opt: opt, tests: tests}
	v.prog = newProgress(c, quiet, "validate", "tests", tests, expected)
	v.opt.Nodes = &v.prog.nodes
	ctx, release := signalContext()
	defer release()
	v.prog.begin()
	for _, t := range loaded {
		if !v.run(ctx, t) {
			break
		}
	}
	v.prog.end()
	v.summary(len(targets))
	switch {
	case v.interrupted:
		fmt.Fprintf(c.err, "chimera validate: interrupted; %d of %d tests run\n", v.passed+v.failed, v.tests)
		return interruptedStatus(ctx)
	case v.broken > 0:
		return exitUsage
	case v.failed > 0 || v.hookFailed > 0 && !v.opt.AllowHookErrors:
		return exitFail
	}
	return exitOK
}

// expandTarget turns a directory into its .yaml files; anything else stays as it is.
func expandTarget(arg string) ([]string, error) {
	st, err := os.Stat(arg)
	if err != nil || !st.IsDir() {
		return []string{arg}, nil
	}
	var files []string
	for _, pat := range []string{"*.yaml", "*.yml"} {
		m, err := filepath.Glob(filepath.Join(arg, pat))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no .yaml definitions in this directory", arg)
	}
	sort.Strings(files)
	return files, nil
}

// loadedTarget is a target of validate and its ruleset, or why it does not load.
type loadedTarget struct {
	name string
	rs   *compiler.Ruleset
	err  error
}

// validation accumulates the outcome of validating several definitions.
type validation struct {
	c                             *context
	opt                           suite.Options
	prog                          *progress
	tests                         int // in every definition that loads
	passed, failed, skips, broken int
	interrupted                   bool
	hookFailed                    int // definitions whose hooks failed
}

// run runs a definition's tests, printing one line for each as it ends; it returns false
// when ctx was cancelled (the run is over).
func (v *validation) run(ctx gocontext.Context, t loadedTarget) bool {
	out := v.c.out
	if t.err != nil {
		v.prog.print(func() {
			fmt.Fprintf(out, "%s: does not load\n", t.name)
			fmt.Fprintf(v.c.err, "%s\n", strings.TrimRight(t.err.Error(), "\n"))
		})
		v.broken++
		return true
	}
	rs := t.rs
	v.prog.print(func() { fmt.Fprintf(out, "%s (%s): %d tests\n", rs.Name, rs.Def.File, len(rs.Def.Tests)) })
	var hookFailures [][]interpreter.HookFailure
	for i := range rs.Def.Tests {
		if ctx.Err() != nil {
			v.interrupted = true
			return false
		}
		test := &rs.Def.Tests[i]
		v.prog.setCurrent(rs.Name + ": " + test.Name)
		r := suite.RunTestContext(ctx, rs, test, v.opt)
		hookFailures = append(hookFailures, r.HookFailures)
		status := "ok  "
		switch {
		case r.Interrupted:
			status = "stop"
			v.interrupted = true
		case !r.Pass:
			status = "FAIL"
			v.failed++
		default:
			v.passed++
		}
		v.prog.print(func() {
			fmt.Fprintf(out, "  %s  %-40s %8.3fs\n", status, r.Name, r.Elapsed.Seconds())
			for _, f := range r.Failure {
				fmt.Fprintf(out, "        %s: %s\n", r.Where, strings.ReplaceAll(f, "\n", "\n        "))
			}
			for _, s := range r.Skipped {
				fmt.Fprintf(out, "        %s\n", s)
			}
		})
		if r.Interrupted {
			return false
		}
		v.skips += len(r.Skipped)
		v.prog.unitDone(r.Nodes, "")
		if afterUnit != nil {
			afterUnit()
		}
	}
	if rs.NumHooks() == 0 {
		return true
	}
	v.prog.setCurrent(rs.Name + ": hooks")
	start := time.Now()
	sample := suite.SampleHooks(rs, suite.DefaultHookSample)
	status := "ok  "
	if len(sample.Failures) > 0 {
		status = "FAIL"
	}
	v.prog.print(func() {
		fmt.Fprintf(out, "  %s  %-40s %8.3fs\n", status, fmt.Sprintf("hooks: %d tried on %d moves of %d random games", rs.NumHooks(), sample.Moves, sample.Games), time.Since(start).Seconds())
		for _, f := range sample.Failures {
			fmt.Fprintf(out, "        %s\n", strings.ReplaceAll(f.Message(), "\n", "\n        "))
		}
		if v.c.reportHooks(v.opt.AllowHookErrors, interpreter.MergeHookFailures(append(hookFailures, sample.Failures)...)) != exitOK || len(sample.Failures) > 0 && v.opt.AllowHookErrors {
			v.hookFailed++
		}
	})
	return true
}

func (v *validation) summary(targets int) {
	msg := fmt.Sprintf("%d passed, %d failed", v.passed, v.failed)
	if v.hookFailed > 0 {
		msg += fmt.Sprintf(", hooks failed in %d of %d definitions", v.hookFailed, targets)
	}
	if v.broken > 0 {
		msg += fmt.Sprintf(", %d of %d definitions do not load", v.broken, targets)
	}
	if v.skips > 0 {
		msg += fmt.Sprintf(" (%d tests with perft depths skipped)", v.skips)
	}
	if v.interrupted {
		msg += fmt.Sprintf("; interrupted, %d of %d tests not run", v.tests-v.passed-v.failed, v.tests)
	}
	fmt.Fprintln(v.c.out, msg)
}
