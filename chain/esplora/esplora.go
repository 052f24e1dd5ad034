// Package esplora watches Bitcoin, Litecoin, Bitcoin Cash and Dogecoin
// through the Esplora REST format (Blockstream's esplora; mempool.space and
// its forks for Litecoin and Bitcoin Cash serve the same paths): one
// endpoint per network.
//
// Calls, relative to the configured root (e.g. https://blockstream.info/api,
// https://mempool.space/api, https://litecoinspace.org/api):
//
//	GET /address/:address/txs               newest first: up to 50 mempool and 25 confirmed transactions
//	GET /address/:address/txs/chain/:txid   the next 25 confirmed, when the query reaches further back
//	GET /tx/:txid                           one transaction
//	GET /blocks/tip/height                  the tip, as plain text (cached for a fraction of a block)
//
// Values are satoshis (JSON integers), turned into exact amounts with the
// asset's 8 decimals. An output to the address in a transaction that also
// spends from it is change, not an incoming transfer, and is left out.
// What cannot be seen: a transfer older than the pages read (MaxPages × 25
// confirmed transactions back from the newest), and anything an Esplora
// fork does not index (Dogecoin needs an Esplora-compatible indexer the
// operator runs or trusts).
package esplora

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// Networks this package can watch, with the tip cache's lifetime: a
// fraction of each network's block time.
var tipTTL = map[string]time.Duration{
	"btc": 30 * time.Second, "bch": 30 * time.Second,
	"ltc": 15 * time.Second, "doge": 10 * time.Second,
}

// MaxPages bounds how many pages of an address's history one query reads
// (the first page, then confirmed pages of 25 going back to Since).
const MaxPages = 4

// Watcher reads one network from one Esplora endpoint.
type Watcher struct {
	cfg chain.Config
	chain.Endpoint
	tip chain.Tip
	dec int
}

var _ swapscout.ChainWatcher = (*Watcher)(nil)

// New returns the watcher of network (btc, ltc, bch or doge) at cfg.URL.
func New(network string, cfg chain.Config) (*Watcher, error) {
	ttl, ok := tipTTL[network]
	if !ok {
		return nil, errors.New("esplora: network must be btc, ltc, bch or doge, not " + strconv.Quote(network))
	}
	if err := cfg.Check("esplora"); err != nil {
		return nil, err
	}
	cfg.URL = strings.TrimRight(cfg.URL, "/")
	info, _ := swapscout.LookupAsset(swapscout.Asset{Ticker: network, Network: network})
	return &Watcher{cfg: cfg, Endpoint: chain.NewEndpoint(network, "esplora "+network+" ("+cfg.Host()+")"),
		tip: chain.Tip{TTL: ttl, Now: cfg.Now}, dec: info.Decimals}, nil
}

// FindTransfers implements swapscout.ChainWatcher.
func (w *Watcher) FindTransfers(ctx context.Context, q swapscout.TransferQuery) ([]swapscout.Transfer, error) {
	info, err := chain.CheckQuery(w.Networks(), q)
	if err != nil {
		return nil, err
	}
	if !swapscout.ChainNative(info.Asset) {
		return nil, chain.Invalid("esplora carries only %s's native coin, not %s", w.Network(), info.Asset)
	}
	var txs []txJSON
	if q.TxID != "" {
		tx, err := w.getTx(ctx, q.TxID)
		if err != nil {
			return nil, err
		}
		txs = []txJSON{tx}
	} else if txs, err = w.history(ctx, q.Address, q.Since); err != nil {
		return nil, err
	}
	return w.transfers(ctx, txs, q.Address)
}

// Transaction implements swapscout.ChainWatcher.
func (w *Watcher) Transaction(ctx context.Context, network, txid string) ([]swapscout.Transfer, error) {
	if network != w.Network() {
		return nil, chain.Invalid("this chain watcher does not read network %q", network)
	}
	tx, err := w.getTx(ctx, txid)
	if err != nil {
		return nil, err
	}
	return w.transfers(ctx, []txJSON{tx}, "")
}

// history reads the address's first page and, while its confirmed part is
// full and newer than since, older confirmed pages.
func (w *Watcher) history(ctx context.Context, address string, since time.Time) ([]txJSON, error) {
	path := "/address/" + url.PathEscape(address) + "/txs"
	var all []txJSON
	for page := 0; page < MaxPages; page++ {
		var txs []txJSON
		if err := w.get(ctx, path, &txs); err != nil {
			return nil, err
		}
		all = append(all, txs...)
		confirmed, last, oldest := 0, "", int64(0)
		for _, tx := range txs {
			if tx.Status.Confirmed {
				confirmed++
				last, oldest = tx.TxID, tx.Status.BlockTime
			}
		}
		if since.IsZero() || confirmed < 25 || oldest < since.Unix() || !validTxID(last) {
			break
		}
		path = "/address/" + url.PathEscape(address) + "/txs/chain/" + last
	}
	return all, nil
}

func (w *Watcher) getTx(ctx context.Context, txid string) (txJSON, error) {
	if !validTxID(txid) {
		return txJSON{}, chain.Invalid("a %s transaction id is 64 hex digits", w.Network())
	}
	var tx txJSON
	err := w.get(ctx, "/tx/"+strings.ToLower(txid), &tx)
	if errors.Is(err, errNotFound) {
		return txJSON{}, swapscout.ErrTransactionNotFound
	}
	return tx, err
}

var errNotFound = errors.New("not found")

// get fetches path and decodes its JSON answer into v.
func (w *Watcher) get(ctx context.Context, path string, v any) error {
	return chain.Fetch(ctx, &w.cfg, w.Name(), chain.Request{Path: path}, func(status int, body []byte) error {
		switch {
		case status == 404 || status == 400 && strings.HasPrefix(path, "/tx/"):
			// Esplora answers 404 for an unknown transaction and 400 for
			// one it cannot parse.
			return errNotFound
		case status != 200:
			return chain.StatusError(w.Name(), status)
		}
		if err := json.Unmarshal(body, v); err != nil {
			return chain.BadAnswer(w.Name(), err)
		}
		return nil
	})
}

// tipHeight is the endpoint's tip, cached.
func (w *Watcher) tipHeight(ctx context.Context) (int64, error) {
	return w.tip.Get(ctx, func(ctx context.Context) (int64, error) {
		var h int64
		err := chain.Fetch(ctx, &w.cfg, w.Name(), chain.Request{Path: "/blocks/tip/height"}, func(status int, body []byte) error {
			if status != 200 {
				return chain.StatusError(w.Name(), status)
			}
			var err error
			h, err = parseTip(body)
			if err != nil {
				return chain.BadAnswer(w.Name(), err)
			}
			return nil
		})
		return h, err
	})
}

// transfers turns transactions into transfers to address (every output
// with an address when address is empty), asking the tip only when one is
// confirmed.
func (w *Watcher) transfers(ctx context.Context, txs []txJSON, address string) ([]swapscout.Transfer, error) {
	out, err := parseTransfers(w.Network(), w.dec, txs, address)
	if err != nil {
		return nil, chain.BadAnswer(w.Name(), err)
	}
	var tip int64
	for i := range out {
		if out[i].Height == 0 {
			continue
		}
		if tip == 0 {
			if tip, err = w.tipHeight(ctx); err != nil {
				return nil, err
			}
		}
		out[i].Confirmations = chain.Confirmations(tip, out[i].Height)
	}
	return out, nil
}

func validTxID(s string) bool { return chain.IsHexID(s) }
