package main

import (
	"context"
	"log/slog"
	"net/netip"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/metrics"
	"github.com/swapscout/swapscout/swaps/track"
)

// observability wires serve's metrics, limits and store budget into the
// stack newStack builds: venue quoters are wrapped for the engine (the
// registry keeps the originals for its refreshers), the quote service is
// wrapped to count fan-outs, and the API's hooks feed the metrics.
type observability struct {
	log     *slog.Logger
	flags   *serviceFlags
	proxies []netip.Prefix
	m       *metrics.Metrics // nil when --metrics=false
	reg     *prometheus.Registry
	store   *inmem.Store
	venues  []string
}

func newObservability(log *slog.Logger, f *serviceFlags, proxies []netip.Prefix) *observability {
	o := &observability{log: log, flags: f, proxies: proxies}
	if f.metrics {
		o.m, o.reg = metrics.New(), metrics.NewRegistry()
	}
	return o
}

func (o *observability) wrapVenue(v aggregate.Venue) aggregate.Venue {
	o.venues = append(o.venues, v.ID)
	if o.m != nil {
		if _, ok := v.Quoter.(swapscout.Swapper); ok {
			o.m.SwapVenue(v.ID)
		}
		v.Quoter = o.m.Quoter(v.ID, v.Quoter, o.log)
	}
	return v
}

func (o *observability) tune(d *httpapi.Deps) {
	d.FanOutRate, d.FanOutBurst, d.TrustedProxies = o.flags.fanOutRate, o.flags.fanOutBurst, o.proxies
	if d.FanOutRate == 0 {
		d.FanOutRate = -1 // 0 on the command line means no limit
	}
	d.OnionURL = strings.TrimSuffix(o.flags.onionURL, "/")
	d.MaxStreams = o.flags.maxStreams
	if d.MaxStreams == 0 {
		d.MaxStreams = -1
	}
	d.MaxClientStreams = o.flags.clientStreams
	if d.MaxClientStreams == 0 {
		d.MaxClientStreams = -1
	}
	o.store = inmem.New(inmem.Options{MaxBytes: o.flags.storeBytes})
	d.Store = o.store
	// The cache holds answers for seconds, mostly the store's own bytes:
	// a quarter of its budget (memoryLimit counts it).
	d.Cache = inmem.New(inmem.Options{MaxBytes: max(o.flags.storeBytes/4, 1)})
	if o.m == nil {
		return
	}
	d.Quotes = o.m.FanOuts(d.Quotes)
	d.OnCache, d.OnStream = o.m.CacheLookup, o.m.StreamDelta
	d.Metrics = metrics.Exposition(o.reg)
}

// hookTracking hands the swap service's and the tracker's hooks to f: swaps
// marked late and status calls (the service's), the polls' lateness and
// webhook POSTs (the tracker's) are counted.
func (o *observability) hookTracking(f *trackFlags) {
	if o.m == nil {
		return
	}
	f.onLate = o.m.SwapLate
	f.onPoll = o.m.PollDone
	f.observer = track.Observer{Late: o.m.PollLate, Delivered: o.m.WebhookSent, Changed: o.m.SwapChangeTold, Pushed: o.m.WebhookPushed}
}

// openStack builds the stack with the observability hooks in (the venues'
// wrapper, the tuning, the tracking callbacks) and registers the metrics
// on it.
func (o *observability) openStack(ctx context.Context, opt stackOptions) (*stack, error) {
	o.hookTracking(opt.track)
	opt.wrapVenue, opt.tune = o.wrapVenue, o.tune
	st, err := newStack(ctx, opt)
	if err != nil {
		return nil, err
	}
	if err := o.finish(st); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// finish registers the metrics once the stack exists.
func (o *observability) finish(st *stack) error {
	if o.m == nil {
		return nil
	}
	o.m.Add(metrics.CounterFunc("quote_store_evictions_total", "Quotes evicted from the in-memory store before their TTL to stay within its byte budget.",
		func() float64 { return float64(o.store.Evictions()) }))
	o.m.Add(metrics.GaugeFunc("quote_store_bytes", "Bytes the in-memory quote store holds, within --store-bytes (expired quotes included until swept).",
		func() float64 { return float64(o.store.Bytes()) }))
	eng := st.service.Engine
	o.m.Add(metrics.GaugeFunc("venue_calls_detached", "Venue calls running on to their venue's own deadline after the request that started them ended.",
		func() float64 { return float64(eng.Detached()) }))
	o.m.Add(metrics.CounterFunc("venue_calls_joined_total", "Venue answers taken from a call another request had started, instead of asking the venue again.",
		func() float64 { return float64(eng.Joined()) }))
	o.m.Add(metrics.CounterFunc("offers_derived_total", "Offers derived from a venue's recent answers because our rate limit on it had no call free in time (marked derived in the answer).",
		func() float64 { return float64(eng.DerivedServed()) }))
	book := st.book
	o.m.Add(metrics.CounterFunc("quotes_shed_total", "Uncached quotes answered 503 busy because this instance was already making --max-fanouts of them.",
		func() float64 { return float64(book.Shed()) }))
	if st.db != nil {
		o.m.Add(&metrics.OpenSwaps{Count: st.db.OpenSwapCounts})
	}
	reg := st.registry
	o.m.Add(metrics.VenueGauges("breaker_state", "Circuit breaker state per venue: 0 closed, 1 half-open, 2 open.", o.venues,
		func(id string) float64 {
			switch reg.Guard(id).State() {
			case "open":
				return 2
			case "half-open":
				return 1
			}
			return 0
		}))
	o.m.Add(metrics.VenueGauges("market_list_age_seconds", "Age of each venue's market list (-1: none loaded, or the venue keeps none).", o.venues,
		func(id string) float64 {
			if v, ok := reg.Lookup(id); ok {
				if age, ok := v.ListAge(time.Now()); ok {
					return age.Seconds()
				}
			}
			return -1
		}))
	if err := o.m.Register(o.reg); err != nil {
		return err
	}
	st.handler.Observe(o.m.Route)
	return nil
}
