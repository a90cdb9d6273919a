// Hook failures in commands: the --allow-hook-errors flag and the report on standard error.

package cli

import (
	"fmt"

	"github.com/spf13/pflag"

	"chimera/interpreter"
)

// allowHookErrorsFlag registers --allow-hook-errors on fs.
func allowHookErrorsFlag(fs *pflag.FlagSet) *bool {
	return fs.Bool("allow-hook-errors", false, "exit 0 even when a goal hook fails as it runs (each failure is still reported)")
}

// hookErrorsHelp is the paragraph every command that runs hooks adds to its help.
const hookErrorsHelp = `A goal hook (when:) that fails as it runs (division by zero, an index out of range,
past its step or memory budget) counts as false for that move. Each failing hook is
reported once on standard error: where it is, the expression, how many runs failed and
the first error; the exit status is then 1, unless --allow-hook-errors is given.`

// reportHooks prints each failed hook once on standard error. It returns exitFail when a
// hook failed, unless allow is set; else exitOK.
func (c *context) reportHooks(allow bool, failures []interpreter.HookFailure) int {
	if len(failures) == 0 {
		return exitOK
	}
	for _, f := range failures {
		fmt.Fprintf(c.err, "chimera %s: %s\n", c.cmd.name, f.Message())
	}
	hooks := "a goal hook failed"
	if len(failures) > 1 {
		hooks = fmt.Sprintf("%d goal hooks failed", len(failures))
	}
	if allow {
		fmt.Fprintf(c.err, "chimera %s: %s as it ran; the output counts each failed run as false (allowed by --allow-hook-errors)\n", c.cmd.name, hooks)
		return exitOK
	}
	fmt.Fprintf(c.err, "chimera %s: %s as it ran, so the output above counts each failed run as false; fix the hook, or pass --allow-hook-errors to accept that\n", c.cmd.name, hooks)
	return exitFail
}
