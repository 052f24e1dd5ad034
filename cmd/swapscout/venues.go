package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// runVenues lists every venue with its metadata, whether it is configured
// in this environment and whether it can create swaps here: the registry
// the server would build (its adapters do no I/O until asked), so the table
// and --json say what GET /v1/venues says.
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
	reg, err := venue.NewRegistry(all.Descriptors, venue.Options{Getenv: e.getenv})
	if err != nil {
		return err
	}
	infos := reg.Infos()
	if *asJSON {
		vs := make([]api.Venue, len(infos))
		for i, v := range infos {
			var a *api.Accuracy
			if va, ok := acc[v.ID]; ok {
				a = api.NewAccuracy(va, *window)
			}
			vs[i] = api.NewVenue(v, a)
		}
		b, err := api.AppendVenues(nil, vs)
		if err != nil {
			return err
		}
		if _, err := e.stdout.Write(b); err != nil {
			return err
		}
		_, err = fmt.Fprintln(e.stdout)
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tKIND\tCUSTODY\tKYC\tSWAPS\tKEY\tCONFIGURED\tFIXED\tREVERSE\tEVIDENCE\tTIMEOUT\tNETWORKS")
	for i, d := range all.Descriptors {
		v := infos[i]
		key := "-"
		if d.NeedsKey {
			key = d.EnvPrefix() + "API_KEY"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.ID, v.Name, v.Kind.Label(), custodyWords(v.Custody),
			v.KYC.String(), swapsWords(v, d), key, yes(v.Configured), yes(v.FixedRate), yes(v.Reverse), v.Evidence, d.Timeout,
			strings.Join(v.Networks, ","))
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "\n%d venues. SWAPS: whether a swap can be made there from here (\"with key\": once its key is set; order books need an account).\n", len(all.Descriptors))
	printAccuracy(e.stdout, acc, *window)
	brd, err := readBoard(ctx, db, *window)
	if err != nil {
		return err
	}
	printBoard(e.stdout, brd)
	return nil
}

// readBoard computes the outcome board over window from the swap database
// db names; nil when there is none (it is never created here).
func readBoard(ctx context.Context, f dbFlags, window time.Duration) (*swapscout.Board, error) {
	db, err := openExistingDB(ctx, f)
	if err != nil || db == nil {
		return nil, err
	}
	defer db.Close()
	return (&swaps.Board{Swaps: db, Window: window}).Board(ctx)
}

// printBoard prints the outcome board as a table, when there is a swap
// database: what each venue's swaps came to, and what the chain showed.
func printBoard(w io.Writer, b *swapscout.Board) {
	if b == nil {
		return
	}
	fmt.Fprintf(w, "\noutcome board over the last %s (DELIVERED: median and p10 of what the chain showed paid against the promise; UNVERIFIED: paid per the venue, not on chain; VENUE-WORD: payouts no chain endpoint could check):\n", b.Window)
	if len(b.Venues) == 0 {
		fmt.Fprintln(w, "no swaps")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VENUE\tSWAPS\tFINISHED\tREFUNDED\tFAILED\tHELD\tLATE\tOPEN\tDEPOSIT→PAYOUT\tDELIVERED\tUNVERIFIED\tVENUE-WORD")
	lines := slices.Clone(b.Venues)
	for _, g := range b.Groups { // then per pair and US dollar bracket
		v := g.VenueBoard
		v.Venue = fmt.Sprintf("%s %s>%s $%s", v.Venue, g.From, g.To, g.Bracket)
		lines = append(lines, v)
	}
	for _, v := range lines {
		took, delivered := "-", "-"
		if v.Timed > 0 {
			took = v.MedianTime.Round(time.Second).String() + " (p90 " + v.P90Time.Round(time.Second).String() + ")"
		}
		if v.OnChain > 0 {
			delivered = fmt.Sprintf("%s / %s of %d", v.MedianDelivered, v.P10Delivered, v.OnChain)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%d\t%d\n", v.Venue, v.Swaps, v.Finished, v.Refunded, v.Failed,
			v.Held, v.Late, v.Open, took, delivered, v.Unverified, v.VenueWord)
	}
	tw.Flush()
}

func custodyWords(c swapscout.Custody) string {
	if c == swapscout.NonCustodial {
		return "non-custodial"
	}
	return "custodial"
}

// swapsWords says whether swaps can be made at v: "yes" (its adapter
// creates swaps and is configured), "with key" (it would, once its key is
// set), "no".
func swapsWords(v swapscout.VenueInfo, d *venue.Descriptor) string {
	switch {
	case v.CanSwap:
		return "yes"
	case !v.Configured && canSwapOnceConfigured(d):
		return "with key"
	}
	return "no"
}

// canSwapOnceConfigured reports whether d's adapter creates swaps when it
// has its key: it is built with placeholder credentials (New does no I/O)
// and asked, as the registry asks a configured one.
func canSwapOnceConfigured(d *venue.Descriptor) bool {
	q, err := d.New(venue.Config{BaseURL: d.BaseURL, APIKey: "placeholder", APISecret: "placeholder", Now: time.Now})
	if err != nil {
		return false
	}
	_, ok := q.(swapscout.Swapper)
	return ok
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
