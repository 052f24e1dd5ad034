package godex
import ("testing";"encoding/json";"github.com/swapscout/swapscout")
func TestX(t *testing.T){
 for _, s := range []string{"1e-8","100","0.000000001","12345678901234567890.5"} {
  a := swapscout.MustAmount(s); b,_ := json.Marshal(struct{A json.Number}{json.Number(a.String())}); t.Log(s, a.String(), string(b))
 }
}
