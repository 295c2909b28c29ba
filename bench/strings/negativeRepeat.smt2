; interproc.StringsSince11.negativeRepeat: s.repeat(n) threw
; IllegalArgumentException (FOUND s="" n=-1): a negative count.
; call: interproc.StringsSince11.negativeRepeat s n y
(set-info :status sat)
(declare-const s String)
(declare-const n (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (bvslt n #x00000000))
(assert (= y #x00000000))
(check-sat)
(get-value (s n y))
