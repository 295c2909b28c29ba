; interproc.StringMethods.validCodePointRejected: appendCodePoint(cp) threw
; IllegalArgumentException and 0 <= cp <= 0x10FFFF (NOT_FOUND).
; call: interproc.StringMethods.validCodePointRejected cp y
(set-info :status unsat)
(declare-const cp (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (not (valid_cp cp)))
(assert (and (bvsge cp #x00000000) (bvsle cp #x0010ffff)))
(assert (= y #x00000000))
(check-sat)
(get-value (cp y))
