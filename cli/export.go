// The export command: a definition written as a section of a Fairy-Stockfish variants.ini.

package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

var exportCommand = &command{
	name:    "export",
	args:    "--ini VARIANT|FILE.yaml",
	summary: "write a definition as a Fairy-Stockfish variants.ini section",
	details: `--ini writes the variant as one section of a Fairy-Stockfish variants.ini, with no
parent: each piece as Fairy-Stockfish's piece type that moves as it (defs/fsf/pieces.yaml)
or as a custom piece by its XBetza (customPieceN = a:XBETZA), then the board,
the start position and every rule by the keys 'chimera import' reads (docs/import.md),
so that Fairy-Stockfish loads it (setoption name VariantPath value FILE) and plays the
same game. The section is then imported again and compared with the definition rule by
rule: a rule no key says is refused, each by its key in the definition (YAML path) and
why, and nothing is written.

The section is named --name, by default the variant's name; a built-in's gets "-ini"
after it, as Fairy-Stockfish and 'chimera import' refuse a section named as a variant
they have. Custom pieces and a king that does not move as a king need Fairy-Stockfish
after 11.1. --out FILE writes to FILE (default: standard output).

Exit status: 0 when written, 2 when a rule cannot be said or the input is bad.`,
	examples: []string{
		"chimera export --ini chess",
		"chimera export --ini myvariant.yaml --out my.ini",
		"chimera export --ini capablanca --name mycapa",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		ini := fs.Bool("ini", false, "write a Fairy-Stockfish variants.ini section (the one format)")
		name := fs.String("name", "", `the section's name (default: the variant's; a built-in's with "-ini")`)
		out := fs.StringP("out", "o", "-", `file to write ("-": standard output)`)
		return func(c *context, args []string) int {
			if !*ini {
				return c.usage("give the format to write: --ini (a Fairy-Stockfish variants.ini section)")
			}
			if len(args) == 0 {
				return c.usage("missing VARIANT (a built-in name, a .yaml path or FILE.ini:SECTION)")
			}
			if code := c.noMoreArgs(args[1:]); code != exitOK {
				return code
			}
			var def *defs.Definition
			var err error
			if defs.IsINISpec(args[0]) {
				def, err = defs.LoadINI(args[0])
			} else {
				def, err = defs.Load(args[0])
			}
			if err == nil {
				var rs *compiler.Ruleset
				if rs, err = interpreter.Build(def); err == nil { // a definition that does not compile is no game to export
					err = c.twoSided(rs) // Fairy-Stockfish plays two sides
				}
			}
			if err != nil {
				return c.inputError(err)
			}
			section := *name
			if section == "" {
				section = def.Name
				if _, builtin := defs.BuiltinName(def.Name); builtin {
					section += "-ini"
				}
			}
			if strings.ContainsAny(section, "[]:\n\r") || strings.TrimSpace(section) != section || section == "" {
				return c.usage("--name %s: a section name has no brackets, colon, line break or surrounding spaces", defs.Quote(section))
			}
			text, err := defs.ExportINI(def, section)
			if err != nil {
				var ee *defs.ExportError
				if errors.As(err, &ee) {
					fmt.Fprintf(c.err, "chimera export: %v\n", err)
					return exitUsage
				}
				return c.inputError(err)
			}
			return c.writeOut(*out, func(w io.Writer) error { _, err := w.Write(text); return err })
		}
	},
}
