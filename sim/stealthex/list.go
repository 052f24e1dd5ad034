package stealthex

import (
	"cmp"
	"net/http"
	"net/url"
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
		limit, ok := intParam(w, q, "limit", stealthex.PageSize, 1, "limit must be a positive integer")
		if !ok {
			return
		}
		offset, ok := intParam(w, q, "offset", 0, 0, "offset must be a non-negative integer")
		if !ok {
			return
		}
		page := []stealthex.Currency{}
		if offset < len(all) {
			page = all[offset:min(len(all), offset+limit)]
		}
		writeJSON(w, http.StatusOK, page)
	}
}

// intParam reads the integer parameter name of q, def when it is absent; one
// that is not an integer of at least least is refused with InvalidData and
// msg (400), and ok is false.
func intParam(w http.ResponseWriter, q url.Values, name string, def, least int, msg string) (n int, ok bool) {
	s := q.Get(name)
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < least {
		writeErr(w, 400, "InvalidData", msg)
		return 0, false
	}
	return n, true
}
