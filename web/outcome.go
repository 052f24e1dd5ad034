package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Arrived is what the swap page shows of what arrived: a shortfall past the
// swap's slippage, the refund, the swap running late, and the support
// packet.
type Arrived struct {
	// Short: the swap finished having received less than promised by more
	// than its slippage; ShortAmount (grouped, To units) and ShortPercent
	// say by how much, Slippage what was allowed ("0.5").
	Short                     bool
	ShortAmount, ShortPercent string
	Slippage                  string
	// Refunded is the amount sent back (grouped, From units) and RefundTx
	// its transaction, where the venue reports them.
	Refunded, RefundTx string
	// Late: the swap ran past its venue's usual time from deposit to
	// payout. Usual says that time in words, UsualFrom where it comes from,
	// LateFor how long the swap has taken since its deposit was seen.
	Late                      bool
	Usual, UsualFrom, LateFor string
	Support                   SupportView
	// LegSupport, for a route or a split, each venue order's support:
	// its venue's contact, its order id and its own packet.
	LegSupport []LegSupport
}

// SupportView is the support packet: the venue's support contact and the
// lines to give it, as a block to copy.
type SupportView struct {
	Name              string
	Email, URL        string
	Source            string
	Documented, Known bool // Known: the server knows the venue's contact (or that it documents none)
	Lines             []swapscout.PacketLine
	Text              string // Lines as plain text, one "Label: value" a line
	Warning           string
}

func arrived(sw *swapscout.Swap, history []swapscout.SwapEvent, name string, now time.Time) Arrived {
	var a Arrived
	slip := sw.MaxSlippage
	if !slip.Valid() || slip.Sign() <= 0 {
		slip = swapscout.DefaultMaxSlippage
	}
	a.Slippage = percent(slip)
	if sf, ok := sw.Shortfall(); ok && sf.Short {
		a.Short, a.ShortAmount, a.ShortPercent = true, GroupDigits(sf.Missing.String()), trimPercent(sf.Percent)
	}
	if !sw.AmountRefunded.IsZero() && sw.AmountRefunded.Valid() {
		a.Refunded = GroupDigits(sw.AmountRefunded.String())
	}
	a.RefundTx = sw.RefundTx
	if sw.Late() && !sw.Status.Terminal() {
		a.Late, a.Usual = true, Duration(sw.UsualTime)
		a.UsualFrom = "the " + strconv.Itoa(sw.UsualBasis) + " swaps of " + name + " this server has seen finish"
		if sw.UsualBasis == 0 {
			a.UsualFrom = "a default: this server has seen too few swaps of " + name + " finish to know its own"
		}
		if dep, ok := swapscout.DepositSeenAt(history); ok {
			a.LateFor = Duration(now.Sub(dep))
		}
	}
	a.Support = SupportView{Name: name, Lines: sw.SupportPacket(name, history), Warning: swapscout.SupportWarning}
	a.Support.Text = packetText(a.Support.Lines)
	return a
}

// LegSupport is one venue order of a route or a split in the support
// section: whom to write to about it (its venue's contact) and with what
// (its order id and its own packet), so a user whose second leg stalls
// writes to the second venue, not the first.
type LegSupport struct {
	N       int
	Label   string // "Leg 2", "Part 1"
	Venue   string // the venue's id, for its contact
	OrderID string
	SupportView
}

// legSupport is the support section's line for each member of a composed
// swap, each with its own packet (its order's own fields, read from its
// own record).
func legSupport(sw *swapscout.Swap, names map[string]string) []LegSupport {
	if !sw.Composed() || len(sw.Legs) == 0 {
		return nil
	}
	label := "Leg "
	if sw.Compose == swapscout.ComposeSplit {
		label = "Part "
	}
	out := make([]LegSupport, len(sw.Legs))
	for i, l := range sw.Legs {
		name := nameOf(names, l.Venue)
		ls := LegSupport{N: i + 1, Label: label + strconv.Itoa(i+1), Venue: l.Venue, OrderID: l.VenueOrder.ID,
			SupportView: SupportView{Name: name, Lines: l.SupportPacket(name, nil), Warning: swapscout.SupportWarning}}
		ls.Text = packetText(ls.Lines)
		out[i] = ls
	}
	return out
}

func packetText(lines []swapscout.PacketLine) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.Label + ": " + l.Value + "\n")
	}
	return b.String()
}

// SetSupport puts the venue's support contact into the page's packet.
func (v *SwapView) SetSupport(c swapscout.SupportContact) {
	v.Support.setContact(c)
}

// SetLegSupport puts each leg's (or part's) venue's support contact,
// from contact, into its packet.
func (v *SwapView) SetLegSupport(contact func(venue string) swapscout.SupportContact) {
	for i := range v.LegSupport {
		v.LegSupport[i].setContact(contact(v.LegSupport[i].Venue))
	}
}

func (s *SupportView) setContact(c swapscout.SupportContact) {
	s.Email, s.URL, s.Source, s.Documented, s.Known = c.Email, c.URL, c.Source, c.Documented(), c.Source != ""
}

// percent says a fraction as a percentage: 0.005 is "0.5".
func percent(f swapscout.Amount) string {
	return trimPercent(f.Mul(swapscout.AmountFromInt(100)))
}

// trimPercent says a percentage with at most one decimal, no trailing zero.
func trimPercent(p swapscout.Amount) string {
	s := p.Round(1, swapscout.RoundHalfEven).String()
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	return s
}
