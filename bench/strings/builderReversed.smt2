; interproc.StringMethods.builderReversed: s.length() == 2 && new
; StringBuilder(s).reverse().charAt(0) == 'b' (FOUND s="ab"). reverse keeps
; each surrogate pair in order: the char at i is the one at j = n-1-i, or its
; pair's other half. A quantifier (the theory has no reverse).
; call: interproc.StringMethods.builderReversed s y
(set-info :status sat)
(declare-const s String)
(declare-const r String)
(declare-const y (_ BitVec 32))
(assert (jstr s))
(assert (= (str.len r) (str.len s)))
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i (str.len s)))
          (let ((j (- (str.len s) 1 i)))
            (= (code r i)
               (ite (and (low (code s j)) (high (code s (- j 1)))) (code s (- j 1))
                    (ite (and (high (code s j)) (low (code s (+ j 1)))) (code s (+ j 1))
                         (code s j))))))))
(assert (= (str.len s) 2))
(assert (> (str.len r) 0))
(assert (= (code r 0) 98))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
