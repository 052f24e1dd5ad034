package track

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/swapscout/swapscout/swaps"
)

// ChainChecker is the swap service's chain step, when it watches the chain
// (*swaps.Service is one): a Tracker whose Swaps has it also runs one
// chain job per swap, beside its polls.
type ChainChecker interface {
	CheckChain(ctx context.Context, id string) (swaps.Step, error)
}

// chainArgs is the job: check one swap's claimed transfers on the chain.
type chainArgs struct {
	SwapID string `json:"swap_id"`
}

func (chainArgs) Kind() string { return "swap_chain" }

// InsertOpts makes the job unique per swap, as the polls' are.
func (chainArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 1000}
}

var _ swaps.ChainTracker = (*Tracker[any])(nil)

// WatchChain makes sure each of ids has its chain job (the swap service's
// swaps.ChainTracker); it does nothing when the service does not watch the
// chain. It returns how many jobs it had to add.
func (t *Tracker[TX]) WatchChain(ctx context.Context, ids ...string) (added int, err error) {
	if _, ok := t.cfg.Swaps.(ChainChecker); !ok {
		return 0, nil
	}
	return t.insertEach(ctx, ids, func(id string) river.JobArgs { return chainArgs{SwapID: id} })
}

type chainWorker struct {
	river.WorkerDefaults[chainArgs]
	check ChainChecker
}

// Work runs one chain check of the swap and snoozes for the delay it asks,
// or ends the job when there is nothing more to watch.
func (w *chainWorker) Work(ctx context.Context, job *river.Job[chainArgs]) error {
	step, err := w.check.CheckChain(ctx, job.Args.SwapID)
	switch {
	case err != nil:
		return river.JobCancel(err)
	case step.Done:
		return nil
	}
	return river.JobSnooze(max(step.Next, time.Second))
}
