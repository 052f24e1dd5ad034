// Package trongrid watches TRON (TRX and TRC-20 tokens: USDT) through the
// TronGrid API: its v1 account history and the full node's HTTP API, which
// TronGrid and any java-tron node with the HTTP API serve.
//
// Calls, relative to the configured root (https://api.trongrid.io):
//
//	GET  /v1/accounts/:address/transactions/trc20?only_to=true&contract_address=…&min_timestamp=…&limit=50
//	GET  /v1/accounts/:address/transactions?only_to=true&min_timestamp=…&limit=50
//	POST /wallet/gettransactioninfobyid {"value": txid}   block, result and event logs of one transaction
//	POST /wallet/gettransactionbyid     {"value": txid}   the transaction itself (its contract call)
//	POST /wallet/getblock               {"detail": false} the latest block's header (the tip)
//
// A key configured in chain.Config.Key is sent as TRON-PRO-API-KEY; TronGrid
// severely limits calls without one. TronGrid answers a rate limit with
// HTTP 403 (v1) or 503 and a "frequency limit … suspended for 30s" message,
// not 429: both become rate_limited with a 30-second hold-off.
//
// TRC-20 transfers in the v1 history carry no block number: each is looked
// up once with gettransactioninfobyid (cached once in a block), which also
// says whether the contract call succeeded. Addresses are compared in
// base58 whatever form the endpoint writes them in (hex with the 41 version
// byte in raw transactions, 20-byte hex in event logs).
package trongrid

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
	"github.com/swapscout/swapscout/venue"
)

// Network is the swapscout network this package reads.
const Network = "trx"

// MaxPages bounds how many pages of 50 one query reads.
const MaxPages = 3

// holdOff is how long TronGrid suspends a client over its frequency limit.
const holdOff = 30 * time.Second

// Watcher reads TRON from one TronGrid endpoint.
type Watcher struct {
	cfg chain.Config
	chain.Endpoint
	tip  chain.Tip
	info chain.Memo[string, txInfo] // mined transactions' info
	trx  swapscout.AssetInfo
}

var _ swapscout.ChainWatcher = (*Watcher)(nil)

// New returns the watcher of the TronGrid endpoint at cfg.URL.
func New(cfg chain.Config) (*Watcher, error) {
	if err := cfg.Check("trongrid"); err != nil {
		return nil, err
	}
	cfg.URL = strings.TrimRight(cfg.URL, "/")
	trx, _ := swapscout.LookupAsset(swapscout.Asset{Ticker: "trx", Network: Network})
	w := &Watcher{cfg: cfg, Endpoint: chain.NewEndpoint(Network, "trongrid ("+cfg.Host()+")"), tip: chain.Tip{TTL: 3 * time.Second, Now: cfg.Now}, trx: trx}
	w.info.Max = 8192
	return w, nil
}

// FindTransfers implements swapscout.ChainWatcher.
func (w *Watcher) FindTransfers(ctx context.Context, q swapscout.TransferQuery) ([]swapscout.Transfer, error) {
	info, err := chain.CheckQuery(w.Networks(), q)
	if err != nil {
		return nil, err
	}
	addr, ok := chain.TronBase58(q.Address)
	if !ok {
		return nil, chain.Invalid("a TRON address is base58 (T…) or hex with the 41 prefix")
	}
	if q.TxID != "" {
		all, err := w.Transaction(ctx, Network, q.TxID)
		if err != nil {
			return nil, err
		}
		var out []swapscout.Transfer
		for _, t := range all {
			if t.Asset == info.Asset && chain.SameAddress(Network, t.To, addr) {
				out = append(out, t)
			}
		}
		return out, nil
	}
	query := url.Values{"only_to": {"true"}, "limit": {"50"}}
	if !q.Since.IsZero() {
		query.Set("min_timestamp", strconv.FormatInt(q.Since.UnixMilli(), 10))
	}
	var out []swapscout.Transfer
	if contract, token := swapscout.ChainToken(info.Asset); token {
		query.Set("contract_address", contract)
		rows, err := pages[trc20Row](ctx, w, "/v1/accounts/"+url.PathEscape(addr)+"/transactions/trc20", query)
		if err != nil {
			return nil, err
		}
		found, err := parseTRC20(info, contract, rows, addr)
		if err != nil {
			return nil, chain.BadAnswer(w.Name(), err)
		}
		for _, t := range found {
			ti, err := w.txInfo(ctx, t.TxID)
			if err != nil {
				return nil, err
			}
			if ti.mined() && ti.Receipt.Result != "SUCCESS" {
				continue // the contract call failed: nothing moved
			}
			t.Height = ti.BlockNumber
			out = append(out, t)
		}
	} else {
		rows, err := pages[txJSON](ctx, w, "/v1/accounts/"+url.PathEscape(addr)+"/transactions", query)
		if err != nil {
			return nil, err
		}
		if out, err = parseNative(w.trx, rows, addr); err != nil {
			return nil, chain.BadAnswer(w.Name(), err)
		}
	}
	return w.confirm(ctx, out)
}

