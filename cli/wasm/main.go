// The static build's program (GOOS=js GOARCH=wasm): chimera serve's API answered inside a Web Worker, no server.
//go:build js && wasm

// Command wasm answers the web app's API requests in the page. The worker script
// (engine/web/static/worker.js) loads it; it sets three global functions that run a
// request through the same handler as chimera serve:
//
//	chimeraRequest(method, path, body, onChunk, onDone, id)
//
// calls onChunk(text) with each piece of the answer as it is written (the engine's
// events stream this way) and onDone(status) at the end;
//
//	chimeraCancel(id)
//
// ends the request of that id (a number) as a closed connection ends chimera serve's:
// its work stops (the engine's search within about 50 ms, as it lets messages in while it
// thinks) and onDone is called;
//
//	chimeraCall(method, path, body) → {status, body}
//
// answers at once, for the requests that do not stream. Then it calls chimeraReady(), if
// the page defined it. The JavaScript API (chimera.js) loads its own, smaller module
// instead (cli/jsapi).
package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"syscall/js"

	"chimera/engine/web"
)

// chunkWriter passes what the handler writes on as it comes: to JavaScript, or to a buffer.
type chunkWriter struct {
	header  http.Header
	status  int
	onChunk func(string)
}

func (w *chunkWriter) Header() http.Header { return w.header }

func (w *chunkWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *chunkWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.onChunk(string(b))
	return len(b), nil
}

func (w *chunkWriter) Flush() {}

// handler is chimera serve's API over every built-in variant, each compiled the first
// time a request asks for it (compiling them all takes seconds in WebAssembly).
var handler = sync.OnceValue(func() http.Handler {
	h, err := web.LazyApp(web.Builtins())
	if err != nil {
		body, _ := json.Marshal(map[string]string{"error": err.Error()})
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			w.Write(body)
		})
	}
	return h
})

// serve runs one request of the page through the handler, passing the answer's pieces to
// onChunk as they are written, and returns its status. A request the handler cannot take
// (a bad method or path) is answered 400.
func serve(ctx context.Context, method, path, body string, onChunk func(string)) int {
	req, err := http.NewRequestWithContext(ctx, method, path, strings.NewReader(body))
	if err != nil {
		msg, _ := json.Marshal(map[string]string{"error": err.Error()})
		onChunk(string(msg))
		return http.StatusBadRequest
	}
	req.Host = "localhost" // the page's own request, answered inside it
	req.RequestURI = path
	req.Header.Set("Content-Type", "application/json")
	w := &chunkWriter{header: http.Header{}, onChunk: onChunk}
	handler().ServeHTTP(w, req)
	w.WriteHeader(http.StatusOK)
	return w.status
}

func main() {
	// The requests under way that may be cancelled, by id.
	var mu sync.Mutex
	cancels := map[int]context.CancelFunc{}
	js.Global().Set("chimeraRequest", js.FuncOf(func(this js.Value, args []js.Value) any {
		method, path, body, onChunk, onDone := args[0].String(), args[1].String(), args[2].String(), args[3], args[4]
		ctx, cancel := context.WithCancel(context.Background())
		id, hasID := 0, len(args) > 5 && args[5].Type() == js.TypeNumber
		if hasID {
			id = args[5].Int()
			mu.Lock()
			cancels[id] = cancel
			mu.Unlock()
		}
		go func() {
			defer func() {
				if hasID {
					mu.Lock()
					delete(cancels, id)
					mu.Unlock()
				}
				cancel()
			}()
			onDone.Invoke(serve(ctx, method, path, body, func(s string) { onChunk.Invoke(s) }))
		}()
		return nil
	}))
	js.Global().Set("chimeraCancel", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) > 0 && args[0].Type() == js.TypeNumber {
			mu.Lock()
			cancel := cancels[args[0].Int()]
			mu.Unlock()
			if cancel != nil {
				cancel()
			}
		}
		return nil
	}))
	js.Global().Set("chimeraCall", js.FuncOf(func(this js.Value, args []js.Value) any {
		var body strings.Builder
		status := serve(context.Background(), args[0].String(), args[1].String(), args[2].String(), func(s string) { body.WriteString(s) })
		return map[string]any{"status": status, "body": body.String()}
	}))
	if ready := js.Global().Get("chimeraReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
