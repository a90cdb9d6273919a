// The preamble of the commands that work on one position: the variant, the operands, the start.

package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/interpreter"
)

// positionInput holds the flags of a command that sets up a position of a variant: --def,
// --fen, --setup and, for a command that plays moves (and so runs goal hooks),
// --allow-hook-errors.
type positionInput struct {
	def, fen, setup *string
	allowHooks      *bool // false when the command runs no hooks
}

// positionInputFlags registers --def, --fen, --setup and --allow-hook-errors on fs.
func positionInputFlags(fs *pflag.FlagSet) *positionInput {
	in := positionOnlyFlags(fs)
	in.allowHooks = allowHookErrorsFlag(fs)
	return in
}

// positionOnlyFlags registers --def, --fen and --setup on fs, for a command that plays no
// moves.
func positionOnlyFlags(fs *pflag.FlagSet) *positionInput {
	in := &positionInput{def: defFlag(fs), allowHooks: new(bool)}
	in.fen, in.setup = positionFlags(fs)
	return in
}

// open opens the variant (--def or the first argument), takes one argument for each
// operand named (a missing one is a usage error naming it: "DEPTH", "FILE (a PGN file)"),
// refuses any more, and sets up the position (--fen, --setup or the default setup). It
// returns the operands' values, or the exit status to use.
func (c *context) open(in *positionInput, args []string, operands ...string) (*compiler.Ruleset, *interpreter.Position, []string, int) {
	rs, args, code := c.variant(*in.def, args)
	if code != exitOK {
		return nil, nil, nil, code
	}
	if len(args) < len(operands) {
		return nil, nil, nil, c.usage("missing %s", operands[len(args)])
	}
	if code := c.noMoreArgs(args[len(operands):]); code != exitOK {
		return nil, nil, nil, code
	}
	p, code := c.position(rs, *in.fen, *in.setup)
	if code != exitOK {
		return nil, nil, nil, code
	}
	return rs, p, args[:len(operands)], exitOK
}

// positionFlags registers --fen and --setup on fs.
func positionFlags(fs *pflag.FlagSet) (fen, setup *string) {
	fen = fs.String("fen", "", "start from this position (FEN) instead of a setup")
	setup = fs.String("setup", "", "start from this named setup (default: the first)")
	return fen, setup
}

// position sets up the position from --fen, --setup or the default setup.
func (c *context) position(rs *compiler.Ruleset, fen, setup string) (*interpreter.Position, int) {
	for _, name := range []string{"fen", "setup"} {
		if f := c.fs.Lookup(name); f != nil && f.Changed && strings.TrimSpace(f.Value.String()) == "" {
			return nil, c.usage("--%s is empty: give a %s, or leave --%s out for the default setup", name, map[string]string{"fen": "FEN", "setup": "setup name"}[name], name)
		}
	}
	if fen != "" && setup != "" {
		return nil, c.usage("give --fen or --setup, not both")
	}
	if fen == "startpos" {
		return nil, c.usage("--fen startpos: not a FEN; leave --fen out for the start position, or give --setup NAME")
	}
	var p *interpreter.Position
	var err error
	if fen != "" {
		p, err = interpreter.FromFEN(rs, fen)
	} else {
		var resolved string
		if fen, resolved, err = interpreter.SetupFEN(rs, setup); err == nil {
			if !strings.Contains(setup, ":") && strings.Contains(resolved, ":") && strings.Trim(setup, "0123456789") != "" {
				fmt.Fprintf(c.err, "setup %s (drawn at random; --setup %s repeats it)\n", resolved, resolved)
			}
			p, err = interpreter.FromFEN(rs, fen)
		}
	}
	if err != nil {
		return nil, c.inputError(err)
	}
	return p, exitOK
}
