; interproc.StringMethods.replacedChar: s.charAt(0) == 'a' &&
; s.replace('a', 'b').equals("bb") (FOUND s="ab"). Each char mapped, a
; quantifier: as replace_all of the one-char pattern, Z3 4.8.12 answers
; unknown ("incomplete (theory seq)").
; call: interproc.StringMethods.replacedChar s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (> (str.len s) 0))
(assert (= (code s 0) 97))
(declare-const r String)
(assert (= (str.len r) (str.len s)))
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i (str.len s)))
                              (= (code r i) (ite (= (code s i) 97) 98 (code s i))))))
(assert (= r "bb"))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
