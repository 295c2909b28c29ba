; interproc.StringMethods.trimmedLength: s.length() == 3 && s.trim().length() == 1
; (FOUND s=" a "). trim(s) = t where s = p t q, p and q chars <= ' ', and t
; empty or starting and ending with a char > ' '.
; call: interproc.StringMethods.trimmedLength s y
(set-info :status sat)
(declare-const s String)
(declare-const y (_ BitVec 32))
(declare-const p String)
(declare-const t String)
(declare-const q String)
(assert (jstr s))
(assert (= s (str.++ p t q)))
(assert (str.in_re p (re.* (re.range "\u{0}" " "))))
(assert (str.in_re q (re.* (re.range "\u{0}" " "))))
(assert (or (= t "") (and (> (code t 0) 32) (> (code t (- (str.len t) 1)) 32))))
(assert (= (str.len s) 3))
(assert (= (str.len t) 1))
(assert (= y #x00000000))
(check-sat)
(get-value (s y))
