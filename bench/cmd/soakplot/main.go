// Command soakplot draws soak.sh's CSV (seconds, RSS, goroutines, open fds,
// one row per sample) as a PNG of three stacked panels and prints each
// series' least-squares trend over the second half of the run, the verdict
// on "no growth".
//
//	go run ./cmd/soakplot -in OUT/soak.csv -out OUT/soak.png
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

func main() {
	in := flag.String("in", "soak.csv", "CSV written by soak.sh")
	out := flag.String("out", "soak.png", "PNG to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "soakplot:", err)
		os.Exit(1)
	}
}

type series struct {
	name, unit string
	scale      float64
	col        int
	ys         []float64
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return err
	}
	if len(rows) < 3 {
		return fmt.Errorf("%s: need a header and two samples", in)
	}
	ss := []*series{{name: "RSS", unit: "MB", scale: 1.0 / 1024, col: 1}, {name: "goroutines", scale: 1, col: 2}, {name: "open fds", scale: 1, col: 3}}
	var xs []float64
	for _, r := range rows[1:] {
		x, err := strconv.ParseFloat(r[0], 64)
		if err != nil {
			return err
		}
		xs = append(xs, x)
		for _, s := range ss {
			y, err := strconv.ParseFloat(r[s.col], 64)
			if err != nil {
				return err
			}
			s.ys = append(s.ys, y*s.scale)
		}
	}
	const W, H, panelH, left, top = 900, 660, 200, 70, 20
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	colors := []color.RGBA{{200, 40, 40, 255}, {40, 90, 200, 255}, {30, 140, 60, 255}}
	for i, s := range ss {
		y0 := top + i*(panelH+15)
		box := image.Rect(left, y0, W-20, y0+panelH-20)
		frame(img, box)
		lo, hi := minMax(s.ys)
		if hi == lo {
			hi = lo + 1
		}
		lo, hi = lo-(hi-lo)*0.1, hi+(hi-lo)*0.1
		if lo < 0 {
			lo = 0
		}
		xmax := xs[len(xs)-1]
		px := func(x float64) int { return box.Min.X + int(x/xmax*float64(box.Dx()-1)) }
		py := func(y float64) int { return box.Max.Y - 1 - int((y-lo)/(hi-lo)*float64(box.Dy()-1)) }
		for j := 1; j < len(xs); j++ {
			line(img, px(xs[j-1]), py(s.ys[j-1]), px(xs[j]), py(s.ys[j]), colors[i])
		}
		slope := trend(xs, s.ys)
		label(img, box.Min.X+6, box.Min.Y+14, fmt.Sprintf("%s%s: first %.1f, last %.1f, min %.1f, max %.1f; trend over 2nd half %+.3f/min",
			s.name, unitOf(s.unit), s.ys[0], s.ys[len(s.ys)-1], minOf(s.ys), maxOf(s.ys), slope*60))
		label(img, 4, box.Min.Y+8, fmt.Sprintf("%.0f", hi))
		label(img, 4, box.Max.Y, fmt.Sprintf("%.0f", lo))
		fmt.Printf("%-10s first %8.1f  last %8.1f  max %8.1f  trend (2nd half) %+8.3f%s/min\n", s.name, s.ys[0], s.ys[len(s.ys)-1], maxOf(s.ys), slope*60, unitOf(s.unit))
	}
	label(img, left, H-8, fmt.Sprintf("seconds 0 to %.0f, one sample per 10 s", xs[len(xs)-1]))
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := png.Encode(o, img); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}

func unitOf(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

// trend is the least-squares slope of the second half (after warm-up), per second.
func trend(xs, ys []float64) float64 {
	xs, ys = xs[len(xs)/2:], ys[len(ys)/2:]
	var sx, sy, sxx, sxy float64
	n := float64(len(xs))
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

func minMax(v []float64) (float64, float64) { return minOf(v), maxOf(v) }

func minOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func maxOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

func frame(img *image.RGBA, r image.Rectangle) {
	gray := color.RGBA{160, 160, 160, 255}
	for x := r.Min.X; x < r.Max.X; x++ {
		img.Set(x, r.Min.Y, gray)
		img.Set(x, r.Max.Y-1, gray)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		img.Set(r.Min.X, y, gray)
		img.Set(r.Max.X-1, y, gray)
	}
}

func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	e := dx + dy
	for {
		img.Set(x0, y0, c)
		img.Set(x0, y0+1, c)
		if x0 == x1 && y0 == y1 {
			return
		}
		if e2 := 2 * e; e2 >= dy {
			e += dy
			x0 += sx
		} else {
			e += dx
			y0 += sy
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func label(img *image.RGBA, x, y int, s string) {
	d := font.Drawer{Dst: img, Src: image.Black, Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}
