// The records of a sharded count: a header, then one root move's count a line.

package perft

import (
	"fmt"

	"chimera/engine/records"
)

// Header is the first JSON line of a count's shard: the position and depth counted.
type Header struct {
	Chimera   string `json:"chimera"` // "perft"
	Variant   string `json:"variant"`
	FEN       string `json:"fen"`
	Depth     int    `json:"depth"`
	RootMoves int    `json:"root_moves"` // of the whole position, every shard's
	Shard     string `json:"shard"`
	Partial   string `json:"partial,omitempty"`
}

// Record is one root move's count.
type Record struct {
	Move  string `json:"move"`
	Nodes int64  `json:"nodes"`
}

// ReadRecords reads the records of a count's shard.
func ReadRecords(path string) (*records.File[Header, Record], error) {
	return records.Read[Header, Record](path, records.Format[Header]{MaxLine: 1 << 20, Header: func(h *Header, err error) error {
		if err != nil || h.Chimera != "perft" {
			return fmt.Errorf("not the header of chimera perft records (%v)", err)
		}
		return nil
	}})
}
