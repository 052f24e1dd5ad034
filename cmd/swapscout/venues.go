package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// runVenues lists every venue with its metadata and whether it is configured
// in this environment.
func runVenues(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("venues", "venues [flags]", e.stderr)
	asJSON := fs.Bool("json", false, "print the venues as GET /v1/venues does")
	var db dbFlags
	db.register(fs, e.getenv)
	window := fs.Duration("accuracy-window", 30*24*time.Hour, "accuracy figures cover the swaps finished within this window")
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	acc, err := readAccuracy(ctx, db, *window)
	if err != nil {
		return err
	}
	configured := func(d *venue.Descriptor) bool {
		return (!d.NeedsKey || e.getenv(d.EnvPrefix()+"API_KEY") != "") && (!d.NeedsSecret || e.getenv(d.EnvPrefix()+"API_SECRET") != "")
	}
	if *asJSON {
		infos := make([]swapscout.VenueInfo, len(all.Descriptors))
		for i, d := range all.Descriptors {
			infos[i] = d.Info(configured(d))
		}
		deps := httpapi.Deps{Venues: func() []swapscout.VenueInfo { return infos }, Logger: slog.New(slog.DiscardHandler)}
		if acc != nil {
			deps.Accuracy = func(context.Context) (map[string]swapscout.VenueAccuracy, error) { return acc, nil }
			deps.AccuracyWindow = *window
		}
		h := httpapi.NewHandler(deps)
		resp := h.Serve(&httpapi.Request{Ctx: ctx, Method: "GET", Path: []byte("/v1/venues")})
		if _, err := e.stdout.Write(append(resp.Head, resp.Body...)); err != nil {
			return err
		}
		_, err := fmt.Fprintln(e.stdout)
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tKIND\tKYC\tKEY\tCONFIGURED\tFIXED\tREVERSE\tEVIDENCE\tTIMEOUT")
	for _, d := range all.Descriptors {
		key := "-"
		if d.NeedsKey {
			key = d.EnvPrefix() + "API_KEY"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.ID, d.Name, strings.ReplaceAll(string(d.Kind), "_", " "), d.KYC.String(),
			key, yes(configured(d)), yes(d.FixedRate), yes(d.Reverse), d.Evidence, d.Timeout)
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\n%d venues\n", len(all.Descriptors))
	printAccuracy(e.stdout, acc, *window)
	return nil
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
