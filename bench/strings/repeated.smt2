; interproc.StringsSince11.repeated: n == 3 && s.repeat(n).length() == 6
; (FOUND s="ab" n=3). repeat: IllegalArgumentException for n < 0, "" for
; n == 0 or an empty s, s for n == 1, OutOfMemoryError past
; Integer.MAX_VALUE chars, else n copies (a quantifier: the theory has no
; repeat; |s| * n is nonlinear for a symbolic n).
; call: interproc.StringsSince11.repeated s n y
(set-info :status sat)
(declare-const s String)
(declare-const n (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const r String)
(assert (jstr s))
(assert (= n #x00000003))
(assert (not (bvslt n #x00000000)))
(assert (not (> (* (str.len s) (jint n)) 2147483647)))
(assert (ite (or (= (jint n) 0) (= (str.len s) 0)) (= r "")
          (ite (= (jint n) 1) (= r s)
               (and (= (str.len r) (* (str.len s) (jint n)))
                    (forall ((i Int)) (=> (and (<= 0 i) (< i (str.len r)))
                                          (= (code r i) (code s (mod i (str.len s))))))))))
(assert (= (str.len r) 6))
(assert (= y #x00000000))
(check-sat)
(get-value (s n y))
