; interproc.StringsSince11.nonNegativeRepeat: s.repeat(n) threw
; IllegalArgumentException and n >= 0 (NOT_FOUND).
; call: interproc.StringsSince11.nonNegativeRepeat s n y
(set-info :status unsat)
(declare-const s String)
(declare-const n (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (bvslt n #x00000000))
(assert (bvsge n #x00000000))
(assert (= y #x00000000))
(check-sat)
(get-value (s n y))
