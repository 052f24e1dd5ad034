package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// applyOutcome prints what a record says of the swap's outcome that the
// last one did not: the refund, a hold, the venue waiting for the user, the
// swap running late; each of the last three with the support packet, once.
func (f *swapFollower) applyOutcome(ctx context.Context, sw *api.Swap) {
	w, pad := f.out, ""
	if !sw.AmountRefunded.IsZero() && !sw.AmountRefunded.Equal(f.last.AmountRefunded) {
		fmt.Fprintf(w, "%21s refunded %s %s\n", pad, sw.AmountRefunded, upper(sw.From))
	}
	if sw.RefundTx != "" && sw.RefundTx != f.last.RefundTx {
		fmt.Fprintf(w, "%21s refund tx %s\n", pad, sw.RefundTx)
	}
	if sw.Late() && !f.lateSeen {
		f.lateLine(sw.LateAt, sw)
	}
	help := false
	if sw.Status != f.last.Status {
		switch sw.Status {
		case swapscout.StatusHeld:
			fmt.Fprintf(w, "%21s %s holds this swap for verification (identity or source-of-funds checks): it goes on, or is refunded, once they end; answer its requests only through its support contact below\n", pad, sw.Venue)
			help = true
		case swapscout.StatusActionRequired:
			fmt.Fprintf(w, "%21s %s waits for you (a choice between going on and a refund, or the rest of a short deposit): write to its support with the packet below\n", pad, sw.Venue)
			help = true
		case swapscout.StatusRefunding:
			fmt.Fprintf(w, "%21s %s is sending your deposit back to %s\n", pad, sw.Venue, sw.RefundAddress)
		}
	}
	if help || (sw.Late() && !f.last.Late() && !sw.Terminal()) {
		f.offerPacket(ctx, sw)
	}
}

// lateLine prints the swap's late mark: what is usual for its venue, and
// what to do.
func (f *swapFollower) lateLine(at time.Time, sw *api.Swap) {
	f.lateSeen = true
	from := fmt.Sprintf("the %d of its swaps this server has seen finish", sw.UsualBasis)
	if sw.UsualBasis == 0 {
		from = "a default: this server has seen too few of its swaps finish"
	}
	if at.IsZero() {
		at = f.clk.now()
	}
	fmt.Fprintf(f.out, "%s  %-10s  taking longer than usual: %s usually pays out within %s of the deposit (%s); give it time, and if nothing changes write to its support with the packet below\n",
		at.In(f.clk.loc).Format("2006-01-02 15:04:05"), "late", sw.Venue, longDuration(sw.UsualTime), from)
}

// longDuration says a duration of minutes or hours the short way: "25m",
// "1h", "2h30m"; below a minute as fmtDuration does.
func longDuration(d time.Duration) string {
	if d < time.Minute {
		return fmtDuration(d)
	}
	s := strings.TrimSuffix(d.Round(time.Minute).String(), "0s")
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// offerPacket prints the support packet once per follow.
func (f *swapFollower) offerPacket(ctx context.Context, sw *api.Swap) {
	if f.packet {
		return
	}
	f.packet = true
	if err := f.printPacket(ctx, sw); err != nil {
		fmt.Fprintf(f.errOut, "support packet: %v\n", err)
	}
}

// printPacket prints the swap's support packet: the venue's support
// contact (from the server's venue list, with its source), what support
// needs to find the swap, and the warning that support never writes first.
// It leaves out the swap's id here, the key to its page. A route or a
// split is several venue orders, each known only to its venue: one packet
// each, under its venue's contact and its order id.
func (f *swapFollower) printPacket(ctx context.Context, sw *api.Swap) error {
	contacts := map[string]api.Venue{}
	vctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if vs, err := f.c.Venues(vctx); err == nil {
		for _, v := range vs {
			contacts[v.ID] = v
		}
	}
	contact := func(id string) (string, swapscout.SupportContact) {
		if v, ok := contacts[id]; ok {
			return v.Name, v.Support.Contact()
		}
		return id, swapscout.SupportContact{}
	}
	w := f.out
	if kind := memberKind(sw); kind != "" && len(sw.Legs) > 0 {
		fmt.Fprintf(w, "\nsupport: this swap is %d orders, each known only to its venue; write to the venue of the %s that stalls, with its packet:\n", len(sw.Legs), kind)
		for i, l := range sw.Legs {
			name, c := contact(l.Venue)
			fmt.Fprintf(w, "\n%s %d at %s, order %s: %s\n", kind, i+1, name, dash(l.VenueOrder.ID), contactWords(name, c))
			for _, line := range l.SupportPacket(name, nil) {
				fmt.Fprintf(w, "  %-20s %s\n", line.Label+":", line.Value)
			}
		}
		_, err := fmt.Fprintf(w, "%s\n\n", swapscout.SupportWarning)
		return err
	}
	name, c := contact(sw.Venue)
	fmt.Fprintf(w, "\nsupport packet: %s Give them this:\n", contactWords(name, c))
	for _, l := range sw.SupportPacket(name, sw.History) {
		fmt.Fprintf(w, "  %-20s %s\n", l.Label+":", l.Value)
	}
	_, err := fmt.Fprintf(w, "%s\n\n", swapscout.SupportWarning)
	return err
}

// contactWords says whom to write to: the venue's documented support
// contact and its source, or that none is known.
func contactWords(name string, contact swapscout.SupportContact) string {
	switch {
	case contact.Documented():
		var ways []string
		for _, c := range []string{contact.Email, contact.URL} {
			if c != "" {
				ways = append(ways, c)
			}
		}
		return fmt.Sprintf("write to %s's support at %s (source: %s).", name, strings.Join(ways, " or "), contact.Source)
	case contact.Source != "":
		return fmt.Sprintf("%s documents no support contact that swapscout could find (%s); look for one on its own website only.", name, contact.Source)
	}
	return fmt.Sprintf("this server does not know %s's support contact; look for one on its own website only.", name)
}

// slippagePercent says a slippage fraction as a percentage: 0.005 is
// "0.5".
func slippagePercent(a swapscout.Amount) string {
	if !a.Valid() || a.Sign() <= 0 {
		a = swapscout.DefaultMaxSlippage
	}
	p := a.Mul(swapscout.AmountFromInt(100)).String()
	if strings.Contains(p, ".") {
		p = strings.TrimSuffix(strings.TrimRight(p, "0"), ".")
	}
	return p
}
