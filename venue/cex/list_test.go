package cex

import (
	"errors"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestList: the array at the path decodes item by item; anything else is
// bad_response, the venue and the list named.
func TestList(t *testing.T) {
	type item struct {
		S Text `json:"s"`
	}
	for _, c := range []struct {
		body string
		path []string
		want int // items, or -1 for bad_response
	}{
		{`[{"s":"a"},{"s":"b"}]`, nil, 2},
		{`{"data":[{"s":"a"},7,{"s":"b"}]}`, []string{"data"}, 2}, // 7 is not an item
		{`{"result":{"list":[{"s":"a"}]}}`, []string{"result", "list"}, 1},
		{`{"result":null}`, []string{"result", "list"}, -1},
		{`{"data":{"s":"a"}}`, []string{"data"}, -1},
		{`{"other":[]}`, []string{"data"}, -1},
		{`not json`, []string{"data"}, -1},
		{`{"s":"a"}`, nil, -1},
	} {
		items, err := List[item]([]byte(c.body), "Venue", "things", c.path...)
		var ve *swapscout.VenueError
		switch {
		case c.want < 0 && (!errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse):
			t.Errorf("List(%s, %v) = %v, want bad_response", c.body, c.path, err)
		case c.want >= 0 && (err != nil || len(items) != c.want):
			t.Errorf("List(%s, %v) = %v, %v, want %d items", c.body, c.path, items, err, c.want)
		}
	}
}
