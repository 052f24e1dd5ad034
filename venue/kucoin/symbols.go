package kucoin

import (
	_ "embed" // assets.txt
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/cex"
)

// assets.txt maps swapscout assets to KuCoin's currencies (baseCurrency and
// quoteCurrency of /api/v2/symbols, [DOC]) and the chainName of its
// /api/v3/currencies chains (the shape [DOC]; the names per coin [MEM]).
// KuCoin still lists XMR [MEM]. Not listed: FIRO (no KuCoin market [MEM]);
// USDC on TRON and TON (not offered [MEM]). The market list decides the
// rest: an asset without a market is unsupported_pair without a book call.
//
// Each line also gives the fee the venue withdraws the asset with
// (withdrawFeeSource says where the fees come from).
//
//go:embed assets.txt
var assetTable string

// symbols and withdrawFees are assets.txt, for the spec, then every other
// asset the catalogue says KuCoin lists (fromList: their fee is the live
// list's or unknown).
var symbols, withdrawFees, fromList = withCatalogue(cex.MustAssets(assetTable))

// withCatalogue adds to the hand table each catalogue asset whose listings
// name kucoin, under KuCoin's code as the catalogue recorded it
// ("CURRENCY/chainName", from GET /api/v3/currencies): its currency as the
// ticker and its chainName as the network, the pair parseNetworks keys the
// live list by. These assets have no withdrawal fee on record: the live
// list's withdrawalMinFee is their only source, and without it KuCoin does
// not pay them out here (cex.Spec.FeeFromListOnly). A code whose currency
// already stands for another of our tickers, or that another asset holds,
// is left out rather than guessed.
func withCatalogue(syms venue.Symbols[cex.Code], fees map[swapscout.Asset]swapscout.Amount) (
	venue.Symbols[cex.Code], map[swapscout.Asset]swapscout.Amount, map[swapscout.Asset]bool) {
	tickers := map[string]string{} // KuCoin currency → our ticker
	held := map[cex.Code]bool{}
	for a, c := range syms {
		tickers[c.Ticker] = a.Ticker
		held[c] = true
	}
	for _, b := range bridges {
		tickers[b.Ticker] = b.Asset
	}
	fromList := map[swapscout.Asset]bool{}
	for _, l := range swapscout.ListingsOf("kucoin") {
		if _, ok := syms[l.Asset]; ok {
			continue
		}
		cur, chain, ok := strings.Cut(l.Code, "/")
		code := cex.Code{Ticker: cur, Network: chain}
		if t, seen := tickers[cur]; !ok || cur == "" || chain == "" || held[code] || seen && t != l.Asset.Ticker {
			continue
		}
		tickers[cur], held[code] = l.Asset.Ticker, true
		syms[l.Asset] = code
		fromList[l.Asset] = true
	}
	return syms, fees, fromList
}

const withdrawFeeSource = "[MEM] kucoin.com/vip/withdrawal-fee, approximate 2025 values, for chains the live list " +
	"(/api/v3/currencies chains[].withdrawalMinFee, [DOC] field, read with the market list) does not cover"
