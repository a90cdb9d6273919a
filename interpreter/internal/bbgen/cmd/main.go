// Command bbgen writes a directory's 64- and 128-cell cores and dispatch file from its 256-cell core (go generate in interpreter/).
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"chimera/interpreter/internal/bbgen"
)

func main() {
	flag.Usage = func() {
		log.Printf("usage: bbgen [dir]  (default: the current directory)")
		flag.PrintDefaults()
	}
	flag.Parse()
	dir := "."
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	files, err := bbgen.Generate(dir)
	if err != nil {
		log.Fatal(err)
	}
	owned, err := bbgen.Owned(dir)
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range owned {
		if _, ok := files[name]; !ok {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				log.Fatal(err)
			}
		}
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
