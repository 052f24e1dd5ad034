// Package solanarpc watches Solana (SOL and SPL tokens: USDT, USDC)
// through the Solana JSON-RPC API, which every Solana RPC node and provider
// serves.
//
// Calls (JSON-RPC 2.0, POST to the configured URL, commitment "confirmed"):
//
//	getSlot                   the tip slot (cached for a few slots)
//	getSignaturesForAddress   the newest signatures touching an account, 50 a page
//	getTransaction            one transaction, jsonParsed (cached once finalized)
//	getTokenAccountsByOwner   the token accounts a wallet holds for a mint
//
// SOL: a transaction's meta holds every account's balance before and after
// (preBalances, postBalances, in lamports): what the address gained is the
// transfer. SPL tokens move between token accounts, not wallets: the
// wallet's token accounts for the mint (its associated token account, and
// any other) are found with getTokenAccountsByOwner, their signatures
// read, and each transaction's preTokenBalances/postTokenBalances give what
// the wallet's accounts of that mint gained. An address that is itself a
// token account is read the same way. A failed transaction (meta.err) moved
// nothing. Confirmations count slots from the transaction's to the tip;
// Final is Solana's "finalized" commitment (about 32 slots).
//
// Not seen: transfers older than the pages read (MaxPages × 50 signatures
// per account), and SOL moved into an account by a program without a
// balance change visible in the transaction's meta (none that the runtime
// allows).
package solanarpc

import (
	"context"
	"strings"
	"time"

	"github.com/btcsuite/btcd/btcutil/base58"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// Network is the swapscout network this package reads.
const Network = "sol"

// MaxPages bounds the signature pages (of 50) one account's query reads.
const MaxPages = 3

// pageSize is the signatures one getSignaturesForAddress call asks for.
const pageSize = 50

// Watcher reads Solana from one JSON-RPC endpoint.
type Watcher struct {
	cfg chain.Config
	chain.Endpoint
	tip  chain.Tip
	sol  swapscout.AssetInfo
	txs  chain.Memo[string, txResult] // finalized transactions
	accs chain.Memo[string, []string] // owner+mint → token accounts (non-empty answers only)
}

var _ swapscout.ChainWatcher = (*Watcher)(nil)

// New returns the watcher of the Solana endpoint at cfg.URL.
func New(cfg chain.Config) (*Watcher, error) {
	if err := cfg.Check("solanarpc"); err != nil {
		return nil, err
	}
	sol, _ := swapscout.LookupAsset(swapscout.Asset{Ticker: "sol", Network: Network})
	w := &Watcher{cfg: cfg, Endpoint: chain.NewEndpoint(Network, "solanarpc ("+cfg.Host()+")"), tip: chain.Tip{TTL: 2 * time.Second, Now: cfg.Now}, sol: sol}
	w.txs.Max, w.accs.Max = 8192, 4096
	return w, nil
}

// FindTransfers implements swapscout.ChainWatcher.
func (w *Watcher) FindTransfers(ctx context.Context, q swapscout.TransferQuery) ([]swapscout.Transfer, error) {
	info, err := chain.CheckQuery(w.Networks(), q)
	if err != nil {
		return nil, err
	}
	if len(base58.Decode(q.Address)) != 32 {
		return nil, chain.Invalid("a Solana address is base58 of 32 bytes")
	}
	mint, token := swapscout.ChainToken(info.Asset)
	if q.TxID != "" {
		if len(base58.Decode(q.TxID)) != 64 {
			return nil, chain.Invalid("a Solana transaction id is a base58 signature of 64 bytes")
		}
		tx, found, err := w.transaction(ctx, q.TxID, false)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, swapscout.ErrTransactionNotFound
		}
		got, err := parseTransfers(w.sol, q.TxID, tx)
		if err != nil {
			return nil, chain.BadAnswer(w.Name(), err)
		}
		var out []swapscout.Transfer
		for _, r := range got {
			if r.Asset == info.Asset && (r.To == q.Address || r.account == q.Address) {
				t := r.Transfer
				t.To = q.Address
				out = append(out, t)
			}
		}
		return w.confirm(ctx, out)
	}
	accounts := []string{q.Address}
	if token {
		more, err := w.tokenAccounts(ctx, q.Address, mint)
		if err != nil {
			return nil, err
		}
		accounts = append(accounts, more...)
	}
	seen := map[string]bool{}
	var out []swapscout.Transfer
	for _, acc := range accounts {
		sigs, err := w.signatures(ctx, acc, q.Since)
		if err != nil {
			return nil, err
		}
		for _, s := range sigs {
			if seen[s.Signature] || !s.succeeded() || s.olderThan(q.Since) {
				continue
			}
			seen[s.Signature] = true
			tx, found, err := w.transaction(ctx, s.Signature, s.ConfirmationStatus == "finalized")
			if err != nil {
				return nil, err
			}
			if !found {
				continue // listed but not served yet by this backend: next poll
			}
			got, err := parseTransfers(w.sol, s.Signature, tx)
			if err != nil {
				return nil, chain.BadAnswer(w.Name(), err)
			}
			for _, r := range got {
				if r.Asset != info.Asset || r.To != q.Address && r.account != q.Address {
					continue
				}
				t := r.Transfer
				t.To = q.Address // the wallet, or the token account asked
				t.Final = s.ConfirmationStatus == "finalized"
				out = append(out, t)
			}
		}
	}
	return w.confirm(ctx, out)
}

