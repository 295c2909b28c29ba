; interproc.StringMethods.appendedCodePoint: new StringBuilder().appendCodePoint(cp)
; .length() == 2 (FOUND cp=0x10000): Character.charCount of a valid code point.
; call: interproc.StringMethods.appendedCodePoint cp y
(set-info :status sat)
(declare-const cp (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (valid_cp cp))
(assert (= (ite (bvsge cp #x00010000) 2 1) 2))
(assert (= y #x00000000))
(check-sat)
(get-value (cp y))
