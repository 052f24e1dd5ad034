package upstream

import "os"

func init() { tmpUseAfterFunc = os.Getenv("AFTERFUNC") == "1" }
