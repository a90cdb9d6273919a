// The serve command: flags and variants for the web app of engine/web, drawn with show --svg's board.

package cli

import (
	stdctx "context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/pflag"

	"chimera/compiler"
	"chimera/defs"
	"chimera/engine/web"
	"chimera/interpreter"
)

var serveCommand = &command{
	name:    "serve",
	seats:   true, // a person plays a seat of a game of seats against the engine's
	args:    "[VARIANT|FILE ...]",
	summary: "play in the browser: a local web app, the engine included",
	details: `Serves a web page on --addr for each variant named (built-in names or
definition files; without any, every built-in variant, each compiled when the page
first opens it): the board drawn as show --svg draws it (zones, unused cells, pools as
trays, status counters, promoted marks), moves by click or drag with the legal
destinations shown, a picker where several moves join the same squares (promotions,
exchanges), drops from the trays, the move list in SAN with back and forward, FEN and
PGN in and out, a link to the position, the engine playing a side (or both) or
analysing at a chosen time, its best move drawn as an arrow, clocks, and a definition
editor (positioned errors, the variant's tests, perft) whose variants are played at
once. In a game of seats (four-player chess) the person picks a seat and the engine
plays the others; the board is drawn with the person's seat at the bottom.

The page and its script are in the binary; nothing is fetched from elsewhere. The page
talks to a JSON API on the same address (see the README). The server answers only
requests for localhost, an IP address or the host named in --addr (the machine's name
when it listens on every address), and its API only its own page: another site's page
cannot use it, even under a name made to resolve to this machine. Its work is bounded:
each request's stops at a deadline or when its client goes away, and requests past the
engine's or the replays' queue are answered 503. --open opens the page in the
system's browser. Ctrl-C stops the server. chimera web writes the same page as a static
site.`,
	examples: []string{
		"chimera serve chess",
		"chimera serve --open",
		"chimera serve my-variant.yaml --addr 127.0.0.1:9000",
	},
	setup: func(fs *pflag.FlagSet) func(c *context, args []string) int {
		addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on (HOST:PORT; port 0 picks a free one)")
		open := fs.Bool("open", false, "open the page in the system's browser")
		return func(c *context, args []string) int {
			var h http.Handler
			var err error
			n, first := len(defs.Builtins()), "" // the variants served, the one the address opens
			if len(args) == 0 {
				// Every built-in, each compiled when the page first asks for it.
				h, err = web.LazyApp(web.Builtins(), serveHosts(*addr)...)
			} else {
				rulesets, code := c.serveRulesets(args)
				if code != exitOK {
					return code
				}
				n = len(rulesets)
				h, err = web.App(rulesets, serveHosts(*addr)...)
				first = rulesets[0].Name
			}
			if err != nil {
				return c.usage("%v", err)
			}
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				return c.usage("--addr %s: %v", defs.Quote(*addr), err)
			}
			url := "http://" + ln.Addr().String() + "/"
			if first != "" {
				url += "play/" + first
			}
			fmt.Fprintf(c.out, "Chimera serves %d variant(s) at %s (Ctrl-C stops it)\n", n, url)
			if *open {
				if err := openBrowser(url); err != nil {
					fmt.Fprintf(c.err, "chimera serve: could not open a browser (%v): open %s yourself\n", err, url)
				}
			}
			srv := web.HTTPServer(h)
			ctx, release := signalContext()
			defer release()
			go func() {
				<-ctx.Done()
				shut, cancel := stdctx.WithTimeout(stdctx.Background(), 2*time.Second)
				defer cancel()
				srv.Shutdown(shut)
			}()
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				fmt.Fprintf(c.err, "chimera serve: %v\n", err)
				return exitFail
			}
			return exitOK
		}
	},
}

// serveRulesets opens the variants named.
func (c *context) serveRulesets(names []string) ([]*compiler.Ruleset, int) {
	var out []*compiler.Ruleset
	for _, name := range names {
		rs, err := interpreter.Open(name)
		if err != nil {
			return nil, c.inputError(err)
		}
		out = append(out, rs)
	}
	return out, exitOK
}

// serveHosts are the host names serve answers for besides localhost and IP addresses:
// the name --addr gives, and the machine's name when it listens on every address.
func serveHosts(addr string) []string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil // net.Listen refuses it
	}
	var out []string
	if ip := net.ParseIP(host); ip == nil && host != "" {
		out = append(out, host)
	} else if host == "" || ip.IsUnspecified() {
		if name, err := os.Hostname(); err == nil && name != "" {
			out = append(out, name)
		}
	}
	return out
}

// openBrowser opens url in the system's browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
