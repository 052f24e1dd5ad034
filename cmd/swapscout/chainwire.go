package main

import (
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/all"
	"github.com/swapscout/swapscout/chainwatch"
	simchain "github.com/swapscout/swapscout/sim/chain"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

// envChain names the variable listing chain endpoints, NETWORK=URL,
// comma-separated (the --chain flag's); envTronKey holds TronGrid's API
// key (an environment variable only: flags show in ps).
const (
	envChain   = "SWAPSCOUT_CHAIN"
	envTronKey = "SWAPSCOUT_TRONGRID_KEY"
)

// chainList is the repeatable --chain NETWORK=URL flag.
type chainList []all.Endpoint

func (l *chainList) String() string {
	var parts []string
	for _, e := range *l {
		parts = append(parts, e.Network+"=…")
	}
	return strings.Join(parts, ",")
}

func (l *chainList) Set(s string) error {
	for _, spec := range strings.Split(s, ",") {
		if strings.TrimSpace(spec) == "" {
			continue
		}
		e, err := all.Parse(spec)
		if err != nil {
			return err
		}
		for _, o := range *l {
			if o.Network == e.Network {
				return fmt.Errorf("chain endpoint for %s given twice", e.Network)
			}
		}
		*l = append(*l, e)
	}
	return nil
}

// simChainSpec is the simulator's chain the demo watches: its base URL
// (the simulator's /_chain) and its clock.
type simChainSpec struct {
	url   string
	chain *simchain.Chain
	block time.Duration // every network's block time when set (--chain-block-time)
}

// blockTime is network n's simulated block time.
func (c *simChainSpec) blockTime(n string) time.Duration {
	if c.block > 0 {
		return c.block
	}
	return simchain.DefaultBlockTimes[n]
}

// chainWatcher builds the swap service's chain watcher from the flags:
// one chain watcher per endpoint configured, or, on the demo, every
// network of the simulator's chain with its compressed blocks. With none
// it still answers, "the venue's word: no chain endpoint is configured",
// per swap, and says so in the log once.
func (f *trackFlags) chainWatcher(client *upstream.Client, log *slog.Logger) (*chainwatch.Watcher, error) {
	eps := append(chainList(nil), f.chains...)
	cfg := chainwatch.Config{}
	if f.simChain != nil {
		for _, n := range f.simChain.chain.Networks() {
			if eps.has(n) {
				continue
			}
			e := all.Endpoint{Network: n, URL: simchain.URL(f.simChain.url, n)}
			e.EVM.BlockTime = f.simChain.blockTime(n)
			e.Limit = venue.Limit{Rate: 1000, Burst: 1000} // loopback: no public endpoint's limit
			eps = append(eps, e)
		}
		// The simulated blocks come in seconds: check as often, and allow
		// a claimed transfer twice its confirmations' simulated time.
		cfg.Schedule = chainwatch.Schedule{Steps: []chainwatch.Step{
			{Until: 10 * time.Minute, Every: 2 * time.Second}, {Until: time.Hour, Every: 15 * time.Second},
			{Until: 48 * time.Hour, Every: time.Minute}}, Seen: 2 * time.Second}
		cfg.Grace = func(n string) time.Duration {
			need := swapscout.ChainConfirmations[n]
			return 2*time.Duration(max(need, 1))*f.simChain.blockTime(n) + 15*time.Second
		}
	}
	if f.chainInterval > 0 {
		// Every interval of the schedule scaled so that the first is
		// --chain-interval (tests and demos with quick blocks).
		base := cfg.Schedule
		if len(base.Steps) == 0 {
			base = chainwatch.DefaultSchedule
		}
		scale := func(d time.Duration) time.Duration {
			return max(time.Duration(float64(d)*float64(f.chainInterval)/float64(base.Steps[0].Every)), 100*time.Millisecond)
		}
		sc := chainwatch.Schedule{Seen: scale(base.Seen)}
		for _, st := range base.Steps {
			sc.Steps = append(sc.Steps, chainwatch.Step{Until: st.Until, Every: scale(st.Every)})
		}
		cfg.Schedule = sc
	}
	if f.chainGrace > 0 {
		g := f.chainGrace
		cfg.Grace = func(string) time.Duration { return g }
	}
	var names []string
	for _, e := range eps {
		if e.Network == "trx" && f.tronKey != "" {
			e.Key = f.tronKey
		}
		w, err := all.Open(e, client, time.Now)
		if err != nil {
			return nil, fmt.Errorf("--chain %s: %w", e.Network, err)
		}
		cfg.Watchers = append(cfg.Watchers, w)
		names = append(names, e.Network)
	}
	cw, err := chainwatch.New(cfg)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		log.Info("chain: no endpoint configured (--chain NETWORK=URL): deposits and payouts are the venues' word, and each swap says so")
	} else {
		log.Info("chain: watching deposits and payouts", "networks", strings.Join(names, ","))
	}
	return cw, nil
}

func (l chainList) has(network string) bool {
	for _, e := range l {
		if e.Network == network {
			return true
		}
	}
	return false
}
