// The static build's program (GOOS=js GOARCH=wasm): chimera serve's API answered inside a Web Worker, no server.
//go:build js && wasm

// Command wasm answers the web app's API requests in the page. The worker script
// (engine/web/static/worker.js) and the JavaScript API (chimera.js) load it; it sets two
// global functions that run a request through the same handler as chimera serve:
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
// answers at once, for the requests that do not stream. It sets chimeraAPI, the
// JavaScript API's functions (api.go), which keep boards here between calls. Then it
// calls chimeraReady(), if the page defined it.
package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall/js"

	"chimera/engine/web"
)

// chunkWriter passes what the handler writes on to JavaScript as it comes.
type chunkWriter struct {
	header  http.Header
	status  int
	onChunk js.Value
}

func (w *chunkWriter) Header() http.Header { return w.header }

func (w *chunkWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *chunkWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.onChunk.Invoke(string(b))
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

func main() {
	bind()
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
			req := httptest.NewRequestWithContext(ctx, method, path, strings.NewReader(body))
			req.Host = "localhost" // the page's own request, answered inside it (httptest names example.com)
			req.Header.Set("Content-Type", "application/json")
			w := &chunkWriter{header: http.Header{}, onChunk: onChunk}
			handler().ServeHTTP(w, req)
			w.WriteHeader(http.StatusOK)
			onDone.Invoke(w.status)
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
		req := httptest.NewRequest(args[0].String(), args[1].String(), strings.NewReader(args[2].String()))
		req.Host = "localhost"
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		handler().ServeHTTP(rec, req)
		return map[string]any{"status": rec.Code, "body": rec.Body.String()}
	}))
	if ready := js.Global().Get("chimeraReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
