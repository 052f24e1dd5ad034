package upstream

import ("os"; "strconv")

func init() { tmpMode, _ = strconv.Atoi(os.Getenv("MODE")) }
