package stealthex

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/stealthex"
)

// currencies lists what this simulator quotes in GET /v4/currencies's
// documented shape (venue/stealthex list.go): every asset of the adapter's
// table under its StealthEX symbol and network, with the catalogue's name
// and contract for it, both rate types, and an extra_id name on a memo
// network. So the catalogue refreshed from the simulator lists the same
// assets again. Sorted by network and symbol, so pages are stable.
func currencies() []stealthex.Currency {
	var out []stealthex.Currency
	for _, a := range stealthex.Symbols.Assets() {
		code := stealthex.Symbols[a]
		c := stealthex.Currency{Symbol: code.Symbol, Network: code.Network, LegacySymbol: code.Symbol, Name: a.Ticker,
			Rates: []string{"fixed", "floating"}, Features: []string{}}
		c.Warnings.Deposit, c.Warnings.Withdrawal = []string{}, []string{}
		if e, ok := swapscout.LookupCatalogue(a); ok {
			if e.Name != "" {
				c.Name = e.Name
			}
			if e.Contract != "" {
				contract := e.Contract
				c.ContractAddress = &contract
			}
		}
		if swapscout.NetworkMemo(a.Network) {
			memo := "Memo"
			c.ExtraID = &memo
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b stealthex.Currency) int {
		return cmp.Or(cmp.Compare(a.Network, b.Network), cmp.Compare(a.Symbol, b.Symbol))
	})
	return out
}

// listCurrencies answers one page of the list: limit (default
// stealthex.PageSize) items from offset, a short page at the end.
func listCurrencies(all []stealthex.Currency) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		limit, offset := stealthex.PageSize, 0
		if s := q.Get("limit"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				writeErr(w, 400, "InvalidData", "limit must be a positive integer")
				return
			}
			limit = n
		}
		if s := q.Get("offset"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				writeErr(w, 400, "InvalidData", "offset must be a non-negative integer")
				return
			}
			offset = n
		}
		page := []stealthex.Currency{}
		if offset < len(all) {
			page = all[offset:min(len(all), offset+limit)]
		}
		writeJSON(w, http.StatusOK, page)
	}
}
