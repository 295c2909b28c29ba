; interproc.StringMethods.appendedRange: new StringBuilder().append(s, start,
; end).length() == 2 (FOUND s="ab" start=0 end=2). A null s appends from
; "null"; IndexOutOfBoundsException unless 0 <= start <= end <= length.
; call: interproc.StringMethods.appendedRange s start end y
(set-info :status sat)
(declare-const s String)
(declare-const s_null Bool)
(declare-const start (_ BitVec 32))
(declare-const end (_ BitVec 32))
(declare-const y (_ BitVec 32))
(define-fun cs () String (ite s_null "null" s))
(assert (jstr s))
(assert (not (or (< (jint start) 0) (> (jint start) (jint end)) (> (jint end) (str.len cs)))))
(assert (= (str.len (str.substr cs (jint start) (- (jint end) (jint start)))) 2))
(assert (= y #x00000000))
(check-sat)
(get-value (s s_null start end y))