// Transaction implements swapscout.ChainWatcher: every positive SOL
// balance change, and every positive change of a catalogue token's balance
// by owner.
func (w *Watcher) Transaction(ctx context.Context, network, sig string) ([]swapscout.Transfer, error) {
	if network != Network {
		return nil, chain.Invalid("this chain watcher does not read network %q", network)
	}
	if len(base58.Decode(sig)) != 64 {
		return nil, chain.Invalid("a Solana transaction id is a base58 signature of 64 bytes")
	}
	tx, found, err := w.transaction(ctx, sig, false)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, swapscout.ErrTransactionNotFound
	}
	got, err := parseTransfers(w.sol, sig, tx)
	if err != nil {
		return nil, chain.BadAnswer(w.Name(), err)
	}
	out := make([]swapscout.Transfer, 0, len(got))
	for _, r := range got {
		out = append(out, r.Transfer)
	}
	return w.confirm(ctx, out)
}

// confirm sets confirmations (slots to the tip).
func (w *Watcher) confirm(ctx context.Context, out []swapscout.Transfer) ([]swapscout.Transfer, error) {
	if len(out) == 0 {
		return nil, nil
	}
	tip, err := w.tipSlot(ctx)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Confirmations = chain.Confirmations(tip, out[i].Height)
	}
	return out, nil
}

// signatures lists the account's successful and failed signatures newest
// first, paging back while a full page is newer than since.
func (w *Watcher) signatures(ctx context.Context, account string, since time.Time) ([]sigInfo, error) {
	var all []sigInfo
	opts := map[string]any{"limit": pageSize, "commitment": "confirmed"}
	for page := 0; page < MaxPages; page++ {
		var sigs []sigInfo
		if _, err := chain.Call(ctx, &w.cfg, w.Name(), "getSignaturesForAddress", []any{account, opts}, &sigs); err != nil {
			return nil, err
		}
		if err := checkSignatures(sigs); err != nil {
			return nil, chain.BadAnswer(w.Name(), err)
		}
		all = append(all, sigs...)
		if len(sigs) < pageSize || since.IsZero() {
			break
		}
		last := sigs[len(sigs)-1]
		if last.BlockTime != nil && *last.BlockTime < since.Unix() {
			break
		}
		opts = map[string]any{"limit": pageSize, "commitment": "confirmed", "before": last.Signature}
	}
	return all, nil
}

// transaction is getTransaction's answer, from the cache when finalized.
func (w *Watcher) transaction(ctx context.Context, sig string, finalized bool) (txResult, bool, error) {
	if tx, ok := w.txs.Get(sig); ok {
		return tx, true, nil
	}
	var tx txResult
	found, err := chain.Call(ctx, &w.cfg, w.Name(), "getTransaction", []any{sig, map[string]any{
		"encoding": "jsonParsed", "maxSupportedTransactionVersion": 0, "commitment": "confirmed",
	}}, &tx)
	if err != nil || !found {
		return txResult{}, false, err
	}
	if finalized {
		w.txs.Put(sig, tx)
	}
	return tx, true, nil
}

// tokenAccounts are the owner's token accounts for mint; a non-empty answer
// is cached (an account, once created, stays the owner's), an empty one
// asked again next time (the first deposit creates the account).
func (w *Watcher) tokenAccounts(ctx context.Context, owner, mint string) ([]string, error) {
	key := owner + "/" + mint
	if accs, ok := w.accs.Get(key); ok {
		return accs, nil
	}
	var res tokenAccountsResult
	_, err := chain.Call(ctx, &w.cfg, w.Name(), "getTokenAccountsByOwner", []any{owner, map[string]string{"mint": mint},
		map[string]any{"encoding": "jsonParsed", "commitment": "confirmed"}}, &res)
	if err != nil {
		return nil, err
	}
	var accs []string
	for _, a := range res.Value {
		if len(base58.Decode(a.Pubkey)) != 32 {
			return nil, chain.Error(w.Name(), swapscout.CodeBadResponse, "token account %q is not a Solana address", clip(a.Pubkey))
		}
		if p := a.Account.Data.Parsed.Info; p.Mint != "" && (p.Mint != mint || p.Owner != owner) {
			continue // a parsed account of another mint or owner: not what was asked
		}
		accs = append(accs, a.Pubkey)
	}
	if len(accs) > 0 {
		w.accs.Put(key, accs)
	}
	return accs, nil
}

// tipSlot is the latest confirmed slot, cached.
func (w *Watcher) tipSlot(ctx context.Context) (int64, error) {
	return w.tip.Get(ctx, func(ctx context.Context) (int64, error) {
		var slot int64
		found, err := chain.Call(ctx, &w.cfg, w.Name(), "getSlot", []any{map[string]string{"commitment": "confirmed"}}, &slot)
		if err != nil {
			return 0, err
		}
		if !found || slot <= 0 || slot > 1<<45 {
			return 0, chain.Error(w.Name(), swapscout.CodeBadResponse, "getSlot answered %d", slot)
		}
		return slot, nil
	})
}

func clip(s string) string {
	if len(s) > 70 {
		return s[:70] + "…"
	}
	return strings.TrimSpace(s)
}
