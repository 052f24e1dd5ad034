package venue

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

func TestStatusTable(t *testing.T) {
	tb := StatusTable{"wait": swapscout.StatusWaiting, "success": swapscout.StatusFinished}
	for word, want := range map[string]swapscout.SwapStatus{
		"wait": swapscout.StatusWaiting, "SUCCESS": swapscout.StatusFinished, "": swapscout.StatusUnknown, "sucess": swapscout.StatusUnknown,
	} {
		if got := tb.Status(word); got != want {
			t.Errorf("Status(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestRefusal(t *testing.T) {
	for _, tc := range []struct {
		status int
		order  string
		want   swapscout.FailureCode
	}{
		{400, "", CodeBadRequest}, {422, "x", CodeBadRequest}, {404, "x", CodeOrderNotFound}, {404, "", CodeBadRequest},
		{401, "", swapscout.CodeNotConfigured}, {403, "x", swapscout.CodeNotConfigured}, {502, "", swapscout.CodeUnavailable},
	} {
		if got := Refusal("V", tc.status, tc.order, "Invalid address"); got.Code != tc.want {
			t.Errorf("Refusal(%d, %q) = %s, want %s", tc.status, tc.order, got.Code, tc.want)
		}
	}
	e := Refusal("V", 400, "", "  bad\n"+strings.Repeat("é", 200))
	if strings.Contains(e.Msg, "\n") || len(e.Msg) > 200 || !strings.HasSuffix(e.Msg, "…") {
		t.Errorf("message not clipped to one line: %q", e.Msg)
	}
}

// TestOrderNotFoundHidesTheSecret: an order's secret stays out of the
// error, which is logged: adapters name the order by its public id.
func TestOrderNotFoundHidesTheSecret(t *testing.T) {
	ff := swapscout.OrderRef{ID: "AB12", Secret: "t0kenS3CR3T"}
	qx := swapscout.OrderRef{ID: "q-1", Secret: "t0kenS3CR3T"}
	for _, err := range []error{OrderNotFound("fixedfloat", ff.ID), Refusal("quickex", 404, qx.ID, "not found")} {
		if msg := err.Error(); strings.Contains(msg, "t0kenS3CR3T") || !strings.Contains(msg, `no order "`) {
			t.Errorf("error %q", msg)
		}
	}
}
