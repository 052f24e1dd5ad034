package api

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"time"
)

// Server-sent events (the HTML standard's text/event-stream): the API
// streams a quote (GET /v1/quotes/stream: "offer" and "failure" events as
// venues answer, then one "quote" event) and a swap (GET
// /v1/swaps/{id}/events: a "swap" event after each change, its id the
// number of status changes so far); either may end with an "error" event.
// AppendEvent and EventWriter write them, EventReader reads them.

// AppendEvent appends one event: its name, its id when not empty, and data,
// one "data:" line per line of data (a trailing newline, as the encoders
// end their JSON with, is not a line).
func AppendEvent(dst []byte, name, id string, data []byte) []byte {
	if name != "" {
		dst = append(dst, "event: "...)
		dst = append(dst, name...)
		dst = append(dst, '\n')
	}
	if id != "" {
		dst = append(dst, "id: "...)
		dst = append(dst, id...)
		dst = append(dst, '\n')
	}
	data = bytes.TrimSuffix(data, []byte("\n"))
	for {
		line, rest, more := bytes.Cut(data, []byte("\n"))
		dst = append(dst, "data: "...)
		dst = append(dst, line...)
		dst = append(dst, '\n')
		if !more {
			break
		}
		data = rest
	}
	return append(dst, '\n')
}

// EventWriter writes events to a stream, flushing after each so the client
// sees it at once. It reuses one buffer.
type EventWriter struct {
	w     io.Writer
	flush func() error
	buf   []byte
}

// NewEventWriter returns a writer of events to w; flush, when not nil, is
// called after each write.
func NewEventWriter(w io.Writer, flush func() error) *EventWriter {
	return &EventWriter{w: w, flush: flush, buf: make([]byte, 0, 2048)}
}

// Event writes one event (AppendEvent).
func (e *EventWriter) Event(name, id string, data []byte) error {
	e.buf = AppendEvent(e.buf[:0], name, id, data)
	return e.write()
}

// EventN writes one event whose id is n.
func (e *EventWriter) EventN(name string, n int, data []byte) error {
	var id [20]byte
	return e.Event(name, string(strconv.AppendInt(id[:0], int64(n), 10)), data)
}

// Comment writes a comment line, which clients ignore: a keep-alive.
func (e *EventWriter) Comment(text string) error {
	e.buf = append(append(append(e.buf[:0], ": "...), text...), "\n\n"...)
	return e.write()
}

// Retry tells the client how long to wait before it reconnects after the
// stream is lost.
func (e *EventWriter) Retry(d time.Duration) error {
	e.buf = append(e.buf[:0], "retry: "...)
	e.buf = strconv.AppendInt(e.buf, d.Milliseconds(), 10)
	e.buf = append(e.buf, "\n\n"...)
	return e.write()
}

func (e *EventWriter) write() error {
	if _, err := e.w.Write(e.buf); err != nil {
		return err
	}
	if e.flush != nil {
		return e.flush()
	}
	return nil
}

// Event is one event read from a stream: its name ("" when it has none),
// its id ("" when none) and its data, the lines of its "data:" fields
// joined by newlines.
type Event struct {
	Name, ID string
	Data     []byte
}

// MaxEventSize is the longest line EventReader accepts: far above any
// quote or swap the API sends.
const MaxEventSize = 8 << 20

// EventReader reads events from a stream. Comments (keep-alives), "retry"
// fields and events without data are skipped; a last event the stream
// ends without its blank line is read all the same.
type EventReader struct {
	sc  *bufio.Scanner
	ev  Event
	err error
}

// NewEventReader returns a reader of the events on r.
func NewEventReader(r io.Reader) *EventReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxEventSize)
	return &EventReader{sc: sc}
}

// Next reads the next event. It returns io.EOF at the end of the stream;
// the event's Data is valid until the next call.
func (r *EventReader) Next() (Event, error) {
	if r.err != nil {
		return Event{}, r.err
	}
	r.ev = Event{Data: r.ev.Data[:0]}
	has := false
	for r.sc.Scan() {
		line := r.sc.Bytes()
		if len(line) == 0 {
			if has {
				return r.ev, nil
			}
			r.ev = Event{Data: r.ev.Data[:0]}
			continue
		}
		if line[0] == ':' {
			continue // a comment: keep-alive
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimPrefix(value, []byte(" "))
		switch string(field) {
		case "event":
			r.ev.Name = string(value)
		case "id":
			r.ev.ID = string(value)
		case "data":
			if has {
				r.ev.Data = append(r.ev.Data, '\n')
			}
			r.ev.Data = append(r.ev.Data, value...)
			has = true
		}
	}
	if r.err = r.sc.Err(); r.err == nil {
		r.err = io.EOF
	}
	if has { // a last event without its blank line
		return r.ev, nil
	}
	return Event{}, r.err
}
