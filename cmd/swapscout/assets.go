package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/api"
)

// runAssets lists the asset catalogue this binary carries, or the assets
// matching SEARCH, as GET /v1/assets answers them (the same catalogue and
// the same search): a person finds the code and network to quote with.
func runAssets(_ context.Context, args []string, e env) error {
	fs := newFlagSet("assets", "assets [flags] [SEARCH]", e.stderr)
	asJSON := fs.Bool("json", false, "print the assets as GET /v1/assets does (every match on one page)")
	network := fs.String("network", "", "only assets on this network (a code: eth, trx, sol, …)")
	venueID := fs.String("venue", "", "only assets this venue lists (a venue id)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageErrorf("assets takes one SEARCH at most (quote words that hold spaces); got %d", len(pos))
	}
	q := ""
	if len(pos) == 1 {
		q = strings.ToLower(strings.TrimSpace(pos[0]))
	}
	net, v := strings.ToLower(*network), strings.ToLower(*venueID)
	var match []api.Asset
	for _, a := range swapscout.Catalogue() {
		if (net == "" || a.Network == net) && (v == "" || a.ListedBy(v)) && (q == "" || a.Matches(q)) {
			match = append(match, api.NewAsset(a, address.Known(a.Network)))
		}
	}
	if *asJSON {
		page := api.Assets{Assets: match, Total: len(match)}
		page.Generated, _ = swapscout.CatalogueInfo()
		b, err := api.AppendAssets(nil, page)
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(b)
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CODE\tSYMBOL\tNAME\tNETWORK\tMEMO\tSWAPPABLE\tVENUES")
	for _, a := range match {
		swappable := "yes"
		if !a.Swappable {
			swappable = "no (no address rules)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", a.Code, a.Symbol, a.Name, a.NetworkName, yes(a.Memo), swappable,
			strings.Join(a.Venues, ","))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "\n%d of %d asset-networks. Quote one by its ticker and network (CODE is ticker@network): "+
		"swapscout quote TICKER btc 100 --from-network NETWORK\n", len(match), len(swapscout.Catalogue()))
	return err
}
