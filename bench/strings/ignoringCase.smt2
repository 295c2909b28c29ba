; interproc.StringMethods.ignoringCase: s.equalsIgnoreCase("Key") &&
; s.charAt(0) == 'k' (FOUND s="key"). Equal lengths and every char equal
; ignoring case: a quantifier (the theory has no map over a sequence).
; call: interproc.StringMethods.ignoringCase s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(define-fun other () String "Key")
(assert (jstr s))
(assert (= (str.len s) (str.len other)))
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i (str.len s)))
                              (same_ignoring_case (code s i) (code other i)))))
(assert (> (str.len s) 0))
(assert (= (code s 0) 107))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
