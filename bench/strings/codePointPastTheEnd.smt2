; interproc.StringMethods.codePointPastTheEnd: s.codePointAt(s.length()) threw
; StringIndexOutOfBoundsException (FOUND s=""): it throws for i < 0 or
; i >= length.
; call: interproc.StringMethods.codePointPastTheEnd s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (let ((i (str.len s))) (or (< i 0) (>= i (str.len s)))))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
