package solanarpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/btcsuite/btcd/btcutil/base58"

	"github.com/swapscout/swapscout"
)

// Wire shapes of the Solana JSON-RPC API (solana.com/docs/rpc), with only
// the fields read here.

// sigInfo is one entry of getSignaturesForAddress.
type sigInfo struct {
	Signature          string          `json:"signature"`
	Slot               int64           `json:"slot"`
	Err                json.RawMessage `json:"err"` // null when the transaction succeeded
	BlockTime          *int64          `json:"blockTime"`
	ConfirmationStatus string          `json:"confirmationStatus"`
}

func (s sigInfo) succeeded() bool { return isNull(s.Err) }

// sinceSlack allows for the difference between a block's time and the
// clock a query's Since was read from.
const sinceSlack = 5 * time.Minute

// olderThan reports whether the signature's block is older than since (a
// transaction before the swap existed cannot be its transfer).
func (s sigInfo) olderThan(since time.Time) bool {
	return !since.IsZero() && s.BlockTime != nil && *s.BlockTime < since.Add(-sinceSlack).Unix()
}

func checkSignatures(sigs []sigInfo) error {
	for _, s := range sigs {
		if len(base58.Decode(s.Signature)) != 64 || s.Slot <= 0 || s.Slot > 1<<45 {
			return fmt.Errorf("signature entry %q at slot %d", clip(s.Signature), s.Slot)
		}
	}
	return nil
}

// txResult is getTransaction's result.
type txResult struct {
	Slot      int64  `json:"slot"`
	BlockTime *int64 `json:"blockTime"`
	Meta      *struct {
		Err               json.RawMessage `json:"err"`
		PreBalances       []json.Number   `json:"preBalances"`
		PostBalances      []json.Number   `json:"postBalances"`
		PreTokenBalances  []tokenBalance  `json:"preTokenBalances"`
		PostTokenBalances []tokenBalance  `json:"postTokenBalances"`
		LoadedAddresses   *struct {
			Writable []string `json:"writable"`
			Readonly []string `json:"readonly"`
		} `json:"loadedAddresses"`
	} `json:"meta"`
	Transaction struct {
		Message struct {
			AccountKeys []accountKey `json:"accountKeys"`
		} `json:"message"`
	} `json:"transaction"`
}

// accountKey is an account of a transaction's message: a base58 string
// ("json" encoding) or an object with its pubkey ("jsonParsed").
type accountKey string

