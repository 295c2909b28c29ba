; interproc.StringMethods.joined: a.length() == 1 && String.join(",", a, b)
; .length() == 3 (FOUND a="x" b="y"; jwp: UNKNOWN, allowed). A null
; element joins as "null".
; call: interproc.StringMethods.joined a b y
(set-info :status sat)
(declare-const a String)
(declare-const b String)
(declare-const b_null Bool)
(declare-const y (_ BitVec 32))
(assert (jstr a))
(assert (jstr b))
(assert (= (str.len a) 1))
(assert (= (str.len (str.++ a "," (ite b_null "null" b))) 3))
(assert (= y #x00000000))
(check-sat)
(get-value (a b b_null y))
