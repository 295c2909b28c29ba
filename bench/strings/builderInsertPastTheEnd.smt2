; interproc.StringMethods.builderInsertPastTheEnd: new StringBuilder("ab")
; .insert(k, 'x') threw StringIndexOutOfBoundsException (FOUND k=3): the
; offset outside [0, length].
; call: interproc.StringMethods.builderInsertPastTheEnd k y
(set-info :status sat)
(declare-const k (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (or (< (jint k) 0) (> (jint k) (str.len "ab"))))
(assert (= y #x00000000))
(check-sat)
(get-value (k y))
