; interproc.StringMethods.invalidCodePoint: appendCodePoint(cp) threw
; IllegalArgumentException (FOUND cp=0x110000).
; call: interproc.StringMethods.invalidCodePoint cp y
(set-info :status sat)
(declare-const cp (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (not (valid_cp cp)))
(assert (= y #x00000000))
(check-sat)
(get-value (cp y))
