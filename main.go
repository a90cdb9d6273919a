// Command chimera is the command line of the Chimera chess-variant interpreter; see package cli.
package main

import (
	"os"

	"chimera/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
