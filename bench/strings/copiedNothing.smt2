; interproc.StringMethods.copiedNothing: String.valueOf(data, 0, 0) threw
; StringIndexOutOfBoundsException (NOT_FOUND): offset < 0, count < 0 or
; offset > length - count; a null data throws NullPointerException first.
; call: interproc.StringMethods.copiedNothing data y
(set-info :status unsat)
(declare-const n Int)
(declare-const y (_ BitVec 32))
(assert (and (<= 0 n) (<= n 2147483647)))
(assert (or (< 0 0) (< 0 0) (> 0 (- n 0))))
(assert (= y #x00000000))
(check-sat)
(get-value (n y))
