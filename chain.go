package swapscout

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The chain capability: what a public chain API shows of the transfers that
// reached an address. A venue's word about a swap (deposit seen, payout sent,
// amount received) is data to verify; a ChainWatcher is how it is verified,
// for deposits and payouts alike.

// Transfer is one movement of an asset to an address, as a chain shows it.
// A transaction can hold several (the outputs of a Bitcoin transaction, the
// Transfer events of an EVM receipt); TxID and Index together name one.
type Transfer struct {
	Network string // swapscout network code ("btc", "eth", …)
	// TxID is the transaction id as the network's explorers write it:
	// 64 hex digits for UTXO chains and TRON, 0x and 64 hex digits for EVM
	// chains, a base58 signature for Solana.
	TxID string
	// Index says which part of the transaction: the output index (UTXO
	// chains), the log index (EVM tokens), the account index (Solana
	// balances), the contract or log index (TRON); -1 for the native value
	// of an EVM or TRON transaction.
	Index int
	Asset Asset // the catalogue asset moved
	// Contract is the token contract or mint, as ChainTokens writes it;
	// empty for the network's native coin.
	Contract string
	// From is the sender when the format names one (EVM, TRON, Solana
	// token owners); empty for UTXO chains, whose inputs are many.
	From string
	To   string // recipient, in the form the chain shows it
	// Amount is exact, in Asset units (satoshis, wei, sun, lamports and
	// token base units scaled by the asset's decimals).
	Amount Amount
	// Height is the block height (the slot on Solana); 0 while the
	// transaction waits in the mempool.
	Height int64
	// Confirmations counts the blocks from Height to the tip, Height's own
	// included (slots on Solana); 0 while unconfirmed.
	Confirmations int64
	// Final says the endpoint itself calls the transaction final (Solana's
	// "finalized" commitment); elsewhere finality is judged by
	// Confirmations against ChainConfirmations.
	Final bool
	// Time is the block's time; zero while unconfirmed.
	Time time.Time
}

// Confirmed reports whether t is in a block.
func (t Transfer) Confirmed() bool { return t.Height > 0 }

// TransferQuery asks for the transfers of one asset that reached one address.
type TransferQuery struct {
	Network string
	Address string // as the user or the venue gave it
	Asset   Asset  // a catalogue asset on Network: its contract or mint comes from ChainTokens
	// Since bounds the search back in time: transfers confirmed before it
	// may be left out (implementations page back at least to it, within
	// their documented limits). Zero looks at the endpoint's first page.
	Since time.Time
	// TxID, when known (a venue's payout transaction, a user's deposit),
	// restricts the answer to that transaction.
	TxID string
}

// ChainWatcher reads one or more networks through a public chain API
// (implementations: chain/esplora, chain/evmrpc, chain/trongrid,
// chain/solanarpc). Every call has a deadline and a capped answer; errors
// are *VenueError values with a FailureCode (unavailable, timeout,
// rate_limited with RetryAfter, bad_response), EINVALID *Error values for
// queries the watcher cannot serve, or ErrTransactionNotFound.
type ChainWatcher interface {
	// Networks lists the swapscout network codes this watcher reads.
	Networks() []string
	// FindTransfers returns the transfers of q.Asset that reached
	// q.Address (confirmed or in the mempool), in no particular order. A
	// transfer the address made to itself (change) is not incoming and is
	// left out. Failed transactions are left out.
	FindTransfers(ctx context.Context, q TransferQuery) ([]Transfer, error)
	// Transaction returns the transfers of catalogue assets that
	// transaction txid made on network, to any address; ErrTransactionNotFound
	// when the endpoint does not know it (yet).
	Transaction(ctx context.Context, network, txid string) ([]Transfer, error)
}

// ErrTransactionNotFound is returned by ChainWatcher.Transaction for a
// transaction the endpoint does not know: never broadcast, dropped, or not
// yet propagated to it.
var ErrTransactionNotFound = errors.New("transaction not found on chain")

// ErrNotVerifiable is the cause of the error for a network whose public
// chain data cannot show who received what (see ChainUnverifiable).
var ErrNotVerifiable = errors.New("transfers on this network cannot be verified from public chain data")

// ChainUnverifiable names the networks whose transfers a public chain API
// cannot show, with the reason in words for the user: for them a swap's
// deposit and payout stay the venue's word.
var ChainUnverifiable = map[string]string{
	"xmr": "Monero hides amounts and recipients: a payout can only be checked with the recipient's view key (not supported yet), so this is the venue's word",
}

// ChainVerifiable returns nil for a network whose transfers a chain API can
// show, or an error wrapping ErrNotVerifiable that says why not.
func ChainVerifiable(network string) error {
	if why, ok := ChainUnverifiable[network]; ok {
		return fmt.Errorf("%s: %w", why, ErrNotVerifiable)
	}
	return nil
}

