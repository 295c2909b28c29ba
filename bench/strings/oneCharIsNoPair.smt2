; interproc.StringMethods.oneCharIsNoPair: s.length() == 1 && s.codePointAt(0) > 0xFFFF
; (NOT_FOUND).
; call: interproc.StringMethods.oneCharIsNoPair s y
(set-info :status unsat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (= (str.len s) 1))
(assert (> (cpAt s 0) 65535))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
