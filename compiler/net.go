// The evaluation network's inputs and file: the features a definition's board, pieces and pools give, and the net file that names them (header, quantised weights, checksum).

package compiler

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"chimera/defs"
)

// The network's shape: NetWidth units in the first layer (the accumulator, one per side's
// view), NetHidden1 and NetHidden2 in the two dense layers after it, then one output.
const (
	NetWidth   = 64
	NetHidden1 = 16
	NetHidden2 = 16
	// NetHandCap: a pool count gives one feature per man held up to this many.
	NetHandCap = 16
)

// The quantisation of the network's numbers: the activations are NetActScale times the
// float values (an activation is clipped to 0..1, so to 0..NetActScale), the first
// layer's weights and its sums (the accumulator) 2^NetInputShift times more (shifted
// down, rounded, as they are clipped), the dense layers' weights (int16) NetWeightScale
// times theirs; the output is centipawns / NetOutScale of the float output.
const (
	NetActScale    = 127
	NetInputShift  = 2
	NetWeightScale = 1024
	NetOutScale    = 600 // the float network's output is in units of 600 centipawns
)

// NetFeatures are the inputs of the network over a ruleset, seen by one side (its view):
// each man on the board is a feature (own or enemy, its type, its cell as the viewing side
// sees it: Black's view is the board mirrored by the geometry's own flip), and each pool
// count gives one feature per man held (own or enemy pool, pool, type, k for the k-th
// man, up to NetHandCap).
type NetFeatures struct {
	Types, Cells, Pools int
	Board               int    // the board's features (they come first)
	Count               int    // all features
	Hash                uint64 // a digest of what the features mean (board, pieces, pools)
	mirror              []Square
	slot                [][3]int // per hand slot: side, pool, type
}

