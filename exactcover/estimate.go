package exactcover

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/xcover/xcover/exactcover/internal/core"
	"github.com/xcover/xcover/exactcover/internal/drive"
)

// EstimateConfig configures [Solver.Estimate].
type EstimateConfig struct {
	// Probes is the number of random paths (0: DefaultProbes).
	Probes int
	// Seed seeds the random choices: the same seed gives the same
	// estimate.
	Seed uint64
	// Engine and Branching choose the search whose tree is estimated, as
	// in [Config].
	Engine    Engine
	Branching Branching
	// RateNodes is the size of the search run to measure the engine's
	// speed (0: DefaultRateNodes); SkipRate skips it (Estimate.Seconds is
	// then 0).
	RateNodes int64
	SkipRate  bool
	// MaxTime, when positive, ends the probing after that long, with the
	// probes made so far (at least one).
	MaxTime time.Duration
}

// Defaults of [Solver.Estimate].
const (
	// DefaultProbes probes give a standard error of a few percent on
	// trees as irregular as the n-queens problem's.
	DefaultProbes = 1000
	// DefaultRateNodes nodes take a few tenths of a second on most
	// problems: enough to measure the speed of the search, which varies
	// along the tree.
	DefaultRateNodes = 1 << 20
	// RateShare: in a run with a deadline (--timeout), the measurement takes
	// at most this share of the time left, where nodes are dear (a million
	// nodes of a pentomino packing take seconds), so that the probes, the
	// estimate itself, get the rest. Without a deadline it is bounded by
	// RateNodes alone, so that its result (exact when the tree is small)
	// does not depend on the machine's speed.
	RateShare = 0.25
)

// Estimate is an estimate of the search tree: how many nodes the search
// would visit and how many solutions it would find, and how long it would
// take.
type Estimate struct {
	// Probes is the number of probes made: fewer than asked when stopped,
	// none when Exact.
	Probes int
	Seed   uint64
	// Nodes and Solutions are the means over the probes; the estimates
	// are unbiased. NodesErr and SolutionsErr are the standard errors of
	// the means (the standard deviation over the probes divided by the
	// square root of their number); the true values lie within two of
	// them of the means with 95% confidence when the probes are many
	// enough for the normal approximation, which the trees of hard
	// problems, whose estimates are heavy-tailed, may not allow. They are
	// Magnitudes: a tree a thousand levels deep may hold more nodes than
	// a float64 can count.
	Nodes, NodesErr         Magnitude
	Solutions, SolutionsErr Magnitude
	// MaxDepth is the deepest probe.
	MaxDepth int
	// NodesPerSecond is the speed of the search, measured by a short
	// search; Seconds = Nodes / NodesPerSecond.
	NodesPerSecond float64
	Seconds        Magnitude
	// Exact says that the short search explored the whole tree: then
	// Nodes and Solutions are its exact figures, and the errors zero.
	Exact bool
}

// Estimate estimates the size of the search tree by Knuth's random probes
// ("Estimating the efficiency of backtrack programs", Mathematics of
// Computation 29, 1975; TAOCP 7.2.2, (22)–(24)). A probe walks from the
// root to a leaf, choosing each time a child uniformly at random among
// the d children of the node, in the engine's own branching order; with
// D the product of the degrees so far, the sum of the D over the nodes of
// the path (1 for the root, d₁ for its child, d₁d₂ next, …) is an unbiased
// estimate of the number of nodes, and D at the leaf, when the leaf is a
// solution, one of the number of solutions. Nodes count as the search
// counts them ([Stats]), solutions included; a child that the engine
// lists but abandons on entering, without counting it, is a leaf that
// counts zero. A probe steps from a node to its children as the engine
// cfg chooses lists them, so the estimate is of that engine's tree.
//
// Unless cfg.SkipRate, a short search measures the speed; if it explores
// the whole tree, its exact figures are returned instead.
//
// Stopped by ctx, Estimate returns the estimate of the probes made so far
// (Probes says how many; none if the short search had not ended) with
// ctx's error.
func (s *Solver) Estimate(ctx context.Context, cfg EstimateConfig) (Estimate, error) {
	if cfg.Engine == EngineLearn {
		return Estimate{Seed: cfg.Seed}, fmt.Errorf("%w to estimate: estimate the tree of the sparse, dlx or bits engine", ErrNoTree)
	}
	if err := ctx.Err(); err != nil {
		return Estimate{Seed: cfg.Seed}, err
	}
	m := s.acquire()
	defer s.release(m)
	return m.estimate(ctx, cfg)
}

