package api_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/swapscout/swapscout/api"
)

func readAll(t interface{ Fatalf(string, ...any) }, r io.Reader) []api.Event {
	var out []api.Event
	er := api.NewEventReader(r)
	for {
		ev, err := er.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("after %d events: %v", len(out), err)
		}
		ev.Data = bytes.Clone(ev.Data)
		out = append(out, ev)
	}
}

func TestReadEvents(t *testing.T) {
	in := ": keep-alive\n\nretry: 2000\n\nevent: swap\ndata: {\"a\":\ndata: 1}\n\nid: 7\ndata:x\n\nevent: lonely\n\ndata: last"
	var got []string
	for _, ev := range readAll(t, strings.NewReader(in)) {
		got = append(got, ev.Name+"|"+ev.ID+"|"+string(ev.Data))
	}
	want := []string{"swap||{\"a\":\n1}", "|7|x", "||last"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("events %q; want %q", got, want)
	}
}

// TestEventWriter: what the writer writes is what the server has always
// sent, byte for byte, and the reader reads it back.
func TestEventWriter(t *testing.T) {
	var b bytes.Buffer
	flushes := 0
	w := api.NewEventWriter(&b, func() error { flushes++; return nil })
	for _, err := range []error{
		w.Retry(2 * time.Second),
		w.EventN("swap", 3, []byte(`{"id":"s1"}`+"\n")),
		w.Comment("keep-alive"),
		w.Event("quote", "", []byte(`{"age_ms":0,"id":"q1"}`)),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	const want = "retry: 2000\n\nevent: swap\nid: 3\ndata: {\"id\":\"s1\"}\n\n: keep-alive\n\nevent: quote\ndata: {\"age_ms\":0,\"id\":\"q1\"}\n\n"
	if b.String() != want || flushes != 4 {
		t.Errorf("wrote %q with %d flushes; want %q and 4", b.String(), flushes, want)
	}
	evs := readAll(t, &b)
	if len(evs) != 2 || evs[0].Name != "swap" || evs[0].ID != "3" || string(evs[0].Data) != `{"id":"s1"}` || evs[1].Name != "quote" {
		t.Errorf("read back %+v", evs)
	}
}

// TestEventRoundTrip: any event written is read back as it was, its data
// without the trailing newline the encoders end JSON with.
func TestEventRoundTrip(t *testing.T) {
	line := rapid.StringMatching(`[^\r\n]*`)
	rapid.Check(t, func(t *rapid.T) {
		var in []api.Event
		var b []byte
		for i, n := 0, rapid.IntRange(0, 5).Draw(t, "events"); i < n; i++ {
			ev := api.Event{Name: line.Draw(t, "name"), ID: line.Draw(t, "id"), Data: []byte(rapid.StringMatching(`[^\r]*`).Draw(t, "data"))}
			b = api.AppendEvent(b, ev.Name, ev.ID, ev.Data)
			ev.Data = bytes.TrimSuffix(ev.Data, []byte("\n"))
			in = append(in, ev)
		}
		got := readAll(t, bytes.NewReader(b))
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", in) {
			t.Fatalf("read %q from %q; want %q", got, b, in)
		}
	})
}

// FuzzEventReader: whatever bytes a server sends as an event stream,
// reading them neither panics nor hangs, and an event's data comes back as
// it was sent.
func FuzzEventReader(f *testing.F) {
	f.Add([]byte("retry: 2000\n\nevent: swap\nid: 3\ndata: {}\n\n: keep-alive\n\nevent: error\ndata: {\"error\":{\"code\":1}}"))
	f.Add([]byte("data: x\r\n\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		api.DecodeSwap(b)
		api.DecodeQuote(b)
		api.DecodeError(400, b)
		n := 0
		er := api.NewEventReader(bytes.NewReader(b))
		for {
			if _, err := er.Next(); err != nil {
				break
			}
			n++
		}
		if n > len(b) {
			t.Fatalf("%d events from %d bytes", n, len(b))
		}
		if !bytes.ContainsAny(b, "\r\n") {
			var got []byte
			if ev, err := api.NewEventReader(bytes.NewReader(append([]byte("data: "), b...))).Next(); err == nil {
				got = ev.Data
			}
			if !bytes.Equal(got, b) && len(got)+len(b) > 0 && len(b) < 60<<10 {
				t.Fatalf("data %q read back as %q", b, got)
			}
		}
	})
}
