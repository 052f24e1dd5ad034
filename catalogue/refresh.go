package catalogue

import (
	"fmt"
	"sync"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Refresher keeps each venue's current list and republishes the catalogue
// when one changes, without a restart. A new list is vetted as the market
// lists are (venue.ListCheck: absurd decimals or no usable entry refuse it
// whole, and the last good list is kept); a list that lost more than half
// of the venue's entries is refused too, as a truncated answer rather than
// a venue retiring half its coins at once.
type Refresher struct {
	// Publish makes a merged snapshot what the catalogue lists
	// (swapscout.ReplaceListings unless a test sets it).
	Publish func(swapscout.CatalogueSnapshot) (added, retired []string)
	// Date stamps each republished snapshot ("2006-01-02" of now).
	Date func() string

	mu      sync.Mutex
	lists   []List
	parsers map[string]Parser
}

// Change is what one accepted refresh did.
type Change struct {
	Venue            string
	Listed, Mapped   int
	Added, Retired   []string // CAIP-19 ids
	Unmapped         []Unmapped
	PreviousMappings int
}

// NewRefresher starts from lists (the recorded ones the snapshot was built
// from) and reads each venue's later lists with its Source's parser (or
// its Reader's, for a venue with no recorded list).
func NewRefresher(lists []List, date func() string) *Refresher {
	r := &Refresher{Publish: swapscout.ReplaceListings, Date: date, lists: append([]List(nil), lists...),
		parsers: map[string]Parser{}}
	for _, s := range Sources {
		r.parsers[s.Venue] = s.Parse
	}
	for v, p := range Readers {
		r.parsers[v] = p
	}
	return r
}

// Update reads body as venue's list, vets it and, when it is sound,
// republishes the catalogue with it in place of the venue's last list.
func (r *Refresher) Update(venueID string, body []byte) (Change, error) {
	parse, ok := r.parsers[venueID]
	if !ok {
		return Change{}, fmt.Errorf("catalogue: no list parser for venue %q", venueID)
	}
	l, err := parse(body)
	if err != nil {
		return Change{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s currency list rejected, the last good one is kept: %v", venueID, err)
	}
	lc := venue.ListCheck{What: venueID + " currency list"}
	for _, e := range l.Entries {
		if e.Decimals != 0 {
			lc.Decimals(e.Code, e.Decimals)
		}
	}
	if err := lc.Err(len(l.Entries)); err != nil {
		return Change{}, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	i := r.index(venueID)
	prev := 0
	if i >= 0 {
		prev = len(r.lists[i].Entries)
		l.Source = r.lists[i].Source
	}
	if len(l.Entries)*2 < prev {
		return Change{}, swapscout.NewVenueError(swapscout.CodeBadResponse,
			"%s currency list rejected, the last good one is kept: %d usable entries where the last had %d", venueID, len(l.Entries), prev)
	}
	if l.Source == "" {
		l.Source = venueID + " live list"
	}
	if i >= 0 {
		r.lists[i] = l
	} else {
		r.lists = append(r.lists, l)
	}
	added, retired := r.Publish(Snapshot(r.lists, r.Date()))
	listed, mapped, _ := l.Stats()
	return Change{Venue: venueID, Listed: listed, Mapped: mapped, Added: added, Retired: retired,
		Unmapped: l.Unmapped, PreviousMappings: prev}, nil
}

func (r *Refresher) index(venueID string) int {
	for i, l := range r.lists {
		if l.Venue == venueID {
			return i
		}
	}
	return -1
}
