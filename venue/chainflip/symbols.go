package chainflip

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Code is Chainflip's name for an asset as the broker API writes it,
// "<ticker>.<chain>" (btc.btc, usdc.arb), and the name of its chain as a
// deposit channel's id spells it (Bitcoin, Ethereum). The ids, chains and
// decimals are those of the recorded asset list (testdata/assets.json,
// Cake's recording of GET /assets); TestSymbolsMatchAssets holds the map
// to it. Amounts travel in native units (10^decimals per coin), and the
// catalogue's decimals are Chainflip's for every mapped asset.
//
// Left out: dot.hub, usdc.hub and usdt.hub (Polkadot's Asset Hub, not the
// relay chain our dot@dot names), flip.eth and wbtc.eth (not in the
// catalogue).
type Code struct{ ID, Chain string }

// Symbols maps our assets to their Code.
var Symbols = venue.Symbols[Code]{
	{Ticker: "btc", Network: "btc"}:       {"btc.btc", "Bitcoin"},
	{Ticker: "eth", Network: "eth"}:       {"eth.eth", "Ethereum"},
	{Ticker: "eth", Network: "arbitrum"}:  {"eth.arb", "Arbitrum"},
	{Ticker: "sol", Network: "sol"}:       {"sol.sol", "Solana"},
	{Ticker: "trx", Network: "trx"}:       {"trx.tron", "Tron"},
	{Ticker: "usdc", Network: "eth"}:      {"usdc.eth", "Ethereum"},
	{Ticker: "usdc", Network: "arbitrum"}: {"usdc.arb", "Arbitrum"},
	{Ticker: "usdc", Network: "sol"}:      {"usdc.sol", "Solana"},
	{Ticker: "usdt", Network: "eth"}:      {"usdt.eth", "Ethereum"},
	{Ticker: "usdt", Network: "arbitrum"}: {"usdt.arb", "Arbitrum"},
	{Ticker: "usdt", Network: "sol"}:      {"usdt.sol", "Solana"},
	{Ticker: "usdt", Network: "trx"}:      {"usdt.tron", "Tron"},
}

// byID maps a Chainflip asset id to our asset and its decimals.
var byID = func() map[string]swapscout.AssetInfo {
	m := make(map[string]swapscout.AssetInfo, len(Symbols))
	for a, c := range Symbols {
		if info, ok := swapscout.LookupAsset(a); ok {
			m[c.ID] = info
		}
	}
	return m
}()

// tens returns 10^n as an Amount (n up to 30).
func tens(n int) swapscout.Amount { return powers[n] }

var powers = func() []swapscout.Amount {
	out := make([]swapscout.Amount, 31)
	p := "1"
	for i := range out {
		out[i] = swapscout.MustAmount(p)
		p += "0"
	}
	return out
}()

// FromNative turns a count of native units of an asset with dec decimals
// into coins, exactly.
func FromNative(n swapscout.Amount, dec int) swapscout.Amount {
	return n.Quo(tens(dec), dec, swapscout.RoundDown)
}

// ToNative turns coins into native units, rounded down to a whole unit.
func ToNative(a swapscout.Amount, dec int) swapscout.Amount {
	return a.Mul(tens(dec)).Round(0, swapscout.RoundDown)
}