// Features returns the network's inputs over rs.
func Features(rs *Ruleset) *NetFeatures {
	n := rs.NumPieces()
	f := &NetFeatures{Types: n, Cells: rs.Cells, Pools: rs.NumPools()}
	f.Board = 2 * n * rs.Cells
	f.Count = f.Board + 2*f.Pools*n*NetHandCap
	f.mirror = make([]Square, rs.Cells)
	for sq := range rs.Cells {
		f.mirror[sq] = rs.Mirror(sq)
	}
	if f.Pools > 0 {
		f.slot = make([][3]int, rs.Zobrist.NumHandSlots())
		for c := White; c <= Black; c++ {
			for pool := range f.Pools {
				for t := range n {
					f.slot[rs.HandSlot(c, pool, t)] = [3]int{c, pool, t}
				}
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "chimera net features 1; board %dx%d hex=%v boards=%d; cells", rs.Files, rs.Ranks, rs.Hex, rs.Boards)
	for sq := range rs.Cells {
		if rs.Squares.Has(sq) {
			fmt.Fprintf(&b, " %d", sq)
		}
	}
	b.WriteString("; pieces")
	for t := range n {
		fmt.Fprintf(&b, " %s", rs.Piece(t).LetterText)
	}
	fmt.Fprintf(&b, "; pools %s; hand cap %d", strings.Join(rs.Pools(), ","), NetHandCap)
	h := fnv.New64a()
	h.Write([]byte(b.String()))
	f.Hash = h.Sum64()
	return f
}

// Man is the feature of a man of side c and type t on cell sq, in view's view.
func (f *NetFeatures) Man(view, c Color, t int, sq Square) int {
	if view == Black {
		sq = f.mirror[sq]
	}
	return ((c^view)*f.Types+t)*f.Cells + sq
}

// Held is the feature of the k-th man (from 0) held in hand slot slot (Zobrist.Hand's
// index), in view's view; -1 for k at NetHandCap or beyond.
func (f *NetFeatures) Held(view Color, slot, k int) int {
	if k >= NetHandCap {
		return -1
	}
	s := f.slot[slot]
	return f.Board + (((s[0]^view)*f.Pools+s[1])*f.Types+s[2])*NetHandCap + k
}

// Mirror is the cell sq as the other side sees it: on a board of squares the same file
// counted from the other end, on a hexagonal board the same file counted from its top
// (the flip that turns White's vectors into Black's).
func (g *Geometry) Mirror(sq Square) Square {
	f, r := g.FileOf(sq), g.RankOf(sq)
	if g.Hex {
		bottom, top := g.HexShape.Bottom(f), g.HexShape.Top(f)
		if r < bottom || r > top {
			return sq // not a cell of the hexagon
		}
		return g.SquareAt(f, bottom+top-r)
	}
	return g.SquareAt(f, g.Ranks-1-r)
}

// Net is a quantised evaluation network and where it came from.
type Net struct {
	Variant  string // the variant it was trained for
	Features uint64 // NetFeatures.Hash of that variant
	Inputs   int    // NetFeatures.Count
	// Provenance: the self-play games and positions it was trained on, the node budget of
	// each searched move, the run's seed and the epochs of training.
	Games, Positions int
	Nodes            int64
	Seed             uint64
	Epochs           int
	// Adds: the network learns what the linear evaluation misses, and evaluates as its
	// output added to that evaluation's score; Linear is then the digest (EvalDigest) of
	// the evaluation: section it was trained over, which the definition must still have.
	Adds   bool
	Linear uint64
	// Input[f*NetWidth+j]: feature f's weight into unit j; InputBias[j].
	Input     []int16
	InputBias []int16
	// Hidden1[i*2*NetWidth+j]: the side to move's units (j < NetWidth), then the other
	// side's, into unit i of the first dense layer; Hidden2[i*NetHidden1+j]; Out[j].
	Hidden1     []int16
	Hidden1Bias []int32
	Hidden2     []int16
	Hidden2Bias []int32
	Out         []int16
	OutBias     []int32
}

// netMagic opens a net file; netVersion is its format's version (version 1, read as
// well, has no Adds and Linear after the seed).
const (
	netMagic   = "CHIMNNUE"
	netVersion = 2
)

// netSize is the size of a net file body after its header, for inputs features.
func netSize(inputs int) int {
	return 2*inputs*NetWidth + 2*NetWidth + 2*NetHidden1*2*NetWidth + 4*NetHidden1 +
		2*NetHidden2*NetHidden1 + 4*NetHidden2 + 2*NetHidden2 + 4
}

// Encode writes n as a net file: magic, version, the header (variant, feature digest,
// shape, provenance), the weights (little-endian), then a CRC-32 of all that.
func (n *Net) Encode() []byte {
	b := []byte(netMagic)
	le := binary.LittleEndian
	b = le.AppendUint32(b, netVersion)
	b = le.AppendUint16(b, uint16(len(n.Variant)))
	b = append(b, n.Variant...)
	b = le.AppendUint64(b, n.Features)
	for _, x := range []int{n.Inputs, NetWidth, NetHidden1, NetHidden2, NetHandCap, n.Games, n.Positions, n.Epochs} {
		b = le.AppendUint32(b, uint32(x))
	}
	b = le.AppendUint64(b, uint64(n.Nodes))
	b = le.AppendUint64(b, n.Seed)
	flags := uint32(0)
	if n.Adds {
		flags |= 1
	}
	b = le.AppendUint32(b, flags)
	b = le.AppendUint64(b, n.Linear)
	for _, ws := range [][]int16{n.Input, n.InputBias} {
		for _, w := range ws {
			b = le.AppendUint16(b, uint16(w))
		}
	}
	for _, l := range []struct {
		w []int16
		b []int32
	}{{n.Hidden1, n.Hidden1Bias}, {n.Hidden2, n.Hidden2Bias}, {n.Out, n.OutBias}} {
		for _, w := range l.w {
			b = le.AppendUint16(b, uint16(w))
		}
		for _, x := range l.b {
			b = le.AppendUint32(b, uint32(x))
		}
	}
	return le.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// DecodeNet reads a net file, refusing one truncated, corrupted (its checksum) or of
// another format or shape.
func DecodeNet(data []byte) (*Net, error) {
	le := binary.LittleEndian
	if len(data) < len(netMagic) || string(data[:len(netMagic)]) != netMagic {
		return nil, errors.New("not a Chimera net file (no CHIMNNUE at its start)")
	}
	r := data[len(netMagic):]
	short := errors.New("truncated: the file ends inside its header")
	if len(r) < 6 {
		return nil, short
	}
	version := le.Uint32(r)
	if version != 1 && version != netVersion {
		return nil, fmt.Errorf("format version %d; this Chimera reads versions 1 to %d", version, netVersion)
	}
	nameLen := int(le.Uint16(r[4:]))
	r = r[6:]
	const fixed = 8 + 8*4 + 8 + 8
	if len(r) < nameLen+fixed {
		return nil, short
	}
	n := &Net{Variant: string(r[:nameLen])}
	r = r[nameLen:]
	n.Features = le.Uint64(r)
	r = r[8:]
	var u [8]int
	for i := range u {
		u[i] = int(le.Uint32(r[4*i:]))
	}
	r = r[32:]
	n.Inputs, n.Games, n.Positions, n.Epochs = u[0], u[5], u[6], u[7]
	n.Nodes, n.Seed = int64(le.Uint64(r)), le.Uint64(r[8:])
	r = r[16:]
	if version >= 2 {
		if len(r) < 12 {
			return nil, short
		}
		flags := le.Uint32(r)
		if flags&^1 != 0 {
			return nil, fmt.Errorf("unknown flags %#x in the header", flags)
		}
		n.Adds, n.Linear = flags&1 != 0, le.Uint64(r[4:])
		r = r[12:]
	}
	if u[1] != NetWidth || u[2] != NetHidden1 || u[3] != NetHidden2 || u[4] != NetHandCap {
		return nil, fmt.Errorf("a network of %d/%d/%d units and hand cap %d; this Chimera reads %d/%d/%d and %d",
			u[1], u[2], u[3], u[4], NetWidth, NetHidden1, NetHidden2, NetHandCap)
	}
	if n.Inputs <= 0 || n.Inputs > (1<<31-1)/(2*NetWidth) {
		return nil, fmt.Errorf("%d inputs", n.Inputs)
	}
	switch want := netSize(n.Inputs) + 4; {
	case len(r) < want:
		return nil, fmt.Errorf("truncated: %d bytes of weights and checksum where %d inputs need %d", len(r), n.Inputs, want)
	case len(r) > want:
		return nil, fmt.Errorf("%d bytes after the checksum", len(r)-want)
	}
	body := data[:len(data)-4]
	if sum := le.Uint32(data[len(data)-4:]); sum != crc32.ChecksumIEEE(body) {
		return nil, errors.New("corrupted: the checksum does not match the content")
	}
	i16 := func(k int) []int16 {
		out := make([]int16, k)
		for i := range out {
			out[i] = int16(le.Uint16(r[2*i:]))
		}
		r = r[2*k:]
		return out
	}
	i32 := func(k int) []int32 {
		out := make([]int32, k)
		for i := range out {
			out[i] = int32(le.Uint32(r[4*i:]))
		}
		r = r[4*k:]
		return out
	}
	n.Input, n.InputBias = i16(n.Inputs*NetWidth), i16(NetWidth)
	n.Hidden1, n.Hidden1Bias = i16(NetHidden1*2*NetWidth), i32(NetHidden1)
	n.Hidden2, n.Hidden2Bias = i16(NetHidden2*NetHidden1), i32(NetHidden2)
	n.Out, n.OutBias = i16(NetHidden2), i32(1)
	return n, nil
}

// CheckNet refuses a net made for another variant or other features than rs's: its
// variant must be rs's or one rs's definition extends, and its feature digest rs's.
func CheckNet(rs *Ruleset, n *Net) error {
	names := []string{rs.Name}
	if rs.Def != nil {
		names = append(names, rs.Def.Bases...)
	}
	if !slices.Contains(names, n.Variant) {
		return fmt.Errorf("a net for %s, not for %s", defs.Quote(n.Variant), strings.Join(quoteAll(names), " or "))
	}
	f := Features(rs)
	if n.Features != f.Hash || n.Inputs != f.Count {
		return fmt.Errorf("the net's features (%d inputs, digest %016x) are not this definition's (%d inputs, digest %016x): its board, pieces or pools changed since it was trained",
			n.Inputs, n.Features, f.Count, f.Hash)
	}
	if d := EvalDigest(rs); n.Adds && n.Linear != d {
		return fmt.Errorf("the net adds to the linear evaluation it was trained over (digest %016x), and this definition's evaluation: section differs (digest %016x): train it again over these weights",
			n.Linear, d)
	}
	return nil
}

// EvalDigest is a digest of the definition's evaluation: section (its weights, as
// written; the net it names aside), which a network that adds to the linear evaluation
// was trained over.
func EvalDigest(rs *Ruleset) uint64 {
	h := fnv.New64a()
	h.Write([]byte("chimera linear evaluation 1;"))
	var ev defs.Evaluation // no section weighs as an empty one
	if rs.Def != nil && rs.Def.Evaluation != nil {
		ev = *rs.Def.Evaluation
	}
	ev.Src, ev.Net, ev.NetPath, ev.NetData, ev.File = defs.Src{}, "", "", nil, ""
	data, err := yaml.Marshal(&ev)
	if err != nil {
		panic(fmt.Sprintf("compiler: the evaluation section does not marshal: %v", err))
	}
	h.Write(data)
	return h.Sum64()
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = defs.Quote(x)
	}
	return out
}

// loadNet decodes and checks the net the definition's evaluation: section names.
func (rs *Ruleset) loadNet() error {
	ev := rs.Def.Evaluation
	if ev == nil || ev.NetData == nil {
		return nil
	}
	n, err := DecodeNet(ev.NetData)
	if err == nil {
		err = CheckNet(rs, n)
	}
	if err != nil {
		return defs.ErrorList{ev.Errorf("net", "evaluation.net: %s: %v", ev.NetPath, err)}
	}
	rs.netData = ev.NetData
	return nil
}

// Net returns a copy of the evaluation network the definition names (evaluation.net),
// checked as it loaded; nil without one.
func (rs *Ruleset) Net() *Net {
	if rs.netData == nil {
		return nil
	}
	n, err := DecodeNet(rs.netData)
	if err != nil {
		return nil // checked when the ruleset was compiled
	}
	return n
}
