package qr

import (
	"encoding/xml"
	"strings"
	"testing"
)

// finder reports whether a 7×7 finder pattern (dark ring, light ring, dark
// 3×3 core) sits with its top-left module at (x, y).
func finder(c *Code, x0, y0 int) bool {
	for y := 0; y < 7; y++ {
		for x := 0; x < 7; x++ {
			ring := x == 0 || y == 0 || x == 6 || y == 6
			core := x >= 2 && x <= 4 && y >= 2 && y <= 4
			if c.dark(x0+x, y0+y) != (ring || core) {
				return false
			}
		}
	}
	return true
}

func TestEncodeShape(t *testing.T) {
	for _, text := range []string{
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
		"44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
	} {
		c, err := Encode(text)
		if err != nil {
			t.Fatalf("Encode(%q): %v", text, err)
		}
		n := c.Size()
		if n < 21 || (n-21)%4 != 0 {
			t.Fatalf("%q: %d modules per side is not a QR version's size", text, n)
		}
		for _, row := range c.Modules {
			if len(row) != n {
				t.Fatalf("%q: ragged matrix", text)
			}
		}
		if !finder(c, 0, 0) || !finder(c, n-7, 0) || !finder(c, 0, n-7) {
			t.Errorf("%q: finder patterns missing", text)
		}
		if finder(c, n-7, n-7) {
			t.Errorf("%q: a fourth finder pattern", text)
		}
	}
}

func TestEncodeEmpty(t *testing.T) {
	if _, err := Encode(""); err == nil {
		t.Fatal("Encode(\"\") succeeded")
	}
}

func TestSVG(t *testing.T) {
	c, err := Encode("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
	if err != nil {
		t.Fatal(err)
	}
	svg := c.SVG()
	var doc struct {
		XMLName xml.Name
		ViewBox string `xml:"viewBox,attr"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatalf("SVG is not XML: %v", err)
	}
	if doc.XMLName.Local != "svg" || doc.ViewBox == "" {
		t.Fatalf("root %q viewBox %q", doc.XMLName.Local, doc.ViewBox)
	}
	if strings.Contains(string(svg), "bc1q") {
		t.Error("SVG carries the input text")
	}
}

func TestTerminal(t *testing.T) {
	c, err := Encode("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
	if err != nil {
		t.Fatal(err)
	}
	out := c.Terminal(false)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	side := c.Size() + 2*quiet
	if want := (side + 1) / 2; len(lines) != want {
		t.Fatalf("%d lines, want %d", len(lines), want)
	}
	for _, l := range lines {
		if n := len([]rune(l)); n != side {
			t.Fatalf("line of %d cells, want %d", n, side)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Error("escape codes without ansi")
	}
	if !strings.Contains(c.Terminal(true), "\x1b[0m") {
		t.Error("no reset with ansi")
	}
}