// estimate is Estimate on a Solver the caller holds.
func (s *Solver) estimate(ctx context.Context, cfg EstimateConfig) (Estimate, error) {
	if cfg.Probes <= 0 {
		cfg.Probes = DefaultProbes
	}
	if cfg.RateNodes <= 0 {
		cfg.RateNodes = DefaultRateNodes
	}
	est := Estimate{Probes: cfg.Probes, Seed: cfg.Seed}
	if !cfg.SkipRate {
		rateCtx, cancel := ctx, context.CancelFunc(func() {})
		if deadline, ok := ctx.Deadline(); ok {
			rateCtx, cancel = context.WithTimeout(ctx, time.Duration(RateShare*float64(time.Until(deadline))))
		}
		st, err := s.searchTreeHeld(rateCtx, Config{MaxNodes: cfg.RateNodes, Engine: cfg.Engine, Branching: cfg.Branching}, nil)
		cancel()
		if ctx.Err() != nil || err != nil && rateCtx.Err() == nil {
			est.Probes = 0
			return est, cmp.Or(ctx.Err(), err)
		}
		est.NodesPerSecond = float64(st.Nodes) / max(st.Elapsed.Seconds(), 1e-9)
		if st.Status == Complete {
			est.Exact, est.Probes = true, 0
			est.Nodes, est.Solutions = MagnitudeOf(float64(st.Nodes)), MagnitudeOf(float64(st.Solutions))
			est.Seconds = MagnitudeOf(st.Elapsed.Seconds())
			for d, n := range st.Profile {
				if n > 0 {
					est.MaxDepth = d
				}
			}
			return est, nil
		}
	}
	eng := s.engine(cfg.Engine)
	eng.ResetWeights()
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6a09e667f3bcc909))
	var (
		nodes, sols welford
		walk        []core.Unit
		done        = ctx.Done()
	)
	began := time.Now()
	var stopped error
	for probe := range cfg.Probes {
		// A probe costs at least microseconds, and on a deep tree much
		// more: looking at the context and the clock before each is free.
		select {
		case <-done:
			stopped = ctx.Err()
		default:
		}
		if stopped != nil || cfg.MaxTime > 0 && probe > 0 && time.Since(began) > cfg.MaxTime {
			est.Probes = probe
			break
		}
		n, sol, depth, err := probeOnce(eng, core.Unit{}, rng, &walk)
		if err != nil {
			return est, err
		}
		est.MaxDepth = max(est.MaxDepth, depth)
		nodes.add(n)
		sols.add(sol)
	}
	est.Nodes, est.NodesErr = nodes.mean(), nodes.stdErr()
	est.Solutions, est.SolutionsErr = sols.mean(), sols.stdErr()
	if est.NodesPerSecond > 0 {
		est.Seconds = est.Nodes.Mul(1 / est.NodesPerSecond)
	}
	return est, stopped
}

// probeOnce walks one random path from root (probe, in the engine's
// order) and returns its estimates of the nodes and solutions of root's
// subtree, and its depth.
func probeOnce(eng core.Engine, root core.Unit, rng *rand.Rand, buf *[]core.Unit) (nodes, sols Magnitude, depth int, err error) {
	weight := MagnitudeOf(1) // the product of the degrees above the node
	calls, err := drive.Probe(eng, root, rng.IntN, false, buf, func(children int, solution bool) {
		nodes = nodes.Add(weight)
		if solution {
			sols = weight
		}
		weight = weight.Mul(float64(children))
	})
	return nodes, sols, calls - 1, err
}

// welford keeps the mean and the sum of squared deviations of a stream
// of values (Welford, 1962; TAOCP 4.2.2, (15)), which stays accurate when
// the values are huge and close. It counts in units of 2^exp, raised as
// the values grow, so that the squares stay within float64's range
// whatever the size of the values.
type welford struct {
	n, m, m2 float64 // m and m2 in units of 2^exp and 2^(2·exp)
	exp      int
}

// welfordHeadroom is how many binary orders of magnitude a value may lie
// above the unit 2^exp before the unit is raised: the sum of n squares
// must stay below float64's 2^1024, and 2·400 + log₂ n leaves room for
// any number of probes an int counts.
const welfordHeadroom = 400

func (w *welford) add(x Magnitude) {
	if !x.IsZero() && x.exp > w.exp+welfordHeadroom {
		shift := x.exp - w.exp
		w.m, w.m2 = math.Ldexp(w.m, -shift), math.Ldexp(w.m2, -2*shift)
		w.exp = x.exp
	}
	v := x.at(w.exp)
	w.n++
	d := v - w.m
	w.m += d / w.n
	w.m2 += d * (v - w.m)
}

// mean returns the mean of the values.
func (w *welford) mean() Magnitude { return scaled(w.m, w.exp) }

// stdErr returns the standard error of the mean.
func (w *welford) stdErr() Magnitude {
	if w.n < 2 {
		return Magnitude{}
	}
	return scaled(math.Sqrt(w.m2/(w.n-1)/w.n), w.exp)
}
