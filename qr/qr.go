// Package qr draws QR codes of deposit addresses: as SVG for the web page and
// as half-block characters for a terminal. Encoding is yeqown/go-qrcode's;
// this package only draws the modules it computes.
package qr

import (
	"bytes"
	"fmt"
	"strings"

	qrcode "github.com/yeqown/go-qrcode/v2"
)

// quiet is the blank border the QR specification asks for, in modules.
const quiet = 4

// Code is an encoded QR code: Modules[y][x] is true for a dark module.
type Code struct {
	Modules [][]bool
}

// Encode encodes text (a deposit address, or a payment URI).
func Encode(text string) (*Code, error) {
	if text == "" {
		return nil, fmt.Errorf("qr: nothing to encode")
	}
	q, err := qrcode.New(text)
	if err != nil {
		return nil, fmt.Errorf("qr: %w", err)
	}
	var w grab
	if err := q.Save(&w); err != nil {
		return nil, fmt.Errorf("qr: %w", err)
	}
	return &Code{Modules: w.bits}, nil
}

// grab is a qrcode.Writer that keeps the matrix.
type grab struct{ bits [][]bool }

func (g *grab) Write(m qrcode.Matrix) error { g.bits = m.Bitmap(); return nil }
func (g *grab) Close() error                { return nil }

// Size is the number of modules per side, without the quiet zone.
func (c *Code) Size() int { return len(c.Modules) }

func (c *Code) dark(x, y int) bool {
	return y >= 0 && y < len(c.Modules) && x >= 0 && x < len(c.Modules[y]) && c.Modules[y][x]
}

// SVG draws the code as one path of unit squares on a white background, with
// the quiet zone, scaled by the viewer (no fixed size; shape-rendering keeps
// edges crisp). The output holds no text from the input.
func (c *Code) SVG() []byte {
	n := c.Size() + 2*quiet
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := range c.Modules {
		for x := 0; x < len(c.Modules[y]); x++ {
			if !c.Modules[y][x] {
				continue
			}
			run := 1 // horizontal runs of dark modules make one rectangle
			for x+run < len(c.Modules[y]) && c.Modules[y][x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run - 1
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

// Terminal draws the code with Unicode half blocks, two module rows per line,
// dark modules as spaces on a light background so it scans on dark and light
// terminals alike (it sets the colours itself with ANSI escapes when ansi is
// true; without them, it assumes dark text on a light background).
func (c *Code) Terminal(ansi bool) string {
	var b strings.Builder
	n := c.Size()
	for y := -quiet; y < n+quiet; y += 2 {
		if ansi {
			b.WriteString("\x1b[30;47m") // black on white
		}
		for x := -quiet; x < n+quiet; x++ {
			top, bottom := c.dark(x, y), c.dark(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteByte(' ')
			}
		}
		if ansi {
			b.WriteString("\x1b[0m")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
