package exolix

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/exolix"
)

// evmNative is the contract Exolix names for an EVM chain's own coin (ETH
// on Ethereum in the recorded transaction).
const evmNative = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

// currencies lists what this simulator quotes in GET /api/v2/currencies's
// shape (venue/exolix list.go): one coin per Exolix coin code, with a
// network for each of its assets in the adapter's table, the catalogue's
// name and contract (EVM natives the 0xeee…e placeholder), and memoNeeded
// on a memo network. So the catalogue refreshed from the simulator lists
// the same assets again. Sorted by code and network, so pages are stable.
func currencies() []exolix.Currency {
	byCoin := map[string]*exolix.Currency{}
	for _, a := range exolix.Symbols.Assets() {
		code := exolix.Symbols[a]
		c := byCoin[code.Coin]
		if c == nil {
			c = &exolix.Currency{Code: code.Coin, Name: code.Coin, Networks: []exolix.Network{}}
			byCoin[code.Coin] = c
		}
		n := exolix.Network{Network: code.Network, Name: a.Network, Precision: 8}
		if e, ok := swapscout.LookupCatalogue(a); ok {
			if e.Name != "" && c.Name == c.Code {
				c.Name = e.Name
			}
			if e.Contract != "" {
				contract := e.Contract
				n.Contract = &contract
			}
		}
		if nw, ok := swapscout.LookupNetwork(a.Network); ok && n.Contract == nil && nw.Family == "evm" {
			contract := evmNative
			n.Contract = &contract
		}
		if swapscout.NetworkMemo(a.Network) {
			n.MemoNeeded = true
		}
		c.Networks = append(c.Networks, n)
	}
	out := make([]exolix.Currency, 0, len(byCoin))
	for _, c := range byCoin {
		slices.SortFunc(c.Networks, func(a, b exolix.Network) int { return cmp.Compare(a.Network, b.Network) })
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b exolix.Currency) int { return cmp.Compare(a.Code, b.Code) })
	return out
}

// listCurrencies answers one page of the list, {"data":[…],"count"}: size
// (default exolix.PageSize) coins of page (from 1), a short page at the
// end; without withNetworks=true the coins come without their networks,
// as Exolix documents.
func listCurrencies(all []exolix.Currency) http.HandlerFunc {
	bare := make([]exolix.Currency, len(all))
	for i, c := range all {
		c.Networks = nil
		bare[i] = c
	}
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		page, ok := intParam(w, q.Get("page"), "page", 1)
		if !ok {
			return
		}
		size, ok := intParam(w, q.Get("size"), "size", exolix.PageSize)
		if !ok {
			return
		}
		list := bare
		if q.Get("withNetworks") == "true" {
			list = all
		}
		data := []exolix.Currency{}
		if from := (page - 1) * size; from < len(list) {
			data = list[from:min(len(list), from+size)]
		}
		writeJSON(w, http.StatusOK, map[string]any{"data": data, "count": len(list)})
	}
}

// intParam reads a positive integer parameter, def when it is empty; any
// other value is refused in Exolix's validation shape (400 {"errors"}).
func intParam(w http.ResponseWriter, s, name string, def int) (int, bool) {
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		invalid(w, name, name+" must be a positive integer")
		return 0, false
	}
	return n, true
}
