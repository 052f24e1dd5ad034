package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/swapscout/swapscout/venue/all"
)

// runVenues lists every venue with its metadata and whether it is configured
// in this environment.
func runVenues(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("venues", "venues", e.stderr)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tKIND\tKYC\tKEY\tCONFIGURED\tFIXED\tREVERSE\tEVIDENCE\tTIMEOUT")
	for _, d := range all.Descriptors {
		key := "-"
		if d.NeedsKey {
			key = d.EnvPrefix() + "API_KEY"
		}
		configured := (!d.NeedsKey || e.getenv(d.EnvPrefix()+"API_KEY") != "") && (!d.NeedsSecret || e.getenv(d.EnvPrefix()+"API_SECRET") != "")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.ID, d.Name, strings.ReplaceAll(string(d.Kind), "_", " "), d.KYC.String(),
			key, yes(configured), yes(d.FixedRate), yes(d.Reverse), d.Evidence, d.Timeout)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\n%d venues\n", len(all.Descriptors))
	return nil
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
