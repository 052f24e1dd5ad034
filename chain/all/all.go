// Package all opens the chain watcher of an endpoint the operator
// configures: which format each network speaks, the limits swapscout keeps
// to on public endpoints, and the one constructor the wiring calls. The
// format follows from the network (one format per network), so an endpoint
// is a network and a URL, and a key where the format takes one.
package all

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
	"github.com/swapscout/swapscout/chain/esplora"
	"github.com/swapscout/swapscout/chain/evmrpc"
	"github.com/swapscout/swapscout/chain/solanarpc"
	"github.com/swapscout/swapscout/chain/trongrid"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

// Formats of chain endpoints.
const (
	Esplora   = "esplora"
	EVMRPC    = "evmrpc"
	TronGrid  = "trongrid"
	SolanaRPC = "solanarpc"
)

// FormatOf is the format each network's endpoint speaks.
var FormatOf = map[string]string{
	"btc": Esplora, "ltc": Esplora, "bch": Esplora, "doge": Esplora,
	"eth": EVMRPC, "bsc": EVMRPC, "matic": EVMRPC, "avaxc": EVMRPC, "arbitrum": EVMRPC, "base": EVMRPC, "op": EVMRPC,
	"trx": TronGrid, "sol": SolanaRPC,
}

// Networks lists the networks a chain endpoint can be configured for.
func Networks() []string {
	out := make([]string, 0, len(FormatOf))
	for n := range FormatOf {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Limits are the outbound limits kept to per format, below what the public
// endpoints document; an operator with a paid plan or an own node raises
// them (Endpoint.Limit).
var Limits = map[string]venue.Limit{
	// Esplora instances document no figure (blockstream.info and
	// mempool.space answer 429 when pressed): venue.DefaultLimit's 5/s.
	Esplora: venue.DefaultLimit,
	// Public EVM RPCs vary (Infura, Alchemy and others meter by plan): 5/s.
	EVMRPC: venue.DefaultLimit,
	// TronGrid, with a key: 15 requests per second per IP (TRON's
	// rate-limit page); without one it limits harder, and suspends for
	// 30 s when passed.
	TronGrid: {Rate: 10, Burst: 15, Backoff: 30 * time.Second, Documented: true},
	// Solana's public endpoint: 100 requests per 10 s per IP, 40 per 10 s
	// for one method (Solana's "Clusters" page).
	SolanaRPC: {Rate: 4, Burst: 10, Backoff: 10 * time.Second, Documented: true},
}

// Endpoint is one configured chain endpoint.
type Endpoint struct {
	Network string
	URL     string
	Key     string      // TronGrid's API key; empty elsewhere (RPC providers put theirs in the URL)
	Limit   venue.Limit // zero: Limits[format]
	Timeout time.Duration
	// EVM: the options of the evmrpc watcher (log range, scanner).
	EVM evmrpc.Options
}

// Open returns the chain watcher of e, calling through client with a
// guard of its own.
func Open(e Endpoint, client *upstream.Client, now func() time.Time) (swapscout.ChainWatcher, error) {
	format, ok := FormatOf[e.Network]
	if !ok {
		return nil, fmt.Errorf("chain: no chain format for network %q (chain endpoints exist for %s)", e.Network, strings.Join(Networks(), ", "))
	}
	if e.Key != "" && format != TronGrid {
		return nil, fmt.Errorf("chain %s: %s endpoints take no key header; an RPC provider's key goes in its URL", e.Network, format)
	}
	l := e.Limit
	if l.Rate == 0 {
		l = Limits[format]
	}
	cfg := chain.Config{URL: e.URL, Key: e.Key, HTTP: client, Now: now, Timeout: e.Timeout,
		Guard: chain.NewGuard(format, e.Network, e.URL, l, now)}
	switch format {
	case Esplora:
		return esplora.New(e.Network, cfg)
	case EVMRPC:
		return evmrpc.New(e.Network, cfg, e.EVM)
	case TronGrid:
		return trongrid.New(cfg)
	default:
		return solanarpc.New(cfg)
	}
}

// Parse reads an endpoint as flags and environment variables write it:
// "network=URL", e.g. "btc=https://blockstream.info/api".
func Parse(spec string) (Endpoint, error) {
	network, u, ok := strings.Cut(strings.TrimSpace(spec), "=")
	network = strings.ToLower(strings.TrimSpace(network))
	if !ok || network == "" || u == "" {
		return Endpoint{}, fmt.Errorf("chain endpoint: want network=URL, e.g. btc=https://blockstream.info/api")
	}
	if _, known := FormatOf[network]; !known {
		return Endpoint{}, fmt.Errorf("chain endpoint for %q: chain endpoints exist for %s", network, strings.Join(Networks(), ", "))
	}
	return Endpoint{Network: network, URL: strings.TrimSpace(u)}, nil
}
