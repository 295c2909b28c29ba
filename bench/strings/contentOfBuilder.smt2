; interproc.StringMethods.contentOfBuilder: s.contentEquals(new
; StringBuilder("ab")) (FOUND s="ab").
; call: interproc.StringMethods.contentOfBuilder s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (= s "ab"))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
