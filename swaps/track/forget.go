package track

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// forgetArgs is the retention job: anonymise the swaps past their
// retention (swaps.Service.Forget). It carries nothing: it runs on the
// leader instance, every Config.ForgetEvery and once at start.
type forgetArgs struct{}

func (forgetArgs) Kind() string { return "swap_forget" }

// InsertOpts: one run waiting at a time, whichever instance is leader.
func (forgetArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}, MaxAttempts: 5}
}

type forgetter struct {
	river.WorkerDefaults[forgetArgs]
	cfg *Config
}

// Work runs one round of forgetting; a failure is retried by River (and
// the next round comes anyway).
func (f *forgetter) Work(ctx context.Context, job *river.Job[forgetArgs]) error {
	n, err := f.cfg.Forget(ctx)
	if err != nil {
		f.cfg.Logger.Warn("forgetting old swaps failed", "err", err)
		return err
	}
	if f.cfg.OnForget != nil {
		f.cfg.OnForget(n)
	}
	return nil
}

// Timeout bounds a round: one UPDATE, however many swaps.
func (f *forgetter) Timeout(*river.Job[forgetArgs]) time.Duration { return time.Minute }

func (c *Config) periodicJobs() []*river.PeriodicJob {
	if c.Forget == nil {
		return nil
	}
	return []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(c.ForgetEvery),
		func() (river.JobArgs, *river.InsertOpts) { return forgetArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}
