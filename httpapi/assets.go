package httpapi

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/api"
)

// Paging of GET /v1/assets.
const (
	defaultAssetsLimit = 100
	maxAssetsLimit     = 1000
)

// handleAssets serves the catalogue: q matches ticker, name, symbol,
// network, CAIP-19 id or contract (case-insensitive substring); network and
// venue filter exactly; limit and cursor page through it.
func handleAssets() Action {
	return func(r *Request) (Response, error) {
		for _, name := range []string{"limit", "cursor"} {
			if r.HasQuery(name) && len(r.Query(name)) == 0 {
				return Response{}, swapscout.Errorf(swapscout.EINVALID, "%s is empty: leave it out or give a value", name)
			}
		}
		q := strings.ToLower(strings.TrimSpace(string(r.Query("q"))))
		network := strings.ToLower(string(r.Query("network")))
		venue := strings.ToLower(string(r.Query("venue")))
		limit, cursor := defaultAssetsLimit, 0
		if v := r.Query("limit"); len(v) > 0 {
			n, err := strconv.Atoi(string(v))
			if err != nil || n < 1 || n > maxAssetsLimit {
				return Response{}, swapscout.Errorf(swapscout.EINVALID, "limit must be a whole number from 1 to %d", maxAssetsLimit)
			}
			limit = n
		}
		if v := r.Query("cursor"); len(v) > 0 {
			n, err := strconv.Atoi(string(v))
			if err != nil || n < 0 {
				return Response{}, swapscout.Errorf(swapscout.EINVALID, "cursor must be a value from a previous page's next")
			}
			cursor = n
		}
		var match []swapscout.CatalogueEntry
		for _, e := range swapscout.Catalogue() {
			if network != "" && e.Network != network {
				continue
			}
			if venue != "" && !e.ListedBy(venue) {
				continue
			}
			if q != "" && !e.Matches(q) {
				continue
			}
			match = append(match, e)
		}
		page := api.Assets{Total: len(match)}
		page.Generated, _ = swapscout.CatalogueInfo()
		if cursor < len(match) {
			end := min(cursor+limit, len(match))
			for _, e := range match[cursor:end] {
				page.Assets = append(page.Assets, api.NewAsset(e, address.Known(e.Network)))
			}
			if end < len(match) {
				v := url.Values{"limit": {strconv.Itoa(limit)}, "cursor": {strconv.Itoa(end)}}
				for k, s := range map[string]string{"q": q, "network": network, "venue": venue} {
					if s != "" {
						v.Set(k, s)
					}
				}
				page.Next = "/v1/assets?" + v.Encode()
			}
		}
		return jsonOK(api.AppendAssets(nil, page))
	}
}
