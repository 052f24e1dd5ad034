package simpleswap

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/simpleswap"
)

// currencies lists what this simulator quotes in GET /v3/currencies's
// shape (venue/simpleswap list.go): every asset it prices under the
// adapter's ticker and network, with the catalogue's name and contract
// (null for a network's own coin) and an extra id on a memo network. So
// the catalogue refreshed from the simulator lists the same assets again.
func currencies(x *sim.Exchange) []simpleswap.Currency {
	out := []simpleswap.Currency{}
	for _, info := range x.Assets() {
		c, ok := simpleswap.Symbols.Code(info.Asset)
		if !ok {
			continue
		}
		cur := simpleswap.Currency{Name: info.Name, Ticker: c.Ticker, Network: c.Network, LegacySymbol: c.Ticker,
			HasExtraID: info.Memo}
		if info.Memo {
			cur.ExtraID = "Memo"
		}
		if e, ok := swapscout.LookupCatalogue(info.Asset); ok && e.Contract != "" {
			contract := e.Contract
			cur.ContractAddress = &contract
		}
		out = append(out, cur)
	}
	return out
}
