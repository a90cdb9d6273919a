// The list command: the built-in variants with their titles and board sizes.

package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/interpreter"
)

var listCommand = &command{
	name:    "list",
	summary: "list the built-in variants: name, title, board size, source, setups",
	details: `Prints one line per variant embedded in the binary: its name (what the other
commands take as VARIANT) with its aliases, the other names it answers to (chess "also
normal", Fairy-Stockfish's name for it), its title, its board (files × ranks, with the number of
playable squares when some cells are missing or unused), where it comes from (its
definition's source: the Fairy-Stockfish variant, lichess's or lishogi's, or the seed
document whose rules it plays, with the variant's name there when it differs, as in
"lishogi (standard)") and its setups (what --setup takes; a shuffled setup with the range of its arrangement numbers, e.g. "shuffle
0-959", which --setup shuffle:518 picks). A built-in that fails to load is listed with
its error and makes the exit status 1.`,
	examples: []string{"chimera list"},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			status := exitOK
			tw := tabwriter.NewWriter(c.out, 0, 0, 2, ' ', 0)
			for _, name := range defs.Builtins() {
				rs, err := interpreter.Open(name)
				if err != nil {
					fmt.Fprintf(tw, "%s\tERROR\t%s\n", name, strings.SplitN(err.Error(), "\n", 2)[0])
					status = exitFail
					continue
				}
				shown := name
				if aliases := defs.BuiltinAliases(name); len(aliases) > 0 {
					shown += " (also " + strings.Join(aliases, ", ") + ")"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\tsetups: %s\n", shown, rs.Title, boardSize(rs), sourceList(rs.Def.Source, name), setupList(rs))
			}
			tw.Flush()
			return status
		}
	},
}

// sourceList says where a variant comes from, each source by its label, and by the
// variant's name there when it is not name: "Fairy-Stockfish, lishogi (standard)".
func sourceList(src *defs.Source, name string) string {
	var out []string
	for _, n := range src.Names() {
		if n.Name == name {
			out = append(out, n.Label)
		} else {
			out = append(out, n.Label+" ("+n.Name+")")
		}
	}
	if len(out) == 0 {
		return "source not given"
	}
	return strings.Join(out, ", ")
}

// boardSize writes "8×8", or "7×8, 46 squares" when not every cell is a square, or "8×8, 2
// boards", or "hexagonal, 11 files, 91 cells".
func boardSize(rs *compiler.Ruleset) string {
	if rs.Hex {
		return fmt.Sprintf("hexagonal, %d files, %d cells", rs.Files, rs.Squares.Count())
	}
	s := fmt.Sprintf("%d×%d", rs.Files, rs.Ranks)
	if rs.Boards > 1 {
		s = fmt.Sprintf("%d×%d, %d boards", rs.BoardFiles, rs.Ranks, rs.Boards)
		if n := rs.Squares.Count(); n != rs.Boards*rs.BoardFiles*rs.Ranks {
			s += fmt.Sprintf(", %d squares", n)
		}
		return s
	}
	if n := rs.Squares.Count(); n != rs.Cells {
		s += fmt.Sprintf(", %d squares", n)
	}
	if rs.Partners > 1 {
		s += fmt.Sprintf(", %d boards apart", rs.Partners)
	}
	return s
}

// setupList names the setups of a variant, the default first: "standard, shuffle 0-959"
// (a shuffled setup with the range of its arrangement numbers).
func setupList(rs *compiler.Ruleset) string {
	var names []string
	for _, s := range rs.Setups() {
		if s.Shuffled() {
			names = append(names, fmt.Sprintf("%s %d-%d", s.Name, 0, s.Count()-1))
		} else {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, ", ")
}
