package cex

import (
	"encoding/json"
	"testing"
)

// TestListFields: the lenient list field types read what venues send
// loosely as absent rather than fail the list, and Items leaves out the
// elements that are not objects.
func TestListFields(t *testing.T) {
	var it []struct {
		S Text `json:"s"`
		A Opt  `json:"a"`
		F Flag `json:"f"`
	}
	doc := `[{"s":"BTC","a":"0.5","f":true},{"s":12.50,"a":3,"f":"true"},{"s":null,"a":"-1","f":1},
		{"s":{},"a":"x","f":null},{"s":"E","a":null},{"s":"F","a":""}]`
	items, ok := Items[struct {
		S Text `json:"s"`
		A Opt  `json:"a"`
		F Flag `json:"f"`
	}](json.RawMessage(`[7,"x",null,` + doc[1:]))
	if !ok {
		t.Fatal("Items rejected an array")
	}
	if err := json.Unmarshal([]byte(doc), &it); err != nil {
		t.Fatalf("the lenient types failed the list: %v", err)
	}
	if len(items) != len(it)+1 { // null decodes as a zero item
		t.Fatalf("Items kept %d of %d elements, want the objects and null", len(items), len(it)+3)
	}
	want := []string{"BTC 0.5 true true", "12.5 3 true false", " 0 false false", " 0 false false", "E 0 false false", "F 0 false false"}
	for i, w := range want {
		got := string(it[i].S) + " " + it[i].A.Amount.String() + " " + map[bool]string{true: "true", false: "false"}[it[i].A.OK] + " " +
			map[bool]string{true: "true", false: "false"}[bool(it[i].F)]
		if got != w {
			t.Errorf("item %d: %q, want %q", i, got, w)
		}
	}
	if _, ok := Items[struct{}](json.RawMessage(`null`)); ok {
		t.Error("Items took null for an array")
	}
}
