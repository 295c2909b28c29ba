; interproc.StringMethods.builderInsertAtTheEnd: new StringBuilder().insert(k,
; 'x') threw StringIndexOutOfBoundsException and k == 0 (NOT_FOUND).
; call: interproc.StringMethods.builderInsertAtTheEnd k y
(set-info :status unsat)
(declare-const k (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (or (< (jint k) 0) (> (jint k) (str.len ""))))
(assert (= k #x00000000))
(assert (= y #x00000000))
(check-sat)
(get-value (k y))
