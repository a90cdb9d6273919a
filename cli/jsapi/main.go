// The JavaScript API's program (GOOS=js GOARCH=wasm): chimera.js's module, the rules of every variant without the page's server.
//go:build js && wasm

// Command jsapi is the WebAssembly module that chimera.js loads (chimera-api.wasm,
// written by chimera web beside the page's chimera.wasm). It sets chimeraAPI, the
// JavaScript API's functions (api.go), which keep boards here between calls, then calls
// chimeraReady(), if the caller defined it, and waits.
//
// It imports engine/jsapi and nothing of the page's: no net/http, no engine/web, no
// search. The page's module (cli/wasm) answers chimera serve's HTTP API instead, and is
// larger and slower to start (BENCHMARKS.md).
package main

import "syscall/js"

func main() {
	bind()
	if ready := js.Global().Get("chimeraReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
