// Package engine will hold the search; perft is in engine/perft, the definition-test runner in engine/suite.
package engine
