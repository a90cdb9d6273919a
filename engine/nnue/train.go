// Training: the loss of a model on samples, its gradient, Adam steps over shuffled mini-batches, and the checkpoint a run resumes from.

package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"chimera/compiler"
)

// Options set a training run.
type Options struct {
	Batch   int     // samples per Adam step (default 256)
	Rate    float64 // Adam's learning rate (default 0.001)
	Lambda  float64 // the target's share of the search score (0 to 1); the rest is the game's result
	Scale   float64 // centipawns per unit of the sigmoid's exponent ×ln 10 (default 400: 10^(cp/400))
	Seed    uint64  // the shuffles' seed
	Threads int     // goroutines computing a batch's gradient (default 1)
	// Adds: the network's output is added to each sample's Base (the linear evaluation's
	// score) before the sigmoid: it learns what that evaluation misses.
	Adds bool
}

func (o Options) withDefaults() Options {
	if o.Batch <= 0 {
		o.Batch = 256
	}
	if o.Rate <= 0 {
		o.Rate = 0.001
	}
	o.Lambda = min(max(o.Lambda, 0), 1)
	if o.Scale <= 0 {
		o.Scale = 400
	}
	o.Threads = max(o.Threads, 1)
	return o
}

// Trainer trains a model by Adam on the mean squared error between the predicted score
// (sigmoid of its output) and the target: Lambda × sigmoid of the search's score plus
// (1 − Lambda) × the game's result.
type Trainer struct {
	Model *Model
	Opt   Options
	// Epoch counts the epochs done, Step the Adam steps; M and V are Adam's moments.
	Epoch, Step int
	M, V        []float32
}

// NewTrainer starts training m.
func NewTrainer(m *Model, opt Options) *Trainer {
	return &Trainer{Model: m, Opt: opt.withDefaults(), M: make([]float32, len(m.P)), V: make([]float32, len(m.P))}
}

// sigmoid of centipawns at scale k: 1/(1+10^(-cp/k)).
func sigmoid(cp, k float64) float64 { return 1 / (1 + math.Exp(-cp*math.Ln10/k)) }

func (t *Trainer) target(s *Sample) float64 {
	o := t.Opt
	return o.Lambda*sigmoid(float64(s.Score), o.Scale) + (1-o.Lambda)*float64(s.Result)
}

// Loss is the model's mean squared error on samples.
func (t *Trainer) Loss(samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	var fw forward
	sum := 0.0
	for i := range samples {
		s := &samples[i]
		t.Model.forward(&s.Feats, &fw)
		d := sigmoid(float64(s.Base)+float64(fw.y)*compiler.NetOutScale, t.Opt.Scale) - t.target(s)
		sum += d * d
	}
	return sum / float64(len(samples))
}

// gradient adds the gradient of the squared error on s to g and returns the error.
func (t *Trainer) gradient(s *Sample, g []float32, fw *forward) float64 {
	m := t.Model
	l := layoutOf(m.Inputs)
	p := m.P
	m.forward(&s.Feats, fw)
	pred := sigmoid(float64(s.Base)+float64(fw.y)*compiler.NetOutScale, t.Opt.Scale)
	d := pred - t.target(s)
	dy := float32(2 * d * pred * (1 - pred) * compiler.NetOutScale * math.Ln10 / t.Opt.Scale)
	var do2 [h2]float32
	g[l.bo] += dy
	for j := range h2 {
		g[l.wo+j] += dy * fw.o2[j]
		if fw.z2[j] > 0 && fw.z2[j] < 1 {
			do2[j] = dy * p[l.wo+j]
		}
	}
	var do1 [h1]float32
	for i := range h2 {
		if do2[i] == 0 {
			continue
		}
		g[l.b2+i] += do2[i]
		w := p[l.w2+i*h1 : l.w2+(i+1)*h1]
		gw := g[l.w2+i*h1 : l.w2+(i+1)*h1]
		for j := range h1 {
			gw[j] += do2[i] * fw.o1[j]
			do1[j] += do2[i] * w[j]
		}
	}
	var dx [2 * width]float32
	for i := range h1 {
		if fw.z1[i] <= 0 || fw.z1[i] >= 1 || do1[i] == 0 {
			continue
		}
		dz := do1[i]
		g[l.b1+i] += dz
		w := p[l.w1+i*2*width : l.w1+(i+1)*2*width]
		gw := g[l.w1+i*2*width : l.w1+(i+1)*2*width]
		for j := range dx {
			gw[j] += dz * fw.x[j]
			dx[j] += dz * w[j]
		}
	}
	for v := range 2 {
		var da [width]float32
		any := false
		for j := range width {
			if a := fw.a[v][j]; a > 0 && a < 1 {
				da[j] = dx[v*width+j]
				any = any || da[j] != 0
			}
		}
		if !any {
			continue
		}
		gb := g[l.b0 : l.b0+width]
		for j := range width {
			gb[j] += da[j]
		}
		for _, f := range s.Feats[v] {
			gr := g[l.w0+int(f)*width : l.w0+int(f)*width+width]
			for j := range width {
				gr[j] += da[j]
			}
		}
	}
	return d * d
}