// ChainTokens maps each catalogue token to its contract (EVM, TRON) or mint
// (Solana), in the form the network's explorers write it. Assets absent
// here are their network's native coin. Sources: the issuers' published
// addresses, as every major wallet's token list repeats them (checked
// against several public token lists; see docs/chain.md).
var ChainTokens = map[Asset]string{
	{"usdt", "eth"}:      "0xdAC17F958D2ee523a2206206994597C13D831ec7",
	{"usdt", "trx"}:      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
	{"usdt", "bsc"}:      "0x55d398326f99059fF775485246999027B3197955",
	{"usdt", "sol"}:      "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
	{"usdt", "matic"}:    "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
	{"usdt", "arbitrum"}: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9",
	{"usdt", "avaxc"}:    "0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7",
	{"usdc", "eth"}:      "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
	{"usdc", "sol"}:      "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
	{"usdc", "bsc"}:      "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
	// Circle's native USDC on Polygon, not the bridged USDC.e
	// (0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174).
	{"usdc", "matic"}: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
	{"usdc", "base"}:  "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
	// Circle's native USDC on Arbitrum, not the bridged USDC.e.
	{"usdc", "arbitrum"}: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
	{"dai", "eth"}:       "0x6B175474E89094C44Da98b954EedeAC495271d0F",
}

// ChainToken returns a's contract or mint and true, or "" and false for a
// native coin (or an asset the table lacks).
func ChainToken(a Asset) (string, bool) {
	c, ok := ChainTokens[a]
	return c, ok
}

// ChainTokenByContract finds the catalogue asset whose contract or mint on
// network is contract (EVM contracts compared without regard to case).
func ChainTokenByContract(network, contract string) (AssetInfo, bool) {
	for a, c := range ChainTokens {
		if a.Network == network && (c == contract || strings.HasPrefix(c, "0x") && strings.EqualFold(c, contract)) {
			return LookupAsset(a)
		}
	}
	return AssetInfo{}, false
}

// ChainNative reports whether a is its network's native coin (BTC on btc,
// ETH on arbitrum, POL on matic) rather than a token.
func ChainNative(a Asset) bool {
	_, token := ChainTokens[a]
	_, known := LookupAsset(a)
	return known && !token
}

// ChainConfirmations is how many confirmations make a transfer settled on
// each network, as swapscout judges it: near what large exchanges credit
// deposits at. Networks not listed need 1. A transfer an endpoint marks
// Final is settled whatever its count.
var ChainConfirmations = map[string]int64{
	"btc": 2, "ltc": 6, "bch": 6, "doge": 6,
	"eth": 12, "bsc": 15, "matic": 128, "avaxc": 1,
	"arbitrum": 1, "base": 1, "op": 1, // rollups: sequencer inclusion; L1 finality comes later
	"trx": 19, // TRON's solidity (irreversible) depth
	"sol": 32, // slots to "finalized"
}

// ChainSettled reports whether t has the confirmations its network needs.
func ChainSettled(t Transfer) bool {
	if t.Final {
		return true
	}
	need, ok := ChainConfirmations[t.Network]
	if !ok {
		need = 1
	}
	return t.Height > 0 && t.Confirmations >= need
}

// errUnits is the cause of AmountFromUnits's errors.
var errUnits = errors.New("not a base-unit amount")

// AmountFromUnits turns an integer count of base units (satoshis, wei,
// lamports, as decimal digits without sign or separators) into the exact
// Amount of an asset with that many decimals: "2546637" with 8 decimals is
// 0.02546637. Counts too large for an Amount are ErrAmountRange; it does
// not allocate unless it fails.
func AmountFromUnits(units string, decimals int) (Amount, error) {
	if len(units) == 0 || decimals < 0 || decimals > MaxScale {
		return Amount{}, fmt.Errorf("%w: %q with %d decimals", errUnits, clip(units), decimals)
	}
	for i := 0; i < len(units); i++ {
		if !isDigit(units[i]) {
			return Amount{}, fmt.Errorf("%w: %q", errUnits, clip(units))
		}
	}
	// Strip leading zeros so the coefficient check sees significant digits only.
	for len(units) > 1 && units[0] == '0' {
		units = units[1:]
	}
	var buf [96]byte
	if len(units)+decimals+2 > len(buf) {
		return Amount{}, fmt.Errorf("%w: %q", ErrAmountRange, clip(units))
	}
	b := buf[:0]
	if pad := decimals - len(units); pad >= 0 {
		b = append(b, '0')
		if decimals > 0 {
			b = append(b, '.')
			for range pad {
				b = append(b, '0')
			}
			b = append(b, units...)
		}
	} else {
		b = append(b, units[:len(units)-decimals]...)
		if decimals > 0 {
			b = append(b, '.')
			b = append(b, units[len(units)-decimals:]...)
		}
	}
	return ParseAmountBytes(b)
}

// AmountUnits is the inverse of AmountFromUnits: the integer count of base
// units of a, for an asset with that many decimals. a must be valid, not
// negative, and have no more fractional digits than decimals allow.
func AmountUnits(a Amount, decimals int) (string, error) {
	if !a.Valid() || a.Sign() < 0 || decimals < 0 || decimals > MaxScale {
		return "", fmt.Errorf("%w: %s with %d decimals", errUnits, a, decimals)
	}
	if a.Round(decimals, RoundDown).Cmp(a) != 0 {
		return "", fmt.Errorf("%w: %s has more than %d decimals", errUnits, a, decimals)
	}
	s := a.String()
	whole, frac, _ := strings.Cut(s, ".")
	frac += strings.Repeat("0", decimals-len(frac))
	out := strings.TrimLeft(whole+frac, "0")
	if out == "" {
		out = "0"
	}
	return out, nil
}