// confirm sets confirmations from the tip, asked only when a transfer is
// mined.
func (w *Watcher) confirm(ctx context.Context, out []swapscout.Transfer) ([]swapscout.Transfer, error) {
	var tip int64
	for i := range out {
		if out[i].Height == 0 {
			out[i].Time = time.Time{}
			continue
		}
		if tip == 0 {
			var err error
			if tip, err = w.tipHeight(ctx); err != nil {
				return nil, err
			}
		}
		out[i].Confirmations = chain.Confirmations(tip, out[i].Height)
	}
	return out, nil
}

// pages reads the rows of a v1 list and of its next pages (by
// fingerprint) while they are full, up to MaxPages.
func pages[T any](ctx context.Context, w *Watcher, path string, query url.Values) ([]T, error) {
	var rows []T
	for page := 0; page < MaxPages; page++ {
		var env v1Envelope
		if err := w.do(ctx, chain.Request{Path: path + "?" + query.Encode()}, &env); err != nil {
			return nil, err
		}
		if !env.Success {
			return nil, chain.Error(w.Name(), swapscout.CodeBadResponse, "answered success=false: %s", venue.Clip(env.Error))
		}
		var got []T
		if err := json.Unmarshal(env.Data, &got); err != nil {
			return nil, chain.BadAnswer(w.Name(), err)
		}
		rows = append(rows, got...)
		if len(got) < 50 || env.Meta.Fingerprint == "" {
			break
		}
		query.Set("fingerprint", env.Meta.Fingerprint)
	}
	return rows, nil
}

// Transaction implements swapscout.ChainWatcher.
func (w *Watcher) Transaction(ctx context.Context, network, txid string) ([]swapscout.Transfer, error) {
	if network != Network {
		return nil, chain.Invalid("this chain watcher does not read network %q", network)
	}
	if !validTxID(txid) {
		return nil, chain.Invalid("a TRON transaction id is 64 hex digits")
	}
	txid = strings.ToLower(txid)
	var tx txJSON
	body, _ := json.Marshal(map[string]string{"value": txid})
	if err := w.do(ctx, chain.Request{Method: "POST", Path: "/wallet/gettransactionbyid", Body: body, ContentType: "application/json"}, &tx); err != nil {
		return nil, err
	}
	if tx.TxID == "" {
		return nil, swapscout.ErrTransactionNotFound
	}
	ti, err := w.txInfo(ctx, txid)
	if err != nil {
		return nil, err
	}
	out, err := parseTransaction(w.trx, tx, ti)
	if err != nil {
		return nil, chain.BadAnswer(w.Name(), err)
	}
	return w.confirm(ctx, out)
}

// txInfo is gettransactioninfobyid's answer, cached once mined; an empty
// answer (not in a block yet) is not cached.
func (w *Watcher) txInfo(ctx context.Context, txid string) (txInfo, error) {
	if ti, ok := w.info.Get(txid); ok {
		return ti, nil
	}
	var ti txInfo
	body, _ := json.Marshal(map[string]string{"value": txid})
	if err := w.do(ctx, chain.Request{Method: "POST", Path: "/wallet/gettransactioninfobyid", Body: body, ContentType: "application/json"}, &ti); err != nil {
		return txInfo{}, err
	}
	if err := ti.check(txid); err != nil {
		return txInfo{}, chain.BadAnswer(w.Name(), err)
	}
	if ti.mined() {
		w.info.Put(txid, ti)
	}
	return ti, nil
}

// tipHeight is the latest block's number, cached for a block (3 s).
func (w *Watcher) tipHeight(ctx context.Context) (int64, error) {
	return w.tip.Get(ctx, func(ctx context.Context) (int64, error) {
		var b blockJSON
		if err := w.do(ctx, chain.Request{Method: "POST", Path: "/wallet/getblock", Body: []byte(`{"detail":false}`), ContentType: "application/json"}, &b); err != nil {
			return 0, err
		}
		n := b.Header.Raw.Number
		if n <= 0 || n > 1<<40 {
			return 0, chain.Error(w.Name(), swapscout.CodeBadResponse, "latest block number %d", n)
		}
		return n, nil
	})
}

// do performs one call and decodes its JSON answer into v.
func (w *Watcher) do(ctx context.Context, req chain.Request, v any) error {
	if w.cfg.Key != "" {
		req.Header = append(req.Header, venue.Field{Key: "TRON-PRO-API-KEY", Value: w.cfg.Key})
	}
	return chain.Fetch(ctx, &w.cfg, w.Name(), req, func(status int, body []byte) error {
		if (status == 403 || status == 503 || status == 429) && bytes.Contains(bytes.ToLower(body), []byte("frequency limit")) {
			return &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: holdOff,
				Msg: w.Name() + ": over TronGrid's frequency limit (HTTP " + strconv.Itoa(status) + ")"}
		}
		if status != 200 {
			return chain.StatusError(w.Name(), status)
		}
		if err := json.Unmarshal(body, v); err != nil {
			return chain.BadAnswer(w.Name(), err)
		}
		return nil
	})
}

func validTxID(s string) bool { return chain.IsHexID(s) }