// TrainEpoch runs one epoch over samples (shuffled by the epoch's seed) and returns the
// mean error of its batches as they were met; progress, when not nil, is told the
// samples done after each batch.
func (t *Trainer) TrainEpoch(samples []Sample, progress func(done, total int)) float64 {
	o := t.Opt
	m := t.Model
	order := make([]int, len(samples))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(t.Epoch)+1))
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	grads := make([][]float32, o.Threads)
	for i := range grads {
		grads[i] = make([]float32, len(m.P))
	}
	errs := make([]float64, o.Threads)
	total := 0.0
	for start := 0; start < len(order); start += o.Batch {
		batch := order[start:min(start+o.Batch, len(order))]
		var wg sync.WaitGroup
		for w := range o.Threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := grads[w]
				clear(g)
				errs[w] = 0
				var fw forward
				for k := w; k < len(batch); k += o.Threads {
					errs[w] += t.gradient(&samples[batch[k]], g, &fw)
				}
			}()
		}
		wg.Wait()
		for w := range o.Threads {
			total += errs[w]
		}
		for w := 1; w < o.Threads; w++ {
			for i, x := range grads[w] {
				grads[0][i] += x
			}
		}
		t.adam(grads[0], float32(len(batch)))
		if progress != nil {
			progress(start+len(batch), len(order))
		}
	}
	t.Epoch++
	return total / float64(max(len(samples), 1))
}

// adam takes one Adam step with the summed gradient g of n samples, then keeps the
// weights in the ranges they quantise in.
func (t *Trainer) adam(g []float32, n float32) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	t.Step++
	c1 := 1 - math.Pow(b1, float64(t.Step))
	c2 := 1 - math.Pow(b2, float64(t.Step))
	rate := float32(t.Opt.Rate * math.Sqrt(c2) / c1)
	p, mo, ve := t.Model.P, t.M, t.V
	for i, x := range g {
		if x == 0 && mo[i] == 0 {
			continue // a feature no sample of the run has met yet
		}
		x /= n
		mo[i] = b1*mo[i] + (1-b1)*x
		ve[i] = b2*ve[i] + (1-b2)*x*x
		p[i] -= rate * mo[i] / (float32(math.Sqrt(float64(ve[i]))) + eps)
	}
	l := layoutOf(t.Model.Inputs)
	for _, r := range [][3]int{{l.w0, l.w1, 0}, {l.w1, l.b1, 1}, {l.w2, l.b2, 1}, {l.wo, l.bo, 1}} {
		lim := float32(maxInput)
		if r[2] == 1 {
			lim = maxDense // the dense layers' biases are int32 in the net: not clipped
		}
		for i := r[0]; i < r[1]; i++ {
			p[i] = min(max(p[i], -lim), lim)
		}
	}
}

// checkpointHeader opens a checkpoint file: what the trainer's samples were, its shape,
// where it stands and its options. The parameters, then Adam's two moments, follow as
// little-endian float32s. (A fixed binary layout rather than encoding/gob, whose package
// start-up the JavaScript API's load would pay for a file it never writes.)
type checkpointHeader struct {
	Magic                        [8]byte
	Features                     uint64
	Samples, Inputs, Epoch, Step int64
	Batch                        int64
	Rate, Lambda, Scale          float64
	Seed                         uint64
	Threads                      int64
	Adds                         int64 // 1: Options.Adds
}

var checkpointMagic = [8]byte{'c', 'h', 'i', 'm', 'c', 'k', 'p', '2'}

// Checkpoint encodes the trainer's state, for samples of the features with digest
// features, count of them.
func (t *Trainer) Checkpoint(features uint64, samples int) ([]byte, error) {
	h := checkpointHeader{Magic: checkpointMagic, Features: features, Samples: int64(samples), Inputs: int64(t.Model.Inputs),
		Epoch: int64(t.Epoch), Step: int64(t.Step), Batch: int64(t.Opt.Batch), Rate: t.Opt.Rate, Lambda: t.Opt.Lambda,
		Scale: t.Opt.Scale, Seed: t.Opt.Seed, Threads: int64(t.Opt.Threads)}
	if t.Opt.Adds {
		h.Adds = 1
	}
	var b bytes.Buffer
	b.Grow(binary.Size(h) + 4*(len(t.Model.P)+len(t.M)+len(t.V)))
	for _, part := range []any{h, t.Model.P, t.M, t.V} {
		if err := binary.Write(&b, binary.LittleEndian, part); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// Resume reads a checkpoint written by Checkpoint, refusing one of other features or
// another set of samples.
func Resume(data []byte, features uint64, samples int) (*Trainer, error) {
	var h checkpointHeader
	size := binary.Size(h)
	if len(data) < size {
		return nil, errors.New("not a training checkpoint: too short")
	}
	if _, err := binary.Decode(data, binary.LittleEndian, &h); err != nil || h.Magic != checkpointMagic {
		return nil, errors.New("not a training checkpoint")
	}
	// Each input holds at least one weight of each of the three arrays: an input count
	// past the data's length is no checkpoint, and keeps layoutOf from overflowing.
	if h.Inputs < 1 || h.Inputs > int64(len(data)) {
		return nil, errors.New("a checkpoint of another shape")
	}
	l := layoutOf(int(h.Inputs))
	switch {
	case h.Features != features:
		return nil, errors.New("a checkpoint of another variant's features")
	case h.Samples != int64(samples):
		return nil, fmt.Errorf("a checkpoint of a run on %d positions, not these %d", h.Samples, samples)
	case len(data) != size+3*4*l.n:
		return nil, errors.New("a checkpoint of another shape")
	}
	arrays := make([]float32, 3*l.n)
	if _, err := binary.Decode(data[size:], binary.LittleEndian, arrays); err != nil {
		return nil, fmt.Errorf("not a training checkpoint: %v", err)
	}
	opt := Options{Batch: int(h.Batch), Rate: h.Rate, Lambda: h.Lambda, Scale: h.Scale, Seed: h.Seed, Threads: int(h.Threads), Adds: h.Adds == 1}
	return &Trainer{Model: &Model{Inputs: int(h.Inputs), P: arrays[:l.n:l.n]}, Opt: opt, Epoch: int(h.Epoch), Step: int(h.Step),
		M: arrays[l.n : 2*l.n : 2*l.n], V: arrays[2*l.n:]}, nil
}