func (k *accountKey) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*k = accountKey(s)
		return nil
	}
	var o struct {
		Pubkey string `json:"pubkey"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return err
	}
	*k = accountKey(o.Pubkey)
	return nil
}

// tokenBalance is the Token Balances Structure of a transaction's meta.
type tokenBalance struct {
	AccountIndex  int    `json:"accountIndex"`
	Mint          string `json:"mint"`
	Owner         string `json:"owner"`
	UITokenAmount struct {
		Amount   string `json:"amount"` // base units, decimal digits
		Decimals int    `json:"decimals"`
	} `json:"uiTokenAmount"`
}

type tokenAccountsResult struct {
	Value []struct {
		Pubkey  string `json:"pubkey"`
		Account struct {
			Data struct {
				Parsed struct {
					Info struct {
						Mint  string `json:"mint"`
						Owner string `json:"owner"`
					} `json:"info"`
				} `json:"parsed"`
			} `json:"data"`
		} `json:"account"`
	} `json:"value"`
}

func isNull(r json.RawMessage) bool {
	r = bytes.TrimSpace(r)
	return len(r) == 0 || bytes.Equal(r, []byte("null"))
}

var errMeta = errors.New("transaction without its status metadata")

// received is a transfer and, for a token, the token account that
// received it (To is then its owner).
type received struct {
	swapscout.Transfer
	account string
}

// parseTransfers reads what a transaction moved: every account whose SOL
// balance grew (a SOL transfer to that account), and every owner whose
// balance of a catalogue mint grew (a token transfer to that owner; Index
// is the token account's index). A failed transaction moved nothing.
func parseTransfers(sol swapscout.AssetInfo, sig string, tx txResult) ([]received, error) {
	if tx.Meta == nil {
		return nil, errMeta
	}
	if !isNull(tx.Meta.Err) {
		return nil, nil
	}
	if tx.Slot <= 0 || tx.Slot > 1<<45 || tx.BlockTime == nil || *tx.BlockTime <= 0 || *tx.BlockTime > 1<<40 {
		return nil, fmt.Errorf("transaction %s: slot %d, block time missing or implausible", clip(sig), tx.Slot)
	}
	at := time.Unix(*tx.BlockTime, 0).UTC()
	keys := make([]string, 0, len(tx.Transaction.Message.AccountKeys))
	for _, k := range tx.Transaction.Message.AccountKeys {
		keys = append(keys, string(k))
	}
	if la := tx.Meta.LoadedAddresses; la != nil && len(keys) < len(tx.Meta.PreBalances) {
		// "json" encoding lists a v0 transaction's lookup-table accounts
		// apart, writable then read-only, after the static keys.
		keys = append(keys, la.Writable...)
		keys = append(keys, la.Readonly...)
	}
	pre, post := tx.Meta.PreBalances, tx.Meta.PostBalances
	if len(pre) != len(post) || len(pre) > len(keys) {
		return nil, fmt.Errorf("transaction %s: %d accounts, %d and %d balances", clip(sig), len(keys), len(pre), len(post))
	}
	var out []received
	from := ""
	if len(keys) > 0 {
		from = keys[0] // the fee payer, first signer
	}
	for i := range pre {
		d, err := gain(string(pre[i]), string(post[i]))
		if err != nil {
			return nil, fmt.Errorf("transaction %s: balance %d: %w", clip(sig), i, err)
		}
		if d == "" || i == 0 {
			continue // no gain; the fee payer pays, it does not receive
		}
		amt, err := swapscout.AmountFromUnits(d, sol.Decimals)
		if err != nil {
			return nil, fmt.Errorf("transaction %s: balance %d: %w", clip(sig), i, err)
		}
		out = append(out, received{Transfer: swapscout.Transfer{Network: Network, TxID: sig, Index: i, Asset: sol.Asset, From: from, To: keys[i],
			Amount: amt, Height: tx.Slot, Time: at}, account: keys[i]})
	}
	before := map[int]tokenBalance{}
	for _, b := range tx.Meta.PreTokenBalances {
		before[b.AccountIndex] = b
	}
	for _, b := range tx.Meta.PostTokenBalances {
		info, ok := swapscout.ChainTokenByContract(Network, b.Mint)
		if !ok || b.AccountIndex < 0 || b.AccountIndex >= len(keys) {
			continue
		}
		if b.UITokenAmount.Decimals != info.Decimals {
			return nil, fmt.Errorf("transaction %s: %s with %d decimals, the catalogue says %d", clip(sig), info.Asset, b.UITokenAmount.Decimals, info.Decimals)
		}
		p := before[b.AccountIndex]
		if p.Mint != "" && p.Mint != b.Mint {
			return nil, fmt.Errorf("transaction %s: account %d changed mint", clip(sig), b.AccountIndex)
		}
		preAmt := p.UITokenAmount.Amount
		if preAmt == "" {
			preAmt = "0" // the account was created by this transaction
		}
		d, err := gain(preAmt, b.UITokenAmount.Amount)
		if err != nil {
			return nil, fmt.Errorf("transaction %s: token balance %d: %w", clip(sig), b.AccountIndex, err)
		}
		if d == "" {
			continue
		}
		amt, err := swapscout.AmountFromUnits(d, info.Decimals)
		if err != nil {
			return nil, fmt.Errorf("transaction %s: token balance %d: %w", clip(sig), b.AccountIndex, err)
		}
		owner := b.Owner
		if owner == "" {
			owner = keys[b.AccountIndex] // older nodes omit the owner: the token account itself
		}
		mint, _ := swapscout.ChainToken(info.Asset)
		out = append(out, received{Transfer: swapscout.Transfer{Network: Network, TxID: sig, Index: b.AccountIndex, Asset: info.Asset, Contract: mint,
			From: from, To: owner, Amount: amt, Height: tx.Slot, Time: at}, account: keys[b.AccountIndex]})
	}
	return out, nil
}

var errUnits = errors.New("not a count of base units")

// gain returns post - pre as decimal digits when positive, "" when not.
func gain(pre, post string) (string, error) {
	a, ok1 := new(big.Int).SetString(pre, 10)
	b, ok2 := new(big.Int).SetString(post, 10)
	if !ok1 || !ok2 || a.Sign() < 0 || b.Sign() < 0 || len(pre) > 40 || len(post) > 40 {
		return "", fmt.Errorf("%w: %q → %q", errUnits, clip(pre), clip(post))
	}
	if b.Cmp(a) <= 0 {
		return "", nil
	}
	return b.Sub(b, a).String(), nil
}
