package track_test

import "github.com/jackc/pgx/v5"

type pgxTx = pgx.Tx
