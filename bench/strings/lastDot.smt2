; interproc.StringMethods.lastDot: s.length() == 4 && s.lastIndexOf('.') == 2
; (FOUND s="ab.c"). lastIndexOf(c) = |a| where s = a c b and b holds no c;
; -1 when s holds none.
; call: interproc.StringMethods.lastDot s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(declare-const r Int)
(declare-const a String)
(declare-const b String)
(assert (jstr s))
(assert (ite (str.contains s ".")
             (and (= s (str.++ a "." b)) (not (str.contains b ".")) (= r (str.len a)))
             (= r (- 1))))
(assert (= (str.len s) 4))
(assert (= r 2))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
