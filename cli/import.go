// The import command: sections of a Fairy-Stockfish variants.ini written as Chimera definitions.

package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"chimera/defs"
	"chimera/interpreter"
)

var importCommand = &command{
	name:    "import",
	args:    "FILE.ini [SECTION...]",
	summary: "write sections of a Fairy-Stockfish variants.ini as definitions",
	details: `Reads a variants.ini as Fairy-Stockfish 11.1 does and writes each SECTION (every
section when none is named) as a definition, SECTION.yaml in --out (the current
directory; "-" prints them to standard output). [name:parent] inherits a built-in
variant or a section above it. Each key is mapped onto the definition's keys, as
docs/import.md lists; a key Chimera cannot honour is an error at its line
(file:line:col: the key and why), never left out, and nothing is written for a section
with errors. Each definition written is loaded and compiled first.

--name NAME names the definition (and its file, NAME.yaml) of the one SECTION given:
for a section named as one of Chimera's own built-ins that Fairy-Stockfish does not
have (it loads such a section; under its own name Chimera's built-in would be played).

Every other command also takes FILE.ini:SECTION where it takes a variant, importing the
section as it starts (chimera perft my.ini:mychess 4).

Exit status: 0 when every section was written, 2 otherwise.`,
	examples: []string{
		"chimera import variants.ini",
		"chimera import variants.ini mychess --out defs-mine/",
		"chimera import variants.ini wildebeest --name wildebeest-fsf",
		"chimera perft variants.ini:mychess 4",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		out := fs.StringP("out", "o", ".", `directory to write SECTION.yaml into ("-": standard output)`)
		name := fs.String("name", "", "the definition's name (of the one SECTION given), for a section named as a built-in of Chimera's own")
		return func(c *context, args []string) int {
			if len(args) == 0 {
				return c.usage("missing FILE.ini")
			}
			if *name != "" && len(args) != 2 {
				return c.usage("--name names one section: give FILE.ini and exactly one SECTION")
			}
			if !strings.HasSuffix(args[0], ".ini") {
				return c.usage("%s: not a .ini file: give a Fairy-Stockfish variants file, FILE.ini", defs.Clip(args[0]))
			}
			file := args[0]
			data, err := defs.ReadRegular(file, "a variants file", defs.MaxFileSize)
			if err != nil {
				return c.inputError(err)
			}
			sections := args[1:]
			if len(sections) == 0 {
				sections = defs.INISections(data)
			}
			code := exitOK
			for _, s := range sections {
				text, err := defs.ImportINIAs(file, data, s, *name)
				if err == nil {
					var def *defs.Definition
					if def, err = defs.Parse(file+":"+s, text); err == nil {
						_, err = interpreter.Build(def)
					}
				}
				if err != nil {
					c.inputError(err)
					code = exitUsage
					continue
				}
				if *out == "-" {
					fmt.Fprintf(c.out, "---\n%s", text)
					continue
				}
				base := strings.ReplaceAll(strings.ToLower(s), "_", "-")
				if *name != "" {
					base = *name
				}
				path := filepath.Join(*out, base+".yaml")
				if err := os.WriteFile(path, text, 0o644); err != nil {
					return c.inputError(err)
				}
				fmt.Fprintf(c.out, "%s\n", path)
			}
			return code
		}
	},
}
