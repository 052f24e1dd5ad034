package httpapi

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/web"
)

// errNoBoard answers the board without a swap database to compute it from.
var errNoBoard = swapscout.Errorf(swapscout.EUNAVAILABLE, "the outcome board is not available on this server (it has no swap database)")

// board is this instance's board and the imported ones, in the API's form.
func (d *deps) board(r *Request) (*swapscout.Board, api.Board, error) {
	if d.Board == nil {
		return nil, api.Board{}, errNoBoard
	}
	b, err := d.Board(r.Ctx)
	if err != nil {
		return nil, api.Board{}, err
	}
	out := api.NewBoard(b)
	if d.ImportedBoards != nil {
		out.Imported = d.ImportedBoards()
	}
	return b, out, nil
}

func handleBoard(d *deps) Action {
	return func(r *Request) (Response, error) {
		_, b, err := d.board(r)
		if err != nil {
			return Response{}, err
		}
		return jsonOK(api.AppendBoard(nil, b))
	}
}

// pageBoard serves the board as a page.
func pageBoard(d *deps) Action {
	return func(r *Request) (Response, error) {
		b, ab, err := d.board(r)
		if err != nil {
			return Response{}, err
		}
		names := map[string]string{}
		for _, v := range d.Venues() {
			names[v.ID] = v.Name
		}
		page := web.BoardPage{Window: web.Duration(b.Window), At: web.When(b.At), Venues: web.NewBoardRows(b.Venues, names),
			Groups: web.NewBoardGroupRows(b.Groups, names)}
		for _, im := range ab.Imported {
			dom := im.Domain()
			ib := web.ImportedBoard{Instance: im.Instance, Key: im.PublicKey, At: web.When(im.At), Window: web.Duration(dom.Window)}
			ib.Venues, ib.Groups = web.NewBoardRows(dom.Venues, names), web.NewBoardGroupRows(dom.Groups, names)
			page.Imported = append(page.Imported, ib)
		}
		return d.render(r, 200, "board", page)
	}
}
