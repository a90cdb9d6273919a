// Command libchimera is Chimera as a C shared library, for the Python module chimera (a
// ctypes layer, in python/chimera). Build it, from the repository's root, with
//
//	go build -buildmode=c-shared -o python/chimera/libchimera.so ./python/libchimera
//
// Its exported functions (lib.go) take and return C strings: each answer is JSON,
// {"ok": value} or {"error": message, "type": the Python exception to raise}, malloc'd
// for the caller to free with chimera_free. Variants and boards stay on the Go side, in
// tables keyed by integer handles (table.go).
package main

// main is required of a c-shared build's package; the library's work is in its exports.
func main() {}
