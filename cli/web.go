// The web command: writes the static build, the page with the rules and the engine compiled to WebAssembly, to a folder.

package cli

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"chimera/engine/web"
)

var webCommand = &command{
	name:    "web",
	args:    "--out DIR",
	summary: "write serve's page as a static site, the engine in WebAssembly",
	details: `Writes to DIR a folder that any static web host serves: the page of chimera serve
(index.html, app.js, style.css), worker.js, chimera.wasm (the API of chimera serve and
every built-in variant, compiled with GOOS=js GOARCH=wasm), chimera.wasm.gz (the same
gzipped: what the page downloads, about a quarter), chimera.js (a JavaScript API shaped
after ffish.js, for Node and pages: docs/js-api.md) with its own module,
chimera-api.wasm (the rules without the page's server), and Go's wasm_exec.js. In the
page, the rules and the engine run in a Web Worker: nothing is sent to a server, and the
page does not freeze while the engine thinks. Open index.html through a web server
(browsers do not run workers from file:// pages); ?variant=NAME picks the variant.

The command builds the two modules with the Go toolchain ("go" on PATH, or --go), from a
clone of Chimera's repository (the current directory or below it).`,
	examples: []string{
		"chimera web --out site",
		"chimera web --out site && python3 -m http.server -d site 8000",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		out := fs.String("out", "", "the folder to write (created if missing)")
		goTool := fs.String("go", "go", "the Go toolchain to build the WebAssembly modules with")
		return func(c *context, args []string) int {
			if code := c.noMoreArgs(args); code != exitOK {
				return code
			}
			if *out == "" {
				return c.usage("missing --out DIR")
			}
			if err := writeStatic(*out, *goTool); err != nil {
				return c.inputError(err)
			}
			fmt.Fprintf(c.out, "wrote the static build to %s: serve that folder and open index.html\n", *out)
			return exitOK
		}
	},
}

// writeStatic writes the static build to dir.
func writeStatic(dir, goTool string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := web.Static()
	err := fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, path)
		if err != nil {
			return err
		}
		if path == "index.html" {
			// Paths relative to the folder, and the page told it runs without a server.
			b = bytes.ReplaceAll(b, []byte(`"/static/`), []byte(`"`))
			b = bytes.Replace(b, []byte(`<script src="app.js">`), []byte(`<script>window.CHIMERA_STATIC = true;</script>
<script src="app.js">`), 1)
		}
		return os.WriteFile(filepath.Join(dir, path), b, 0o644)
	})
	if err != nil {
		return err
	}
	root, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("running %s env GOROOT: %v (chimera web needs the Go toolchain: --go PATH)", goTool, err)
	}
	var support []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if support, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js is not in the Go toolchain at %s", strings.TrimSpace(string(root)))
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), support, 0o644); err != nil {
		return err
	}
	// The page's module, and the JavaScript API's: a program of its own, without the
	// page's server (a third smaller, and faster to start).
	for _, m := range []struct{ file, pkg string }{{"chimera.wasm", "chimera/cli/wasm"}, {"chimera-api.wasm", "chimera/cli/jsapi"}} {
		if err := buildWasm(goTool, filepath.Join(dir, m.file), m.pkg); err != nil {
			return err
		}
	}
	wasm := filepath.Join(dir, "chimera.wasm")
	return writeGzip(wasm, wasm+".gz")
}

// buildWasm builds the program pkg for GOOS=js GOARCH=wasm into the file out.
func buildWasm(goTool, out, pkg string) error {
	out, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	// Without the symbol table and DWARF, and without the build machine's paths.
	cmd := exec.Command(goTool, "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s (run chimera web from a clone of Chimera's repository): %v\n%s", filepath.Base(out), err, msg)
	}
	return nil
}

// writeGzip writes the file at path compressed to out. The page's worker downloads
// chimera.wasm.gz, a quarter of chimera.wasm, and unpacks it itself: no host needs to
// know how to serve it.
func writeGzip(path, out string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
