; interproc.StringMethods.appendedRangeOutOfBounds: new StringBuilder().append(s,
; 0, end) threw IndexOutOfBoundsException (FOUND s="" end=1).
; call: interproc.StringMethods.appendedRangeOutOfBounds s end y
(set-info :status sat)
(declare-const s String)
(declare-const s_null Bool)
(declare-const end (_ BitVec 32))
(declare-const y (_ BitVec 32))
(define-fun cs () String (ite s_null "null" s))
(assert (jstr s))
(assert (or (< 0 0) (> 0 (jint end)) (> (jint end) (str.len cs))))
(assert (= y #x00000000))
(check-sat)
(get-value (s s_null end y))
