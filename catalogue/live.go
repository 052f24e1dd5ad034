package catalogue

import (
	"context"
	"sort"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/fixedfloat"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/stealthex"
)

// LivePaths are where the venues publish, under their API root, the lists
// their Source's parser reads in the venue's own format. The other lists
// (SwapKit's pool lists, Edge's grouped currency lists) are recordings of
// a reduced form: they stay as the snapshot has them until regenerated.
var LivePaths = map[string]string{
	"sideshift":   "/api/v2/coins",
	"kucoin":      "/api/v3/currencies",
	"nearintents": "/v0/tokens",
}

// LiveReaders read the lists that one GET of a path cannot bring: the
// venue pages them (Exolix, StealthEX), or answers only with its key
// (StealthEX) or a signed call (FixedFloat). Each reads through the
// venue's configuration (API root, HTTP client, key) and returns the list
// as its parser reads it.
var LiveReaders = map[string]func(context.Context, *venue.Config) ([]byte, error){
	"stealthex":  stealthex.FetchCurrencies,
	"exolix":     exolix.FetchCurrencies,
	"simpleswap": simpleswap.FetchCurrencies,
	"fixedfloat": fixedfloat.FetchCurrencies,
}

// DefaultReadTimeout bounds one venue's reading through LiveReaders, all
// its pages together.
const DefaultReadTimeout = 2 * time.Minute

// DefaultEvery is how often a server reads the venues' lists again: a
// venue adds or retires a coin a few times a week, and a list is a large
// answer (KuCoin's is about a megabyte).
const DefaultEvery = time.Hour

// Live says how Run reads the lists.
type Live struct {
	Every time.Duration // DefaultEvery when zero
	// Fetch reads path from venue's API root; it owns the deadline, the
	// body limit and the venue's budget.
	Fetch func(ctx context.Context, venueID, path string) ([]byte, error)
	// Config is a venue's configuration for LiveReaders (its API root,
	// HTTP client, key and secret); nil, or nil for a venue (one whose
	// list needs a key that is not configured), leaves that venue's list
	// as it is, unread and unreported.
	Config func(venueID string) *venue.Config
	// ReadTimeout bounds a LiveReaders reading (DefaultReadTimeout when
	// zero); Fetch owns its own deadline.
	ReadTimeout time.Duration
	// Report hears of each venue's refresh: what changed, or why the list
	// was refused (the last good one is kept).
	Report func(venueID string, ch Change, err error)
	// After is time.After unless a test sets it.
	After func(time.Duration) <-chan time.Time
}

// Run reads every venue of LivePaths (and of LiveReaders that l.Config
// configures) at once, then every l.Every, and publishes each sound list
// (Update) until ctx ends.
func (r *Refresher) Run(ctx context.Context, l Live) {
	every, after := l.Every, l.After
	if every <= 0 {
		every = DefaultEvery
	}
	if after == nil {
		after = time.After
	}
	ids := make([]string, 0, len(LivePaths)+len(LiveReaders))
	for id := range LivePaths {
		if _, ok := r.parsers[id]; ok {
			ids = append(ids, id)
		}
	}
	for id := range LiveReaders {
		if _, ok := r.parsers[id]; ok && l.Config != nil {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for {
		for _, id := range ids {
			if ctx.Err() != nil {
				return
			}
			body, read, err := l.read(ctx, id)
			if !read {
				continue
			}
			var ch Change
			if err == nil {
				ch, err = r.Update(id, body)
			}
			if l.Report != nil {
				l.Report(id, ch, err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-after(every):
		}
	}
}

// read brings venue id's list: through its LiveReader when it has one
// (read is false when l.Config gives no configuration for it), else by
// Fetch of its LivePaths path.
func (l *Live) read(ctx context.Context, id string) (body []byte, read bool, err error) {
	reader, ok := LiveReaders[id]
	if !ok {
		body, err = l.Fetch(ctx, id, LivePaths[id])
		return body, true, err
	}
	cfg := l.Config(id)
	if cfg == nil {
		return nil, false, nil
	}
	timeout := l.ReadTimeout
	if timeout <= 0 {
		timeout = DefaultReadTimeout
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	body, err = reader(rctx, cfg)
	return body, true, err
}

// ListsFromCatalogue rebuilds each venue's last list from what the
// catalogue lists now (the embedded snapshot at start): every listing is
// one entry, with the venue's code and the asset's network, contract and
// names. A running server has no recordings to replay; a refresh merges a
// venue's new list with the others' as the snapshot had them.
func ListsFromCatalogue(entries []swapscout.CatalogueEntry, sources []swapscout.CatalogueSource) []List {
	byVenue := map[string]*List{}
	var order []string
	for _, s := range sources {
		byVenue[s.Venue] = &List{Venue: s.Venue, Source: s.Source, Listed: s.Listed}
		order = append(order, s.Venue)
	}
	for _, e := range entries {
		for _, l := range e.Listings {
			vl := byVenue[l.Venue]
			if vl == nil {
				vl = &List{Venue: l.Venue}
				byVenue[l.Venue] = vl
				order = append(order, l.Venue)
			}
			vl.Entries = append(vl.Entries, Entry{Venue: l.Venue, Code: l.Code, Symbol: e.Symbol, Name: e.Name,
				Network: e.Network, Contract: e.Contract, Decimals: l.Decimals, Memo: e.Memo, RefUSD: e.RefUSD})
		}
	}
	out := make([]List, 0, len(order))
	for _, v := range order {
		out = append(out, *byVenue[v])
	}
	return out
}
